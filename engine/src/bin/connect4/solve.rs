//! `connect4 solve`: scores for positions read from stdin.

use std::error::Error;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use engine::{Board, Mode};

#[derive(clap::Args)]
pub struct Args {
    /// Only win (1), draw (0) or loss (-1).
    #[arg(long)]
    weak: bool,
    /// The score of every column instead of the position's (X: full).
    #[arg(long)]
    analyze: bool,
    /// Append the nodes searched and the microseconds taken.
    #[arg(long)]
    stats: bool,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = engine::solver::DEFAULT_TABLE_BYTES >> 20)]
    table_mb: usize,
    #[command(flatten)]
    data: crate::data::DataArgs,
}

pub fn run(args: &Args) -> Result<ExitCode, Box<dyn Error>> {
    let mut solver = crate::data::solver(&args.data.load()?, args.table_mb);
    let mode = if args.weak { Mode::Weak } else { Mode::Strong };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let line = line?;
        let moves = line.split_whitespace().next().unwrap_or("");
        let board = match parse(moves) {
            Ok(board) => board,
            Err(reason) => {
                out.flush()?;
                eprintln!("error: line {}: {reason}", number + 1);
                failed = true;
                continue;
            }
        };
        let start = Instant::now();
        let answer = if args.analyze {
            solver
                .analyze(board.position(), mode)
                .iter()
                .map(|s| s.map_or_else(|| "X".to_string(), |s| s.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            let score = match mode {
                Mode::Strong => solver.solve(board.position()),
                Mode::Weak => solver.solve_weak(board.position()),
            };
            score.to_string()
        };
        let micros = start.elapsed().as_micros();
        write!(out, "{moves} {answer}")?;
        if args.stats {
            write!(out, " {} {micros}", solver.nodes())?;
        }
        writeln!(out)?;
        // Piped use: each answer appears as soon as it is known.
        out.flush()?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A board to solve: a legal move string of a game still in progress.
pub fn parse(moves: &str) -> Result<Board, String> {
    let board: Board = moves.parse().map_err(|e| format!("{e}"))?;
    if let Some(winner) = board.winner() {
        return Err(format!("the game is already over: the {winner} has won"));
    }
    if board.is_over() {
        return Err("the game is already over: the board is full".into());
    }
    Ok(board)
}
