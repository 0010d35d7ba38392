//! The computer's search on this page, as one owner: the worker, the
//! requests to it (through the [`SearchClient`] state machine) and all the
//! page shows of a search (whether it runs, its progress, the tree,
//! thoughts, values, the expected line, the teaching trees) and of the
//! worker's data. Nothing else writes these; views read them as
//! [`SearchView`](crate::state::SearchView) and
//! [`DataView`](crate::state::DataView).

use booth_protocol::search::{ComputerMove, ValueKind};
use engine::player::{SearchProgress, Teaching};
use engine::trace::SearchTrace;
use leptos::prelude::*;

use super::search_client::{Effect as SearchEffect, SearchClient};
use crate::io::channel::Shared;
use crate::io::search_worker::SearchWorker;
use crate::model::thoughts::Thought;
use crate::model::values::ValueSource;
use crate::protocol::{Database, FromWorker, ToWorker};
use crate::state::{Data, Search};

/// Lines of thoughts kept, newest first.
const THOUGHTS_KEPT: usize = 30;

/// The search's owner (see the module's doc). Copy: every handle is the
/// same searcher.
#[derive(Clone, Copy)]
pub(crate) struct Searcher {
    client: StoredValue<SearchClient, LocalStorage>,
    worker: StoredValue<Option<SearchWorker>, LocalStorage>,
    search: Search,
    data: Data,
}

impl Searcher {
    /// A searcher with no worker yet, its state provided read-only as
    /// contexts; the effects that start the worker (see
    /// [`Searcher::start_worker`] and [`Searcher::run`]).
    pub(crate) fn provide() -> (Searcher, Vec<SearchEffect>) {
        let (client, start) = SearchClient::new();
        let searcher = Searcher {
            client: StoredValue::new_local(client),
            worker: StoredValue::new_local(None),
            search: Search::default(),
            data: Data::default(),
        };
        provide_context(searcher.search.view());
        provide_context(searcher.data.view());
        (searcher, start)
    }

    /// The worker, whose answers and crashes go to the given callbacks.
    pub(crate) fn start_worker(self, worker: SearchWorker) {
        self.worker.set_value(Some(worker));
    }

    /// Takes a transition of the search client and does what it says to
    /// the worker, handing the answers it delivers to `deliver` (after the
    /// transition, so that what they change may ask the client again).
    pub(crate) fn run(
        self,
        transition: impl FnOnce(&mut SearchClient) -> Vec<SearchEffect>,
        deliver: &mut dyn FnMut(FromWorker),
    ) {
        let mut effects = Vec::new();
        self.client
            .update_value(|client| effects = transition(client));
        self.execute(effects, deliver);
    }

    /// Does what the search client said, in order.
    fn execute(self, effects: Vec<SearchEffect>, deliver: &mut dyn FnMut(FromWorker)) {
        for effect in effects {
            match effect {
                SearchEffect::Deliver(message) => deliver(message),
                effect => self.worker.with_value(|worker| match (worker, effect) {
                    (Some(worker), SearchEffect::Start) => worker.start(),
                    (Some(worker), SearchEffect::Terminate) => worker.terminate(),
                    (Some(worker), SearchEffect::Post(request)) => worker.post(&request),
                    _ => {}
                }),
            }
        }
    }

    /// A new request's id: answers to earlier ones are stale from now on.
    pub(crate) fn next_request(self) -> u32 {
        let mut id = 0;
        self.client.update_value(|client| id = client.next_id());
        id
    }

    /// The newest request's id.
    pub(crate) fn current_request(self) -> u32 {
        self.client.with_value(SearchClient::current)
    }

    /// Sends `request` to the worker (when it is ready).
    pub(crate) fn send(self, request: ToWorker, deliver: &mut dyn FnMut(FromWorker)) {
        self.run(|client| client.send(request), deliver);
    }

    /// Whether a move is being searched for.
    pub(crate) fn thinking(self) -> bool {
        self.search.thinking.get_untracked()
    }

    /// The computer's move is being searched for from now on.
    pub(crate) fn begin(self) {
        self.search.thinking.set(true);
    }

    /// Stops any search and forgets its answer; a tree caught mid-search
    /// would stay half-drawn, so it goes too.
    pub(crate) fn stop(self, deliver: &mut dyn FnMut(FromWorker)) {
        self.run(SearchClient::cancel, deliver);
        self.ended();
        let half_drawn = self
            .search
            .trace
            .with_untracked(|t| t.as_ref().is_some_and(SearchTrace::is_running));
        if half_drawn {
            self.search.trace.set(None);
        }
    }

