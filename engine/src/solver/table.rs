//! The transposition table: score bounds of positions already searched.

use super::slots::Slots;

/// Bounds on a position's exact score remembered between visits.
///
/// Each entry is one `u64`: 46 bits that identify the position, a lower and
/// an upper bound (6 bits each: every board has at most 56 cells, so scores
/// stay within ±28), how much work the position cost (3 bits, the number of
/// nodes its search took on a log scale) and a 3-bit generation. The key is
/// mixed by multiplying with an odd constant, which is a bijection on `u64`:
/// the top bits choose the slot, and the low 46 bits kept in the entry,
/// together with the slot, give back the whole product and hence the key.
/// With at least 2^18 slot pairs nothing is lost, so the table never confuses
/// two positions and the solver stays exact on every board size.
///
/// Slots come in pairs within one cache line, so a probe costs one miss. The
/// first slot keeps the costlier of the positions that met there, the second
/// the most recent one: a small table then still holds what took long to
/// learn (about half the nodes on 6-ply positions, a quarter on Pons'
/// hardest set, against keeping the two most recent).
pub struct TranspositionTable {
    entries: Slots,
    /// Number of bits of the slot-pair index.
    index_bits: u32,
    generation: u64,
}

const CHECK_BITS: u32 = 46;
const CHECK_MASK: u64 = (1 << CHECK_BITS) - 1;
const GENERATION_BITS: u32 = 3;
const GENERATION_MASK: u64 = (1 << GENERATION_BITS) - 1;
const WORK_BITS: u32 = 3;
const WORK_SHIFT: u32 = GENERATION_BITS;
/// The largest work class: searches of 2^20 nodes and more.
pub const MAX_WORK: u8 = (1 << WORK_BITS) - 1;
const BOUND_BITS: u32 = 6;
const BOUND_MASK: u64 = (1 << BOUND_BITS) - 1;
const UPPER_SHIFT: u32 = WORK_SHIFT + WORK_BITS;
const LOWER_SHIFT: u32 = UPPER_SHIFT + BOUND_BITS;
const BOUND_OFFSET: i32 = 32;
/// Odd, so that multiplying by it permutes `u64`.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// Smallest table: 2^19 slots in 2^18 pairs, 4 MiB.
pub const MIN_BYTES: usize = 4 << 20;

impl TranspositionTable {
    /// A table of at most `bytes` (rounded down to a power of two, at least
    /// [`MIN_BYTES`]).
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        let slots = (bytes.max(MIN_BYTES) / 8).next_power_of_two();
        let slots = if slots * 8 > bytes.max(MIN_BYTES) {
            slots / 2
        } else {
            slots
        };
        TranspositionTable {
            entries: Slots::zeroed(slots),
            index_bits: slots.trailing_zeros() - 1,
            generation: 1,
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * 8
    }

    /// Forgets every entry, in constant time: entries of older generations
    /// count as empty. Every 7th call really wipes the memory.
    pub fn clear(&mut self) {
        self.generation += 1;
        if self.generation > GENERATION_MASK {
            self.entries.fill(0);
            self.generation = 1;
        }
    }

    #[inline(always)]
    fn locate(&self, key: u64) -> (usize, u64) {
        let mixed = key.wrapping_mul(MIX);
        let pair = (mixed >> (64 - self.index_bits)) as usize;
        (pair * 2, mixed & CHECK_MASK)
    }

    #[inline(always)]
    fn matches(&self, entry: u64, check: u64) -> bool {
        entry >> (64 - CHECK_BITS) == check && entry & GENERATION_MASK == self.generation
    }

    /// Asks the CPU to bring `key`'s slots into the cache: probes of several
    /// children then wait for memory once, side by side, instead of in turn.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let (slot, _) = self.locate(key);
            let ptr = self.entries[slot..].as_ptr().cast::<i8>();
            // SAFETY: a prefetch is only a hint and never faults; the
            // pointer lies inside the table anyway.
            #[allow(unused_unsafe)]
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The bounds `(lower, upper)` known for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(i32, i32)> {
        let (slot, check) = self.locate(key);
        let pair = &self.entries[slot..slot + 2];
        let entry = if self.matches(pair[0], check) {
            pair[0]
        } else if self.matches(pair[1], check) {
            pair[1]
        } else {
            return None;
        };
        Some(unpack(entry))
    }

    /// Remembers that the score of `key` lies in `lower..=upper`, merged with
    /// what was already known about it. `work` (at most [`MAX_WORK`]) says
    /// how costly the position was to search: see [`work_class`].
    #[inline]
    pub fn put(&mut self, key: u64, lower: i32, upper: i32, work: u8) {
        let (slot, check) = self.locate(key);
        for i in slot..slot + 2 {
            let entry = self.entries[i];
            if self.matches(entry, check) {
                let (l, u) = unpack(entry);
                let work = work.max(work_of(entry));
                self.entries[i] = self.pack(check, lower.max(l), upper.min(u), work);
                return;
            }
        }
        let first = self.entries[slot];
        let entry = self.pack(check, lower, upper, work);
        if first & GENERATION_MASK != self.generation || work >= work_of(first) {
            self.entries[slot + 1] = first;
            self.entries[slot] = entry;
        } else {
            self.entries[slot + 1] = entry;
        }
    }

