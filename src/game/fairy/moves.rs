//! The fairy interpreter's move: 32 bits holding the origin (or, for a drop, the dropped kind),
//! the target, a promotion kind and a special-move flag.

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
/// none), special flag in 19-21. The null move is 0 (a1 to a1, never legal).
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
    /// by [`FairyMove::special`]) come only from corrupt bits, such as a transposition-table
    /// entry.
    #[inline(always)]
    pub const fn is_canonical(self) -> bool {
        self.0 >> 19 <= 5
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
        FairyMove(bits & 0x3F_FFFF)
    }
}
