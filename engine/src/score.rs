//! Scores in Pascal Pons' convention, which the solver, the opening book,
//! the position database, the review and the players share: positive when
//! the side to move wins, and the sooner the win the higher, so a win with
//! the next stone scores the most.
//!
//! ```
//! use engine::score::{stones_to_win, win_now_score};
//! // On 7x6 (42 cells) with 10 stones down, winning with the next stone:
//! assert_eq!(win_now_score(42, 10), 16);
//! assert_eq!(stones_to_win(42, 10, 16), Some(1));
//! assert_eq!(stones_to_win(42, 10, 0), None);
//! ```

/// The score of winning with the next stone when `plies` stones are down.
#[inline]
pub fn win_now_score(cells: usize, plies: usize) -> i32 {
    (cells as i32 + 1 - plies as i32) / 2
}

/// How many more stones the winner places (the winning one included) for a
/// non-zero `score` with `plies` stones down; `None` for a draw.
pub fn stones_to_win(cells: usize, plies: usize, score: i32) -> Option<usize> {
    if score == 0 {
        return None;
    }
    // A win with the mover's k-th next stone scores win_now - (k - 1).
    let mover_wins = score > 0;
    let at_once = win_now_score(cells, plies + usize::from(!mover_wins));
    Some((at_once - score.abs() + 1).max(1) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_to_win_reads_scores_both_ways() {
        // Pons' examples: "4455" +18, the mover wins with its 4th stone.
        assert_eq!(stones_to_win(42, 4, 18), Some(2));
        // "44455554221" -15: the opponent wins with its 7th stone.
        assert_eq!(stones_to_win(42, 11, -15), Some(1));
        assert_eq!(stones_to_win(42, 11, 0), None);
    }
}
