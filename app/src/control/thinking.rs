//! The computer's thinking on this page, as one owner: the worker, the
//! requests to it (through the [`SearchClient`] state machine), and all
//! the page shows of a search (whether it runs, its progress, the tree,
//! thoughts, values, the expected line, the teaching trees) and of the
//! worker's data. Nothing else writes these; views read them as
//! [`SearchView`](crate::state::SearchView) and
//! [`DataView`](crate::state::DataView).
//!
//! Every call that talks to the worker returns the answers it delivers
//! now (a crash's failure), and the worker's own messages come back
//! through [`Thinking::received`]: the caller hands each answer to the
//! game, so a move crosses here once out and once back. Nothing here
//! takes a callback.

use booth_protocol::search::{ComputerMove, ValueKind};
use engine::Board;
use engine::player::{SearchProgress, Teaching};
use engine::trace::SearchTrace;
use leptos::prelude::*;

use super::local_game::ComputerTurn;
use super::search_client::{Effect as SearchEffect, SearchClient};
use crate::io::channel::Shared;
use crate::io::search_worker::SearchWorker;
use crate::model::thoughts::Thought;
use crate::model::values::ValueSource;
use crate::protocol::{Database, FromWorker, ToWorker};
use crate::state::{Data, Search};

/// Lines of thoughts kept, newest first.
const THOUGHTS_KEPT: usize = 30;
/// The hint gives up after this long. With the position database every
/// position measured took under a second; without it (offline before the
/// first full visit) early positions can take longer.
pub(super) const HINT_LIMIT_MS: f64 = 5_000.0;
/// The review gives up after this long, and says so: with the position
/// database a 7x6 game's review takes well under a second in the browser;
/// the larger boards have no database, and their early positions take
/// the solver minutes.
pub(super) const REVIEW_LIMIT_MS: f64 = 10_000.0;
/// Plies of the teaching view's minimax: 343 leaves on 7 columns.
const TEACHING_DEPTH: u8 = 3;

/// The answers to hand to the game, in order.
pub(super) type Answers = Vec<FromWorker>;

/// The right to ask for one computer's move: the request's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Ticket(u32);

/// The thinking's owner (see the module's doc). Copy: every handle is the
/// same thinking.
#[derive(Clone, Copy)]
pub(super) struct Thinking {
    client: StoredValue<SearchClient, LocalStorage>,
    worker: StoredValue<Option<SearchWorker>, LocalStorage>,
    search: Search,
    data: Data,
}

impl Thinking {
    /// Thinking with no worker yet, its state provided read-only as
    /// contexts.
    pub(super) fn provide() -> Thinking {
        let client = SearchClient::new();
        let thinking = Thinking {
            client: StoredValue::new_local(client),
            worker: StoredValue::new_local(None),
            search: Search::default(),
            data: Data::default(),
        };
        provide_context(thinking.search.view());
        provide_context(thinking.data.view());
        thinking
    }

    /// Takes `worker`, whose messages go to [`Thinking::received`]; it
    /// starts at [`Thinking::wake`] or at the first request.
    pub(super) fn keep_worker(self, worker: SearchWorker) {
        self.worker.set_value(Some(worker));
    }

    /// The page is quiet after its first paint: starts the worker unless a
    /// request has. Not before: the worker's start beside the first paint
    /// (its instance, the book read, the messages it posts) held a first
    /// tap back: at 4x CPU the median tap took 79 ms after the board's
    /// paint with it, 53 ms without (docs/benchmarks.md).
    pub(super) fn wake(self) -> Answers {
        self.run(SearchClient::wake)
    }

    /// Takes a transition of the search client and does what it says to
    /// the worker; returns the answers to hand on.
    fn run(self, transition: impl FnOnce(&mut SearchClient) -> Vec<SearchEffect>) -> Answers {
        let mut effects = Vec::new();
        self.client
            .update_value(|client| effects = transition(client));
        let mut answers = Vec::new();
        for effect in effects {
            match effect {
                SearchEffect::Deliver(message) => answers.push(message),
                effect => self.worker.with_value(|worker| match (worker, effect) {
                    (Some(worker), SearchEffect::Start) => worker.start(),
                    (Some(worker), SearchEffect::Terminate) => worker.terminate(),
                    (Some(worker), SearchEffect::Post(request)) => worker.post(&request),
                    _ => {}
                }),
            }
        }
        answers
    }

