//! The perfect-play solver: exact scores by negamax with alpha-beta.
//!
//! Scores follow Pascal Pons' convention: positive when the side to move
//! wins, `(cells + 1 - plies) / 2` for a win with the next stone and one less
//! for every further pair of moves the win needs; negative the same way for a
//! loss; zero for a draw.

mod order;
mod slots;
mod table;

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

use self::order::MoveList;
pub use self::table::TranspositionTable;
use self::table::work_class;
use crate::Position;
use crate::book::OpeningBook;
use crate::database::PositionDatabase;
use crate::position::has_line;
use crate::score::win_now_score;
use crate::solved::SolvedPositions;

/// Default table size: 4 MiB. Larger tables were slower on every benchmark
/// set here: probes that miss the CPU caches cost more than the extra hits
/// save (see `docs/engine.md`).
pub const DEFAULT_TABLE_BYTES: usize = 4 << 20;

/// How much of the answer is wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// The exact score.
    Strong,
    /// Only win (1), draw (0) or loss (-1): much faster.
    Weak,
}

impl Mode {
    /// What this mode answers for an exact score.
    fn apply(self, score: i32) -> i32 {
        match self {
            Mode::Strong => score,
            Mode::Weak => score.signum(),
        }
    }
}

/// What a running search reports, about every 2^14 nodes and after every
/// narrowing of the score bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Nodes searched so far in this call.
    pub nodes: u64,
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
}

/// What an observer tells a running search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Keep searching.
    Continue,
    /// Give up as soon as possible.
    Stop,
}

/// The search was stopped by its stop flag or its observer before it knew
/// the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

impl fmt::Display for Cancelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the search was cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// Solves positions exactly. Holds the transposition table, which survives
/// between calls (what it knows stays true), so consecutive positions of one
/// game get faster; [`Solver::clear`] forgets it.
///
/// ```
/// use engine::{Board, Solver};
/// let mut solver = Solver::with_table_bytes(8 << 20);
/// let board: Board = "2252576253462244111563365343671351441".parse().unwrap();
/// assert_eq!(solver.solve(board.position()), -1);
/// ```
pub struct Solver {
    table: TranspositionTable,
    nodes: u64,
    stop: Arc<AtomicBool>,
    solved: SolvedPositions,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a table of [`DEFAULT_TABLE_BYTES`].
    pub fn new() -> Solver {
        Solver::with_table_bytes(DEFAULT_TABLE_BYTES)
    }

    /// A solver whose table uses at most `bytes` (at least 4 MiB).
    pub fn with_table_bytes(bytes: usize) -> Solver {
        Solver {
            table: TranspositionTable::with_bytes(bytes),
            nodes: 0,
            stop: Arc::new(AtomicBool::new(false)),
            solved: SolvedPositions::default(),
        }
    }

    /// Uses the positions solved in advance: positions the book holds are
    /// answered at once, and a search ends at the database's positions
    /// with their exact scores, so a position a few stones short of them
    /// needs only a shallow search.
    pub fn use_solved(&mut self, solved: &SolvedPositions) {
        self.solved = solved.clone();
    }

    /// The opening book in use, if any.
    pub fn book(&self) -> Option<&OpeningBook> {
        self.solved.book()
    }

    /// The position database in use, if any.
    pub fn layer(&self) -> Option<&PositionDatabase> {
        self.solved.database()
    }

    /// Bytes used by the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets everything the table learnt (in constant time).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A flag that stops the running search when set from anywhere; the
    /// solver clears it when a search starts.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The exact score of the side to move.
    pub fn solve(&mut self, position: &Position) -> i32 {
        self.search(position, Mode::Strong, &mut |_| Flow::Continue)
            .unwrap_or(0)
    }

    /// 1, 0 or -1: whether the side to move wins, draws or loses.
    pub fn solve_weak(&mut self, position: &Position) -> i32 {
        self.search(position, Mode::Weak, &mut |_| Flow::Continue)
            .unwrap_or(0)
    }

