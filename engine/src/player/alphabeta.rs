//! The heuristic search: negamax with alpha-beta and iterative deepening,
//! scored by the window evaluation, recording its tree as it goes.

use crate::evaluation::{Style, Windows};
use crate::player::memory::{Remembered, SearchMemory};
use crate::player::progress::{Reporter, SearchProgress};
use crate::player::search_value::{FORCED, WIN};
use crate::trace::{Bound, Recorder, SearchTrace};
use crate::{Position, Side};

const INFINITY: i32 = WIN + 1;

const MAX_PLY: usize = 64;

/// What one finished iteration found.
pub(crate) struct Found {
    /// Value of every column from the mover's view, with its bound; `None`
    /// for full columns.
    pub(crate) values: Vec<Option<(i32, Bound)>>,
    pub(crate) best_value: i32,
    pub(crate) pv: Vec<u8>,
    pub(crate) depth: u8,
    pub(crate) trace: SearchTrace,
}

/// Limits of one search.
pub(crate) struct Budget {
    pub(crate) depth: u8,
    pub(crate) nodes: Option<u64>,
    pub(crate) time_ms: Option<f64>,
    pub(crate) trace_nodes: usize,
}

/// Deepens from depth 1 to `budget.depth`, keeping the deepest iteration
/// that finished within the budget. `None` when the observer cancelled.
pub(crate) fn search(
    position: &Position,
    windows: &Windows,
    style: Style,
    budget: &Budget,
    reporter: &mut Reporter<'_>,
) -> Option<(Found, u64)> {
    let mut best: Option<Found> = None;
    let mut nodes = 0;
    // Shared by the iterations: each deeper one starts from what the
    // shallower ones learnt.
    let mut memory = SearchMemory::new();
    for depth in 1..=budget.depth.max(1) {
        let previous_pv = best.as_ref().map(|f| f.pv.clone()).unwrap_or_default();
        let mut s = Iteration::new(position, windows, style, depth, &mut *reporter);
        s.memory = Some(&mut memory);
        s.nodes = nodes;
        s.node_limit = if depth > 1 { budget.nodes } else { None };
        s.time_limit = if depth > 1 { budget.time_ms } else { None };
        s.recorder = Recorder::new(budget.trace_nodes, 6);
        s.previous_pv = previous_pv;
        s.best_so_far = best.as_ref().map(|f| (f.pv.first().copied(), f.best_value));
        let found = s.root(position);
        nodes = s.nodes;
        if s.reporter.cancelled {
            return None;
        }
        if s.out_of_budget {
            break;
        }
        let decided = found.best_value.abs() >= FORCED;
        best = Some(found);
        let f = best.as_ref().unwrap();
        reporter.tick(true, |_| SearchProgress {
            depth,
            nodes,
            nodes_per_second: 0.0,
            elapsed_ms: 0.0,
            best_column: f.pv.first().copied(),
            best_value: Some(f.best_value),
            pv: f.pv.clone(),
            tree: None,
        });
        if reporter.cancelled {
            return None;
        }
        if decided || budget.nodes.is_some_and(|n| nodes >= n) {
            break;
        }
    }
    // The tree is the last finished iteration's; its count is the whole
    // search's (a deeper iteration cut short by the budget included), as
    // the move's own count says it.
    best.map(|mut f| {
        f.trace.total_nodes = nodes;
        (f, nodes)
    })
}

/// One search of `position` to exactly `depth`, with or without alpha-beta
/// pruning, recording up to `trace_nodes` nodes: the teaching view compares
/// the two.
pub(crate) fn fixed_depth(
    position: &Position,
    windows: &Windows,
    depth: u8,
    prune: bool,
    trace_nodes: usize,
) -> Found {
    let mut observe = |_: &SearchProgress| crate::Flow::Continue;
    let mut reporter = Reporter::new(None, &mut observe);
    let mut s = Iteration::new(
        position,
        windows,
        Style::Normal,
        depth.max(1),
        &mut reporter,
    );
    s.prune = prune;
    s.recorder = Recorder::new(trace_nodes, depth.max(1));
    s.root(position)
}

