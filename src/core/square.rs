//! Board squares as dense indices.

use std::fmt;

use super::Color;

/// A square index, `rank * files + file`, counted from the first player's lower-left corner
/// (a1 = 0 in chess). Boards of up to 256 squares fit; the board's width is needed to split an
/// index into file and rank, so those helpers take it as an argument.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Square(pub u8);

impl Square {
    /// The square on `file` and `rank` (both 0-based) of a board `files` wide.
    #[inline(always)]
    pub const fn new(file: u8, rank: u8, files: u8) -> Square {
        Square(rank * files + file)
    }

    /// The index as `usize`, for table lookups.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file on a board `files` wide.
    #[inline(always)]
    pub const fn file(self, files: u8) -> u8 {
        self.0 % files
    }

    /// 0-based rank on a board `files` wide.
    #[inline(always)]
    pub const fn rank(self, files: u8) -> u8 {
        self.0 / files
    }

    /// The square on the same file with its rank mirrored (rank `r` becomes `ranks - 1 - r`) on a
    /// board `files` wide and `ranks` high: the square as the second player sees it.
    #[inline(always)]
    pub const fn flip_rank(self, files: u8, ranks: u8) -> Square {
        Square::new(self.file(files), ranks - 1 - self.rank(files), files)
    }
}

/// `rank` (0-based) counted from `color`'s own side of a board `ranks` high: unchanged for
/// White, mirrored for Black. Its own inverse, so it also turns a relative rank into an absolute one.
#[inline(always)]
pub const fn relative_rank(color: Color, rank: u8, ranks: u8) -> u8 {
    match color {
        Color::White => rank,
        Color::Black => ranks - 1 - rank,
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_flips_are_their_own_inverse() {
        for (files, ranks) in [(8u8, 8u8), (9, 10), (10, 8), (5, 6)] {
            for s in 0..files * ranks {
                let sq = Square(s);
                let flipped = sq.flip_rank(files, ranks);
                assert_eq!(flipped.file(files), sq.file(files));
                assert_eq!(flipped.rank(files), ranks - 1 - sq.rank(files));
                assert_eq!(flipped.flip_rank(files, ranks), sq);
                let rank = sq.rank(files);
                assert_eq!(relative_rank(Color::White, rank, ranks), rank);
                assert_eq!(relative_rank(Color::Black, rank, ranks), flipped.rank(files));
                assert_eq!(
                    relative_rank(Color::Black, relative_rank(Color::Black, rank, ranks), ranks),
                    rank
                );
            }
        }
    }

    #[test]
    fn file_and_rank_round_trip() {
        for files in [5u8, 8, 9, 10, 12] {
            for rank in 0..10u8 {
                for file in 0..files {
                    let sq = Square::new(file, rank, files);
                    assert_eq!((sq.file(files), sq.rank(files)), (file, rank));
                }
            }
        }
    }
}
