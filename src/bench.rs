//! The `bench` position set and runner: a fixed search over fixed positions whose node count is
//! the signature of a build (deterministic with one thread), and whose speed is reported in
//! nodes/second.

use crate::eval::Evaluator;
use crate::game::{Game, Position};
use crate::search::{Limits, Search, SearchOptions, SearchStats, Signals, Silent};
use std::time::Instant;

/// Chess bench positions: well-known opening lines (played from the start position), the
/// chessprogramming-wiki perft positions, and endgames.
pub const CHESS: &[&str] = &[
    "startpos",
    "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6",
    "startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1g5 e7e6",
    "startpos moves d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3 h7h6",
    "startpos moves d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8 f1e2 e7e5",
    "startpos moves e2e4 e7e6 d2d4 d7d5 b1c3 f8b4 e4e5 c7c5 a2a3 b4c3 b2c3 g8e7",
    "startpos moves e2e4 c7c6 d2d4 d7d5 e4e5 c8f5 g1f3 e7e6 f1e2 c6c5",
    "startpos moves c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5 c4d5 f6d5 f1g2 d5b6",
    "startpos moves d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 e2e3 e8g8 f1d3 d7d5 g1f3 c7c5",
    "startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 c3d4 c5b4 c1d2",
    "startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6 g1f3 c8f5",
    "startpos moves d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4 a2a4 c8f5 e2e3 e7e6",
    "startpos moves e2e4 g7g6 d2d4 f8g7 b1c3 d7d6 f2f4 g8f6 g1f3 e8g8",
    "startpos moves g1f3 d7d5 g2g3 g8f6 f1g2 c7c6 e1g1 c8g4 d2d3 b8d7",
    "startpos moves e2e4 e7e5 f2f4 e5f4 g1f3 g7g5 h2h4 g5g4 f3e5 g8f6",
    "startpos moves d2d4 f7f5 g2g3 g8f6 f1g2 g7g6 g1f3 f8g7 e1g1 e8g8 c2c4 d7d6",
    "startpos moves e2e4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7 d2d3 d7d6 c1e3 e7e6",
    "startpos moves e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4 d2d4 d6d5 f1d3 f8e7",
    "startpos moves d2d4 g8f6 c2c4 c7c5 d4d5 b7b5 c4b5 a7a6 b5a6 c8a6",
    "startpos moves e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6 b1c3 d8c7 c1e3 a7a6",
    "startpos moves d2d4 d7d5 c1f4 g8f6 e2e3 e7e6 g1f3 c7c5 c2c3 b8c6 b1d2 f8d6",
    "startpos moves e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6 d4c6 b7c6 e4e5 d8e7",
    "startpos moves c2c4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7 g1f3 e7e5 e1g1 g8e7",
    "startpos moves e2e4 e7e5 b1c3 g8f6 f2f4 d7d5 f4e5 f6e4 g1f3 f8e7",
    "startpos moves d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6 f1c4 c7c5 e1g1 a7a6",
    "startpos moves e2e4 d7d6 d2d4 g8f6 b1c3 e7e5 g1f3 b8d7 f1c4 f8e7 e1g1 e8g8",
    "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 d2d4 e4d6 b5c6 d7c6 d4e5 d6f5 d1d8 e8d8",
    "startpos moves d2d4 g8f6 c2c4 g7g6 b1c3 d7d5 c4d5 f6d5 e2e4 d5c3 b2c3 f8g7",
    "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "fen r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "fen rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "fen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "fen 8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
    "fen 1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "fen 8/5pk1/6p1/8/R7/6P1/r4PK1/8 w - - 0 40",
    "fen 8/8/8/3k4/8/8/3KP3/8 w - - 0 1",
    "fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "fen 8/8/1p2k3/p1p2p2/P1P2P2/1P2K3/8/8 w - - 0 1",
    "fen 8/3k4/8/8/3N4/3B4/3K4/8 w - - 0 1",
    "fen 4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1",
    "fen 2r3k1/5ppp/p7/1p6/8/P4N2/1PP2PPP/3R2K1 b - - 0 25",
    "fen r1bq1rk1/pp3ppp/2n1pn2/2bp4/2P5/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
    "fen 8/8/8/8/5k2/8/2q5/4K3 b - - 0 1",
    "fen 3r2k1/pp3ppp/8/8/8/8/PP3PPP/3R2K1 w - - 0 1",
];

/// Shogi bench positions: the start, common opening lines (USI notation), and middlegames from
/// public perft tables.
pub const SHOGI: &[&str] = &[
    "startpos",
    "startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d",
    "startpos moves 7g7f 8c8d 2g2f 8d8e 8h7g 3c3d 7i8h 4a3b 3i3h 2b7g+ 8h7g",
    "startpos moves 2g2f 3c3d 7g7f 4c4d 3i4h 3a3b 5i6h 8b4b 6h7h 5a6b",
    "startpos moves 7g7f 3c3d 6g6f 8c8d 2h6h 8d8e 8h7g 7a6b 5i4h 5a4b",
    "startpos moves 7g7f 8c8d 6g6f 3c3d 3g3f 7a6b 2h7h 5a4b 5i4h 4b3b",
    "fen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "fen 8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "fen l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
    "fen lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9",
];

