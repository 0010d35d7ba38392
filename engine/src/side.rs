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

/// One value for each side, indexed by [`Side`]: the colours of the two
/// players, their names, their clocks.
///
/// ```
/// use engine::{PerSide, Side};
/// let mut names = PerSide::new("Ada", "Bo");
/// assert_eq!(names[Side::Second], "Bo");
/// names[Side::First] = "Cy";
/// assert_eq!(names.into_array(), ["Cy", "Bo"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerSide<T>([T; 2]);

impl<T> PerSide<T> {
    /// The first player's value and the second's.
    pub const fn new(first: T, second: T) -> PerSide<T> {
        PerSide([first, second])
    }

    /// The two values, the first player's first.
    pub fn into_array(self) -> [T; 2] {
        self.0
    }

    /// Each value changed by `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> PerSide<U> {
        PerSide(self.0.map(f))
    }
}

impl<T> core::ops::Index<Side> for PerSide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        &self.0[side as usize]
    }
}

impl<T> core::ops::IndexMut<Side> for PerSide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side as usize]
    }
}
