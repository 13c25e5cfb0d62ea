//! Bitboards: one bit per square, as `u64` (boards of up to 64 squares) or `u128` (up to 128).
//!
//! Bit `i` stands for [`Square`] `i` (`rank * files + file`). Native chess uses `u64` directly
//! for speed; shogi and the fairy interpreter are generic over this trait.

use super::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// Operations every bitboard width provides.
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The number of squares the type can hold.
    const BITS: u32;
    /// No squares.
    const EMPTY: Self;
    /// Every bit set (including bits beyond a small board: mask with the board's squares).
    const FULL: Self;

    /// The bitboard holding only `sq`.
    fn square(sq: Square) -> Self;
    /// Whether `sq` is set.
    fn has(self, sq: Square) -> bool;
    /// The number of set squares.
    fn count(self) -> u32;
    /// The lowest set square; meaningless on an empty bitboard.
    fn lsb(self) -> Square;
    /// The highest set square; meaningless on an empty bitboard.
    fn msb(self) -> Square;
    /// Whether no square is set.
    fn is_empty(self) -> bool;
    /// Clears the lowest set square and returns it; meaningless on an empty bitboard.
    #[inline(always)]
    fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        *self = self.without_lsb();
        sq
    }
    /// This bitboard with its lowest set bit cleared.
    fn without_lsb(self) -> Self;
    /// Whether more than one square is set.
    #[inline(always)]
    fn more_than_one(self) -> bool {
        !self.without_lsb().is_empty()
    }
    /// Iterates over the set squares, lowest first.
    #[inline(always)]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
    /// The low 64 bits (hashing and debugging).
    fn low_u64(self) -> u64;
}

macro_rules! impl_bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const BITS: u32 = <$t>::BITS;
            const EMPTY: Self = 0;
            const FULL: Self = <$t>::MAX;

            #[inline(always)]
            fn square(sq: Square) -> Self {
                1 << sq.0
            }
            #[inline(always)]
            fn has(self, sq: Square) -> bool {
                (self >> sq.0) & 1 != 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lsb(self) -> Square {
                Square(self.trailing_zeros() as u8)
            }
            #[inline(always)]
            fn msb(self) -> Square {
                Square((<$t>::BITS - 1 - self.leading_zeros()) as u8)
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn without_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
        }
    };
}

impl_bitboard!(u64);
impl_bitboard!(u128);

/// Iterator over the set squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B: Bitboard>(pub B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lsb())
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for Squares<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<B: Bitboard>() {
        let top = Square((B::BITS - 1) as u8);
        let bb = B::square(Square(3)) | B::square(Square(17)) | B::square(top);
        assert_eq!(bb.count(), 3);
        assert!(bb.has(Square(17)) && !bb.has(Square(16)));
        assert_eq!(bb.lsb(), Square(3));
        assert_eq!(bb.msb(), top);
        assert!(bb.more_than_one());
        let squares: Vec<Square> = bb.squares().collect();
        assert_eq!(squares, vec![Square(3), Square(17), top]);
        assert!(B::EMPTY.is_empty() && !B::EMPTY.more_than_one());
        assert_eq!((!B::EMPTY), B::FULL);
    }

    #[test]
    fn u64_and_u128_agree_on_the_contract() {
        exercise::<u64>();
        exercise::<u128>();
    }
}
