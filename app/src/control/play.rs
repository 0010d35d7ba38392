//! The game on the board, as one owner: the page's one [`Game`] and its
//! review, the only writer of both. A game on this device follows the
//! rules of [`LocalGame`] and asks the [`Thinking`] for the computer's
//! move explicitly; a robot game shows what the bridge's snapshots say
//! (`robot.rs`); the spectator screen follows another window
//! (`spectate.rs`). Views call the public methods below and read the game
//! as `Reader<Game>`.

use leptos::prelude::*;

use super::Bridge;
use super::local_game::{LocalGame, Step};
use super::preferences::Preferences;
use super::screen::Screen;
use super::thinking::{Answers, HINT_LIMIT_MS, REVIEW_LIMIT_MS, Thinking};
use crate::i18n::{Message, Say, Text};
use crate::io::channel::Spectate;
use crate::model::game::{Game, Refusal};
use crate::model::review::GameReview;
use crate::model::settings::{GameMode, Settings};
use crate::protocol::FromWorker;
use crate::state::ReadOnly;

/// The game's owner. Copy: every handle is the same game.
#[derive(Clone, Copy)]
pub struct Play {
    pub(super) game: RwSignal<Game>,
    pub(super) review: RwSignal<Option<GameReview>>,
    pub(super) preferences: Preferences,
    pub(super) screen: Screen,
    pub(super) thinking: Thinking,
    pub(super) bridge: Bridge,
    /// This page only watches (the spectator route).
    pub(super) watching: bool,
    /// The channel to spectator screens on this device.
    pub(super) spectate: StoredValue<Option<Spectate>, LocalStorage>,
}

/// The game on the board, from components.
pub fn use_play() -> Play {
    expect_context::<Play>()
}

impl Play {
    /// `game` on the board, provided as a context and read-only as
    /// `Reader<Game>` and `Reader<Option<GameReview>>`.
    pub(super) fn provide(
        game: Game,
        preferences: Preferences,
        screen: Screen,
        thinking: Thinking,
        bridge: Bridge,
        watching: bool,
    ) -> Play {
        let play = Play {
            game: RwSignal::new(game),
            review: RwSignal::new(None),
            preferences,
            screen,
            thinking,
            bridge,
            watching,
            spectate: StoredValue::new_local(None),
        };
        provide_context(play.game.reader());
        provide_context(play.review.reader());
        provide_context(play);
        play
    }

    /// A person taps a column: a coin on this device, or a move sent to
    /// the robot.
    pub fn drop(self, column: usize) {
        if self.watching {
            return self.say(Text::Watching);
        }
        let mode = self.preferences.mode();
        let refused = self.game.with_untracked(|g| g.check_drop(column, mode));
        if let Err(refusal) = refused {
            if refusal == Refusal::ColumnFull {
                self.screen.shake(column);
            }
            return self.say(refusal.into());
        }
        if self.game.with_untracked(|g| g.robot.is_some()) {
            return self.robot_drop(column);
        }
        self.before_move();
        let settings = self.preferences.now();
        let mut steps = Ok(Vec::new());
        self.game
            .update(|g| steps = LocalGame::new(g, &settings).tap(column));
        self.take(steps.unwrap_or_default());
    }

    /// A new game, once the person agrees to end the one under way.
    pub fn new_game(self) {
        let running = self.game.with_untracked(Game::is_running);
        if running && !crate::io::browser::confirm(self.lang().t(Text::ConfirmNew), true) {
            return;
        }
        self.restart();
    }

    /// Another game after one that ended.
    pub fn play_again(self) {
        self.restart();
    }

    /// Takes back moves to the person's turn.
    pub fn undo(self) {
        let settings = self.preferences.now();
        let mut game = self.game.get_untracked();
        if let Err(refusal) = LocalGame::new(&mut game, &settings).undo() {
            return self.say(refusal.into());
        }
        self.stop_thinking();
        self.thinking.undone();
        self.game.set(game);
        self.screen.clear_message();
    }

