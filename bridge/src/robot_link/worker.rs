//! The link's thread: one command at a time to the robot, its replies
//! read line by line, faults polled, a vanished port reopened, and the grid
//! brought back in line with what the game wants.

use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use super::pacer::Pacer;
use super::*;
use crate::codec::MAX_LINE;

/// A fault in the words of the protocol, for the pages to say.
fn fault_of(state: LinkState, code: Option<ErrorCode>) -> Option<Fault> {
    (state == LinkState::Fault).then_some(match code {
        Some(ErrorCode::Jam) => Fault::Jammed,
        Some(ErrorCode::Empty) => Fault::MagazineEmpty,
        Some(ErrorCode::Full) => Fault::GridFull,
        Some(ErrorCode::BadCommand) => Fault::BadCommand,
        Some(ErrorCode::Internal) => Fault::Internal,
        None => Fault::NotAnswering,
    })
}

/// Why a command did not complete.
#[derive(Debug)]
enum Failure {
    /// The robot reported an error or did not finish in time.
    Fault(Option<ErrorCode>),
    /// The command was lost (no `RECEIVED`, but the robot answers `PING`).
    Lost,
    /// The port is gone or silent.
    Down,
}

/// The physical state as far as the robot confirmed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Physical {
    coins: Vec<(Colour, u8)>,
    /// `None` while unknown (after a clear the spec still wants LEDOFF).
    leds: Option<Leds>,
}

impl Physical {
    fn shows(&self, desired: &Desired) -> bool {
        self.coins == desired.coins && self.leds == Some(desired.leds)
    }
}

pub(super) struct Worker {
    pub(super) requests: Arc<Mutex<Vec<OperatorRequest>>>,
    pub(super) target: Target,
    pub(super) timeouts: Timeouts,
    pub(super) codec: Box<dyn RobotCodec>,
    pub(super) desired: Arc<(Mutex<Desired>, Condvar)>,
    pub(super) status: Arc<watch::Sender<RobotStatus>>,
    pub(super) log: Arc<Mutex<VecDeque<LogEntry>>>,
    pub(super) stop: Arc<AtomicBool>,
    /// Every fault seen so far, however fast they come.
    pub(super) faults: Arc<Mutex<FaultReports>>,
    pub(super) port: Option<Box<dyn serialport::SerialPort>>,
    /// What the robot said, line by line.
    pub(super) listener: Listener,
    /// `None`: unknown (after start, a fault or a reconnect).
    pub(super) physical: Option<Physical>,
    pub(super) started: Instant,
    pub(super) fault: Option<ErrorCode>,
    /// Since the last fault, lost command or reconnection the robot may
    /// still answer commands the link gave up on: see [`Worker::settle`].
    pub(super) unsettled: bool,
    /// Lines from the robot that mean nothing, noted once a second.
    pub(super) pacer: Pacer,
}

const LOG_LENGTH: usize = 200;

impl Worker {
    /// Notes `note`, paced by [`Pacer`] when it is of a kind that can
    /// repeat without end.
    fn note(&mut self, note: Note) {
        if !note.may_storm() {
            self.note_held(note, 0);
        } else if let Some(held) = self.pacer.pace(note.kind()) {
            self.note_held(note, held);
        }
    }

    /// Notes `note`, saying that `held` such lines before it were not.
    fn note_held(&self, note: Note, held: u64) {
        let entry = LogEntry::new(self.started.elapsed().as_millis() as u64, note, held);
        tracing::info!(target: "robot", "{}", entry.text);
        let mut log = self.log.lock().expect("log lock");
        log.push_back(entry);
        while log.len() > LOG_LENGTH {
            log.pop_front();
        }
    }

    fn publish(&self, state: LinkState) {
        // A fault that lasts (polled again and again) is one; one that
        // comes back after the robot was ready again is another.
        if state == LinkState::Fault && self.status.borrow().state != LinkState::Fault {
            let mut faults = self.faults.lock().expect("faults lock");
            faults.count += 1;
            faults.last = fault_of(state, self.fault);
        }
        // Held until the status is sent: a new game state set in between
        // would otherwise be overwritten with "in sync" for the old one.
        let desired = self.desired.0.lock().expect("desired lock");
        let in_sync = self.physical.as_ref().is_some_and(|p| p.shows(&desired));
        let placed = self.physical.as_ref().map_or(0, |p| p.coins.len());
        // Coins of the game still to come: all of them while the grid is
        // unknown or holds coins the game does not.
        let behind = match &self.physical {
            Some(p) if desired.coins.starts_with(&p.coins) => desired.coins.len() - placed,
            _ => desired.coins.len(),
        };
        let state = if state == LinkState::Working && self.physical.is_none() {
            LinkState::Restoring
        } else {
            state
        };
        self.status.send_if_modified(|s| {
            let next = RobotStatus {
                state,
                fault: fault_of(state, self.fault),
                in_sync: in_sync && state == LinkState::Ready,
                placed,
                behind,
                port: s.port.clone(),
            };
            let changed = *s != next;
            *s = next;
            changed
        });
        drop(desired);
    }

