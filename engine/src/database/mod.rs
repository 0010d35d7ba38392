//! The position database: the exact score of every position with one
//! number of stones (12 on the standard board), one layer of the game
//! tree, so that the solver stops there instead of searching to the end of
//! the game. Its files (`.c4l`) and the CLI's `--layer` options name it by
//! that layer.
//!
//! A layer keeps one bit per arrangement of that many stones (whether it
//! holds the position) and one signed byte per position held, in the order
//! of [`Ranking`]'s numbers, so it needs no keys: about 6 MB in memory for
//! the 4.2 million positions of the standard 12-stone layer, and a lookup
//! that counts instead of searching.
//!
//! What a layer leaves out: finished games, positions where the side to
//! move wins with its next stone (the solver finds those before it asks),
//! and one of each pair of mirror images (the lookup tries both). Positions
//! it does not hold get `None`, never a made-up score.
//!
//! ```
//! use engine::database::PositionDatabase;
//! use engine::{Board, Geometry, Solver};
//!
//! // A layer of a small board, from the solver's own scores.
//! let g = Geometry::new(5, 4, 4).unwrap();
//! let mut solver = Solver::new();
//! let positions = engine::book::frontier(g, 6);
//! let scored = positions
//!     .iter()
//!     .filter(|p| !p.can_win_next())
//!     .map(|p| (*p, solver.solve(p)));
//! let layer = PositionDatabase::from_scores(g, 6, scored).unwrap();
//! let loaded = PositionDatabase::from_bytes(&layer.to_bytes()).unwrap();
//!
//! // The mover cannot win at once here: the layer holds it.
//! let board = Board::from_moves(g, "115522").unwrap();
//! assert!(!board.position().can_win_next());
//! assert_eq!(loaded.score(board.position()), Some(solver.solve(board.position())));
//! // Here it can (column 3 completes four): the layer has no score.
//! let win_in_one = Board::from_moves(g, "334422").unwrap();
//! assert_eq!(loaded.score(win_in_one.position()), None);
//! ```

mod bitbully;
mod ranking;

use core::fmt;

pub use self::bitbully::{ImportError, from_bitbully_distances};
use self::ranking::Ranking;
use crate::data_file::{Header, HeaderError, fnv1a};
use crate::{Geometry, Position};

/// The first bytes of every layer file.
pub const MAGIC: &[u8; 7] = b"C4LAYER";
/// The format version this engine reads and writes.
pub const FORMAT_VERSION: u8 = 1;
#[cfg(any(feature = "deflate", test))]
const HEADER_LEN: usize = 7 + 1 + 4 + 4 + 8;

/// The exact scores of positions with exactly [`PositionDatabase::plies`] stones.
#[derive(Clone, PartialEq, Eq)]
pub struct PositionDatabase {
    geometry: Geometry,
    plies: u8,
    ranking: Ranking,
    /// The file's body as it is read: the bits of the positions held, then
    /// one signed byte per score. Kept as one buffer so that loading makes
    /// no copies (a worker's memory never shrinks back after a peak).
    body: Vec<u8>,
    held: Bits,
}

impl fmt::Debug for PositionDatabase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PositionDatabase")
            .field("geometry", &self.geometry)
            .field("plies", &self.plies)
            .field("positions", &self.len())
            .finish()
    }
}

/// Why bytes are not a layer, or scores cannot make one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseError {
    /// The bytes do not start like a layer file.
    NotALayer,
    /// A layer of a format version this engine does not read.
    Version(u8),
    /// The file ends early or has bytes left over.
    Truncated,
    /// The content does not match its checksum: a damaged file.
    Damaged,
    /// The stored board shape is not one the engine plays.
    Geometry,
    /// The header's count of positions differs from the positions marked.
    Count {
        /// Positions the header names.
        stored: usize,
        /// Positions the file marks as held.
        marked: usize,
    },
    /// A position given to [`PositionDatabase::from_scores`] has another number of
    /// stones or another board shape.
    WrongPosition(Position),
    /// Two scores for one position (or for a position and its mirror).
    Conflict(Position),
}

impl fmt::Display for DatabaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseError::NotALayer => f.write_str("not a position database (wrong magic bytes)"),
            DatabaseError::Version(v) => write!(
                f,
                "position database format version {v}, this engine reads version {FORMAT_VERSION}"
            ),
            DatabaseError::Truncated => f.write_str("the position database file is cut short"),
            DatabaseError::Damaged => {
                f.write_str("the position database file is damaged (checksum)")
            }
            DatabaseError::Geometry => {
                f.write_str("the position database is for an unknown board shape")
            }
            DatabaseError::Count { stored, marked } => write!(
                f,
                "the position database names {stored} positions but marks {marked}"
            ),
            DatabaseError::WrongPosition(p) => {
                write!(f, "{p:?} does not belong in this position database")
            }
            DatabaseError::Conflict(p) => write!(f, "two different scores for {p:?}"),
        }
    }
}

impl std::error::Error for DatabaseError {}

