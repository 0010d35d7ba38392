//! Computer players: one [`PlayerConfig`] describes each, one
//! [`Player::choose`] answers a position with a move and what the search saw.
//!
//! ```
//! use engine::player::{Level, Player};
//! use engine::{Board, evaluation::Style};
//!
//! let board: Board = "4453".parse().unwrap();
//! let mut player = Player::new(Level::Medium.config(Style::Normal), 42);
//! let decision = player.choose(&board).unwrap();
//! assert!(board.can_play(decision.column));
//! assert_eq!(decision.trace.nodes[0].depth, 0);
//! ```

mod adaptive;
mod alphabeta;
mod classic_tree;
mod config;
mod facts;
mod memory;
mod progress;
pub(crate) mod rng;
mod search_value;
mod teaching;

use std::cell::{Cell, RefCell};

use serde::{Deserialize, Serialize};

pub use self::adaptive::Adaptive;
pub use self::config::{
    AdaptiveConfig, BadTuning, Level, LevelSpec, LevelTuning, PerfectConfig, PlayerConfig,
    SearchConfig, UnknownLevel,
};
pub use self::facts::Fact;
use self::progress::Reporter;
pub use self::progress::SearchProgress;
use self::rng::Rng;
pub use self::search_value::FORCED;
pub use self::teaching::{MAX_TEACHING_DEPTH, Teaching};
use crate::evaluation::{Evaluation, Style, Windows};
use crate::score::win_now_score;
use crate::solver::{self, Flow, Mode, Solver};
use crate::trace::{Bound, DEFAULT_TRACE_BUDGET, Recorder, SearchTrace};
use crate::{Board, Cancelled, Geometry, Position, SolvedPositions};

/// How long a person waits at most for a Perfect move, in milliseconds,
/// for [`Player::choose_within`]: the original specification's "a reply
/// after about 3 s". On the standard board the opening book and the
/// position database answer most early positions at once; a position the
/// solver cannot finish in time, and any position of a board no book
/// covers, gets the Hard search's move within the same limit, said so.
pub const PERFECT_TIME_LIMIT_MS: f64 = 3_000.0;

/// The share of [`Player::choose_within`]'s limit the solver may take:
/// the rest is the Hard search's, should the solver not finish.
const SOLVER_SHARE: f64 = 0.6;

/// Whether Perfect solves every position of boards of `geometry`: the
/// standard board, with its opening book and position database. On any
/// other it plays its best search where the solver needs longer than the
/// time limit, which the page says before the game.
pub fn perfect_on(geometry: Geometry) -> bool {
    geometry == Geometry::STANDARD
}

/// What kind of number a decision's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueKind {
    /// An exact score in the solver's convention.
    Exact,
    /// A heuristic estimate (window evaluation; ±1,000,000 minus plies for
    /// a forced win or loss).
    Heuristic,
    /// The classic formula's value, from the machine's view.
    Classic,
    /// No search (a random move).
    None,
}

/// A player's answer: the move and what the search saw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The chosen column, 0-based.
    pub column: usize,
    /// The value of the chosen column from the mover's view.
    pub value: i32,
    /// What `value` (and the trace's values) measure.
    pub value_kind: ValueKind,
    /// Every column's value from the mover's view (`None`: full or not
    /// searched).
    pub column_values: Vec<Option<i32>>,
    /// The expected continuation, starting with the chosen column.
    pub pv: Vec<u8>,
    /// Depth of the search that decided.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
    /// The recorded search tree.
    pub trace: SearchTrace,
    /// Facts for narration.
    pub facts: Vec<Fact>,
}

/// Why a player could not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChooseError {
    /// The game is over.
    GameOver,
    /// The search was stopped.
    Cancelled,
}

impl core::fmt::Display for ChooseError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            ChooseError::GameOver => "the game is already over",
            ChooseError::Cancelled => "the search was cancelled",
        })
    }
}

impl std::error::Error for ChooseError {}

impl From<Cancelled> for ChooseError {
    fn from(_: Cancelled) -> Self {
        ChooseError::Cancelled
    }
}