    pub(super) fn run(&mut self) {
        if self.target == Target::Dummy {
            return self.run_dummy();
        }
        while !self.stop.load(Ordering::SeqCst) {
            if self.port.is_none() && !self.connect() {
                self.publish(LinkState::Disconnected);
                std::thread::sleep(self.timeouts.poll);
                continue;
            }
            let requests = std::mem::take(&mut *self.requests.lock().expect("requests lock"));
            for request in requests {
                self.carry_out(request);
            }
            let desired = self.desired.0.lock().expect("desired lock").clone();
            match self.next_command(&desired) {
                Some(command) => {
                    self.publish(LinkState::Working);
                    match self.execute(&command) {
                        Ok(()) => self.confirm(&command),
                        Err(Failure::Lost) => self.lost(&command),
                        Err(Failure::Fault(code)) => self.recover(code),
                        Err(Failure::Down) => self.disconnected(),
                    }
                }
                None => {
                    self.publish(LinkState::Ready);
                    // While idle, look for a vanished port (a read error or
                    // end of file); not when there is work, which would delay
                    // it by the port's read timeout.
                    let idle = !self.wait_for_change(&desired);
                    if idle && self.port.is_some() {
                        match self.read_line(Duration::from_millis(1)) {
                            Err(_) => self.disconnected(),
                            // A fault the robot reports by itself (or late):
                            // what it holds is no longer known.
                            Ok(Some(Reply::Error(code, text))) => {
                                self.note(Note::IdleError {
                                    code: code.as_str(),
                                    text,
                                });
                                self.recover(Some(code));
                            }
                            Ok(_) => {}
                        }
                    }
                }
            }
        }
    }

    /// An operator's request; afterwards the loop brings the grid back to
    /// the game.
    fn carry_out(&mut self, request: OperatorRequest) {
        self.note(Note::Operator {
            request: request.name(),
        });
        let command = match request {
            OperatorRequest::Rebuild => {
                self.physical = None;
                return;
            }
            OperatorRequest::Reset => {
                // A robot answers RESET with READY once it is ready again
                // (RECEIVED before it is optional): wait for READY, then
                // rebuild.
                self.publish(LinkState::Working);
                self.physical = None;
                if self.write(&Command::Reset).is_err() || !self.poll_until_ready() {
                    self.disconnected();
                }
                return;
            }
            OperatorRequest::TestLeds => {
                Command::Led(Colour::Yellow, [(1, 1), (2, 2), (3, 3), (4, 4)])
            }
        };
        self.publish(LinkState::Working);
        match self.execute(&command) {
            Ok(()) if request == OperatorRequest::TestLeds => {
                std::thread::sleep(Duration::from_secs(1));
                // Unknown LEDs: the loop switches them back to the game's.
                if let Some(p) = &mut self.physical {
                    p.leds = None;
                }
            }
            Ok(()) => self.physical = None,
            Err(Failure::Lost) => self.note(Note::Lost {
                command: command.to_string(),
            }),
            Err(Failure::Fault(code)) => self.recover(code),
            Err(Failure::Down) => self.disconnected(),
        }
    }

    fn run_dummy(&mut self) {
        while !self.stop.load(Ordering::SeqCst) {
            let requests = std::mem::take(&mut *self.requests.lock().expect("requests lock"));
            for request in requests {
                self.note(Note::Operator {
                    request: request.name(),
                });
            }
            let desired = self.desired.0.lock().expect("desired lock").clone();
            if self.physical.as_ref().is_none_or(|p| !p.shows(&desired)) {
                self.note(Note::DummyShows {
                    coins: desired.coins.len(),
                    leds: format!("{:?}", desired.leds),
                });
                self.physical = Some(Physical {
                    coins: desired.coins.clone(),
                    leds: Some(desired.leds),
                });
            }
            self.publish(LinkState::Ready);
            self.wait_for_change(&desired);
        }
    }