    /// A message of the worker: the answers that are fresh.
    pub(super) fn received(self, message: FromWorker) -> Answers {
        self.run(|client| client.received(message))
    }

    /// The worker died: it is replaced (see [`SearchClient::crashed`]).
    pub(super) fn crashed(self) -> Answers {
        self.run(SearchClient::crashed)
    }

    /// The newest request's id (what a fresh answer carries).
    #[cfg(test)]
    pub(super) fn current_request(self) -> u32 {
        self.client.with_value(SearchClient::current)
    }

    fn next_request(self) -> u32 {
        let mut id = 0;
        self.client.update_value(|client| id = client.next_id());
        id
    }

    fn send(self, request: ToWorker) -> Answers {
        self.run(|client| client.send(request))
    }

    /// The computer's move is searched for from now on: the ticket to
    /// ask for it with, stale once anything else is asked or stopped.
    pub(super) fn begin(self) -> Ticket {
        self.search.thinking.set(true);
        Ticket(self.next_request())
    }

    /// Asks for the computer's move on `board`, unless `ticket` went
    /// stale meanwhile (a new game, an undo, a stop).
    pub(super) fn choose(self, ticket: Ticket, board: &Board, turn: ComputerTurn) -> Answers {
        if self.client.with_value(SearchClient::current) != ticket.0 {
            return Vec::new();
        }
        self.send(ToWorker::Choose {
            id: ticket.0,
            moves: board.to_string(),
            geometry: board.geometry(),
            player: turn.level.config(turn.style),
            seed: (crate::io::browser::random() * 1e9) as u64,
        })
    }

    /// Asks for every column's perfect value on `board`.
    pub(super) fn hint(self, board: &Board) -> Answers {
        self.search.column_values.set(None);
        let id = self.next_request();
        self.send(ToWorker::Analyze {
            id,
            moves: board.to_string(),
            geometry: board.geometry(),
            limit_ms: HINT_LIMIT_MS,
            asked_at: crate::io::browser::now(),
        })
    }

    /// Asks for the review of the finished game on `board`.
    pub(super) fn review(self, board: &Board) -> Answers {
        let id = self.next_request();
        self.send(ToWorker::Review {
            id,
            moves: board.to_string(),
            geometry: board.geometry(),
            limit_ms: REVIEW_LIMIT_MS,
            asked_at: crate::io::browser::now(),
        })
    }

    /// Tells the adaptive level how a game against it ended.
    pub(super) fn game_over(self, computer_won: Option<bool>) -> Answers {
        self.send(ToWorker::GameOver { computer_won })
    }

    /// Asks for the teaching trees of the last search's root (or of
    /// `board` when there was none), unless they are shown already.
    pub(super) fn want_teaching(self, board: &Board) -> Answers {
        let root = self.teaching_root(board);
        if self.teaching_of(&root) {
            return Vec::new();
        }
        self.search.teaching.set(None);
        self.send(ToWorker::Teach {
            moves: root,
            geometry: board.geometry(),
            depth: TEACHING_DEPTH,
        })
    }

