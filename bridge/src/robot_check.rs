//! `robot-check`: a new or rebuilt robot brought up step by step, each step
//! reported as it passes or fails with what to look at. It speaks
//! `c4robot/1` itself, one command at a time, with the bridge's timeouts.
//!
//! What only eyes can tell (a cell lit, a coin in its column) is asked of a
//! [`Witness`]: the person at the robot, or the emulated robot's world,
//! which reports what physically happened.

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use serialport::SerialPort;

use crate::codec::{LineCodec, RobotCodec};
use crate::emulated_robot::EmulatedRobot;
use crate::robot_link::{Heard, Listener, Timeouts};
use crate::robot_protocol::{Colour, Command, ErrorCode, Reply};

/// Something a person would see at the robot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sight {
    /// Exactly these four cells lit in this colour, `(column, row)` from 1.
    Lit(Colour, [(u8, u8); 4]),
    /// Every cell was lit in this colour, four at a time.
    EveryCellLit(Colour),
    /// No cell lit.
    LightsOff,
    /// A coin of this colour fell into this column (1 to 7).
    Coin(Colour, u8),
    /// One coin in each column, yellow in odd columns, red in even ones.
    OneCoinPerColumn,
    /// The grid is empty.
    GridEmpty,
}

/// Something a person must do at the robot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// Cover the chute's light barrier, as a stuck coin would.
    CoverBarrier,
    /// Take the cover away.
    UncoverBarrier,
}

/// Who looks at the robot and lends it a hand.
pub trait Witness {
    /// Whether the robot shows `sight`; what was seen instead if not.
    ///
    /// # Errors
    /// What the witness saw or said instead.
    fn confirm(&mut self, sight: &Sight) -> Result<(), String>;
    /// Does `act` and returns when it is done.
    fn act(&mut self, act: Act);
}

/// The person at the robot, asked on a terminal. With `ask` false, every
/// sight is taken as seen: only what the robot reports is checked.
pub struct Person<R, W> {
    /// Answers.
    pub input: R,
    /// Questions.
    pub output: W,
    /// Whether to ask at all.
    pub ask: bool,
}

fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Yellow => "yellow",
        Colour::Red => "red",
    }
}

impl<R: BufRead, W: Write> Person<R, W> {
    fn answer(&mut self, question: &str) -> String {
        let _ = write!(self.output, "   {question} ");
        let _ = self.output.flush();
        let mut line = String::new();
        let _ = self.input.read_line(&mut line);
        line.trim().to_lowercase()
    }
}

impl<R: BufRead, W: Write> Witness for Person<R, W> {
    fn confirm(&mut self, sight: &Sight) -> Result<(), String> {
        let question = match sight {
            // Four cells at a time go by too fast to ask about each.
            Sight::Lit(..) | Sight::Coin(..) => {
                std::thread::sleep(Duration::from_millis(700));
                return Ok(());
            }
            Sight::EveryCellLit(c) => format!(
                "Did every cell light {}, four at a time, row by row from the bottom? [y/n]",
                colour_name(*c)
            ),
            Sight::LightsOff => "Are all lights off? [y/n]".to_string(),
            Sight::OneCoinPerColumn => {
                "Is there one coin in each column, yellow in 1, 3, 5, 7 and red in 2, 4, 6? [y/n]"
                    .to_string()
            }
            Sight::GridEmpty => "Did every coin fall out, leaving the grid empty? [y/n]".into(),
        };
        if !self.ask {
            return Ok(());
        }
        match self.answer(&question).as_str() {
            "y" | "yes" | "j" | "ja" | "" => Ok(()),
            other => Err(format!("you answered {other:?}")),
        }
    }

    fn act(&mut self, act: Act) {
        let request = match act {
            Act::CoverBarrier => {
                "Cover the chute's light barrier (a strip of tape or a finger), then press Enter."
            }
            Act::UncoverBarrier => "Take the cover off the light barrier, then press Enter.",
        };
        self.answer(request);
    }
}

/// The emulated robot's world as the witness: it reports every coin and
/// every frame of the lights.
pub struct EmulatedWorld<'a>(pub &'a EmulatedRobot);

