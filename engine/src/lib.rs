#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod board;
pub mod book;
mod data_file;
pub mod database;
mod error;
pub mod evaluation;
mod geometry;
pub mod player;
mod position;
pub mod review;
pub mod score;
mod side;
mod solved;
pub mod solver;
pub mod trace;

pub use board::{Board, Cell, Status};
pub use book::OpeningBook;
pub use database::PositionDatabase;
pub use error::{GeometryError, MoveError, ParseError, ParseErrorKind};
pub use geometry::Geometry;
pub use player::{Decision, Level, Player, PlayerConfig};
pub use position::Position;
pub use side::{PerSide, Side};
pub use solved::SolvedPositions;
pub use solver::{Cancelled, Flow, Mode, Progress, Solver};
pub use trace::SearchTrace;
