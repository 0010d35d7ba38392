//! A game in progress: the position, its move list and its result.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::{MoveError, ParseError, ParseErrorKind};
use crate::position::has_line;
use crate::{Geometry, Position, Side};

/// A cell of the board: 0-based column from the left, 0-based row from the
/// bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    /// 0-based column, left to right.
    pub column: u8,
    /// 0-based row, bottom to top.
    pub row: u8,
}

/// How a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// Moves remain and nobody has won.
    InProgress,
    /// `Side` completed a line with the last stone.
    Won(Side),
    /// The board is full without a line.
    Draw,
}

/// A game: the position, every move played, and whether it is over.
///
/// Columns are 0-based in the API and 1-based digits in move strings.
///
/// ```
/// use engine::{Board, Side, Status};
/// let mut board: Board = "4455".parse().unwrap();
/// board.play(5).unwrap(); // column 6
/// assert_eq!(board.to_string(), "44556");
/// assert!(board.play(9).is_err());
/// board.undo(1);
/// assert_eq!(board.status(), Status::InProgress);
/// assert_eq!(board.side_to_move(), Side::First);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    position: Position,
    moves: Vec<u8>,
    status: Status,
}

impl Board {
    /// An empty standard board.
    pub fn new() -> Board {
        Board::with_geometry(Geometry::STANDARD)
    }

    /// An empty board of the given shape.
    pub fn with_geometry(geometry: Geometry) -> Board {
        Board {
            position: Position::new(geometry),
            moves: Vec::with_capacity(geometry.cells()),
            status: Status::InProgress,
        }
    }

    /// The board reached by a move string such as `"4453"` (1-based column
    /// digits).
    ///
    /// # Errors
    /// Names the first character that is not a column digit or not a legal
    /// move, and its position in the string.
    pub fn from_moves(geometry: Geometry, moves: &str) -> Result<Board, ParseError> {
        let mut board = Board::with_geometry(geometry);
        for (index, character) in moves.chars().enumerate() {
            let column = character
                .to_digit(10)
                .filter(|&d| d >= 1)
                .ok_or(ParseError {
                    index,
                    character,
                    kind: ParseErrorKind::NotAColumn,
                })?;
            board.play(column as usize - 1).map_err(|e| ParseError {
                index,
                character,
                kind: ParseErrorKind::IllegalMove(e),
            })?;
        }
        Ok(board)
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.position.geometry()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The columns played so far, 0-based, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.moves.iter().map(|&c| usize::from(c))
    }

    /// The column of the last move, 0-based.
    pub fn last_move(&self) -> Option<usize> {
        self.moves.last().map(|&c| usize::from(c))
    }

    /// Stones on the board.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Whose turn it is (meaningful while the game is in progress).
    pub fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Whether somebody won or the board is full.
    pub fn is_over(&self) -> bool {
        self.status != Status::InProgress
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Side> {
        match self.status {
            Status::Won(side) => Some(side),
            _ => None,
        }
    }

    /// The owner of a cell (0-based, row 0 at the bottom), if any.
    pub fn cell(&self, column: usize, row: usize) -> Option<Side> {
        self.position.cell(column, row)
    }

    /// Stones in a column.
    pub fn height(&self, column: usize) -> usize {
        self.position.height(column)
    }

    /// Whether a stone may be dropped into `column` now.
    pub fn can_play(&self, column: usize) -> bool {
        !self.is_over() && self.position.can_play(column)
    }

    /// The columns a stone may be dropped into now, left to right.
    pub fn legal_moves(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.geometry().columns()).filter(|&c| self.can_play(c))
    }

    /// Why a stone may not be dropped into `column` now, if it may not.
    pub fn check_move(&self, column: usize) -> Result<(), MoveError> {
        let columns = self.geometry().columns();
        if self.is_over() {
            Err(MoveError::GameOver)
        } else if column >= columns {
            Err(MoveError::ColumnOutOfRange { column, columns })
        } else if !self.position.can_play(column) {
            Err(MoveError::ColumnFull { column })
        } else {
            Ok(())
        }
    }

    /// Drops a stone of the side to move into `column` (0-based) and returns
    /// the new status.
    ///
    /// # Errors
    /// When the column does not exist or is full, or the game is over; the
    /// board is unchanged then.
    pub fn play(&mut self, column: usize) -> Result<Status, MoveError> {
        self.check_move(column)?;
        let mover = self.side_to_move();
        let wins = self.position.is_winning_move(column);
        self.position.play_column(column);
        self.moves.push(column as u8);
        self.status = if wins {
            Status::Won(mover)
        } else if self.position.is_full() {
            Status::Draw
        } else {
            Status::InProgress
        };
        Ok(self.status)
    }

