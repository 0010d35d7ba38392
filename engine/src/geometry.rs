//! The shape of a board: columns, rows and how many in a row win.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::error::GeometryError;

/// The dimensions of a board and the winning length.
///
/// Stones live in a `u64`: column `c` occupies bits `c * (rows + 1)` up to
/// `c * (rows + 1) + rows`, the extra bit on top of each column staying empty
/// so that shifted lines never wrap from one column into the next. That is why
/// a geometry needs `(rows + 1) * columns <= 64`.
///
/// ```
/// use engine::Geometry;
/// let g = Geometry::new(8, 7, 4).unwrap();
/// assert_eq!(g.cells(), 56);
/// assert!(Geometry::new(9, 7, 4).is_err()); // 9 x 8 bits do not fit
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "GeometrySpec", into = "GeometrySpec")]
pub struct Geometry {
    columns: u8,
    rows: u8,
    win_length: u8,
    /// One bit at the bottom of every column.
    bottom: u64,
    /// Every playable cell.
    board: u64,
}

/// The serialised form of a [`Geometry`]: the masks are derived on load.
#[derive(Serialize, Deserialize)]
struct GeometrySpec {
    columns: u8,
    rows: u8,
    win_length: u8,
}

impl TryFrom<GeometrySpec> for Geometry {
    type Error = GeometryError;
    fn try_from(spec: GeometrySpec) -> Result<Self, GeometryError> {
        Geometry::new(
            spec.columns.into(),
            spec.rows.into(),
            spec.win_length.into(),
        )
    }
}

impl From<Geometry> for GeometrySpec {
    fn from(g: Geometry) -> Self {
        GeometrySpec {
            columns: g.columns,
            rows: g.rows,
            win_length: g.win_length,
        }
    }
}

impl Geometry {
    /// The classic board: 7 columns, 6 rows, four in a row.
    pub const STANDARD: Geometry = Geometry::build(7, 6, 4);

    /// Columns allowed: 4 to 9 (a move string uses one digit per move).
    pub const COLUMNS: core::ops::RangeInclusive<usize> = 4..=9;
    /// Rows allowed: 4 to 8.
    pub const ROWS: core::ops::RangeInclusive<usize> = 4..=8;
    /// Winning lengths allowed: 3 to 6.
    pub const WIN_LENGTHS: core::ops::RangeInclusive<usize> = 3..=6;

    const fn build(columns: u8, rows: u8, win_length: u8) -> Geometry {
        let mut bottom = 0u64;
        let mut c = 0;
        while c < columns {
            bottom |= 1 << (c as u32 * (rows as u32 + 1));
            c += 1;
        }
        Geometry {
            columns,
            rows,
            win_length,
            bottom,
            board: bottom * ((1u64 << rows) - 1),
        }
    }

    /// A board of `columns` x `rows` where `win_length` in a row wins.
    ///
    /// # Errors
    /// When a dimension is outside the supported ranges or the board does not
    /// fit in 64 bits with one spare bit per column.
    pub fn new(columns: usize, rows: usize, win_length: usize) -> Result<Geometry, GeometryError> {
        if !Self::COLUMNS.contains(&columns) {
            return Err(GeometryError::Columns(columns));
        }
        if !Self::ROWS.contains(&rows) {
            return Err(GeometryError::Rows(rows));
        }
        if !Self::WIN_LENGTHS.contains(&win_length) {
            return Err(GeometryError::WinLength(win_length));
        }
        if (rows + 1) * columns > 64 {
            return Err(GeometryError::TooLarge { columns, rows });
        }
        if win_length > columns.max(rows) {
            return Err(GeometryError::WinLength(win_length));
        }
        Ok(Self::build(columns as u8, rows as u8, win_length as u8))
    }

    /// Number of columns.
    #[inline]
    pub const fn columns(self) -> usize {
        self.columns as usize
    }

    /// Number of rows.
    #[inline]
    pub const fn rows(self) -> usize {
        self.rows as usize
    }

    /// Stones in a row needed to win.
    #[inline]
    pub const fn win_length(self) -> usize {
        self.win_length as usize
    }

    /// Number of cells, the longest possible game.
    #[inline]
    pub const fn cells(self) -> usize {
        self.columns as usize * self.rows as usize
    }

    /// Whether this is the 7 x 6, four-in-a-row board.
    #[inline]
    pub const fn is_standard(self) -> bool {
        self.columns == 7 && self.rows == 6 && self.win_length == 4
    }

    /// Bit height of a column, the spare bit included.
    #[inline]
    pub(crate) const fn stride(self) -> u32 {
        self.rows as u32 + 1
    }

