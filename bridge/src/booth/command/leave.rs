//! `leave`: a seated player ends the game.

use crate::booth::change::Reply;
use crate::booth::table::{Caller, Table};
use crate::messages::{ErrorCode, NoticeCode};

/// A seated player ends the game.
pub(in crate::booth) struct Leave;

impl Leave {
    /// A leave says nothing more.
    pub(in crate::booth) fn parse() -> Result<Leave, ErrorCode> {
        Ok(Leave)
    }

    /// Ends the game for both seats and tells everyone who left.
    pub(in crate::booth) fn apply(self, table: &mut Table, caller: &Caller) -> Reply {
        let seat = table.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        // The name the seat was taken under: a page that came back may
        // have said hello without one.
        let name = table
            .game
            .as_ref()
            .and_then(|g| g.seats[seat].name.clone())
            .or_else(|| table.name_of(caller.id));
        Ok(table.end_game(NoticeCode::PlayerLeft, name))
    }
}
