//! The computer's thinking on this page, the game's side: when the
//! computer moves, what the worker's answers change in the game, and the
//! teaching trees. What a search shows is the [`Searcher`]'s.

use engine::Side;
use engine::evaluation::Style;
use engine::player::{Level, Teaching};
use leptos::prelude::*;

use super::search_client::{Effect as SearchEffect, SearchClient};
use super::{Actions, seconds, set_timeout};
use crate::i18n::{Message, Say, Text};
use crate::model::settings::GameMode;
use crate::protocol::{FromWorker, ToWorker};
use crate::state::TreeKind;

/// Milliseconds between moves in the self-playing demo, so a watcher can
/// follow it.
const DEMO_PACE_MS: u32 = 900;
/// Plies of the teaching view's minimax: 343 leaves on 7 columns.
const TEACHING_DEPTH: u8 = 3;

impl Actions {
    /// Takes a transition of the search client, then delivers the answers
    /// it gives (outside the client, so that what they change may ask the
    /// client again).
    pub(super) fn run(self, transition: impl FnOnce(&mut SearchClient) -> Vec<SearchEffect>) {
        self.searcher
            .run(transition, &mut |answer| self.receive(answer));
    }

    pub(crate) fn next_request(self) -> u32 {
        self.searcher.next_request()
    }

    pub(crate) fn send(self, request: ToWorker) {
        self.searcher
            .send(request, &mut |answer| self.receive(answer));
    }

    /// Stops any search and forgets its answer.
    pub(crate) fn stop_thinking(self) {
        self.searcher.stop(&mut |answer| self.receive(answer));
    }

    /// Forgets all the computer thought and said about the game before:
    /// a new game, another board size or another game on the robot
    /// starts with no thoughts, no tree, no values and no review.
    pub(crate) fn forget_search(self) {
        self.stop_thinking();
        self.searcher.forget();
        self.state.review.set(None);
    }

    /// Asks the worker for the computer's move when it is its turn.
    pub(crate) fn maybe_think(self) {
        let (game, settings) = (
            self.state.game.get_untracked(),
            self.state.settings.get_untracked(),
        );
        // On the robot the booth's computer plays.
        if self.watching
            || game.robot.is_some()
            || !game.computer_to_move(settings.mode)
            || self.searcher.thinking()
        {
            return;
        }
        self.searcher.begin();
        let id = self.next_request();
        let mode = game.mode(settings.mode);
        let (level, style) = match mode {
            // The demo pits two different levels, so its games differ.
            GameMode::Demo if game.board.side_to_move() == Side::Second => {
                (Level::Medium, Style::Aggressive)
            }
            _ => (settings.level, settings.style),
        };
        let request = ToWorker::Choose {
            id,
            moves: game.board.to_string(),
            geometry: game.board.geometry(),
            player: level.config(style),
            seed: (js_sys::Math::random() * 1e9) as u64,
        };
        let delay = if mode == GameMode::Demo {
            DEMO_PACE_MS
        } else {
            0
        };
        set_timeout(
            move || {
                if self.searcher.current_request() == id {
                    self.send(request);
                }
            },
            std::time::Duration::from_millis(delay.into()),
        );
    }

    /// A fresh answer of the worker, or news of its data (the search
    /// client drops stale answers).
    pub(crate) fn receive(self, message: FromWorker) {
        match message {
            FromWorker::Ready => {}
            FromWorker::Book { depth, positions } => self.searcher.book_loaded(depth, positions),
            FromWorker::Database(news) => self.searcher.database(news),
            FromWorker::Reviewed { marks, .. } => self.reviewed(marks),
            FromWorker::Analysis { scores, .. } => {
                self.state.ui.message.set(None);
                self.searcher.show_hint(scores);
            }
            FromWorker::Progress { progress, .. } => self.searcher.show_progress(progress.into()),
            FromWorker::Chosen { decision, .. } => {
                let column = decision.column;
                self.searcher.show_decision(*decision);
                self.play(column);
            }
            FromWorker::Teaching {
                depth,
                minimax,
                alpha_beta,
            } if minimax.root_moves == self.teaching_root() => {
                self.searcher.show_teaching(Some(Teaching {
                    depth,
                    minimax: (*minimax).into(),
                    alpha_beta: (*alpha_beta).into(),
                }));
            }
            FromWorker::Failed { .. } => {
                // The computer's move failed, or a hint or a review (asked
                // for while the computer was not thinking) ran out of time.
                // Only a finished game is reviewed; a hint needs one going.
                if self.searcher.thinking() {
                    self.say(Text::WorkerFailed);
                } else if self.state.game.with_untracked(|g| g.board.is_over()) {
                    let limit = seconds(super::review::REVIEW_LIMIT_MS);
                    self.say_message(Message::Say(Say::ReviewTooDeep(limit)));
                } else {
                    let limit = seconds(super::local_game::HINT_LIMIT_MS);
                    self.say_message(Message::Say(Say::HintTooDeep(limit)));
                }
                self.searcher.ended();
            }
            _ => {}
        }
    }

    /// The position the teaching view explains: the root of the last
    /// search, or the board when there was none.
    pub(crate) fn teaching_root(self) -> String {
        self.searcher
            .trace_root()
            .unwrap_or_else(|| self.state.game.with_untracked(|g| g.board.to_string()))
    }

    /// Asks the worker for the teaching trees when they are shown and
    /// stale.
    pub(crate) fn want_teaching(self) {
        if self.state.ui.tree_kind.get_untracked() != TreeKind::Minimax {
            return;
        }
        let root = self.teaching_root();
        if !self.searcher.teaching_of(&root) {
            self.searcher.show_teaching(None);
            self.send(ToWorker::Teach {
                moves: root,
                geometry: self.state.game.with_untracked(|g| g.board.geometry()),
                depth: TEACHING_DEPTH,
            });
        }
    }
}
