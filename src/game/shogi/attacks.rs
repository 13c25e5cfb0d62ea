//! Attack tables for shogi on `u128` bitboards (bit `s` = square `s` = `rank * 9 + file`, rank 0
//! being sente's back rank "i" and file 0 USI file 9). Step pieces use per-color tables;
//! sliders (lance, bishop, rook, and the promoted bishop and rook) walk precomputed rays and
//! cut them at the first blocker found by a bit scan (the "classical approach" of the
//! chessprogramming wiki).

use crate::core::Color;
use std::sync::LazyLock;

/// Files (and ranks) of the board.
pub const FILES: i32 = 9;
/// Squares of the board.
pub const SQUARES: usize = 81;
/// All 81 squares.
pub const BOARD: u128 = (1u128 << 81) - 1;

/// Directions: (file step, rank step); rank grows toward gote (sente moves "up").
/// Opposite directions are pairs `d`, `d ^ 1`.
const DIRS: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (-1, 1), (1, -1)];
/// Index of the northward (towards rank a, gote's side) direction.
pub const NORTH: usize = 0;
/// Index of the southward direction.
pub const SOUTH: usize = 1;

/// Whether direction `d` increases the square index (lowest blocker first) or decreases it.
const fn positive(d: usize) -> bool {
    let (f, r) = DIRS[d];
    r > 0 || (r == 0 && f > 0)
}

/// Piece kinds (shared numbering with the board; hand kinds are 0..7).
pub const PAWN: usize = 0;
/// Kind index of the lance.
pub const LANCE: usize = 1;
/// Kind index of the knight.
pub const KNIGHT: usize = 2;
/// Kind index of the silver general.
pub const SILVER: usize = 3;
/// Kind index of the gold general.
pub const GOLD: usize = 4;
/// Kind index of the bishop.
pub const BISHOP: usize = 5;
/// Kind index of the rook.
pub const ROOK: usize = 6;
/// Kind index of the king.
pub const KING: usize = 7;
/// Kind index of the promoted pawn (tokin).
pub const PRO_PAWN: usize = 8;
/// Kind index of the promoted lance.
pub const PRO_LANCE: usize = 9;
/// Kind index of the promoted knight.
pub const PRO_KNIGHT: usize = 10;
/// Kind index of the promoted silver.
pub const PRO_SILVER: usize = 11;
/// Kind index of the horse (promoted bishop).
pub const HORSE: usize = 12;
/// Kind index of the dragon (promoted rook).
pub const DRAGON: usize = 13;

/// Attack tables of every piece, built once.
pub struct Tables {
    /// Step attacks `[color][kind][square]` for every kind (sliders: their step part only).
    pub step: [[[u128; SQUARES]; 14]; 2],
    /// Rays `[direction][square]` to the board edge.
    pub ray: [[u128; SQUARES]; 8],
    /// Squares strictly between two aligned squares.
    pub between: Vec<u128>,
    /// The whole line through two aligned squares.
    pub line: Vec<u128>,
}

fn on_board(f: i32, r: i32) -> bool {
    (0..9).contains(&f) && (0..9).contains(&r)
}

fn build() -> Tables {
    let mut t = Tables {
        step: [[[0; SQUARES]; 14]; 2],
        ray: [[0; SQUARES]; 8],
        between: vec![0; SQUARES * SQUARES],
        line: vec![0; SQUARES * SQUARES],
    };
    for sq in 0..SQUARES {
        let (f, r) = (sq as i32 % FILES, sq as i32 / FILES);
        for (d, &(df, dr)) in DIRS.iter().enumerate() {
            let (mut x, mut y) = (f + df, r + dr);
            while on_board(x, y) {
                t.ray[d][sq] |= 1u128 << (y * FILES + x);
                x += df;
                y += dr;
            }
        }
        for color in Color::ALL {
            // Forward is +rank for sente (White), -rank for gote.
            let fw = if color == Color::White { 1 } else { -1 };
            let steps = |list: &[(i32, i32)]| {
                list.iter().fold(0u128, |acc, &(df, dr)| {
                    let (x, y) = (f + df, r + dr * fw);
                    if on_board(x, y) {
                        acc | 1u128 << (y * FILES + x)
                    } else {
                        acc
                    }
                })
            };
            let gold = steps(&[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)]);
            let king = steps(&[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1), (1, -1), (-1, -1)]);
            let c = color.index();
            t.step[c][PAWN][sq] = steps(&[(0, 1)]);
            t.step[c][KNIGHT][sq] = steps(&[(1, 2), (-1, 2)]);
            t.step[c][SILVER][sq] = steps(&[(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)]);
            for g in [GOLD, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER] {
                t.step[c][g][sq] = gold;
            }
            t.step[c][KING][sq] = king;
            t.step[c][HORSE][sq] = steps(&[(0, 1), (0, -1), (1, 0), (-1, 0)]);
            t.step[c][DRAGON][sq] = steps(&[(1, 1), (-1, 1), (1, -1), (-1, -1)]);
        }
    }
    for a in 0..SQUARES {
        for d in 0..8 {
            let mut ray = t.ray[d][a];
            while ray != 0 {
                let b = ray.trailing_zeros() as usize;
                ray &= ray - 1;
                let opposite = d ^ 1;
                t.between[a * SQUARES + b] = t.ray[d][a] & t.ray[opposite][b];
                t.line[a * SQUARES + b] = t.ray[d][a] | t.ray[opposite][a] | 1u128 << a;
            }
        }
    }
    t
}

