//! The booth's records: every visitor's game on the robot and every robot
//! fault, in a SQLite file that survives restarts. The day's counts on the
//! operator page and the CSV export are read from it.
//!
//! The records live on a thread of their own: the booth hands them what to
//! write and never waits, so neither a slow disk nor a long export delays
//! a move. A record that cannot be written is logged by name and counted,
//! and the operator page says so: the game on the robot matters more than
//! its entry in the books.

mod csv;
mod day;
mod fame;
mod sql;
mod watch;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::Connection;

pub use csv::{CSV_HEADER, csv_rows, to_csv};
pub use day::{DayReport, HourFaults, LENGTHS, LevelResults, Minutes};
pub use sql::now;
pub use watch::FileEvent;

use crate::messages::fame::HallOfFame;
use crate::messages::{Fault, GameMode, Seat};

/// Records waiting to be written (a game writes a few a minute): a disk
/// that stalls for longer loses the newest, not the bridge's memory.
const QUEUE: usize = 1024;

/// Why the records could not be opened.
#[derive(Debug)]
pub struct RecordsError {
    path: PathBuf,
    /// What stands in the way.
    pub problem: OpenProblem,
}

/// What keeps the bridge from its records file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenProblem {
    /// Another bridge keeps its records there.
    InUse,
    /// The file or its folder cannot be used (the words say why).
    Unusable(String),
}

impl std::fmt::Display for RecordsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let reason = match &self.problem {
            OpenProblem::InUse => {
                "another bridge is using it: stop that one first, or give this one other records (--records)"
            }
            OpenProblem::Unusable(reason) => reason,
        };
        write!(
            f,
            "cannot keep the booth's records in {}: {reason}",
            self.path.display()
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
    /// Games with at least one coin, the ones still running included.
    pub games: u32,
    /// Of them, the games not over yet (the one on the robot).
    pub playing: u32,
    /// Games a visitor won against the computer.
    pub won_by_visitors: u32,
    /// Times the robot went into a fault or lost its port.
    pub faults: u32,
}

/// The people in a game's seats, as the records keep them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Players {
    /// The names in the two seats, first seat first.
    pub names: [Option<String>; 2],
    /// For each seat, whether its visitor lets the name be shown.
    pub shown: [bool; 2],
}

impl Players {
    /// The `shown` column: 1 for the first seat, 2 for the second.
    fn shown_bits(&self) -> i64 {
        i64::from(self.shown[0]) | (i64::from(self.shown[1]) << 1)
    }
}

/// A game's entry when its first coin is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    /// Who plays.
    pub mode: GameMode,
    /// The computer's seat, in a game against it.
    pub computer: Option<Seat>,
    /// The computer's level (`hard`, `medium:aggressive`), in a game
    /// against it.
    pub level: Option<String>,
    /// Who sits where.
    pub players: Players,
    /// The moves so far.
    pub moves: String,
}

/// What the robot did in a minute, for the staff's day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activity {
    /// A visitor's game was on.
    Playing,
    /// Nobody played and no demo ran.
    Waiting,
    /// The demo played.
    Demo,
    /// The robot was in a fault or unplugged.
    Fault,
}

impl Activity {
    /// The word in the `activity` table.
    pub fn as_str(self) -> &'static str {
        match self {
            Activity::Playing => "playing",
            Activity::Waiting => "waiting",
            Activity::Demo => "demo",
            Activity::Fault => "fault",
        }
    }
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

/// Records the bridge failed to keep, for the operator page.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Unrecorded {
    /// Records lost since the bridge started (0: only the file is missing).
    pub lost: u32,
    /// When the first was lost, Unix seconds.
    pub since: Option<i64>,
    /// What went wrong last, in words.
    pub last: String,
    /// Whether the records are kept in memory only (the file could not be
    /// opened): they end with the bridge.
    pub memory_only: bool,
}

type Job = Box<dyn FnOnce(&Connection) + Send>;

/// The booth's records: a handle to their thread, cheap to clone.
#[derive(Clone)]
pub struct Records {
    shared: Arc<Shared>,
}

