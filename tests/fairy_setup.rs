//! Gating and setup phases as data (`variants/seirawan.toml`, `shouse`, `placement`,
//! `sittuyin`) and spartan's duple check: the rules the perft oracles exercise only in passing,
//! each on a small position whose legal moves are pyffish's (Fairy-Stockfish's rules library,
//! `pyffish.legal_moves`), the FENs after gating and castling moves as pyffish writes them
//! (`pyffish.get_fen`), sittuyin's draw by a promotion-only stalemate, and bad input.

use nue::core::Outcome;
use nue::game::fairy::{Fairy, FairyVariant};
use nue::game::prelude::*;
use nue::game::{GenKind, Position};
use std::sync::Arc;

fn rules(name: &str) -> Arc<FairyVariant<u64>> {
    let def = nue::variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    FairyVariant::<u64>::compile(&def).expect("builds")
}

fn board(name: &str, fen: &str) -> Fairy<u64> {
    Fairy::<u64>::from_fen(&rules(name), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(b: &Fairy<u64>) -> Vec<String> {
    let mut list = <Fairy<u64> as GameRules>::MoveList::default();
    b.generate(GenKind::All, &mut list);
    let mut moves: Vec<String> = list.iter().map(|&m| b.fmt_move(m)).collect();
    moves.sort();
    assert_eq!(moves.len() as u64, b.count_legal(), "counted and listed");
    moves
}

/// Each case: variant, FEN, pyffish's legal moves (sorted).
const CASES: &[(&str, &str, &[&str])] = &[
    // gating on every move from a gate, castling gated on the king's or the rook's square.
    (
        "seirawan",
        "4k3/8/8/8/8/8/8/4K2R[H] w K - 0 1",
        &[
            "e1d1", "e1d1h", "e1d2", "e1d2h", "e1e2", "e1e2h", "e1f1", "e1f1h", "e1f2", "e1f2h", "e1g1", "e1g1h",
            "h1e1h", "h1f1", "h1f1h", "h1g1", "h1g1h", "h1h2", "h1h2h", "h1h3", "h1h3h", "h1h4", "h1h4h", "h1h5",
            "h1h5h", "h1h6", "h1h6h", "h1h7", "h1h7h", "h1h8", "h1h8h",
        ],
    ),
    // a pinned piece may not leave its gate even where the piece gated in would block the pin.
    (
        "seirawan",
        "4k3/8/8/8/8/8/8/r2NK3[H] w D - 0 1",
        &["e1d2", "e1e2", "e1f1", "e1f2"],
    ),
    // with an empty hand, nothing is gated.
    (
        "seirawan",
        "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1",
        &[
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6",
            "h1h7", "h1h8",
        ],
    ),
    // drops and gating together.
    (
        "shouse",
        "4k3/8/8/8/8/8/8/4K2R[Nn] w KE - 0 1",
        &[
            "N@a1", "N@a2", "N@a3", "N@a4", "N@a5", "N@a6", "N@a7", "N@a8", "N@b1", "N@b2", "N@b3", "N@b4", "N@b5",
            "N@b6", "N@b7", "N@b8", "N@c1", "N@c2", "N@c3", "N@c4", "N@c5", "N@c6", "N@c7", "N@c8", "N@d1", "N@d2",
            "N@d3", "N@d4", "N@d5", "N@d6", "N@d7", "N@d8", "N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7", "N@f1",
            "N@f2", "N@f3", "N@f4", "N@f5", "N@f6", "N@f7", "N@f8", "N@g1", "N@g2", "N@g3", "N@g4", "N@g5", "N@g6",
            "N@g7", "N@g8", "N@h2", "N@h3", "N@h4", "N@h5", "N@h6", "N@h7", "N@h8", "e1d1", "e1d1n", "e1d2", "e1d2n",
            "e1e2", "e1e2n", "e1f1", "e1f1n", "e1f2", "e1f2n", "e1g1", "e1g1n", "h1e1n", "h1f1", "h1f1n", "h1g1",
            "h1g1n", "h1h2", "h1h2n", "h1h3", "h1h3n", "h1h4", "h1h4n", "h1h5", "h1h5n", "h1h6", "h1h6n", "h1h7",
            "h1h7n", "h1h8", "h1h8n",
        ],
    ),
    // the second bishop only on the other colour, and no drop may leave it none.
    (
        "placement",
        "kbn4q/pppppppp/8/8/8/8/PPPPPPPP/2RBK1N1[QRBNrrbn] w - - 0 5",
        &[
            "B@a1", "N@b1", "N@f1", "N@h1", "Q@b1", "Q@f1", "Q@h1", "R@b1", "R@f1", "R@h1",
        ],
    ),
    // a piece in hand must be dropped: no pawn moves.
    (
        "placement",
        "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kk] w - - 0 1",
        &["K@b1", "K@c1", "K@d1", "K@e1", "K@f1", "K@g1"],
    ),
    // setup: rooks on the first rank only, the rest on the first three.
    (
        "sittuyin",
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1",
        &[
            "F@a1", "F@a2", "F@b1", "F@b2", "F@c1", "F@c2", "F@d1", "F@d2", "F@e1", "F@e2", "F@e3", "F@f1", "F@f2",
            "F@f3", "F@g1", "F@g2", "F@g3", "F@h1", "F@h2", "F@h3", "K@a1", "K@a2", "K@b1", "K@b2", "K@c1", "K@c2",
            "K@d1", "K@d2", "K@e1", "K@e2", "K@e3", "K@f1", "K@f2", "K@f3", "K@g1", "K@g2", "K@g3", "K@h1", "K@h2",
            "K@h3", "N@a1", "N@a2", "N@b1", "N@b2", "N@c1", "N@c2", "N@d1", "N@d2", "N@e1", "N@e2", "N@e3", "N@f1",
            "N@f2", "N@f3", "N@g1", "N@g2", "N@g3", "N@h1", "N@h2", "N@h3", "R@a1", "R@b1", "R@c1", "R@d1", "R@e1",
            "R@f1", "R@g1", "R@h1", "S@a1", "S@a2", "S@b1", "S@b2", "S@c1", "S@c2", "S@d1", "S@d2", "S@e1", "S@e2",
            "S@e3", "S@f1", "S@f2", "S@f3", "S@g1", "S@g2", "S@g3", "S@h1", "S@h2", "S@h3",
        ],
    ),
    // a pawn of the zone promotes in place or by a fers step.
    (
        "sittuyin",
        "7k/8/8/3P4/8/P7/8/4K3[] w - - 0 30",
        &[
            "a3a4", "d5c4f", "d5c6f", "d5d5f", "d5d6", "d5e4f", "d5e6f", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ],
    ),
    // the last pawn promotes anywhere.
    (
        "sittuyin",
        "7k/8/8/8/8/P7/8/4K3[] w - - 0 30",
        &[
            "a3a3f", "a3a4", "a3b2f", "a3b4f", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ],
    ),
    // no promotion while the side has a fers.
    (
        "sittuyin",
        "7k/5F2/8/3P4/8/P7/8/4K3[] w - - 0 30",
        &[
            "a3a4", "d5d6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "f7e6", "f7e8", "f7g6", "f7g8",
        ],
    ),
    // a promotion may not attack an enemy piece.
    (
        "sittuyin",
        "7k/8/4r3/3P4/8/P7/8/4K3[] w - - 0 30",
        &["d5e4f", "d5e6", "e1d1", "e1d2", "e1f1", "e1f2"],
    ),
    // a second king by promotion may not leave both kings attacked.
    (
        "spartan",
        "7w/2gk4/5N1P/2c2P2/8/P2P4/h2B3K/7R b - - 0 77",
        &["d7c6", "d7c8", "d7d6", "d7d8", "d7e7", "h8f6"],
    ),
    // both kings attacked is check: every move must end it.
    (
        "spartan",
        "1ck3w1/4ck1h/2Q1h2g/5hNR/P1P1P3/R1h1P3/1h1B1Pl1/1N3lK1 b - - 3 36",
        &["c8d8", "e7c7", "f7f6", "f7f8", "f7g6", "f7g7", "h6g5"],
    ),
];

#[test]
fn legal_moves_are_pyffishs() {
    for &(name, fen, expected) in CASES {
        let b = board(name, fen);
        assert_eq!(legal(&b), expected, "{name}: {fen}");
        // Every move reads back from its text.
        let mut list = <Fairy<u64> as GameRules>::MoveList::default();
        b.generate(GenKind::All, &mut list);
        for &m in list.iter() {
            assert_eq!(b.parse_move(&b.fmt_move(m)), Ok(m), "{name}: {fen}");
        }
    }
}

/// Plays `moves` from `fen` and returns the FEN reached.
fn after(name: &str, fen: &str, moves: &[&str]) -> String {
    let mut pos = Position::new(board(name, fen));
    for text in moves {
        let mv = pos
            .board()
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
        pos.play(mv);
    }
    pos.board().to_fen()
}

#[test]
fn gating_and_setup_moves_leave_pyffishs_fens() {
    let seirawan = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    // A gated hawk; the gate of g1 closes.
    assert_eq!(
        after("seirawan", seirawan, &["e2e4", "e7e5", "g1f3h"]),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 2"
    );
    // Both pieces gated: White's hand is empty and its gates are no longer written.
    assert_eq!(
        after("seirawan", seirawan, &["e2e4", "e7e5", "g1f3h", "b8c6", "b1c3e"]),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/REBQKBHR[eh] b KQkqcdfg - 3 3"
    );
    // Castling gated on the king's square, then on the rook's (written rook to king).
    let italian = ["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5"];
    let mut moves = italian.to_vec();
    moves.push("e1g1h");
    assert_eq!(
        after("seirawan", seirawan, &moves),
        "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQHRK1[Eeh] b ABCDkqbcd - 5 4"
    );
    moves.pop();
    moves.push("h1e1h");
    assert_eq!(
        after("seirawan", seirawan, &moves),
        "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[Eeh] b ABCDkqbcd - 5 4"
    );
    assert_eq!(
        after("shouse", "4k3/8/8/8/8/8/8/4K2R[Nn] w KE - 0 1", &["h1e1n"]),
        "4k3/8/8/8/8/8/8/5RKN[n] b - - 1 1"
    );
    // Dropped king and rooks on their squares castle (`castling_dropped_piece`).
    let placement = "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kk] w - - 0 1";
    assert_eq!(
        after("placement", placement, &["K@e1", "K@e8"]),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 2"
    );
    let castled = after("placement", placement, &["K@e1", "K@e8", "e1c1"]);
    assert_eq!(castled, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R[] b kq - 1 2");
}

#[test]
fn sittuyins_king_and_pawn_that_can_only_promote_is_a_draw() {
    // pyffish: legal moves e4d3f e4f3f e4e4f e4d5f e4f5f, `is_optional_game_end` (True, 0),
    // `is_immediate_game_end` (False, 0): a draw the side to move may claim, as the n-move rule.
    let b = board("sittuyin", "1r6/8/8/4r3/4P3/8/1r6/K6k[] w - - 0 40");
    assert_eq!(legal(&b), ["e4d3f", "e4d5f", "e4e4f", "e4f3f", "e4f5f"]);
    assert_eq!(b.outcome(), None);
    assert!(b.draw_claimable());
    assert_eq!(Position::new(b).outcome(), Some(Outcome::Draw));
    // With a king move left it goes on (the king may take the unguarded rook).
    let b = board("sittuyin", "8/8/8/4r3/4P3/8/1r6/K6k[] w - - 0 40");
    assert!(!b.draw_claimable());
    assert_eq!(Position::new(b).outcome(), None);
}

#[test]
fn bad_gating_and_setup_input_is_refused() {
    let b = board("seirawan", "4k3/8/8/8/8/8/8/4K2R[H] w K - 0 1");
    // A piece not in hand, a piece that is no piece, gating from no gate.
    for text in ["e1f1e", "e1f1x", "h1h2q", "e1g1hh1"] {
        assert!(b.parse_move(text).is_err(), "{text} accepted");
    }
    // A gate on an empty square or on the opponent's piece; a royal piece in hand without a
    // setup phase; two kings in a setup phase.
    for (name, fen) in [
        ("seirawan", "4k3/8/8/8/8/8/8/4K2R[H] w KB - 0 1"),
        ("seirawan", "4k3/8/8/8/8/8/8/4K2r[H] w H - 0 1"),
        ("seirawan", "4k3/8/8/8/8/8/8/4K2R[K] w - - 0 1"),
        (
            "placement",
            "8/pppppppp/8/8/8/8/PPPPPPPP/4K3[KQRRBBNNkqrrbbnn] w - - 0 1",
        ),
    ] {
        assert!(
            Fairy::<u64>::from_fen(&rules(name), fen).is_err(),
            "{name}: {fen} accepted"
        );
    }
}
