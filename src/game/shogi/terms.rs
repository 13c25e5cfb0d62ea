//! Shogi evaluation terms for the hand-crafted evaluation: material on the board (promoted
//! pieces at their promoted worth) and in hand (a little more, for the freedom of the drop),
//! a small bonus for advanced pieces, and a king that prefers its own camp; as extra terms,
//! mobility, king danger (attackers of the king's zone, pieces in hand that can be dropped
//! there, safe checks by moves and drops, guards beside the king) and threats (pieces attacked
//! by cheaper ones or left undefended). Values are our own round numbers in centipawns (a
//! pawn = 100).

use super::Shogi;
use super::attacks::*;
use crate::game::{EvalTerms, Tapered};
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
            let center = 4 - (file - 4).abs();
            let placement = match kind {
                KING => 20 - 12 * rank - 3 * center,
                PAWN | LANCE | KNIGHT | SILVER => 4 * rank,
                _ => 2 * rank + 2 * center,
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
/// King-danger units for a safe check (a square that gives check, not defended by the king's
/// side, reachable by a piece of that kind on the board or by a drop), by kind, counted once
/// per kind (Stockfish's "safe checks" term; drops make them shogi's main attacking threat).
const CHECK: [i32; 14] = [45, 90, 135, 135, 160, 135, 200, 0, 160, 160, 160, 160, 200, 250];
/// Largest king-danger penalty, centipawns.
const MAX_DANGER: i32 = 2500;
/// A threatened piece (attacked by a piece worth less, or attacked and not defended) costs its
/// value divided by this (Stockfish's "threat by minor/rook" and "hanging" terms in one).
const THREAT_DIVISOR: i32 = 16;
/// For each kind, the kinds (bit mask) worth less on the board, the king excluded.
const LOWER: [u16; 14] = {
    let mut out = [0u16; 14];
    let mut k = 0;
    while k < 14 {
        let mut a = 0;
        while a < 14 {
            if a != KING && VALUES[a] < VALUES[k] {
                out[k] |= 1 << a;
            }
            a += 1;
        }
        k += 1;
    }
    out
};

/// Each color's attacks by its pieces but the king, indexed by color, and the per-piece sums
/// the evaluation takes on the way (one pass over the pieces).
struct AttackInfo {
    /// Squares attacked, and the same by attacking kind.
    all: [u128; 2],
    by_kind: [[u128; 14]; 2],
    /// Each king's zone: the king's square and its neighbors.
    zones: [u128; 2],
    /// Mobility (centipawns), weighted attackers of the enemy king's zone (king-danger units),
    /// and their hits on it.
    mobility: [i32; 2],
    units: [i32; 2],
    hits: [i32; 2],
}

impl Shogi {
    /// Mobility, king safety and threats, sente's view. King danger follows Stockfish's shape:
    /// units from the attackers that reach the king's zone (the king and its neighbors), from
    /// the zone squares they hit, from those only the king defends, and from the attacker's hand
    /// (drops), and from safe checks (moves and drops that would give check on squares the
    /// king's side does not defend), less the golds and silvers guarding the king; the penalty
    /// grows with the square of the units (`units^2 / 256` centipawns, at most [`MAX_DANGER`]).
    pub(super) fn mobility_safety_threats(&self) -> Tapered {
        let t = tables();
        let occ = self.occupied();
        let info = self.attack_info();
        let (attacked, attacked_by, zones) = (&info.all, &info.by_kind, &info.zones);
        let (units, hits) = (&info.units, &info.hits);
        let mut score = info.mobility[0] - info.mobility[1];
        for color in crate::core::Color::ALL {
            let d = color.index();
            let a = 1 - d;
            score += self.threats(color, &info) * color.sign();
            let zone = zones[d];
            let weak = (attacked[a] & zone & !attacked[d]).count_ones() as i32;
            // The zone's own square holds the king, so guards are the golds and silvers beside it.
            let guards = ((self.golds() | self.kinds[SILVER]) & self.colors[d] & zone).count_ones() as i32;
            let hand: i32 = self.hands[a]
                .iter()
                .zip(HAND_ATTACK)
                .map(|(&n, w)| (n.min(2) as i32) * w)
                .sum();
            // Safe checks: squares next to the king count only where the attacker supports them.
            let ksq = self.king_square(color);
            let safe = !attacked[d] & !(t.step[d][KING][ksq] & !attacked[a]);
            let empty = BOARD & !occ;
            let mut checks = 0;
            for kind in (0..14).filter(|&k| k != KING) {
                let from = t.attacks(color, kind, ksq, occ) & safe;
                let by_move = from & attacked_by[a][kind] & !self.colors[a];
                let by_drop = if kind < KING && self.hands[a][kind] > 0 {
                    from & empty
                } else {
                    0
                };
                if by_move | by_drop != 0 {
                    checks += CHECK[kind];
                }
            }
            let danger = 8 * units[a] + 6 * hits[a] + 10 * weak + 6 * hand + checks - 10 * guards;
            let penalty = if (units[a] > 0 || checks > 0) && danger > 0 {
                (danger * danger / 256).min(MAX_DANGER)
            } else {
                0
            };
            score -= penalty * color.sign();
        }
        Tapered::new(score, score)
    }

    /// Both colors' attacks in one pass over the pieces (the kings aside), with what the
    /// evaluation sums per piece on the way.
    fn attack_info(&self) -> AttackInfo {
        let t = tables();
        let occ = self.occupied();
        let zones = crate::core::Color::ALL.map(|c| {
            let k = self.king_square(c);
            t.step[0][KING][k] | 1u128 << k
        });
        let mut info = AttackInfo {
            all: [0; 2],
            by_kind: [[0; 14]; 2],
            zones,
            mobility: [0; 2],
            units: [0; 2],
            hits: [0; 2],
        };
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
                    info.all[c] |= att;
                    info.by_kind[c][kind] |= att;
                    info.mobility[c] += MOBILITY[kind] * (att & !own).count_ones() as i32;
                    if att & enemy_zone != 0 {
                        info.units[c] += ATTACK[kind];
                        info.hits[c] += (att & enemy_zone).count_ones() as i32;
                    }
                }
            }
        }
        info
    }

    /// What `color` threatens, centipawns: each enemy piece (the king aside) attacked by a piece
    /// of a kind worth less, or attacked and defended by nothing (the king included), costs
    /// its value / [`THREAT_DIVISOR`].
    fn threats(&self, color: crate::core::Color, info: &AttackInfo) -> i32 {
        let (attacked, attacked_by) = (&info.all, &info.by_kind);
        let (c, e) = (color.index(), 1 - color.index());
        let enemy = self.colors[e];
        let defended = attacked[e] | tables().step[e][KING][self.king_square(!color)];
        let undefended = attacked[c] & !defended;
        let mut score = 0;
        for kind in (0..14).filter(|&k| k != KING) {
            let pieces = enemy & self.kinds[kind];
            if pieces == 0 {
                continue;
            }
            let mut lower = 0u128;
            let mut kinds = LOWER[kind];
            while kinds != 0 {
                lower |= attacked_by[c][kinds.trailing_zeros() as usize];
                kinds &= kinds - 1;
            }
            score += (pieces & (lower | undefended)).count_ones() as i32 * VALUES[kind] / THREAT_DIVISOR;
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(sfen: &str) -> i32 {
        match Shogi::parse_sfen(sfen) {
            Ok(p) => p.mobility_safety_threats().mg,
            Err(e) => panic!("{sfen}: {e}"),
        }
    }

    #[test]
    fn safe_checks_raise_king_danger_and_unsupported_contact_checks_do_not() {
        // Gote's bare king: a rook in sente's hand checks from afar (safe); a gold checks only
        // from beside the king, where nothing supports it (not safe).
        let bare = term("4k4/9/9/9/9/9/9/9/4K4 b - 1");
        let rook = term("4k4/9/9/9/9/9/9/9/4K4 b R 1");
        let gold = term("4k4/9/9/9/9/9/9/9/4K4 b G 1");
        assert_eq!(gold, bare, "unsupported contact checks are not safe");
        assert!(rook > bare, "a safe drop check is danger: {rook} vs {bare}");
        // The same holds color for color.
        let gote_rook = term("4k4/9/9/9/9/9/9/9/4K4 w r 1");
        assert_eq!(gote_rook - bare, -(rook - bare));
    }

    fn threats(sfen: &str) -> [i32; 2] {
        let p = Shogi::parse_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let info = p.attack_info();
        crate::core::Color::ALL.map(|c| p.threats(c, &info))
    }

    #[test]
    fn threats_count_pieces_attacked_by_cheaper_ones_or_undefended() {
        // Gote's rook on 5e, attacked by sente's pawn on 5f: a threat even though gote's gold
        // on 5d defends it.
        let by_pawn = threats("4k4/9/9/4g4/4r4/4P4/9/9/4K4 b - 1");
        assert_eq!(by_pawn[0], VALUES[ROOK] / THREAT_DIVISOR, "{by_pawn:?}");
        // Gote's gold on 5e attacked by sente's rook on 5h: a threat only while undefended.
        let undefended = threats("4k4/9/9/9/4g4/9/9/4R4/K8 b - 1");
        assert_eq!(undefended[0], VALUES[GOLD] / THREAT_DIVISOR, "{undefended:?}");
        let defended = threats("4k4/9/9/4s4/4g4/9/9/4R4/K8 b - 1");
        assert_eq!(defended[0], 0, "{defended:?}");
        // Color for color: the rotated position threatens as much for gote.
        let rotated = threats("8k/4r4/9/9/4G4/9/9/9/4K4 w - 1");
        assert_eq!(rotated[1], undefended[0], "{rotated:?}");
    }
}