    /// The score of each column for the side to move (from its view, as in
    /// [`Solver::solve`]); `None` for a full column.
    pub fn analyze(&mut self, position: &Position, mode: Mode) -> Vec<Option<i32>> {
        self.analyze_observed(position, mode, &mut |_| Flow::Continue)
            .unwrap_or_default()
    }

    /// [`Solver::analyze`], reporting to `observe` and stoppable.
    ///
    /// # Errors
    /// [`Cancelled`] when the stop flag is set or `observe` says stop.
    pub fn analyze_observed(
        &mut self,
        position: &Position,
        mode: Mode,
        observe: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<Vec<Option<i32>>, Cancelled> {
        let all: Vec<usize> = (0..position.geometry().columns()).collect();
        self.analyze_columns(position, &all, mode, observe)
    }

    /// [`Solver::analyze_observed`] for some of the columns only (`None` for
    /// the others): several solvers can share out a position's columns and
    /// run in parallel.
    ///
    /// ```
    /// use engine::{Board, Flow, Mode, Solver};
    /// let board: Board = "4455".parse().unwrap();
    /// let mut solver = Solver::new();
    /// let some = solver
    ///     .analyze_columns(board.position(), &[3, 5], Mode::Weak, &mut |_| Flow::Continue)
    ///     .unwrap();
    /// assert_eq!(some, [None, None, None, Some(1), None, Some(1), None]);
    /// ```
    ///
    /// # Errors
    /// [`Cancelled`] when the stop flag is set or `observe` says stop.
    pub fn analyze_columns(
        &mut self,
        position: &Position,
        columns: &[usize],
        mode: Mode,
        observe: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<Vec<Option<i32>>, Cancelled> {
        let g = position.geometry();
        // A position the book knows bounds every column from above by its
        // score, so each child's search starts with its lower half proved.
        let known = self.settled(position).map(|score| mode.apply(score));
        let mut nodes = 0;
        let mut scores = Vec::with_capacity(g.columns());
        for column in 0..g.columns() {
            if !columns.contains(&column) || !position.can_play(column) {
                scores.push(None);
                continue;
            }
            let score = if position.is_winning_move(column) {
                mode.apply(win_now_score(g.cells(), position.plies()))
            } else {
                let mut child = *position;
                child.play_column(column);
                let floor = known.map(|v| -v);
                let score = -self.search_above(&child, mode, floor, observe)?;
                nodes += self.nodes;
                score
            };
            scores.push(Some(score));
        }
        self.nodes = nodes;
        Ok(scores)
    }

    /// The score of the side to move, reporting to `observe` and stoppable.
    /// A position whose game is over scores as such: a win of the last mover
    /// is a loss for the side to move, a full board a draw.
    ///
    /// # Errors
    /// [`Cancelled`] when the stop flag is set or `observe` says stop.
    pub fn search(
        &mut self,
        position: &Position,
        mode: Mode,
        observe: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<i32, Cancelled> {
        self.search_above(position, mode, None, observe)
    }

    /// [`Solver::search`] of a position whose score is known to be at least
    /// `floor`, which spares the probes below it.
    fn search_above(
        &mut self,
        position: &Position,
        mode: Mode,
        floor: Option<i32>,
        observe: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<i32, Cancelled> {
        if let Some(score) = self.settled(position) {
            return Ok(mode.apply(score));
        }
        let (mut lower, mut upper) = match mode {
            Mode::Strong => score_range(position),
            Mode::Weak => (-1, 1),
        };
        if let Some(floor) = floor {
            lower = lower.max(floor.min(upper));
        }
        let mut search = Search::new(
            (&mut self.table, &self.stop, self.solved.database()),
            position,
            observe,
            (lower, upper),
        );
        while lower < upper {
            // Probe a null window, pulled towards zero: proving or refuting a
            // win is cheaper than pinning down its exact distance.
            let mut probe = lower + (upper - lower) / 2;
            if probe <= 0 && lower / 2 < probe {
                probe = lower / 2;
            } else if probe >= 0 && upper / 2 > probe {
                probe = upper / 2;
            }
            let score = search.negamax(position, probe, probe + 1);
            if search.cancelled {
                self.nodes = search.nodes;
                return Err(Cancelled);
            }
            if score <= probe {
                upper = score;
            } else {
                lower = score;
            }
            search.lower = lower;
            search.upper = upper;
            search.report();
        }
        self.nodes = search.nodes;
        Ok(mode.apply(lower))
    }

    /// Whether the side to move scores at least `bound`: one null-window
    /// search, much cheaper than the exact score. Enough to tell the best
    /// moves once the position's score is known (from the opening book).
    ///
    /// # Errors
    /// [`Cancelled`] when the stop flag is set or `observe` says stop.
    pub fn at_least(
        &mut self,
        position: &Position,
        bound: i32,
        observe: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<bool, Cancelled> {
        if let Some(score) = self.settled(position) {
            return Ok(score >= bound);
        }
        let range = score_range(position);
        let mut search = Search::new(
            (&mut self.table, &self.stop, self.solved.database()),
            position,
            observe,
            range,
        );
        let score = search.negamax(position, bound - 1, bound);
        self.nodes = search.nodes;
        if search.cancelled {
            return Err(Cancelled);
        }
        Ok(score >= bound)
    }

    /// Starts a search (clears the stop flag and the node count) and answers
    /// at once what needs no search: a finished game, a win with the next
    /// stone, a position in the book. The exact score, or `None`.
    fn settled(&mut self, position: &Position) -> Option<i32> {
        self.stop.store(false, Ordering::Relaxed);
        self.nodes = 0;
        let g = position.geometry();
        let (cells, plies) = (g.cells(), position.plies());
        if has_line(position.opponent_stones(), g) {
            return Some(-win_now_score(cells, plies - 1));
        }
        if position.is_full() {
            return Some(0);
        }
        let score = self.known_score(position)?;
        self.nodes = 1;
        Some(score)
    }

    /// A position's exact score when it needs no search: the side to move
    /// wins with its next stone, or the book or the database has it.
    pub fn known_score(&self, position: &Position) -> Option<i32> {
        if position.can_win_next() {
            let g = position.geometry();
            return Some(win_now_score(g.cells(), position.plies()));
        }
        let book = self.book().and_then(|b| b.score(position));
        book.or_else(|| self.layer().and_then(|l| l.score(position)))
    }
}

/// The scores a position with no line and no immediate win can have: from
/// losing to the opponent's last stone up to winning with the next one.
fn score_range(position: &Position) -> (i32, i32) {
    let (cells, plies) = (position.geometry().cells(), position.plies());
    (-((cells - plies) as i32) / 2, win_now_score(cells, plies))
}

const REPORT_EVERY: u64 = 1 << 14;

/// The column masks of a geometry from the centre outwards.
struct ColumnOrder {
    masks: [u64; 9],
    len: usize,
}

impl ColumnOrder {
    fn new(position: &Position) -> ColumnOrder {
        let g = position.geometry();
        let mut masks = [0; 9];
        let order = g.centre_order();
        for (mask, &column) in masks.iter_mut().zip(&order) {
            *mask = g.column_mask(column);
        }
        ColumnOrder {
            masks,
            len: order.len(),
        }
    }
}

/// One call of [`Solver::search`]: the state the recursion shares.
struct Search<'a> {
    table: &'a mut TranspositionTable,
    stop: &'a AtomicBool,
    layer: Option<&'a PositionDatabase>,
    /// The layer's number of stones, or one no position has.
    layer_plies: usize,
    observe: &'a mut dyn FnMut(&Progress) -> Flow,
    nodes: u64,
    next_report: u64,
    lower: i32,
    upper: i32,
    cancelled: bool,
    order: ColumnOrder,
}

impl<'a> Search<'a> {
    fn new(
        (table, stop, layer): (
            &'a mut TranspositionTable,
            &'a AtomicBool,
            Option<&'a PositionDatabase>,
        ),
        position: &Position,
        observe: &'a mut dyn FnMut(&Progress) -> Flow,
        (lower, upper): (i32, i32),
    ) -> Search<'a> {
        Search {
            table,
            stop,
            layer,
            layer_plies: layer.map_or(usize::MAX, PositionDatabase::plies),
            observe,
            nodes: 0,
            next_report: REPORT_EVERY,
            lower,
            upper,
            cancelled: false,
            order: ColumnOrder::new(position),
        }
    }

    fn report(&mut self) {
        let progress = Progress {
            nodes: self.nodes,
            lower: self.lower,
            upper: self.upper,
        };
        if self.stop.load(Ordering::Relaxed) || (self.observe)(&progress) == Flow::Stop {
            self.cancelled = true;
        }
    }

    /// The score of `p` if it lies in `alpha..beta`; otherwise a bound on
    /// the side of the window it lies. The side to move cannot win at once.
    fn negamax(&mut self, p: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let start = self.nodes;
        if self.nodes >= self.next_report {
            self.next_report = self.nodes + REPORT_EVERY;
            self.report();
        }
        if self.cancelled {
            return alpha;
        }
        if p.plies() == self.layer_plies {
            // Every position the search reaches is one a game reaches with
            // no win in one for the mover: the layer holds them all.
            if let Some(score) = self.layer.and_then(|l| l.score(p)) {
                return score;
            }
        }
        let g = p.geometry();
        let (cells, plies) = (g.cells() as i32, p.plies() as i32);

        let opponent_threats = p.winning_cells_of(p.opponent_stones());
        let next = p.moves_against(opponent_threats);
        if next == 0 {
            // Every move lets the opponent complete a line at once.
            return -(cells - plies) / 2;
        }
        if plies >= cells - 2 {
            // Neither side can win in the last two stones: we would have won
            // already, and the opponent's last stone is not a threat we left.
            return 0;
        }
        // We cannot win with the next stone (the caller checked), nor lose
        // to the opponent's next stone (only non-losing moves remain).
        let mut lower = -(cells - 2 - plies) / 2;
        let mut upper = (cells - 1 - plies) / 2;
        if alpha >= 0 && p.opponent_claims_even() {
            return 0; // at most a draw, so at most alpha
        }
        let key = p.key();
        if let Some((l, u)) = self.table.get(key) {
            lower = lower.max(l);
            upper = upper.min(u);
        }
        if lower >= upper || lower >= beta {
            return lower;
        }
        if upper <= alpha {
            return upper;
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);

        // Moves are tried by the threats they leave us, the most first. A
        // threat just above one of the opponent's counts for nothing: we
        // cannot play below it, and the opponent playing there wins.
        let dead = opponent_threats << 1;
        let mut moves = MoveList::new();
        // Short of a win with our second stone from now, the best we can
        // score is `slow_win`. When the window asks for more than that, the
        // node is cut unless one of our moves may lead to that win.
        let slow_win = (cells - 3 - plies) / 2;
        let mut may_win_in_two = slow_win > alpha;
        let possible = p.possible();
        for &column in &self.order.masks[..self.order.len] {
            let bit = next & column;
            if bit != 0 {
                self.table.prefetch(p.after(bit).key());
                let threats = p.threat_cells_after(bit);
                if !may_win_in_two {
                    may_win_in_two = p.wins_in_two_after(bit, threats, possible);
                }
                moves.push(bit, (threats & !dead).count_ones() as i32);
            }
        }
        if !may_win_in_two {
            self.table
                .put(key, lower, slow_win, work_class(self.nodes - start));
            return slow_win;
        }

        // A child the table already refutes cuts at once, before any sibling
        // is searched (an enhanced transposition cut-off).
        for &bit in moves.as_slice() {
            let refuted = self.table.get(p.after(bit).key());
            if let Some((_, child_upper)) = refuted.filter(|&(_, u)| -u >= beta) {
                self.table
                    .put(key, -child_upper, upper, work_class(self.nodes - start));
                return -child_upper;
            }
        }
        for &bit in moves.as_slice() {
            let score = -self.negamax(&p.after(bit), -beta, -alpha);
            if self.cancelled {
                return alpha;
            }
            if score >= beta {
                self.table
                    .put(key, score, upper, work_class(self.nodes - start));
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table
            .put(key, lower, alpha, work_class(self.nodes - start));
        alpha
    }
}

#[cfg(test)]
mod tests;
