//! Benchmark of the computer levels: the time each non-perfect level takes
//! per move over many positions (the worst case matters: a visitor waits for
//! it), and the size of the search trace the app receives.
//!
//! `adaptive@9` is the adaptive level at its full strength (depth 9), the
//! slowest it gets.
//!
//! ```text
//! cargo run --release --example levels [-- <positions per file>]
//! ```

use std::time::Instant;

use engine::Board;
use engine::player::{AdaptiveConfig, LevelSpec, Player, PlayerConfig};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pons");
const FILES: [&str; 6] = [
    "Test_L3_R1",
    "Test_L2_R1",
    "Test_L2_R2",
    "Test_L1_R1",
    "Test_L1_R2",
    "Test_L1_R3",
];

fn main() {
    let per_file: usize = std::env::args()
        .nth(1)
        .map_or(200, |n| n.parse().expect("a number"));
    let mut positions = vec![Board::new()];
    for file in FILES {
        let text = std::fs::read_to_string(format!("{DATA}/{file}")).expect("benchmark data");
        positions.extend(text.lines().take(per_file).map(|l| {
            l.split_whitespace()
                .next()
                .unwrap()
                .parse::<Board>()
                .unwrap()
        }));
    }
    println!(
        "{} positions (the empty board and {per_file} of each Pons file)",
        positions.len()
    );
    println!(
        "{:<12} {:>10} {:>10} {:>10} {:>12}  worst position",
        "level", "mean ms", "p99 ms", "max ms", "mean nodes"
    );
    let strongest_adaptive = PlayerConfig::Adaptive(AdaptiveConfig {
        start: 9.0,
        ..AdaptiveConfig::default()
    });
    let levels = [
        "random",
        "easy",
        "medium",
        "hard",
        "adaptive",
        "adaptive@9",
        "classic1",
        "classic3",
        "classic5",
    ];
    for name in levels {
        let config = match name.parse::<LevelSpec>() {
            Ok(spec) => spec.config(),
            Err(_) => strongest_adaptive.clone(),
        };
        let mut player = Player::new(config, 7);
        let mut times = Vec::with_capacity(positions.len());
        let mut nodes = 0u64;
        for board in &positions {
            let start = Instant::now();
            let decision = player.choose(board).expect("the game is not over");
            times.push((start.elapsed().as_secs_f64() * 1000.0, board.to_string()));
            nodes += decision.nodes;
        }
        let mean = times.iter().map(|t| t.0).sum::<f64>() / times.len() as f64;
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let p99 = times[times.len() * 99 / 100].0;
        let (max, worst) = times.last().unwrap().clone();
        println!(
            "{name:<12} {mean:>10.3} {p99:>10.3} {max:>10.3} {:>12.0}  {}",
            nodes as f64 / positions.len() as f64,
            if worst.is_empty() {
                "(empty board)".to_string()
            } else {
                worst
            }
        );
    }

    // The trace of a Hard move from the empty board and from a middle game.
    for moves in ["", "4453"] {
        let board: Board = moves.parse().unwrap();
        let mut hard = Player::new("hard".parse::<LevelSpec>().unwrap().config(), 7);
        let decision = hard.choose(&board).unwrap();
        println!(
            "trace of a Hard move from {:?}: {} recorded of {} searched nodes",
            moves,
            decision.trace.nodes.len(),
            decision.trace.total_nodes,
        );
    }
}
