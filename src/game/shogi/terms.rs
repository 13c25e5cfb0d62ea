//! Shogi evaluation terms for the hand-crafted evaluation: material on the board (promoted
//! pieces at their promoted worth) and in hand (a little more, for the freedom of the drop),
//! a small bonus for advanced pieces, and a king that prefers its own camp; as extra terms,
//! mobility and king danger (attackers of the king's zone, pieces in hand that can be dropped
//! there, guards beside the king). Values are our own round numbers in centipawns (a pawn =
//! 100).

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

/// Weight of a piece whose attacks reach the enemy king's zone, by kind (P L N S G B R K +P +L
/// +N +S +B +R), in king-danger units.
const ATTACK: [i32; 14] = [1, 2, 2, 3, 3, 4, 5, 0, 3, 3, 3, 3, 5, 6];
/// Weight of a piece in hand as a potential attacker (it can be dropped beside the king).
const HAND_ATTACK: [i32; 7] = [1, 1, 2, 2, 3, 3, 4];
/// Centipawns per square a piece attacks that is not held by its own side.
const MOBILITY: [i32; 14] = [0, 2, 2, 1, 1, 4, 4, 0, 1, 1, 1, 1, 3, 3];
/// Largest king-danger penalty, centipawns.
const MAX_DANGER: i32 = 1500;

impl Shogi {
    /// Mobility and king safety, sente's view. King danger follows Stockfish's shape: units from
    /// the attackers that reach the king's zone (the king and its neighbours), from the zone
    /// squares they hit, from those only the king defends, and from the attacker's hand (drops),
    /// less the golds and silvers guarding the king; the penalty grows with the square of the
    /// units (`units^2 / 256` centipawns, at most [`MAX_DANGER`]).
    pub(super) fn mobility_and_king_danger(&self) -> Tapered {
        let t = tables();
        let occ = self.occupied();
        let mut attacked = [0u128; 2];
        let mut mobility = [0i32; 2];
        let zones = crate::core::Color::ALL.map(|c| {
            let k = self.king_square(c);
            t.step[0][KING][k] | 1u128 << k
        });
        // Per attacking color: weighted attackers of the enemy king's zone, and hits on it.
        let mut units = [0i32; 2];
        let mut hits = [0i32; 2];
        for color in crate::core::Color::ALL {
            let c = color.index();
            let own = self.colors[c];
            let enemy_zone = zones[1 - c];
            for kind in (0..14).filter(|&k| k != KING) {
                let mut pieces = own & self.kinds[kind];
                while pieces != 0 {
                    let sq = pieces.trailing_zeros() as usize;
                    pieces &= pieces - 1;
                    let att = t.attacks(color, kind, sq, occ);
                    attacked[c] |= att;
                    mobility[c] += MOBILITY[kind] * (att & !own).count_ones() as i32;
                    if att & enemy_zone != 0 {
                        units[c] += ATTACK[kind];
                        hits[c] += (att & enemy_zone).count_ones() as i32;
                    }
                }
            }
        }
        let mut score = mobility[0] - mobility[1];
        for color in crate::core::Color::ALL {
            let d = color.index();
            let a = 1 - d;
            let zone = zones[d];
            let weak = (attacked[a] & zone & !attacked[d]).count_ones() as i32;
            // The zone's own square holds the king, so guards are the golds and silvers beside it.
            let guards = ((self.golds() | self.kinds[SILVER]) & self.colors[d] & zone).count_ones() as i32;
            let hand: i32 = self.hands[a]
                .iter()
                .zip(HAND_ATTACK)
                .map(|(&n, w)| (n.min(2) as i32) * w)
                .sum();
            let danger = 8 * units[a] + 6 * hits[a] + 10 * weak + 6 * hand - 10 * guards;
            let penalty = if units[a] > 0 && danger > 0 {
                (danger * danger / 256).min(MAX_DANGER)
            } else {
                0
            };
            score -= penalty * color.sign();
        }
        Tapered::new(score, score)
    }
}
