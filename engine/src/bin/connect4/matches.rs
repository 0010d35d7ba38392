//! `connect4 match`: two players against each other, alternating the opener.

use std::error::Error;
use std::process::ExitCode;
use std::time::Instant;

use engine::player::Player;
use engine::{Board, Side};

use crate::players::PlayerArg;

#[derive(clap::Args)]
pub struct Args {
    /// Player A: a level (`random`, `easy`, `medium`, `hard`, `perfect`,
    /// `adaptive`, `classic1`..`classic5`, with `:defensive` or `:aggressive`)
    /// or a PlayerConfig JSON file.
    a: PlayerArg,
    /// Player B, as A.
    b: PlayerArg,
    /// Games to play; A opens the odd ones (1st, 3rd, ...).
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Seed of both players' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print every game's moves.
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    data: crate::data::DataArgs,
}

#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    wins_as_opener: u32,
    losses_as_opener: u32,
    moves: u32,
    seconds: f64,
    slowest_ms: f64,
}

pub fn run(args: &Args) -> Result<ExitCode, Box<dyn Error>> {
    let mut players = [
        Player::new(args.a.config.clone(), args.seed.wrapping_mul(2)),
        Player::new(args.b.config.clone(), args.seed.wrapping_mul(2) + 1),
    ];
    let solved = args.data.load()?;
    for player in &mut players {
        player.use_solved(&solved);
    }
    let mut tallies = [Tally::default(), Tally::default()];
    for game in 0..args.games {
        let opener = (game % 2) as usize;
        let mut board = Board::new();
        while !board.is_over() {
            let side = if board.side_to_move() == Side::First {
                opener
            } else {
                1 - opener
            };
            let start = Instant::now();
            let decision = players[side].choose(&board)?;
            let seconds = start.elapsed().as_secs_f64();
            board.play(decision.column)?;
            let t = &mut tallies[side];
            t.moves += 1;
            t.seconds += seconds;
            t.slowest_ms = t.slowest_ms.max(seconds * 1000.0);
        }
        let winner = board
            .winner()
            .map(|w| if w == Side::First { opener } else { 1 - opener });
        for (i, t) in tallies.iter_mut().enumerate() {
            match winner {
                None => t.draws += 1,
                Some(w) if w == i => {
                    t.wins += 1;
                    t.wins_as_opener += u32::from(i == opener);
                }
                Some(_) => {
                    t.losses += 1;
                    t.losses_as_opener += u32::from(i == opener);
                }
            }
        }
        for (i, p) in players.iter_mut().enumerate() {
            p.game_over(winner.map(|w| w == i));
        }
        if args.verbose {
            let result = match winner {
                None => "draw".to_string(),
                Some(w) => format!("{} wins", [&args.a.name, &args.b.name][w]),
            };
            println!(
                "game {:>4}: {} opens, {result}: {board}",
                game + 1,
                [&args.a.name, &args.b.name][opener]
            );
        }
    }
    println!(
        "{:<24} {:>5} {:>5} {:>6} {:>14} {:>16} {:>13} {:>11}",
        "player",
        "wins",
        "draws",
        "losses",
        "won as opener",
        "lost as opener",
        "mean move ms",
        "slowest ms"
    );
    for (name, t) in [&args.a.name, &args.b.name].iter().zip(&tallies) {
        println!(
            "{:<24} {:>5} {:>5} {:>6} {:>14} {:>16} {:>13.3} {:>11.1}",
            name,
            t.wins,
            t.draws,
            t.losses,
            t.wins_as_opener,
            t.losses_as_opener,
            t.seconds * 1000.0 / f64::from(t.moves.max(1)),
            t.slowest_ms
        );
    }
    println!(
        "result: {} {} {}",
        tallies[0].wins, tallies[0].draws, tallies[1].wins
    );
    Ok(ExitCode::SUCCESS)
}
