//! `connect4 review`: every move of finished (or unfinished) games marked
//! by the perfect analysis.

use std::error::Error;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use engine::review::{Mark, decided_at, review};
use engine::{Board, Flow};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    data: crate::data::DataArgs,
}

pub fn run(args: &Args) -> Result<ExitCode, Box<dyn Error>> {
    let mut solver = crate::data::solver(&args.data.load()?, 8);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let line = line?;
        let moves = line.split_whitespace().next().unwrap_or("");
        let game: Board = match moves.parse() {
            Ok(game) => game,
            Err(e) => {
                eprintln!("error: line {}: {e}", number + 1);
                failed = true;
                continue;
            }
        };
        let reviewed = review(&game, &mut solver, &mut |_| Flow::Continue)?;
        match decided_at(&reviewed) {
            Some(i) => writeln!(out, "{moves}: decided by move {}", i + 1)?,
            None => writeln!(out, "{moves}: no mistake, perfect play decided it")?,
        }
        for (i, m) in reviewed.iter().enumerate() {
            let mark = match m.mark {
                Mark::Best => "best".to_string(),
                Mark::Good => "good".to_string(),
                Mark::Mistake { better } => {
                    format!("mistake, column {} would have kept the result", better + 1)
                }
            };
            writeln!(
                out,
                "{:>3}. column {}: {mark} (score {}, best {})",
                i + 1,
                m.column + 1,
                m.played,
                m.best
            )?;
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
