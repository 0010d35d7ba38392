//! A finished game's review: every move marked by the perfect analysis.

use engine::review::ReviewedMove;
use serde::{Deserialize, Serialize};

/// A finished game's review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameReview {
    /// The game reviewed, as a move string: the review belongs to it.
    pub moves: String,
    /// One mark per move.
    pub marks: Vec<ReviewedMove>,
}
