//! Reading Markus Thill's BitBully 12-ply database with distances
//! (`book_12ply_distances.dat` of the PyPI package `bitbully-databases`).
//!
//! The file is a sorted list of 5-byte entries: a big-endian 32-bit key,
//! then a signed byte. The key spells the board column by column, left to
//! right and bottom to top: `10` for a first-player stone, `11` for a
//! second-player stone, `0` after each column's last stone, then one `0`
//! bit; 12 stones make exactly 32 bits. The byte is the first player's
//! result (the side to move at 12 stones) with the distance to the end:
//! `100 - n` for a win with the game's end `n` stones from now, `-(100 - n)`
//! for a loss, 0 for a draw.

use core::fmt;

use super::{DatabaseError, PositionDatabase};
use crate::position::has_line;
use crate::{Geometry, Position};

/// The number of stones of every position in the file.
const PLIES: usize = 12;

/// Why a BitBully file cannot be imported; `entry` counts from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// The length is not a whole number of 5-byte entries.
    Length(usize),
    /// The keys are not in ascending order.
    Unsorted {
        /// The first entry out of order.
        entry: usize,
    },
    /// A key that spells no 12-stone position of the standard board.
    Key {
        /// The entry.
        entry: usize,
        /// Its key.
        key: u32,
    },
    /// A value that is no result at 12 stones.
    Value {
        /// The entry.
        entry: usize,
        /// Its value.
        value: i8,
    },
    /// A position no game reaches with the first player to move and
    /// unable to win at once, which the file should not hold.
    Unexpected {
        /// The entry.
        entry: usize,
        /// Its key.
        key: u32,
    },
    /// The positions do not make a layer.
    Database(DatabaseError),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Length(len) => write!(
                f,
                "not a BitBully distance database: {len} bytes is not a whole number of 5-byte entries"
            ),
            ImportError::Unsorted { entry } => {
                write!(f, "not a BitBully database: entry {entry} is out of order")
            }
            ImportError::Key { entry, key } => write!(
                f,
                "entry {entry}: key {key:#010x} is not a 12-stone position of the 7x6 board"
            ),
            ImportError::Value { entry, value } => {
                write!(f, "entry {entry}: {value} is not a result with a distance")
            }
            ImportError::Unexpected { entry, key } => write!(
                f,
                "entry {entry}: key {key:#010x} is a finished game or a win in one, which the database does not hold"
            ),
            ImportError::Database(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ImportError {}

/// The layer of the 12-stone positions in a BitBully
/// `book_12ply_distances.dat`, with scores converted to the solver's
/// convention. Every entry is checked: its key spells a position with six
/// stones of each player, neither has a line, the first player cannot win
/// at once, and its value is a result the position can have.
///
/// # Errors
/// An [`ImportError`] naming the first entry that is wrong.
pub fn from_bitbully_distances(bytes: &[u8]) -> Result<PositionDatabase, ImportError> {
    if !bytes.len().is_multiple_of(5) {
        return Err(ImportError::Length(bytes.len()));
    }
    let g = Geometry::STANDARD;
    let mut previous = None;
    let mut scored = Vec::with_capacity(bytes.len() / 5);
    for (entry, chunk) in bytes.chunks_exact(5).enumerate() {
        let key = u32::from_be_bytes(chunk[..4].try_into().expect("4 bytes"));
        // Ascending as signed numbers: the file is sorted that way.
        if previous.is_some_and(|p| p >= key as i32) {
            return Err(ImportError::Unsorted { entry });
        }
        previous = Some(key as i32);
        let position = decode(g, key).ok_or(ImportError::Key { entry, key })?;
        if has_line(position.stones(crate::Side::First), g)
            || has_line(position.stones(crate::Side::Second), g)
            || position.can_win_next()
        {
            return Err(ImportError::Unexpected { entry, key });
        }
        let value = chunk[4] as i8;
        let score = score(value).ok_or(ImportError::Value { entry, value })?;
        scored.push((position, score));
    }
    PositionDatabase::from_scores(g, PLIES, scored).map_err(ImportError::Database)
}

/// The position a key spells, if it spells one with six stones each.
fn decode(g: Geometry, key: u32) -> Option<Position> {
    let mut bits = (0..32).rev().map(|i| (key >> i) & 1);
    let (mut first, mut second) = (0u64, 0u64);
    for column in 0..g.columns() {
        let mut height = 0;
        while bits.next()? == 1 {
            if height == g.rows() {
                return None;
            }
            let cell = g.cell_bit(column, height);
            if bits.next()? == 0 {
                first |= cell;
            } else {
                second |= cell;
            }
            height += 1;
        }
    }
    let (f, s) = (first.count_ones() as usize, second.count_ones() as usize);
    if bits.any(|b| b != 0) || f != PLIES / 2 || s != PLIES / 2 {
        return None;
    }
    Some(Position::from_stones(g, first, second))
}

/// The solver's score for a BitBully value at 12 stones on 7x6, if the
/// value is one a 12-stone position can have.
fn score(value: i8) -> Option<i32> {
    let v = i32::from(value);
    // A win n stones from now: the first player places (n + 1) / 2 more,
    // so 22 - (6 + (n + 1) / 2) with n = 100 - v, which is (v - 69) / 2.
    // A loss n stones from now: -(22 - (6 + n / 2)), which is (v + 68) / 2.
    let s = match v {
        0 => return Some(0),
        v if v > 0 && (v - 69) % 2 == 0 => (v - 69) / 2,
        v if v < 0 && (v + 68) % 2 == 0 => (v + 68) / 2,
        _ => return None,
    };
    // The mover's best is a win with its next stone (which the file does
    // not hold) and its worst a loss to the opponent's last stone.
    let cells = Geometry::STANDARD.cells();
    let best = crate::score::win_now_score(cells, PLIES) - 1;
    let worst = -((cells - PLIES) as i32) / 2;
    (s != 0 && worst <= s && s <= best).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    /// The key BitBully's documentation spells for a board.
    fn key_of(board: &Board) -> u32 {
        let mut key = 0u64;
        for column in 0..7 {
            for row in 0..board.height(column) {
                let second = board.cell(column, row) == Some(crate::Side::Second);
                key = (key << 2) | 2 | u64::from(second);
            }
            key <<= 1;
        }
        (key << 1) as u32
    }

    #[test]
    fn keys_decode_to_the_board_they_spell() {
        let board: Board = "243335424257".parse().unwrap();
        let position = decode(Geometry::STANDARD, key_of(&board)).unwrap();
        assert_eq!(&position, board.position());
        assert_eq!(decode(Geometry::STANDARD, 0), None, "no stones");
        assert_eq!(decode(Geometry::STANDARD, u32::MAX), None, "a column of 16");
    }

    #[test]
    fn values_convert_to_pons_scores() {
        // The documentation's examples: 71 is a win 29 stones from now,
        // with the first player's 21st stone (Pons 1); -88 a loss 12 stones
        // from now, to the second player's 12th stone (Pons -10).
        assert_eq!(score(71), Some(1));
        assert_eq!(score(-88), Some(-10));
        assert_eq!(score(73), Some(2));
        assert_eq!(score(0), Some(0));
        assert_eq!(score(70), None, "a win on the opponent's stone");
        assert_eq!(score(-71), None, "a loss on our own stone");
        assert_eq!(score(99), None, "a win in one is not stored");
    }

    #[test]
    fn a_foreign_or_cut_file_is_refused_with_what_is_wrong() {
        let board: Board = "243335424257".parse().unwrap();
        let mut entry = key_of(&board).to_be_bytes().to_vec();
        entry.push(0);
        assert!(from_bitbully_distances(&entry).is_ok());
        assert_eq!(
            from_bitbully_distances(&entry[..4]),
            Err(ImportError::Length(4))
        );
        let twice = [entry.clone(), entry.clone()].concat();
        assert_eq!(
            from_bitbully_distances(&twice),
            Err(ImportError::Unsorted { entry: 1 })
        );
        let mut odd = entry.clone();
        odd[4] = 70;
        assert_eq!(
            from_bitbully_distances(&odd),
            Err(ImportError::Value {
                entry: 0,
                value: 70
            })
        );
        assert!(matches!(
            from_bitbully_distances(b"hello"),
            Err(ImportError::Key { entry: 0, .. })
        ));
    }
}
