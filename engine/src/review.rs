//! Game review: every move of a game marked by the perfect analysis.
//!
//! ```
//! use engine::review::{Mark, review};
//! use engine::{Board, Geometry, Solver};
//!
//! // On a 5x4 board the second player wins with perfect play: whatever
//! // the first opens with is its best, and a reply that misses the win is
//! // a mistake with a column that would have kept it.
//! let g = Geometry::new(5, 4, 4).unwrap();
//! let game = Board::from_moves(g, "31").unwrap();
//! let moves = review(&game, &mut Solver::new(), &mut |_| engine::Flow::Continue).unwrap();
//! assert_eq!(moves.len(), 2);
//! assert!(matches!(moves[1].mark, Mark::Best | Mark::Good | Mark::Mistake { .. }));
//! ```

use serde::{Deserialize, Serialize};

use crate::score::win_now_score;
use crate::{Board, Cancelled, Flow, Mode, Position, Progress, Solver};

/// How a move compares with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// As good as any move: the best score.
    Best,
    /// Keeps the result (win, draw or loss), if not in the fastest way.
    Good,
    /// Changes the result for the worse: a win to a draw or a loss, a draw
    /// to a loss.
    Mistake {
        /// A column (0-based) that would have kept the result.
        better: u8,
    },
}

/// One move of a game under review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewedMove {
    /// The column played (0-based).
    pub column: u8,
    /// The mover's score before the move, with perfect play from there
    /// (Pons' convention).
    pub best: i32,
    /// The mover's score of the move played.
    pub played: i32,
    /// How the move compares.
    pub mark: Mark,
}

/// Every move of `game` reviewed, in order.
///
/// # Errors
/// [`Cancelled`] when `observe` says stop (a review of a long game can take
/// a while without the position database).
pub fn review(
    game: &Board,
    solver: &mut Solver,
    observe: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<Vec<ReviewedMove>, Cancelled> {
    let g = game.geometry();
    let mut position = Position::new(g);
    let mut before = score(solver, &position, observe)?;
    let mut reviewed = Vec::with_capacity(game.plies());
    for column in game.moves() {
        let wins = position.is_winning_move(column);
        let mut after = position;
        after.play_column(column);
        let played = if wins {
            win_now_score(g.cells(), position.plies())
        } else {
            -score(solver, &after, observe)?
        };
        let mark = if played == before {
            Mark::Best
        } else if played.signum() == before.signum() {
            Mark::Good
        } else {
            let scores = solver.analyze_observed(&position, Mode::Weak, observe)?;
            let better = scores
                .iter()
                .position(|&s| s == Some(before.signum()))
                .expect("some column keeps the result");
            Mark::Mistake {
                better: better as u8,
            }
        };
        reviewed.push(ReviewedMove {
            column: column as u8,
            best: before,
            played,
            mark,
        });
        if wins {
            break;
        }
        position = after;
        before = -played;
    }
    Ok(reviewed)
}

/// The move where the game was decided: the last mistake, after which the
/// result was fixed; `None` when nobody made one (perfect play decided it
/// from the first move).
pub fn decided_at(moves: &[ReviewedMove]) -> Option<usize> {
    moves
        .iter()
        .rposition(|m| matches!(m.mark, Mark::Mistake { .. }))
}

fn score(
    solver: &mut Solver,
    position: &Position,
    observe: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<i32, Cancelled> {
    solver.search(position, Mode::Strong, observe)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Geometry;

    fn small() -> Geometry {
        Geometry::new(5, 4, 4).unwrap()
    }

    fn reviewed(moves: &str) -> Vec<ReviewedMove> {
        let game = Board::from_moves(small(), moves).unwrap();
        review(&game, &mut Solver::new(), &mut |_| Flow::Continue).unwrap()
    }

    #[test]
    fn marks_agree_with_the_solver_on_every_move() {
        let mut marks = [0; 3];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..8 {
            // A random game to its end.
            let mut game = Board::with_geometry(small());
            while !game.is_over() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let legal: Vec<usize> = game.legal_moves().collect();
                game.play(legal[(seed % legal.len() as u64) as usize])
                    .unwrap();
            }
            let moves = review(&game, &mut Solver::new(), &mut |_| Flow::Continue).unwrap();
            assert_eq!(moves.len(), game.plies(), "{game}");
            let mut board = Board::with_geometry(small());
            let mut solver = Solver::new();
            for (m, column) in moves.iter().zip(game.moves()) {
                let scores = solver.analyze(board.position(), Mode::Strong);
                let best = scores.iter().flatten().max().copied().unwrap();
                assert_eq!(m.best, best, "{board}");
                assert_eq!(m.played, scores[column].unwrap(), "{board} {column}");
                match m.mark {
                    Mark::Best => assert_eq!(m.played, best),
                    Mark::Good => {
                        assert!(m.played < best && m.played.signum() == best.signum())
                    }
                    Mark::Mistake { better } => {
                        assert!(m.played.signum() < best.signum());
                        let kept = scores[usize::from(better)].unwrap();
                        assert_eq!(kept.signum(), best.signum(), "{board}: {better} keeps it");
                    }
                }
                marks[match m.mark {
                    Mark::Best => 0,
                    Mark::Good => 1,
                    Mark::Mistake { .. } => 2,
                }] += 1;
                board.play(column).unwrap();
            }
        }
        assert!(marks.iter().all(|&n| n > 0), "every mark seen: {marks:?}");
    }

    #[test]
    fn a_game_that_ends_in_a_win_stops_at_the_winning_move() {
        // The first player stacks column 3 and wins with its 4th stone.
        let moves = reviewed("3131313");
        assert_eq!(moves.len(), 7);
        let last = moves.last().unwrap();
        assert_eq!(last.played, win_now_score(20, 6));
        assert_eq!(last.mark, Mark::Best);
        // The second player's third stone in column 1 let it happen.
        assert!(matches!(
            moves[5].mark,
            Mark::Mistake { better: 2 } | Mark::Good
        ));
    }

    #[test]
    fn the_decisive_move_is_the_last_mistake() {
        let m = |mark| ReviewedMove {
            column: 0,
            best: 0,
            played: 0,
            mark,
        };
        let moves = [
            m(Mark::Best),
            m(Mark::Mistake { better: 3 }),
            m(Mark::Good),
            m(Mark::Mistake { better: 2 }),
            m(Mark::Best),
        ];
        assert_eq!(decided_at(&moves), Some(3));
        assert_eq!(decided_at(&moves[..1]), None);
    }
}
