//! A finished game's review: every move marked by the perfect analysis.

use engine::review::ReviewedMove;
use serde::{Deserialize, Serialize};

use crate::json_struct;

/// A finished game's review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameReview {
    /// The game reviewed, as a move string: the review belongs to it.
    pub moves: String,
    /// One mark per move.
    pub marks: Vec<ReviewedMove>,
}

/// A finished game stepped through under its review: which game (its move
/// string) and how many of its moves the board shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The game, as a move string: a replay belongs to it.
    pub moves: String,
    /// The moves shown, from 0 (the empty board) to all.
    pub shown: usize,
}

impl Replay {
    /// The board `board` shows under this replay: the position after the
    /// moves shown, when the replay is of this game; else `board` itself.
    pub fn board(replay: Option<&Replay>, board: &engine::Board) -> engine::Board {
        let mut shown = board.clone();
        if let Some(r) = replay.filter(|r| r.moves == board.to_string()) {
            shown.undo(board.plies().saturating_sub(r.shown));
        }
        shown
    }
}

json_struct!(GameReview { moves, marks });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_shows_its_own_game_up_to_its_move_and_leaves_others_whole() {
        let board: engine::Board = "4455667".parse().unwrap();
        let replay = Replay {
            moves: "4455667".into(),
            shown: 3,
        };
        assert_eq!(Replay::board(Some(&replay), &board).to_string(), "445");
        let other: engine::Board = "1212121".parse().unwrap();
        assert_eq!(Replay::board(Some(&replay), &other), other);
        assert_eq!(Replay::board(None, &board), board);
        let beyond = Replay {
            shown: 99,
            ..replay
        };
        assert_eq!(Replay::board(Some(&beyond), &board), board);
    }
}
