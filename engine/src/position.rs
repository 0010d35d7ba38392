//! The compact bitboard position the searches work on.

use core::fmt;

use crate::{Geometry, Side};

/// A position as two bitboards: the stones of the side to move and all stones.
///
/// `Position` is `Copy` and has no history: it is what the searches copy at
/// every node. [`Board`](crate::Board) adds the move list, undo and the game
/// status on top of it. Columns are 0-based here.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Stones of the side to move.
    current: u64,
    /// Every stone on the board.
    mask: u64,
    plies: u8,
    geometry: Geometry,
}

impl Position {
    /// The empty board of the given shape.
    pub const fn new(geometry: Geometry) -> Position {
        Position {
            current: 0,
            mask: 0,
            plies: 0,
            geometry,
        }
    }

    /// The position with these stones of the first and the second player
    /// (no check that a game can reach it).
    pub(crate) fn from_stones(geometry: Geometry, first: u64, second: u64) -> Position {
        let mask = first | second;
        let plies = mask.count_ones() as u8;
        let current = if plies.is_multiple_of(2) {
            first
        } else {
            second
        };
        Position {
            current,
            mask,
            plies,
            geometry,
        }
    }

    /// The board's shape.
    #[inline]
    pub const fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Stones on the board.
    #[inline]
    pub const fn plies(&self) -> usize {
        self.plies as usize
    }

    /// Whose turn it is.
    #[inline]
    pub const fn side_to_move(&self) -> Side {
        Side::to_move_after(self.plies as usize)
    }

    /// Whether `column` exists and has room.
    #[inline]
    pub fn can_play(&self, column: usize) -> bool {
        column < self.geometry.columns() && self.mask & self.geometry.top_mask(column) == 0
    }

    /// Stones in `column`.
    #[inline]
    pub fn height(&self, column: usize) -> usize {
        (self.mask & self.geometry.column_mask(column)).count_ones() as usize
    }

