//! Positions solved in advance: the opening book and the 12-stone position
//! database. Every program loads them here, from the bytes of their files,
//! and hands the one value to the solvers and players that ask for it.
//!
//! ```
//! use engine::{Solver, SolvedPositions};
//!
//! let mut solved = SolvedPositions::default();
//! let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/book/book.c4b")).unwrap();
//! solved.load_book(&bytes).unwrap();
//! let mut solver = Solver::new();
//! solver.use_solved(&solved);
//! let start = engine::Board::new();
//! assert_eq!(solver.known_score(start.position()), Some(1));
//! ```

use std::sync::Arc;

use crate::book::BookError;
#[cfg(feature = "deflate")]
use crate::database::DatabaseError;
use crate::{OpeningBook, PositionDatabase};

/// The opening book and the position database, each there once loaded.
/// Cloning shares them.
#[derive(Debug, Clone, Default)]
pub struct SolvedPositions {
    book: Option<Arc<OpeningBook>>,
    database: Option<Arc<PositionDatabase>>,
}

impl SolvedPositions {
    /// Reads an opening book (`.c4b`) and keeps it.
    ///
    /// # Errors
    /// What is wrong with the bytes; the book held before stays.
    pub fn load_book(&mut self, bytes: &[u8]) -> Result<&OpeningBook, BookError> {
        let book = OpeningBook::from_bytes(bytes)?;
        Ok(self.book.insert(Arc::new(book)))
    }

    /// Reads a position database (`.c4l`) and keeps it.
    ///
    /// # Errors
    /// What is wrong with the bytes; the database held before stays.
    #[cfg(feature = "deflate")]
    pub fn load_database(&mut self, bytes: &[u8]) -> Result<&PositionDatabase, DatabaseError> {
        let database = PositionDatabase::from_bytes(bytes)?;
        Ok(self.database.insert(Arc::new(database)))
    }

    /// These positions with `book` as the opening book.
    pub fn with_book(mut self, book: Option<Arc<OpeningBook>>) -> SolvedPositions {
        self.book = book;
        self
    }

    /// These positions with `database` as the position database.
    pub fn with_database(mut self, database: Option<Arc<PositionDatabase>>) -> SolvedPositions {
        self.database = database;
        self
    }

    /// The opening book, once loaded.
    pub fn book(&self) -> Option<&OpeningBook> {
        self.book.as_deref()
    }

    /// The position database, once loaded.
    pub fn database(&self) -> Option<&PositionDatabase> {
        self.database.as_deref()
    }
}
