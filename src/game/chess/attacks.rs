//! Attack tables for chess on `u64` bitboards (a1 = bit 0, h8 = bit 63).
//!
//! Leapers (pawn, knight, king) and the between/line tables are computed at compile time.
//! Sliders use "fancy" magic bitboards (Pradyumna Kannan's scheme, as in Stockfish): the
//! relevant occupancy is multiplied by a magic number and shifted into an index of a shared
//! attack table. Magics are searched at start-up with a fixed-seed generator, a few
//! milliseconds of work.

use crate::core::zobrist::splitmix64;
use std::sync::LazyLock;

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;
pub const RANK_1: u64 = 0xFF;
pub const RANK_8: u64 = RANK_1 << 56;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Slider attacks from `sq` along `dirs` over `occ`, by walking rays; the reference the tables
/// are built from and tested against.
pub const fn ray_attacks(sq: usize, occ: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i8 + df;
        let mut r = (sq / 8) as i8 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

const fn leaper_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            let f = (sq % 8) as i8 + deltas[i].0;
            let r = (sq / 8) as i8 + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// Knight attacks per square.
pub static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// King attacks per square.
pub static KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
/// Pawn captures per color (White moves up the ranks) and square.
pub static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(1, 1), (-1, 1)]),
    leaper_table(&[(1, -1), (-1, -1)]),
];

const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let bit_b = 1u64 << b;
            let mut kind = 0;
            while kind < 2 {
                let dirs = if kind == 0 { &ROOK_DIRS } else { &BISHOP_DIRS };
                if a != b && ray_attacks(a, 0, dirs) & bit_b != 0 {
                    between[a][b] = ray_attacks(a, bit_b, dirs) & ray_attacks(b, 1u64 << a, dirs);
                    line[a][b] =
                        (ray_attacks(a, 0, dirs) & ray_attacks(b, 0, dirs)) | (1u64 << a) | bit_b;
                }
                kind += 1;
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; else 0.
#[inline(always)]
pub fn between(a: usize, b: usize) -> u64 {
    LINES.0[a][b]
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned; else 0.
#[inline(always)]
pub fn line(a: usize, b: usize) -> u64 {
    LINES.1[a][b]
}

/// One square's slider entry: the relevant-occupancy mask and where its attack sets start.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    offset: u32,
    shift: u32,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occ: u64) -> usize {
        self.offset as usize + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The slider attack tables.
pub struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    table: Vec<u64>,
}

impl Sliders {
    fn build() -> Sliders {
        let mut table = Vec::with_capacity(102_400 + 5_248);
        let rook = Self::build_kind(&ROOK_DIRS, &mut table, 0x5EED_0001);
        let bishop = Self::build_kind(&BISHOP_DIRS, &mut table, 0x5EED_0002);
        Sliders {
            rook,
            bishop,
            table,
        }
    }

    fn build_kind(dirs: &[(i8, i8); 4], table: &mut Vec<u64>, seed: u64) -> [Magic; 64] {
        let mut magics = [Magic::default(); 64];
        let mut rng = seed;
        let mut occupancies = Vec::with_capacity(4096);
        let mut reference = Vec::with_capacity(4096);
        let mut epoch = vec![0u32; 4096];
        let mut slots = vec![0u64; 4096];
        let mut attempt = 0u32;
        for (sq, entry) in magics.iter_mut().enumerate() {
            let edges = ((RANK_1 | RANK_8) & !(RANK_1 << (8 * (sq / 8))))
                | ((FILE_A | FILE_H) & !(FILE_A << (sq % 8)));
            let mask = ray_attacks(sq, 0, dirs) & !edges;
            let bits = mask.count_ones();
            // Every subset of the mask (Carry-Rippler enumeration).
            occupancies.clear();
            reference.clear();
            let mut sub = 0u64;
            loop {
                occupancies.push(sub);
                reference.push(ray_attacks(sq, sub, dirs));
                sub = sub.wrapping_sub(mask) & mask;
                if sub == 0 {
                    break;
                }
            }
            let size = occupancies.len();
            *entry = Magic {
                mask,
                magic: 0,
                offset: table.len() as u32,
                shift: 64 - bits,
            };
            table.resize(table.len() + size, 0);
            'search: loop {
                let magic = splitmix64(&mut rng) & splitmix64(&mut rng) & splitmix64(&mut rng);
                if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                    continue;
                }
                attempt += 1;
                for (occ, att) in occupancies.iter().zip(&reference) {
                    let i = ((occ.wrapping_mul(magic)) >> entry.shift) as usize;
                    if epoch[i] != attempt {
                        epoch[i] = attempt;
                        slots[i] = *att;
                    } else if slots[i] != *att {
                        continue 'search;
                    }
                }
                entry.magic = magic;
                let base = entry.offset as usize;
                table[base..base + size].copy_from_slice(&slots[..size]);
                break;
            }
        }
        magics
    }

    /// Rook attacks from `sq` over `occ`.
    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: u64) -> u64 {
        // The index is below the table length by construction of the offsets.
        self.table[self.rook[sq].index(occ)]
    }

    /// Bishop attacks from `sq` over `occ`.
    #[inline(always)]
    pub fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.table[self.bishop[sq].index(occ)]
    }

    /// Queen attacks from `sq` over `occ`.
    #[inline(always)]
    pub fn queen(&self, sq: usize, occ: u64) -> u64 {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }
}

static SLIDERS: LazyLock<Sliders> = LazyLock::new(Sliders::build);

/// The slider tables (built on first use). Fetch once per hot function, not per lookup.
#[inline(always)]
pub fn sliders() -> &'static Sliders {
    &SLIDERS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_match_ray_walks() {
        let s = sliders();
        let mut rng = 7u64;
        for _ in 0..20_000 {
            let occ = splitmix64(&mut rng) & splitmix64(&mut rng);
            let sq = (splitmix64(&mut rng) % 64) as usize;
            assert_eq!(s.rook(sq, occ), ray_attacks(sq, occ, &ROOK_DIRS));
            assert_eq!(s.bishop(sq, occ), ray_attacks(sq, occ, &BISHOP_DIRS));
        }
    }

    #[test]
    fn leapers_and_lines() {
        assert_eq!(KNIGHT[0], (1 << 10) | (1 << 17));
        assert_eq!(KING[0], (1 << 1) | (1 << 8) | (1 << 9));
        assert_eq!(PAWN[0][8], 1 << 17);
        assert_eq!(PAWN[1][9], (1 << 0) | (1 << 2));
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(between(0, 17), 0);
        assert_eq!(line(0, 9), 0x8040_2010_0804_0201);
        assert_eq!(line(0, 17), 0);
    }
}
