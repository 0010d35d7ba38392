//! What a heuristic search's values mean beyond the evaluation's estimates:
//! the values of wins it found, which the search, its memory of positions
//! and the adaptive level read alike.

/// The value of winning with the move at ply 0; a win at ply `p` (1-based,
/// counted from the root) is worth `WIN - p`, so sooner is better.
pub(crate) const WIN: i32 = 1_000_000;

/// A heuristic search's value at least this large (or at most its
/// negation) is a forced win (loss) it found, not an estimate.
pub const FORCED: i32 = WIN - 1000;