struct Shared {
    jobs: Mutex<Option<SyncSender<Job>>>,
    thread: Mutex<Option<std::thread::JoinHandle<()>>>,
    next_game: AtomicI64,
    unrecorded: Arc<Mutex<Option<Unrecorded>>>,
    /// The last time the file was deleted or replaced under the bridge.
    file_event: Arc<Mutex<Option<FileEvent>>>,
}

impl Drop for Shared {
    /// Writes what waits, then lets the file go.
    fn drop(&mut self) {
        self.jobs.lock().expect("records lock").take();
        if let Some(thread) = self.thread.lock().expect("records lock").take() {
            let _ = thread.join();
        }
    }
}

impl Records {
    /// Opens (or creates) the records at `path`, with its folder; a game
    /// left unfinished by the last run is closed.
    ///
    /// # Errors
    /// When another bridge keeps its records there, or the folder or file
    /// cannot be used (a read-only file, another program's database, a
    /// newer schema).
    pub fn open(path: &Path) -> Result<Records, RecordsError> {
        Records::open_looking(path, watch::CHECK_EVERY)
    }

    /// [`Records::open`], looking whether the file was deleted or replaced
    /// every `look_every`.
    ///
    /// # Errors
    /// As [`Records::open`].
    pub fn open_looking(path: &Path, look_every: Duration) -> Result<Records, RecordsError> {
        let fail = |problem| RecordsError {
            path: path.to_path_buf(),
            problem,
        };
        let unusable = |reason: String| fail(OpenProblem::Unusable(reason));
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|e| unusable(e.to_string()))?;
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
            .map_err(|e| unusable(format!("cannot open its lock file: {e}")))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(fail(OpenProblem::InUse)),
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(unusable(format!("cannot lock it: {e}")));
            }
        }
        // SQLite would call a read-only file a disk failure (it cannot
        // make the file's write-ahead log): say what it is.
        if let Err(e) = std::fs::OpenOptions::new().append(true).open(path) {
            let read_only = e.kind() == std::io::ErrorKind::PermissionDenied
                || e.kind() == std::io::ErrorKind::ReadOnlyFilesystem;
            if read_only {
                return Err(unusable(sql::READ_ONLY.into()));
            }
        }
        let db = Connection::open(path).map_err(|e| unusable(sql::explain(&e)))?;
        let next_game = sql::prepare(&db).map_err(unusable)?;
        // A game the bridge was playing when it last stopped cannot go on.
        sql::close_unfinished(&db).map_err(|e| unusable(sql::explain(&e)))?;
        let watched = watch::Watched::new(path).map_err(|e| unusable(e.to_string()))?;
        Ok(Records::run(
            db,
            next_game,
            Some((lock, watched, look_every)),
            None,
        ))
    }

    /// Records kept in memory only, for tests.
    pub fn in_memory() -> Records {
        let db = Connection::open_in_memory().expect("SQLite in memory");
        let next_game = sql::prepare(&db).expect("a fresh database takes the schema");
        Records::run(db, next_game, None, None)
    }

    /// Records in memory for a booth whose file could not be opened
    /// (`why`): the day's counts go on, and the operator page says that
    /// nothing is kept.
    pub fn memory_only(why: &RecordsError) -> Records {
        let db = Connection::open_in_memory().expect("SQLite in memory");
        let next_game = sql::prepare(&db).expect("a fresh database takes the schema");
        let unrecorded = Unrecorded {
            last: why.to_string(),
            memory_only: true,
            ..Unrecorded::default()
        };
        Records::run(db, next_game, None, Some(unrecorded))
    }

    /// The records' thread on `db`, with the file's lock and its watch
    /// when it is a file.
    fn run(
        mut db: Connection,
        next_game: i64,
        file: Option<(std::fs::File, watch::Watched, Duration)>,
        unrecorded: Option<Unrecorded>,
    ) -> Records {
        let (jobs, queue) = std::sync::mpsc::sync_channel::<Job>(QUEUE);
        let unrecorded = Arc::new(Mutex::new(unrecorded));
        let file_event = Arc::new(Mutex::new(None));
        let (lost, events) = (Arc::clone(&unrecorded), Arc::clone(&file_event));
        let thread = std::thread::Builder::new()
            .name("records".into())
            .spawn(move || {
                let look_every = file.as_ref().map_or(watch::CHECK_EVERY, |f| f.2);
                let (_lock, mut watched) = file.map(|(lock, watched, _)| (lock, watched)).unzip();
                let mut next_look = std::time::Instant::now() + look_every;
                loop {
                    let wait = next_look.saturating_duration_since(std::time::Instant::now());
                    match queue.recv_timeout(wait) {
                        Ok(job) => job(&db),
                        Err(RecvTimeoutError::Timeout) => {}
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                    if std::time::Instant::now() < next_look {
                        continue;
                    }
                    next_look = std::time::Instant::now() + look_every;
                    match watched.as_mut().and_then(|w| w.check(&mut db)) {
                        None => {}
                        Some(Ok(event)) => {
                            tracing::error!(
                                "records: {} was {} while the bridge ran; its games are kept in {} and recorded there from now on",
                                event.path.display(),
                                event.kind,
                                event.kept_in.display()
                            );
                            *events.lock().expect("records lock") = Some(event);
                        }
                        Some(Err(why)) => note_lost(
                            &lost,
                            "keep the games of a file deleted or replaced under the bridge",
                            why,
                        ),
                    }
                }
            })
            .expect("a thread for the records");
        Records {
            shared: Arc::new(Shared {
                jobs: Mutex::new(Some(jobs)),
                thread: Mutex::new(Some(thread)),
                next_game: AtomicI64::new(next_game),
                unrecorded,
                file_event,
            }),
        }
    }

    /// Hands `job` to the records' thread; whether it took it.
    fn submit(&self, job: Job) -> bool {
        let jobs = self.shared.jobs.lock().expect("records lock");
        let Some(jobs) = jobs.as_ref() else {
            return false;
        };
        match jobs.try_send(job) {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                self.lost(
                    "keep up",
                    "the disk is too slow: records waited too long".into(),
                );
                false
            }
            Err(TrySendError::Disconnected(_)) => false,
        }
    }

    /// Counts a record that could not be written, and logs it by name.
    fn lost(&self, what: &str, why: String) {
        note_lost(&self.shared.unrecorded, what, why);
    }

    /// Writes in the background; a failure is logged and counted.
    fn write(
        &self,
        what: &'static str,
        write: impl FnOnce(&Connection) -> rusqlite::Result<usize> + Send + 'static,
    ) {
        let unrecorded = Arc::clone(&self.shared.unrecorded);
        self.submit(Box::new(move |db| {
            if let Err(e) = write(db) {
                note_lost(&unrecorded, what, sql::explain(&e));
            }
        }));
    }

    /// Reads on the records' thread, after every write handed over before;
    /// blocks until done (call it off the booth's lock, from a blocking
    /// task). `None` when the read failed (logged).
    fn read<T: Send + 'static>(
        &self,
        what: &'static str,
        read: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Option<T> {
        let (answer, answered) = std::sync::mpsc::sync_channel(1);
        let job: Job = Box::new(move |db| {
            let _ = answer.send(read(db));
        });
        if !self.submit(job) {
            return None;
        }
        match answered.recv() {
            Ok(Ok(value)) => Some(value),
            Ok(Err(e)) => {
                tracing::warn!("records: cannot {what}: {}", sql::explain(&e));
                None
            }
            Err(_) => None,
        }
    }

    /// A game's first coin: its number, to update it as it goes on.
    pub fn begin_game(&self, game: NewGame) -> i64 {
        let id = self.shared.next_game.fetch_add(1, Ordering::Relaxed);
        self.write("record a game", move |db| sql::begin_game(db, id, &game));
        id
    }

    /// The moves so far, and the people (the second player joins later).
    pub fn update_game(&self, id: i64, players: &Players, moves: &str) {
        let (players, moves) = (players.clone(), moves.to_owned());
        self.write("record a move", move |db| {
            sql::update_game(db, id, &players, &moves)
        });
    }

    /// The end of a game.
    pub fn end_game(&self, id: i64, outcome: Outcome) {
        let result = outcome.as_str();
        self.write("record a game's end", move |db| {
            sql::end_game(db, id, &result)
        });
    }

    /// A robot fault (as the pages name it; none named: the port was
    /// lost), during `game` if one was on.
    pub fn fault(&self, fault: Option<Fault>, game: Option<i64>) {
        let kind = fault.map_or_else(|| "disconnected".into(), word);
        self.write("record a fault", move |db| sql::fault(db, &kind, game));
    }

    /// What the robot did in `minute` (Unix minutes).
    pub fn activity(&self, minute: i64, activity: Activity) {
        self.write("record the robot's minute", move |db| {
            sql::activity(db, minute, activity.as_str())
        });
    }

    /// Ends the games still going on (the bridge is stopping), and waits
    /// until every record handed over is written.
    pub fn close_unfinished(&self) {
        self.write("close unfinished games", sql::close_unfinished);
        let _ = self.read("finish writing", |_| Ok(()));
    }

    /// Today's counts, by the booth's local clock (blocks: see
    /// [`Records::read`]).
    pub fn today(&self) -> Tally {
        self.read("count today's games", sql::today)
            .unwrap_or_default()
    }

    /// The hall of fame of the local day `date` (`YYYY-MM-DD`; `None`:
    /// today) (blocks: see [`Records::read`]).
    pub fn hall_of_fame(&self, date: Option<String>) -> HallOfFame {
        self.read("read the hall of fame", move |db| {
            fame::hall_of_fame(db, date.as_deref())
        })
        .unwrap_or_default()
    }

    /// Takes game `id` out of the hall of fame.
    pub fn hide_from_fame(&self, id: i64) {
        self.write("hide a game from the hall of fame", move |db| {
            fame::hide(db, id)
        });
    }

    /// Takes every game of today out of the hall of fame.
    pub fn clear_fame(&self) {
        self.write("clear the hall of fame", fame::clear_today);
    }

    /// The figures of the local day `date` (`YYYY-MM-DD`; `None`: today)
    /// for the staff's plots (blocks: see [`Records::read`]).
    pub fn day_report(&self, date: Option<String>) -> Option<DayReport> {
        self.read("read the day's figures", move |db| {
            day::day_report(db, date.as_deref())
        })
    }

    /// The last `limit` games, newest first (blocks: see
    /// [`Records::read`]).
    pub fn recent(&self, limit: u32) -> Vec<GameRecord> {
        self.read("list games", move |db| sql::recent(db, limit))
            .unwrap_or_default()
    }

    /// Up to `limit` games older than game `before` (all games when
    /// `None`), newest first: the export reads the records a page at a
    /// time, so that its memory does not grow with them (blocks: see
    /// [`Records::read`]).
    pub fn page(&self, before: Option<i64>, limit: u32) -> Vec<GameRecord> {
        self.read("list games", move |db| {
            sql::recent_before(db, before.unwrap_or(i64::MAX), limit)
        })
        .unwrap_or_default()
    }

    /// What the bridge failed to record, if anything.
    pub fn unrecorded(&self) -> Option<Unrecorded> {
        self.shared.unrecorded.lock().expect("records lock").clone()
    }

    /// The last time the records file was deleted or replaced under the
    /// bridge, and where its games went.
    pub fn file_event(&self) -> Option<FileEvent> {
        self.shared.file_event.lock().expect("records lock").clone()
    }
}

fn note_lost(unrecorded: &Mutex<Option<Unrecorded>>, what: &str, why: String) {
    tracing::error!("records: cannot {what}: {why}; the game goes on unrecorded");
    let mut unrecorded = unrecorded.lock().expect("records lock");
    let entry = unrecorded.get_or_insert_with(Unrecorded::default);
    entry.lost += 1;
    entry.since.get_or_insert_with(sql::now);
    entry.last = format!("cannot {what}: {why}");
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
mod tests;
