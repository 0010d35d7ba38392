//! `start`: a game on the robot, against the computer or for two people.

use engine::Side;
use engine::player::LevelSpec;

use super::{Booth, Caller, Changed, Game, Reply, seat};
use crate::messages::{ErrorCode, GameMode, NoticeCode};
use crate::records::Outcome;

/// The computer's name in its seat.
pub(super) const COMPUTER: &str = "Computer";

impl Booth {
    /// Starts a game if the robot is free (a demo gives way to any visitor)
    /// or the caller is playing the game on it. Against the computer, the
    /// booth plays its side at `level` (one it offers; its first if none).
    pub(super) fn start(
        &mut self,
        caller: &Caller,
        mode: GameMode,
        computer_first: bool,
        level: Option<&str>,
    ) -> Reply {
        if !caller.may_play() {
            return Err(ErrorCode::NotAllowed);
        }
        let level = match level {
            None => self
                .levels
                .first()
                .copied()
                .ok_or(ErrorCode::UnknownLevel)?,
            Some(name) => name
                .parse::<LevelSpec>()
                .ok()
                .filter(|l| self.levels.contains(l))
                .ok_or(ErrorCode::UnknownLevel)?,
        };
        let running = self
            .game
            .as_ref()
            .filter(|g| !g.board.is_over() && g.mode != GameMode::Demo);
        if let Some(game) = running {
            // Only the person who started a running game may end it for a
            // new one; the other person in it is told.
            if game.owner.as_deref() != Some(caller.session.as_str()) {
                return Err(if self.seat_of(&caller.session).is_some() {
                    ErrorCode::NotAllowed
                } else {
                    ErrorCode::Busy
                });
            }
            let others = game
                .seats
                .iter()
                .any(|s| s.as_deref().is_some_and(|s| s != caller.session));
            if others {
                let name = self.clients.get(&caller.id).and_then(|c| c.name.clone());
                self.notify_all(NoticeCode::Restarted, name);
            }
        }
        let session = Some(caller.session.clone());
        let computer = (mode == GameMode::VsComputer).then_some(if computer_first {
            Side::First
        } else {
            Side::Second
        });
        let seats = match (mode, computer) {
            (GameMode::VsComputer, Some(Side::First)) => [None, session],
            (GameMode::VsComputer | GameMode::TwoPlayers, _) => [session, None],
            // Only the bridge starts demos.
            (GameMode::Demo, _) => return Err(ErrorCode::NotAllowed),
        };
        let name = self.clients.get(&caller.id).and_then(|c| c.name.clone());
        let names = match computer {
            Some(Side::First) => [Some(COMPUTER.into()), name],
            Some(Side::Second) => [name, Some(COMPUTER.into())],
            None => [name, None],
        };
        self.close_record(Outcome::Restarted);
        let mut game = Game::new(mode, computer, seats, names);
        game.owner = Some(caller.session.clone());
        if let Some(side) = computer {
            game.booth_plays[seat(side).index()] = Some(level.tuned(&self.tuning));
            game.levels[seat(side).index()] = Some(level);
        }
        self.game = Some(game);
        Ok(Changed::Game)
    }
}
