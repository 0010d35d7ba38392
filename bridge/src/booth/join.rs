//! `join`: the second seat of a game for two people.

use super::{Booth, Caller, Changed, Reply};
use crate::messages::ErrorCode;

impl Booth {
    /// Seats the caller in the free second seat; the first person cannot
    /// take it too.
    pub(super) fn join(&mut self, caller: &Caller) -> Reply {
        if !caller.may_play() {
            return Err(ErrorCode::NotAllowed);
        }
        let name = self.clients.get(&caller.id).and_then(|c| c.name.clone());
        // Each person is named on the other's screen: a seat needs a name,
        // and not the one already in the other seat.
        let name = name.ok_or(ErrorCode::BadName)?;
        if self.name_taken(&name, &caller.session) {
            return Err(ErrorCode::NameTaken);
        }
        let game = self.game.as_mut().ok_or(ErrorCode::NoGame)?;
        game.join(&caller.session, name)?;
        Ok(Changed::Seats)
    }
}
