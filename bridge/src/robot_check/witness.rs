//! Who looks at the robot during the check: what only eyes can tell (a
//! cell lit, a coin in its column) and what only hands can do (cover the
//! light barrier).

use std::io::{BufRead, Write};
use std::time::Duration;

use crate::emulated_robot::EmulatedRobot;
use crate::robot_protocol::Colour;

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
        let done = self.0.act(match act {
            Act::CoverBarrier => "cover",
            Act::UncoverBarrier => "uncover",
        });
        if let Err(e) = done {
            tracing::warn!("the emulated robot did not {act:?}: {e}");
        }
    }
}
