//! The page's JSON reader beside serde_json on the worker's biggest
//! message, a Hard move with its tree: `cargo run --release -p app
//! --example json_bench`. Natively, medians of 31 reads; the ratio is
//! what compares (docs/benchmarks.md).

use std::time::Instant;

use app::protocol::FromWorker;
use booth_protocol::search::ComputerMove;
use engine::player::Level;
use engine::{Board, Player, evaluation::Style};

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn time(mut read: impl FnMut()) -> f64 {
    median(
        (0..31)
            .map(|_| {
                let start = Instant::now();
                read();
                start.elapsed().as_secs_f64() * 1e3
            })
            .collect(),
    )
}

fn main() {
    let board: Board = "4453".parse().unwrap();
    let decision = Player::new(Level::Hard.config(Style::Normal), 1)
        .choose(&board)
        .unwrap();
    let message = FromWorker::Chosen {
        id: 1,
        decision: Box::new(ComputerMove::from(&decision)),
    };
    let text = app::json::to_string(&message);
    let ours = time(|| {
        std::hint::black_box(app::json::from_str::<FromWorker>(&text).unwrap());
    });
    let theirs = time(|| {
        std::hint::black_box(serde_json::from_str::<FromWorker>(&text).unwrap());
    });
    let written = time(|| {
        std::hint::black_box(app::json::to_string(&message));
    });
    let serde_written = time(|| {
        std::hint::black_box(serde_json::to_string(&message).unwrap());
    });
    println!(
        "a Hard move: {} bytes of JSON, {} nodes",
        text.len(),
        decision.trace.nodes.len()
    );
    println!(
        "read:  ours {ours:.3} ms, serde_json {theirs:.3} ms, ratio {:.2}",
        ours / theirs
    );
    println!(
        "write: ours {written:.3} ms, serde_json {serde_written:.3} ms, ratio {:.2}",
        written / serde_written
    );
}
