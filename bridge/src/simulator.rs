//! A robot on a pseudo-terminal that speaks `c4robot/1`, with mechanical
//! delays, injected faults, and a count of the host's protocol violations.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serialport::{SerialPort, TTYPort};

use crate::codec::{MAX_LINE, parse_command};
use crate::robot_protocol::{Colour, Command};

/// A fault the simulator can inject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// `ERROR JAM` instead of finishing the drop.
    Jam,
    /// No `RECEIVED`: the command is lost.
    MissingReceived,
    /// `RECEIVED`, then silence.
    Timeout,
    /// The port closes and comes back.
    Close,
}

/// Chances per command (0 to 1) of each fault.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct FaultRates {
    /// `ERROR JAM` instead of finishing a drop.
    pub jam: f64,
    /// No `RECEIVED` (the command is lost).
    pub missing_received: f64,
    /// `RECEIVED` and then silence.
    pub timeout: f64,
    /// The port closes (a pulled USB cable) and comes back.
    pub close: f64,
}

impl FaultRates {
    /// The same chance for every fault, split evenly.
    pub fn uniform(total: f64) -> FaultRates {
        let each = total / 4.0;
        FaultRates {
            jam: each,
            missing_received: each,
            timeout: each,
            close: each,
        }
    }
}

/// How the simulated robot behaves.
#[derive(Debug, Clone)]
pub struct SimulatorConfig {
    /// Time a drop or clear takes.
    pub motion: Duration,
    /// Faults to inject.
    pub faults: FaultRates,
    /// How long the "operator" needs to fix a jam or a timeout.
    pub repair: Duration,
    /// How long the port stays away after closing.
    pub replug: Duration,
    /// Seed of the fault dice.
    pub seed: u64,
    /// Print the grid after every change.
    pub render: bool,
    /// A stable path that always points at the current device (the device
    /// changes when the port is closed and comes back).
    pub link: PathBuf,
}

impl Default for SimulatorConfig {
    fn default() -> Self {
        SimulatorConfig {
            motion: Duration::from_millis(300),
            faults: FaultRates::default(),
            repair: Duration::from_secs(3),
            replug: Duration::from_secs(1),
            seed: 1,
            render: false,
            link: std::env::temp_dir().join(format!("{LINK_PREFIX}{}", std::process::id())),
        }
    }
}

/// The simulator's links are `c4robot-sim-<process id>` in the temporary
/// directory.
const LINK_PREFIX: &str = "c4robot-sim-";

/// Removes the links in `dir` that simulators of processes no longer
/// running left behind (a bridge killed with SIGKILL cannot remove its
/// own); the number removed.
pub fn remove_stale_links(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let pid = name.to_str().and_then(|n| n.strip_prefix(LINK_PREFIX));
            let gone = pid
                .and_then(|p| p.parse::<u32>().ok())
                .is_some_and(|p| !Path::new(&format!("/proc/{p}")).exists());
            gone && e.file_type().is_ok_and(|t| t.is_symlink())
        })
        .filter(|e| std::fs::remove_file(e.path()).is_ok())
        .count()
}

/// The physical grid: `grid[column][row]`, row 0 at the bottom.
pub type Grid = [[Option<Colour>; 6]; 7];

/// The command lines received, with the time each arrived: the newest
/// [`RECEIVED_KEPT`], so that a simulated robot running all day does not
/// grow.
pub type Received = Arc<Mutex<std::collections::VecDeque<(Instant, String)>>>;

/// Command lines the simulator keeps until they are taken.
pub const RECEIVED_KEPT: usize = 10_000;

/// What the simulator has counted.
#[derive(Debug, Default)]
pub struct Counters {
    /// Commands that broke the host's rules.
    pub host_faults: AtomicU32,
    /// Faults injected.
    pub faults_injected: AtomicU32,
    /// Commands received.
    pub commands: AtomicU32,
}

/// A running simulator.
pub struct Simulator {
    link: PathBuf,
    grid: Arc<Mutex<Grid>>,
    counters: Arc<Counters>,
    stop: Arc<AtomicBool>,
    forced: Arc<Mutex<Option<Fault>>>,
    received: Received,
    thread: Option<JoinHandle<()>>,
}

