//! The hall of fame read from the records: the day's wins over the
//! computer, the names only of visitors who let them be shown, without
//! the games the staff hid.

use std::collections::BTreeMap;

use rusqlite::{Connection, params};

use super::sql::{DAY, now};
use engine::player::LevelSpec;

use crate::messages::fame::{FameEntry, HallOfFame, Streak, strength};

/// Wins the hall of fame lists: what fits on the booth's screen.
pub const LISTED: usize = 8;

/// One finished game against the computer, as the hall of fame reads it.
struct Played {
    id: i64,
    at: String,
    level: Option<LevelSpec>,
    /// The visitor's seat: 0 or 1.
    visitor: usize,
    name: Option<String>,
    shown: bool,
    won: bool,
    coins: u32,
}

/// The hall of fame of the booth's local day `date` (`None`: today).
pub fn hall_of_fame(db: &Connection, date: Option<&str>) -> rusqlite::Result<HallOfFame> {
    let query = format!(
        "{DAY}
        SELECT day.date, games.id, strftime('%H:%M', games.started, 'unixepoch', 'localtime'),
            games.level, games.computer, games.result, games.first_name, games.second_name,
            games.shown, length(games.moves)
        FROM day LEFT JOIN games ON games.started >= day.start AND games.started < day.end
            AND games.mode = 'vs_computer' AND games.ended IS NOT NULL AND games.hidden = 0
        ORDER BY games.id"
    );
    let mut statement = db.prepare_cached(&query)?;
    let mut date_found = String::new();
    let mut played = Vec::new();
    let mut rows = statement.query(params![date, now()])?;
    while let Some(r) = rows.next()? {
        date_found = r.get(0)?;
        let Some(id) = r.get::<_, Option<i64>>(1)? else {
            continue;
        };
        let computer: Option<String> = r.get(4)?;
        let visitor = usize::from(computer.as_deref() == Some("first"));
        let result: Option<String> = r.get(5)?;
        let names: [Option<String>; 2] = [r.get(6)?, r.get(7)?];
        let shown: i64 = r.get(8)?;
        played.push(Played {
            id,
            at: r.get(2)?,
            level: r.get::<_, Option<String>>(3)?.and_then(|l| l.parse().ok()),
            visitor,
            name: names[visitor].clone(),
            shown: shown & (1 << visitor) != 0,
            won: result.as_deref() == Some(["first", "second"][visitor]),
            coins: r.get(9)?,
        });
    }
    Ok(HallOfFame {
        date: date_found,
        best: best(&played),
        streak: streak(&played),
    })
}

/// The wins, strongest level first, then the fewest moves, each day's
/// fastest against its level marked.
fn best(played: &[Played]) -> Vec<FameEntry> {
    let mut wins: Vec<FameEntry> = played
        .iter()
        .filter(|p| p.won)
        .filter_map(|p| {
            Some(FameEntry {
                game: p.id,
                name: p.name.clone().filter(|_| p.shown),
                level: p.level?,
                // The visitor's coins: the first seat has the odd ones.
                moves: (p.coins + u32::from(p.visitor == 0)) / 2,
                at: p.at.clone(),
                fastest: false,
            })
        })
        .collect();
    let mut fastest: BTreeMap<String, (u32, i64)> = BTreeMap::new();
    for win in &wins {
        let best = fastest
            .entry(win.level.to_string())
            .or_insert((win.moves, win.game));
        if win.moves < best.0 {
            *best = (win.moves, win.game);
        }
    }
    for win in &mut wins {
        win.fastest = fastest.get(&win.level.to_string()).map(|f| f.1) == Some(win.game);
    }
    wins.sort_by_key(|w| (std::cmp::Reverse(strength(&w.level)), w.moves, w.game));
    wins.truncate(LISTED);
    wins
}

/// The longest run of wins by one visitor (known by name), when at least
/// two: a loss or a draw of theirs ends it.
fn streak(played: &[Played]) -> Option<Streak> {
    let mut runs: BTreeMap<String, u32> = BTreeMap::new();
    let mut longest: Option<(u32, &Played)> = None;
    for game in played {
        let Some(name) = &game.name else { continue };
        let run = runs.entry(name.to_ascii_lowercase()).or_default();
        *run = if game.won { *run + 1 } else { 0 };
        if *run >= 2 && longest.is_none_or(|(wins, _)| *run > wins) {
            longest = Some((*run, game));
        }
    }
    longest.map(|(wins, game)| Streak {
        name: game.name.clone().filter(|_| game.shown),
        wins,
    })
}

/// Takes game `id` out of the hall of fame.
pub fn hide(db: &Connection, id: i64) -> rusqlite::Result<usize> {
    db.execute("UPDATE games SET hidden = 1 WHERE id = ?1", params![id])
}

/// Takes every game of today out of the hall of fame.
pub fn clear_today(db: &Connection) -> rusqlite::Result<usize> {
    let query = format!(
        "{DAY}
        UPDATE games SET hidden = 1
        WHERE started >= (SELECT start FROM day) AND started < (SELECT end FROM day)"
    );
    db.execute(&query, params![Option::<String>::None, now()])
}
