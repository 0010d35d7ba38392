//! `move`: a seated player's coin.

use engine::Status;

use super::{Booth, Caller, Changed, Game, Reply, seat};
use crate::messages::ErrorCode;
use crate::records::Outcome;

impl Booth {
    /// Plays a 1-based column for a seated player whose turn it is, when
    /// the robot is ready.
    pub(super) fn play(&mut self, caller: &Caller, column: u8) -> Reply {
        let game = self.game.as_ref().ok_or(ErrorCode::NoGame)?;
        let sides = if self.seat_of_player(caller).is_some() {
            self.sides_of(&caller.session)
        } else {
            Vec::new()
        };
        game.check_turn(&sides)?;
        self.drop_coin(column)?;
        self.record_move();
        Ok(Changed::Move)
    }

    /// Writes the game's moves to the records. A game counts once a coin
    /// is in: starting again and again (or starting and walking away) is
    /// not a game played.
    pub(super) fn record_move(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let moves = game.board.to_string();
        let record = match game.record {
            Some(id) => {
                self.records.update_game(id, &game.names, &moves);
                id
            }
            None => {
                let computer = game.computer.map(seat);
                let id = self
                    .records
                    .begin_game(game.mode, computer, &game.names, &moves);
                game.record = Some(id);
                id
            }
        };
        let outcome = match game.board.status() {
            Status::Won(side) => Outcome::Won(seat(side)),
            Status::Draw => Outcome::Draw,
            Status::InProgress => return,
        };
        self.records.end_game(record, outcome);
    }

    /// Plays a 1-based column on the robot's board once the robot is ready
    /// for it, and restarts the idle clock; the game, for what follows.
    pub(super) fn drop_coin(&mut self, column: u8) -> Result<&mut Game, ErrorCode> {
        if !self.robot_ready() {
            return Err(ErrorCode::RobotBusy);
        }
        let game = self.game.as_mut().ok_or(ErrorCode::NoGame)?;
        game.drop_coin(column)?;
        Ok(game)
    }
}