    #[inline]
    pub(crate) const fn bottom_mask(self) -> u64 {
        self.bottom
    }

    #[inline]
    pub(crate) const fn board_mask(self) -> u64 {
        self.board
    }

    /// The lower cell of each pair when every column's cells are paired
    /// from the top down (the top two, the next two, ...; on an odd number
    /// of rows the bottom cell is left alone): who plays first into a
    /// column with an even number of empty cells, and is always answered
    /// in it, gets these.
    #[inline]
    pub(crate) const fn lower_of_pairs(self) -> u64 {
        let column = ((1u64 << self.rows) - 1) & (0x5555_5555_5555_5555 << (self.rows & 1));
        self.bottom * column
    }

    /// Every cell of column `column` (0-based).
    #[inline]
    pub(crate) const fn column_mask(self, column: usize) -> u64 {
        ((1u64 << self.rows) - 1) << (column as u32 * self.stride())
    }

    /// The top playable cell of column `column` (0-based).
    #[inline]
    pub(crate) const fn top_mask(self, column: usize) -> u64 {
        1u64 << (self.rows as u32 - 1 + column as u32 * self.stride())
    }

    /// The bit of the cell at `column`, `row` (both 0-based, row 0 at the bottom).
    #[inline]
    pub(crate) const fn cell_bit(self, column: usize, row: usize) -> u64 {
        1u64 << (column as u32 * self.stride() + row as u32)
    }

    /// Columns ordered from the centre outwards: the order in which searches
    /// try moves, since central stones take part in the most lines.
    pub fn centre_order(self) -> Vec<usize> {
        let w = self.columns();
        // By distance from the centre in half-columns, and of two equally
        // central columns the left one first. Not a sort: the page's Wasm
        // would carry a stable sort for this alone (2 KB gzip).
        (0..w)
            .flat_map(|distance| (0..w).filter(move |&c| (2 * c).abs_diff(w - 1) == distance))
            .collect()
    }

    /// The four line directions as bit shifts: vertical, horizontal and the
    /// two diagonals.
    #[inline]
    pub(crate) const fn directions(self) -> [u32; 4] {
        let s = self.stride();
        [1, s, s - 1, s + 1]
    }
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry::STANDARD
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({self})")
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{} connect {}",
            self.columns, self.rows, self.win_length
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_order_visits_every_column_once_from_the_middle() {
        let g7 = Geometry::STANDARD;
        assert_eq!(g7.centre_order(), [3, 2, 4, 1, 5, 0, 6]);
        let g6 = Geometry::new(6, 5, 4).unwrap();
        let mut order = g6.centre_order();
        assert_eq!(order[..2], [2, 3]);
        order.sort_unstable();
        assert_eq!(order, [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn the_lower_cells_of_pairs_from_the_top() {
        let rows_of = |g: Geometry, column: usize| -> Vec<usize> {
            (0..g.rows())
                .filter(|&row| g.lower_of_pairs() & g.cell_bit(column, row) != 0)
                .collect()
        };
        let g6 = Geometry::STANDARD;
        assert_eq!(rows_of(g6, 0), [0, 2, 4]);
        assert_eq!(rows_of(g6, 6), [0, 2, 4]);
        let g5 = Geometry::new(6, 5, 4).unwrap();
        assert_eq!(rows_of(g5, 5), [1, 3], "the bottom cell is left alone");
        assert_eq!(
            g6.lower_of_pairs().count_ones() as usize * 2,
            g6.cells(),
            "only cells of the board"
        );
    }

    #[test]
    fn every_supported_size_fits() {
        for c in Geometry::COLUMNS {
            for r in Geometry::ROWS {
                let fits = (r + 1) * c <= 64;
                assert_eq!(Geometry::new(c, r, 4).is_ok(), fits, "{c}x{r}");
                if fits {
                    let g = Geometry::new(c, r, 4).unwrap();
                    assert_eq!(g.board_mask().count_ones() as usize, g.cells());
                }
            }
        }
    }

    #[test]
    fn serde_round_trip_rejects_bad_sizes() {
        let g = Geometry::new(8, 7, 5).unwrap();
        let json = serde_json_like(&g);
        assert_eq!(json, (8, 7, 5));
        assert!(
            Geometry::try_from(GeometrySpec {
                columns: 9,
                rows: 8,
                win_length: 4
            })
            .is_err()
        );
    }

    fn serde_json_like(g: &Geometry) -> (u8, u8, u8) {
        let spec = GeometrySpec::from(*g);
        (spec.columns, spec.rows, spec.win_length)
    }
}
