//! `connect4`: the engine on the command line.

mod bench;
mod book;
mod data;
mod matches;
mod play;
mod players;
mod review;
mod shell;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Connect Four engine: solve positions, benchmark the solver, play.
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
    /// The classic command shell (human X against the machine O).
    Shell,
    /// Play a game in the terminal against a computer level.
    Play(play::Args),
    /// Two computer players against each other.
    Match(matches::Args),
    /// Every move of games read from stdin marked by the perfect analysis.
    Review(review::Args),
    /// Opening books: generate, verify, check against the UCI data set.
    #[command(subcommand)]
    Book(book::Command),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Shell => shell::run().map(|()| ExitCode::SUCCESS).map_err(Into::into),
        Command::Play(args) => play::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Book(command) => book::run(&command),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
