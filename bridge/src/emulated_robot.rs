//! The reference firmware (`robot/firmware`) running on the emulated Uno
//! (`robot/emulator`), started as a child process: a robot that is not
//! written beside the bridge, behind a pseudo-terminal the bridge opens like
//! any serial port.
//!
//! The emulator reports what happens in its world one line at a time
//! (`coin Y 3`, `lit ...`, `reset ...`); [`EmulatedRobot`] keeps the lines
//! for whoever asks and logs them. Lines sent with [`EmulatedRobot::act`]
//! act on the world as a person at the robot would: `jam`, `unjam`, `cover`, `empty Y`, `fill Y`, `button`,
//! `unplug <ms>`, `noise <n>`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How to start the emulated robot.
#[derive(Debug, Clone)]
pub struct EmulatorOptions {
    /// The folder `make -C robot` builds into: `uno` and `uno-<baud>/`.
    pub build: PathBuf,
    /// The firmware's serial speed: the image built for it is used.
    pub baud: u32,
    /// Where the port appears (a link to the pseudo-terminal).
    pub link: PathBuf,
    /// Reset the chip whenever the port is opened, as a Uno does.
    pub reset_on_open: bool,
}

impl EmulatorOptions {
    /// The firmware built for `baud` in `build`, reset on open, its port
    /// at a fresh link in the temporary folder.
    pub fn new(build: impl Into<PathBuf>, baud: u32) -> EmulatorOptions {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        EmulatorOptions {
            build: build.into(),
            baud,
            link: std::env::temp_dir().join(format!("c4-uno-{}-{n}", std::process::id())),
            reset_on_open: true,
        }
    }

    fn firmware(&self) -> PathBuf {
        self.build
            .join(format!("uno-{}", self.baud))
            .join("c4robot.hex")
    }
}

/// Where `make -C robot` put its build, seen from here: `$C4_ROBOT_BUILD`,
/// the repository's `robot/build` beside `target/` (for a binary built
/// there), or `robot/build` under the current folder.
pub fn default_build() -> PathBuf {
    if let Some(dir) = std::env::var_os("C4_ROBOT_BUILD") {
        return dir.into();
    }
    let beside_target = std::env::current_exe().ok().and_then(|exe| {
        exe.ancestors()
            .find(|a| a.file_name().is_some_and(|n| n == "target"))
            .and_then(Path::parent)
            .map(|repo| repo.join("robot/build"))
    });
    match beside_target {
        Some(dir) if dir.join("uno").exists() => dir,
        _ => PathBuf::from("robot/build"),
    }
}

/// Events kept for [`EmulatedRobot::wait_for`]: beyond this, new ones are
/// dropped until somebody reads.
const EVENTS_KEPT: usize = 1000;

/// The lag in an emulator's `behind <ms> ms: ...` line.
fn behind_ms(line: &str) -> Option<u32> {
    line.strip_prefix("behind ")?
        .split_once(" ms")?
        .0
        .parse()
        .ok()
}

fn keep(events: &SyncSender<String>, line: String) {
    let _ = events.try_send(line);
}

/// The emulated Uno, running until dropped.
pub struct EmulatedRobot {
    child: Child,
    stdin: Mutex<ChildStdin>,
    link: PathBuf,
    events: Mutex<Receiver<String>>,
    most_behind_ms: Arc<AtomicU32>,
}

