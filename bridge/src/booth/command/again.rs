//! `again`: after a game, the same people play once more.

use crate::booth::change::{Change, Reply};
use crate::booth::table::{Caller, Table};
use crate::messages::ErrorCode;

/// A seated player would play again.
pub(in crate::booth) struct Again;

impl Again {
    /// The wish says nothing more.
    pub(in crate::booth) fn parse() -> Result<Again, ErrorCode> {
        Ok(Again)
    }

    /// Notes the wish, unless others wait for the robot; once every
    /// person in the game has asked, the next game starts (see [`crate::booth::game::Game::again`]).
    pub(in crate::booth) fn apply(self, table: &mut Table, caller: &Caller) -> Reply {
        let seat = table.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        // Those in line for the robot come before another game of the
        // same people.
        if table.fairness.waiting() > 0 {
            return Err(ErrorCode::OthersFirst);
        }
        let game = table.game.as_mut().ok_or(ErrorCode::NoGame)?;
        match game.again(seat)? {
            Some(next) => {
                table.game = Some(next);
                Ok(vec![Change::Game])
            }
            None => Ok(vec![Change::Seats]),
        }
    }
}