impl Simulator {
    /// Starts a simulator on a new pseudo-terminal.
    ///
    /// # Errors
    /// When no pseudo-terminal can be made.
    pub fn start(config: SimulatorConfig) -> std::io::Result<Simulator> {
        let grid = Arc::new(Mutex::new([[None; 6]; 7]));
        let counters = Arc::new(Counters::default());
        let stop = Arc::new(AtomicBool::new(false));
        let forced = Arc::new(Mutex::new(None));
        let received: Received = Arc::default();
        if let Some(dir) = config.link.parent() {
            let stale = remove_stale_links(dir);
            if stale > 0 {
                tracing::info!("removed {stale} simulator link(s) of bridges no longer running");
            }
        }
        let device = Device::open(&config.link)?;
        let mut robot = Robot {
            config: config.clone(),
            device: Some(device),
            grid: Arc::clone(&grid),
            counters: Arc::clone(&counters),
            stop: Arc::clone(&stop),
            forced: Arc::clone(&forced),
            received: Arc::clone(&received),
            state: State::Ready,
            rng: config.seed.max(1),
            error_since: None,
        };
        let thread = std::thread::Builder::new()
            .name("robot-simulator".into())
            .spawn(move || robot.run())?;
        Ok(Simulator {
            link: config.link,
            grid,
            counters,
            stop,
            forced,
            received,
            thread: Some(thread),
        })
    }

    /// The path the host opens (a link to the current device).
    pub fn path(&self) -> &Path {
        &self.link
    }

    /// The coins in the grid now.
    pub fn grid(&self) -> Grid {
        *self.grid.lock().expect("grid lock")
    }

    /// What was counted.
    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// Takes the lines received so far, with their arrival times.
    pub fn take_received(&self) -> Vec<(Instant, String)> {
        std::mem::take(&mut *self.received.lock().expect("received lock")).into()
    }

    /// Makes the next drop fail with `fault`, whatever the dice say.
    pub fn inject_on_next_drop(&self, fault: Fault) {
        *self.forced.lock().expect("forced lock") = Some(fault);
    }
}

impl Drop for Simulator {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        let _ = std::fs::remove_file(&self.link);
    }
}

/// One pseudo-terminal: the master side the robot speaks on. The slave side
/// is closed at once (serialport locks what it opens), so the host can open
/// it by path; until it does, reading the master fails and is retried.
struct Device {
    master: TTYPort,
}

impl Device {
    fn open(link: &Path) -> std::io::Result<Device> {
        let (mut master, slave) = TTYPort::pair().map_err(std::io::Error::other)?;
        master
            .set_timeout(Duration::from_millis(20))
            .map_err(std::io::Error::other)?;
        let name = slave
            .name()
            .ok_or_else(|| std::io::Error::other("the pty has no name"))?;
        drop(slave);
        let _ = std::fs::remove_file(link);
        std::os::unix::fs::symlink(&name, link)?;
        Ok(Device { master })
    }
}

#[derive(Debug, Clone, PartialEq)]
enum State {
    Ready,
    Error(String),
}

struct Robot {
    config: SimulatorConfig,
    device: Option<Device>,
    grid: Arc<Mutex<Grid>>,
    counters: Arc<Counters>,
    stop: Arc<AtomicBool>,
    forced: Arc<Mutex<Option<Fault>>>,
    received: Received,
    state: State,
    rng: u64,
    error_since: Option<Instant>,
}

impl Robot {
    fn roll(&mut self, p: f64) -> bool {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        p > 0.0 && ((self.rng >> 11) as f64 / (1u64 << 53) as f64) < p
    }

    fn send(&mut self, line: &str) {
        if let Some(d) = &mut self.device {
            let _ = d.master.write_all(format!("{line}\n").as_bytes());
            let _ = d.master.flush();
        }
    }

