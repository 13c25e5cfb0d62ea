//! Game-agnostic vocabulary shared by every game, the search and the NNUE: colors, squares,
//! bitboards, zobrist keys, game outcomes, the error types for bad input, capped file reads, and
//! the progress report of long commands.

mod bitboard;
mod color;
mod error;
pub mod fs;
mod outcome;
pub mod progress;
mod square;
pub mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use color::Color;
pub use error::{MoveError, PositionError, fen_fields};
pub use outcome::Outcome;
pub use square::{Square, relative_rank};
