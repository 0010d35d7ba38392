//! What the booth's staff ask for on the operator page, through the same
//! path as a page's message: the table changes and returns what changed,
//! and [`Booth::apply`](super::Booth) turns that into effects; the robot's
//! own requests go to its link.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::Booth;
use crate::messages::{GameMode, NoticeCode};
use crate::robot_link::OperatorRequest;

/// An operator page's button: `{"action": "rebuild"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum StaffAction {
    /// End the game on the robot.
    EndGame,
    /// End the game on the robot, and close the robot to the devices of
    /// its people for the rest of the day (never to the booth's own
    /// screens).
    EndGameAndBar,
    /// Open the robot again to every device barred today.
    LiftBars,
    /// Release every coin and place the game's coins again.
    Rebuild,
    /// Light four cells for a moment.
    TestLeds,
    /// Leave the robot's error state, then rebuild.
    Reset,
    /// Take a game out of today's hall of fame (`{"action":
    /// "hide_from_fame", "game": 12}`).
    HideFromFame {
        /// The game's number in the records.
        game: i64,
    },
    /// Take every game of today out of the hall of fame.
    ClearFame,
}

/// The game on the robot as the operator page shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameSummary {
    /// The moves so far, as a move string.
    pub moves: String,
    /// Who plays.
    pub mode: GameMode,
    /// Whether someone won or the board is full.
    pub over: bool,
    /// The seats' names.
    pub names: [Option<String>; 2],
}

impl Booth {
    /// Does what the staff asked.
    pub fn staff(&mut self, action: StaffAction) {
        match action {
            StaffAction::EndGame => self.end_game_by_staff(),
            StaffAction::EndGameAndBar => {
                if let Some(game) = &self.table.game {
                    let rest_of_day = until_midnight();
                    for seat in &game.seats {
                        if let (Some(session), Some(device)) = (&seat.session, seat.device) {
                            self.table.fairness.bar(session, device, rest_of_day);
                        }
                    }
                }
                self.end_game_by_staff();
            }
            StaffAction::LiftBars => {
                self.table.fairness.lift_bars();
                self.broadcast();
            }
            StaffAction::Rebuild => self.robot.request(OperatorRequest::Rebuild),
            StaffAction::TestLeds => self.robot.request(OperatorRequest::TestLeds),
            StaffAction::Reset => self.robot.request(OperatorRequest::Reset),
            StaffAction::HideFromFame { game } => self.hide_from_fame(Some(game)),
            StaffAction::ClearFame => self.hide_from_fame(None),
        }
    }

    /// Ends the game on the robot, if any: its people let others go first
    /// for a while (see [`super::fairness`]).
    fn end_game_by_staff(&mut self) {
        if self.table.game.is_some() {
            let changes = self.table.end_game(NoticeCode::EndedByStaff, None);
            self.apply(changes);
        }
    }

    /// How many visitors wait in line for the robot.
    pub fn line(&self) -> usize {
        self.table.fairness.waiting()
    }

    /// How many devices the staff barred for today.
    pub fn barred_devices(&self) -> usize {
        self.table.fairness.barred_count()
    }

    /// The game on the robot, if any, for the operator page.
    pub fn game_summary(&self) -> Option<GameSummary> {
        self.table.game.as_ref().map(|g| GameSummary {
            moves: g.board.to_string(),
            mode: g.mode,
            over: g.board.is_over(),
            names: g.names(),
        })
    }
}

/// The time left until the next local midnight: the end of the booth's day.
fn until_midnight() -> Duration {
    const DAY: u64 = 24 * 60 * 60;
    // SAFETY: `time` with a null pointer only returns the time;
    // `localtime_r` writes the broken-down time into `local`, which lives
    // on this stack, and reads `now` only.
    let since_midnight = unsafe {
        let now = libc::time(std::ptr::null_mut());
        let mut local: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&now, &mut local).is_null() {
            return Duration::from_secs(DAY);
        }
        u64::try_from(local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec).unwrap_or(0)
    };
    Duration::from_secs(DAY.saturating_sub(since_midnight).max(1))
}
