//! `again`: after a game, the same people play once more.

use super::{Booth, Caller, Changed, Reply};
use crate::messages::ErrorCode;

impl Booth {
    /// Notes that the caller would play again; once every person in the
    /// game has asked, the next game starts (see [`super::Game::again`]).
    pub(super) fn again(&mut self, caller: &Caller) -> Reply {
        let seat = self.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        let game = self.game.as_mut().ok_or(ErrorCode::NoGame)?;
        match game.again(seat)? {
            Some(next) => {
                self.game = Some(next);
                Ok(Changed::Game)
            }
            None => Ok(Changed::Seats),
        }
    }
}
