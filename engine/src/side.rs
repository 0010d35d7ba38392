//! The two players, by the order in which they move.

use core::fmt;
use core::ops::Not;

use serde::{Deserialize, Serialize};

/// One of the two players: the one who moves first or the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Moves first (plies 1, 3, 5, ...).
    First,
    /// Moves second.
    Second,
}

impl Side {
    /// The side whose turn it is after `plies` moves.
    #[inline]
    pub const fn to_move_after(plies: usize) -> Side {
        if plies.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.other()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::First => "first player",
            Side::Second => "second player",
        })
    }
}
