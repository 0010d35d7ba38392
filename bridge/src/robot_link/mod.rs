//! The host side of `c4robot/1`: one command at a time, timeouts, polling
//! after faults, reopening a vanished port, and bringing the physical grid
//! back in line with the game.
//!
//! The link reconciles: the game says which coins should be in the grid and
//! which LEDs lit ([`RobotLink::set_desired`]); the link's thread compares
//! that with what the robot has confirmed and sends the next command. A new
//! game, a fault and a re-plugged cable all end the same way: the robot's
//! state is unknown, so it clears the grid and drops the game's coins again.

mod heard;
mod note;
mod pacer;
mod worker;

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;
use tokio::sync::watch;

use crate::codec::RobotCodec;
use crate::robot_protocol::{Colour, Command, CommandKind, ErrorCode, Reply};
pub use heard::{Heard, Listener};
pub use note::Note;
use pacer::Pacer;
use worker::Worker;

/// Which robot to talk to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A serial device (or pseudo-terminal) at this path.
    Serial {
        /// The device path, e.g. `/dev/ttyUSB0` or `/dev/serial/by-id/...`.
        path: PathBuf,
        /// Baud rate.
        baud: u32,
    },
    /// No hardware: every command succeeds at once and is only logged.
    Dummy,
}

/// Timeouts of the protocol.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timeouts {
    /// `RECEIVED` must arrive within this.
    pub received: Duration,
    /// A drop must finish within this.
    pub drop: Duration,
    /// A clear must finish within this.
    pub clear: Duration,
    /// LED commands must finish within this.
    pub led: Duration,
    /// Polling interval with `PING` after a fault, and for reopening a port.
    pub poll: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            received: Duration::from_millis(500),
            drop: Duration::from_secs(8),
            clear: Duration::from_secs(15),
            led: Duration::from_secs(2),
            poll: Duration::from_secs(2),
        }
    }
}

impl Timeouts {
    /// How long the robot may take, from `RECEIVED` to `READY`.
    pub fn for_command(&self, command: &Command) -> Duration {
        self.for_kind(command.kind())
    }

    fn for_kind(&self, kind: CommandKind) -> Duration {
        match kind {
            CommandKind::Drop => self.drop,
            CommandKind::Clear => self.clear,
            CommandKind::Led | CommandKind::Other => self.led,
        }
    }
}

/// Lit cells: the winner's colour and four `(column, row)` cells, 1-based.
pub type Lit = (Colour, [(u8, u8); 4]);

/// LEDs on or off.
type Leds = Option<Lit>;

/// What the game wants the robot to show.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Desired {
    /// Coins in the order they were played: colour and 1-based column.
    pub coins: Vec<(Colour, u8)>,
    /// The winning cells to light, if the game was won.
    pub leds: Leds,
}

impl Desired {
    /// What the robot shows for a game: its coins in order, and the winning
    /// four lit in the winner's colour.
    pub fn of(board: &engine::Board) -> Desired {
        let coins = board
            .moves()
            .enumerate()
            .map(|(i, c)| (Colour::of(engine::Side::to_move_after(i)), c as u8 + 1))
            .collect();
        let leds = board
            .winner()
            .zip(board.winning_line())
            .and_then(|(w, cells)| {
                let cells: Vec<(u8, u8)> =
                    cells.iter().map(|c| (c.column + 1, c.row + 1)).collect();
                Some((Colour::of(w), <[(u8, u8); 4]>::try_from(cells).ok()?))
            });
        Desired { coins, leds }
    }
}

pub use booth_protocol::{Fault, LinkState, RobotStatus};

/// One line of the link's recent history, for the operator.
#[derive(Debug, Clone, Serialize)]
pub struct LogEntry {
    /// Milliseconds since the link started.
    pub at_ms: u64,
    /// What happened, for the operator page to word.
    #[serde(flatten)]
    pub note: Note,
    /// Lines like this one that came too fast to be noted each.
    pub held: u64,
    /// What happened, in the journal's English.
    pub text: String,
}

impl LogEntry {
    fn new(at_ms: u64, note: Note, held: u64) -> LogEntry {
        let text = if held == 0 {
            note.to_string()
        } else {
            format!("{note} (and {held} more such lines not noted)")
        };
        LogEntry {
            at_ms,
            note,
            held,
            text,
        }
    }
}