impl EmulatedRobot {
    /// Starts the emulator and waits until its port exists.
    ///
    /// # Errors
    /// A message a person can act on: what is missing and how to build it,
    /// or why the emulator stopped.
    pub fn start(options: &EmulatorOptions) -> Result<EmulatedRobot, String> {
        let uno = options.build.join("uno");
        let firmware = options.firmware();
        for (file, what) in [(&uno, "the emulated Uno"), (&firmware, "the firmware")] {
            if !file.exists() {
                return Err(format!(
                    "{what} is not built ({} is missing): run `make -C robot` (docs/robot.md)",
                    file.display()
                ));
            }
        }
        let mut command = Command::new(&uno);
        command
            .arg("--firmware")
            .arg(&firmware)
            .arg("--link")
            .arg(&options.link)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if options.reset_on_open {
            command.arg("--reset-on-open");
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", uno.display()))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        // Bounded: in a booth that runs all day and never asks, events past
        // the first unread ones are only logged.
        let (tx, rx) = sync_channel::<String>(EVENTS_KEPT);
        let most_behind_ms = Arc::new(AtomicU32::new(0));
        let behind = most_behind_ms.clone();
        std::thread::Builder::new()
            .name("emulated-robot".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    tracing::info!(target: "emulator", "{line}");
                    if let Some(ms) = behind_ms(&line) {
                        behind.fetch_max(ms, Ordering::Relaxed);
                    }
                    keep(&tx, line);
                }
            })
            .map_err(|e| e.to_string())?;
        let robot = EmulatedRobot {
            child,
            stdin: Mutex::new(stdin),
            link: options.link.clone(),
            events: Mutex::new(rx),
            most_behind_ms,
        };
        robot
            .wait_for(Duration::from_secs(10), |l| l.starts_with("port "))
            .map_err(|e| format!("the emulated Uno did not start: {e}"))?;
        Ok(robot)
    }

    /// How far the emulated chip fell behind the wall clock at worst, in
    /// milliseconds (0 while it kept real time). The bridge's timeouts
    /// count wall time, so on a host too busy to emulate the chip every
    /// motion looks slow: a failed test says so with this.
    pub fn most_behind_ms(&self) -> u32 {
        self.most_behind_ms.load(Ordering::Relaxed)
    }

    /// The port the bridge opens.
    pub fn path(&self) -> &Path {
        &self.link
    }

    /// Acts on the robot's world as a person would (see the module's doc).
    pub fn control(&self, line: &str) {
        let mut stdin = self.stdin.lock().expect("stdin lock");
        // A dead emulator shows in the next wait_for.
        let _ = writeln!(stdin, "{line}").and_then(|()| stdin.flush());
    }

    /// Acts on the world as [`EmulatedRobot::control`] does and waits until
    /// the emulator has done it (its `ok ...`): a command sent to the robot
    /// after this meets the world changed.
    ///
    /// # Errors
    /// When the emulator did not understand or does not answer.
    pub fn act(&self, line: &str) -> Result<(), String> {
        self.forget_events();
        self.control(line);
        self.wait_for(Duration::from_secs(5), |l| {
            l.starts_with("ok ") || l.starts_with("? ")
        })
        .and_then(|l| if l.starts_with("ok ") { Ok(()) } else { Err(l) })
    }

    /// Waits for the first event that `want` accepts, dropping the others.
    ///
    /// # Errors
    /// The events seen meanwhile, when none was wanted within `within` or
    /// the emulator stopped.
    pub fn wait_for(
        &self,
        within: Duration,
        want: impl Fn(&str) -> bool,
    ) -> Result<String, String> {
        let deadline = Instant::now() + within;
        let events = self.events.lock().expect("events lock");
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match events.recv_timeout(left) {
                Ok(line) if want(&line) => return Ok(line),
                Ok(line) => {
                    seen.push(line);
                    if seen.len() > 50 {
                        seen.remove(0);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("not within {within:?}; last events: {seen:?}"));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("the emulator stopped; last events: {seen:?}"));
                }
            }
        }
    }

    /// Drops the events seen so far.
    pub fn forget_events(&self) {
        let events = self.events.lock().expect("events lock");
        while events.try_recv().is_ok() {}
    }

    /// The coins in the physical grid: per column, bottom first, `Y` or `R`.
    ///
    /// # Errors
    /// When the emulator does not answer.
    pub fn grid(&self) -> Result<[String; 7], String> {
        self.forget_events();
        self.control("grid");
        let line = self.wait_for(Duration::from_secs(5), |l| l.starts_with("grid "))?;
        let columns: Vec<String> = line[5..]
            .split(' ')
            .map(|c| c.trim_matches('.').to_string())
            .collect();
        columns
            .try_into()
            .map_err(|c| format!("not a grid of 7 columns: {c:?}"))
    }

    /// The lit cells, row by row from the bottom: `.`, `Y`, `R` or `?`.
    ///
    /// # Errors
    /// When the emulator does not answer.
    pub fn leds(&self) -> Result<String, String> {
        self.forget_events();
        self.control("leds");
        let line = self.wait_for(Duration::from_secs(5), |l| l.starts_with("leds "))?;
        Ok(line[5..].to_string())
    }
}

impl Drop for EmulatedRobot {
    fn drop(&mut self) {
        self.control("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::behind_ms;

    #[test]
    fn the_emulators_lag_is_read_from_its_line_and_nothing_else() {
        assert_eq!(
            behind_ms("behind 250 ms: the host is too busy to run the chip in real time"),
            Some(250)
        );
        assert_eq!(behind_ms("coin Y 3"), None);
        assert_eq!(behind_ms("behind schedule"), None);
    }
}