    /// The owner of a cell (0-based, row 0 at the bottom), if any.
    pub fn cell(&self, column: usize, row: usize) -> Option<Side> {
        let g = self.geometry;
        if column >= g.columns() || row >= g.rows() {
            return None;
        }
        let bit = g.cell_bit(column, row);
        if self.mask & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.side_to_move())
        } else {
            Some(self.side_to_move().other())
        }
    }

    /// Whether playing `column` completes a line for the side to move.
    /// The column must be playable.
    #[inline]
    pub fn is_winning_move(&self, column: usize) -> bool {
        self.winning_cells_of(self.current) & self.possible() & self.geometry.column_mask(column)
            != 0
    }

    /// Whether the side to move can win with its next stone.
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells_of(self.current) & self.possible() != 0
    }

    /// Whether the side to move has no stone left to play.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.plies() == self.geometry.cells()
    }

    /// Drops a stone of the side to move into `column`, which must be playable
    /// ([`Position::can_play`]); [`Board::play`](crate::Board::play) checks.
    #[inline]
    pub fn play_column(&mut self, column: usize) {
        let bit = (self.mask + self.geometry.bottom_mask()) & self.geometry.column_mask(column);
        self.play_bit(bit);
    }

    /// Plays the move whose landing cell is `bit`.
    #[inline]
    pub(crate) fn play_bit(&mut self, bit: u64) {
        self.current ^= self.mask;
        self.mask |= bit;
        self.plies += 1;
    }

    /// Takes back the top stone of `column`, which must have been the last
    /// stone played.
    pub(crate) fn unplay_column(&mut self, column: usize) {
        let g = self.geometry;
        let in_column = self.mask & g.column_mask(column);
        let top = (in_column + (g.bottom_mask() & g.column_mask(column))) >> 1;
        self.mask ^= top;
        self.current ^= self.mask;
        self.plies -= 1;
    }

    /// The position after `bit` is played, leaving `self` unchanged.
    #[inline(always)]
    pub(crate) fn after(&self, bit: u64) -> Position {
        let mut next = *self;
        next.play_bit(bit);
        next
    }

    /// Landing cells of every playable column.
    #[inline(always)]
    pub(crate) fn possible(&self) -> u64 {
        (self.mask + self.geometry.bottom_mask()) & self.geometry.board_mask()
    }

    /// Stones of the opponent of the side to move.
    #[inline]
    pub(crate) const fn opponent_stones(&self) -> u64 {
        self.current ^ self.mask
    }

    /// Stones of `side`.
    #[inline]
    pub(crate) fn stones(&self, side: Side) -> u64 {
        if side == self.side_to_move() {
            self.current
        } else {
            self.opponent_stones()
        }
    }

    /// A number that identifies the position among all positions of its
    /// geometry: each column's stones plus the column's occupancy, which
    /// cannot carry into the next column thanks to the spare bit.
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key of the left-right mirror image.
    pub fn mirrored_key(&self) -> u64 {
        let g = self.geometry;
        let key = self.key();
        let stride = g.stride();
        let column_bits = (1u64 << stride) - 1;
        let last = g.columns() as u32 - 1;
        let mut mirrored = 0;
        for c in 0..=last {
            let bits = (key >> (c * stride)) & column_bits;
            mirrored |= bits << ((last - c) * stride);
        }
        mirrored
    }

    /// The smaller of the key and the mirrored key: one key for a position
    /// and its mirror image.
    #[inline]
    pub fn canonical_key(&self) -> u64 {
        self.key().min(self.mirrored_key())
    }

    /// Empty cells where `stones` would complete a line.
    #[inline(always)]
    pub(crate) fn winning_cells_of(&self, stones: u64) -> u64 {
        let g = self.geometry;
        let lines = if g.is_standard() {
            threats_four(stones, 7)
        } else if g.win_length() == 4 {
            threats_four(stones, g.stride())
        } else {
            threats_any(stones, g)
        };
        lines & (g.board_mask() ^ self.mask)
    }

    /// Playable moves (as landing cells) that do not hand the opponent an
    /// immediate win: when the opponent threatens a cell we must take it,
    /// and we never play just below an opponent's threat.
    #[inline(always)]
    pub(crate) fn non_losing_moves(&self) -> u64 {
        self.moves_against(self.winning_cells_of(self.opponent_stones()))
    }

    /// [`Position::non_losing_moves`] given the opponent's `threats` (the
    /// empty cells that would complete one of its lines).
    #[inline(always)]
    pub(crate) fn moves_against(&self, threats: u64) -> u64 {
        let mut possible = self.possible();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0; // two threats at once: every move loses
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// Whether the opponent can keep the side to move from ever completing
    /// a line by answering every move in the same column (Allis' claimeven):
    /// when every column has an even number of empty cells, the mover then
    /// only ever gets the lower cell of each pair of them
    /// ([`Geometry::lower_of_pairs`]), and none of its lines may fit in its
    /// stones and those. The mover then scores at
    /// most a draw.
    #[inline]
    pub(crate) fn opponent_claims_even(&self) -> bool {
        let ours = self.geometry.lower_of_pairs();
        if self.possible() & !ours != 0 {
            return false; // a column with an odd number of empty cells
        }
        !has_line(self.current | (ours & !self.mask), self.geometry)
    }

    /// Whether the mover may win with its next stone but one after playing
    /// `bit`, given `threats` ([`Position::threat_cells_after`]) and the
    /// playable cells before it: two threats to play at once, one with
    /// another just above it, or no reply that avoids playing just below a
    /// threat. `false` means that win is impossible; `true` only that it is
    /// not ruled out.
    #[inline(always)]
    pub(crate) fn wins_in_two_after(&self, bit: u64, threats: u64, possible: u64) -> bool {
        let playable = (possible ^ bit) | ((bit << 1) & self.geometry.board_mask());
        let hits = threats & playable;
        hits & hits.wrapping_sub(1) != 0
            || (hits << 1) & threats != 0
            || playable & !(threats >> 1) == 0
    }

    /// How promising a move looks for ordering: the threats the mover owns
    /// after it.
    #[inline(always)]
    pub(crate) fn threats_after(&self, bit: u64) -> u32 {
        self.threat_cells_after(bit).count_ones()
    }

    /// The empty cells where the mover would complete a line after `bit`.
    #[inline(always)]
    pub(crate) fn threat_cells_after(&self, bit: u64) -> u64 {
        self.winning_cells_of(self.current | bit) & !bit
    }
}

