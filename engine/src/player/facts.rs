//! Facts about a chosen move that the app turns into plain sentences.

use super::search_value::{FORCED, WIN};
use crate::Position;
use crate::score::stones_to_win;

/// Something true about the move a player chose, for narration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// The move completes a line.
    WinsNow,
    /// With best play the mover wins, placing this many more stones
    /// (this one included).
    WinsIn {
        /// Stones the mover still places, this one included.
        stones: u8,
    },
    /// With best play the opponent wins, placing this many more stones.
    LosesIn {
        /// Stones the opponent still places.
        stones: u8,
    },
    /// With best play the game is a draw.
    Draw,
    /// The opponent threatened to complete a line in this column (0-based).
    MustBlock {
        /// The blocked column, 0-based.
        column: u8,
    },
    /// After the move the mover threatens to win in this many cells.
    CreatesThreats {
        /// Number of cells where the mover would complete a line.
        count: u8,
    },
    /// Every other column loses.
    EveryOtherMoveLoses,
    /// The perfect analysis did not finish in time, so a heuristic search
    /// chose the move instead (said by whoever set the time limit).
    Unsolved {
        /// Seconds the solver was given.
        seconds: u32,
    },
    /// The move was chosen at random on purpose (the level's weak moves).
    RandomMove,
}

/// Facts that the position alone shows about playing `column`.
pub(crate) fn board_facts(p: &Position, column: usize) -> Vec<Fact> {
    let mut facts = Vec::new();
    if p.is_winning_move(column) {
        facts.push(Fact::WinsNow);
        return facts;
    }
    let g = p.geometry();
    let bit = p.possible() & g.column_mask(column);
    let opponent_threats = p.winning_cells_of(p.opponent_stones()) & p.possible();
    if opponent_threats & bit != 0 {
        facts.push(Fact::MustBlock {
            column: column as u8,
        });
    }
    let before = p.winning_cells_of(p.stones(p.side_to_move())).count_ones();
    let after = p.threats_after(bit);
    if after >= 2 && after > before {
        facts.push(Fact::CreatesThreats { count: after as u8 });
    }
    facts
}

/// The game's outcome with perfect play from `p`, whose exact score is
/// `value`, as a fact for narration.
pub(super) fn outcome(p: &Position, value: i32) -> Fact {
    match stones_to_win(p.geometry().cells(), p.plies(), value) {
        Some(stones) if value > 0 => Fact::WinsIn {
            stones: stones as u8,
        },
        Some(stones) => Fact::LosesIn {
            stones: stones as u8,
        },
        None => Fact::Draw,
    }
}

/// A forced win or loss a heuristic search found, as a fact for narration.
pub(super) fn forced_outcome(value: i32) -> Option<Fact> {
    if value >= FORCED {
        let plies = WIN - value;
        Some(Fact::WinsIn {
            stones: ((plies + 1) / 2) as u8,
        })
    } else if value <= -FORCED {
        let plies = WIN + value;
        Some(Fact::LosesIn {
            stones: (plies / 2) as u8,
        })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn blocking_and_double_threats_are_seen() {
        // X has three in column 1; O must block at column 1.
        let board: Board = "121212".parse().unwrap();
        assert_eq!(board_facts(board.position(), 0), [Fact::WinsNow]);
        let board: Board = "1212125".parse().unwrap();
        assert_eq!(
            board_facts(board.position(), 0),
            [Fact::MustBlock { column: 0 }]
        );
        // X on 2, 3 with 1 and 4 open on the bottom row: 4 makes two threats.
        let board: Board = "2737".parse().unwrap();
        let facts = board_facts(board.position(), 3);
        assert!(
            facts.contains(&Fact::CreatesThreats { count: 2 }),
            "{facts:?}"
        );
    }
}
