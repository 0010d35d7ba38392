//! What the heuristic search remembers within one move: the value of each
//! position it searched, to which depth, exact or as a bound, and its best
//! column. A position reached again by another order of moves (a
//! transposition) is then answered from here, and the remembered best
//! column is tried first when it must be searched again.

use crate::trace::Bound;

use super::search_value::FORCED;

/// One remembered position.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    /// The position's key plus one, so that zero means empty.
    check: u64,
    value: i32,
    depth: u8,
    bound: u8,
    best: u8,
}

/// A hit: what the table knows of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Remembered {
    /// The value, from the side to move's view, for the current ply.
    pub(crate) value: i32,
    /// Plies it was searched to.
    pub(crate) depth: u8,
    /// Exact or a bound.
    pub(crate) bound: Bound,
    /// The column that was best (or cut the search off).
    pub(crate) best: u8,
}

/// A direct-mapped table: a newer entry replaces an older one in its slot.
pub(crate) struct SearchMemory {
    entries: Vec<Entry>,
}

/// 2^16 entries of 24 bytes: 1.5 MiB, cleared for every move.
const SLOTS: usize = 1 << 16;

impl SearchMemory {
    pub(crate) fn new() -> SearchMemory {
        SearchMemory {
            entries: vec![Entry::default(); SLOTS],
        }
    }

    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize & (SLOTS - 1)
    }

    /// What is known of the position `key` at `ply` plies from the root.
    pub(crate) fn get(&self, key: u64, ply: usize) -> Option<Remembered> {
        let e = self.entries[Self::slot(key)];
        (e.check == key.wrapping_add(1)).then(|| Remembered {
            value: from_stored(e.value, ply),
            depth: e.depth,
            bound: match e.bound {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: e.best,
        })
    }

    /// Remembers a search of `key` at `ply`.
    pub(crate) fn put(
        &mut self,
        key: u64,
        ply: usize,
        value: i32,
        depth: u8,
        bound: Bound,
        best: u8,
    ) {
        self.entries[Self::slot(key)] = Entry {
            check: key.wrapping_add(1),
            value: to_stored(value, ply),
            depth,
            bound: match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            },
            best,
        };
    }
}

/// Forced results count plies from the root; stored, they count from the
/// position, so they stay right when it is reached at another ply.
fn to_stored(value: i32, ply: usize) -> i32 {
    match value {
        v if v >= FORCED => v + ply as i32,
        v if v <= -FORCED => v - ply as i32,
        v => v,
    }
}

fn from_stored(value: i32, ply: usize) -> i32 {
    match value {
        v if v >= FORCED => v - ply as i32,
        v if v <= -FORCED => v + ply as i32,
        v => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::search_value::WIN;

    #[test]
    fn forced_results_move_with_the_ply_and_others_do_not() {
        let mut m = SearchMemory::new();
        // A win two plies below a node at ply 3.
        m.put(42, 3, WIN - 5, 4, Bound::Exact, 2);
        let at_5 = m.get(42, 5).unwrap();
        assert_eq!(at_5.value, WIN - 7);
        assert_eq!((at_5.depth, at_5.bound, at_5.best), (4, Bound::Exact, 2));
        m.put(7, 1, -120, 2, Bound::Upper, 0);
        assert_eq!(m.get(7, 6).unwrap().value, -120);
        assert!(m.get(8, 1).is_none());
        assert!(m.get(0, 1).is_none(), "key 0 is not the empty slot");
    }
}
