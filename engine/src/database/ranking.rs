//! Numbering the arrangements of a fixed number of stones, so that a layer
//! can keep one bit and one score per position instead of a key.

use crate::{Geometry, Position, Side};

/// Every arrangement of `plies` stones on a board shape (stones stacked in
/// columns, the first player owning the odd ones out), numbered from 0 in
/// the order of column-by-column strings where, within a column, "no more
/// stones" sorts before a first player's stone and that before a second
/// player's. Arrangements no game reaches get numbers too: the numbering is
/// pure counting, so it needs no list of positions.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Ranking {
    columns: usize,
    rows: usize,
    first: usize,
    second: usize,
    /// `completions[index(column, height, a, b)]`: the ways to finish an
    /// arrangement from `column` (already `height` stones high) with `a`
    /// first-player and `b` second-player stones still to place.
    completions: Vec<u64>,
}

impl Ranking {
    pub(crate) fn new(geometry: Geometry, plies: usize) -> Ranking {
        let (columns, rows) = (geometry.columns(), geometry.rows());
        let (first, second) = (plies.div_ceil(2), plies / 2);
        let mut ranking = Ranking {
            columns,
            rows,
            first,
            second,
            completions: vec![0; (columns + 1) * (rows + 1) * (first + 1) * (second + 1)],
        };
        for column in (0..=columns).rev() {
            for height in (0..=rows).rev() {
                for a in 0..=first {
                    for b in 0..=second {
                        let ways = if column == columns {
                            u64::from(a == 0 && b == 0)
                        } else {
                            let mut ways = ranking.get(column + 1, 0, a, b);
                            if height < rows {
                                if a > 0 {
                                    ways += ranking.get(column, height + 1, a - 1, b);
                                }
                                if b > 0 {
                                    ways += ranking.get(column, height + 1, a, b - 1);
                                }
                            }
                            ways
                        };
                        let i = ranking.index(column, height, a, b);
                        ranking.completions[i] = ways;
                    }
                }
            }
        }
        ranking
    }

    #[inline]
    fn index(&self, column: usize, height: usize, a: usize, b: usize) -> usize {
        ((column * (self.rows + 1) + height) * (self.first + 1) + a) * (self.second + 1) + b
    }

    #[inline]
    fn get(&self, column: usize, height: usize, a: usize, b: usize) -> u64 {
        self.completions[self.index(column, height, a, b)]
    }

    /// How many arrangements there are.
    pub(crate) fn len(&self) -> u64 {
        self.get(0, 0, self.first, self.second)
    }

    /// The number of a position with the ranking's number of stones, read
    /// left to right or, `mirrored`, right to left.
    #[inline]
    pub(crate) fn rank(&self, position: &Position, mirrored: bool) -> u64 {
        let g = position.geometry();
        let first = position.stones(Side::First);
        let (mut a, mut b) = (self.first, self.second);
        let mut rank = 0;
        for i in 0..self.columns {
            let column = if mirrored { self.columns - 1 - i } else { i };
            for height in 0..position.height(column) {
                // Every arrangement that ends this column here sorts first.
                rank += self.get(i + 1, 0, a, b);
                if first & g.cell_bit(column, height) != 0 {
                    a -= 1;
                } else {
                    if a > 0 {
                        rank += self.get(i, height + 1, a - 1, b);
                    }
                    b -= 1;
                }
            }
        }
        rank
    }

    /// The smaller number of a position and of its mirror image: one
    /// number for both.
    #[inline]
    pub(crate) fn canonical_rank(&self, position: &Position) -> u64 {
        self.rank(position, false).min(self.rank(position, true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrangement of a small board, built in the numbering's order.
    fn arrangements(g: Geometry, plies: usize) -> Vec<Position> {
        fn walk(
            g: Geometry,
            column: usize,
            height: usize,
            left: (usize, usize),
            stones: (u64, u64),
            out: &mut Vec<Position>,
        ) {
            if column == g.columns() {
                if left == (0, 0) {
                    out.push(Position::from_stones(g, stones.0, stones.1));
                }
                return;
            }
            walk(g, column + 1, 0, left, stones, out);
            if height < g.rows() {
                let bit = g.cell_bit(column, height);
                if left.0 > 0 {
                    let next = (stones.0 | bit, stones.1);
                    walk(g, column, height + 1, (left.0 - 1, left.1), next, out);
                }
                if left.1 > 0 {
                    let next = (stones.0, stones.1 | bit);
                    walk(g, column, height + 1, (left.0, left.1 - 1), next, out);
                }
            }
        }
        let mut out = Vec::new();
        let left = (plies.div_ceil(2), plies / 2);
        walk(g, 0, 0, left, (0, 0), &mut out);
        out
    }

    #[test]
    fn the_numbers_count_every_arrangement_in_order() {
        for (columns, rows, plies) in [(4, 4, 3), (5, 4, 6), (7, 6, 4)] {
            let g = Geometry::new(columns, rows, 3.min(rows)).unwrap();
            let ranking = Ranking::new(g, plies);
            let all = arrangements(g, plies);
            assert_eq!(ranking.len(), all.len() as u64);
            for (i, p) in all.iter().enumerate() {
                assert_eq!(ranking.rank(p, false), i as u64, "{p:?}");
            }
        }
    }

    #[test]
    fn the_standard_board_at_twelve_stones_has_fourteen_million_arrangements() {
        // 15,330 ways to stack 12 stones in 7 columns of 6, times C(12, 6)
        // ways to colour them.
        let ranking = Ranking::new(Geometry::STANDARD, 12);
        assert_eq!(ranking.len(), 15_330 * 924);
    }

    #[test]
    fn a_mirror_image_has_the_same_canonical_number() {
        let g = Geometry::new(5, 4, 4).unwrap();
        let ranking = Ranking::new(g, 6);
        for p in arrangements(g, 6) {
            let mut mirror = (0, 0);
            for column in 0..5 {
                for row in 0..4 {
                    let to = g.cell_bit(4 - column, row);
                    match p.cell(column, row) {
                        Some(Side::First) => mirror.0 |= to,
                        Some(Side::Second) => mirror.1 |= to,
                        None => {}
                    }
                }
            }
            let mirror = Position::from_stones(g, mirror.0, mirror.1);
            assert_eq!(ranking.rank(&p, true), ranking.rank(&mirror, false));
            assert_eq!(ranking.canonical_rank(&p), ranking.canonical_rank(&mirror));
        }
    }
}
