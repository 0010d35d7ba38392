//! The opening book: exact scores of every position up to a number of plies,
//! so perfect play is instant where the solver would need minutes.
//!
//! The engine builds a book from the solved *frontier* (every position at
//! exactly `depth` plies); everything shallower follows by negamax over the
//! frontier, which is why only the frontier costs solver time. Generating
//! the frontier in parallel, with progress and checkpoints, is the
//! `connect4 book` command's job: the engine stays free of threads and I/O.
//!
//! ```
//! use std::collections::HashMap;
//! use engine::book::{OpeningBook, frontier};
//! use engine::{Geometry, Solver};
//!
//! // A whole book for a tiny board: solve the frontier, fill in the rest.
//! let g = Geometry::new(4, 4, 3).unwrap();
//! let mut solver = Solver::new();
//! let solved: HashMap<u64, i32> = frontier(g, 3)
//!     .iter()
//!     .map(|p| (p.canonical_key(), solver.solve(p)))
//!     .collect();
//! let book = OpeningBook::from_frontier(g, 3, &solved).unwrap();
//! let bytes = book.to_bytes();
//! let loaded = OpeningBook::from_bytes(&bytes).unwrap();
//! let empty = engine::Position::new(g);
//! assert_eq!(loaded.score(&empty), Some(solver.solve(&empty)));
//! ```

use core::fmt;
use std::collections::HashMap;

use crate::data_file::{Header, HeaderError, fnv1a};
use crate::score::win_now_score;
use crate::{Geometry, Position};

/// The first bytes of every book file.
pub const MAGIC: &[u8; 6] = b"C4BOOK";
/// The format version this engine reads and writes. Version 1 stored every
/// position's key; version 2 stores none, since a book holds every position
/// up to its depth and the reader can list them itself: one byte per
/// position.
pub const FORMAT_VERSION: u8 = 2;
/// The deepest book [`OpeningBook::from_bytes`] lists the positions of
/// (about 1.5 million positions at 10 plies).
pub const MAX_DEPTH: usize = 10;
const HEADER_LEN: usize = 6 + 1 + 4 + 4 + 8;

/// Exact scores of every position of one geometry up to `depth` plies
/// (mirror images stored once; finished games not at all).
#[derive(Clone, PartialEq, Eq)]
pub struct OpeningBook {
    geometry: Geometry,
    depth: u8,
    /// Canonical keys, ascending.
    keys: Vec<u64>,
    scores: Vec<i8>,
}

impl fmt::Debug for OpeningBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpeningBook")
            .field("geometry", &self.geometry)
            .field("depth", &self.depth)
            .field("positions", &self.keys.len())
            .finish()
    }
}

/// Why bytes are not a book, or a frontier cannot make one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookError {
    /// The bytes do not start like a book file.
    NotABook,
    /// A book of a format version this engine does not read.
    Version(u8),
    /// The file ends early or has bytes left over.
    Truncated,
    /// The content does not match its checksum: a damaged file.
    Checksum,
    /// The stored board shape is not one the engine plays.
    Geometry,
    /// A frontier position has no score.
    MissingFrontier(u64),
    /// The file holds another number of positions than the book's depth
    /// has.
    Count {
        /// Scores in the file.
        stored: usize,
        /// Positions up to the book's depth.
        expected: usize,
    },
    /// Deeper than [`MAX_DEPTH`].
    TooDeep(u8),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::NotABook => f.write_str("not an opening book (wrong magic bytes)"),
            BookError::Version(v) => write!(
                f,
                "opening book format version {v}, this engine reads version {FORMAT_VERSION}"
            ),
            BookError::Truncated => f.write_str("the opening book file is cut short or too long"),
            BookError::Checksum => f.write_str("the opening book file is damaged (checksum)"),
            BookError::Geometry => f.write_str("the opening book is for an unknown board shape"),
            BookError::MissingFrontier(key) => {
                write!(f, "the frontier position with key {key:#x} is not solved")
            }
            BookError::Count { stored, expected } => write!(
                f,
                "the opening book holds {stored} scores, but its depth has {expected} positions"
            ),
            BookError::TooDeep(depth) => write!(
                f,
                "the opening book goes {depth} plies deep, this engine loads at most {MAX_DEPTH}"
            ),
        }
    }
}

