//! `start`: a game on the robot, against the computer or for two people.

use engine::Side;

use super::{Booth, Caller, Game, Reply};
use crate::messages::{ErrorCode, GameMode};
use crate::records::Outcome;

/// The computer's name in its seat.
const COMPUTER: &str = "Computer";

impl Booth {
    /// Starts a game if the robot is free (a demo gives way to any visitor)
    /// or the caller is playing the game on it.
    pub(super) fn start(&mut self, caller: &Caller, mode: GameMode, computer_first: bool) -> Reply {
        if !caller.may_play() {
            return Err(ErrorCode::NotAllowed);
        }
        let running = self
            .game
            .as_ref()
            .is_some_and(|g| !g.board.is_over() && g.mode != GameMode::Demo);
        if running && self.seat_of(&caller.session).is_none() {
            return Err(ErrorCode::Busy);
        }
        let session = Some(caller.session.clone());
        let seats = match mode {
            GameMode::VsComputer => [session.clone(), session],
            GameMode::TwoPlayers => [session, None],
            // Only the bridge starts demos.
            GameMode::Demo => return Err(ErrorCode::NotAllowed),
        };
        let computer = (mode == GameMode::VsComputer).then_some(if computer_first {
            Side::First
        } else {
            Side::Second
        });
        let name = self.clients.get(&caller.id).and_then(|c| c.name.clone());
        let names = match computer {
            Some(Side::First) => [Some(COMPUTER.into()), name],
            Some(Side::Second) => [name, Some(COMPUTER.into())],
            None => [name, None],
        };
        self.close_record(Outcome::Restarted);
        self.game = Some(Game::new(mode, computer, seats, names));
        self.update_robot();
        self.broadcast();
        Ok(())
    }
}
