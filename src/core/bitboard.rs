//! Bitboards: one bit per square, as `u64` (boards of up to 64 squares) or `u128` (up to 128).
//!
//! Bit `i` stands for [`Square`] `i` (`rank * files + file`). Native chess uses `u64` directly
//! for speed; shogi and the fairy interpreter are generic over this trait.

use super::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Index, IndexMut, Not, Shl, Shr};

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
    /// One byte per square the type can hold (`[u8; BITS]`): a mailbox beside the bitboards,
    /// no larger than the board needs (a position copies it at every move).
    type Mailbox: Copy + Send + Sync + Index<usize, Output = u8> + IndexMut<usize>;
    /// The mailbox with every square holding `value`.
    fn mailbox(value: u8) -> Self::Mailbox;
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
    fn pop_lsb(&mut self) -> Square;
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
    /// All the bits, widened to 128 (the squares a game hands the search, whatever its width).
    fn to_u128(self) -> u128;
    /// All the bits folded into 64 (hashing): the low word XOR a multiple of the high word.
    fn fold64(self) -> u64;
    /// The bits of `self` that `mask` selects, packed into the low bits in order: the index of
    /// an occupancy in a table of all subsets of `mask` (BMI2 `PEXT`; chessprogramming wiki,
    /// "BMI2"). At most `mask.count()` bits; callers keep masks small.
    fn extract(self, mask: Self) -> usize;
}

/// Parallel bit extract on 64 bits: the instruction where the build targets BMI2, else
/// [`pext_scalar`].
#[inline(always)]
pub fn pext(value: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the build enables BMI2 (the cfg above), so the instruction exists.
    return unsafe { std::arch::x86_64::_pext_u64(value, mask) };
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    return pext_scalar(value, mask);
}

/// Parallel bit extract, one mask bit at a time: the portable path beside the instruction
/// (tested against it where the build has both).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
pub fn pext_scalar(value: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if value & low != 0 {
            out |= bit;
        }
        bit <<= 1;
        mask ^= low;
    }
    out
}

/// Each square's `u128` bitboard, read instead of shifted: a 128-bit shift is five
/// instructions, and LLVM narrows a read-modify-write of `1 << sq` in memory to the 32-bit word
/// holding the bit, which a following 128-bit read of the same bitboard cannot take from the
/// store buffer (a store-forwarding stall at every move).
static SQUARE_U128: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

macro_rules! impl_bitboard {
    ($t:ty, $square:expr, $has:expr, $pop_lsb:expr, $extract:expr) => {
        impl Bitboard for $t {
            const BITS: u32 = <$t>::BITS;
            type Mailbox = [u8; <$t>::BITS as usize];

            #[inline(always)]
            fn mailbox(value: u8) -> Self::Mailbox {
                [value; <$t>::BITS as usize]
            }
            const EMPTY: Self = 0;
            const FULL: Self = <$t>::MAX;

            #[inline(always)]
            fn square(sq: Square) -> Self {
                $square(sq.0)
            }
            #[inline(always)]
            fn has(self, sq: Square) -> bool {
                $has(self, sq.0)
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
            fn pop_lsb(&mut self) -> Square {
                $pop_lsb(self)
            }
            #[inline(always)]
            fn without_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            #[allow(clippy::unnecessary_cast)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            #[allow(clippy::unnecessary_cast)]
            fn fold64(self) -> u64 {
                (self as u128 as u64) ^ ((self as u128 >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            }
            #[inline(always)]
            fn extract(self, mask: Self) -> usize {
                $extract(self, mask)
            }
        }
    };
}

impl_bitboard!(
    u64,
    |sq: u8| 1u64 << sq,
    |v: u64, sq: u8| (v >> sq) & 1 != 0,
    |v: &mut u64| {
        let sq = v.lsb();
        *v = v.without_lsb();
        sq
    },
    |v, m| pext(v, m) as usize
);
impl_bitboard!(
    u128,
    |sq: u8| SQUARE_U128[usize::from(sq & 127)],
    // The bit tested in the word that holds it (one select and one `bt`, against a 128-bit
    // shift's five instructions).
    |v: u128, sq: u8| {
        let word = if sq & 64 != 0 { (v >> 64) as u64 } else { v as u64 };
        (word >> (sq & 63)) & 1 != 0
    },
    // Square iteration word by word: the low word's squares come first, each one `tzcnt` and
    // one `blsr` (against a 128-bit subtract, two ands and a select of two counts).
    |v: &mut u128| {
        let (low, high) = (*v as u64, (*v >> 64) as u64);
        if low != 0 {
            *v = u128::from(high) << 64 | u128::from(low & (low - 1));
            Square(low.trailing_zeros() as u8)
        } else {
            *v = u128::from(high & high.wrapping_sub(1)) << 64;
            Square(64 + high.trailing_zeros() as u8)
        }
    },
    |v: u128, m: u128| {
        let low = pext(v as u64, m as u64);
        let high = pext((v >> 64) as u64, (m >> 64) as u64);
        (low | high << (m as u64).count_ones()) as usize
    }
);

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
        assert_eq!(bb.to_u128(), 1 << 3 | 1 << 17 | 1 << (B::BITS - 1));
        assert!(B::EMPTY.is_empty() && !B::EMPTY.more_than_one());
        assert_eq!((!B::EMPTY), B::FULL);
    }

    #[test]
    fn extract_packs_the_masked_bits_in_order_on_both_paths() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..10_000 {
            let (v, m) = (
                crate::core::zobrist::splitmix64(&mut seed),
                crate::core::zobrist::splitmix64(&mut seed),
            );
            // The reference: walk the mask bits in order.
            let expected = (0..64)
                .filter(|&i| m >> i & 1 != 0)
                .enumerate()
                .fold(0u64, |acc, (k, i)| acc | (v >> i & 1) << k);
            assert_eq!(pext_scalar(v, m), expected);
            assert_eq!(pext(v, m), expected);
            assert_eq!(v.extract(m), expected as usize);
            let (wide, wide_mask) = ((v as u128) << 64 | 0x8001, (m as u128 & 0xFF) << 64 | 0x8001);
            let wide_expected = 0b11 | ((v & m & 0xFF).extract(m & 0xFF) as u128) << 2;
            assert_eq!(wide.extract(wide_mask) as u128, wide_expected);
        }
    }

    #[test]
    fn u128_word_wise_bit_test_and_iteration_match_128_bit_arithmetic() {
        let mut seed = 0x0fed_cba9_8765_4321u64;
        for i in 0..2_000 {
            let (low, high) = (
                crate::core::zobrist::splitmix64(&mut seed),
                crate::core::zobrist::splitmix64(&mut seed),
            );
            // Sparse values and values with an empty low or high word, as well as dense ones.
            let v = match i % 4 {
                0 => u128::from(low) << 64 | u128::from(high),
                1 => u128::from(low & high) << 64,
                2 => u128::from(low & high),
                _ => u128::from(low & high & low.rotate_left(7)) << 64 | u128::from(high & low.rotate_left(13)),
            };
            for sq in 0..128u8 {
                assert_eq!(v.has(Square(sq)), (v >> sq) & 1 != 0, "{v:#x} square {sq}");
            }
            let expected: Vec<Square> = (0..128u8).filter(|&sq| (v >> sq) & 1 != 0).map(Square).collect();
            assert_eq!(v.squares().collect::<Vec<_>>(), expected, "{v:#x}");
        }
    }

    #[test]
    fn u64_and_u128_agree_on_the_contract() {
        exercise::<u64>();
        exercise::<u128>();
    }
}