/// The window worth recording: none when it is still fully open.
fn window(alpha: i32, beta: i32) -> Option<(i32, i32)> {
    (alpha > -WIN || beta < WIN).then_some((alpha.max(-WIN), beta.min(WIN)))
}

struct Iteration<'r, 'a> {
    windows: &'r Windows,
    centre: Vec<u8>,
    root_side: Side,
    weights: (i32, i32),
    nodes: u64,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
    reporter: &'r mut Reporter<'a>,
    recorder: Recorder,
    previous_pv: Vec<u8>,
    pv: [[u8; MAX_PLY]; MAX_PLY],
    pv_len: [usize; MAX_PLY],
    out_of_budget: bool,
    depth: u8,
    best_so_far: Option<(Option<u8>, i32)>,
    /// Alpha-beta cut-offs on; off, it is plain minimax.
    prune: bool,
    /// Positions already searched, when transpositions should be used.
    memory: Option<&'r mut SearchMemory>,
}

impl<'r, 'a> Iteration<'r, 'a> {
    fn new(
        position: &Position,
        windows: &'r Windows,
        style: Style,
        depth: u8,
        reporter: &'r mut Reporter<'a>,
    ) -> Self {
        Iteration {
            windows,
            centre: position
                .geometry()
                .centre_order()
                .into_iter()
                .map(|c| c as u8)
                .collect(),
            root_side: position.side_to_move(),
            weights: style.weights(),
            nodes: 0,
            node_limit: None,
            time_limit: None,
            reporter,
            recorder: Recorder::new(0, 0),
            previous_pv: Vec::new(),
            pv: [[0; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            out_of_budget: false,
            depth,
            best_so_far: None,
            prune: true,
            memory: None,
        }
    }

    /// The window a child is searched with: the parent's, or fully open
    /// for minimax.
    fn child_window(&self, alpha: i32, beta: i32) -> (i32, i32) {
        if self.prune {
            (-beta, -alpha)
        } else {
            (-INFINITY, INFINITY)
        }
    }

    /// The window worth recording for a child: none for minimax, which has
    /// no window.
    fn recorded_window(&self, alpha: i32, beta: i32) -> Option<(i32, i32)> {
        if self.prune {
            window(alpha, beta)
        } else {
            None
        }
    }

    fn stopped(&self) -> bool {
        self.out_of_budget || self.reporter.cancelled
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes & 1023 != 0 {
            return;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n)
            || self
                .time_limit
                .is_some_and(|t| self.reporter.elapsed_ms() >= t)
        {
            self.out_of_budget = true;
        }
        let (depth, nodes, best) = (self.depth, self.nodes, self.best_so_far);
        let pv = self.previous_pv.clone();
        let recorder = &self.recorder;
        self.reporter.tick(false, |with_tree| SearchProgress {
            depth: depth - 1,
            nodes,
            nodes_per_second: 0.0,
            elapsed_ms: 0.0,
            best_column: best.and_then(|b| b.0),
            best_value: best.map(|b| b.1),
            pv,
            tree: with_tree.then(|| recorder.snapshot(depth)),
        });
    }

    /// The static value from the side to move's view.
    fn evaluate(&self, p: &Position) -> i32 {
        let v = self.windows.evaluate(p, self.root_side, self.weights);
        if p.side_to_move() == self.root_side {
            v
        } else {
            -v
        }
    }

    /// Columns in search order: the previous iteration's move on its
    /// principal variation, then by threats created, centre first on ties.
    fn order(
        &self,
        p: &Position,
        candidates: u64,
        ply: usize,
        on_pv: bool,
        remembered: Option<u8>,
    ) -> ([u8; 9], usize) {
        let g = p.geometry();
        let preferred = if on_pv {
            self.previous_pv.get(ply).copied()
        } else {
            None
        }
        .or(remembered);
        let mut list = [(0u8, 0i32); 9];
        let mut len = 0;
        for &column in &self.centre {
            let column = usize::from(column);
            let bit = candidates & g.column_mask(column);
            if bit == 0 {
                continue;
            }
            let mut score = p.threats_after(bit) as i32;
            if preferred == Some(column as u8) {
                score = i32::MAX;
            }
            let mut i = len;
            while i > 0 && list[i - 1].1 < score {
                list[i] = list[i - 1];
                i -= 1;
            }
            list[i] = (column as u8, score);
            len += 1;
        }
        let mut columns = [0u8; 9];
        for (c, (column, _)) in columns.iter_mut().zip(list) {
            *c = column;
        }
        (columns, len)
    }

    fn root(&mut self, p: &Position) -> Found {
        let g = p.geometry();
        let mover = p.side_to_move();
        let root = self.recorder.open(None, None, mover, 0, true);
        self.nodes += 1;
        let mut values = vec![None; g.columns()];
        let safe = p.non_losing_moves();
        let mut all = 0u64;
        for c in 0..g.columns() {
            if p.can_play(c) {
                all |= g.column_mask(c) & p.possible();
            }
        }
        let (order, len) = self.order(p, all, 0, true, None);
        let (mut alpha, beta) = (-INFINITY, INFINITY);
        let mut best = -INFINITY;
        for &column in &order[..len] {
            let c = usize::from(column);
            let on_pv = self.previous_pv.first() == Some(&column);
            let id = root.and_then(|r| self.recorder.open(Some(r), Some(column), mover, 1, on_pv));
            let before = self.nodes;
            // Ties at the root are searched exactly (window one below the
            // best), so equally good moves can be told apart and varied.
            let (value, bound) = if p.is_winning_move(c) {
                self.pv_len[1] = 0;
                (WIN - 1, Bound::Exact)
            } else if safe & g.column_mask(c) == 0 {
                // The opponent completes a line at once.
                self.pv_len[1] = 0;
                (-(WIN - 2), Bound::Exact)
            } else {
                let child = p.after(g.column_mask(c) & p.possible());
                let (a, b) = self.child_window(alpha - 1, beta);
                let v = -self.negamax(&child, self.depth - 1, 1, a, b, id, on_pv);
                (
                    v,
                    if v < alpha && self.prune {
                        Bound::Upper
                    } else {
                        Bound::Exact
                    },
                )
            };
            if self.stopped() {
                break;
            }
            values[c] = Some((value, bound));
            if let Some(id) = id {
                self.record_child(
                    id,
                    value,
                    bound,
                    (alpha, beta),
                    (self.nodes - before).max(1),
                );
            }
            if value > best {
                best = value;
                self.extend_pv(0, column);
            }
            alpha = alpha.max(value);
        }
        let pv = self.pv[0][..self.pv_len[0]].to_vec();
        if let Some(r) = root {
            let node = self.recorder.node(r);
            node.value = best;
            node.subtree_nodes = self.nodes;
        }
        let recorder = core::mem::replace(&mut self.recorder, Recorder::new(0, 0));
        Found {
            values,
            best_value: best,
            depth: self.depth,
            trace: recorder.finish(pv.clone(), self.nodes, self.depth),
            pv,
        }
    }

    /// The value of `p` for its side to move, searched `depth` more plies.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        p: &Position,
        depth: u8,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        record: Option<u32>,
        on_pv: bool,
    ) -> i32 {
        self.count_node();
        self.pv_len[ply] = 0;
        if p.can_win_next() {
            return WIN - (ply as i32 + 1);
        }
        if p.is_full() {
            return 0;
        }
        let safe = p.non_losing_moves();
        if safe == 0 {
            return -(WIN - (ply as i32 + 2));
        }
        // A leaf where the side to move must block is not quiet: its value
        // changes with the forced reply, so search that reply too.
        let forced = p.possible() & p.winning_cells_of(p.opponent_stones()) != 0;
        if (depth == 0 && !forced) || ply + 2 >= MAX_PLY {
            return self.evaluate(p);
        }
        let depth = depth.max(1);
        let key = p.key();
        let remembered = self.memory.as_ref().and_then(|m| m.get(key, ply));
        if !on_pv && let Some(value) = remembered.and_then(|r| settled(r, depth, alpha, beta)) {
            if let Some(id) = record {
                self.recorder.node(id).from_table = true;
            }
            return value;
        }
        let alpha_in = alpha;
        let g = p.geometry();
        let mover = p.side_to_move();
        let (order, len) = self.order(p, safe, ply, on_pv, remembered.map(|r| r.best));
        let mut best = -INFINITY;
        let mut best_column = order[0];
        for (i, &column) in order[..len].iter().enumerate() {
            let child_on_pv = on_pv && self.previous_pv.get(ply) == Some(&column);
            let id = record.and_then(|r| {
                self.recorder
                    .open(Some(r), Some(column), mover, ply as u8 + 1, child_on_pv)
            });
            let before = self.nodes;
            let bit = safe & g.column_mask(usize::from(column));
            let (a, b) = self.child_window(alpha, beta);
            let v = -self.negamax(&p.after(bit), depth - 1, ply + 1, a, b, id, child_on_pv);
            if self.stopped() {
                return best.max(alpha);
            }
            if let Some(id) = id {
                let bound = if self.prune {
                    bound_of(v, alpha, beta)
                } else {
                    Bound::Exact
                };
                self.record_child(id, v, bound, (alpha, beta), self.nodes - before);
            }
            if v > best {
                best = v;
                best_column = column;
                self.extend_pv(ply, column);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta && self.prune {
                if let Some(r) = record {
                    let node = self.recorder.node(r);
                    node.cut_by = Some(column);
                    node.pruned = order[i + 1..len].to_vec();
                }
                break;
            }
        }
        if let Some(memory) = self.memory.as_deref_mut() {
            memory.put(
                key,
                ply,
                best,
                depth,
                bound_of(best, alpha_in, beta),
                best_column,
            );
        }
        best
    }

    /// Notes a searched child's value, its bound, the window it was
    /// searched with and the nodes its subtree took, for the tree.
    #[inline(always)]
    fn record_child(
        &mut self,
        id: u32,
        value: i32,
        bound: Bound,
        (alpha, beta): (i32, i32),
        nodes: u64,
    ) {
        let window = self.recorded_window(alpha, beta);
        let node = self.recorder.node(id);
        node.value = value;
        node.bound = bound;
        node.window = window;
        node.subtree_nodes = nodes;
    }

    /// The best line from `ply` on: `column`, then the best line found
    /// below it.
    #[inline(always)]
    fn extend_pv(&mut self, ply: usize, column: u8) {
        self.pv[ply][0] = column;
        let n = self.pv_len[ply + 1];
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][1..=n].copy_from_slice(&tail[0][..n]);
        self.pv_len[ply] = n + 1;
    }
}

/// What a value found with the window `alpha..beta` says: the exact value
/// inside it, a bound outside it.
#[inline(always)]
fn bound_of(value: i32, alpha: i32, beta: i32) -> Bound {
    if value <= alpha {
        Bound::Upper
    } else if value >= beta {
        Bound::Lower
    } else {
        Bound::Exact
    }
}

/// The value a remembered entry settles for a search `depth` deep with the
/// window `alpha..beta`, if it is deep enough and its bound is enough.
#[inline(always)]
fn settled(r: Remembered, depth: u8, alpha: i32, beta: i32) -> Option<i32> {
    let enough = match r.bound {
        Bound::Exact => true,
        Bound::Lower => r.value >= beta,
        Bound::Upper => r.value <= alpha,
    };
    (r.depth >= depth && enough).then_some(r.value)
}