    #[inline(always)]
    fn pack(&self, check: u64, lower: i32, upper: i32, work: u8) -> u64 {
        debug_assert!((-BOUND_OFFSET..BOUND_OFFSET).contains(&lower));
        debug_assert!((-BOUND_OFFSET..BOUND_OFFSET).contains(&upper));
        (check << (64 - CHECK_BITS))
            | (((lower + BOUND_OFFSET) as u64) << LOWER_SHIFT)
            | (((upper + BOUND_OFFSET) as u64) << UPPER_SHIFT)
            | (u64::from(work) << WORK_SHIFT)
            | self.generation
    }
}

/// The work class of a search of `nodes` nodes: a third of its binary
/// logarithm, at most [`MAX_WORK`].
#[inline(always)]
pub fn work_class(nodes: u64) -> u8 {
    ((64 - nodes.leading_zeros()) / 3).min(u32::from(MAX_WORK)) as u8
}

#[inline(always)]
fn work_of(entry: u64) -> u8 {
    ((entry >> WORK_SHIFT) as u8) & MAX_WORK
}

#[inline(always)]
fn unpack(entry: u64) -> (i32, i32) {
    let lower = ((entry >> LOWER_SHIFT) & BOUND_MASK) as i32 - BOUND_OFFSET;
    let upper = ((entry >> UPPER_SHIFT) & BOUND_MASK) as i32 - BOUND_OFFSET;
    (lower, upper)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_round_trip_and_merge() {
        let mut t = TranspositionTable::with_bytes(MIN_BYTES);
        assert_eq!(t.get(12345), None);
        t.put(12345, -3, 21, 0);
        assert_eq!(t.get(12345), Some((-3, 21)));
        t.put(12345, -21, 5, 0);
        assert_eq!(t.get(12345), Some((-3, 5)));
        t.put(12345, -28, 28, MAX_WORK);
        assert_eq!(t.get(12345), Some((-3, 5)));
        t.clear();
        assert_eq!(t.get(12345), None);
    }

    /// Three keys that land in the same pair of slots.
    fn same_pair(t: &TranspositionTable) -> [u64; 3] {
        let (slot, _) = t.locate(1);
        let same: Vec<u64> = (2..u64::MAX)
            .filter(|&k| t.locate(k).0 == slot)
            .take(2)
            .collect();
        [1, same[0], same[1]]
    }

    #[test]
    fn keys_sharing_a_slot_are_told_apart() {
        let mut t = TranspositionTable::with_bytes(MIN_BYTES);
        let [a, b, c] = same_pair(&t);
        t.put(a, 1, 1, 2);
        t.put(b, 2, 2, 2);
        assert_eq!(t.get(a), Some((1, 1)));
        assert_eq!(t.get(b), Some((2, 2)));
        t.put(c, 3, 3, 2);
        assert_eq!(t.get(c), Some((3, 3)));
        assert_eq!(t.get(b), Some((2, 2)));
        assert_eq!(t.get(a), None, "among equals the oldest entry makes room");
    }

    #[test]
    fn costly_positions_outlive_cheap_ones() {
        let mut t = TranspositionTable::with_bytes(MIN_BYTES);
        let [costly, b, c] = same_pair(&t);
        t.put(costly, 4, 4, work_class(1 << 20));
        t.put(b, 2, 2, work_class(10));
        t.put(c, 3, 3, work_class(10));
        assert_eq!(t.get(costly), Some((4, 4)), "the costly position stays");
        assert_eq!(t.get(c), Some((3, 3)), "the newest cheap one too");
        assert_eq!(t.get(b), None);
        t.clear();
        t.put(b, 2, 2, 0);
        assert_eq!(
            t.get(b),
            Some((2, 2)),
            "a cleared table keeps nothing costly"
        );
    }

    #[test]
    fn every_score_of_the_largest_board_fits() {
        let mut t = TranspositionTable::with_bytes(MIN_BYTES);
        t.put(7, -28, 28, MAX_WORK);
        assert_eq!(t.get(7), Some((-28, 28)));
        assert_eq!(work_class(0), 0);
        assert_eq!(work_class(u64::MAX), MAX_WORK);
    }

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        assert_eq!(TranspositionTable::with_bytes(0).bytes(), MIN_BYTES);
        assert_eq!(TranspositionTable::with_bytes(40 << 20).bytes(), 32 << 20);
        assert_eq!(TranspositionTable::with_bytes(64 << 20).bytes(), 64 << 20);
    }
}