/// A computer player: its seeded random numbers and what its kind of play
/// keeps between moves (the window tables, the solver's table, the
/// adaptive strength).
pub struct Player {
    rng: Rng,
    trace_budget: usize,
    strategy: Strategy,
}

/// Each kind of play with exactly what it needs.
enum Strategy {
    /// Any legal column.
    Random,
    /// A depth-limited search with its evaluation's tables.
    Search {
        config: SearchConfig,
        windows: WindowsCache,
    },
    /// The exact solver, its table kept from move to move.
    Perfect {
        config: PerfectConfig,
        solver: Box<Solver>,
    },
    /// A search whose depth follows the games' results.
    Adaptive {
        adaptive: Adaptive,
        windows: WindowsCache,
    },
}

impl Player {
    /// A player of `config` whose random choices follow `seed`.
    pub fn new(config: PlayerConfig, seed: u64) -> Player {
        Player::reusing(config, seed, None).0
    }

    /// A player of `config` that takes over `solver` (and its table, so no
    /// second table is made) when it plays perfectly; any other player
    /// hands the solver back.
    pub fn reusing(
        config: PlayerConfig,
        seed: u64,
        solver: Option<Solver>,
    ) -> (Player, Option<Solver>) {
        let (strategy, unused) = match config {
            PlayerConfig::Random => (Strategy::Random, solver),
            PlayerConfig::Search(config) => (
                Strategy::Search {
                    config,
                    windows: WindowsCache::default(),
                },
                solver,
            ),
            PlayerConfig::Perfect(config) => {
                let solver = solver
                    .unwrap_or_else(|| Solver::with_table_bytes((config.table_mb as usize) << 20));
                (
                    Strategy::Perfect {
                        config,
                        solver: Box::new(solver),
                    },
                    None,
                )
            }
            PlayerConfig::Adaptive(config) => (
                Strategy::Adaptive {
                    adaptive: Adaptive::new(config),
                    windows: WindowsCache::default(),
                },
                solver,
            ),
        };
        let player = Player {
            rng: Rng::new(seed),
            trace_budget: DEFAULT_TRACE_BUDGET,
            strategy,
        };
        (player, unused)
    }

    /// Records at most `nodes` nodes per trace (default 2,000).
    pub fn with_trace_budget(mut self, nodes: usize) -> Player {
        self.trace_budget = nodes;
        self
    }

    /// Lets a perfect player answer from the positions solved in advance
    /// (instant in the opening, where the solver alone needs minutes).
    /// Other players search without them.
    pub fn use_solved(&mut self, solved: &SolvedPositions) {
        if let Some(solver) = self.solver() {
            solver.use_solved(solved);
        }
    }

    /// A perfect player's solver: a caller that also needs exact scores
    /// (a hint, a review) can share its table instead of making another.
    pub fn solver(&mut self) -> Option<&mut Solver> {
        match &mut self.strategy {
            Strategy::Perfect { solver, .. } => Some(solver),
            _ => None,
        }
    }

    /// Ends the player, handing its solver on to the next one.
    pub fn into_solver(self) -> Option<Solver> {
        match self.strategy {
            Strategy::Perfect { solver, .. } => Some(*solver),
            _ => None,
        }
    }

    /// The adaptive player's state, for the adaptive level.
    pub fn adaptive(&self) -> Option<&Adaptive> {
        match &self.strategy {
            Strategy::Adaptive { adaptive, .. } => Some(adaptive),
            _ => None,
        }
    }

    /// Tells an adaptive player how a game ended (`Some(true)`: it won).
    pub fn game_over(&mut self, won: Option<bool>) {
        if let Strategy::Adaptive { adaptive, .. } = &mut self.strategy {
            adaptive.game_over(won);
        }
    }

    /// Chooses a move for the side to move.
    ///
    /// # Errors
    /// When the game is over.
    pub fn choose(&mut self, board: &Board) -> Result<Decision, ChooseError> {
        self.choose_observed(board, None, &mut |_| Flow::Continue)
    }

