//! `connect4 play`: a readable game in the terminal against any level.

use std::error::Error;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use engine::player::{Fact, Player};
use engine::{Board, Side, Status};

use crate::players::PlayerArg;

#[derive(clap::Args)]
pub struct Args {
    /// The computer's level (e.g. `hard`, `easy:aggressive`, `classic4`) or a
    /// PlayerConfig JSON file.
    level: PlayerArg,
    /// Who opens: `me`, `computer` or `random`.
    #[arg(long, default_value = "me")]
    first: String,
    /// Seed of the computer's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    data: crate::data::DataArgs,
}

pub fn run(args: &Args) -> Result<ExitCode, Box<dyn Error>> {
    let mut computer = Player::new(args.level.config.clone(), args.seed);
    computer.use_solved(&args.data.load()?);
    let human = match args.first.as_str() {
        "me" => Side::First,
        "computer" => Side::Second,
        "random" => {
            if args.seed.is_multiple_of(2) {
                Side::First
            } else {
                Side::Second
            }
        }
        other => {
            return Err(format!("--first must be me, computer or random, not {other:?}").into());
        }
    };
    let mut board = Board::new();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "You play X against {}. Type a column number, u to undo, q to quit.",
        args.level.name
    )?;
    while !board.is_over() {
        writeln!(out, "\n{}", picture(&board, human))?;
        if board.side_to_move() == human {
            write!(out, "Your move (1-{}): ", board.geometry().columns())?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                return Ok(ExitCode::SUCCESS);
            }
            let answer = line.trim();
            match answer {
                "q" | "quit" => return Ok(ExitCode::SUCCESS),
                "u" | "undo" => {
                    let back = if board.plies() >= 2 { 2 } else { board.plies() };
                    board.undo(back);
                    if board.side_to_move() != human {
                        board.undo(1);
                    }
                    continue;
                }
                _ => {}
            }
            match answer.parse::<usize>() {
                Ok(c) if c >= 1 => {
                    if let Err(e) = board.play(c - 1) {
                        writeln!(out, "Not possible: {e}.")?;
                    }
                }
                _ => writeln!(out, "Please type a column number, u or q.")?,
            }
        } else {
            let start = Instant::now();
            let decision = computer.choose(&board)?;
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            board.play(decision.column)?;
            writeln!(
                out,
                "Computer plays column {} (depth {}, {} nodes, {ms:.1} ms).",
                decision.column + 1,
                decision.depth,
                decision.nodes
            )?;
            for fact in &decision.facts {
                writeln!(out, "  {}", narrate(fact))?;
            }
        }
    }
    writeln!(out, "\n{}", picture(&board, human))?;
    let result = match board.status() {
        Status::Won(side) if side == human => "You won!",
        Status::Won(_) => "The computer won.",
        _ => "Draw.",
    };
    writeln!(out, "{result} Moves: {board}")?;
    computer.game_over(board.winner().map(|w| w != human));
    Ok(ExitCode::SUCCESS)
}

fn picture(board: &Board, human: Side) -> String {
    let g = board.geometry();
    let mut text = String::new();
    for r in (0..g.rows()).rev() {
        let row: Vec<&str> = (0..g.columns())
            .map(|c| match board.cell(c, r) {
                None => ".",
                Some(s) if s == human => "X",
                Some(_) => "O",
            })
            .collect();
        text.push_str(&format!("| {} |\n", row.join(" ")));
    }
    let numbers: Vec<String> = (1..=g.columns()).map(|c| c.to_string()).collect();
    text.push_str(&format!("  {}", numbers.join(" ")));
    text
}

/// The computer's thought about its move, in a sentence.
pub fn narrate(fact: &Fact) -> String {
    match fact {
        Fact::WinsNow => "This move wins.".into(),
        Fact::WinsIn { stones } => format!("I can win with {stones} more stones."),
        Fact::LosesIn { stones } => format!("With your best play you win in {stones} stones."),
        Fact::Draw => "With best play this is a draw.".into(),
        Fact::MustBlock { column } => format!("I must block column {}.", column + 1),
        Fact::CreatesThreats { count } => format!("This move creates {count} threats."),
        Fact::EveryOtherMoveLoses => "Every other move loses.".into(),
        Fact::Unsolved { seconds } => {
            format!(
                "The perfect analysis was not done after {seconds} s; a heuristic search chose."
            )
        }
        Fact::RandomMove => "I'll let you have a chance...".into(),
    }
}
