//! Minimax beside alpha-beta on one position, for the teaching view: the
//! same evaluation and depth, once looking at every move and once skipping
//! what cannot change the result, so a visitor sees what pruning saves.

use super::alphabeta;
use crate::Board;
use crate::evaluation::Windows;
use crate::trace::SearchTrace;

/// Deepest teaching search: depth 3 already has 343 leaves on 7 columns.
pub const MAX_TEACHING_DEPTH: u8 = 4;

/// The two trees of one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Teaching {
    /// Plies searched.
    pub depth: u8,
    /// Plain minimax: every move to `depth`.
    pub minimax: SearchTrace,
    /// Alpha-beta to the same depth.
    pub alpha_beta: SearchTrace,
}

impl Teaching {
    /// Searches `board` both ways to `depth` (at most
    /// [`MAX_TEACHING_DEPTH`]); `None` when the game is over.
    ///
    /// ```
    /// use engine::Board;
    /// use engine::player::Teaching;
    /// let t = Teaching::new(&Board::default(), 3).unwrap();
    /// assert_eq!(t.minimax.total_nodes, 1 + 7 + 49 + 343);
    /// assert!(t.alpha_beta.total_nodes < t.minimax.total_nodes);
    /// ```
    pub fn new(board: &Board, depth: u8) -> Option<Teaching> {
        if board.is_over() {
            return None;
        }
        let depth = depth.clamp(1, MAX_TEACHING_DEPTH);
        let position = board.position();
        let windows = Windows::new(position.geometry(), true, true);
        // Room for every node of the minimax tree.
        let budget = 4000;
        let run = |prune| {
            let mut trace = alphabeta::fixed_depth(position, &windows, depth, prune, budget).trace;
            trace.root_moves = board.to_string();
            trace
        };
        Some(Teaching {
            depth,
            minimax: run(false),
            alpha_beta: run(true),
        })
    }

    /// The share of minimax's positions alpha-beta did not need, in percent.
    pub fn saved_percent(&self) -> u32 {
        let (all, pruned) = (self.minimax.total_nodes, self.alpha_beta.total_nodes);
        if all == 0 {
            return 0;
        }
        (100 * all.saturating_sub(pruned) / all) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Bound;

    #[test]
    fn both_searches_agree_on_the_value_and_only_alpha_beta_prunes() {
        for moves in ["", "4453", "44444", "3345566"] {
            let board: Board = moves.parse().unwrap();
            let t = Teaching::new(&board, 3).unwrap();
            let (m, a) = (&t.minimax, &t.alpha_beta);
            assert_eq!(
                m.nodes[0].value, a.nodes[0].value,
                "{moves}: same best value"
            );
            assert!(
                m.nodes
                    .iter()
                    .all(|n| n.pruned.is_empty() && n.window.is_none())
            );
            assert!(m.nodes.iter().all(|n| n.bound == Bound::Exact));
            assert!(a.total_nodes < m.total_nodes, "{moves}: pruning saves");
            assert!(t.saved_percent() > 0);
            assert_eq!(m.root_moves, moves);
            // Minimax records its whole tree to the depth; only the forced
            // replies searched beyond it are summed up.
            assert!(
                m.nodes.iter().all(|n| !n.summarised || n.depth == t.depth),
                "{moves}"
            );
        }
    }
}
