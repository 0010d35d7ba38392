//! The page's side of a robot game as a state machine: what a snapshot of
//! the bridge changes on this page. The page keeps one [`RobotGame`] (the
//! last snapshot and a few clocks, a plain type of `model`); each snapshot,
//! with what the page shows now, gives the new clocks and the steps to
//! take (show the game, forget the last game's thoughts, go back to the
//! lobby). `robot.rs` takes the steps; the tests below check them without
//! a page, a bridge or a robot.

use booth_protocol::{GameStatus, Part, Snapshot};
use engine::{Board, Geometry, Side};

use crate::model::booth::{Moment, RobotGame, seated};
use crate::model::game::Game;

/// What the page shows when a snapshot comes.
#[derive(Debug, Clone)]
pub struct Page<'a> {
    /// The game on the screen.
    pub game: &'a Game,
    /// The spectator screen, which follows the robot's game unseated.
    pub watching: bool,
    /// Whether the robot's lobby is open.
    pub lobby_open: bool,
}

/// The steps a snapshot asks of the page, in this order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Steps {
    /// Close the lobby: a reload found the page seated in a game.
    pub close_lobby: bool,
    /// The status line's message belongs to a moment that has passed.
    pub clear_message: bool,
    /// Another game (or none): the thoughts and the tree were the last
    /// one's.
    pub forget_search: bool,
    /// The game to show instead of the one on the screen.
    pub show: Option<Game>,
    /// This page's robot game is over (left, freed or replaced): back to
    /// a game on this device, with the lobby open to say why.
    pub back_to_lobby: bool,
}

impl RobotGame {
    /// A move was sent: no other is taken until the bridge's next
    /// snapshot, which a second tap before it would be refused by.
    pub fn move_sent(&mut self) {
        if let Some(s) = &mut self.snapshot {
            s.can_move = false;
        }
    }

    /// Ties what the page says now to the game's moment (when `tied`):
    /// it goes once the game or the robot moves on.
    pub fn tie_message(&mut self, tied: bool) {
        self.said_at = self.snapshot.as_ref().filter(|_| tied).map(Moment::of);
    }

    /// Takes the bridge's snapshot `s` at `now` (ms since the epoch).
    pub fn snapshot(&mut self, s: Snapshot, page: &Page, now: f64) -> Steps {
        let ours = seated(&s);
        let was_ours = self.snapshot.as_ref().is_some_and(seated);
        let mut steps = Steps {
            close_lobby: ours && !was_ours && page.lobby_open,
            ..Steps::default()
        };
        let until = |left: u64| now + left as f64 * 1000.0;
        self.offer_until = s.offer_left_s.map(until);
        self.away_until = s.away_left_s.map(|left| left.map(until));
        if self
            .said_at
            .as_ref()
            .is_some_and(|at| *at != Moment::of(&s))
        {
            self.said_at = None;
            steps.clear_message = true;
        }
        let over = ours && matches!(s.status, GameStatus::Won | GameStatus::Draw);
        self.over_since = if over {
            self.over_since.or(Some(now))
        } else {
            None
        };
        if ours || page.watching {
            let game = page.game;
            let human = match s.you {
                Part::First => Side::First,
                Part::Second => Side::Second,
                Part::Spectator => game.human,
            };
            let shown = game.board.to_string();
            steps.forget_search = !s.moves.starts_with(&shown) || game.robot != s.mode;
            if shown != s.moves || game.robot != s.mode || game.human != human {
                steps.show = Some(Game {
                    board: Board::from_moves(Geometry::STANDARD, &s.moves).unwrap_or_default(),
                    human,
                    robot: s.mode,
                    onlooker: false,
                });
            }
        } else {
            // A snapshot before the bridge seated this page (the answer to
            // the hello that names it, just before `start`) says nothing
            // about its game.
            steps.back_to_lobby = page.game.robot.is_some() && was_ours;
        }
        self.snapshot = Some(s);
        steps
    }
}

#[cfg(test)]
pub(in crate::control) mod tests;
