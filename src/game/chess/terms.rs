//! Chess evaluation terms for the hand-crafted evaluation: material and piece-square tables
//! built from a few rules of thumb (pawns gain as they advance, minor pieces and the endgame
//! king like the center, rooks like the seventh rank, the middlegame king likes its castled
//! corner). Values are our own round numbers, a starting point for tuning.

use crate::game::{EvalTerms, Tapered};
use std::sync::LazyLock;

fn build() -> EvalTerms {
    // (middlegame, endgame) material: pawn, knight, bishop, rook, queen, king.
    const MATERIAL: [(i32, i32); 6] = [(100, 125), (320, 300), (340, 320), (480, 540), (990, 1020), (0, 0)];
    const PAWN_MG: [i32; 8] = [0, 0, 2, 6, 16, 30, 55, 0];
    const PAWN_EG: [i32; 8] = [0, 0, 5, 15, 30, 55, 90, 0];
    const KING_HOME_MG: [i32; 8] = [25, 35, 15, 0, 0, 10, 35, 25];
    let mut psqt = vec![Tapered::default(); 2 * 6 * 64];
    for kind in 0..6 {
        for sq in 0..64usize {
            let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
            // 0 on the edge, 3 in the center.
            let center = f.min(7 - f) + r.min(7 - r);
            let (mg, eg) = match kind {
                0 => {
                    let central = match f {
                        3 | 4 => 10,
                        2 | 5 => 4,
                        _ => 0,
                    } * i32::from((2..=4).contains(&r));
                    (PAWN_MG[r as usize] + central, PAWN_EG[r as usize])
                }
                1 => (8 * center - 25, 5 * center - 15),
                2 => (4 * center - 10 + 5 * i32::from(f == r || f + r == 7), 3 * center - 9),
                3 => (
                    20 * i32::from(r == 6) + 5 * i32::from(f == 3 || f == 4),
                    12 * i32::from(r == 6),
                ),
                4 => (2 * center - 5, 4 * center - 10),
                _ => (
                    if r == 0 { KING_HOME_MG[f as usize] } else { -15 * r - 10 },
                    10 * center - 30,
                ),
            };
            let value = Tapered::new(MATERIAL[kind].0 + mg, MATERIAL[kind].1 + eg);
            psqt[kind * 64 + sq] = value;
            // Black's table is White's flipped vertically.
            psqt[(6 + kind) * 64 + (sq ^ 56)] = value;
        }
    }
    EvalTerms {
        kinds: 6,
        squares: 64,
        psqt,
        phase: vec![0, 1, 1, 2, 4, 0],
        max_phase: 24,
        hand: Vec::new(),
        see: vec![100, 320, 330, 500, 950, 20_000],
        tempo: 15,
    }
}

static TERMS: LazyLock<EvalTerms> = LazyLock::new(build);

/// The chess evaluation terms.
pub fn terms() -> &'static EvalTerms {
    &TERMS
}