    /// Every column's perfect value, as a hint.
    pub fn hint(self) {
        if !untrack(|| self.hints_allowed()) {
            return self.say(Text::NoHintsOnRobot);
        }
        if self.game.with_untracked(|g| g.board.is_over()) {
            return self.say(Text::GameOverRefused);
        }
        if self.thinking.thinking() {
            return self.say(Text::NotYourTurn);
        }
        self.say_message(Message::Say(Say::HintWaiting(seconds(HINT_LIMIT_MS))));
        let board = self.game.with_untracked(|g| g.board.clone());
        let answers = self.thinking.hint(&board);
        self.answers(answers);
    }

    /// Changes who plays or the board, which ends the game: a game on the
    /// robot only if the visitor says so (else the menu shows its value
    /// again).
    pub fn change_game_settings(self, change: &dyn Fn(&mut Settings)) {
        if self.game.with_untracked(|g| g.robot.is_some()) {
            let leave = self.lang().t(Text::ConfirmLeaveRobot);
            if !crate::io::browser::confirm(leave, false) {
                return;
            }
            self.leave_robot();
        }
        self.preferences.change(change);
        self.restart();
    }

    /// Whether the computer plays a side of this game (tracked): between
    /// two people there is no thinking to show.
    pub fn computer_plays(self) -> bool {
        let mode = self.preferences.mode_tracked();
        self.game.with(|g| g.mode(mode)) != GameMode::TwoPlayers
    }

    /// Whether hints (and the expected continuation) are offered (tracked):
    /// not in a robot game unless the booth allows them.
    pub fn hints_allowed(self) -> bool {
        self.game.with(|g| g.robot.is_none())
            || self
                .bridge
                .view()
                .welcome
                .with(|w| w.as_ref().is_some_and(|w| w.robot_hints))
    }

    /// A coin is about to fall: a hint answered for the position before,
    /// so it goes (and stops if it still runs), and so does any message.
    fn before_move(self) {
        if self.thinking.showing_hint() {
            self.stop_thinking();
            self.thinking.clear_values();
        }
        self.screen.clear_message();
    }

    /// A new game on this device (or, in a robot game, on the robot).
    fn restart(self) {
        self.forget_search();
        self.screen.clear_message();
        if let Some(robot) = self.game.with_untracked(|g| g.robot) {
            return self.start_on_robot(robot, self.robot_level());
        }
        self.start_local_game();
    }

    /// A fresh game on this device with the settings as they are; the
    /// computer opens when it starts.
    pub(super) fn start_local_game(self) {
        let settings = self.preferences.now();
        let coin = crate::io::browser::random() < 0.5;
        let mut steps = Vec::new();
        self.game
            .update(|g| steps = LocalGame::new(g, &settings).restart(coin));
        self.take(steps);
    }

    /// Takes the steps a transition of the local game gave.
    pub(super) fn take(self, steps: Vec<Step>) {
        for step in steps {
            let answers = match step {
                Step::Ask(turn) if !self.watching && !self.thinking.thinking() => {
                    let ticket = self.thinking.begin();
                    let board = self.game.with_untracked(|g| g.board.clone());
                    // The demo's pace lets a watcher follow; without one,
                    // after the paint, so the coin is drawn first.
                    let pace = std::time::Duration::from_millis(turn.pace_ms.into());
                    let ask = move || self.answers(self.thinking.choose(ticket, &board, turn));
                    if pace.is_zero() {
                        crate::io::browser::after_paint(ask);
                    } else {
                        crate::io::browser::after(pace, ask);
                    }
                    Vec::new()
                }
                Step::Ask(_) => Vec::new(),
                Step::GameOver { computer_won } => self.thinking.game_over(computer_won),
            };
            self.answers(answers);
        }
    }

    /// Asks for the computer's move if it is its turn and nobody asked
    /// yet (a stored game, a changed level after a failed search).
    pub(super) fn computer_turn(self) {
        let settings = self.preferences.now();
        let turn = self
            .game
            .with_untracked(|g| LocalGame::new(&mut g.clone(), &settings).computer_turn());
        self.take(turn.map(Step::Ask).into_iter().collect());
    }

    /// Hands the worker's answers to the game, in order.
    pub(super) fn answers(self, answers: Answers) {
        for answer in answers {
            self.answer(answer);
        }
    }

