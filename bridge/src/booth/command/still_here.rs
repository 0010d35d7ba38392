//! `still_here`: a seated player says they are still there.

use crate::booth::change::{Changes, Reply};
use crate::booth::table::{Caller, Table};
use crate::messages::ErrorCode;

/// A seated player answers "still there?".
pub(in crate::booth) struct StillHere;

impl StillHere {
    /// The answer says nothing more.
    pub(in crate::booth) fn parse() -> Result<StillHere, ErrorCode> {
        Ok(StillHere)
    }

    /// Restarts the idle clock of the caller's game.
    pub(in crate::booth) fn apply(self, table: &mut Table, caller: &Caller) -> Reply {
        table.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        if let Some(game) = &mut table.game {
            game.restart_idle_clock();
        }
        Ok(Changes::new())
    }
}