/// What the booth's staff can ask of the robot from the operator page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OperatorRequest {
    /// Release every coin and rebuild the game's coins (after someone
    /// touched the grid).
    Rebuild,
    /// Light four cells for a moment, then show the game again.
    TestLeds,
    /// Send `RESET` (leave the error state), then rebuild the grid.
    Reset,
}

impl OperatorRequest {
    /// The request as the operator page's buttons name it.
    pub fn name(self) -> &'static str {
        match self {
            OperatorRequest::Rebuild => "rebuild",
            OperatorRequest::TestLeds => "test_leds",
            OperatorRequest::Reset => "reset",
        }
    }
}

/// A running link to the robot.
pub struct RobotLink {
    requests: Arc<Mutex<Vec<OperatorRequest>>>,
    desired: Arc<(Mutex<Desired>, Condvar)>,
    status: Arc<watch::Sender<RobotStatus>>,
    log: Arc<Mutex<VecDeque<LogEntry>>>,
    stop: Arc<AtomicBool>,
    faults: Arc<Mutex<FaultReports>>,
}

/// The faults the link has seen: the status shows the latest state only,
/// and a robot may report and recover hundreds of times between two looks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FaultReports {
    /// How many since the link started.
    pub count: u64,
    /// The last one's kind (`None`: the robot stopped answering).
    pub last: Option<Fault>,
}

impl RobotLink {
    /// Starts the link's thread.
    pub fn spawn(target: Target, timeouts: Timeouts, codec: Box<dyn RobotCodec>) -> RobotLink {
        let port = match &target {
            Target::Serial { path, .. } => path.display().to_string(),
            Target::Dummy => "dummy".into(),
        };
        let (tx, rx) = watch::channel(RobotStatus {
            state: LinkState::Connecting,
            fault: None,
            in_sync: false,
            placed: 0,
            behind: 0,
            port,
        });
        let tx = Arc::new(tx);
        let desired = Arc::new((Mutex::new(Desired::default()), Condvar::new()));
        let log = Arc::new(Mutex::new(VecDeque::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let faults = Arc::new(Mutex::new(FaultReports::default()));
        let mut worker = Worker {
            faults: Arc::clone(&faults),
            requests: Arc::clone(&requests),
            target,
            timeouts,
            codec,
            desired: Arc::clone(&desired),
            status: Arc::clone(&tx),
            log: Arc::clone(&log),
            stop: Arc::clone(&stop),
            port: None,
            listener: Listener::default(),
            physical: None,
            started: Instant::now(),
            fault: None,
            unsettled: true,
            pacer: Pacer::default(),
        };
        std::thread::Builder::new()
            .name("robot-link".into())
            .spawn(move || worker.run())
            .expect("a thread can be started");
        drop(rx);
        RobotLink {
            requests,
            desired,
            status: tx,
            log,
            stop,
            faults,
        }
    }

    /// The faults seen so far.
    pub fn fault_reports(&self) -> FaultReports {
        *self.faults.lock().expect("faults lock")
    }

    /// What the robot should show from now on.
    pub fn set_desired(&self, desired: Desired) {
        let (lock, wake) = &*self.desired;
        let mut current = lock.lock().expect("desired lock");
        if *current != desired {
            *current = desired;
            // Out of step until the robot confirms: no move meanwhile.
            self.status.send_modify(|s| s.in_sync = false);
        }
        wake.notify_all();
    }

    /// Queues a request of the booth's staff; the link carries it out
    /// between commands.
    pub fn request(&self, request: OperatorRequest) {
        self.requests.lock().expect("requests lock").push(request);
        self.status.send_modify(|s| s.in_sync = false);
        self.desired.1.notify_all();
    }

    /// The status, updated after every change.
    pub fn status(&self) -> watch::Receiver<RobotStatus> {
        self.status.subscribe()
    }

    /// The most recent commands and replies, oldest first.
    pub fn recent(&self) -> Vec<LogEntry> {
        self.log.lock().expect("log lock").iter().cloned().collect()
    }
}

impl Drop for RobotLink {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.desired.1.notify_all();
    }
}
