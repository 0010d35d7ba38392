//! Move ordering: the most promising move first, so cut-offs come early.

/// Up to nine candidate moves (landing cells), sorted by score as they are
/// added. Equal scores keep the order of insertion, so adding columns from
/// the centre outwards makes the centre win ties.
pub(crate) struct MoveList {
    moves: [u64; 9],
    scores: [i32; 9],
    len: usize,
}

impl MoveList {
    #[inline(always)]
    pub(crate) fn new() -> MoveList {
        MoveList {
            moves: [0; 9],
            scores: [0; 9],
            len: 0,
        }
    }

    /// Inserts a move, keeping the list sorted by descending score.
    #[inline(always)]
    pub(crate) fn push(&mut self, bit: u64, score: i32) {
        let mut i = self.len;
        while i > 0 && self.scores[i - 1] < score {
            self.moves[i] = self.moves[i - 1];
            self.scores[i] = self.scores[i - 1];
            i -= 1;
        }
        self.moves[i] = bit;
        self.scores[i] = score;
        self.len += 1;
    }

    /// The moves, best first.
    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[u64] {
        &self.moves[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_by_score_with_ties_in_insertion_order() {
        let mut list = MoveList::new();
        for (bit, score) in [(1, 0), (2, 3), (4, 0), (8, 5), (16, 3)] {
            list.push(bit, score);
        }
        assert_eq!(list.as_slice(), [8, 2, 16, 1, 4]);
    }
}
