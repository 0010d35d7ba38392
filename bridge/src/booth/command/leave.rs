//! `leave` and `still_here`: a seated player ends the game, or says they
//! are still there.

use crate::booth::change::{Changes, Reply};
use crate::booth::table::{Caller, Table};
use crate::messages::{ErrorCode, NoticeCode};

/// A seated player ends the game.
pub(in crate::booth) struct Leave;

impl Leave {
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

/// A seated player answers "still there?".
pub(in crate::booth) struct StillHere;

impl StillHere {
    /// Restarts the idle clock of the caller's game.
    pub(in crate::booth) fn apply(self, table: &mut Table, caller: &Caller) -> Reply {
        table.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        if let Some(game) = &mut table.game {
            game.restart_idle_clock();
        }
        Ok(Changes::new())
    }
}
