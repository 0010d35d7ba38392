//! `again`: after a game, the same people play once more.

use super::{Booth, Caller, Changed, Game, Reply};
use crate::messages::{ErrorCode, GameMode};

impl Booth {
    /// Notes that the caller would play again; once every person in the
    /// game has asked, a new game starts with the same seats. Between two
    /// people the seats swap, so the other one opens; against the computer
    /// the person keeps their colour.
    pub(super) fn again(&mut self, caller: &Caller) -> Reply {
        let seat = self.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        let game = self.game.as_mut().ok_or(ErrorCode::NoGame)?;
        if !game.board.is_over() || game.mode == GameMode::Demo {
            return Err(ErrorCode::NotAllowed);
        }
        game.again[seat] = true;
        let everyone = match game.mode {
            GameMode::TwoPlayers => game.again == [true, true],
            _ => true,
        };
        if everyone {
            let mut next = match game.mode {
                GameMode::TwoPlayers => {
                    let [a, b] = game.seats.clone();
                    let [x, y] = game.names.clone();
                    Game::new(game.mode, None, [b, a], [y, x])
                }
                _ => {
                    let mut next = Game::new(
                        game.mode,
                        game.computer,
                        game.seats.clone(),
                        game.names.clone(),
                    );
                    next.booth_plays = game.booth_plays.clone();
                    next
                }
            };
            next.owner = game.owner.clone();
            self.game = Some(next);
            return Ok(Changed::Game);
        }
        Ok(Changed::Seats)
    }
}
