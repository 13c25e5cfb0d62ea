//! Attack tables for chess on `u64` bitboards (a1 = bit 0, h8 = bit 63).
//!
//! Leapers (pawn, knight, king) and the between/line tables are computed at compile time.
//! Sliders use "fancy" magic bitboards (Pradyumna Kannan's scheme, as in Stockfish): the
//! relevant occupancy is multiplied by a magic number and shifted into an index of a shared
//! attack table. The magic numbers are our own, found by [`find_magic`] with fixed seeds; they
//! are stored so start-up only fills the table, and a test checks them on every occupancy.

use crate::core::zobrist::splitmix64;
use std::sync::LazyLock;

/// The a-file.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: u64 = FILE_A << 7;
/// The first rank.
pub const RANK_1: u64 = 0xFF;
/// The eighth rank.
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
pub static KNIGHT: [u64; 64] = leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
/// King attacks per square.
pub static KING: [u64; 64] = leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
/// The squares the pawns of `set` capture on, toward the a-file and toward the h-file, for
/// pawns of `color` (White moves up the ranks).
#[inline(always)]
pub const fn pawn_captures(set: u64, color: crate::core::Color) -> (u64, u64) {
    match color {
        crate::core::Color::White => ((set & !FILE_A) << 7, (set & !FILE_H) << 9),
        crate::core::Color::Black => ((set & !FILE_A) >> 9, (set & !FILE_H) >> 7),
    }
}

/// Pawn captures per color (White moves up the ranks) and square.
pub static PAWN: [[u64; 64]; 2] = [leaper_table(&[(1, 1), (-1, 1)]), leaper_table(&[(1, -1), (-1, -1)])];

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
                    line[a][b] = (ray_attacks(a, 0, dirs) & ray_attacks(b, 0, dirs)) | (1u64 << a) | bit_b;
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

/// Rook magic numbers per square (`find_magic` with seed `0x5EED_0001`).
const ROOK_MAGICS: [u64; 64] = [
    0x1180001180400120,
    0x0040002000100040,
    0x2080082000801000,
    0x2080048008001000,
    0x0500030008001004,
    0x0B00010008020400,
    0x0200410818940A00,
    0x0100020040308100,
    0x8012802080024000,
    0x1002002080421500,
    0x4060802000801000,
    0x0040808008001000,
    0x8001000801001004,
    0x0102000201048810,
    0x2000800100800200,
    0x0002000214490084,
    0x0801010020408005,
    0x8020008020804008,
    0x9801010040200010,
    0x0140848008001000,
    0x0010828004000800,
    0x8000808004000200,
    0x8020040018028150,
    0x8051020000440081,
    0x1486400080003880,
    0x0000820200410020,
    0x0020200480100280,
    0x0900080080100080,
    0x0204080080040280,
    0x1600040801201040,
    0x0201814400080210,
    0x1002084A00040081,
    0x0402204001800080,
    0x0292004102002080,
    0x0010200080801000,
    0x4140800802801001,
    0x0481001005000800,
    0x0202040080800200,
    0x4082020001010004,
    0x0050291082000044,
    0x0410884102020020,
    0x0000200050004000,
    0x0402001880420020,
    0x1010042011010008,
    0x8004080004008080,
    0x002C040002008080,
    0x4806000401020008,
    0x1041000080410002,
    0x0210420081003200,
    0x0000400080200480,
    0x0048100220028880,
    0x8041024820500300,
    0x0002100800050100,
    0x0085000208040100,
    0x0201000A00041500,
    0x2000800100004080,
    0x000100C120160086,
    0x0200201080400101,
    0x1444088010204202,
    0x80060010C420404A,
    0x80420044302068AE,
    0x0202004810A10402,
    0x0002000108040082,
    0x0F01000882042041,
];

