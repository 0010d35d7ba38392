//! The computer's thinking on this page: the worker's requests through
//! the search client, its answers, and what the page shows of a search
//! (progress, the tree, thoughts, values), from the worker or the booth.

use booth_protocol::search::{ComputerMove, ValueKind};
use engine::Side;
use engine::evaluation::Style;
use engine::player::{Level, SearchProgress, Teaching};
use engine::trace::SearchTrace;
use leptos::prelude::*;

use super::search_client::{Effect as SearchEffect, SearchClient};
use super::{Actions, set_timeout};
use crate::i18n::Text;
use crate::model::settings::GameMode;
use crate::model::thoughts::Thought;
use crate::model::values::ValueSource;
use crate::protocol::{FromWorker, ToWorker};
use crate::state::TreeKind;

/// Milliseconds between moves in the self-playing demo, so a watcher can
/// follow it.
const DEMO_PACE_MS: u32 = 900;
/// Plies of the teaching view's minimax: 343 leaves on 7 columns.
const TEACHING_DEPTH: u8 = 3;
/// Lines of thoughts kept, newest first.
const THOUGHTS_KEPT: usize = 30;

impl Actions {
    /// Takes a transition of the search client, then does what it says
    /// (outside the client, so that what it does may ask the client
    /// again).
    pub(super) fn run(self, transition: impl FnOnce(&mut SearchClient) -> Vec<SearchEffect>) {
        let mut effects = Vec::new();
        self.search
            .update_value(|client| effects = transition(client));
        self.run_effects(effects);
    }

    /// Does what the search client said, in order.
    fn run_effects(self, effects: Vec<SearchEffect>) {
        for effect in effects {
            match effect {
                SearchEffect::Deliver(message) => self.receive(message),
                effect => self.worker.with_value(|worker| match (worker, effect) {
                    (Some(worker), SearchEffect::Start) => worker.start(),
                    (Some(worker), SearchEffect::Terminate) => worker.terminate(),
                    (Some(worker), SearchEffect::Post(request)) => worker.post(&request),
                    _ => {}
                }),
            }
        }
    }

    pub(crate) fn next_request(self) -> u32 {
        let mut id = 0;
        self.search.update_value(|client| id = client.next_id());
        id
    }

    /// The newest request's id: answers to others are stale.
    fn current_request(self) -> u32 {
        self.search.with_value(SearchClient::current)
    }

    pub(crate) fn send(self, request: ToWorker) {
        self.run(|client| client.send(request));
    }

    /// Stops any search and forgets its answer.
    pub(crate) fn stop_thinking(self) {
        self.run(SearchClient::cancel);
        self.state.search.thinking.set(false);
        self.state.search.progress.set(None);
        // A tree caught mid-search would stay half-drawn: drop it.
        let half_drawn = self
            .state
            .search
            .trace
            .with_untracked(|t| t.as_ref().is_some_and(SearchTrace::is_running));
        if half_drawn {
            self.state.search.trace.set(None);
        }
    }

    /// Forgets all the computer thought and said about the game before:
    /// a new game, another board size or another game on the robot
    /// starts with no thoughts, no tree, no values and no review.
    pub(crate) fn forget_search(self) {
        self.stop_thinking();
        let search = self.state.search;
        search.trace.set(None);
        search.teaching.set(None);
        search.thoughts.set(Vec::new());
        search.column_values.set(None);
        search.last_pv.set(Vec::new());
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
            || self.state.search.thinking.get_untracked()
        {
            return;
        }
        self.state.search.thinking.set(true);
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
                if self.current_request() == id {
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
            FromWorker::Book { depth, positions } => {
                self.state.data.book.set(Some((depth, positions)))
            }
            FromWorker::Database(news) => self.state.data.database.set(Some(news)),
            FromWorker::Reviewed { marks, .. } => self.reviewed(marks),
            FromWorker::Analysis { scores, .. } => {
                self.state.ui.message.set(None);
                self.state
                    .search
                    .column_values
                    .set(Some((ValueSource::Hint, scores)));
            }
            FromWorker::Progress { progress, .. } => self.show_progress(progress.into()),
            FromWorker::Chosen { decision, .. } => {
                self.state.search.thinking.set(false);
                self.state.search.progress.set(None);
                let column = decision.column;
                self.show_decision(*decision);
                self.play(column);
            }
            FromWorker::Teaching {
                depth,
                minimax,
                alpha_beta,
            } if minimax.root_moves == self.teaching_root() => {
                self.state.search.teaching.set(Some(Teaching {
                    depth,
                    minimax: (*minimax).into(),
                    alpha_beta: (*alpha_beta).into(),
                }));
            }
            FromWorker::Failed { .. } => {
                // The computer's move failed, or a hint or a review (asked
                // for while the computer was not thinking) ran out of time.
                if self.state.search.thinking.get_untracked() {
                    self.say(Text::WorkerFailed);
                } else {
                    self.say(Text::HintTooDeep);
                }
                self.state.search.thinking.set(false);
            }
            _ => {}
        }
    }

    /// The position the teaching view explains: the root of the last
    /// search, or the board when there was none.
    pub(crate) fn teaching_root(self) -> String {
        let from_trace = self
            .state
            .search
            .trace
            .with_untracked(|t| t.as_ref().map(|t| t.root_moves.clone()));
        from_trace
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| self.state.game.with_untracked(|g| g.board.to_string()))
    }

    /// Asks the worker for the teaching trees when they are shown and
    /// stale.
    pub(crate) fn want_teaching(self) {
        if self.state.ui.tree_kind.get_untracked() != TreeKind::Minimax {
            return;
        }
        let root = self.teaching_root();
        let fresh = self
            .state
            .search
            .teaching
            .with_untracked(|t| t.as_ref().is_some_and(|t| t.minimax.root_moves == root));
        if !fresh {
            self.state.search.teaching.set(None);
            self.send(ToWorker::Teach {
                moves: root,
                geometry: self.state.game.with_untracked(|g| g.board.geometry()),
                depth: TEACHING_DEPTH,
            });
        }
    }

    /// How a running search stands: the tree grows on the screen.
    pub(crate) fn show_progress(self, mut progress: SearchProgress) {
        self.state.search.thinking.set(true);
        if let Some(tree) = progress.tree.take() {
            self.state.search.trace.set(Some(tree));
        }
        self.state.search.progress.set(Some(progress));
    }

    pub(crate) fn show_decision(self, decision: ComputerMove) {
        // Exact scores are said as wins and losses, not as ranks.
        let source = if decision.value_kind == ValueKind::Exact {
            ValueSource::Solved
        } else {
            ValueSource::Search
        };
        let mut lines = vec![Thought::Searched {
            column: decision.column,
            depth: decision.depth,
            nodes: decision.nodes,
            solved: source == ValueSource::Solved,
        }];
        lines.extend(decision.facts.into_iter().map(Thought::Fact));
        self.state.search.thoughts.update(|t| {
            t.splice(0..0, lines);
            t.truncate(THOUGHTS_KEPT);
        });
        self.state
            .search
            .column_values
            .set(Some((source, decision.column_values)));
        self.state.search.last_pv.set(decision.pv);
        self.state.search.trace.set(Some(decision.trace.into()));
    }
}
