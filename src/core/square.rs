//! Board squares as dense indices.

use std::fmt;

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