/// Whether `stones` contain a complete line of the geometry's length.
#[inline]
pub(crate) fn has_line(stones: u64, g: Geometry) -> bool {
    let n = g.win_length() as u32;
    g.directions().into_iter().any(|s| {
        if n == 4 {
            let pairs = stones & (stones >> s);
            pairs & (pairs >> (2 * s)) != 0
        } else {
            (1..n).fold(stones, |m, k| m & (stones >> (k * s))) != 0
        }
    })
}

/// Cells (occupied or not) that complete four in a row with `p`, on a board
/// whose columns are `stride` bits apart.
#[inline(always)]
fn threats_four(p: u64, stride: u32) -> u64 {
    // Vertical: only the three stones below can complete a column.
    let mut r = (p << 1) & (p << 2) & (p << 3);
    for s in [stride, stride - 1, stride + 1] {
        let (l1, l2, l3) = (p << s, p << (2 * s), p << (3 * s));
        let (r1, r2, r3) = (p >> s, p >> (2 * s), p >> (3 * s));
        let l12 = l1 & l2;
        let r12 = r1 & r2;
        r |= (l12 & (l3 | r1)) | (r12 & (r3 | l1));
    }
    r
}

/// [`threats_four`] for any winning length: a cell completes a line if, for
/// some split `i`, the `i` cells on one side and the `n - 1 - i` on the other
/// are all stones.
fn threats_any(p: u64, g: Geometry) -> u64 {
    let n = g.win_length() as u32;
    let mut r = 0;
    for s in g.directions() {
        for i in 0..n {
            let mut m = !0u64;
            for k in 1..=i {
                m &= p << (k * s);
            }
            for k in 1..n - i {
                m &= p >> (k * s);
            }
            r |= m;
        }
    }
    r
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({}, plies {}, current {:#x}, mask {:#x})",
            self.geometry, self.plies, self.current, self.mask
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_threats(p: &Position, stones: u64) -> u64 {
        let g = p.geometry();
        let mut r = 0;
        for c in 0..g.columns() {
            for row in 0..g.rows() {
                let bit = g.cell_bit(c, row);
                if p.mask & bit == 0 && has_line(stones | bit, g) && !has_line(stones, g) {
                    r |= bit;
                }
            }
        }
        r
    }

    #[test]
    fn threats_match_a_naive_scan_on_every_geometry() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for (c, rows, n) in [
            (7, 6, 4),
            (4, 4, 3),
            (9, 5, 5),
            (5, 8, 6),
            (8, 7, 4),
            (6, 4, 3),
        ] {
            let g = Geometry::new(c, rows, n).unwrap();
            for _ in 0..200 {
                let mut p = Position::new(g);
                for _ in 0..g.cells() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let col = (seed % c as u64) as usize;
                    if !p.can_play(col) || p.is_winning_move(col) {
                        break;
                    }
                    p.play_column(col);
                    for stones in [p.current, p.opponent_stones()] {
                        if has_line(stones, g) {
                            continue;
                        }
                        assert_eq!(p.winning_cells_of(stones), naive_threats(&p, stones), "{g}");
                    }
                }
            }
        }
    }

    #[test]
    fn unplay_restores_the_position() {
        let mut p = Position::new(Geometry::STANDARD);
        for col in [3, 3, 2, 4, 3] {
            let before = p;
            p.play_column(col);
            let mut back = p;
            back.unplay_column(col);
            assert_eq!(back, before);
        }
    }

    #[test]
    fn mirrored_key_is_the_key_of_the_mirror_image() {
        let g = Geometry::STANDARD;
        let (mut p, mut m) = (Position::new(g), Position::new(g));
        for col in [0, 1, 1, 3, 6, 2] {
            p.play_column(col);
            m.play_column(6 - col);
        }
        assert_eq!(p.mirrored_key(), m.key());
        assert_eq!(p.canonical_key(), m.canonical_key());
    }
}
