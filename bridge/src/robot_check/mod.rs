//! `robot-check`: a new or rebuilt robot brought up step by step, each step
//! reported as it passes or fails with what to look at. It speaks
//! `c4robot/1` itself, one command at a time, with the bridge's timeouts.
//!
//! What only eyes can tell (a cell lit, a coin in its column) is asked of a
//! [`Witness`]: the person at the robot, or the emulated robot's world,
//! which reports what physically happened.

mod robot;
mod witness;

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use crate::codec::LineCodec;
use crate::robot_link::{Listener, Timeouts};
use crate::robot_protocol::{Colour, Command, ErrorCode};
use robot::{Outcome, Robot};
pub use witness::{Act, EmulatedWorld, Person, Sight, Witness};

/// A step that failed: what happened and where to look.
#[derive(Debug)]
pub struct Failed {
    /// What happened.
    pub what: String,
    /// What to look at.
    pub look_at: &'static str,
}

type StepResult = Result<String, Failed>;

/// One step of the check: what it saw, or why it failed.
type Step = fn(&mut Robot, &mut dyn Witness) -> StepResult;

fn failed(what: impl Into<String>, look_at: &'static str) -> Failed {
    Failed {
        what: what.into(),
        look_at,
    }
}

/// How long a command took, or how its failure reads for a builder.
fn explain(command: &Command, outcome: Outcome) -> Result<Duration, Failed> {
    match outcome {
        Outcome::Done(took) => Ok(took),
        other => Err(why(command, other)),
    }
}

/// What went wrong with a command that did not finish, and where to look.
fn why(command: &Command, outcome: Outcome) -> Failed {
    match outcome {
        Outcome::Done(took) => failed(
            format!(
                "{command}: done in {} ms, when it should have failed",
                took.as_millis()
            ),
            "the firmware",
        ),
        Outcome::Refused(ErrorCode::Jam, text) => failed(
            format!("{command}: ERROR JAM {text}"),
            "the gate of the magazine (pins 6 and 7), the chute, and the light barrier (pin 8): does the coin fall past it?",
        ),
        Outcome::Refused(ErrorCode::Empty, text) => failed(
            format!("{command}: ERROR EMPTY {text}"),
            "fill the magazine; if it is full, its last-coin switch (pins 9 and 10)",
        ),
        Outcome::Refused(ErrorCode::Full, text) => failed(
            format!("{command}: ERROR FULL {text}"),
            "the robot counts coins per column since its last CLEAR: was the grid emptied?",
        ),
        Outcome::Refused(code, text) => failed(
            format!("{command}: ERROR {} {text}", code.as_str()),
            "the firmware's message; INTERNAL \"home switch not found\": the switch on pin 5 and the stepper's wiring",
        ),
        Outcome::NoReceived => failed(
            format!("{command}: no RECEIVED within the bridge's limit"),
            "the serial line: the firmware must answer RECEIVED at once, before it moves",
        ),
        Outcome::NoReady(took) => failed(
            format!("{command}: no READY after {} ms", took.as_millis()),
            "the carriage: the stepper driver (pins 2, 3, 4), its supply, STEPS_PER_COLUMN; or the bottom bar (pin 11)",
        ),
        Outcome::PortClosed => failed(
            "the port closed",
            "the USB cable; a board that resets on every command draws too much from USB",
        ),
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
    let steps: [(&str, Step); 5] = [
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
        other => return Err(why(&command, other)),
    };
    robot.settle();
    if robot.send(&Command::Reset).is_err() {
        return Err(why(&Command::Reset, Outcome::PortClosed));
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
