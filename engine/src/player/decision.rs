//! What a player answers: the move, its value and what the search saw;
//! and why it could not answer.

use super::Fact;
use super::rng::Rng;
use crate::Cancelled;
use crate::trace::SearchTrace;

/// What kind of number a decision's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
#[derive(Debug, Clone, PartialEq)]
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

/// One of the equally good `best` columns (centre first): sooner wins
/// and later losses already score higher, so among equal scores vary
/// with the seed, or keep the most central.
pub(super) fn among_equals(
    rng: &mut Rng,
    best: &[usize],
    vary: bool,
) -> Result<usize, ChooseError> {
    match *best {
        [] => Err(ChooseError::GameOver),
        [only] => Ok(only),
        _ if vary => Ok(rng.pick(best)),
        [first, ..] => Ok(first),
    }
}

/// Adds [`Fact::EveryOtherMoveLoses`] when the chosen move does not lose and
/// every other column's value is below `losing` (strictly).
pub(super) fn add_every_other_move_loses(decision: &mut Decision, losing: i32) {
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