    /// Chooses a move, reporting progress to `observe` at most every 50 ms
    /// of `clock` (milliseconds; without a clock, once per finished depth).
    /// `observe` may stop the search.
    ///
    /// # Errors
    /// When the game is over or the search was stopped.
    pub fn choose_observed(
        &mut self,
        board: &Board,
        clock: Option<&dyn Fn() -> f64>,
        observe: &mut dyn FnMut(&SearchProgress) -> Flow,
    ) -> Result<Decision, ChooseError> {
        if board.is_over() {
            return Err(ChooseError::GameOver);
        }
        let position = *board.position();
        let root_moves = board.to_string();
        // Trees of the running search name their root, as the final one does.
        let mut reporter = Reporter::new(clock, observe).naming_root(root_moves.clone());
        let (rng, trace_budget) = (&mut self.rng, self.trace_budget);
        let mut decision = match &mut self.strategy {
            Strategy::Random => random(rng, &position, trace_budget),
            Strategy::Search { config, windows } => {
                let name = if config.depth <= 2 { "easy" } else { "search" };
                let mut searcher = Searcher {
                    rng,
                    windows,
                    trace_budget,
                };
                searcher.search(&position, config, name, &mut reporter)?
            }
            Strategy::Perfect { config, solver } => {
                perfect(rng, solver, &position, config, trace_budget, &mut reporter)?
            }
            Strategy::Adaptive { adaptive, windows } => {
                let config = adaptive.search_config();
                let mut searcher = Searcher {
                    rng,
                    windows,
                    trace_budget,
                };
                let decision = searcher.search(&position, &config, "adaptive", &mut reporter)?;
                adaptive.observe_search(&decision);
                decision
            }
        };
        let mut facts = facts::board_facts(&position, decision.column);
        facts.append(&mut decision.facts);
        decision.facts = facts;
        decision.trace.root_moves = root_moves;
        Ok(decision)
    }

    /// [`Player::choose_observed`] with a time limit on perfect play: a
    /// Perfect player that has not finished after part of `limit_ms` of
    /// `clock` hands the move to the Hard search, given the rest of the
    /// time, and says so first among the facts ([`Fact::Unsolved`]), so a
    /// person never waits much longer than `limit_ms` for a move. Other
    /// levels are not limited; `observe` cannot stop a search.
    ///
    /// # Errors
    /// When the game is over.
    pub fn choose_within(
        &mut self,
        board: &Board,
        clock: &dyn Fn() -> f64,
        limit_ms: f64,
        observe: &mut dyn FnMut(&SearchProgress),
    ) -> Result<Decision, ChooseError> {
        let perfect = matches!(self.strategy, Strategy::Perfect { .. });
        let start = clock();
        let solver_ms = limit_ms * SOLVER_SHARE;
        let mut limited = |progress: &SearchProgress| {
            observe(progress);
            if perfect && clock() - start > solver_ms {
                Flow::Stop
            } else {
                Flow::Continue
            }
        };
        match self.choose_observed(board, Some(clock), &mut limited) {
            Err(ChooseError::Cancelled) if perfect => {
                let seed = self.rng.next_u64();
                let PlayerConfig::Search(mut config) = Level::Hard.config(Style::Normal) else {
                    unreachable!("Hard is a search")
                };
                config.time_budget_ms = Some((limit_ms - (clock() - start)).max(100.0));
                let mut hard = Player::new(PlayerConfig::Search(config), seed);
                let mut decision = hard.choose_observed(board, Some(clock), &mut |p| {
                    observe(p);
                    Flow::Continue
                })?;
                decision.facts.insert(
                    0,
                    Fact::Unsolved {
                        seconds: (limit_ms / 1000.0).round() as u32,
                    },
                );
                Ok(decision)
            }
            result => result,
        }
    }
}