impl std::error::Error for BookError {}

/// Every position at exactly `plies` stones that a game can reach without
/// having ended, one per mirror pair, sorted by canonical key.
pub fn frontier(geometry: Geometry, plies: usize) -> Vec<Position> {
    every_level(geometry, plies)
        .pop()
        .expect("level 0 is the empty board")
}

/// [`frontier`] for every number of stones from 0 to `depth`.
fn every_level(geometry: Geometry, depth: usize) -> Vec<Vec<Position>> {
    let mut levels = vec![vec![Position::new(geometry)]];
    for plies in 0..depth {
        let next = next_level(&levels[plies]);
        levels.push(next);
    }
    levels
}

/// The positions one stone deeper than `level`, one per mirror pair,
/// sorted by canonical key. Sorting and dropping repeats, not a hash map,
/// and room for every child reserved at once: the search worker lists a
/// book's positions this way, and its memory never shrinks after a peak.
fn next_level(level: &[Position]) -> Vec<Position> {
    let columns = level.first().map_or(0, |p| p.geometry().columns());
    let mut next = Vec::with_capacity(level.len() * columns);
    next.extend(level.iter().flat_map(children));
    next.sort_unstable_by_key(Position::canonical_key);
    next.dedup_by_key(|p| p.canonical_key());
    next.shrink_to_fit();
    next
}

/// The positions after each move that does not end the game: those after a
/// missed win too, since a game can reach them.
pub fn children(p: &Position) -> impl Iterator<Item = Position> + '_ {
    (0..p.geometry().columns())
        .filter(|&column| p.can_play(column) && !p.is_winning_move(column))
        .map(|column| {
            let mut child = *p;
            child.play_column(column);
            child
        })
}

/// The canonical keys of every position a book of `depth` holds, ascending.
/// Level by level, keeping only the keys of the levels done: what the
/// search worker needs when it loads a book.
fn book_keys(geometry: Geometry, depth: usize) -> Vec<u64> {
    let mut level = vec![Position::new(geometry)];
    let mut keys = Vec::new();
    for plies in 0..=depth {
        merge_level(&mut keys, &level);
        if plies < depth {
            level = next_level(&level);
        }
    }
    keys.shrink_to_fit();
    keys
}

/// Merges the keys of `level` (sorted by key, as [`next_level`] leaves it)
/// into the sorted `keys`, from the back, in place: no sort of its own (a
/// second sort's code in the page's Wasm, 3.3 KB) and no second buffer.
/// Levels never share a key: their positions have different stone counts.
fn merge_level(keys: &mut Vec<u64>, level: &[Position]) {
    let mut old = keys.len();
    let mut slot = old + level.len();
    keys.resize(slot, 0);
    for position in level.iter().rev() {
        let key = position.canonical_key();
        while old > 0 && keys[old - 1] > key {
            slot -= 1;
            old -= 1;
            keys[slot] = keys[old];
        }
        slot -= 1;
        keys[slot] = key;
    }
}

