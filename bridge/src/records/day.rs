//! A day of the booth in figures, for the staff's plots: games by hour,
//! visitors' results by level, game lengths, faults by hour and kind, and
//! what the robot did with its time. Every figure is one SQL statement
//! over the day's rows, found through the indexes on the times.

use std::collections::BTreeMap;

use rusqlite::{Connection, params};
use serde::Serialize;

use super::sql::{DAY, now};

/// Game lengths the plot groups by, in minutes: under 1, 1 to 2, …, 10
/// and more.
pub const LENGTHS: [i64; 6] = [0, 1, 2, 3, 5, 10];

/// One day in figures.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DayReport {
    /// The booth's local date, `YYYY-MM-DD`.
    pub date: String,
    /// Visitors' games begun in each hour, 0 to 23.
    pub games_by_hour: Vec<u32>,
    /// Against the computer, by level: the visitors' wins, draws, losses
    /// and the games nobody finished.
    pub results: Vec<LevelResults>,
    /// Finished games by length: the count from each of [`LENGTHS`]
    /// minutes to the next.
    pub lengths: Vec<u32>,
    /// The robot's faults in each hour, by kind.
    pub faults: Vec<HourFaults>,
    /// Minutes the robot played, waited, ran the demo and stood in a
    /// fault.
    pub minutes: Minutes,
}

/// The visitors' results against one level.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LevelResults {
    /// The level, as in `bridge.toml`.
    pub level: String,
    /// Visitors' wins.
    pub won: u32,
    /// Full boards.
    pub drawn: u32,
    /// The computer's wins.
    pub lost: u32,
    /// Left, idle, ended by the staff or by a new game.
    pub unfinished: u32,
}

/// Faults in one hour.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct HourFaults {
    /// The hour, 0 to 23.
    pub hour: u32,
    /// The count of each kind (`jammed`, `disconnected`, …).
    pub kinds: BTreeMap<String, u32>,
}

/// What the robot did with the day, in minutes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Minutes {
    /// A visitor's game was on.
    pub playing: u32,
    /// Nobody played and no demo ran.
    pub waiting: u32,
    /// The demo played.
    pub demo: u32,
    /// In a fault or unplugged.
    pub fault: u32,
}

/// The figures of the booth's local day `date` (`YYYY-MM-DD`; `None`:
/// today).
pub fn day_report(db: &Connection, date: Option<&str>) -> rusqlite::Result<DayReport> {
    let at = params![date, now()];
    let date: String = db.query_row(&format!("{DAY} SELECT date FROM day"), at, |r| r.get(0))?;
    let mut report = DayReport {
        date,
        games_by_hour: vec![0; 24],
        lengths: vec![0; LENGTHS.len()],
        ..DayReport::default()
    };
    let by_hour = format!(
        "{DAY} SELECT CAST(strftime('%H', started, 'unixepoch', 'localtime') AS INTEGER), count(*)
        FROM games, day WHERE started >= day.start AND started < day.end GROUP BY 1"
    );
    for row in db
        .prepare_cached(&by_hour)?
        .query_map(at, |r| Ok((r.get::<_, u32>(0)?, r.get::<_, u32>(1)?)))?
    {
        let (hour, games) = row?;
        if let Some(slot) = report.games_by_hour.get_mut(hour as usize) {
            *slot = games;
        }
    }
    let results = format!(
        "{DAY} SELECT coalesce(level, '?'),
            sum(result IN ('first', 'second') AND result <> computer),
            sum(result = 'draw'),
            sum(result = computer),
            sum(result IS NULL OR result NOT IN ('first', 'second', 'draw'))
        FROM games, day WHERE started >= day.start AND started < day.end AND mode = 'vs_computer'
        GROUP BY 1 ORDER BY 1"
    );
    report.results = db
        .prepare_cached(&results)?
        .query_map(at, |r| {
            Ok(LevelResults {
                level: r.get(0)?,
                won: r.get(1)?,
                drawn: r.get(2)?,
                lost: r.get(3)?,
                unfinished: r.get(4)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let lengths = format!(
        "{DAY} SELECT (ended - started) / 60, count(*)
        FROM games, day WHERE started >= day.start AND started < day.end AND ended IS NOT NULL
        GROUP BY 1"
    );
    for row in db
        .prepare_cached(&lengths)?
        .query_map(at, |r| Ok((r.get::<_, i64>(0)?, r.get::<_, u32>(1)?)))?
    {
        let (minutes, games) = row?;
        let bucket = LENGTHS
            .iter()
            .rposition(|&from| minutes >= from)
            .unwrap_or(0);
        report.lengths[bucket] += games;
    }
    let faults = format!(
        "{DAY} SELECT CAST(strftime('%H', at, 'unixepoch', 'localtime') AS INTEGER), kind, count(*)
        FROM faults, day WHERE at >= day.start AND at < day.end GROUP BY 1, 2 ORDER BY 1"
    );
    for row in db.prepare_cached(&faults)?.query_map(at, |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, u32>(2)?,
        ))
    })? {
        let (hour, kind, count) = row?;
        if report.faults.last().is_none_or(|h| h.hour != hour) {
            report.faults.push(HourFaults {
                hour,
                kinds: BTreeMap::new(),
            });
        }
        if let Some(h) = report.faults.last_mut() {
            h.kinds.insert(kind, count);
        }
    }
    let minutes = format!(
        "{DAY} SELECT state, count(*) FROM activity, day
        WHERE minute >= day.start / 60 AND minute < day.end / 60 GROUP BY 1"
    );
    for row in db
        .prepare_cached(&minutes)?
        .query_map(at, |r| Ok((r.get::<_, String>(0)?, r.get::<_, u32>(1)?)))?
    {
        let (state, count) = row?;
        let slot = match state.as_str() {
            "playing" => &mut report.minutes.playing,
            "waiting" => &mut report.minutes.waiting,
            "demo" => &mut report.minutes.demo,
            _ => &mut report.minutes.fault,
        };
        *slot += count;
    }
    Ok(report)
}
