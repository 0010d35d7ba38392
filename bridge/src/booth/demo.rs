//! The demo: the robot plays itself while nobody does. A spectator screen
//! finds the moves (`demo_turn` asks it, `demo_move` answers).

use std::time::{Duration, Instant};

use engine::Board;

use super::{Booth, Caller, DEMO_LEVELS, DEMO_PACE, DEMO_PAUSE, Game, Reply};
use crate::messages::{ErrorCode, GameMode, Role, ServerMessage};

/// A screen that did not answer is asked again after this long.
const DEMO_ASK_AGAIN: Duration = Duration::from_secs(10);

impl Booth {
    /// Starts a demo game when the booth has been quiet long enough and a
    /// spectator screen can find the moves; asks for the next demo move.
    pub(super) fn demo_tick(&mut self) {
        let Some(after) = self.demo_after else { return };
        let screens: Vec<u64> = self
            .clients
            .iter()
            .filter(|(_, c)| c.role == Some(Role::Spectator))
            .map(|(&id, _)| id)
            .collect();
        let Some(&screen) = screens.iter().min() else {
            return;
        };
        let finished_for = self
            .game
            .as_ref()
            .filter(|g| g.board.is_over())
            .map(|g| g.last_move.elapsed());
        let start = match (&self.game, finished_for) {
            (None, _) => self.quiet_since.elapsed() >= after,
            (Some(g), Some(over)) if g.mode == GameMode::Demo => over >= DEMO_PAUSE,
            (Some(_), Some(over)) => over >= after,
            (Some(_), None) => false,
        };
        if start {
            self.game = Some(Game {
                board: Board::new(),
                mode: GameMode::Demo,
                computer: None,
                record: None,
                seats: [None, None],
                names: DEMO_LEVELS.map(|l| Some(format!("Demo: {l}"))).into_array(),
                last_move: Instant::now(),
                asked: false,
            });
            self.demo_asked = None;
            self.update_robot();
            self.broadcast();
            return;
        }
        let ready = self.robot_ready();
        let Some(game) = self.game.as_ref().filter(|g| g.mode == GameMode::Demo) else {
            return;
        };
        let waited = self
            .demo_asked
            .is_none_or(|(at, _)| at.elapsed() >= DEMO_ASK_AGAIN);
        if ready && !game.board.is_over() && waited && game.last_move.elapsed() >= DEMO_PACE {
            let level = DEMO_LEVELS[game.board.side_to_move()];
            let turn = ServerMessage::DemoTurn {
                moves: game.board.to_string(),
                level: level.into(),
            };
            if let Some(c) = self.clients.get(&screen) {
                c.outbox.send(&turn);
                self.demo_asked = Some((Instant::now(), screen));
            }
        }
    }

    /// The demo move of the screen that was asked for it.
    pub(super) fn demo_move(&mut self, caller: &Caller, column: u8) -> Reply {
        let asked = self.demo_asked.map(|(_, screen)| screen);
        if caller.role != Some(Role::Spectator) || asked != Some(caller.id) {
            return Err(ErrorCode::NotAllowed);
        }
        if !self.demo_running() {
            return Err(ErrorCode::NoGame);
        }
        self.drop_coin(column)?;
        self.demo_asked = None;
        self.update_robot();
        self.broadcast();
        Ok(())
    }
}