impl PositionDatabase {
    /// The layer holding `scores` (each the exact score of the side to move,
    /// the solver's convention) of positions with `plies` stones.
    ///
    /// # Errors
    /// [`DatabaseError::WrongPosition`] for a position of another shape or
    /// number of stones, [`DatabaseError::Conflict`] for two different scores of
    /// one position.
    pub fn from_scores(
        geometry: Geometry,
        plies: usize,
        scores: impl IntoIterator<Item = (Position, i32)>,
    ) -> Result<PositionDatabase, DatabaseError> {
        let ranking = Ranking::new(geometry, plies);
        let mut entries = Vec::new();
        for (position, score) in scores {
            if position.geometry() != geometry || position.plies() != plies {
                return Err(DatabaseError::WrongPosition(position));
            }
            let score = i8::try_from(score).map_err(|_| DatabaseError::WrongPosition(position))?;
            entries.push((ranking.canonical_rank(&position), score, position));
        }
        entries.sort_unstable_by_key(|e| e.0);
        let bits = Bits::bytes_for(ranking.len());
        let mut body = vec![0u8; bits];
        let mut last = None;
        for (rank, score, position) in entries {
            if last == Some(rank) {
                if body.last() != Some(&(score as u8)) {
                    return Err(DatabaseError::Conflict(position));
                }
                continue;
            }
            last = Some(rank);
            body[(rank / 8) as usize] |= 1 << (rank % 8);
            body.push(score as u8);
        }
        let held = Bits::index(&body[..bits]);
        Ok(PositionDatabase {
            geometry,
            plies: plies as u8,
            ranking,
            body,
            held,
        })
    }

    /// The board shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The number of stones of every position in the layer.
    pub fn plies(&self) -> usize {
        usize::from(self.plies)
    }

    /// Positions held (one of each pair of mirror images).
    pub fn len(&self) -> usize {
        self.body.len() - self.held.bytes
    }

    /// Whether the layer holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes the layer takes in memory.
    pub fn memory_bytes(&self) -> usize {
        self.body.capacity() + self.held.before.capacity() * 4
    }

    /// The exact score of the side to move (the solver's convention), when
    /// the layer holds the position.
    #[inline]
    pub fn score(&self, position: &Position) -> Option<i32> {
        if position.plies() != usize::from(self.plies) || position.geometry() != self.geometry {
            return None;
        }
        let rank = self.ranking.canonical_rank(position);
        let bits = &self.body[..self.held.bytes];
        self.held
            .rank_if_set(bits, rank)
            .map(|i| i32::from(self.body[self.held.bytes + i] as i8))
    }

    /// The layer in its file format: a header (magic, version, shape, plies,
    /// count, checksum), then, deflated, the bits of the positions held and
    /// one signed byte per score.
    #[cfg(feature = "deflate")]
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = Header {
            geometry: self.geometry,
            plies: self.plies,
            count: self.len(),
            checksum: fnv1a(&self.body),
        };
        let mut out = Vec::with_capacity(HEADER_LEN + self.body.len() / 2);
        header.write(MAGIC, FORMAT_VERSION, &mut out);
        out.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(&self.body, 10));
        out
    }

    /// Reads a layer written by [`PositionDatabase::to_bytes`].
    ///
    /// # Errors
    /// A [`DatabaseError`] saying what is wrong with the bytes.
    #[cfg(feature = "deflate")]
    pub fn from_bytes(bytes: &[u8]) -> Result<PositionDatabase, DatabaseError> {
        let file = LayerFile::read(bytes)?;
        let inflate_error = |status| match status {
            miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => DatabaseError::Truncated,
            _ => DatabaseError::Damaged,
        };
        // The header's count gives the body's size: inflating into a buffer
        // of that size leaves no spare capacity behind.
        let mut body = vec![0u8; file.body_len()];
        match miniz_oxide::inflate::decompress_slice_iter_to_slice(
            &mut body,
            std::iter::once(file.deflated()),
            false,
            true,
        ) {
            Ok(size) => body.truncate(size),
            Err(miniz_oxide::inflate::TINFLStatus::HasMoreOutput) => {
                // More than the header says: read it all to say what is wrong.
                body = miniz_oxide::inflate::decompress_to_vec_with_limit(
                    file.deflated(),
                    file.most_body_len(),
                )
                .map_err(|e| inflate_error(e.status))?;
            }
            Err(status) => return Err(inflate_error(status)),
        }
        file.with_body(body)
    }
}

/// The index of a set of numbers kept as bits (little-endian bytes, whole
/// 64-bit words): the count of members before every block of
/// [`Bits::BLOCK`] words, so that a member's place costs a few popcounts.
#[derive(Clone, PartialEq, Eq)]
struct Bits {
    /// Bytes of the bits.
    bytes: usize,
    /// Members in all.
    count: usize,
    before: Vec<u32>,
}

impl Bits {
    const BLOCK: usize = 8;

    /// Bytes for the bits of numbers below `len`, in whole words.
    fn bytes_for(len: u64) -> usize {
        len.div_ceil(64) as usize * 8
    }

