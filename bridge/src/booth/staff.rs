//! What the booth's staff ask for on the operator page, through the same
//! path as a page's message: the table changes and returns what changed,
//! and [`Booth::apply`](super::Booth) turns that into effects; the robot's
//! own requests go to its link.

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
    /// Release every coin and place the game's coins again.
    Rebuild,
    /// Light four cells for a moment.
    TestLeds,
    /// Leave the robot's error state, then rebuild.
    Reset,
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
            StaffAction::EndGame => {
                if self.table.game.is_some() {
                    let changes = self.table.end_game(NoticeCode::EndedByStaff, None);
                    self.apply(changes);
                }
            }
            StaffAction::Rebuild => self.robot.request(OperatorRequest::Rebuild),
            StaffAction::TestLeds => self.robot.request(OperatorRequest::TestLeds),
            StaffAction::Reset => self.robot.request(OperatorRequest::Reset),
        }
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
