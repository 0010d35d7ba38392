//! The robot on its port during the check: one command at a time, with
//! the bridge's timeouts, and what it said besides its replies.

use std::time::{Duration, Instant};

use serialport::SerialPort;

use crate::codec::{LineCodec, RobotCodec};
use crate::robot_link::{Heard, Listener, Timeouts};
use crate::robot_protocol::{Command, ErrorCode, Reply};

/// Lines besides replies kept for the report.
const SAID_KEPT: usize = 10;

/// The robot on its port, one command at a time.
pub(super) struct Robot {
    pub(super) port: Box<dyn SerialPort>,
    pub(super) listener: Listener,
    pub(super) codec: LineCodec,
    pub(super) timeouts: Timeouts,
    /// Comments and unreadable lines, for the report.
    pub(super) said: Vec<String>,
}

/// How a command ended.
#[derive(Debug)]
pub(super) enum Outcome {
    Done(Duration),
    Refused(ErrorCode, String),
    NoReceived,
    NoReady(Duration),
    PortClosed,
}

impl Robot {
    pub(super) fn send(&mut self, command: &Command) -> std::io::Result<()> {
        self.port.write_all(&self.codec.encode(command))?;
        self.port.flush()
    }

    /// The next reply before `deadline`, keeping what else the robot said.
    fn reply(&mut self, deadline: Instant) -> std::io::Result<Option<Reply>> {
        loop {
            match self
                .listener
                .next(self.port.as_mut(), &self.codec, deadline)?
            {
                None => return Ok(None),
                Some(Heard::Reply(r)) => return Ok(Some(r)),
                Some(Heard::Comment(text)) => self.keep(format!("# {text}")),
                Some(Heard::Unreadable(why)) => self.keep(format!("unreadable: {why}")),
                Some(Heard::Overlong) => self.keep("an overlong line".into()),
            }
        }
    }

    /// Keeps a line for the report: the first few, not a flood's worth.
    fn keep(&mut self, line: String) {
        if self.said.len() < SAID_KEPT {
            self.said.push(line);
        }
    }

    /// Sends `command` and waits for RECEIVED and READY with the bridge's
    /// timeouts.
    pub(super) fn run(&mut self, command: &Command) -> Outcome {
        let start = Instant::now();
        if self.send(command).is_err() {
            return Outcome::PortClosed;
        }
        let mut received = false;
        let mut deadline = start + self.timeouts.received;
        loop {
            match self.reply(deadline) {
                Err(_) => return Outcome::PortClosed,
                Ok(None) if received => return Outcome::NoReady(start.elapsed()),
                Ok(None) => return Outcome::NoReceived,
                Ok(Some(Reply::Received)) if !received => {
                    received = true;
                    deadline = Instant::now() + self.timeouts.for_command(command);
                }
                Ok(Some(Reply::Ready)) if received => return Outcome::Done(start.elapsed()),
                Ok(Some(Reply::Error(code, text))) => return Outcome::Refused(code, text),
                Ok(Some(_)) => {}
            }
        }
    }

    /// PINGs every poll interval until READY, at most `within`.
    pub(super) fn wait_ready(
        &mut self,
        within: Duration,
    ) -> Result<Duration, Option<(ErrorCode, String)>> {
        let start = Instant::now();
        let mut fault = None;
        while start.elapsed() < within {
            if self.send(&Command::Ping).is_err() {
                return Err(None);
            }
            let deadline = (Instant::now() + self.timeouts.poll).min(start + within);
            while let Ok(Some(reply)) = self.reply(deadline) {
                match reply {
                    Reply::Ready => return Ok(start.elapsed()),
                    Reply::Error(code, text) => fault = Some((code, text)),
                    _ => {}
                }
            }
        }
        Err(fault)
    }

    /// Drops what the robot still says (late answers to PINGs).
    pub(super) fn settle(&mut self) {
        while let Ok(Some(_)) = self.reply(Instant::now() + Duration::from_millis(300)) {}
    }
}
