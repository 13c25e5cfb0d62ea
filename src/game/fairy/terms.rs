//! Hand-crafted evaluation terms for any variant: piece values derived from mobility, as
//! Fairy-Stockfish precomputes them from the Betza notation, unless the variant file gives them
//! (`value_mg`, `value_eg`), plus small piece-square terms (centralisation, pawn advance, king
//! shelter in the middlegame).
//!
//! Value of a piece = 55 cp per square it leaps to plus 37 cp per square it rides to, averaged
//! over the board on an empty board (moves and captures weighted equally). The two weights fit
//! the chess pieces: knight 289, bishop 324, rook 518, queen 842.

use crate::core::{Bitboard, Color, Square, relative_rank};
use crate::game::fairy::tables::Rules;
use crate::game::fairy::tables::movetable::RayMove;
use crate::game::{EvalTerms, Tapered};

/// Centipawns per leap target and per rider target (see the module docs).
const LEAP_CP: f64 = 55.0;
const RIDE_CP: f64 = 37.0;
/// Pawn-like pieces' values (the chess pawn's).
const PAWN: Tapered = Tapered::new(82, 94);
/// In variants where losing every piece wins, material counts against its owner at this
/// fraction of its value.
const BURDEN_DIVISOR: i32 = 3;
/// Exchange value of a royal piece: more than everything else together.
const ROYAL_SEE: i32 = 20_000;

/// (middlegame, endgame) value of `kind` from its mobility on an empty board.
fn mobility_value<B: Bitboard>(rules: &Rules<B>, kind: usize) -> Tapered {
    if let Some((mg, eg)) = rules.values[kind] {
        return Tapered::new(mg, eg);
    }
    if rules.is_pawn(kind) {
        return PAWN;
    }
    let tables = rules.kind(Color::White, kind);
    let t = &tables.normal;
    let (mut leap, mut ride) = (0.0, 0.0);
    for s in 0..rules.squares {
        let lame = t.lame.at(Square(s as u8));
        let lq = (t.leap_quiet[s].count() + lame.iter().filter(|m| m.quiet).count() as u32) as f64;
        let lc = (t.leap_capture[s].count() + lame.iter().filter(|m| m.capture).count() as u32) as f64;
        leap += (lq + lc) / 2.0;
        let reach = |m: &RayMove| rules.rays[m.ray].limited[s].count();
        let rq: u32 = t.riders.iter().filter(|m| m.quiet).map(reach).sum();
        let rc: u32 = t.riders.iter().filter(|m| m.capture).map(reach).sum();
        // Hoppers need a hurdle: count half their lines.
        let hop: u32 = t
            .hoppers
            .iter()
            .chain(&t.grasshoppers)
            .map(|m| reach(m) * (m.quiet as u32 + m.capture as u32))
            .sum();
        ride += (rq + rc) as f64 / 2.0 + hop as f64 / 4.0;
    }
    let n = rules.squares as f64;
    let mg = LEAP_CP * leap / n + RIDE_CP * ride / n;
    let has_rider = std::iter::once(t)
        .chain(&tables.initial)
        .any(|t| !t.riders.is_empty() || !t.hoppers.is_empty() || !t.grasshoppers.is_empty());
    // Riders gain in the endgame as the board empties; leapers lose a little.
    let eg = if has_rider { mg * 1.08 } else { mg * 0.95 };
    Tapered::new(mg.round() as i32, eg.round() as i32)
}

