//! Chess knowledge for the hand-crafted evaluation beyond piece-square tables: mobility,
//! pawn structure (passed, doubled, isolated pawns), the bishop pair, rooks on open files and
//! king safety (pawn shelter and attacks on the king zone). The terms are the classical ones of
//! the chessprogramming wiki's "Evaluation" pages; the weights are our own round numbers.

use super::attacks::{FILE_A, KING, KNIGHT, PAWN, sliders};
use super::{B, Chess, K, N, P, Q, R};
use crate::core::Color;
use crate::game::Tapered;

const PASSED_MG: [i32; 8] = [0, 5, 8, 14, 28, 48, 80, 0];
const PASSED_EG: [i32; 8] = [0, 10, 15, 28, 50, 85, 140, 0];
/// King-zone attack weight per attacking piece kind (knight, bishop, rook, queen).
const ATTACK_WEIGHT: [i32; 4] = [2, 2, 3, 5];

/// Squares in front of `sq` (toward the opponent) on its file and both neighbor files.
fn front_span(sq: usize, color: Color) -> u64 {
    let file = FILE_A << (sq % 8);
    let files = file | ((file << 1) & !FILE_A) | ((file >> 1) & !(FILE_A << 7));
    let rank = sq / 8;
    let ahead = match color {
        Color::White => {
            if rank == 7 {
                0
            } else {
                !0u64 << (8 * (rank + 1))
            }
        }
        Color::Black => (1u64 << (8 * rank)) - 1,
    };
    files & ahead
}

impl Chess {
    /// Positional terms for `color`, from its own point of view.
    fn side_terms(&self, color: Color) -> Tapered {
        let s = sliders();
        let us = color.index();
        let them = 1 - us;
        let ours = self.colors[us];
        let occ = self.occupied();
        let our_pawns = self.kinds[P] & ours;
        let their_pawns = self.kinds[P] & self.colors[them];
        let mut mg = 0;
        let mut eg = 0;

        // Squares attacked by enemy pawns are no use for mobility.
        let mut enemy_pawn_attacks = 0u64;
        let mut bb = their_pawns;
        while bb != 0 {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            enemy_pawn_attacks |= PAWN[them][sq];
        }
        let mobility_area = !ours & !enemy_pawn_attacks;
        let their_king = (self.kinds[K] & self.colors[them]).trailing_zeros() as usize;
        let king_zone = KING[their_king] | (1u64 << their_king);
        let mut attack_units = 0;
        let mut attackers = 0;

        for (i, kind) in [N, B, R, Q].into_iter().enumerate() {
            let mut bb = self.kinds[kind] & ours;
            while bb != 0 {
                let sq = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let att = match kind {
                    N => KNIGHT[sq],
                    B => s.bishop(sq, occ),
                    R => s.rook(sq, occ),
                    _ => s.queen(sq, occ),
                };
                let n = (att & mobility_area).count_ones() as i32;
                let (m, e) = match kind {
                    N => (4 * (n - 4), 4 * (n - 4)),
                    B => (5 * (n - 6), 5 * (n - 6)),
                    R => (2 * (n - 7), 4 * (n - 7)),
                    _ => (n - 14, 2 * (n - 14)),
                };
                mg += m;
                eg += e;
                let hits = (att & king_zone).count_ones() as i32;
                if hits > 0 {
                    attackers += 1;
                    attack_units += hits * ATTACK_WEIGHT[i];
                }
                if kind == R {
                    let file = FILE_A << (sq % 8);
                    if file & self.kinds[P] == 0 {
                        mg += 25;
                        eg += 10;
                    } else if file & our_pawns == 0 {
                        mg += 12;
                        eg += 5;
                    }
                }
            }
        }
        // Attacks on the enemy king count once two pieces join in and the queen is there.
        if attackers >= 2 && self.kinds[Q] & ours != 0 {
            mg += (attack_units * attack_units / 4).min(300);
        }

        if (self.kinds[B] & ours).count_ones() >= 2 {
            mg += 30;
            eg += 50;
        }

        let mut bb = our_pawns;
        while bb != 0 {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let file = FILE_A << (sq % 8);
            let neighbors = ((file << 1) & !FILE_A) | ((file >> 1) & !(FILE_A << 7));
            if our_pawns & neighbors == 0 {
                mg -= 10;
                eg -= 15;
            }
            if (our_pawns & file).count_ones() > 1 {
                mg -= 6;
                eg -= 12;
            }
            if front_span(sq, color) & their_pawns == 0 {
                let rank = if color == Color::White { sq / 8 } else { 7 - sq / 8 };
                mg += PASSED_MG[rank];
                eg += PASSED_EG[rank];
            }
        }

        // Pawn shelter in front of a king on its first two ranks.
        let king = (self.kinds[K] & ours).trailing_zeros() as usize;
        let king_rank = if color == Color::White { king / 8 } else { 7 - king / 8 };
        if king_rank <= 1 {
            let shelter = (front_span(king, color) & KING[king] & our_pawns).count_ones().min(3) as i32;
            mg += 15 * shelter - 25;
        }
        Tapered::new(mg, eg)
    }

    /// Every extra term, White's view.
    pub(super) fn positional(&self) -> Tapered {
        let w = self.side_terms(Color::White);
        let b = self.side_terms(Color::Black);
        Tapered::new(w.mg - b.mg, w.eg - b.eg)
    }
}
