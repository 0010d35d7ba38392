//! Progress reports of a running player search, rate-limited by the
//! caller's clock (the engine has none of its own).

use crate::solver::Flow;
use crate::trace::SearchTrace;

/// How far a player's search has got.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchProgress {
    /// Depth of the deepest finished iteration (for the solver: plies left).
    pub depth: u8,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second, from the caller's clock (0 without one).
    pub nodes_per_second: f64,
    /// Milliseconds since the search started (0 without a clock).
    pub elapsed_ms: f64,
    /// The best column so far (0-based), once one is known.
    pub best_column: Option<u8>,
    /// Its value, from the mover's view.
    pub best_value: Option<i32>,
    /// The expected continuation.
    pub pv: Vec<u8>,
    /// The tree of the running iteration as far as it got, at most every
    /// [`Reporter::TREE_INTERVAL_MS`] (none in the other reports).
    pub tree: Option<SearchTrace>,
}

/// Hands progress to the observer at most every [`Reporter::INTERVAL_MS`].
pub(crate) struct Reporter<'a> {
    clock: Option<&'a dyn Fn() -> f64>,
    observe: &'a mut dyn FnMut(&SearchProgress) -> Flow,
    start_ms: f64,
    last_ms: f64,
    last_tree_ms: f64,
    /// The moves to the searched position, given to every tree sent.
    root_moves: String,
    pub(crate) cancelled: bool,
}

impl<'a> Reporter<'a> {
    /// The most frequent reports a watcher needs.
    pub(crate) const INTERVAL_MS: f64 = 50.0;

    /// Trees are bigger than the rest of a report: fewer of them keep the
    /// page's drawing and the messages cheap.
    pub(crate) const TREE_INTERVAL_MS: f64 = 250.0;

    pub(crate) fn new(
        clock: Option<&'a dyn Fn() -> f64>,
        observe: &'a mut dyn FnMut(&SearchProgress) -> Flow,
    ) -> Reporter<'a> {
        let start_ms = clock.map_or(0.0, |c| c());
        Reporter {
            clock,
            observe,
            start_ms,
            last_ms: start_ms,
            last_tree_ms: start_ms,
            root_moves: String::new(),
            cancelled: false,
        }
    }

    /// Names the searched position (a move string) in the trees reported.
    pub(crate) fn naming_root(mut self, root_moves: String) -> Self {
        self.root_moves = root_moves;
        self
    }

    /// Milliseconds since the start (0 without a clock).
    pub(crate) fn elapsed_ms(&self) -> f64 {
        self.clock.map_or(0.0, |c| c() - self.start_ms)
    }

    /// Reports if the interval has passed (or `force`); returns whether the
    /// observer asked to stop.
    /// `fill` makes the report; its argument says whether to attach the
    /// tree this time.
    pub(crate) fn tick(&mut self, force: bool, fill: impl FnOnce(bool) -> SearchProgress) -> bool {
        let Some(clock) = self.clock else {
            if force {
                let progress = fill(false);
                self.cancelled |= (self.observe)(&progress) == Flow::Stop;
            }
            return self.cancelled;
        };
        let now = clock();
        if force || now - self.last_ms >= Self::INTERVAL_MS {
            self.last_ms = now;
            let mut progress = fill(now - self.last_tree_ms >= Self::TREE_INTERVAL_MS);
            if let Some(tree) = progress.tree.as_mut() {
                tree.root_moves.clone_from(&self.root_moves);
                self.last_tree_ms = now;
            }
            progress.elapsed_ms = now - self.start_ms;
            if progress.elapsed_ms > 0.0 {
                progress.nodes_per_second = progress.nodes as f64 / progress.elapsed_ms * 1000.0;
            }
            self.cancelled |= (self.observe)(&progress) == Flow::Stop;
        }
        self.cancelled
    }
}
