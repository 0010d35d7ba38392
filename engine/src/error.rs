//! Errors of the rules, as typed values with messages a person understands.

use core::fmt;

/// A board shape the engine does not support.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GeometryError {
    /// Columns outside 4..=9.
    Columns(usize),
    /// Rows outside 4..=8.
    Rows(usize),
    /// Winning length outside 3..=6 or longer than the board.
    WinLength(usize),
    /// `(rows + 1) * columns` exceeds the 64 bits of a bitboard.
    TooLarge {
        /// Requested columns.
        columns: usize,
        /// Requested rows.
        rows: usize,
    },
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GeometryError::Columns(c) => write!(f, "{c} columns is not supported (4 to 9)"),
            GeometryError::Rows(r) => write!(f, "{r} rows is not supported (4 to 8)"),
            GeometryError::WinLength(n) => write!(
                f,
                "a winning length of {n} is not supported (3 to 6, and at most the board's width or height)"
            ),
            GeometryError::TooLarge { columns, rows } => write!(
                f,
                "a {columns}x{rows} board is too large: (rows + 1) x columns must be at most 64"
            ),
        }
    }
}

impl std::error::Error for GeometryError {}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    /// The column does not exist; 0-based index and the board's width.
    ColumnOutOfRange {
        /// The 0-based column asked for.
        column: usize,
        /// Columns on the board.
        columns: usize,
    },
    /// The column has no free cell; 0-based index.
    ColumnFull {
        /// The 0-based column asked for.
        column: usize,
    },
    /// Somebody has already won or the board is full.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::ColumnOutOfRange { column, columns } => write!(
                f,
                "column {} does not exist (columns are 1 to {columns})",
                column + 1
            ),
            MoveError::ColumnFull { column } => write!(f, "column {} is full", column + 1),
            MoveError::GameOver => f.write_str("the game is already over"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A move string that does not describe a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseError {
    /// 0-based index of the offending character in the string.
    pub index: usize,
    /// The offending character.
    pub character: char,
    /// What is wrong with it.
    pub kind: ParseErrorKind,
}

/// What is wrong with one character of a move string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Not a digit `1`..`9`.
    NotAColumn,
    /// The move itself is illegal in the position reached so far.
    IllegalMove(MoveError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, at) = (self.character, self.index + 1);
        match self.kind {
            ParseErrorKind::NotAColumn => write!(
                f,
                "bad move string: character {c:?} at position {at} is not a column digit"
            ),
            ParseErrorKind::IllegalMove(e) => {
                write!(f, "bad move string: move {c:?} at position {at}: {e}")
            }
        }
    }
}

impl std::error::Error for ParseError {}