static TABLES: LazyLock<Tables> = LazyLock::new(build);

/// The attack tables, built on first use.
#[inline(always)]
pub fn tables() -> &'static Tables {
    &TABLES
}

impl Tables {
    /// Attacks along direction `d` from `sq` over `occ`.
    #[inline(always)]
    pub fn slide(&self, d: usize, sq: usize, occ: u128) -> u128 {
        let ray = self.ray[d][sq];
        let blockers = ray & occ;
        if blockers == 0 {
            return ray;
        }
        let b = if positive(d) {
            blockers.trailing_zeros() as usize
        } else {
            127 - blockers.leading_zeros() as usize
        };
        ray ^ self.ray[d][b]
    }

    /// Rook attacks from `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: u128) -> u128 {
        self.slide(0, sq, occ) | self.slide(1, sq, occ) | self.slide(2, sq, occ) | self.slide(3, sq, occ)
    }

    /// Bishop attacks from `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn bishop(&self, sq: usize, occ: u128) -> u128 {
        self.slide(4, sq, occ) | self.slide(5, sq, occ) | self.slide(6, sq, occ) | self.slide(7, sq, occ)
    }

    /// A lance of `color` on `sq`.
    #[inline(always)]
    pub fn lance(&self, color: Color, sq: usize, occ: u128) -> u128 {
        self.slide(if color == Color::White { NORTH } else { SOUTH }, sq, occ)
    }

    /// The squares strictly between `a` and `b` on a line (empty if not aligned).
    #[inline(always)]
    pub fn between(&self, a: usize, b: usize) -> u128 {
        self.between[a * SQUARES + b]
    }

    /// The whole line through `a` and `b` (empty if not aligned).
    #[inline(always)]
    pub fn line(&self, a: usize, b: usize) -> u128 {
        self.line[a * SQUARES + b]
    }

    /// Attacks of a piece of `color` and `kind` on `sq` over `occ`.
    #[inline(always)]
    pub fn attacks(&self, color: Color, kind: usize, sq: usize, occ: u128) -> u128 {
        match kind {
            LANCE => self.lance(color, sq, occ),
            BISHOP => self.bishop(sq, occ),
            ROOK => self.rook(sq, occ),
            HORSE => self.bishop(sq, occ) | self.step[0][HORSE][sq],
            DRAGON => self.rook(sq, occ) | self.step[0][DRAGON][sq],
            _ => self.step[color.index()][kind][sq],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_attack_what_they_should() {
        let t = tables();
        let sq = |f: i32, r: i32| (r * 9 + f) as usize;
        // A sente knight on 5e (file 4, rank 4) jumps to 6c and 4c (rank 6).
        assert_eq!(t.step[0][KNIGHT][sq(4, 4)], 1u128 << sq(3, 6) | 1u128 << sq(5, 6));
        // Gote's knight jumps the other way.
        assert_eq!(t.step[1][KNIGHT][sq(4, 4)], 1u128 << sq(3, 2) | 1u128 << sq(5, 2));
        // A rook in the corner on an empty board sees 16 squares; blocked, fewer.
        assert_eq!(t.rook(0, 0).count_ones(), 16);
        assert_eq!(t.rook(0, 1u128 << sq(0, 3)).count_ones(), 8 + 3);
        assert_eq!(t.bishop(sq(4, 4), 0).count_ones(), 16);
        assert_eq!(t.lance(Color::White, sq(0, 0), 1u128 << sq(0, 5)).count_ones(), 5);
        assert_eq!(t.lance(Color::Black, sq(0, 8), 0).count_ones(), 8);
        assert_eq!(t.between(0, 80).count_ones(), 7);
        assert_eq!(t.between(0, 10), 0);
        assert_eq!(t.line(0, 10).count_ones(), 9);
        assert_eq!(t.step[0][GOLD][sq(4, 4)].count_ones(), 6);
    }
}
