//! `connect4`: the engine on the command line.

mod bench;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Connect Four engine: solve positions, benchmark the solver.
#[derive(Parser)]
#[command(name = "connect4", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve positions read from stdin, one move string per line.
    Solve(solve::Args),
    /// Solve every position of benchmark files and compare with their scores.
    Bench(bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Bench(args) => bench::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
