//! The computer as an opponent across a game, as the app's worker and the
//! booth both play it: a player kept while its configuration and seed stay
//! (the adaptive level learns, the perfect one keeps its table warm), one
//! solver's table handed from player to player and lent to hints and
//! reviews, the opening book and the database given to both, and a time
//! limit on perfect play so a person never waits long for a move.
//!
//! ```
//! use engine::player::{Level, Opponent};
//! use engine::{Board, evaluation::Style};
//!
//! let mut opponent = Opponent::default();
//! let board: Board = "44".parse().unwrap();
//! let config = Level::Medium.config(Style::Normal);
//! let clock = || 0.0;
//! let decision = opponent.choose(&board, (&config, 7), &clock, &mut |_| {}).unwrap();
//! assert!(board.can_play(decision.column));
//! // The same configuration and seed: the same player goes on.
//! assert!(opponent.plays(&config, 7));
//! ```

use super::{ChooseError, Decision, Fact, Level, Player, PlayerConfig, SearchProgress};
use crate::evaluation::Style;
use crate::solver::{Flow, Solver};
use crate::{Board, SolvedPositions};

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

/// The computer opponent: see the module's documentation.
#[derive(Default)]
pub struct Opponent {
    /// The player of the last move, with the configuration and seed it
    /// was made for.
    kept: Option<(PlayerConfig, u64, Player)>,
    /// The solver's table while no perfect player holds it.
    spare: Option<Solver>,
    solved: SolvedPositions,
}

impl Opponent {
    /// Gives the opening book and the position database (as far as they
    /// are loaded) to the player and the spare solver, now and later.
    pub fn use_solved(&mut self, solved: &SolvedPositions) {
        self.solved = solved.clone();
        if let Some((_, _, player)) = &mut self.kept {
            player.use_solved(solved);
        }
        if let Some(solver) = &mut self.spare {
            solver.use_solved(solved);
        }
    }

    /// Whether the player kept is the one of `config` and `seed`.
    pub fn plays(&self, config: &PlayerConfig, seed: u64) -> bool {
        matches!(&self.kept, Some((c, s, _)) if c == config && *s == seed)
    }

    /// The move of the player of `config` and `seed` for `board`, Perfect
    /// within [`PERFECT_TIME_LIMIT_MS`] of `clock` (milliseconds), with
    /// the search's progress to `observe` as
    /// [`Player::choose_observed`] reports it. A new configuration or
    /// seed makes a new player, which takes over the old one's table.
    ///
    /// # Errors
    /// When the game is over.
    pub fn choose(
        &mut self,
        board: &Board,
        (config, seed): (&PlayerConfig, u64),
        clock: &dyn Fn() -> f64,
        observe: &mut dyn FnMut(&SearchProgress),
    ) -> Result<Decision, ChooseError> {
        if !self.plays(config, seed) {
            let table = self
                .kept
                .take()
                .and_then(|(_, _, old)| old.into_solver())
                .or_else(|| self.spare.take());
            let (mut player, unused) = Player::reusing(config.clone(), seed, table);
            player.use_solved(&self.solved);
            self.spare = unused;
            self.kept = Some((config.clone(), seed, player));
        }
        let (_, _, player) = self.kept.as_mut().expect("kept above");
        player.choose_within(board, clock, PERFECT_TIME_LIMIT_MS, observe)
    }

    /// The exact solver, for hints and reviews: the perfect player's own
    /// (one table, not two), else the spare one, made on first use.
    pub fn solver(&mut self) -> &mut Solver {
        if let Some((_, _, player)) = &mut self.kept
            && player.solver().is_some()
        {
            return player.solver().expect("checked above");
        }
        let solved = &self.solved;
        self.spare.get_or_insert_with(|| {
            let mut solver = Solver::new();
            solver.use_solved(solved);
            solver
        })
    }

    /// Tells the player how the game ended (`Some(true)`: the computer
    /// won), which the adaptive level learns from.
    pub fn game_over(&mut self, computer_won: Option<bool>) {
        if let Some((_, _, player)) = &mut self.kept {
            player.game_over(computer_won);
        }
    }
}

impl Player {
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
        let perfect = self.is_perfect();
        let start = clock();
        let solver_ms = limit_ms * SOLVER_SHARE;
        // When the solver was stopped: its own time, as the person is told
        // it (not the whole limit, which the Hard search shares).
        let mut stopped_after = solver_ms;
        let mut limited = |progress: &SearchProgress| {
            observe(progress);
            let spent = clock() - start;
            if perfect && spent > solver_ms {
                stopped_after = spent;
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
                        seconds: ((stopped_after / 1000.0).round() as u32).max(1),
                    },
                );
                Ok(decision)
            }
            result => result,
        }
    }
}
