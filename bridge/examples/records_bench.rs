//! How long the staff's day takes to read from a season of records: a
//! benchmark, run with `cargo run --release -p bridge --example
//! records_bench [games]` (200,000 games unless told).
//!
//! It writes a season into a fresh records file (100 days of games from
//! 9 to 19 o'clock, a fault every 40 games, the robot's minutes), opens it
//! as the bridge does, and times the day's figures and the hall of fame of
//! one day in the middle. Beside them, as the reference measured in the
//! same run, it times one pass over every game (what a figure would cost
//! without the index on the times): the ratio says what the index buys.

use std::time::{Duration, Instant};

use bridge::records::Records;
use rusqlite::{Connection, params};

const DAYS: i64 = 100;
const RUNS: usize = 21;

fn main() {
    let games: i64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(200_000);
    let dir = std::env::temp_dir().join(format!("records-bench-{}", std::process::id()));
    let path = dir.join("season.sqlite");
    // The bridge makes the file and its schema, then lets it go.
    drop(Records::open(&path).expect("a records file"));
    let first_day = fill(&path, games);
    let records = Records::open(&path).expect("the season's records");
    let day = {
        let db = Connection::open_in_memory().expect("SQLite");
        db.query_row(
            "SELECT date(?1, 'unixepoch', 'localtime')",
            params![first_day + DAYS / 2 * 86_400 + 12 * 3600],
            |r| r.get::<_, String>(0),
        )
        .expect("a date")
    };
    let report = records.day_report(Some(day.clone())).expect("figures");
    let played: u32 = report.games_by_hour.iter().sum();
    println!("season: {games} games over {DAYS} days; {day}: {played} games");
    let figures = median(|| {
        records.day_report(Some(day.clone()));
    });
    let fame = median(|| {
        records.hall_of_fame(Some(day.clone()));
    });
    drop(records);
    let db = Connection::open(&path).expect("the file");
    let reference = median(|| {
        db.query_row(
            "SELECT count(*), sum(length(moves)), sum(result = 'draw') FROM games",
            [],
            |r| r.get::<_, i64>(0),
        )
        .expect("a pass over the games");
    });
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("day's figures   {:8.2} ms (median of {RUNS})", ms(figures));
    println!("hall of fame    {:8.2} ms", ms(fame));
    println!("one pass (ref.) {:8.2} ms", ms(reference));
    println!(
        "day's figures / one pass: {:.3}",
        figures.as_secs_f64() / reference.as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// The median time of `RUNS` runs of `work`.
fn median(mut work: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[RUNS / 2]
}

/// Writes `games` games, their faults and the robot's minutes over
/// [`DAYS`] days into the records at `path`; returns the first day's
/// start (Unix seconds, 9 o'clock UTC).
fn fill(path: &std::path::Path, games: i64) -> i64 {
    let mut db = Connection::open(path).expect("the file");
    let start = 1_777_000_000 / 86_400 * 86_400 + 9 * 3600;
    let per_day = (games + DAYS - 1) / DAYS;
    let spacing = 10 * 3600 / per_day.max(1);
    let levels = ["easy", "medium", "hard", "perfect", "adaptive"];
    let tx = db.transaction().expect("a transaction");
    {
        let mut game = tx
            .prepare(
                "INSERT INTO games (id, started, ended, mode, computer, level, first_name, second_name, shown, moves, result)
                 VALUES (?1, ?2, ?3, 'vs_computer', 'second', ?4, ?5, 'Computer', ?6, ?7, ?8)",
            )
            .expect("a statement");
        let mut fault = tx
            .prepare("INSERT INTO faults (at, kind, game) VALUES (?1, 'jammed', ?2)")
            .expect("a statement");
        for id in 1..=games {
            let at = start + (id / per_day) * 86_400 + (id % per_day) * spacing;
            let moves = "4455667".repeat(1 + (id % 5) as usize);
            let result = ["first", "second", "draw", "left"][(id % 4) as usize];
            game.execute(params![
                id,
                at,
                at + 60 + id % 600,
                levels[(id % 5) as usize],
                format!("Visitor{}", id % 997),
                id % 2,
                &moves[..moves.len().min(42)],
                result
            ])
            .expect("a game");
            if id % 40 == 0 {
                fault.execute(params![at + 30, id]).expect("a fault");
            }
        }
        let mut minute = tx
            .prepare("INSERT INTO activity (minute, state) VALUES (?1, ?2)")
            .expect("a statement");
        for day in 0..DAYS {
            for m in 0..600 {
                let state = ["playing", "playing", "waiting", "demo"][(m % 4) as usize];
                minute
                    .execute(params![(start + day * 86_400) / 60 + m, state])
                    .expect("a minute");
            }
        }
    }
    tx.commit().expect("the season written");
    start
}
