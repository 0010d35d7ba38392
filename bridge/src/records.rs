//! The booth's records: every visitor's game on the robot and every robot
//! fault, in a SQLite file that survives restarts. The day's counts on the
//! operator page and the CSV export are read from it.
//!
//! A record that cannot be written is logged and skipped: the game on the
//! robot matters more than its entry in the books.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};

use crate::messages::{Fault, GameMode, Seat};

/// The schema's version, kept in SQLite's `user_version`.
const SCHEMA_VERSION: i64 = 1;

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
    result TEXT                 -- see Outcome
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

/// Why the records could not be opened.
#[derive(Debug)]
pub struct RecordsError {
    path: PathBuf,
    reason: String,
}

impl std::fmt::Display for RecordsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot keep the booth's records in {}: {}",
            self.path.display(),
            self.reason
        )
    }
}

impl std::error::Error for RecordsError {}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Four in a row for a seat.
    Won(Seat),
    /// A full board.
    Draw,
    /// A player left.
    Left,
    /// Nobody moved for too long.
    Idle,
    /// The operator ended it.
    EndedByStaff,
    /// The player started a new game instead.
    Restarted,
}

impl Outcome {
    /// The word in the `result` column (a win: the seat, as the protocol
    /// names it).
    pub fn as_str(self) -> String {
        match self {
            Outcome::Won(seat) => word(seat),
            Outcome::Draw => "draw".into(),
            Outcome::Left => "left".into(),
            Outcome::Idle => "idle".into(),
            Outcome::EndedByStaff => "ended_by_staff".into(),
            Outcome::Restarted => "restarted".into(),
        }
    }
}

/// A protocol value (a mode, a seat, a fault) in the words the pages get,
/// so the records and the protocol never spell one thing two ways.
fn word(value: impl serde::Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(word)) => word,
        other => unreachable!("a unit variant serialises to a string, not {other:?}"),
    }
}

/// The counts of one day, for the operator page.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// The booth's local date, `YYYY-MM-DD`.
    pub date: String,
    /// Games with at least one coin.
    pub games: u32,
    /// Games a visitor won against the computer.
    pub won_by_visitors: u32,
    /// Times the robot went into a fault or lost its port.
    pub faults: u32,
}

/// One game as recorded.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct GameRecord {
    /// Its number.
    pub id: i64,
    /// Local time of the first coin, `YYYY-MM-DD HH:MM:SS`.
    pub started: String,
    /// Seconds from the first coin to the end (so far, while it goes on).
    pub seconds: i64,
    /// `vs_computer` or `two_players`.
    pub mode: String,
    /// The names in the two seats.
    pub names: [Option<String>; 2],
    /// The moves, 1-based columns.
    pub moves: String,
    /// How it ended (see [`Outcome::as_str`]); `None` while it goes on.
    pub result: Option<String>,
    /// Robot faults during the game.
    pub faults: u32,
}