/// Plies of the generated bench lines of variants without a curated set.
const GENERATED_PLIES: [usize; 9] = [0, 4, 8, 12, 16, 20, 24, 28, 32];

/// The bench positions of a variant (its canonical name): the curated sets for chess and shogi;
/// for other variants, the start position and lines of pseudo-random play (a fixed seed, so the
/// bench signature stays deterministic), each stopped early if the game ends.
pub fn positions<G: Game>(variant: &G::Variant, name: &str) -> Vec<String> {
    match name {
        "shogi" => return SHOGI.iter().map(|s| s.to_string()).collect(),
        "chess" => return CHESS.iter().map(|s| s.to_string()).collect(),
        _ => {}
    }
    let mut state = 0x0062_656e_6368_u64;
    GENERATED_PLIES
        .iter()
        .map(|&plies| {
            let mut board = G::start(variant);
            let mut moves = Vec::new();
            for _ in 0..plies {
                let mut list = G::MoveList::default();
                board.generate(crate::game::GenKind::All, &mut list);
                if list.is_empty() || board.outcome().is_some() {
                    break;
                }
                let r = crate::core::zobrist::splitmix64(&mut state) as usize;
                let mv = list[r % list.len()];
                moves.push(board.fmt_move(mv));
                board.play(mv, &mut crate::game::Dirty::default());
            }
            if moves.is_empty() {
                "startpos".to_string()
            } else {
                format!("startpos moves {}", moves.join(" "))
            }
        })
        .collect()
}

/// Builds a position from a bench line: `startpos [moves ...]` or `fen FEN [moves ...]`.
///
/// # Errors
/// A message naming the line when its FEN or a move is bad.
pub fn position<G: Game>(variant: &G::Variant, line: &str) -> Result<Position<G>, String> {
    let (spec, moves) = match line.split_once(" moves ") {
        Some((s, m)) => (s, m.split_whitespace().collect::<Vec<_>>()),
        None => (line, Vec::new()),
    };
    let mut pos = match spec.strip_prefix("fen ") {
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| format!("bench line '{line}': {e}"))?,
        None => Position::start(variant),
    };
    for mv in moves {
        pos.play_str(mv).map_err(|e| format!("bench line '{line}': {e}"))?;
    }
    Ok(pos)
}

/// Totals of a bench run.
pub struct BenchReport {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Wall time of the searches, in milliseconds.
    pub millis: u64,
    /// The searches' statistics, summed.
    pub stats: SearchStats,
    /// Effective branching factor: the geometric mean over positions of the last iteration's
    /// nodes over the one before it (`None` when no position completed two iterations).
    pub branching_factor: Option<f64>,
}

/// Searches every line to `depth` with one thread and a fresh 16 MiB table per position.
///
/// # Errors
/// A bad bench line.
pub fn run<G: Game, E: Evaluator<G>>(
    variant: &G::Variant,
    lines: &[String],
    eval: &E,
    depth: u32,
    mut each: impl FnMut(usize, u64),
) -> Result<BenchReport, String> {
    let mut search = Search::<G, E>::new(16);
    let options = SearchOptions::default();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let start = Instant::now();
    let mut nodes = 0;
    let mut stats = SearchStats::default();
    let (mut log_sum, mut factors) = (0.0, 0);
    for (i, line) in lines.iter().enumerate() {
        let pos = position::<G>(variant, line)?;
        search.clear();
        let result = search.run(&pos, eval, &limits, &options, &Signals::default(), &Silent);
        nodes += result.nodes;
        stats.add(&result.stats);
        if let Some(f) = result.stats.branching_factor() {
            log_sum += f.ln();
            factors += 1;
        }
        each(i, result.nodes);
    }
    Ok(BenchReport {
        nodes,
        millis: start.elapsed().as_millis() as u64,
        stats,
        branching_factor: (factors > 0).then(|| (log_sum / f64::from(factors)).exp()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::{Chess, ChessVariant};
    use crate::game::shogi::{Shogi, ShogiVariant};

    #[test]
    fn every_curated_line_is_a_legal_position() {
        for line in CHESS {
            if let Err(e) = position::<Chess>(&ChessVariant, line) {
                panic!("{e}");
            }
        }
        for line in SHOGI {
            if let Err(e) = position::<Shogi>(&ShogiVariant::USI, line) {
                panic!("{e}");
            }
        }
    }

    #[test]
    fn diagnostics_are_in_their_ranges() {
        let lines: Vec<String> = CHESS[..4].iter().map(|l| l.to_string()).collect();
        let report = run::<Chess, _>(&ChessVariant, &lines, &crate::eval::hce::Hce, 7, |_, _| {}).expect("bench lines");
        let s = report.stats;
        assert!(s.tt_probes > 1000 && s.tt_hits > 0 && s.tt_hits < s.tt_probes, "{s:?}");
        assert!(s.cutoffs > 100 && s.first_move_cutoffs <= s.cutoffs, "{s:?}");
        // Good move ordering: most cutoffs come from the first move searched.
        assert!(s.first_move_cutoff_percent() > 50.0, "{s:?}");
        let ebf = report.branching_factor.expect("two iterations");
        assert!(ebf > 1.0 && ebf < 20.0, "{ebf}");
    }
}
