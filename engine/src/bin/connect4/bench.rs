//! `connect4 bench`: the solver over benchmark files, with the figures the
//! reference solver's table uses.

use std::error::Error;
use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use engine::{Mode, Solver};

use crate::solve::parse;

#[derive(clap::Args)]
pub struct Args {
    /// Files of `<moves> <score>` lines.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Only the first N positions of each file.
    #[arg(long)]
    limit: Option<usize>,
    /// Win/draw/loss only (compares signs).
    #[arg(long)]
    weak: bool,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 8)]
    table_mb: usize,
    /// Keep the table between positions (the reference clears it).
    #[arg(long)]
    keep_table: bool,
    /// Answer positions in this opening book from the book.
    #[arg(long)]
    book: Option<PathBuf>,
}

pub fn run(args: &Args) -> Result<ExitCode, Box<dyn Error>> {
    let mut solver = Solver::with_table_bytes(args.table_mb << 20);
    if let Some(path) = &args.book {
        solver.set_book(Some(std::sync::Arc::new(crate::book::load(path)?)));
    }
    let mode = if args.weak { Mode::Weak } else { Mode::Strong };
    let mut any_wrong = false;
    println!(
        "{:<28} {:>9} {:>14} {:>14} {:>12} {:>6}",
        "file", "positions", "mean µs", "mean nodes", "Knodes/s", "wrong"
    );
    for path in &args.files {
        let text =
            fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut positions = Vec::new();
        for (number, line) in text
            .lines()
            .enumerate()
            .take(args.limit.unwrap_or(usize::MAX))
        {
            let at = || format!("{}:{}", path.display(), number + 1);
            let mut fields = line.split_whitespace();
            let (Some(moves), Some(expected)) = (fields.next(), fields.next()) else {
                return Err(format!("{}: expected `<moves> <score>`", at()).into());
            };
            let expected: i32 = expected
                .parse()
                .map_err(|_| format!("{}: bad score {expected:?}", at()))?;
            let board = parse(moves).map_err(|e| format!("{}: {e}", at()))?;
            positions.push((number, board, expected));
        }
        // Warm up caches, page tables and (under Wasm) the compiled code on
        // a few positions, untimed, as benchmark harnesses do.
        for (_, board, _) in positions.iter().take(10) {
            solver.clear();
            solver.solve(board.position());
        }
        // The clock covers the solve only, not the clearing of the table,
        // as in the reference figures.
        let (mut wrong, mut nodes, mut micros) = (0u64, 0u64, 0f64);
        for (number, board, expected) in &positions {
            if !args.keep_table {
                solver.clear();
            }
            let start = Instant::now();
            let (score, expected) = match mode {
                Mode::Strong => (solver.solve(board.position()), *expected),
                Mode::Weak => (solver.solve_weak(board.position()), expected.signum()),
            };
            micros += start.elapsed().as_secs_f64() * 1e6;
            nodes += solver.nodes();
            if score != expected {
                wrong += 1;
                eprintln!(
                    "{}:{}: {board}: got {score}, expected {expected}",
                    path.display(),
                    number + 1
                );
            }
        }
        let count = positions.len() as u64;
        any_wrong |= wrong > 0;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let n = count.max(1) as f64;
        println!(
            "{:<28} {:>9} {:>14.1} {:>14.0} {:>12.0} {:>6}",
            name,
            count,
            micros / n,
            nodes as f64 / n,
            nodes as f64 / micros.max(1e-9) * 1e3,
            wrong
        );
    }
    Ok(if any_wrong {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
