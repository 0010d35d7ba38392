//! The classic shell's evaluation: groups of stones, column weights and a
//! bonus for a won board, always from the machine's point of view.

use crate::{Geometry, Position, Side};

/// Groups of one side: maximal unbroken runs of two or more stones in one
/// direction, by length (a run longer than the winning length counts as one
/// group of that length).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClassicGroups {
    /// Runs of the winning length minus two (2-groups on a connect-four board).
    pub twos: i64,
    /// Runs of the winning length minus one (3-groups).
    pub threes: i64,
    /// Runs of at least the winning length (4-groups).
    pub fours: i64,
}

impl ClassicGroups {
    /// Counts the groups of `stones`.
    pub(crate) fn of(stones: u64, g: Geometry) -> ClassicGroups {
        let n = g.win_length() as u32;
        let mut at_least = [0i64; 8];
        for s in g.directions() {
            // A run starts where the cell before it (one step back) is not ours.
            let starts = stones & !(stones << s);
            let mut run = starts;
            for k in 1..n {
                run &= stones >> (k * s);
                at_least[k as usize + 1] += i64::from(run.count_ones());
            }
        }
        let exactly = |k: u32| {
            if k < 2 {
                0
            } else {
                at_least[k as usize] - at_least[k as usize + 1]
            }
        };
        ClassicGroups {
            twos: exactly(n - 2),
            threes: exactly(n - 1),
            fours: at_least[n as usize],
        }
    }
}

/// `P + Q + R` of the classic formula for `machine`:
/// `P = 50 + m2 + 4 m3 + 5000 m4 - h2 - 4 h3 - 500000 h4`,
/// `Q` the column weights of the machine's stones minus the human's (0 at the
/// edges, one more per column towards the centre: 0 1 2 3 2 1 0 on seven
/// columns), `R = 5,000,000` when the machine has a four.
pub fn classic_value(position: &Position, machine: Side) -> i64 {
    let g = position.geometry();
    let (mine, theirs) = (position.stones(machine), position.stones(machine.other()));
    let m = ClassicGroups::of(mine, g);
    let h = ClassicGroups::of(theirs, g);
    let p = 50 + m.twos + 4 * m.threes + 5000 * m.fours - h.twos - 4 * h.threes - 500_000 * h.fours;
    let q = column_weights(mine, g) - column_weights(theirs, g);
    let r = if m.fours > 0 { 5_000_000 } else { 0 };
    p + q + r
}

fn column_weights(stones: u64, g: Geometry) -> i64 {
    let w = g.columns();
    (0..w)
        .map(|c| (c.min(w - 1 - c)) as i64 * i64::from((stones & g.column_mask(c)).count_ones()))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a position from a picture, top row first: `X`, `O`, `.`.
    pub(crate) fn picture(rows: &[&str]) -> (u64, u64, Geometry) {
        let g = Geometry::STANDARD;
        let (mut x, mut o) = (0, 0);
        for (i, row) in rows.iter().enumerate() {
            let r = g.rows() - 1 - i;
            for (c, ch) in row.split_whitespace().enumerate() {
                match ch {
                    "X" => x |= g.cell_bit(c, r),
                    "O" => o |= g.cell_bit(c, r),
                    _ => {}
                }
            }
        }
        (x, o, g)
    }

    #[test]
    fn the_spec_example_counts_its_groups() {
        let (x, o, g) = picture(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . X . . .",
            ". . . O . . .",
            ". . . O O X .",
            ". . . O O X X",
        ]);
        assert_eq!(
            ClassicGroups::of(x, g),
            ClassicGroups {
                twos: 3,
                threes: 0,
                fours: 0
            }
        );
        // The spec's prose lists five 2-groups for O (two horizontal, one
        // rising, two falling), but its own rule also makes O's two stones in
        // column 5 a vertical 2-group, just as it counts X's pair in column
        // 6. We follow the rule: six.
        assert_eq!(
            ClassicGroups::of(o, g),
            ClassicGroups {
                twos: 6,
                threes: 1,
                fours: 0
            }
        );
    }

    #[test]
    fn a_run_of_three_is_one_group_and_five_is_one_four() {
        let (x, _, g) = picture(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X . X X X",
        ]);
        assert_eq!(
            ClassicGroups::of(x, g),
            ClassicGroups {
                twos: 0,
                threes: 2,
                fours: 0
            }
        );
        let (x, _, g) = picture(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X X X . .",
        ]);
        assert_eq!(
            ClassicGroups::of(x, g),
            ClassicGroups {
                twos: 0,
                threes: 0,
                fours: 1
            }
        );
    }

    #[test]
    fn the_formula_adds_groups_weights_and_the_win_bonus() {
        use crate::Board;
        // X (first) 4, O 4, X 3: human X opened; the machine is O.
        let board: Board = "443".parse().unwrap();
        let p = board.position();
        // O: no groups, one stone in column 4 (weight 3). X: one horizontal
        // 2-group (columns 3-4), stones weighted 2 + 3.
        assert_eq!(classic_value(p, Side::Second), 50 - 1 + 3 - 5);
        // From X's side: 50 + 1 + 5 - 3.
        assert_eq!(classic_value(p, Side::First), 53);
        let won: Board = "1212121".parse().unwrap();
        let v = classic_value(won.position(), Side::First);
        // X: one vertical 4-group and column weight 0; O: a vertical 3-group.
        // P = 50 + 5000 - 4, Q = 0 - 3, R = 5,000,000.
        assert_eq!(v, 50 + 5000 - 4 - 3 + 5_000_000);
    }
}