    /// Sleeps until the game wants something else, at most a poll interval;
    /// whether it does.
    fn wait_for_change(&self, seen: &Desired) -> bool {
        let (lock, wake) = &*self.desired;
        let guard = lock.lock().expect("desired lock");
        if *guard != *seen {
            return true;
        }
        let (guard, _) = wake
            .wait_timeout(guard, self.timeouts.poll)
            .expect("desired lock");
        *guard != *seen
    }

    /// The next step from what the robot shows towards what the game wants.
    fn next_command(&self, desired: &Desired) -> Option<Command> {
        let Some(physical) = &self.physical else {
            return Some(Command::Clear);
        };
        if !desired.coins.starts_with(&physical.coins) {
            return Some(Command::Clear);
        }
        if let Some(&(colour, column)) = desired.coins.get(physical.coins.len()) {
            return Some(Command::Drop(colour, column));
        }
        if physical.leds != Some(desired.leds) {
            return Some(match desired.leds {
                Some((colour, cells)) => Command::Led(colour, cells),
                None => Command::LedOff,
            });
        }
        None
    }

    fn confirm(&mut self, command: &Command) {
        match command {
            Command::Clear => {
                self.physical = Some(Physical {
                    coins: Vec::new(),
                    leds: None,
                })
            }
            Command::Drop(colour, column) => {
                if let Some(p) = &mut self.physical {
                    p.coins.push((*colour, *column));
                }
            }
            Command::Led(colour, cells) => {
                if let Some(p) = &mut self.physical {
                    p.leds = Some(Some((*colour, *cells)));
                }
            }
            Command::LedOff => {
                if let Some(p) = &mut self.physical {
                    p.leds = Some(None);
                }
            }
            Command::Ping | Command::Reset => {}
        }
        self.fault = None;
    }

    fn connect(&mut self) -> bool {
        let Target::Serial { path, baud } = &self.target else {
            return false;
        };
        let Ok(mut port) = crate::serial::open(path, *baud, Duration::from_millis(20)) else {
            return false;
        };
        // Modem lines do not exist on a pseudo-terminal (ENOTTY): not fatal.
        let _ = port.write_data_terminal_ready(true);
        self.note(Note::Opened {
            port: path.display().to_string(),
        });
        self.port = Some(port);
        self.listener.clear();
        self.physical = None;
        self.publish(LinkState::Connecting);
        // Wait for the robot to say it is ready.
        self.poll_until_ready()
    }

    fn disconnected(&mut self) {
        if self.port.take().is_some() {
            self.note(Note::PortClosed);
        }
        self.physical = None;
        self.publish(LinkState::Disconnected);
    }

    /// A command whose `RECEIVED` never came while the robot answers `PING`
    /// with `READY`. That `READY` may answer an earlier `PING` and arrive
    /// late, with the command taken after all: sending a `DROP` again could
    /// put a second coin in, so the grid is rebuilt instead. The other
    /// commands do the same thing twice, and are sent again.
    fn lost(&mut self, command: &Command) {
        self.unsettled = true;
        if command.kind() == CommandKind::Drop {
            self.note(Note::MaybeLost {
                command: command.to_string(),
            });
            self.physical = None;
        } else {
            self.note(Note::Resending {
                command: command.to_string(),
            });
        }
    }

    /// After a fault: poll with PING until READY, then the grid is rebuilt.
    fn recover(&mut self, code: Option<ErrorCode>) {
        self.fault = code;
        self.physical = None;
        self.publish(LinkState::Fault);
        if !self.poll_until_ready() {
            self.disconnected();
        }
    }

    /// After a fault, a lost command or a reconnection, reads and drops
    /// what the robot still says until it has been quiet for the RECEIVED
    /// timeout. A late `RECEIVED` and `READY` of a command the link gave up
    /// on would otherwise be read as the answer to the next one, and the
    /// link would count a coin in while the robot was still dropping it, or
    /// before a jam it then reported.
    fn settle(&mut self) -> Result<(), Failure> {
        while self.unsettled {
            match self.read_line(self.timeouts.received)? {
                None => self.unsettled = false,
                Some(Reply::Error(code, text)) => {
                    self.note(Note::StillInError {
                        code: code.as_str(),
                        text,
                    });
                    return Err(Failure::Fault(Some(code)));
                }
                Some(reply) => {
                    self.note(Note::LateReply {
                        reply: format!("{reply:?}"),
                    });
                }
            }
        }
        Ok(())
    }