    fn index(bits: &[u8]) -> Bits {
        let mut total = 0usize;
        let before = bits
            .chunks(Self::BLOCK * 8)
            .map(|block| {
                let here = total as u32;
                total += block.iter().map(|b| b.count_ones() as usize).sum::<usize>();
                here
            })
            .collect();
        Bits {
            bytes: bits.len(),
            count: total,
            before,
        }
    }

    /// How many members come before `i`, if `i` is one.
    #[inline]
    fn rank_if_set(&self, bits: &[u8], i: u64) -> Option<usize> {
        let word_at = |w: usize| u64::from_le_bytes(bits[w * 8..w * 8 + 8].try_into().expect("8"));
        let word = (i / 64) as usize;
        if word * 8 >= bits.len() {
            return None;
        }
        let bit = 1u64 << (i % 64);
        let w = word_at(word);
        if w & bit == 0 {
            return None;
        }
        let block = word / Self::BLOCK;
        let mut rank = self.before[block] as usize;
        for earlier in block * Self::BLOCK..word {
            rank += word_at(earlier).count_ones() as usize;
        }
        Some(rank + (w & (bit - 1)).count_ones() as usize)
    }
}

/// A layer file taken apart before its body is inflated: the header read
/// and checked, the body still deflated (raw deflate, no zlib header). A
/// reader with an inflater of its own (a browser's `DecompressionStream`)
/// inflates [`LayerFile::deflated`] and hands the result to
/// [`LayerFile::with_body`], which checks it as [`PositionDatabase::from_bytes`]
/// does.
///
/// ```
/// use engine::database::{LayerFile, PositionDatabase};
/// # use engine::Geometry;
/// # let g = Geometry::new(5, 4, 4).unwrap();
/// # let layer = PositionDatabase::from_scores(g, 0, []).unwrap();
/// let bytes = layer.to_bytes();
/// let file = LayerFile::read(&bytes).unwrap();
/// let body = miniz_oxide::inflate::decompress_to_vec(file.deflated()).unwrap();
/// assert!(body.len() <= file.most_body_len());
/// assert_eq!(file.with_body(body).unwrap(), layer);
/// ```
pub struct LayerFile<'a> {
    geometry: Geometry,
    plies: u8,
    count: usize,
    checksum: u64,
    /// The layer's numbering, made once: its size gives the body's.
    ranking: Ranking,
    deflated: &'a [u8],
}

impl fmt::Debug for LayerFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LayerFile")
            .field("geometry", &self.geometry)
            .field("plies", &self.plies)
            .field("positions", &self.count)
            .finish()
    }
}

impl<'a> LayerFile<'a> {
    /// The header of a layer file, checked, and its deflated body.
    ///
    /// # Errors
    /// A [`DatabaseError`] saying what is wrong with the header.
    pub fn read(bytes: &'a [u8]) -> Result<LayerFile<'a>, DatabaseError> {
        let (header, deflated) =
            Header::read(bytes, MAGIC, FORMAT_VERSION).map_err(|e| match e {
                HeaderError::Foreign => DatabaseError::NotALayer,
                HeaderError::Version(v) => DatabaseError::Version(v),
                HeaderError::Truncated => DatabaseError::Truncated,
                HeaderError::Geometry => DatabaseError::Geometry,
            })?;
        if usize::from(header.plies) > header.geometry.cells() {
            return Err(DatabaseError::Geometry);
        }
        Ok(LayerFile {
            geometry: header.geometry,
            plies: header.plies,
            count: header.count,
            checksum: header.checksum,
            ranking: Ranking::new(header.geometry, usize::from(header.plies)),
            deflated,
        })
    }

    /// The body as stored: raw deflate.
    pub fn deflated(&self) -> &'a [u8] {
        self.deflated
    }

    /// The inflated body's size, as the header gives it.
    pub fn body_len(&self) -> usize {
        self.bits() + self.count
    }

    /// The most an inflated body of this shape can hold: an inflater may
    /// stop there, since more is a damaged file whatever follows.
    pub fn most_body_len(&self) -> usize {
        self.bits() + self.ranking.len() as usize
    }

    fn bits(&self) -> usize {
        Bits::bytes_for(self.ranking.len())
    }

    /// The layer, from the inflated body.
    ///
    /// # Errors
    /// [`DatabaseError::Damaged`] for a body that does not match the
    /// header's checksum, [`DatabaseError::Truncated`] or
    /// [`DatabaseError::Count`] for one of the wrong size.
    pub fn with_body(self, body: Vec<u8>) -> Result<PositionDatabase, DatabaseError> {
        let bits = self.bits();
        let LayerFile {
            geometry,
            plies,
            count,
            checksum,
            ranking,
            ..
        } = self;
        if fnv1a(&body) != checksum {
            return Err(DatabaseError::Damaged);
        }
        if body.len() < bits {
            return Err(DatabaseError::Truncated);
        }
        let held = Bits::index(&body[..bits]);
        if held.count != count || body.len() - bits != count {
            return Err(DatabaseError::Count {
                stored: count,
                marked: held.count,
            });
        }
        Ok(PositionDatabase {
            geometry,
            plies,
            ranking,
            body,
            held,
        })
    }
}

#[cfg(test)]
mod tests;