    fn run(&mut self) {
        self.send("READY");
        let mut buffer = Vec::new();
        let mut chunk = [0u8; 256];
        while !self.stop.load(Ordering::SeqCst) {
            // The operator fixes a fault after a while.
            if self
                .error_since
                .is_some_and(|since| since.elapsed() >= self.config.repair)
            {
                self.error_since = None;
                // A reported fault ends with READY; after a silent hang the
                // host finds out by PING (an unsolicited READY would read as
                // the end of the command it still waits for).
                let announce = matches!(&self.state, State::Error(e) if e.starts_with("JAM"));
                self.state = State::Ready;
                if announce {
                    self.send("READY");
                }
            }
            let Some(device) = &mut self.device else {
                break;
            };
            match device.master.read(&mut chunk) {
                Ok(0) => std::thread::sleep(Duration::from_millis(10)),
                Ok(n) => buffer.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => continue,
                Err(_) => std::thread::sleep(Duration::from_millis(10)),
            }
            while let Some(end) = buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = buffer.drain(..=end).collect();
                self.handle(&line[..line.len() - 1]);
            }
            if buffer.len() > MAX_LINE * 4 {
                self.counters.host_faults.fetch_add(1, Ordering::SeqCst);
                buffer.clear();
            }
        }
    }

    fn host_fault(&mut self, what: &str) {
        self.counters.host_faults.fetch_add(1, Ordering::SeqCst);
        tracing::warn!("simulator: host fault: {what}");
    }

    fn handle(&mut self, line: &[u8]) {
        self.counters.commands.fetch_add(1, Ordering::SeqCst);
        let text = String::from_utf8_lossy(line).into_owned();
        let mut received = self.received.lock().expect("received lock");
        if received.len() >= RECEIVED_KEPT {
            received.pop_front();
        }
        received.push_back((Instant::now(), text));
        drop(received);
        let command = match parse_command(line) {
            Ok(c) => c,
            Err(e) => {
                self.host_fault(&e.0);
                return self.send("ERROR BADCMD malformed command");
            }
        };
        match (&self.state, &command) {
            (_, Command::Ping) => {
                let line = match &self.state {
                    State::Ready => "READY".to_string(),
                    State::Error(e) => format!("ERROR {e}"),
                };
                return self.send(&line);
            }
            (State::Error(_), Command::Reset) => {
                self.state = State::Ready;
                self.error_since = None;
                return self.send("READY");
            }
            (State::Error(e), _) => {
                let e = e.clone();
                self.host_fault("command while in ERROR");
                return self.send(&format!("ERROR {e}"));
            }
            (State::Ready, Command::Reset) => return self.send("READY"),
            _ => {}
        }
        let faults = self.config.faults;
        let forced = if matches!(command, Command::Drop(..)) {
            self.forced.lock().expect("forced lock").take()
        } else {
            None
        };
        if forced == Some(Fault::Close) || self.roll(faults.close) {
            self.counters.faults_injected.fetch_add(1, Ordering::SeqCst);
            return self.unplug();
        }
        if forced == Some(Fault::MissingReceived) || self.roll(faults.missing_received) {
            self.counters.faults_injected.fetch_add(1, Ordering::SeqCst);
            return;
        }
        self.send("RECEIVED");
        if forced == Some(Fault::Timeout) || self.roll(faults.timeout) {
            self.counters.faults_injected.fetch_add(1, Ordering::SeqCst);
            // Stuck: silent until the operator fixes it.
            self.state = State::Error("INTERNAL motion timed out".into());
            self.error_since = Some(Instant::now());
            return;
        }
        match command {
            Command::Drop(colour, column) => {
                self.send("BUSY");
                std::thread::sleep(self.config.motion);
                let jam = forced == Some(Fault::Jam) || self.roll(faults.jam);
                if jam {
                    self.counters.faults_injected.fetch_add(1, Ordering::SeqCst);
                    self.state = State::Error("JAM coin stuck in the chute".into());
                    self.error_since = Some(Instant::now());
                    return self.send("ERROR JAM coin stuck in the chute");
                }
                let placed = {
                    let mut grid = self.grid.lock().expect("grid lock");
                    let col = &mut grid[usize::from(column - 1)];
                    col.iter_mut()
                        .find(|c| c.is_none())
                        .map(|cell| *cell = Some(colour))
                        .is_some()
                };
                if !placed {
                    self.host_fault("coin into a full column");
                    return self.send("ERROR FULL column is full");
                }
                self.render();
                self.send("READY");
            }
            Command::Clear => {
                self.send("BUSY");
                std::thread::sleep(self.config.motion);
                *self.grid.lock().expect("grid lock") = [[None; 6]; 7];
                self.render();
                self.send("READY");
            }
            Command::Led(..) | Command::LedOff => self.send("READY"),
            Command::Ping | Command::Reset => unreachable!("answered above"),
        }
    }

    /// The port vanishes and a new device appears at the same link.
    fn unplug(&mut self) {
        self.device = None;
        std::thread::sleep(self.config.replug);
        match Device::open(&self.config.link) {
            Ok(d) => {
                self.device = Some(d);
                self.state = State::Ready;
                self.send("READY");
            }
            Err(e) => tracing::error!("simulator: cannot come back: {e}"),
        }
    }

    fn render(&self) {
        if !self.config.render {
            return;
        }
        let grid = self.grid.lock().expect("grid lock");
        let mut text = String::from("\n");
        for row in (0..6).rev() {
            text.push('|');
            for column in grid.iter() {
                text.push_str(match column[row] {
                    None => " .",
                    Some(Colour::Yellow) => " Y",
                    Some(Colour::Red) => " R",
                });
            }
            text.push_str(" |\n");
        }
        text.push_str(&format!(
            "  1 2 3 4 5 6 7   host faults: {}, faults injected: {}\n",
            self.counters.host_faults.load(Ordering::SeqCst),
            self.counters.faults_injected.load(Ordering::SeqCst)
        ));
        print!("{text}");
    }
}
