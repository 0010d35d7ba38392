//! The transposition table: score bounds of positions already searched.

use super::slots::Slots;

/// Bounds on a position's exact score remembered between visits.
///
/// Each entry is one `u64`: 45 bits that identify the position, a lower and
/// an upper bound (7 bits each) and a 5-bit generation. The key is mixed by
/// multiplying with an odd constant, which is a bijection on `u64`: the top
/// bits choose the slot, and the low 44 bits kept in the entry, together with
/// the slot, give back the whole product and hence the key. With at least
/// 2^19 slot pairs nothing is lost, so the table never confuses two positions and
/// the solver stays exact on every board size.
///
/// Slots come in pairs within one cache line, so a probe costs one miss.
pub struct TranspositionTable {
    entries: Slots,
    /// Number of bits of the slot-pair index.
    index_bits: u32,
    generation: u64,
}

const CHECK_BITS: u32 = 45;
const CHECK_MASK: u64 = (1 << CHECK_BITS) - 1;
const GENERATION_BITS: u32 = 5;
const LOWER_SHIFT: u32 = GENERATION_BITS + 7;
const GENERATION_MASK: u64 = (1 << GENERATION_BITS) - 1;
const BOUND_OFFSET: i32 = 64;
/// Odd, so that multiplying by it permutes `u64`.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// Smallest table: 2^20 slots in 2^19 pairs, 8 MiB.
pub const MIN_BYTES: usize = 8 << 20;

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
    /// count as empty. Every 31st call really wipes the memory.
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
    /// what was already known about it.
    #[inline]
    pub fn put(&mut self, key: u64, lower: i32, upper: i32) {
        let (slot, check) = self.locate(key);
        for i in slot..slot + 2 {
            if self.matches(self.entries[i], check) {
                let (l, u) = unpack(self.entries[i]);
                self.entries[i] = pack(check, lower.max(l), upper.min(u), self.generation);
                return;
            }
        }
        // The pair keeps the two most recent positions: the one stored just
        // before is usually a sibling still worth a later hit.
        self.entries[slot + 1] = self.entries[slot];
        self.entries[slot] = pack(check, lower, upper, self.generation);
    }
}

#[inline(always)]
fn pack(check: u64, lower: i32, upper: i32, generation: u64) -> u64 {
    (check << (64 - CHECK_BITS))
        | (((lower + BOUND_OFFSET) as u64) << LOWER_SHIFT)
        | (((upper + BOUND_OFFSET) as u64) << GENERATION_BITS)
        | generation
}

#[inline(always)]
fn unpack(entry: u64) -> (i32, i32) {
    let lower = ((entry >> LOWER_SHIFT) & 0x7F) as i32 - BOUND_OFFSET;
    let upper = ((entry >> GENERATION_BITS) & 0x7F) as i32 - BOUND_OFFSET;
    (lower, upper)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_round_trip_and_merge() {
        let mut t = TranspositionTable::with_bytes(MIN_BYTES);
        assert_eq!(t.get(12345), None);
        t.put(12345, -3, 21);
        assert_eq!(t.get(12345), Some((-3, 21)));
        t.put(12345, -21, 5);
        assert_eq!(t.get(12345), Some((-3, 5)));
        t.clear();
        assert_eq!(t.get(12345), None);
    }

    #[test]
    fn keys_sharing_a_slot_are_told_apart() {
        let mut t = TranspositionTable::with_bytes(MIN_BYTES);
        // Find three keys that land in the same pair.
        let (slot, _) = t.locate(1);
        let same: Vec<u64> = (2..u64::MAX)
            .filter(|&k| t.locate(k).0 == slot)
            .take(3)
            .collect();
        t.put(1, 1, 1);
        t.put(same[0], 2, 2);
        assert_eq!(t.get(1), Some((1, 1)));
        assert_eq!(t.get(same[0]), Some((2, 2)));
        t.put(same[1], 3, 3);
        assert_eq!(t.get(same[1]), Some((3, 3)));
        assert_eq!(t.get(same[0]), Some((2, 2)));
        assert_eq!(t.get(1), None, "the oldest entry of the pair makes room");
        assert_eq!(t.get(same[2]), None);
    }

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        assert_eq!(TranspositionTable::with_bytes(0).bytes(), MIN_BYTES);
        assert_eq!(TranspositionTable::with_bytes(40 << 20).bytes(), 32 << 20);
        assert_eq!(TranspositionTable::with_bytes(64 << 20).bytes(), 64 << 20);
    }
}