/// Bishop magic numbers per square (`find_magic` with seed `0x5EED_0002`).
const BISHOP_MAGICS: [u64; 64] = [
    0x00445C0800441080,
    0x0084080802668000,
    0x0121124401401800,
    0x06182A0020210028,
    0x000B114000008040,
    0xC000901088000101,
    0x6002011002100000,
    0x8081004044044000,
    0x1040482088021040,
    0x0200200A04106188,
    0x01081008A2015401,
    0x0880040420844000,
    0x4002040421010001,
    0x0004820290040403,
    0x0A8C808404024010,
    0x4208010841042000,
    0x0812140410300104,
    0x0010008210112100,
    0x8014844044010040,
    0x2605084820420000,
    0x0802010C06110000,
    0x4802000022012010,
    0x220C000290941080,
    0x28012000D4041400,
    0x0088400086040849,
    0x0010102005214600,
    0x0004410188080100,
    0x2422002082008200,
    0x0001010081904000,
    0x00008A0244880400,
    0x4800A4000C821803,
    0x8801020008484C20,
    0x0004304004841421,
    0x3008021010086104,
    0x8004002084041100,
    0x8000100820440400,
    0x80100A0080241004,
    0x20101201200A1000,
    0x1801080100420122,
    0x014200A021020204,
    0x0404412010102904,
    0x036602028218A010,
    0x0000092808001400,
    0x0200161148008400,
    0x800A302012000640,
    0x4004509082003100,
    0x2008410404000881,
    0x02B0020200480031,
    0x08A04404200A2000,
    0x0202021084048080,
    0x0033410041100112,
    0x22210501148808A0,
    0x0102000821010200,
    0x4000099001520000,
    0x0004200242420800,
    0x0404100240490200,
    0x0202108228024000,
    0x820001940C020200,
    0x2642480842080430,
    0x00008A4004208831,
    0x0480100410020210,
    0x088280080208A200,
    0x0880401012508119,
    0x1008100082040420,
];

/// The occupancy bits that matter for a slider on `sq`: its rays without the board edges.
fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let edges = ((RANK_1 | RANK_8) & !(RANK_1 << (8 * (sq / 8)))) | ((FILE_A | FILE_H) & !(FILE_A << (sq % 8)));
    ray_attacks(sq, 0, dirs) & !edges
}

/// Every subset of `mask` (Carry-Rippler enumeration), the empty set first.
fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let cur = next?;
        let following = cur.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(cur)
    })
}

/// Searches a magic for `sq` by trial: sparse random numbers until every occupancy maps to an
/// index holding its own attack set (collisions allowed only between equal sets). This is how
/// the stored tables were made; tests re-run it.
pub fn find_magic(sq: usize, dirs: &[(i8, i8); 4], rng: &mut u64) -> u64 {
    let mask = relevant_mask(sq, dirs);
    let shift = 64 - mask.count_ones();
    let cases: Vec<(u64, u64)> = subsets(mask).map(|occ| (occ, ray_attacks(sq, occ, dirs))).collect();
    let mut slots = vec![(0u32, 0u64); cases.len()];
    let mut attempt = 0u32;
    'search: loop {
        let magic = splitmix64(rng) & splitmix64(rng) & splitmix64(rng);
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        for &(occ, att) in &cases {
            let slot = &mut slots[(occ.wrapping_mul(magic) >> shift) as usize];
            if slot.0 != attempt {
                *slot = (attempt, att);
            } else if slot.1 != att {
                continue 'search;
            }
        }
        return magic;
    }
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
        let rook = Self::build_kind(&ROOK_DIRS, &ROOK_MAGICS, &mut table);
        let bishop = Self::build_kind(&BISHOP_DIRS, &BISHOP_MAGICS, &mut table);
        Sliders { rook, bishop, table }
    }

    fn build_kind(dirs: &[(i8, i8); 4], magics: &[u64; 64], table: &mut Vec<u64>) -> [Magic; 64] {
        let mut entries = [Magic::default(); 64];
        for (sq, entry) in entries.iter_mut().enumerate() {
            let mask = relevant_mask(sq, dirs);
            let bits = mask.count_ones();
            *entry = Magic {
                mask,
                magic: magics[sq],
                offset: table.len() as u32,
                shift: 64 - bits,
            };
            table.resize(table.len() + (1 << bits), 0);
            for occ in subsets(mask) {
                let i = entry.index(occ);
                table[i] = ray_attacks(sq, occ, dirs);
            }
        }
        entries
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
    fn stored_magics_index_every_occupancy_correctly() {
        let s = sliders();
        for sq in 0..64 {
            for occ in subsets(relevant_mask(sq, &ROOK_DIRS)) {
                assert_eq!(s.rook(sq, occ), ray_attacks(sq, occ, &ROOK_DIRS));
            }
            for occ in subsets(relevant_mask(sq, &BISHOP_DIRS)) {
                assert_eq!(s.bishop(sq, occ), ray_attacks(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn the_finder_reproduces_the_stored_magics() {
        let mut rng = 0x5EED_0002;
        for (sq, magic) in BISHOP_MAGICS.iter().enumerate() {
            assert_eq!(find_magic(sq, &BISHOP_DIRS, &mut rng), *magic);
        }
        let mut rng = 0x5EED_0001;
        for (sq, magic) in ROOK_MAGICS.iter().enumerate().take(8) {
            assert_eq!(find_magic(sq, &ROOK_DIRS, &mut rng), *magic);
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
