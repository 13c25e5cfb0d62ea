//! Shogi evaluation terms for the hand-crafted evaluation: material on the board (promoted
//! pieces at their promoted worth) and in hand (a little more, for the freedom of the drop),
//! a small bonus for advanced pieces, and a king that prefers its own camp. Basic king safety
//! (own golds and silvers beside the king, enemy pieces near it) is an extra term. Values are
//! our own round numbers in centipawns (a pawn = 100).

use super::Shogi;
use super::attacks::*;
use crate::eval::{EvalTerms, Tapered};
use std::sync::LazyLock;

/// Board values by kind: P L N S G B R K +P +L +N +S +B +R.
const VALUES: [i32; 14] = [100, 330, 380, 520, 600, 850, 1000, 0, 620, 600, 600, 610, 1150, 1350];
/// Hand values by hand kind: P L N S G B R.
const HAND: [i32; 7] = [115, 360, 410, 560, 640, 930, 1100];

fn build() -> EvalTerms {
    let mut psqt = vec![Tapered::default(); 2 * 14 * 81];
    for kind in 0..14 {
        for sq in 0..81usize {
            let rank = (sq / 9) as i32;
            let file = (sq % 9) as i32;
            let centre = 4 - (file - 4).abs();
            let placement = match kind {
                KING => 20 - 12 * rank - 3 * centre,
                PAWN | LANCE | KNIGHT | SILVER => 4 * rank,
                _ => 2 * rank + 2 * centre,
            };
            let v = Tapered::new(VALUES[kind] + placement, VALUES[kind] + placement);
            psqt[kind * 81 + sq] = v;
            // Gote's table is sente's rotated by 180 degrees.
            psqt[(14 + kind) * 81 + (80 - sq)] = v;
        }
    }
    let mut see = VALUES.to_vec();
    see[KING] = 20_000;
    EvalTerms {
        kinds: 14,
        squares: 81,
        psqt,
        phase: vec![0; 14],
        max_phase: 0,
        hand: HAND.iter().map(|&v| Tapered::new(v, v)).collect(),
        see,
        tempo: 20,
    }
}

static TERMS: LazyLock<EvalTerms> = LazyLock::new(build);

pub fn terms() -> &'static EvalTerms {
    &TERMS
}

impl Shogi {
    /// King safety, sente's view: own golds and silvers next to the king count for it, enemy
    /// pieces within two squares of it against.
    pub(super) fn king_safety(&self) -> Tapered {
        let t = tables();
        let mut score = 0;
        for color in crate::core::Color::ALL {
            let k = self.king_square(color);
            let near = t.step[0][KING][k];
            let wider = near | king_ring(near, t);
            let guards = (self.golds() | self.kinds[SILVER]) & self.colors[color.index()] & near;
            let attackers = self.colors[(!color).index()] & wider & !self.kinds[PAWN];
            let s = 25 * guards.count_ones() as i32 - 20 * attackers.count_ones() as i32;
            score += s * color.sign();
        }
        Tapered::new(score, score)
    }
}

/// Squares one king step from any square of `squares`.
fn king_ring(squares: u128, t: &Tables) -> u128 {
    let mut bb = squares;
    let mut out = 0;
    while bb != 0 {
        let s = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        out |= t.step[0][KING][s];
    }
    out
}
