//! `connect4 bench`: the solver over benchmark files, with the figures the
//! reference solver's table uses.

use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use engine::{Board, Mode, Solver};

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
    #[arg(long, default_value_t = engine::solver::DEFAULT_TABLE_BYTES >> 20)]
    table_mb: usize,
    /// Keep the table between positions (the reference clears it).
    #[arg(long)]
    keep_table: bool,
    #[command(flatten)]
    data: crate::data::DataArgs,
}

pub fn run(args: &Args) -> Result<ExitCode, Box<dyn Error>> {
    let data = args.data.load()?;
    // With the database, every file runs twice: the solver alone, then
    // stopping at the database, so one run shows both.
    let mut setups = vec![("no", data.clone().with_database(None))];
    if data.database().is_some() {
        setups.push(("yes", data));
    }
    let mode = if args.weak { Mode::Weak } else { Mode::Strong };
    let mut any_wrong = false;
    println!(
        "{:<28} {:>8} {:>9} {:>14} {:>14} {:>12} {:>6}",
        "file", "database", "positions", "mean µs", "mean nodes", "Knodes/s", "wrong"
    );
    for path in &args.files {
        let positions = read_positions(path, args.limit)?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        for (label, data) in &setups {
            let mut solver = crate::data::solver(data, args.table_mb);
            let result = measure(&mut solver, &positions, mode, args.keep_table, path);
            any_wrong |= result.wrong > 0;
            let n = positions.len().max(1) as f64;
            println!(
                "{:<28} {:>8} {:>9} {:>14.1} {:>14.0} {:>12.0} {:>6}",
                name,
                label,
                positions.len(),
                result.micros / n,
                result.nodes as f64 / n,
                result.nodes as f64 / result.micros.max(1e-9) * 1e3,
                result.wrong
            );
        }
    }
    Ok(if any_wrong {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A benchmark file's position: line number, board and expected score.
type Case = (usize, Board, i32);

fn read_positions(path: &Path, limit: Option<usize>) -> Result<Vec<Case>, Box<dyn Error>> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate().take(limit.unwrap_or(usize::MAX)) {
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
    Ok(positions)
}

struct Measured {
    wrong: u64,
    nodes: u64,
    micros: f64,
}

fn measure(
    solver: &mut Solver,
    positions: &[Case],
    mode: Mode,
    keep_table: bool,
    path: &Path,
) -> Measured {
    // Warm up caches, page tables and (under Wasm) the compiled code on
    // a few positions, untimed, as benchmark harnesses do.
    for (_, board, _) in positions.iter().take(10) {
        solver.clear();
        solver.solve(board.position());
    }
    // The clock covers the solve only, not the clearing of the table,
    // as in the reference figures.
    let mut m = Measured {
        wrong: 0,
        nodes: 0,
        micros: 0.0,
    };
    for (number, board, expected) in positions {
        if !keep_table {
            solver.clear();
        }
        let start = Instant::now();
        let (score, expected) = match mode {
            Mode::Strong => (solver.solve(board.position()), *expected),
            Mode::Weak => (solver.solve_weak(board.position()), expected.signum()),
        };
        m.micros += start.elapsed().as_secs_f64() * 1e6;
        m.nodes += solver.nodes();
        if score != expected {
            m.wrong += 1;
            eprintln!(
                "{}:{}: {board}: got {score}, expected {expected}",
                path.display(),
                number + 1
            );
        }
    }
    m
}