/// Any legal column, said as such.
fn random(rng: &mut Rng, p: &Position, trace_budget: usize) -> Decision {
    let legal: Vec<usize> = (0..p.geometry().columns())
        .filter(|&c| p.can_play(c))
        .collect();
    let column = rng.pick(&legal);
    let mut recorder = Recorder::new(trace_budget, 1);
    recorder.open(None, None, p.side_to_move(), 0, true);
    Decision {
        column,
        value: 0,
        value_kind: ValueKind::None,
        column_values: vec![None; p.geometry().columns()],
        pv: vec![column as u8],
        depth: 0,
        nodes: 0,
        trace: recorder.finish(vec![column as u8], 0, 0),
        facts: vec![Fact::RandomMove {
            level: "random".into(),
        }],
    }
}

/// What a search keeps between moves, borrowed for one move.
struct Searcher<'a> {
    rng: &'a mut Rng,
    windows: &'a mut WindowsCache,
    trace_budget: usize,
}

impl Searcher<'_> {
    fn search(
        &mut self,
        p: &Position,
        config: &SearchConfig,
        level_name: &str,
        reporter: &mut Reporter<'_>,
    ) -> Result<Decision, ChooseError> {
        let (mut decision, best) = match config.evaluation {
            // The classic shell never varies: leftmost of the best.
            Evaluation::Classic => return classic(p, config.depth, self.trace_budget, reporter),
            Evaluation::Window {
                low_row_bonus,
                threat_parity,
            } => self.window_search(p, config, (low_row_bonus, threat_parity), reporter)?,
        };
        self.vary_among(&mut decision, &best);
        add_every_other_move_loses(&mut decision, -search_value::FORCED);
        if config.blunder_rate > 0.0 && self.rng.chance(config.blunder_rate) {
            self.play_weak(p, &mut decision, level_name);
        }
        Ok(decision)
    }

    /// Alpha-beta with the window evaluation: its decision, and the columns
    /// as good as the one it chose.
    fn window_search(
        &mut self,
        p: &Position,
        config: &SearchConfig,
        (low_row_bonus, threat_parity): (bool, bool),
        reporter: &mut Reporter<'_>,
    ) -> Result<(Decision, Vec<usize>), ChooseError> {
        let windows = self.windows.get(p.geometry(), low_row_bonus, threat_parity);
        let budget = alphabeta::Budget {
            depth: config.depth,
            nodes: config.node_budget,
            time_ms: config.time_budget_ms,
            trace_nodes: self.trace_budget,
        };
        let (found, nodes) = alphabeta::search(p, windows, config.style, &budget, reporter)
            .ok_or(ChooseError::Cancelled)?;
        let column_values: Vec<Option<i32>> = found.values.iter().map(|v| v.map(|v| v.0)).collect();
        let best: Vec<usize> = found
            .values
            .iter()
            .enumerate()
            .filter(|(_, v)| matches!(v, Some((value, Bound::Exact)) if *value == found.best_value))
            .map(|(c, _)| c)
            .collect();
        let decision = Decision {
            column: usize::from(found.pv[0]),
            value: found.best_value,
            value_kind: ValueKind::Heuristic,
            column_values,
            pv: found.pv,
            depth: found.depth,
            nodes,
            trace: found.trace,
            facts: facts::forced_outcome(found.best_value)
                .into_iter()
                .collect(),
        };
        Ok((decision, best))
    }

    /// Varies among equally good moves with the seed. When it takes another
    /// move than the search's line, it expects what the tree recorded below
    /// that move.
    fn vary_among(&mut self, decision: &mut Decision, best: &[usize]) {
        // A single best column is the search's own choice.
        if best.len() < 2 {
            return;
        }
        let Ok(column) = among_equals(self.rng, best, true) else {
            return;
        };
        if column == decision.column {
            return;
        }
        decision.column = column;
        let child = decision
            .trace
            .children(0)
            .find(|&i| decision.trace.nodes[i].column == Some(column as u8));
        decision.pv = vec![column as u8];
        decision.pv.extend(
            child
                .map(|i| decision.trace.line_after(i))
                .unwrap_or_default(),
        );
        decision.trace.set_pv(decision.pv.clone());
    }

    /// A deliberately weak move: any other column, the same way the
    /// level's seed decides, said as such.
    fn play_weak(&mut self, p: &Position, decision: &mut Decision, level_name: &str) {
        let others: Vec<usize> = (0..p.geometry().columns())
            .filter(|&c| p.can_play(c) && c != decision.column)
            .collect();
        if others.is_empty() {
            return;
        }
        decision.column = self.rng.pick(&others);
        decision.value = decision.column_values[decision.column].unwrap_or(decision.value);
        decision.pv = vec![decision.column as u8];
        decision.trace.set_pv(decision.pv.clone());
        decision
            .facts
            .retain(|f| !matches!(f, Fact::WinsIn { .. } | Fact::EveryOtherMoveLoses));
        decision.facts.push(Fact::RandomMove {
            level: level_name.into(),
        });
    }
}

