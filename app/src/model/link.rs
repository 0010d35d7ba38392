//! A position shared in the address: its moves and its board's size, as
//! read from a link and as written into the address bar.

use engine::{Board, Geometry};

/// A position shared in the address (`?pos=<moves>&size=<c>x<r>`): the
/// size only when the board is not 7x6, so classic links stay short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedPosition {
    /// The moves as a move string.
    pub moves: String,
    /// The `size` parameter as written, if any.
    pub size: Option<String>,
}

impl SharedPosition {
    /// The board the link shows, if it shows one: on its stated size, else
    /// on 7x6, else (a link from before links carried their size) on the
    /// size this visitor plays.
    pub fn board(&self, own: Geometry) -> Option<Board> {
        match &self.size {
            Some(size) => Board::from_moves(parse_size(size)?, &self.moves).ok(),
            None => Board::from_moves(Geometry::STANDARD, &self.moves)
                .or_else(|_| Board::from_moves(own, &self.moves))
                .ok(),
        }
    }

    /// The address's query for `board`.
    pub fn query(board: &Board) -> String {
        let g = board.geometry();
        if g == Geometry::STANDARD {
            format!("?pos={board}")
        } else {
            format!("?pos={board}&size={}x{}", g.columns(), g.rows())
        }
    }
}

/// `"9x6"` as a board's geometry (four in a row).
pub fn parse_size(size: &str) -> Option<Geometry> {
    let (c, r) = size.split_once('x')?;
    Geometry::new(c.parse().ok()?, r.parse().ok()?, 4).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(moves: &str) -> SharedPosition {
        SharedPosition {
            moves: moves.into(),
            size: None,
        }
    }

    #[test]
    fn a_link_carries_its_board_size() {
        let g9 = Geometry::new(9, 6, 4).unwrap();
        let board = Board::from_moves(g9, "5565").unwrap();
        let query = SharedPosition::query(&board);
        assert_eq!(query, "?pos=5565&size=9x6");
        let shared = SharedPosition {
            moves: "5565".into(),
            size: Some("9x6".into()),
        };
        assert_eq!(shared.board(Geometry::STANDARD), Some(board));
        // Without a size a link is 7x6, whatever this visitor plays.
        let classic = link("4453").board(g9).unwrap();
        assert_eq!(classic.geometry(), Geometry::STANDARD);
        assert_eq!(SharedPosition::query(&classic), "?pos=4453");
        // An older 9x6 link that 7x6 cannot hold opens on the visitor's size.
        assert_eq!(link("99").board(g9).unwrap().geometry(), g9);
        for bad in ["0x6", "9by6", "x", "200x200"] {
            let s = SharedPosition {
                moves: "1".into(),
                size: Some(bad.into()),
            };
            assert_eq!(s.board(Geometry::STANDARD), None, "{bad}");
        }
    }
}
