//! A game on this device: a tap, undo, a hint, a new game, the settings
//! that change who plays.

use leptos::prelude::*;

use super::{Actions, seconds, set_timeout};
use crate::i18n::{Message, Say, Text};
use crate::model::game::{Game, Refusal};
use crate::model::settings::{GameMode, Settings};
use crate::protocol::ToWorker;

/// The hint gives up after this long. With the position database every
/// position measured took under a second; without it (offline before the
/// first full visit) early positions can take longer.
pub(crate) const HINT_LIMIT_MS: f64 = 5_000.0;

impl Actions {
    /// A person taps a column.
    pub(crate) fn human_drop(self, column: usize) {
        if self.watching {
            return self.say(Text::Watching);
        }
        let game = self.state.game.get_untracked();
        let mode = self.state.settings.with_untracked(|s| s.mode);
        if let Err(refusal) = game.check_drop(column, mode) {
            if refusal == Refusal::ColumnFull {
                self.state.ui.shake.set(Some(column));
                set_timeout(
                    move || self.state.ui.shake.set(None),
                    std::time::Duration::from_millis(400),
                );
            }
            return self.say(refusal.into());
        }
        if game.robot.is_some() {
            return self.robot_drop(column);
        }
        self.play(column);
    }

    pub(crate) fn play(self, column: usize) {
        if self.searcher.showing_hint() {
            // A hint answers for the position before: drop it, and stop it
            // if it still runs.
            self.stop_thinking();
            self.searcher.clear_values();
        }
        self.state.ui.message.set(None);
        self.state.game.update(|g| {
            let _ = g.board.play(column);
        });
        self.after_move();
    }

    /// Lets the adaptive level learn from a finished game.
    pub(crate) fn after_move(self) {
        let game = self.state.game.get_untracked();
        if game.board.is_over() {
            let mode = self.state.settings.with_untracked(|s| s.mode);
            if game.mode(mode) == GameMode::VsComputer {
                let computer_won = game.board.winner().map(|w| w != game.human);
                self.send(ToWorker::GameOver { computer_won });
            }
        }
    }

    /// Changes a setting that applies at once (colours, level, language,
    /// the look).
    pub(crate) fn change_settings(self, change: &dyn Fn(&mut Settings)) {
        self.state.settings.update(|s| change(s));
    }

    /// Changes who plays or the board, which ends the game: a game on the
    /// robot only if the visitor says so (else the menu shows its value
    /// again).
    pub(crate) fn change_game_settings(self, change: &dyn Fn(&mut Settings)) {
        if self.state.game.with_untracked(|g| g.robot.is_some()) {
            let ok = web_sys::window()
                .and_then(|w| {
                    w.confirm_with_message(self.lang().t(Text::ConfirmLeaveRobot))
                        .ok()
                })
                .unwrap_or(false);
            if !ok {
                return;
            }
            self.robot_leave();
        }
        self.state.settings.update(|s| change(s));
        self.new_game(false);
    }

    pub(crate) fn new_game(self, confirm: bool) {
        if confirm && self.state.game.with_untracked(Game::is_running) {
            let ok = web_sys::window()
                .and_then(|w| w.confirm_with_message(self.lang().t(Text::ConfirmNew)).ok())
                .unwrap_or(true);
            if !ok {
                return;
            }
        }
        self.forget_search();
        self.state.ui.message.set(None);
        if let Some(robot) = self.state.game.with_untracked(|g| g.robot) {
            return self.robot_start(robot);
        }
        self.state.game.set(self.fresh_game());
    }

    /// A new game on this device with the settings as they are.
    pub(crate) fn fresh_game(self) -> Game {
        let coin = js_sys::Math::random() < 0.5;
        self.state.settings.with_untracked(|s| Game::new(s, coin))
    }

    /// Takes back moves to the person's turn.
    pub(crate) fn undo(self) {
        let mode = self.state.settings.with_untracked(|s| s.mode);
        let mut game = self.state.game.get_untracked();
        if let Err(refusal) = game.undo(mode) {
            return self.say(refusal.into());
        }
        self.stop_thinking();
        self.searcher.undone();
        self.state.game.set(game);
        self.state.ui.message.set(None);
    }

    /// Whether the computer plays a side of this game (tracked): between
    /// two people there is no thinking to show.
    pub(crate) fn computer_plays(self) -> bool {
        let mode = self.state.settings.with(|s| s.mode);
        self.state.game.with(|g| g.mode(mode)) != GameMode::TwoPlayers
    }

    /// Whether hints (and the expected continuation) are offered (tracked):
    /// not in a robot game unless the booth allows them.
    pub(crate) fn hints_allowed(self) -> bool {
        self.state.game.with(|g| g.robot.is_none())
            || self
                .bridge
                .view()
                .welcome
                .with(|w| w.as_ref().is_some_and(|w| w.robot_hints))
    }

    pub(crate) fn hint(self) {
        if !untrack(|| self.hints_allowed()) {
            return self.say(Text::NoHintsOnRobot);
        }
        let game = self.state.game.get_untracked();
        if game.board.is_over() {
            return self.say(Text::GameOverRefused);
        }
        if self.searcher.thinking() {
            return self.say(Text::NotYourTurn);
        }
        let id = self.next_request();
        self.say_message(Message::Say(Say::HintWaiting(seconds(HINT_LIMIT_MS))));
        self.searcher.clear_values();
        self.send(ToWorker::Analyze {
            id,
            moves: game.board.to_string(),
            geometry: game.board.geometry(),
            limit_ms: HINT_LIMIT_MS,
        });
    }
}