/// The booth's records.
pub struct Records {
    db: Connection,
    /// Where a second connection finds the same records: the file's path,
    /// or the name of a shared in-memory database.
    source: String,
    /// The lock on the records' file, held while the bridge runs (none in
    /// memory).
    _lock: Option<std::fs::File>,
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl Records {
    /// Opens (or creates) the records at `path`, with its folder; a game
    /// left unfinished by the last run is closed.
    ///
    /// # Errors
    /// When the folder or file cannot be created, or the file is not a
    /// booth's records (another program's database, or a newer schema).
    pub fn open(path: &Path) -> Result<Records, RecordsError> {
        let fail = |reason: String| RecordsError {
            path: path.to_path_buf(),
            reason,
        };
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|e| fail(e.to_string()))?;
        }
        // One bridge per records file: a second one stops here, before it
        // touches the running booth's games.
        let mut lock_path = path.as_os_str().to_owned();
        lock_path.push(".lock");
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| fail(format!("cannot open its lock file: {e}")))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(fail(
                    "another bridge is using it: stop that one first, or give this one other records (--records)".into(),
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(fail(format!("cannot lock it: {e}")));
            }
        }
        let db = Connection::open(path).map_err(|e| fail(e.to_string()))?;
        let mut records = Records::prepare(db, path.to_string_lossy().into()).map_err(fail)?;
        records._lock = Some(lock);
        // A game the bridge was playing when it last stopped cannot go on.
        records.close_unfinished();
        Ok(records)
    }

    /// Records kept in memory only (tests, and a booth whose file failed).
    pub fn in_memory() -> Records {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let source = format!(
            "file:records-{}-{n}?mode=memory&cache=shared",
            std::process::id()
        );
        let db = Connection::open(&source).expect("SQLite in memory");
        Records::prepare(db, source).expect("a fresh database takes the schema")
    }

    /// A second connection to these records, for reading them without the
    /// booth's lock: the operator page and the export. With SQLite's WAL a
    /// read never holds up the booth's writes, however long it takes.
    ///
    /// # Errors
    /// When the records cannot be opened again.
    pub fn reader(&self) -> rusqlite::Result<RecordsReader> {
        let db = Connection::open_with_flags(
            &self.source,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_URI,
        )?;
        db.busy_timeout(std::time::Duration::from_secs(2))?;
        Ok(RecordsReader {
            db: std::sync::Mutex::new(db),
        })
    }

    fn prepare(db: Connection, source: String) -> Result<Records, String> {
        let version: i64 = db
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| format!("not a SQLite database ({e})"))?;
        if version > SCHEMA_VERSION {
            return Err(format!(
                "written by a newer bridge (schema {version}, this one knows {SCHEMA_VERSION})"
            ));
        }
        let foreign: Option<String> = db
            .query_row(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('games', 'faults') LIMIT 1",
                [],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| e.to_string())?;
        if let Some(table) = foreign {
            return Err(format!(
                "it holds a table {table:?}: another program's database"
            ));
        }
        // WAL: a write costs no fsync of its own, and a crash loses at most
        // the last moment, never the file.
        let _ = db.pragma_update(None, "journal_mode", "WAL");
        let _ = db.pragma_update(None, "synchronous", "NORMAL");
        let _ = db.busy_timeout(std::time::Duration::from_secs(2));
        db.execute_batch(SCHEMA).map_err(|e| e.to_string())?;
        db.pragma_update(None, "user_version", SCHEMA_VERSION)
            .map_err(|e| e.to_string())?;
        Ok(Records {
            db,
            source,
            _lock: None,
        })
    }

    fn logged<T>(what: &str, result: rusqlite::Result<T>) -> Option<T> {
        result
            .map_err(|e| tracing::warn!("records: cannot {what}: {e}"))
            .ok()
    }

    /// A game's first coin: its record, to update as it goes on.
    pub fn begin_game(
        &self,
        mode: GameMode,
        computer: Option<Seat>,
        names: &[Option<String>; 2],
        moves: &str,
    ) -> Option<i64> {
        Records::logged(
            "record a game",
            self.db.execute(
                "INSERT INTO games (started, mode, computer, first_name, second_name, moves) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![now(), word(mode), computer.map(word), names[0], names[1], moves],
            ),
        )?;
        Some(self.db.last_insert_rowid())
    }

    /// The moves so far, and the names (the second player joins later).
    pub fn update_game(&self, id: i64, names: &[Option<String>; 2], moves: &str) {
        Records::logged(
            "record a move",
            self.db.execute(
                "UPDATE games SET moves = ?2, first_name = ?3, second_name = ?4 WHERE id = ?1",
                params![id, moves, names[0], names[1]],
            ),
        );
    }

    /// The end of a game.
    pub fn end_game(&self, id: i64, outcome: Outcome) {
        Records::logged(
            "record a game's end",
            self.db.execute(
                "UPDATE games SET ended = ?2, result = ?3 WHERE id = ?1 AND ended IS NULL",
                params![id, now(), outcome.as_str()],
            ),
        );
    }

    /// A robot fault (as the pages name it; none named: the port was
    /// lost), during `game` if one was on.
    pub fn fault(&self, fault: Option<Fault>, game: Option<i64>) {
        let kind = fault.map_or_else(|| "disconnected".into(), word);
        Records::logged(
            "record a fault",
            self.db.execute(
                "INSERT INTO faults (at, kind, game) VALUES (?1, ?2, ?3)",
                params![now(), kind, game],
            ),
        );
    }

    /// Ends the games still going on: the bridge is stopping.
    pub fn close_unfinished(&self) {
        Records::logged(
            "close unfinished games",
            self.db.execute(
                "UPDATE games SET ended = ?1, result = 'bridge_stopped' WHERE ended IS NULL",
                params![now()],
            ),
        );
    }
}

