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
mod classic;
mod config;
mod decision;
mod facts;
mod memory;
mod opponent;
mod perfect;
mod progress;
mod random;
pub(crate) mod rng;
mod search;
mod search_value;
mod teaching;

pub use self::adaptive::Adaptive;
pub use self::config::{
    AdaptiveConfig, BadOverride, ClassicConfig, Level, LevelSpec, PerfectConfig, PlayerConfig,
    SearchConfig, SearchOverride, UnknownLevel,
};
pub use self::decision::{ChooseError, Decision, ValueKind};
pub use self::facts::Fact;
pub use self::opponent::{Opponent, PERFECT_TIME_LIMIT_MS};
pub use self::perfect::perfect_on;
use self::progress::Reporter;
pub use self::progress::SearchProgress;
use self::rng::Rng;
use self::search::{Searcher, WindowsCache};
pub use self::search_value::FORCED;
pub use self::teaching::{MAX_TEACHING_DEPTH, Teaching};
use crate::solver::{Flow, Solver};
use crate::trace::DEFAULT_TRACE_BUDGET;
use crate::{Board, SolvedPositions};

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
    /// The classic shell's unpruned tree: never varies, leftmost of the
    /// best.
    Classic(ClassicConfig),
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
            PlayerConfig::Classic(config) => (Strategy::Classic(config), solver),
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

    /// Whether this player plays perfectly (its move may take the solver
    /// long).
    fn is_perfect(&self) -> bool {
        matches!(self.strategy, Strategy::Perfect { .. })
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
            Strategy::Random => random::choose(rng, &position, trace_budget),
            Strategy::Search { config, windows } => {
                let mut searcher = Searcher {
                    rng,
                    windows,
                    trace_budget,
                };
                searcher.search(&position, config, &mut reporter)?
            }
            Strategy::Classic(config) => {
                classic::choose(&position, config.depth, trace_budget, &mut reporter)?
            }
            Strategy::Perfect { config, solver } => {
                perfect::choose(rng, solver, &position, config, trace_budget, &mut reporter)?
            }
            Strategy::Adaptive { adaptive, windows } => {
                let config = adaptive.search_config();
                let mut searcher = Searcher {
                    rng,
                    windows,
                    trace_budget,
                };
                let decision = searcher.search(&position, &config, &mut reporter)?;
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
}