impl OpeningBook {
    /// The book of every position up to `depth` plies, from the exact
    /// scores of the frontier (keyed by canonical key).
    ///
    /// # Errors
    /// [`BookError::MissingFrontier`] when a frontier position is missing.
    pub fn from_frontier(
        geometry: Geometry,
        depth: usize,
        frontier_scores: &HashMap<u64, i32>,
    ) -> Result<OpeningBook, BookError> {
        // Negamax level by level from the frontier up, over the positions
        // the reader of the file lists again.
        let mut all: HashMap<u64, i32> = HashMap::new();
        for level in every_level(geometry, depth).iter().rev() {
            for p in level {
                let key = p.canonical_key();
                let score = if p.plies() == depth {
                    *frontier_scores
                        .get(&key)
                        .ok_or(BookError::MissingFrontier(key))?
                } else if p.can_win_next() {
                    win_now_score(geometry.cells(), p.plies())
                } else {
                    children(p)
                        .map(|c| -all[&c.canonical_key()])
                        .max()
                        .unwrap_or(0) // a full board
                };
                all.insert(key, score);
            }
        }
        let mut entries: Vec<(u64, i32)> = all.into_iter().collect();
        entries.sort_unstable();
        Ok(OpeningBook {
            geometry,
            depth: depth as u8,
            keys: entries.iter().map(|e| e.0).collect(),
            scores: entries.iter().map(|e| e.1 as i8).collect(),
        })
    }

    /// The board shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Every position with at most this many stones is in the book.
    pub fn depth(&self) -> usize {
        usize::from(self.depth)
    }

    /// Positions stored.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the book holds nothing.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The exact score of the side to move (the solver's convention), when
    /// the position is in the book.
    pub fn score(&self, position: &Position) -> Option<i32> {
        if position.geometry() != self.geometry || position.plies() > self.depth() {
            return None;
        }
        let i = self.keys.binary_search(&position.canonical_key()).ok()?;
        Some(i32::from(self.scores[i]))
    }

    /// Every column's score for the side to move (`None` for a full
    /// column), when the book knows all of them.
    pub fn analyze(&self, position: &Position) -> Option<Vec<Option<i32>>> {
        let g = position.geometry();
        (0..g.columns())
            .map(|column| {
                if !position.can_play(column) {
                    return Some(None);
                }
                if position.is_winning_move(column) {
                    return Some(Some(win_now_score(g.cells(), position.plies())));
                }
                let mut child = *position;
                child.play_column(column);
                self.score(&child).map(|s| Some(-s))
            })
            .collect()
    }

    /// The book in its file format: a header (magic, version, shape, depth,
    /// count, checksum), then one signed byte per score, the positions in
    /// the order of their canonical keys.
    pub fn to_bytes(&self) -> Vec<u8> {
        let body: Vec<u8> = self.scores.iter().map(|&s| s as u8).collect();
        let header = Header {
            geometry: self.geometry,
            plies: self.depth,
            count: self.keys.len(),
            checksum: fnv1a(&body),
        };
        let mut out = Vec::with_capacity(HEADER_LEN + body.len());
        header.write(MAGIC, FORMAT_VERSION, &mut out);
        out.extend_from_slice(&body);
        out
    }

