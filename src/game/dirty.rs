//! The record of what a move changed, for incremental NNUE updates.

use super::Piece;
use crate::core::{Color, Square};
use arrayvec::ArrayVec;

/// A piece on a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceOn {
    /// The piece.
    pub piece: Piece,
    /// Its square.
    pub square: Square,
}

/// A change in the number of pieces of one kind in one side's hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HandChange {
    /// The hand's owner.
    pub color: Color,
    /// The hand kind (the game's numbering of hand kinds).
    pub kind: u8,
    /// Count before and after the move.
    pub from: u8,
    /// Count after the move.
    pub to: u8,
}

/// Everything one move changed: pieces taken off squares, pieces put on squares, hand counts.
/// A quiet move is one removal and one addition; castling two of each; a capture adds a removal;
/// a drop is a hand change and an addition. Capacity covers an atomic-chess explosion (the
/// capturer and up to nine pieces around the target) and an ataxx move (eight flips); a move
/// that changes more (reversi's longest flips) sets `overflow`, and its accumulator is computed
/// afresh.
#[derive(Clone, Default, Debug)]
pub struct Dirty {
    /// Pieces taken off their squares.
    pub removed: ArrayVec<PieceOn, 12>,
    /// Pieces put on squares.
    pub added: ArrayVec<PieceOn, 12>,
    /// Hand counts that changed (a capture to hand or a drop, and in n-check variants the
    /// checks left, which the net reads as a hand).
    pub hands: ArrayVec<HandChange, 3>,
    /// Whether the move changed more than `removed` and `added` hold: the record is partial.
    pub overflow: bool,
}

impl Dirty {
    /// Empties the record for the next move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.removed.clear();
        self.added.clear();
        self.hands.clear();
        self.overflow = false;
    }

    /// Records `piece` taken off `square`.
    #[inline(always)]
    pub fn remove(&mut self, piece: Piece, square: Square) {
        self.overflow |= self.removed.try_push(PieceOn { piece, square }).is_err();
    }

    /// Records `piece` put on `square`.
    #[inline(always)]
    pub fn add(&mut self, piece: Piece, square: Square) {
        self.overflow |= self.added.try_push(PieceOn { piece, square }).is_err();
    }
}