/// The lights' frame for `sight`, row by row from the bottom.
fn frame(sight: &Sight) -> Option<String> {
    let mut cells = vec![b'.'; 42];
    match sight {
        Sight::LightsOff => {}
        Sight::Lit(colour, lit) => {
            for &(column, row) in lit {
                cells[usize::from((row - 1) * 7 + column - 1)] = match colour {
                    Colour::Yellow => b'Y',
                    Colour::Red => b'R',
                };
            }
        }
        _ => return None,
    }
    Some(String::from_utf8(cells).expect("ASCII"))
}

impl Witness for EmulatedWorld<'_> {
    fn confirm(&mut self, sight: &Sight) -> Result<(), String> {
        let within = Duration::from_secs(3);
        if let Some(want) = frame(sight) {
            let seen = self.0.leds()?;
            return if seen == want {
                Ok(())
            } else {
                Err(format!("the strip shows {seen}, not {want}"))
            };
        }
        match sight {
            Sight::Coin(colour, column) => {
                let want = format!(
                    "coin {} {column}",
                    &colour_name(*colour)[..1].to_uppercase()
                );
                self.0
                    .wait_for(within, |l| l == want || l.starts_with("spilled"))
                    .and_then(|l| if l == want { Ok(()) } else { Err(l) })
            }
            Sight::OneCoinPerColumn => {
                let grid = self.0.grid()?;
                let want = ["Y", "R", "Y", "R", "Y", "R", "Y"];
                if grid.iter().zip(want).all(|(g, w)| g == w) {
                    Ok(())
                } else {
                    Err(format!("the grid holds {grid:?}"))
                }
            }
            Sight::GridEmpty => {
                let grid = self.0.grid()?;
                if grid.iter().all(String::is_empty) {
                    Ok(())
                } else {
                    Err(format!("the grid still holds {grid:?}"))
                }
            }
            Sight::EveryCellLit(_) | Sight::Lit(..) | Sight::LightsOff => Ok(()),
        }
    }

    fn act(&mut self, act: Act) {
        self.0.control(match act {
            Act::CoverBarrier => "cover",
            Act::UncoverBarrier => "uncover",
        });
        // Past the emulator's next look at its control lines.
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A step that failed: what happened and where to look.
#[derive(Debug)]
pub struct Failed {
    /// What happened.
    pub what: String,
    /// What to look at.
    pub look_at: &'static str,
}

type StepResult = Result<String, Failed>;

fn failed(what: impl Into<String>, look_at: &'static str) -> Failed {
    Failed {
        what: what.into(),
        look_at,
    }
}

/// The robot on its port, one command at a time.
struct Robot {
    port: Box<dyn SerialPort>,
    listener: Listener,
    codec: LineCodec,
    timeouts: Timeouts,
    /// Comments and unreadable lines, for the report.
    said: Vec<String>,
}

/// How a command ended.
#[derive(Debug)]
enum Outcome {
    Done(Duration),
    Refused(ErrorCode, String),
    NoReceived,
    NoReady(Duration),
    PortClosed,
}

impl Robot {
    fn send(&mut self, command: &Command) -> std::io::Result<()> {
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
                Some(Heard::Comment(text)) => self.said.push(format!("# {text}")),
                Some(Heard::Unreadable(why)) => self.said.push(format!("unreadable: {why}")),
                Some(Heard::Overlong) => self.said.push("an overlong line".into()),
            }
        }
    }

    /// Sends `command` and waits for RECEIVED and READY with the bridge's
    /// timeouts.
    fn run(&mut self, command: &Command) -> Outcome {
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
    fn wait_ready(&mut self, within: Duration) -> Result<Duration, Option<(ErrorCode, String)>> {
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
    fn settle(&mut self) {
        while let Ok(Some(_)) = self.reply(Instant::now() + Duration::from_millis(300)) {}
    }
}

/// How a failed command reads for a builder.
fn explain(command: &Command, outcome: Outcome) -> Result<Duration, Failed> {
    match outcome {
        Outcome::Done(took) => Ok(took),
        Outcome::Refused(ErrorCode::Jam, text) => Err(failed(
            format!("{command}: ERROR JAM {text}"),
            "the gate of the magazine (pins 6 and 7), the chute, and the light barrier (pin 8): does the coin fall past it?",
        )),
        Outcome::Refused(ErrorCode::Empty, text) => Err(failed(
            format!("{command}: ERROR EMPTY {text}"),
            "fill the magazine; if it is full, its last-coin switch (pins 9 and 10)",
        )),
        Outcome::Refused(ErrorCode::Full, text) => Err(failed(
            format!("{command}: ERROR FULL {text}"),
            "the robot counts coins per column since its last CLEAR: was the grid emptied?",
        )),
        Outcome::Refused(code, text) => Err(failed(
            format!("{command}: ERROR {} {text}", code.as_str()),
            "the firmware's message; INTERNAL \"home switch not found\": the switch on pin 5 and the stepper's wiring",
        )),
        Outcome::NoReceived => Err(failed(
            format!("{command}: no RECEIVED within the bridge's limit"),
            "the serial line: the firmware must answer RECEIVED at once, before it moves",
        )),
        Outcome::NoReady(took) => Err(failed(
            format!("{command}: no READY after {} ms", took.as_millis()),
            "the carriage: the stepper driver (pins 2, 3, 4), its supply, STEPS_PER_COLUMN; or the bottom bar (pin 11)",
        )),
        Outcome::PortClosed => Err(failed(
            "the port closed",
            "the USB cable; a board that resets on every command draws too much from USB",
        )),
    }
}

/// The check, step by step, written to `out`; whether every step passed.
pub fn run(path: &Path, baud: u32, witness: &mut dyn Witness, out: &mut dyn Write) -> bool {
    let _ = writeln!(
        out,
        "Checking the robot on {} at {baud} baud.",
        path.display()
    );
    let mut robot = match crate::serial::open(path, baud, Duration::from_millis(20)) {
        Ok(port) => Robot {
            port,
            listener: Listener::default(),
            codec: LineCodec,
            timeouts: Timeouts::default(),
            said: Vec::new(),
        },
        Err(e) => {
            let _ = writeln!(
                out,
                "1/5 the robot answers: FAILED\n   cannot open {}: {e}\n   look at: the cable, the device's name (ls /dev/serial/by-id/), and that no other program (the bridge, a serial monitor) holds the port",
                path.display()
            );
            return false;
        }
    };
    let steps: [(&str, fn(&mut Robot, &mut dyn Witness) -> StepResult); 5] = [
        ("the robot answers", answers),
        ("each cell's light", lights),
        ("one coin into each column", one_coin_each),
        ("the grid released", released),
        ("a jam seen when the light barrier is covered", jam_seen),
    ];
    let mut passed = 0;
    for (n, (name, step)) in steps.iter().enumerate() {
        let _ = writeln!(out, "{}/5 {name} ...", n + 1);
        let _ = out.flush();
        match step(&mut robot, witness) {
            Ok(detail) => {
                passed += 1;
                let _ = writeln!(out, "   ok: {detail}");
            }
            Err(f) => {
                let _ = writeln!(out, "   FAILED: {}\n   look at: {}", f.what, f.look_at);
                for line in robot.said.drain(..) {
                    let _ = writeln!(out, "   the robot also said: {line}");
                }
                // Without an answering robot nothing else can be checked.
                if n == 0 {
                    break;
                }
                // Back to a known state for the next step.
                let _ = robot.send(&Command::Reset);
                let _ = robot.wait_ready(Duration::from_secs(20));
                robot.settle();
            }
        }
        let _ = out.flush();
    }
    let _ = writeln!(out, "{passed} of 5 steps passed.");
    passed == 5
}

/// A Uno resets when its port opens and boots for about a second; homing
/// the whole rail takes the reference robot under 5 s more.
const ANSWER_WITHIN: Duration = Duration::from_secs(12);

fn answers(robot: &mut Robot, _: &mut dyn Witness) -> StepResult {
    match robot.wait_ready(ANSWER_WITHIN) {
        Ok(took) => {
            robot.settle();
            let said = robot
                .said
                .drain(..)
                .filter(|s| s.starts_with('#'))
                .collect::<Vec<_>>()
                .join("; ");
            Ok(format!("READY after {:.1} s; {said}", took.as_secs_f64()))
        }
        Err(Some((code, text))) => Err(failed(
            format!("the robot reports ERROR {} {text}", code.as_str()),
            "the fault it names; \"home switch not found\": the switch on pin 5, the stepper driver and its supply",
        )),
        Err(None)
            if robot.listener.holds_bytes() || robot.said.iter().any(|s| !s.starts_with('#')) =>
        {
            Err(failed(
                "bytes came back, but no line of the protocol",
                "the baud rate: the firmware's BAUD (config.h) must equal the bridge's `baud`",
            ))
        }
        Err(None) => Err(failed(
            "no answer within 12 s",
            "that the firmware is flashed (make -C robot upload), the baud rate, and the USB cable",
        )),
    }
}

fn lights(robot: &mut Robot, witness: &mut dyn Witness) -> StepResult {
    for colour in [Colour::Yellow, Colour::Red] {
        for row in 1..=6 {
            for first in [1, 4] {
                let cells = [0, 1, 2, 3].map(|i| (first + i, row));
                let command = Command::Led(colour, cells);
                explain(&command, robot.run(&command))?;
                witness
                    .confirm(&Sight::Lit(colour, cells))
                    .map_err(|e| failed(e, "the strip's data line (pin 12), its supply, and that pixels run row by row from the bottom left (PIXEL_OF in config.h)"))?;
            }
        }
        witness.confirm(&Sight::EveryCellLit(colour)).map_err(|e| {
            failed(
                e,
                "the pixels that stayed dark, and YELLOW_RGB / RED_RGB in config.h",
            )
        })?;
    }
    explain(&Command::LedOff, robot.run(&Command::LedOff))?;
    witness
        .confirm(&Sight::LightsOff)
        .map_err(|e| failed(e, "the strip's data line (pin 12)"))?;
    Ok("24 groups of four cells in two colours, then all off".into())
}

fn one_coin_each(robot: &mut Robot, witness: &mut dyn Witness) -> StepResult {
    explain(&Command::Clear, robot.run(&Command::Clear))?;
    let mut slowest = Duration::ZERO;
    for column in 1..=7u8 {
        let colour = if column % 2 == 1 {
            Colour::Yellow
        } else {
            Colour::Red
        };
        let command = Command::Drop(colour, column);
        slowest = slowest.max(explain(&command, robot.run(&command))?);
        witness.confirm(&Sight::Coin(colour, column)).map_err(|e| {
            failed(
                format!("column {column}: {e}"),
                "COLUMN1_STEPS and STEPS_PER_COLUMN in config.h (docs/robot.md, calibrating)",
            )
        })?;
    }
    witness
        .confirm(&Sight::OneCoinPerColumn)
        .map_err(|e| failed(e, "COLUMN1_STEPS and STEPS_PER_COLUMN in config.h"))?;
    Ok(format!(
        "7 coins, the slowest drop {} ms (the bridge allows {} ms)",
        slowest.as_millis(),
        robot.timeouts.drop.as_millis()
    ))
}

fn released(robot: &mut Robot, witness: &mut dyn Witness) -> StepResult {
    let took = explain(&Command::Clear, robot.run(&Command::Clear))?;
    witness
        .confirm(&Sight::GridEmpty)
        .map_err(|e| failed(e, "the bottom bar's solenoid (pin 11) and RELEASE_OPEN_MS"))?;
    Ok(format!("empty after {} ms", took.as_millis()))
}

fn jam_seen(robot: &mut Robot, witness: &mut dyn Witness) -> StepResult {
    witness.act(Act::CoverBarrier);
    let command = Command::Drop(Colour::Yellow, 4);
    let outcome = robot.run(&command);
    witness.act(Act::UncoverBarrier);
    let seen = match outcome {
        Outcome::Refused(ErrorCode::Jam, text) => text,
        Outcome::Done(_) => {
            return Err(failed(
                "the robot dropped a coin although the barrier was covered: a jam would go unnoticed",
                "the light barrier's wiring (pin 8): it must read LOW while covered",
            ));
        }
        other => return Err(explain(&command, other).err().expect("not done")),
    };
    robot.settle();
    if robot.send(&Command::Reset).is_err() {
        return Err(explain(&Command::Reset, Outcome::PortClosed)
            .err()
            .expect("not done"));
    }
    robot.wait_ready(Duration::from_secs(20)).map_err(|_| {
        failed(
            "no READY after RESET",
            "the firmware: RESET must leave the fault once the barrier is clear",
        )
    })?;
    robot.settle();
    // A coin may have fallen after all: leave the grid empty.
    explain(&Command::Clear, robot.run(&Command::Clear))?;
    Ok(format!("ERROR JAM {seen}; RESET brought it back"))
}
