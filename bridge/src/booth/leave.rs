//! `leave` and `still_here`: a seated player ends the game, or says they
//! are still there.

use super::{Booth, Caller, Changed, Reply};
use crate::messages::{ErrorCode, NoticeCode};

impl Booth {
    /// Ends the game for both seats and tells everyone who left.
    pub(super) fn leave(&mut self, caller: &Caller) -> Reply {
        self.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        let name = self.clients.get(&caller.id).and_then(|c| c.name.clone());
        self.end_game(NoticeCode::PlayerLeft, name);
        Ok(Changed::Nothing)
    }

    /// Restarts the idle clock of a seated player's game.
    pub(super) fn still_here(&mut self, caller: &Caller) -> Reply {
        self.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        if let Some(game) = &mut self.game {
            game.restart_idle_clock();
        }
        Ok(Changed::Nothing)
    }
}