/// Builds the evaluation terms of a variant.
pub fn derive<B: Bitboard>(rules: &Rules<B>) -> EvalTerms {
    let kinds = rules.kinds;
    let squares = rules.squares;
    let (files, ranks) = (rules.files as i32, rules.ranks as i32);
    // Where losing one's pieces wins (antichess, giveaway, losers), material is a burden.
    let burden = rules
        .end
        .extinction
        .as_ref()
        .is_some_and(|e| e.value == crate::core::Outcome::Win && e.kinds.is_none());
    let values: Vec<Tapered> = (0..kinds)
        .map(|k| {
            let v = mobility_value(rules, k);
            if burden {
                Tapered::new(-v.mg / BURDEN_DIVISOR, -v.eg / BURDEN_DIVISOR)
            } else {
                v
            }
        })
        .collect();
    let royal: Vec<bool> = (0..kinds).map(|k| rules.is_royal(k)).collect();
    let mut psqt = vec![Tapered::default(); 2 * kinds * squares];
    for color in [Color::White, Color::Black] {
        for k in 0..kinds {
            for s in 0..squares {
                let sq = Square(s as u8);
                let file = sq.file(rules.files) as i32;
                let rank = sq.rank(rules.files);
                let rel = i32::from(relative_rank(color, rank, rules.ranks));
                // Distance from the center in half-squares.
                let center = (2 * file - (files - 1)).abs() + (2 * i32::from(rank) - (ranks - 1)).abs();
                let v = values[k];
                let bonus = if royal[k] {
                    Tapered::new(-12 * rel.min(3), -3 * center)
                } else if rules.is_pawn(k) {
                    Tapered::new(3 * rel, 8 * rel)
                } else {
                    Tapered::new(-2 * center, -center)
                };
                let royal_value = if royal[k] { Tapered::default() } else { v };
                psqt[(color.index() * kinds + k) * squares + s] =
                    Tapered::new(royal_value.mg + bonus.mg, royal_value.eg + bonus.eg);
            }
        }
    }
    let phase: Vec<i32> = (0..kinds)
        .map(|k| {
            if royal[k] || rules.is_pawn(k) {
                0
            } else {
                (values[k].mg.abs() / 100).max(1)
            }
        })
        .collect();
    let board = rules.start_fen.split_whitespace().next().unwrap_or("");
    let max_phase = board
        .chars()
        .filter_map(|c| rules.kind_of(c))
        .map(|k| phase[k as usize])
        .sum::<i32>()
        .max(1);
    let see = (0..kinds)
        .map(|k| if royal[k] { ROYAL_SEE } else { values[k].mg.abs() })
        .collect();
    EvalTerms {
        kinds,
        squares,
        psqt,
        phase,
        max_phase,
        // A piece in hand may go anywhere: a little more than on the board (crazyhouse players
        // value pieces in hand so; the shogi terms do the same).
        hand: if rules.drops.hands {
            (0..kinds)
                .map(|k| {
                    if royal[k] {
                        Tapered::default()
                    } else {
                        let v = values[k];
                        Tapered::new(v.mg + v.mg.abs() / 10, v.eg + v.eg.abs() / 10)
                    }
                })
                .collect()
        } else {
            Vec::new()
        },
        see,
        tempo: 20,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Rules<u64> {
        let def =
            crate::variant::load_source(crate::variant::Source::inline("test.toml", text), "test").expect("valid");
        Rules::<u64>::build(&def)
    }

    #[test]
    fn chess_values_come_out_of_mobility_and_files_override_them() {
        let r = rules("inherits = \"chess\"");
        let value = |c: char| mobility_value(&r, r.kind_of(c).expect("piece") as usize).mg;
        assert_eq!(value('p'), PAWN.mg);
        assert!((270..=310).contains(&value('n')), "knight {}", value('n'));
        assert!((300..=350).contains(&value('b')), "bishop {}", value('b'));
        assert!((480..=560).contains(&value('r')), "rook {}", value('r'));
        assert!((800..=900).contains(&value('q')), "queen {}", value('q'));
        assert!(value('n') < value('b') && value('b') < value('r') && value('r') < value('q'));
        let r = rules("inherits = \"chess\"\n[pieces]\nn = { betza = \"N\", value_mg = 123, value_eg = 456 }");
        let n = r.kind_of('n').expect("knight") as usize;
        assert_eq!(mobility_value(&r, n), Tapered::new(123, 456));
        // The royal king carries no material; the others carry theirs into the tables.
        let k = r.kind_of('k').expect("king") as usize;
        assert_eq!(derive(&r).see[k], ROYAL_SEE);
    }
}