/// A reading connection to the records, apart from the booth's (see
/// [`Records::reader`]).
pub struct RecordsReader {
    db: std::sync::Mutex<Connection>,
}

impl RecordsReader {
    /// Today's counts, by the booth's local clock. The day's bounds are
    /// found once, so that the indexes on the times serve the counts.
    pub fn today(&self) -> Tally {
        let db = self.db.lock().expect("records reader lock");
        const QUERY: &str = "
            WITH day AS (SELECT date(?1, 'unixepoch', 'localtime') AS date,
                CAST(strftime('%s', date(?1, 'unixepoch', 'localtime'), 'utc') AS INTEGER) AS start,
                CAST(strftime('%s', date(?1, 'unixepoch', 'localtime', '+1 day'), 'utc') AS INTEGER) AS end)
            SELECT day.date,
                (SELECT count(*) FROM games WHERE started >= day.start AND started < day.end),
                (SELECT count(*) FROM games WHERE started >= day.start AND started < day.end
                    AND mode = 'vs_computer' AND result IN ('first', 'second') AND result <> computer),
                (SELECT count(*) FROM faults WHERE at >= day.start AND at < day.end)
            FROM day";
        Records::logged(
            "count today's games",
            db.query_row(QUERY, params![now()], |r| {
                Ok(Tally {
                    date: r.get(0)?,
                    games: r.get(1)?,
                    won_by_visitors: r.get(2)?,
                    faults: r.get(3)?,
                })
            }),
        )
        .unwrap_or_default()
    }

    /// The last `limit` games, newest first.
    pub fn recent(&self, limit: u32) -> Vec<GameRecord> {
        let db = self.db.lock().expect("records reader lock");
        let Some(mut statement) = Records::logged(
            "list games",
            db.prepare(
                "SELECT id, datetime(started, 'unixepoch', 'localtime'),
                    coalesce(ended, ?2) - started, mode, first_name, second_name, moves, result,
                    (SELECT count(*) FROM faults WHERE faults.game = games.id)
                 FROM games ORDER BY id DESC LIMIT ?1",
            ),
        ) else {
            return Vec::new();
        };
        let rows = statement.query_map(params![limit, now()], |r| {
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
        });
        Records::logged("list games", rows.and_then(Iterator::collect)).unwrap_or_default()
    }
}

/// Games as CSV (RFC 4180), with a header line, for a spreadsheet. What
/// people typed and the moves are text in any spreadsheet: a leading
/// `= + - @` would run as a formula, and `1e5`, `2-3` or a long move string
/// would become a number or a date (and lose its digits), so such a cell is
/// written as a formula of its text (`="2-3"`), which shows it as written.
pub fn to_csv(games: &[GameRecord]) -> String {
    fn field(text: &str) -> String {
        if text.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.to_owned()
        }
    }
    fn text(text: &str) -> String {
        let numberish = text.chars().any(|c| c.is_ascii_digit())
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || "+-.,eE/: ".contains(c));
        if numberish {
            field(&format!("=\"{text}\""))
        } else if text.starts_with(['=', '+', '-', '@']) {
            field(&format!("'{text}"))
        } else {
            field(text)
        }
    }
    let mut out =
        String::from("id,started,seconds,mode,first_player,second_player,moves,result,faults\r\n");
    for g in games {
        let line = [
            g.id.to_string(),
            field(&g.started),
            g.seconds.to_string(),
            field(&g.mode),
            text(g.names[0].as_deref().unwrap_or_default()),
            text(g.names[1].as_deref().unwrap_or_default()),
            text(&g.moves),
            field(g.result.as_deref().unwrap_or_default()),
            g.faults.to_string(),
        ];
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
}