    /// PINGs every poll interval until the robot answers READY; false when
    /// the port is gone. Answers to earlier PINGs may still come.
    /// A robot in a fault that needs a person (a jam) leaves it only on
    /// `RESET`: the staff's reset is sent in place of the next `PING`.
    fn poll_until_ready(&mut self) -> bool {
        self.unsettled = true;
        while !self.stop.load(Ordering::SeqCst) {
            let command = if self.take_reset_request() {
                self.note(Note::Operator {
                    request: OperatorRequest::Reset.name(),
                });
                Command::Reset
            } else {
                Command::Ping
            };
            if self.write(&command).is_err() {
                return false;
            }
            let deadline = Instant::now() + self.timeouts.poll;
            while Instant::now() < deadline {
                match self.read_line(deadline - Instant::now()) {
                    Ok(Some(Reply::Ready)) => {
                        self.note(Note::Ready);
                        return true;
                    }
                    Ok(Some(Reply::Error(code, text))) => {
                        self.fault = Some(code);
                        self.note(Note::StillInError {
                            code: code.as_str(),
                            text,
                        });
                        self.publish(LinkState::Fault);
                    }
                    Ok(_) => {}
                    Err(_) => return false,
                }
            }
        }
        false
    }

    /// Whether the staff asked for a reset; the request is taken.
    fn take_reset_request(&self) -> bool {
        let mut requests = self.requests.lock().expect("requests lock");
        let before = requests.len();
        requests.retain(|r| *r != OperatorRequest::Reset);
        requests.len() != before
    }

    fn write(&mut self, command: &Command) -> Result<(), Failure> {
        let bytes = self.codec.encode(command);
        let port = self.port.as_mut().ok_or(Failure::Down)?;
        port.write_all(&bytes)
            .and_then(|()| port.flush())
            .map_err(|_| Failure::Down)?;
        Ok(())
    }

    /// One reply, waiting at most `wait`; `Ok(None)` when none came.
    /// What is not a reply is noted (paced) and skipped.
    fn read_line(&mut self, wait: Duration) -> Result<Option<Reply>, Failure> {
        let deadline = Instant::now() + wait;
        loop {
            let port = self.port.as_mut().ok_or(Failure::Down)?;
            let heard = self
                .listener
                .next(port, self.codec.as_ref(), deadline)
                .map_err(|_| Failure::Down)?;
            let note = match heard {
                None => return Ok(None),
                Some(Heard::Reply(reply)) => return Ok(Some(reply)),
                Some(Heard::Comment(text)) => Note::RobotSays { text },
                Some(Heard::Unreadable(why)) => Note::Unreadable {
                    why: why.to_string(),
                },
                Some(Heard::Overlong) => Note::Overlong { max: MAX_LINE },
            };
            self.note(note);
        }
    }

    /// Sends one command (once the robot has settled) and waits for it to
    /// finish.
    fn execute(&mut self, command: &Command) -> Result<(), Failure> {
        self.settle()?;
        let start = Instant::now();
        self.write(command)?;
        // RECEIVED within its timeout, else one PING.
        let mut received = false;
        let deadline = start + self.timeouts.received;
        while !received && Instant::now() < deadline {
            match self.read_line(deadline.saturating_duration_since(Instant::now()))? {
                Some(Reply::Received) => received = true,
                Some(Reply::Error(code, text)) => {
                    self.note(Note::CommandError {
                        command: command.to_string(),
                        code: code.as_str(),
                        text,
                    });
                    return Err(Failure::Fault(Some(code)));
                }
                _ => {}
            }
        }
        if !received {
            self.note(Note::NoReceived {
                command: command.to_string(),
            });
            self.write(&Command::Ping)?;
            let answer = self.read_line(self.timeouts.received)?;
            return match answer {
                Some(Reply::Ready) => Err(Failure::Lost),
                Some(Reply::Error(code, _)) => Err(Failure::Fault(Some(code))),
                Some(_) => Err(Failure::Fault(None)),
                None => Err(Failure::Down),
            };
        }
        let deadline = Instant::now() + self.timeouts.for_kind(command.kind());
        while Instant::now() < deadline {
            match self.read_line(deadline.saturating_duration_since(Instant::now()))? {
                Some(Reply::Ready) => {
                    self.note(Note::Done {
                        command: command.to_string(),
                        ms: start.elapsed().as_millis() as u64,
                    });
                    return Ok(());
                }
                Some(Reply::Error(code, text)) => {
                    self.note(Note::CommandError {
                        command: command.to_string(),
                        code: code.as_str(),
                        text,
                    });
                    return Err(Failure::Fault(Some(code)));
                }
                _ => {}
            }
        }
        self.note(Note::NoReady {
            command: command.to_string(),
            ms: self.timeouts.for_kind(command.kind()).as_millis() as u64,
        });
        Err(Failure::Fault(None))
    }
}