    /// Reads a book written by [`OpeningBook::to_bytes`]; the positions are
    /// listed again from the board shape and the depth.
    ///
    /// # Errors
    /// A [`BookError`] saying what is wrong with the bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<OpeningBook, BookError> {
        let (header, body) = Header::read(bytes, MAGIC, FORMAT_VERSION).map_err(|e| match e {
            HeaderError::Foreign => BookError::NotABook,
            HeaderError::Version(v) => BookError::Version(v),
            HeaderError::Truncated => BookError::Truncated,
            HeaderError::Geometry => BookError::Geometry,
        })?;
        let (geometry, depth, count) = (header.geometry, header.plies, header.count);
        if fnv1a(body) != header.checksum {
            return Err(BookError::Checksum);
        }
        if body.len() != count {
            return Err(BookError::Truncated);
        }
        if usize::from(depth) > MAX_DEPTH {
            return Err(BookError::TooDeep(depth));
        }
        let keys = book_keys(geometry, usize::from(depth));
        if keys.len() != count {
            return Err(BookError::Count {
                stored: count,
                expected: keys.len(),
            });
        }
        Ok(OpeningBook {
            geometry,
            depth,
            keys,
            scores: body.iter().map(|&b| b as i8).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    #[test]
    fn a_books_keys_are_every_levels_keys_in_order() {
        for (geometry, depth) in [
            (Geometry::STANDARD, 6),
            (Geometry::new(5, 4, 4).unwrap(), 9),
        ] {
            let mut every: Vec<u64> = every_level(geometry, depth)
                .iter()
                .flatten()
                .map(Position::canonical_key)
                .collect();
            every.sort_unstable();
            every.dedup();
            assert_eq!(book_keys(geometry, depth), every);
        }
    }

    fn small_book(depth: usize) -> (OpeningBook, Solver) {
        let g = Geometry::new(5, 4, 4).unwrap();
        let mut solver = Solver::new();
        let solved = frontier(g, depth)
            .iter()
            .map(|p| (p.canonical_key(), solver.solve(p)))
            .collect();
        (
            OpeningBook::from_frontier(g, depth, &solved).unwrap(),
            solver,
        )
    }

    #[test]
    fn every_position_up_to_the_depth_matches_the_solver() {
        let (book, mut solver) = small_book(4);
        let g = book.geometry();
        for plies in 0..=4 {
            for p in frontier(g, plies) {
                assert_eq!(book.score(&p), Some(solver.solve(&p)), "{p:?}");
            }
        }
        assert_eq!(book.score(&frontier(g, 5)[0]), None, "too deep");
        let other = Position::new(Geometry::default());
        assert_eq!(book.score(&other), None, "another board shape");
    }

    #[test]
    fn mirror_images_share_an_entry() {
        let (book, _) = small_book(4);
        let g = book.geometry();
        let mut left = Position::new(g);
        let mut right = Position::new(g);
        for column in [0, 1, 0] {
            left.play_column(column);
            right.play_column(g.columns() - 1 - column);
        }
        assert!(book.score(&left).is_some());
        assert_eq!(book.score(&left), book.score(&right));
        let analysis = book.analyze(&left).unwrap();
        let mirrored: Vec<_> = book.analyze(&right).unwrap().into_iter().rev().collect();
        assert_eq!(analysis, mirrored);
    }

    #[test]
    fn the_file_format_round_trips_and_rejects_damage() {
        let (book, _) = small_book(3);
        let bytes = book.to_bytes();
        assert_eq!(OpeningBook::from_bytes(&bytes).unwrap(), book);
        let mut damaged = bytes.clone();
        *damaged.last_mut().unwrap() ^= 1;
        assert_eq!(OpeningBook::from_bytes(&damaged), Err(BookError::Checksum));
        assert_eq!(
            OpeningBook::from_bytes(&bytes[..bytes.len() - 1]),
            Err(BookError::Checksum)
        );
        assert_eq!(OpeningBook::from_bytes(b"hello"), Err(BookError::NotABook));
        let mut future = bytes.clone();
        future[6] = 9;
        assert_eq!(OpeningBook::from_bytes(&future), Err(BookError::Version(9)));
        // One byte per position, nothing else.
        assert_eq!(bytes.len(), HEADER_LEN + book.len());
    }

    #[test]
    fn the_reader_lists_the_positions_the_writer_scored() {
        let (book, _) = small_book(4);
        assert_eq!(book.keys, book_keys(book.geometry(), 4));
        // A file claiming another depth than its scores fit is refused.
        let mut bytes = book.to_bytes();
        bytes[10] = 3;
        assert!(matches!(
            OpeningBook::from_bytes(&bytes),
            Err(BookError::Count { expected, .. }) if expected < book.len()
        ));
        bytes[10] = 40;
        assert_eq!(OpeningBook::from_bytes(&bytes), Err(BookError::TooDeep(40)));
    }

    #[test]
    fn a_missing_frontier_position_is_named() {
        let g = Geometry::new(5, 4, 4).unwrap();
        let err = OpeningBook::from_frontier(g, 2, &HashMap::new()).unwrap_err();
        assert!(matches!(err, BookError::MissingFrontier(_)));
    }
}
