//! A game on this device as a state machine: a tap, the computer's move,
//! a take-back, a new game, playing on from a reviewed move. Each
//! transition changes the game and returns the steps the page takes next
//! (ask for the computer's move, tell the adaptive level how a game
//! ended). It works on the page's one [`Game`], borrowed, and on the
//! settings as they are; [`Play`](super::Play) takes the steps, and the
//! tests below check them without a page or a worker.

use engine::Side;
use engine::evaluation::Style;
use engine::player::Level;

use crate::model::game::{Game, Refusal};
use crate::model::settings::{GameMode, Settings};

/// Milliseconds between moves in the self-playing demo, so a watcher can
/// follow it.
pub const DEMO_PACE_MS: u32 = 900;

/// The computer's move to ask the worker for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerTurn {
    /// The level that plays it.
    pub level: Level,
    /// Its style.
    pub style: Style,
    /// How long to wait before asking, so a person can follow.
    pub pace_ms: u32,
}

/// What the page does after a transition, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Ask the worker for the computer's move.
    Ask(ComputerTurn),
    /// A game against the computer ended: the adaptive level learns
    /// (`Some(true)`: the computer won).
    GameOver {
        /// Whether the computer won, `None` for a draw.
        computer_won: Option<bool>,
    },
}

/// The game on this device with the settings it is played under.
pub struct LocalGame<'a> {
    game: &'a mut Game,
    settings: &'a Settings,
}

impl<'a> LocalGame<'a> {
    /// The game `game` under `settings`.
    pub fn new(game: &'a mut Game, settings: &'a Settings) -> LocalGame<'a> {
        LocalGame { game, settings }
    }

    fn mode(&self) -> GameMode {
        self.game.mode(self.settings.mode)
    }

    /// A person's coin in `column`, if the rules allow it now.
    pub fn tap(&mut self, column: usize) -> Result<Vec<Step>, Refusal> {
        self.game.check_drop(column, self.settings.mode)?;
        let _ = self.game.board.play(column);
        Ok(self.after_move())
    }

    /// The computer's coin in `column`: taken only while it is the
    /// computer's turn (an answer for a game that has moved on changes
    /// nothing).
    pub fn computer_moved(&mut self, column: usize) -> Vec<Step> {
        if !self.game.computer_to_move(self.settings.mode) || !self.game.board.can_play(column) {
            return Vec::new();
        }
        let _ = self.game.board.play(column);
        self.after_move()
    }

    /// What follows a coin: the computer's next move, or the end.
    fn after_move(&self) -> Vec<Step> {
        let board = &self.game.board;
        if board.is_over() && self.mode() == GameMode::VsComputer {
            let computer_won = board.winner().map(|w| w != self.game.human);
            return vec![Step::GameOver { computer_won }];
        }
        self.computer_turn().map(Step::Ask).into_iter().collect()
    }

    /// The computer's move, when it is the computer's turn. On the robot
    /// the booth's computer plays, never this page's.
    pub fn computer_turn(&self) -> Option<ComputerTurn> {
        if self.game.robot.is_some() || !self.game.computer_to_move(self.settings.mode) {
            return None;
        }
        let demo = self.mode() == GameMode::Demo;
        // The demo pits two different levels, so its games differ.
        let (level, style) = if demo && self.game.board.side_to_move() == Side::Second {
            (Level::Medium, Style::Aggressive)
        } else {
            (self.settings.level, self.settings.style)
        };
        Some(ComputerTurn {
            level,
            style,
            pace_ms: if demo { DEMO_PACE_MS } else { 0 },
        })
    }

    /// Takes back moves to the person's turn.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        self.game.undo(self.settings.mode)
    }

    /// A new game under the settings as they are (their size, who
    /// starts), `coin` deciding who starts when chance does.
    pub fn restart(&mut self, coin: bool) -> Vec<Step> {
        *self.game = Game::new(self.settings, coin);
        self.computer_turn().map(Step::Ask).into_iter().collect()
    }

    /// Back to the position before move `number` (from 1), to play on
    /// from there.
    pub fn play_on(&mut self, number: usize) -> Vec<Step> {
        let plies = self.game.board.plies();
        if (1..=plies).contains(&number) {
            self.game.board.undo(plies + 1 - number);
        }
        self.computer_turn().map(Step::Ask).into_iter().collect()
    }
}

#[cfg(test)]
mod tests;
