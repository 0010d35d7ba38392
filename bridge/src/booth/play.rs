//! `move`: a seated player's coin.

use std::time::Instant;

use super::{Booth, Caller, Game, Reply};
use crate::messages::ErrorCode;

impl Booth {
    /// Plays a 1-based column for a seated player whose turn it is, when
    /// the robot is ready.
    pub(super) fn play(&mut self, caller: &Caller, column: u8) -> Reply {
        let game = self.game.as_ref().ok_or(ErrorCode::NoGame)?;
        if game.board.is_over() {
            return Err(ErrorCode::GameOver);
        }
        let sides = if self.seat_of_player(caller).is_some() {
            self.sides_of(&caller.session)
        } else {
            Vec::new()
        };
        if sides.is_empty() {
            return Err(ErrorCode::NotAllowed);
        }
        if !sides.contains(&game.board.side_to_move()) {
            return Err(ErrorCode::NotYourTurn);
        }
        let game = self.drop_coin(column)?;
        // A game counts once a coin is in: starting again and again (or
        // starting and walking away) is not a game played.
        let first_coin = game.board.plies() == 1;
        let visitor_won = match (game.board.winner(), game.computer) {
            (Some(winner), Some(computer)) => winner != computer,
            _ => false,
        };
        if visitor_won && !game.tallied {
            game.tallied = true;
            self.today_mut().won_by_visitors += 1;
        }
        if first_coin {
            self.today_mut().games += 1;
        }
        self.update_robot();
        self.broadcast();
        Ok(())
    }

    /// Plays a 1-based column on the robot's board once the robot is ready
    /// for it, and restarts the idle clock; the game, for what follows.
    pub(super) fn drop_coin(&mut self, column: u8) -> Result<&mut Game, ErrorCode> {
        if !self.robot_ready() {
            return Err(ErrorCode::RobotBusy);
        }
        let game = self.game.as_mut().ok_or(ErrorCode::NoGame)?;
        game.board
            .play(usize::from(column).wrapping_sub(1))
            .map_err(|_| ErrorCode::IllegalMove)?;
        game.last_move = Instant::now();
        game.asked = false;
        Ok(game)
    }
}
