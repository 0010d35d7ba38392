//! The records' SQLite database: its schema and every statement, run on
//! the records' own thread.

use rusqlite::{Connection, OptionalExtension, params};

use super::{GameRecord, NewGame, Players, Tally, word};

/// The schema's version, kept in SQLite's `user_version`.
const SCHEMA_VERSION: i64 = 2;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started INTEGER NOT NULL,   -- Unix seconds, at the first coin
    ended INTEGER,              -- Unix seconds; NULL while it goes on
    mode TEXT NOT NULL,         -- vs_computer or two_players
    computer TEXT,              -- the computer's seat: first, second or NULL
    first_name TEXT,
    second_name TEXT,
    moves TEXT NOT NULL,        -- 1-based columns, as in the app's links
    result TEXT,                -- see Outcome
    level TEXT,                 -- the computer's level (hard, medium:aggressive)
    shown INTEGER NOT NULL DEFAULT 0,  -- names shown: 1 the first's, 2 the second's
    hidden INTEGER NOT NULL DEFAULT 0  -- 1: the staff took it out of the hall of fame
);
CREATE TABLE IF NOT EXISTS activity (
    minute INTEGER PRIMARY KEY, -- Unix minutes the bridge ran
    state TEXT NOT NULL         -- playing, waiting, demo or fault
);
CREATE TABLE IF NOT EXISTS faults (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,        -- Unix seconds
    kind TEXT NOT NULL,         -- jammed, magazine_empty, ..., disconnected
    game INTEGER REFERENCES games(id)
);
CREATE INDEX IF NOT EXISTS games_started ON games(started);
CREATE INDEX IF NOT EXISTS faults_at ON faults(at);
CREATE INDEX IF NOT EXISTS faults_game ON faults(game);
";

/// What schema 2 added to the games of schema 1: the level, the names a
/// visitor let be shown, the hall of fame's hidden games.
const FROM_SCHEMA_1: &str = "
ALTER TABLE games ADD COLUMN level TEXT;
ALTER TABLE games ADD COLUMN shown INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
";

/// A file the bridge may not write.
pub const READ_ONLY: &str = "the file is read-only (its permissions, or a disk mounted read-only)";

/// What went wrong, in words for the operator (SQLite's own are terse).
pub fn explain(error: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode;
    match error.sqlite_error_code() {
        Some(ErrorCode::ReadOnly) => READ_ONLY.into(),
        Some(ErrorCode::NotADatabase) => "it is not a SQLite database".into(),
        Some(ErrorCode::DiskFull) => "the disk is full".into(),
        Some(ErrorCode::SystemIoFailure) => format!("the disk failed ({error})"),
        Some(ErrorCode::CannotOpen) => {
            "it cannot be opened (the permissions of its folder?)".into()
        }
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => {
            "another program holds it locked".into()
        }
        _ => error.to_string(),
    }
}

/// Makes `db` the booth's records: checks that it is one (or empty), takes
/// the schema, and returns the next game's number.
///
/// The connection holds the file exclusively (it is the only one: reads go
/// through the records' thread too), so SQLite keeps its WAL index in the
/// process's memory: no `-shm` file is mapped, which another program could
/// cut short under the bridge (a `SIGBUS`, not an error).
pub fn prepare(db: &Connection) -> Result<i64, String> {
    let fail = |e: rusqlite::Error| explain(&e);
    // Must come before anything reads the file.
    db.pragma_update(None, "locking_mode", "EXCLUSIVE")
        .map_err(fail)?;
    let version: i64 = db
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(fail)?;
    if version > SCHEMA_VERSION {
        return Err(format!(
            "written by a newer bridge (schema {version}, this one knows {SCHEMA_VERSION})"
        ));
    }
    let foreign: Option<String> = db
        .query_row(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('games', 'faults', 'activity') LIMIT 1",
            [],
            |r| r.get(0),
        )
        .optional()
        .map_err(fail)?;
    if let Some(table) = foreign {
        return Err(format!(
            "it holds a table {table:?}: another program's database"
        ));
    }
    // WAL: a write costs no fsync of its own, and a crash loses at most the
    // last moment, never the file.
    db.pragma_update(None, "journal_mode", "WAL")
        .map_err(fail)?;
    db.pragma_update(None, "synchronous", "NORMAL")
        .map_err(fail)?;
    // A game's row is written once and read back a page at a time: 1 MiB
    // of pages (SQLite's default is 2) keeps the bridge's memory level
    // however large the records grow.
    db.pragma_update(None, "cache_size", -1024).map_err(fail)?;
    if version == 1 {
        db.execute_batch(FROM_SCHEMA_1).map_err(fail)?;
    }
    db.execute_batch(SCHEMA).map_err(fail)?;
    db.pragma_update(None, "user_version", SCHEMA_VERSION)
        .map_err(fail)?;
    db.query_row("SELECT coalesce(max(id), 0) + 1 FROM games", [], |r| {
        r.get(0)
    })
    .map_err(fail)
}

/// The booth's local day as a table of one row (`date`, and `start` and
/// `end` in Unix seconds), for statements that take the day as `?1`
/// (`YYYY-MM-DD`, or NULL for today) and now as `?2`. The bounds are
/// found once, so that the indexes on the times serve the counts.
pub const DAY: &str = "
    WITH named AS (SELECT coalesce(date(?1), date(?2, 'unixepoch', 'localtime')) AS date),
    day AS (SELECT date,
        CAST(strftime('%s', date, 'utc') AS INTEGER) AS start,
        CAST(strftime('%s', date, '+1 day', 'utc') AS INTEGER) AS end
        FROM named)";

