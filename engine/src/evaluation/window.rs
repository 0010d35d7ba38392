//! The window evaluation: every line of the winning length on the board.

use crate::{Geometry, Position, Side};

/// Worth of a threat on a row of its owner's parity, in window points.
const PARITY_THREAT: i32 = 150;

/// The lines of a geometry as bit masks, with their weights in percent.
pub(crate) struct Windows {
    lines: Vec<(u64, i32)>,
    /// Rows that favour the first player's threats (odd rows counting from
    /// 1), when the threat-parity term is on.
    first_player_rows: Option<u64>,
    /// Score of a line holding k stones of one side and no other: 10^(k-1).
    values: [i32; 7],
}

impl Windows {
    pub(crate) fn new(g: Geometry, low_row_bonus: bool, threat_parity: bool) -> Windows {
        let n = g.win_length() as i32;
        let (w, h) = (g.columns() as i32, g.rows() as i32);
        let mut lines = Vec::new();
        for c in 0..w {
            for r in 0..h {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ec, er) = (c + (n - 1) * dc, r + (n - 1) * dr);
                    if !(0..w).contains(&ec) || !(0..h).contains(&er) {
                        continue;
                    }
                    let mask = (0..n).fold(0, |m, k| {
                        m | g.cell_bit((c + k * dc) as usize, (r + k * dr) as usize)
                    });
                    let top = r.max(er);
                    // A line whose highest cell is low needs fewer stones
                    // below it before it can be completed.
                    let weight = if low_row_bonus {
                        100 + 15 * (h - 1 - top)
                    } else {
                        100
                    };
                    lines.push((mask, weight));
                }
            }
        }
        let mut values = [0; 7];
        for (k, v) in values.iter_mut().enumerate().skip(1) {
            *v = 10i32.pow(k as u32 - 1);
        }
        let odd_rows = (0..g.rows())
            .step_by(2)
            .fold(0, |m, r| m | g.bottom_mask() << r);
        Windows {
            lines,
            first_player_rows: threat_parity.then_some(odd_rows),
            values,
        }
    }

    /// The value of `p` for `side`: [`Windows::score`], plus with threat
    /// parity on, [`PARITY_THREAT`] per threat of `side` not yet playable on
    /// a row of its parity, minus the same for the opponent. Zugzwang lets
    /// the first player fill the odd rows and the second the even ones at the
    /// end, so those threats tend to become wins; without this term deeper
    /// searches lost to shallower ones (depth 5 beat depth 8 in 34 of 40
    /// games).
    pub(crate) fn evaluate(&self, p: &Position, side: Side, weights: (i32, i32)) -> i32 {
        let (own, theirs) = (p.stones(side), p.stones(side.other()));
        let mut v = self.score(own, theirs, weights);
        if let Some(odd_rows) = self.first_player_rows {
            let g = p.geometry();
            let later = !p.possible();
            let rows_of = |s: Side| {
                if s == Side::First {
                    odd_rows
                } else {
                    g.board_mask() & !odd_rows
                }
            };
            let count = |s: Side, stones: u64| {
                (p.winning_cells_of(stones) & later & rows_of(s)).count_ones() as i32
            };
            v += PARITY_THREAT
                * (count(side, own) * weights.0 - count(side.other(), theirs) * weights.1)
                / 2;
        }
        v
    }

    /// Number of lines.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.lines.len()
    }

    /// The score of the position for the owner of `own`: +1/+10/+100/+1000
    /// for a line with 1/2/3/4 own stones and no other, the same negated for
    /// the opponent, times the style's weights.
    pub(crate) fn score(&self, own: u64, opponent: u64, weights: (i32, i32)) -> i32 {
        let mut total = 0i64;
        for &(mask, weight) in &self.lines {
            let (a, b) = ((own & mask).count_ones(), (opponent & mask).count_ones());
            if b == 0 {
                total += i64::from(self.values[a as usize] * weight * weights.0);
            } else if a == 0 {
                total -= i64::from(self.values[b as usize] * weight * weights.1);
            }
        }
        (total / 200) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn the_standard_board_has_69_lines() {
        assert_eq!(Windows::new(Geometry::STANDARD, false, false).len(), 69);
    }

    #[test]
    fn a_lone_centre_stone_scores_its_lines() {
        let w = Windows::new(Geometry::STANDARD, false, false);
        let board: Board = "4".parse().unwrap();
        let first = board.position().stones(crate::Side::First);
        // The bottom centre cell lies on 4 horizontal, 1 vertical and 2
        // diagonal lines: 7 lines with one stone, 1 point each.
        assert_eq!(w.score(first, 0, (2, 2)), 7);
        assert_eq!(w.score(0, first, (2, 2)), -7);
        // Weights shift the balance: the defensive view fears the stone more.
        assert_eq!(w.score(0, first, (1, 3)), -10);
    }

    #[test]
    fn three_in_a_line_outweighs_scattered_stones() {
        let w = Windows::new(Geometry::STANDARD, false, false);
        let g = Geometry::STANDARD;
        let three = g.cell_bit(0, 0) | g.cell_bit(1, 0) | g.cell_bit(2, 0);
        let scattered = g.cell_bit(0, 0) | g.cell_bit(2, 0) | g.cell_bit(6, 0);
        // The open line 1-2-3-4 alone is worth 100, the pairs of the
        // scattered stones 10 each.
        assert!(w.score(three, 0, (2, 2)) - w.score(scattered, 0, (2, 2)) > 80);
    }

    #[test]
    fn the_low_row_bonus_prefers_the_bottom() {
        let g = Geometry::STANDARD;
        let (bottom, top) = (g.cell_bit(0, 0), g.cell_bit(0, 5));
        let plain = Windows::new(g, false, false);
        assert_eq!(plain.score(bottom, 0, (2, 2)), plain.score(top, 0, (2, 2)));
        let bonus = Windows::new(g, true, false);
        assert!(bonus.score(bottom, 0, (2, 2)) > bonus.score(top, 0, (2, 2)));
    }
}