    /// A fresh answer of the worker, or news of its data.
    fn answer(self, message: FromWorker) {
        let thinking = self.thinking;
        match message {
            FromWorker::Book { depth, positions } => thinking.book_loaded(depth, positions),
            FromWorker::Database(news) => thinking.database(news),
            FromWorker::Reviewed { marks, .. } => self.reviewed(marks),
            FromWorker::Analysis { scores, .. } => {
                self.screen.clear_message();
                thinking.show_hint(scores);
            }
            FromWorker::Progress { progress, .. } => thinking.show_progress(progress.into()),
            FromWorker::Chosen { decision, .. } => {
                let column = decision.column;
                thinking.show_decision(*decision);
                self.before_move();
                let settings = self.preferences.now();
                let mut steps = Vec::new();
                self.game
                    .update(|g| steps = LocalGame::new(g, &settings).computer_moved(column));
                self.take(steps);
            }
            FromWorker::Teaching {
                depth,
                minimax,
                alpha_beta,
            } => {
                let root = self
                    .game
                    .with_untracked(|g| thinking.teaching_root(&g.board));
                if minimax.root_moves == root {
                    thinking.show_teaching(engine::player::Teaching {
                        depth,
                        minimax: (*minimax).into(),
                        alpha_beta: (*alpha_beta).into(),
                    });
                }
            }
            FromWorker::Failed { .. } => self.failed(),
            FromWorker::Ready | FromWorker::Memory { .. } => {}
        }
    }

    /// The computer's move failed, or a hint or a review (asked for while
    /// the computer was not thinking) ran out of time. Only a finished
    /// game is reviewed; a hint needs one going.
    fn failed(self) {
        if self.thinking.thinking() {
            self.say(Text::WorkerFailed);
        } else if self.game.with_untracked(|g| g.board.is_over()) {
            let limit = seconds(REVIEW_LIMIT_MS);
            self.say_message(Message::Say(Say::ReviewTooDeep(limit)));
        } else {
            let limit = seconds(HINT_LIMIT_MS);
            self.say_message(Message::Say(Say::HintTooDeep(limit)));
        }
        self.thinking.ended();
    }

    /// Stops any search and forgets its answer.
    pub(super) fn stop_thinking(self) {
        let answers = self.thinking.stop();
        self.answers(answers);
    }

    /// Forgets all the computer thought and said about the game before:
    /// a new game, another board size or another game on the robot
    /// starts with no thoughts, no tree, no values and no review.
    pub(super) fn forget_search(self) {
        let answers = self.thinking.forget();
        self.answers(answers);
        self.review.set(None);
    }

    /// Asks for the teaching trees when they are shown and stale.
    pub(super) fn want_teaching(self) {
        let board = self.game.with_untracked(|g| g.board.clone());
        let answers = self.thinking.want_teaching(&board);
        self.answers(answers);
    }

    pub(super) fn lang(self) -> crate::i18n::Lang {
        self.preferences.lang()
    }

    /// Shows `text` in the status line until the next change. In a robot
    /// game that is the next change of the game or the robot: the text
    /// belongs to the moment it was said at.
    pub(super) fn say(self, text: Text) {
        self.say_message(Message::Text(text));
    }

    /// Shows a message with numbers or names, as [`Play::say`] does.
    pub(super) fn say_message(self, message: Message) {
        let robot_game = self.game.with_untracked(|g| g.robot.is_some());
        self.screen.say(message);
        self.bridge.tie_message(robot_game);
    }

    /// Shows `text`; when `tied` to the bridge's moment (a refusal of the
    /// bridge, anything said in a robot game), only until the bridge's
    /// game or robot moves on.
    pub(super) fn say_tied(self, text: Text, tied: bool) {
        self.screen.say(Message::Text(text));
        self.bridge.tie_message(tied);
    }
}

/// A limit in milliseconds as the whole seconds a person is told.
pub(super) fn seconds(limit_ms: f64) -> u64 {
    (limit_ms / 1000.0).round() as u64
}

#[cfg(test)]
mod tests;