/// Variety among equally good moves is worth a short wait, not a long
/// one: past this many milliseconds of the caller's clock, Perfect plays
/// the first best column it found instead of testing the others too
/// (stopping at the first best column took the slowest early position
/// measured natively from 9.0 s to 4.3 s). Not shorter: every column
/// tested is also a node of the tree the watchers see, and a 20 ms
/// limit left a 13-stone Perfect move with one column of seven.
const VARY_WITHIN_MS: f64 = 1500.0;

/// The solver's move: the position's exact score, then which columns keep
/// it, one of them chosen.
fn perfect(
    rng: &mut Rng,
    solver: &mut Solver,
    p: &Position,
    config: &PerfectConfig,
    trace_budget: usize,
    reporter: &mut Reporter<'_>,
) -> Result<Decision, ChooseError> {
    let g = p.geometry();
    let plies_left = (g.cells() - p.plies()) as u8;
    let mover = p.side_to_move();
    let mut nodes = 0;
    // The tree grows by one column at a time; a watcher sees it between.
    let recorder = RefCell::new(Recorder::new(trace_budget, 1));
    let root = recorder.borrow_mut().open(None, None, mover, 0, true);
    let elapsed_ms = Cell::new(0.0);
    let mut observe = solver_observer(reporter, &recorder, &elapsed_ms, plies_left);
    let record = |column: usize, value: i32, bound: Bound| {
        if let Some(r) = root {
            recorder.borrow_mut().leaf(r, column, mover, value, bound);
        }
    };
    // The position's score: from the book, else one exact search. Then
    // a column is best when it keeps that score, which a null-window
    // test tells far sooner than each column's exact score would.
    let value = match solver.book().and_then(|b| b.score(p)) {
        Some(score) => score,
        None => {
            let score = solver.search(p, Mode::Strong, &mut observe)?;
            nodes += solver.nodes();
            score
        }
    };
    let mut values = vec![None; g.columns()];
    let mut best = Vec::new();
    for column in g.centre_order() {
        if !p.can_play(column) {
            continue;
        }
        if p.is_winning_move(column) {
            values[column] = Some(win_now_score(g.cells(), p.plies()));
        } else {
            let mut child = *p;
            child.play_column(column);
            if let Some(score) = solver.known_score(&child) {
                values[column] = Some(-score);
            } else if (config.vary && elapsed_ms.get() < VARY_WITHIN_MS) || best.is_empty() {
                // The column keeps the score unless the opponent then
                // scores more than -value.
                let refuted = solver.at_least(&child, 1 - value, &mut observe)?;
                nodes += solver.nodes();
                if refuted {
                    // Known only as a bound: less than the best.
                    record(column, value - 1, Bound::Upper);
                } else {
                    values[column] = Some(value);
                }
            }
        }
        if let Some(v) = values[column] {
            record(column, v, Bound::Exact);
        }
        if values[column] == Some(value) {
            best.push(column);
        }
    }
    let column = among_equals(rng, &best, config.vary)?;
    drop(observe);
    let mut recorder = recorder.into_inner();
    if let Some(r) = root {
        recorder.node(r).value = value;
        recorder.node(r).subtree_nodes = nodes;
    }
    let mut decision = Decision {
        column,
        value,
        value_kind: ValueKind::Exact,
        column_values: values,
        pv: vec![column as u8],
        depth: plies_left,
        nodes,
        trace: recorder.finish(vec![column as u8], nodes, plies_left),
        facts: vec![facts::outcome(p, value)],
    };
    // Only when every column's exact value is known (from the book or
    // the database).
    if (0..g.columns()).all(|c| !p.can_play(c) || decision.column_values[c].is_some()) {
        add_every_other_move_loses(&mut decision, 0);
    }
    Ok(decision)
}

