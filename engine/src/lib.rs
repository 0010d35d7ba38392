#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod board;
mod error;
mod geometry;
mod position;
mod side;
pub mod solver;

pub use board::{Board, Cell, Status};
pub use error::{GeometryError, MoveError, ParseError, ParseErrorKind};
pub use geometry::Geometry;
pub use position::Position;
pub use side::Side;
pub use solver::{Cancelled, Flow, Mode, Progress, Solver};
