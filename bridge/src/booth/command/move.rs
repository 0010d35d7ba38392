//! `move`: a seated player's coin (`Command::Move`).

use super::Context;
use crate::booth::change::{Change, Reply};
use crate::booth::table::{Caller, Table};
use crate::messages::ErrorCode;

/// A coin in a 1-based column.
pub(in crate::booth) struct Move {
    column: u8,
}

impl Move {
    /// Any column parses: whether the board has it is the game's to say,
    /// after whether there is a game and whose turn it is.
    pub(in crate::booth) fn parse(column: u8) -> Result<Move, ErrorCode> {
        Ok(Move { column })
    }

    /// Plays the column for a seated player whose turn it is, when the
    /// robot is ready for it.
    pub(in crate::booth) fn apply(
        self,
        table: &mut Table,
        caller: &Caller,
        context: &Context,
    ) -> Reply {
        let sides = if table.seat_of_player(caller).is_some() {
            table.sides_of(&caller.session)
        } else {
            Vec::new()
        };
        let game = table.game.as_mut().ok_or(ErrorCode::NoGame)?;
        game.check_turn(&sides)?;
        if !context.robot_ready {
            return Err(ErrorCode::RobotBusy);
        }
        game.drop_coin(self.column)?;
        Ok(vec![Change::Coin])
    }
}