/// One of the equally good `best` columns (centre first): sooner wins
/// and later losses already score higher, so among equal scores vary
/// with the seed, or keep the most central.
fn among_equals(rng: &mut Rng, best: &[usize], vary: bool) -> Result<usize, ChooseError> {
    match *best {
        [] => Err(ChooseError::GameOver),
        [only] => Ok(only),
        _ if vary => Ok(rng.pick(best)),
        [first, ..] => Ok(first),
    }
}

impl Decision {
    /// The value of the move the search preferred (before any deliberately
    /// weak or varied choice): the best column value.
    pub fn pv_value(&self) -> i32 {
        self.column_values
            .iter()
            .flatten()
            .copied()
            .max()
            .unwrap_or(self.value)
    }
}

/// The window evaluation's tables for the last board shape and options a
/// search asked for (making them takes longer than a shallow search).
#[derive(Default)]
struct WindowsCache(Option<((Geometry, bool, bool), Windows)>);

impl WindowsCache {
    fn get(&mut self, g: Geometry, low_row_bonus: bool, threat_parity: bool) -> &Windows {
        let key = (g, low_row_bonus, threat_parity);
        let kept = match self.0.take() {
            Some((made_for, windows)) if made_for == key => windows,
            _ => Windows::new(g, low_row_bonus, threat_parity),
        };
        &self.0.insert((key, kept)).1
    }
}

/// The classic shell's unpruned search with its group formula.
fn classic(
    p: &Position,
    depth: u8,
    trace_budget: usize,
    reporter: &mut Reporter<'_>,
) -> Result<Decision, ChooseError> {
    let choice =
        classic_tree::choose(p, depth, trace_budget, reporter).ok_or(ChooseError::Cancelled)?;
    let values: Vec<Option<i32>> = choice
        .values
        .iter()
        .map(|v| v.map(|v| v.clamp(i32::MIN.into(), i32::MAX.into()) as i32))
        .collect();
    Ok(Decision {
        column: choice.column,
        value: values[choice.column].unwrap_or(0),
        value_kind: ValueKind::Classic,
        column_values: values,
        pv: choice.pv,
        depth,
        nodes: choice.nodes,
        trace: choice.trace,
        facts: Vec::new(),
    })
}

/// Reports a solver's progress with the columns' tree so far, and keeps
/// the time since the search started in `elapsed_ms`.
fn solver_observer<'a>(
    reporter: &'a mut Reporter<'_>,
    recorder: &'a RefCell<Recorder>,
    elapsed_ms: &'a Cell<f64>,
    plies_left: u8,
) -> impl FnMut(&solver::Progress) -> Flow + 'a {
    move |progress| {
        elapsed_ms.set(reporter.elapsed_ms());
        let stop = reporter.tick(false, |with_tree| SearchProgress {
            depth: plies_left,
            nodes: progress.nodes,
            tree: with_tree.then(|| recorder.borrow().snapshot(plies_left)),
            ..SearchProgress::default()
        });
        if stop { Flow::Stop } else { Flow::Continue }
    }
}

/// Adds [`Fact::EveryOtherMoveLoses`] when the chosen move does not lose and
/// every other column's value is below `losing` (strictly).
fn add_every_other_move_loses(decision: &mut Decision, losing: i32) {
    let others: Vec<i32> = decision
        .column_values
        .iter()
        .enumerate()
        .filter(|&(c, _)| c != decision.column)
        .filter_map(|(_, v)| *v)
        .collect();
    let chosen = decision.column_values[decision.column].unwrap_or(decision.value);
    if !others.is_empty() && chosen >= losing && others.iter().all(|&v| v < losing) {
        decision.facts.push(Fact::EveryOtherMoveLoses);
    }
}
