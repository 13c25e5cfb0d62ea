//! The fairy interpreter's move: 32 bits holding the origin (or, for a drop, the dropped kind),
//! the target, a promotion kind, a special-move flag and an S-chess gating.

use crate::game::GameMove;

/// What is special about a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Special {
    /// A plain move or capture.
    Normal,
    /// Castling; the target is the rook's square (king takes rook).
    Castle,
    /// En-passant capture; the victim stands elsewhere.
    EnPassant,
    /// An initial multi-square pawn step, which may give an en-passant right.
    DoubleStep,
    /// A piece put from the hand on the target; the origin field holds its kind.
    Drop,
    /// A pass (janggi): nothing moves; origin and target are the royal piece's square.
    Pass,
}

/// A move: origin (a drop's kind) in bits 0-6, target in 7-13, promotion kind + 1 in 14-18 (0:
/// none), special flag in 19-21, the kind gated in from the hand + 1 in 22-26 (0: none) and in
/// bit 27 whether it enters on the target (castling: the rook's square) rather than the origin.
/// A walling move (duck chess) reuses the gate field, which it never needs (walling variants have
/// no hands): bits 22-28 hold the square the wall (duck) is placed on, bit 29 is set. This is
/// Fairy-Stockfish's encoding too, the wall square in the gating-square bits.
/// The null move is 0 (a1 to a1, never legal).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct FairyMove(pub u32);

impl FairyMove {
    /// A move from `from` to `to`, promoting to kind `promotion` if any.
    #[inline(always)]
    pub const fn new(from: u8, to: u8, promotion: Option<u8>, special: Special) -> FairyMove {
        let promo = match promotion {
            Some(k) => k as u32 + 1,
            None => 0,
        };
        let flag = match special {
            Special::Normal => 0,
            Special::Castle => 1,
            Special::EnPassant => 2,
            Special::DoubleStep => 3,
            Special::Drop => 4,
            Special::Pass => 5,
        };
        FairyMove(from as u32 | (to as u32) << 7 | promo << 14 | flag << 19)
    }

    /// A pass, written as the royal piece's square `at` twice (`e2e2`), as Fairy-Stockfish does.
    #[inline(always)]
    pub const fn pass(at: u8) -> FairyMove {
        FairyMove::new(at, at, None, Special::Pass)
    }

    /// A drop of a piece of `kind` on `to`.
    #[inline(always)]
    pub const fn drop(kind: u8, to: u8) -> FairyMove {
        FairyMove::new(kind, to, None, Special::Drop)
    }

    /// The dropped kind, for a drop.
    #[inline(always)]
    pub const fn dropped(self) -> Option<u8> {
        match self.special() {
            Special::Drop => Some(self.from()),
            _ => None,
        }
    }

    /// The origin square index.
    #[inline(always)]
    pub const fn from(self) -> u8 {
        (self.0 & 0x7F) as u8
    }

    /// The target square index.
    #[inline(always)]
    pub const fn to(self) -> u8 {
        (self.0 >> 7 & 0x7F) as u8
    }

    /// This move with a piece of `kind` gated in from the hand on the square its origin leaves
    /// (`on_target`: on the target, the rook's square of a castling).
    #[inline(always)]
    pub const fn with_gate(self, kind: u8, on_target: bool) -> FairyMove {
        FairyMove(self.0 | (kind as u32 + 1) << 22 | (on_target as u32) << 27)
    }

    /// This move placing the wall (the duck) on square `sq` (index below 128).
    #[inline(always)]
    pub const fn with_wall(self, sq: u8) -> FairyMove {
        FairyMove(self.0 & 0x3F_FFFF | ((sq as u32) & 0x7F) << 22 | WALL_FLAG)
    }

    /// The square the move places the wall (the duck) on, if it is a walling move.
    #[inline(always)]
    pub const fn wall(self) -> Option<u8> {
        if self.0 & WALL_FLAG != 0 {
            Some((self.0 >> 22 & 0x7F) as u8)
        } else {
            None
        }
    }

    /// The kind gated in from the hand, if any (never for a walling move).
    #[inline(always)]
    pub const fn gate(self) -> Option<u8> {
        if self.0 & WALL_FLAG != 0 {
            return None;
        }
        match self.0 >> 22 & 0x1F {
            0 => None,
            k => Some(k as u8 - 1),
        }
    }

    /// Where the gated piece enters (for a move with [`FairyMove::gate`]): the origin, or for a
    /// castling with the gate on the rook's square, the target.
    #[inline(always)]
    pub const fn gate_square(self) -> u8 {
        if self.0 >> 27 & 1 != 0 { self.to() } else { self.from() }
    }

    /// The move without its gating or wall.
    #[inline(always)]
    pub const fn without_gate(self) -> FairyMove {
        FairyMove(self.0 & 0x3F_FFFF)
    }

    /// The kind promoted to, if any.
    #[inline(always)]
    pub const fn promotion(self) -> Option<u8> {
        match self.0 >> 14 & 0x1F {
            0 => None,
            k => Some(k as u8 - 1),
        }
    }

    /// Whether a piece on the board promotes (a drop in promoted form does not: it is quiet).
    #[inline(always)]
    pub const fn promotes_on_board(self) -> bool {
        self.promotion().is_some() && !matches!(self.special(), Special::Drop)
    }

    /// Whether the bits are the one encoding of the move: special codes 6 and 7 (read as drops
    /// by [`FairyMove::special`]), a gating of a drop or pass, or a gate on the target of
    /// anything but a castling come only from corrupt bits, such as a transposition-table
    /// entry. A wall comes only with a move of a piece on the board (no drop, no pass).
    #[inline(always)]
    pub const fn is_canonical(self) -> bool {
        let special = self.0 >> 19 & 7;
        if self.0 & WALL_FLAG != 0 {
            return self.0 >> 30 == 0 && special <= 3;
        }
        let gated = self.0 >> 22 & 0x1F != 0;
        let on_target = self.0 >> 27 & 1 != 0;
        self.0 >> 28 == 0
            && special <= 5
            && (!gated || special != 4 && special != 5)
            && (!on_target || gated && special == 1)
    }

    /// The move's special effect.
    #[inline(always)]
    pub const fn special(self) -> Special {
        match self.0 >> 19 & 7 {
            0 => Special::Normal,
            1 => Special::Castle,
            2 => Special::EnPassant,
            3 => Special::DoubleStep,
            5 => Special::Pass,
            _ => Special::Drop,
        }
    }
}

impl GameMove for FairyMove {
    #[inline(always)]
    fn to_bits(self) -> u32 {
        self.0
    }
    #[inline(always)]
    fn from_bits(bits: u32) -> Self {
        FairyMove(bits & 0x3FFF_FFFF)
    }
}

/// The bit marking a walling move ([`FairyMove::with_wall`]).
const WALL_FLAG: u32 = 1 << 29;