    /// Takes back up to `count` moves; returns how many were taken back.
    pub fn undo(&mut self, count: usize) -> usize {
        let count = count.min(self.moves.len());
        for _ in 0..count {
            if let Some(column) = self.moves.pop() {
                self.position.unplay_column(usize::from(column));
            }
        }
        if count > 0 {
            // No move is ever played after the end, so every earlier
            // position was still in progress.
            self.status = Status::InProgress;
        }
        count
    }

    /// The cells of the winning line, if the game was won: the line through
    /// the last stone, the first found in the order horizontal, vertical,
    /// rising diagonal, falling diagonal, and within a direction the one
    /// starting lowest and leftmost.
    pub fn winning_line(&self) -> Option<Vec<Cell>> {
        let winner = self.winner()?;
        let last = self.last_move()?;
        let g = self.geometry();
        let stones = self.position.stones(winner);
        let (col, row) = (last as i32, self.height(last) as i32 - 1);
        let n = g.win_length() as i32;
        let owned = |c: i32, r: i32| {
            (0..g.columns() as i32).contains(&c)
                && (0..g.rows() as i32).contains(&r)
                && stones & g.cell_bit(c as usize, r as usize) != 0
        };
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for back in (0..n).rev() {
                let (c0, r0) = (col - back * dc, row - back * dr);
                if (0..n).all(|k| owned(c0 + k * dc, r0 + k * dr)) {
                    return Some(
                        (0..n)
                            .map(|k| Cell {
                                column: (c0 + k * dc) as u8,
                                row: (r0 + k * dr) as u8,
                            })
                            .collect(),
                    );
                }
            }
        }
        debug_assert!(has_line(stones, g), "a won game has a line");
        None
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

/// Parses a move string on the standard board.
impl FromStr for Board {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Board, ParseError> {
        Board::from_moves(Geometry::STANDARD, s)
    }
}

/// The move string, 1-based column digits.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &c in &self.moves {
            write!(f, "{}", c + 1)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board({}, \"{self}\", {:?})",
            self.geometry(),
            self.status
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn horizontal_win_reports_its_cells() {
        let board: Board = "1122334".parse().unwrap();
        assert_eq!(board.status(), Status::Won(Side::First));
        let cells = board.winning_line().unwrap();
        assert_eq!(
            cells.iter().map(|c| (c.column, c.row)).collect::<Vec<_>>(),
            [(0, 0), (1, 0), (2, 0), (3, 0)]
        );
    }

    #[test]
    fn five_in_a_row_reports_a_four_through_the_last_stone() {
        // X holds 1 2 4 5 on the bottom row, then 3 joins them into five.
        let board: Board = "112244553".parse().unwrap();
        assert_eq!(board.status(), Status::Won(Side::First));
        let cells = board.winning_line().unwrap();
        assert_eq!(cells.len(), 4);
        assert!(cells.contains(&Cell { column: 2, row: 0 }));
        assert_eq!(cells[0], Cell { column: 0, row: 0 });
    }

    #[test]
    fn bad_strings_name_the_character_and_position() {
        let e = "44a5".parse::<Board>().unwrap_err();
        assert_eq!(
            (e.index, e.character, e.kind),
            (2, 'a', ParseErrorKind::NotAColumn)
        );
        assert_eq!(
            e.to_string(),
            "bad move string: character 'a' at position 3 is not a column digit"
        );
        let e = "4444444".parse::<Board>().unwrap_err();
        assert_eq!(
            e.kind,
            ParseErrorKind::IllegalMove(MoveError::ColumnFull { column: 3 })
        );
        assert_eq!(
            e.to_string(),
            "bad move string: move '4' at position 7: column 4 is full"
        );
        let e = "11223344".parse::<Board>().unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::IllegalMove(MoveError::GameOver));
        let e = "8".parse::<Board>().unwrap_err();
        assert!(e.to_string().contains("column 8 does not exist"));
        assert_eq!(
            "0".parse::<Board>().unwrap_err().kind,
            ParseErrorKind::NotAColumn
        );
    }

    #[test]
    fn a_full_board_without_line_is_a_draw() {
        // Fill columns in pairs so that no four ever lines up.
        let moves = "121212343434565656212121434343656565777777";
        let mut board: Board = moves.parse().unwrap();
        assert_eq!(board.status(), Status::Draw);
        assert_eq!(board.legal_moves().count(), 0);
        assert_eq!(board.play(0), Err(MoveError::GameOver));
    }
}
