//! The two sides of a game.

use std::ops::Not;

/// A side. `White` is always the player who moves first in the standard start position: White in
/// chess and fairy variants, sente (USI's "black", `b`) in shogi, as Fairy-Stockfish does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(u8)]
pub enum Color {
    #[default]
    /// The first player (sente in shogi).
    White = 0,
    /// The second player (gote in shogi).
    Black = 1,
}

impl Color {
    /// Both colors, first player first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: the index into per-color tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The color with index `i & 1`.
    #[inline(always)]
    pub const fn from_index(i: usize) -> Color {
        if i & 1 == 0 { Color::White } else { Color::Black }
    }

    /// +1 for White, -1 for Black: turns a White-relative score into a side-relative one.
    #[inline(always)]
    pub const fn sign(self) -> i32 {
        1 - 2 * (self as i32)
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        Color::from_index(self as usize ^ 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_and_index() {
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(!Color::Black, Color::White);
        assert_eq!(Color::Black.index(), 1);
        assert_eq!(Color::from_index(3), Color::Black);
        assert_eq!(Color::White.sign() + Color::Black.sign(), 0);
    }
}
