//! Chess moves packed into 16 bits: origin (6 bits), target (6 bits), kind (4 bits).
//! Castling is encoded as "king takes own rook" so Chess960 needs no special case.

use crate::game::GameMove;

/// What kind of move a [`Move`] is. Promotions carry the new piece kind (knight..queen).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// A move or capture (double steps included).
    Normal,
    /// An en-passant capture.
    EnPassant,
    /// The target is the castling rook's square.
    Castle,
    /// A promotion to this kind.
    Promotion(u8),
}

/// A chess move. The null move is all zeros (a1a1 normal), which no legal move equals.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

const EN_PASSANT: u16 = 1;
const CASTLE: u16 = 2;
const PROMOTION: u16 = 4;

impl Move {
    /// A move from `from` to `to` (square indices).
    #[inline(always)]
    pub const fn normal(from: u8, to: u8) -> Move {
        Move(from as u16 | (to as u16) << 6)
    }
    /// An en-passant capture from `from` to `to`.
    #[inline(always)]
    pub const fn en_passant(from: u8, to: u8) -> Move {
        Move(from as u16 | (to as u16) << 6 | EN_PASSANT << 12)
    }
    /// Castling, stored as king takes own rook (`king`, `rook`: their squares).
    #[inline(always)]
    pub const fn castle(king: u8, rook: u8) -> Move {
        Move(king as u16 | (rook as u16) << 6 | CASTLE << 12)
    }
    /// A promotion to `kind` (1 = knight .. 4 = queen).
    #[inline(always)]
    pub const fn promotion(from: u8, to: u8, kind: u8) -> Move {
        Move(from as u16 | (to as u16) << 6 | (PROMOTION + kind as u16 - 1) << 12)
    }
    /// The origin square.
    #[inline(always)]
    pub const fn from(self) -> u8 {
        (self.0 & 63) as u8
    }
    /// The target square (castling: the rook's square).
    #[inline(always)]
    pub const fn to(self) -> u8 {
        ((self.0 >> 6) & 63) as u8
    }
    /// What kind of move it is.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            0 => MoveKind::Normal,
            EN_PASSANT => MoveKind::EnPassant,
            CASTLE => MoveKind::Castle,
            k if k >= PROMOTION && k < PROMOTION + 4 => MoveKind::Promotion((k - PROMOTION + 1) as u8),
            // Kind 3 and 8..15 are never produced by the generator; such bits (from a stale
            // transposition-table entry) are rejected by `is_legal`.
            _ => MoveKind::Normal,
        }
    }
    /// Whether the kind bits are ones the generator produces.
    #[inline(always)]
    pub const fn is_well_formed(self) -> bool {
        let k = self.0 >> 12;
        k <= CASTLE || (k >= PROMOTION && k < PROMOTION + 4)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Move({}->{} {:?})", self.from(), self.to(), self.kind())
    }
}

impl GameMove for Move {
    #[inline(always)]
    fn to_bits(self) -> u32 {
        self.0 as u32
    }
    #[inline(always)]
    fn from_bits(bits: u32) -> Self {
        Move(bits as u16)
    }
}