    /// The search ended (answered, failed or stopped).
    pub(crate) fn ended(self) {
        self.search.thinking.set(false);
        self.search.progress.set(None);
    }

    /// Forgets all the computer thought about the game before (after
    /// [`Searcher::stop`]): no thoughts, tree, values or line.
    pub(crate) fn forget(self) {
        let search = self.search;
        search.trace.set(None);
        search.teaching.set(None);
        search.thoughts.set(Vec::new());
        search.column_values.set(None);
        search.last_pv.set(Vec::new());
    }

    /// Whether the values shown are a hint's perfect scores.
    pub(crate) fn showing_hint(self) -> bool {
        self.search.showing_hint()
    }

    /// The values shown no longer hold (a move, an undo, a new question).
    pub(crate) fn clear_values(self) {
        self.search.column_values.set(None);
    }

    /// After an undo: the values and the expected line were of a position
    /// no longer on the board (the line would be drawn from the wrong
    /// coin).
    pub(crate) fn undone(self) {
        self.search.column_values.set(None);
        self.search.last_pv.set(Vec::new());
    }

    /// A hint's perfect scores of every column.
    pub(crate) fn show_hint(self, scores: Vec<Option<i32>>) {
        self.search
            .column_values
            .set(Some((ValueSource::Hint, scores)));
    }

    /// How a running search stands: the tree grows on the screen.
    pub(crate) fn show_progress(self, mut progress: SearchProgress) {
        self.search.thinking.set(true);
        if let Some(tree) = progress.tree.take() {
            self.search.trace.set(Some(tree));
        }
        self.search.progress.set(Some(progress));
    }

    /// The computer's move, from the worker or the booth: its thoughts,
    /// values, expected line and tree.
    pub(crate) fn show_decision(self, decision: ComputerMove) {
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

    /// The root of the last search's tree, if it has one.
    pub(crate) fn trace_root(self) -> Option<String> {
        self.search
            .trace
            .with_untracked(|t| t.as_ref().map(|t| t.root_moves.clone()))
            .filter(|m| !m.is_empty())
    }

    /// Whether the teaching trees shown are those of `root`.
    pub(crate) fn teaching_of(self, root: &str) -> bool {
        self.search
            .teaching
            .with_untracked(|t| t.as_ref().is_some_and(|t| t.minimax.root_moves == root))
    }

    /// The teaching trees, or none while new ones are asked for.
    pub(crate) fn show_teaching(self, teaching: Option<Teaching>) {
        self.search.teaching.set(teaching);
    }

    /// The worker's opening book: depth and positions.
    pub(crate) fn book_loaded(self, depth: u8, positions: u32) {
        self.data.book.set(Some((depth, positions)));
    }

    /// News of the worker's position database.
    pub(crate) fn database(self, news: Database) {
        self.data.database.set(Some(news));
    }

    /// Tracks everything a spectator screen shows of the search.
    pub(crate) fn track_shown(self) {
        let search = self.search;
        search.trace.track();
        search.thoughts.track();
        search.column_values.track();
        search.last_pv.track();
        search.thinking.track();
    }

    /// Tracks the running search's numbers.
    pub(crate) fn track_progress(self) {
        self.search.progress.track();
    }

    /// The running search's numbers, for spectators.
    pub(crate) fn progress_shared(self) -> Option<booth_protocol::search::Thinking> {
        self.search
            .progress
            .with_untracked(|p| p.as_ref().map(Into::into))
    }

    /// Fills in the search's part of what a spectator screen shows.
    pub(crate) fn share(self, shared: &mut Shared) {
        let search = self.search;
        shared.trace = search.trace.with_untracked(|t| t.as_ref().map(Into::into));
        shared.thoughts = search.thoughts.get_untracked();
        shared.column_values = search.column_values.get_untracked();
        shared.pv = search.last_pv.get_untracked();
        shared.thinking = search.thinking.get_untracked();
    }

    /// A spectator screen takes over the playing page's search.
    pub(crate) fn follow(self, shared: &mut Shared) {
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
    pub(crate) fn follow_progress(self, progress: Option<booth_protocol::search::Thinking>) {
        self.search.progress.set(progress.map(Into::into));
    }
}