/// Now, in Unix seconds.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// A game's first coin, under the number the booth gave it.
pub fn begin_game(db: &Connection, id: i64, game: &NewGame) -> rusqlite::Result<usize> {
    db.execute(
        "INSERT INTO games (id, started, mode, computer, level, first_name, second_name, shown, moves)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            id,
            now(),
            word(game.mode),
            game.computer.map(word),
            game.level,
            game.players.names[0],
            game.players.names[1],
            game.players.shown_bits(),
            game.moves
        ],
    )
}

/// The moves so far, and the names (the second player joins later).
pub fn update_game(
    db: &Connection,
    id: i64,
    players: &Players,
    moves: &str,
) -> rusqlite::Result<usize> {
    db.execute(
        "UPDATE games SET moves = ?2, first_name = ?3, second_name = ?4, shown = ?5 WHERE id = ?1",
        params![
            id,
            moves,
            players.names[0],
            players.names[1],
            players.shown_bits()
        ],
    )
}

/// What the bridge did in minute `minute` (Unix minutes).
pub fn activity(db: &Connection, minute: i64, state: &str) -> rusqlite::Result<usize> {
    db.execute(
        "INSERT OR REPLACE INTO activity (minute, state) VALUES (?1, ?2)",
        params![minute, state],
    )
}

/// The end of a game.
pub fn end_game(db: &Connection, id: i64, result: &str) -> rusqlite::Result<usize> {
    db.execute(
        "UPDATE games SET ended = ?2, result = ?3 WHERE id = ?1 AND ended IS NULL",
        params![id, now(), result],
    )
}

/// A robot fault, during `game` if one was on.
pub fn fault(db: &Connection, kind: &str, game: Option<i64>) -> rusqlite::Result<usize> {
    db.execute(
        "INSERT INTO faults (at, kind, game) VALUES (?1, ?2, ?3)",
        params![now(), kind, game],
    )
}

/// Ends the games still going on: the bridge is stopping, or stopped.
pub fn close_unfinished(db: &Connection) -> rusqlite::Result<usize> {
    db.execute(
        "UPDATE games SET ended = ?1, result = 'bridge_stopped' WHERE ended IS NULL",
        params![now()],
    )
}

/// Today's counts, by the booth's local clock.
pub fn today(db: &Connection) -> rusqlite::Result<Tally> {
    let query = format!(
        "{DAY}
        SELECT day.date,
            (SELECT count(*) FROM games WHERE started >= day.start AND started < day.end),
            (SELECT count(*) FROM games WHERE started >= day.start AND started < day.end AND ended IS NULL),
            (SELECT count(*) FROM games WHERE started >= day.start AND started < day.end
                AND mode = 'vs_computer' AND result IN ('first', 'second') AND result <> computer),
            (SELECT count(*) FROM faults WHERE at >= day.start AND at < day.end)
        FROM day"
    );
    db.query_row(&query, params![Option::<String>::None, now()], |r| {
        Ok(Tally {
            date: r.get(0)?,
            games: r.get(1)?,
            playing: r.get(2)?,
            won_by_visitors: r.get(3)?,
            faults: r.get(4)?,
        })
    })
}

/// The last `limit` games, newest first.
pub fn recent(db: &Connection, limit: u32) -> rusqlite::Result<Vec<GameRecord>> {
    recent_before(db, i64::MAX, limit)
}

/// Up to `limit` games whose id is below `before`, newest first.
pub fn recent_before(
    db: &Connection,
    before: i64,
    limit: u32,
) -> rusqlite::Result<Vec<GameRecord>> {
    let mut statement = db.prepare_cached(
        "SELECT id, datetime(started, 'unixepoch', 'localtime'),
            coalesce(ended, ?2) - started, mode, first_name, second_name, moves, result,
            (SELECT count(*) FROM faults WHERE faults.game = games.id)
         FROM games WHERE id < ?3 ORDER BY id DESC LIMIT ?1",
    )?;
    statement
        .query_map(params![limit, now(), before], |r| {
            Ok(GameRecord {
                id: r.get(0)?,
                started: r.get(1)?,
                seconds: r.get(2)?,
                mode: r.get(3)?,
                names: [r.get(4)?, r.get(5)?],
                moves: r.get(6)?,
                result: r.get(7)?,
                faults: r.get(8)?,
            })
        })?
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::GameMode;

    #[test]
    fn a_foreign_newer_or_non_database_file_is_refused_in_words() {
        let foreign = Connection::open_in_memory().unwrap();
        foreign
            .execute_batch("CREATE TABLE invoices (id INTEGER)")
            .unwrap();
        let e = prepare(&foreign).unwrap_err();
        assert!(e.contains("another program's database"), "{e}");

        let newer = Connection::open_in_memory().unwrap();
        newer.pragma_update(None, "user_version", 99).unwrap();
        assert!(prepare(&newer).unwrap_err().contains("newer bridge"));

        let dir = crate::scratch::Scratch::new("records-sql");
        let text = dir.join("notes.sqlite");
        std::fs::write(
            &text,
            "these are not records, just a text file of some length",
        )
        .unwrap();
        let e = prepare(&Connection::open(&text).unwrap()).unwrap_err();
        assert_eq!(e, "it is not a SQLite database");
    }

    #[test]
    fn a_fresh_database_numbers_its_first_game_one() {
        let db = Connection::open_in_memory().unwrap();
        assert_eq!(prepare(&db), Ok(1));
        let game = NewGame {
            mode: GameMode::TwoPlayers,
            computer: None,
            level: None,
            players: Players::default(),
            moves: "4".into(),
        };
        begin_game(&db, 7, &game).unwrap();
        assert_eq!(prepare(&db), Ok(8), "after the highest number");
    }
}