/// Where the records live unless `bridge.toml` says otherwise:
/// `$XDG_STATE_HOME/connect4-bridge/booth.sqlite`, or under
/// `~/.local/state`.
pub fn default_path() -> PathBuf {
    let state = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))
        .unwrap_or_else(std::env::temp_dir);
    state.join("connect4-bridge").join("booth.sqlite")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(a: &str, b: &str) -> [Option<String>; 2] {
        [Some(a.into()), Some(b.into())]
    }

    #[test]
    fn a_game_is_counted_from_its_first_coin_and_a_win_against_the_computer_is_the_visitors() {
        let r = Records::in_memory();
        assert_eq!(r.reader().unwrap().today().games, 0);
        let won = r
            .begin_game(
                GameMode::VsComputer,
                Some(Seat::Second),
                &names("Anna", "Computer"),
                "4",
            )
            .unwrap();
        r.update_game(won, &names("Anna", "Computer"), "4455667");
        r.end_game(won, Outcome::Won(Seat::First));
        let lost = r
            .begin_game(
                GameMode::VsComputer,
                Some(Seat::First),
                &names("Computer", "Ben"),
                "4",
            )
            .unwrap();
        r.end_game(lost, Outcome::Won(Seat::First));
        let two = r
            .begin_game(
                GameMode::TwoPlayers,
                None,
                &[Some("Cleo".into()), None],
                "1",
            )
            .unwrap();
        r.fault(Some(Fault::Jammed), Some(two));
        r.fault(None, None);
        let today = r.reader().unwrap().today();
        assert_eq!(
            (today.games, today.won_by_visitors, today.faults),
            (3, 1, 2)
        );
        assert_eq!(today.date.len(), 10, "{today:?}");
        let kinds: String =
            r.db.query_row("SELECT group_concat(kind) FROM faults", [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(kinds, "jammed,disconnected");
        let recent = r.reader().unwrap().recent(10);
        assert_eq!(recent.len(), 3);
        assert_eq!(recent[0].result, None, "the newest game goes on");
        assert_eq!(recent[0].faults, 1);
        assert_eq!(recent[2].moves, "4455667");
        assert_eq!(recent[2].result.as_deref(), Some("first"));
    }

    #[test]
    fn records_survive_reopening_and_a_foreign_or_newer_file_is_refused() {
        let dir = std::env::temp_dir().join(format!("records-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("nested/booth.sqlite");
        {
            let r = Records::open(&path).unwrap();
            let id = r.begin_game(GameMode::TwoPlayers, None, &names("Anna", "Ben"), "4");
            r.end_game(id.unwrap(), Outcome::Draw);
        }
        let again = Records::open(&path).unwrap();
        assert_eq!(again.reader().unwrap().today().games, 1);
        drop(again);

        let foreign = dir.join("foreign.sqlite");
        Connection::open(&foreign)
            .unwrap()
            .execute_batch("CREATE TABLE invoices (id INTEGER)")
            .unwrap();
        let e = Records::open(&foreign).err().unwrap().to_string();
        assert!(e.contains("another program's database"), "{e}");

        let newer = dir.join("newer.sqlite");
        Connection::open(&newer)
            .unwrap()
            .pragma_update(None, "user_version", 99)
            .unwrap();
        let e = Records::open(&newer).err().unwrap().to_string();
        assert!(e.contains("newer bridge"), "{e}");

        let text = dir.join("notes.sqlite");
        std::fs::write(
            &text,
            "these are not records, just a text file of some length",
        )
        .unwrap();
        let e = Records::open(&text).err().unwrap().to_string();
        assert!(e.contains("notes.sqlite"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_move_is_recorded_while_the_operator_reads_a_season_of_60000_games() {
        let dir = std::env::temp_dir().join(format!("records-season-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let records = Records::open(&dir.join("booth.sqlite")).unwrap();
        records
            .db
            .execute_batch(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
                 INSERT INTO games (started, ended, mode, computer, first_name, second_name, moves, result)
                 SELECT 1700000000 + i, 1700000100 + i, 'vs_computer', 'second', 'Ada', 'Computer', '4455', 'first' FROM n;
                 INSERT INTO faults (at, kind, game) SELECT 1700000000 + id, 'jammed', id FROM games WHERE id % 10 = 0;",
            )
            .unwrap();
        let reader = records.reader().unwrap();
        // The operator's export holds a read open, as a long one does ...
        let export = reader.db.lock().unwrap();
        export.execute_batch("BEGIN").unwrap();
        let counted: i64 = export
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
            .unwrap();
        assert_eq!(counted, 60000);
        // ... while the booth records a game's coins (a write that had to
        // wait for the read would give up after the busy time, unrecorded).
        let id = records
            .begin_game(
                GameMode::VsComputer,
                Some(Seat::Second),
                &[Some("Ben".into()), None],
                "4",
            )
            .expect("recorded beside the read");
        records.update_game(id, &[Some("Ben".into()), None], "44");
        export.execute_batch("COMMIT").unwrap();
        drop(export);
        let newest = reader.recent(1).remove(0);
        assert_eq!((newest.id, newest.moves.as_str()), (id, "44"));
        let started = std::time::Instant::now();
        let all = reader.recent(u32::MAX);
        eprintln!(
            "60,001 games read for the export in {:?}",
            started.elapsed()
        );
        assert_eq!(all.len(), 60001);
        assert_eq!(all.iter().filter(|g| g.faults == 1).count(), 6000);
        drop(records);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_second_bridge_on_the_same_records_stops_before_touching_them() {
        let dir = std::env::temp_dir().join(format!("records-lock-{}", std::process::id()));
        let path = dir.join("booth.sqlite");
        let first = Records::open(&path).unwrap();
        let id = first
            .begin_game(
                GameMode::VsComputer,
                Some(Seat::Second),
                &[Some("Ada".into()), None],
                "4",
            )
            .unwrap();
        let second = Records::open(&path).err().expect("refused");
        assert!(
            second.to_string().contains("another bridge is using it"),
            "{second}"
        );
        let game = first.reader().unwrap().recent(1).remove(0);
        assert_eq!(
            (game.id, game.result),
            (id, None),
            "still playing, untouched"
        );
        drop(first);
        assert!(
            Records::open(&path).is_ok(),
            "free again once the first is gone"
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn csv_quotes_what_needs_it_and_defuses_formulas() {
        let game = GameRecord {
            id: 7,
            started: "2026-11-24 10:00:00".into(),
            seconds: 95,
            mode: "two_players".into(),
            names: [Some("=cmd".into()), Some("2-3".into())],
            moves: "4455".into(),
            result: Some("left".into()),
            faults: 0,
        };
        let csv = to_csv(&[game]);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert!(lines[0].starts_with("id,started,seconds"));
        assert_eq!(
            lines[1],
            "7,2026-11-24 10:00:00,95,two_players,'=cmd,\"=\"\"2-3\"\"\",\"=\"\"4455\"\"\",left,0"
        );
        let mut named = GameRecord {
            names: [Some("1e5".into()), Some("Ada_1".into())],
            ..GameRecord::default()
        };
        named.moves = "1211221112322333334444565676644667777755".into();
        let csv = to_csv(&[named]);
        let line = csv.lines().nth(1).unwrap();
        assert!(line.contains(",\"=\"\"1e5\"\"\",Ada_1,"), "{line}");
        assert!(
            line.contains("\"=\"\"1211221112322333334444565676644667777755\"\"\""),
            "{line}"
        );
    }
}
