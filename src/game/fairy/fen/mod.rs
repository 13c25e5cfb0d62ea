//! Fairy-Stockfish's FEN dialect for the interpreter: multi-digit empty runs (`10`), any piece
//! letters of the variant, an optional empty holdings field (`[]`), X-FEN or Shredder castling
//! (`KQkq`, `HAha`), en-passant squares, and check counters (`3+3`) for n-check variants; under
//! USI, SFEN. `read` parses and checks a position, `write` writes one; this file holds what both
//! use: square names and whether a side's gates are written.

mod read;
mod write;

use super::Fairy;
use crate::core::{Bitboard, Color, Square};

impl<B: Bitboard> Fairy<B> {
    /// `e4`, `j10`; under USI, the file counted from the right and the rank lettered from the
    /// top (`5e`, as Fairy-Stockfish writes any variant's squares there).
    pub(super) fn square_name(&self, sq: Square) -> String {
        let (files, ranks) = (self.rules().files, self.rules().ranks);
        if self.variant.usi {
            return format!(
                "{}{}",
                files - sq.file(files),
                (b'a' + ranks - 1 - sq.rank(files)) as char
            );
        }
        format!("{}{}", (b'a' + sq.file(files)) as char, sq.rank(files) + 1)
    }

    /// Whether `color` has S-chess gates to write: it holds a piece to gate in, or captures may
    /// give it one (Fairy-Stockfish writes and reads no gates otherwise).
    fn may_gate(&self, color: Color) -> bool {
        self.rules().drops.gating
            && (self.rules().drops.captures_to_hand || self.state.hand[color.index()].iter().any(|&n| n > 0))
    }
}
