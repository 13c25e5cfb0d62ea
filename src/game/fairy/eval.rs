//! Positional evaluation for any variant (the interpreter's `eval_extra`): mobility, and the
//! pull of the variant's own goals: a flag piece's distance to its region (king of the hill,
//! racing kings) and the checks given in n-check variants. Centipawns for the first player.
//!
//! Mobility is Stockfish's classical idea (chessprogramming wiki, "Mobility"): squares a piece
//! can move or capture to, here counted alike for every piece kind the variant defines.

use super::Fairy;
use crate::core::{Bitboard, Color, Square};
use crate::game::Tapered;

/// Centipawns per reachable square of a non-pawn, non-royal piece.
const MOBILITY: Tapered = Tapered::new(4, 5);
/// Centipawns per step closer to the flag region, for the flag piece.
const FLAG_STEP: Tapered = Tapered::new(25, 45);
/// Bonus for a side with `n` checks left to give, by `n` (n-check variants).
const CHECKS_LEFT: [i32; 6] = [0, 450, 200, 90, 40, 20];

impl<B: Bitboard> Fairy<B> {
    /// Mobility, flag and check-count terms for `color`.
    fn side_terms(&self, color: Color) -> Tapered {
        let rules = &self.variant.rules;
        let own = self.state.by_color[color.index()];
        let occ = self.occupied();
        let mut t = Tapered::default();
        for k in 0..rules.kinds {
            if rules.is_pawn(k) || rules.is_royal(k) {
                continue;
            }
            for sq in (self.by_kind[k] & own).squares() {
                let (quiet, capture) = self.normal_targets(color, k, sq, occ);
                let n = (quiet | (capture & !own)).count() as i32;
                t.mg += MOBILITY.mg * n;
                t.eg += MOBILITY.eg * n;
            }
        }
        if let Some(flag) = &rules.flag {
            let region = flag.region[color.index()];
            let files = rules.files;
            let reach = rules.files.max(rules.ranks) as i32;
            for sq in (self.by_kind[flag.kind as usize] & own).squares() {
                let dist = region
                    .squares()
                    .map(|r: Square| {
                        let df = (r.file(files) as i32 - sq.file(files) as i32).abs();
                        let dr = (r.rank(files) as i32 - sq.rank(files) as i32).abs();
                        df.max(dr)
                    })
                    .min()
                    .unwrap_or(reach);
                t.mg += FLAG_STEP.mg * (reach - dist);
                t.eg += FLAG_STEP.eg * (reach - dist);
            }
        }
        if rules.end.check_counting {
            let left = self.state.checks[color.index()] as usize;
            let bonus = CHECKS_LEFT.get(left).copied().unwrap_or(0);
            t.mg += bonus;
            t.eg += bonus;
        }
        t
    }

    /// The positional terms, White minus Black.
    pub(super) fn positional(&self) -> Tapered {
        let w = self.side_terms(Color::White);
        let b = self.side_terms(Color::Black);
        Tapered::new(w.mg - b.mg, w.eg - b.eg)
    }
}
