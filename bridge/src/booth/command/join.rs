//! `join`: the second seat of a game for two people.

use crate::booth::change::{Change, Reply};
use crate::booth::table::{Caller, Table};
use crate::messages::ErrorCode;

/// Takes the free second seat.
pub(in crate::booth) struct Join;

impl Join {
    /// A join says nothing more: the seat is the free one.
    pub(in crate::booth) fn parse() -> Result<Join, ErrorCode> {
        Ok(Join)
    }

    /// Seats the caller in the free second seat under their name (not a
    /// device the staff barred); the first person cannot take it too.
    pub(in crate::booth) fn apply(self, table: &mut Table, caller: &Caller) -> Reply {
        if !caller.may_play() {
            return Err(ErrorCode::NotAllowed);
        }
        if table.fairness.barred(&caller.session, caller.device()) {
            return Err(ErrorCode::Barred);
        }
        // Each person is named on the other's screen: a seat needs a name,
        // and not the one already in the other seat.
        let name = table.name_of(caller.id).ok_or(ErrorCode::BadName)?;
        if table.name_taken(&name, &caller.session) {
            return Err(ErrorCode::NameTaken);
        }
        let shown = table.shows_name(caller.id);
        let game = table.game.as_mut().ok_or(ErrorCode::NoGame)?;
        game.join(&caller.session, name, shown)?;
        game.seats[1].device = caller.device();
        // Seated: no longer in line.
        table.fairness.took(&caller.session, caller.device());
        Ok(vec![Change::Seats])
    }
}