    /// The position the teaching view explains: the root of the last
    /// search, or the board when there was none.
    pub(super) fn teaching_root(self, board: &Board) -> String {
        self.search
            .trace
            .with_untracked(|t| t.as_ref().map(|t| t.root_moves.clone()))
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| board.to_string())
    }

    fn teaching_of(self, root: &str) -> bool {
        self.search
            .teaching
            .with_untracked(|t| t.as_ref().is_some_and(|t| t.minimax.root_moves == root))
    }

    /// The teaching trees the worker found.
    pub(super) fn show_teaching(self, teaching: Teaching) {
        self.search.teaching.set(Some(teaching));
    }

    /// Tracks what the teaching trees depend on: the last search's tree.
    pub(super) fn track_tree(self) {
        self.search.trace.track();
    }

    /// Whether a move is being searched for.
    pub(super) fn thinking(self) -> bool {
        self.search.thinking.get_untracked()
    }

    /// Stops any search and forgets its answer; a tree caught mid-search
    /// would stay half-drawn, so it goes too.
    pub(super) fn stop(self) -> Answers {
        let answers = self.run(SearchClient::cancel);
        self.ended();
        let half_drawn = self
            .search
            .trace
            .with_untracked(|t| t.as_ref().is_some_and(SearchTrace::is_running));
        if half_drawn {
            self.search.trace.set(None);
        }
        answers
    }

    /// The search ended (answered, failed or stopped).
    pub(super) fn ended(self) {
        self.search.thinking.set(false);
        self.search.progress.set(None);
    }

    /// Stops and forgets all the computer thought about the game before:
    /// no thoughts, tree, values or line.
    pub(super) fn forget(self) -> Answers {
        let answers = self.stop();
        let search = self.search;
        search.trace.set(None);
        search.teaching.set(None);
        search.thoughts.set(Vec::new());
        search.column_values.set(None);
        search.last_pv.set(Vec::new());
        answers
    }

    /// Whether the values shown are a hint's perfect scores.
    pub(super) fn showing_hint(self) -> bool {
        self.search.showing_hint()
    }

    /// The values shown no longer hold (a move, an undo, a new question).
    pub(super) fn clear_values(self) {
        self.search.column_values.set(None);
    }

    /// After an undo: the values and the expected line were of a position
    /// no longer on the board (the line would be drawn from the wrong
    /// coin).
    pub(super) fn undone(self) {
        self.search.column_values.set(None);
        self.search.last_pv.set(Vec::new());
    }

    /// A hint's perfect scores of every column.
    pub(super) fn show_hint(self, scores: Vec<Option<i32>>) {
        self.search
            .column_values
            .set(Some((ValueSource::Hint, scores)));
    }

    /// How a running search stands: the tree grows on the screen.
    pub(super) fn show_progress(self, mut progress: SearchProgress) {
        self.search.thinking.set(true);
        if let Some(tree) = progress.tree.take() {
            self.search.trace.set(Some(tree));
        }
        self.search.progress.set(Some(progress));
    }

    /// The computer's move, from the worker or the booth: its thoughts,
    /// values, expected line and tree.
    pub(super) fn show_decision(self, decision: ComputerMove) {
        self.ended();
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
        self.search.thoughts.update(|t| {
            t.splice(0..0, lines);
            t.truncate(THOUGHTS_KEPT);
        });
        self.search
            .column_values
            .set(Some((source, decision.column_values)));
        self.search.last_pv.set(decision.pv);
        self.search.trace.set(Some(decision.trace.into()));
    }

    /// The worker's opening book: depth and positions.
    pub(super) fn book_loaded(self, depth: u8, positions: u32) {
        self.data.book.set(Some((depth, positions)));
    }

    /// News of the worker's position database.
    pub(super) fn database(self, news: Database) {
        self.data.database.set(Some(news));
    }

    /// Tracks everything a spectator screen shows of the search.
    pub(super) fn track_shown(self) {
        let search = self.search;
        search.trace.track();
        search.thoughts.track();
        search.column_values.track();
        search.last_pv.track();
        search.thinking.track();
    }

    /// Tracks the running search's numbers.
    pub(super) fn track_progress(self) {
        self.search.progress.track();
    }

    /// The running search's numbers, for spectators.
    pub(super) fn progress_shared(self) -> Option<booth_protocol::search::Thinking> {
        self.search
            .progress
            .with_untracked(|p| p.as_ref().map(Into::into))
    }

    /// Fills in the search's part of what a spectator screen shows.
    pub(super) fn share(self, shared: &mut Shared) {
        let search = self.search;
        shared.trace = search.trace.with_untracked(|t| t.as_ref().map(Into::into));
        shared.thoughts = search.thoughts.get_untracked();
        shared.column_values = search.column_values.get_untracked();
        shared.pv = search.last_pv.get_untracked();
        shared.thinking = search.thinking.get_untracked();
    }

    /// A spectator screen takes over the playing page's search.
    pub(super) fn follow(self, shared: &mut Shared) {
        let search = self.search;
        search.trace.set(shared.trace.take().map(Into::into));
        search.thoughts.set(std::mem::take(&mut shared.thoughts));
        search.column_values.set(shared.column_values.take());
        search.last_pv.set(std::mem::take(&mut shared.pv));
        search.thinking.set(shared.thinking);
        if !shared.thinking {
            search.progress.set(None);
        }
    }

    /// A spectator screen takes the playing page's progress.
    pub(super) fn follow_progress(self, progress: Option<booth_protocol::search::Thinking>) {
        self.search.progress.set(progress.map(Into::into));
    }
}
