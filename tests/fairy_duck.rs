//! Duck chess (`variants/duck.toml`) and royalduck (pyffish's `test.py` ini section) against
//! Fairy-Stockfish: move text, SAN, FENs after moves, the duck that must move, en passant under
//! the duck, castling text, game ends. The expected answers are pyffish 0.0.90's, recorded with
//! the calls shown (design note #40, section 1.1 and 1.5).

use nue::core::Outcome;
use nue::engine::api::{Board, load_config, variant};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// pyffish's `test.py` configuration: royalduck is duck with pseudo-royal kings.
const ROYALDUCK: &str = "
[royalduck:duck]
extinctionPseudoRoyal = true
";

fn board_of(name: &str, fen: Option<&str>, moves: &[&str], chess960: bool) -> Box<dyn Board> {
    let v = if name == "royalduck" {
        let (loaded, problems) = load_config(ROYALDUCK);
        assert!(problems.is_empty(), "{problems:?}");
        loaded.into_iter().find(|(n, _)| n == name).expect("royalduck loads").1
    } else {
        variant(name).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    v.board(fen, moves, chess960)
        .unwrap_or_else(|e| panic!("{name} {fen:?} {moves:?}: {e}"))
}

fn duck(fen: Option<&str>, moves: &[&str]) -> Box<dyn Board> {
    board_of("duck", fen, moves, false)
}

#[test]
fn start_moves_once_per_duck_square() {
    let b = duck(None, &[]);
    assert_eq!(b.fen(), START);
    let moves = b.legal_moves();
    assert_eq!(moves.len(), 640);
    // The duck may take the square the piece left.
    assert!(moves.iter().any(|m| m == "a2a3,a3a2"));
    assert!(moves.iter().any(|m| m == "g1f3,f3e5"));
    assert!(!b.gives_check("e2e4,e4d5").expect("legal"));
}

#[test]
fn fens_after_duck_moves() {
    // No en passant: no black pawn attacks e3.
    assert_eq!(
        duck(None, &["e2e4,e4e2"]).fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(
        duck(None, &["e2e4,e4d5", "d7d6,d6e5"]).fen(),
        "rnbqkbnr/ppp1pppp/3p4/4*3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    // The duck on the en-passant square takes the right away; elsewhere it stays.
    let fen = "rnbqkbnr/pppppppp/8/3P4/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(
        duck(Some(fen), &["e7e5,e5e6"]).fen(),
        "rnbqkbnr/pppp1ppp/4*3/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(
        duck(Some(fen), &["e7e5,e5a3"]).fen(),
        "rnbqkbnr/pppp1ppp/8/3Pp3/8/*7/PPP1PPPP/RNBQKBNR w KQkq e6 0 2"
    );
}

#[test]
fn san_and_lan_append_the_duck_square() {
    let b = duck(None, &[]);
    assert_eq!(b.san("e2e4,e4d5", 1), Ok("e4,d5".to_string()));
    assert_eq!(b.san("g1f3,f3e5", 1), Ok("Nf3,e5".to_string()));
    assert_eq!(b.san("e2e4,e4d5", 2), Ok("e2-e4,d5".to_string()));
}

#[test]
fn castling_text_and_fen() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let b = duck(Some(fen), &[]);
    let moves = b.legal_moves();
    assert!(moves.iter().any(|m| m == "e1g1,g1b1"), "{moves:?}");
    assert_eq!(b.san("e1g1,g1e1", 1), Ok("O-O,e1".to_string()));
    assert_eq!(b.san("e1c1,c1e1", 1), Ok("O-O-O,e1".to_string()));
    let b960 = board_of("duck", Some(fen), &[], true);
    assert!(b960.legal_moves().iter().any(|m| m == "e1h1,h1b1"));
    assert_eq!(
        duck(Some(fen), &["e1g1,g1a3"]).fen(),
        "r3k2r/pppppppp/8/8/8/*7/PPPPPPPP/R4RK1 b kq - 1 1"
    );
}

#[test]
fn promotion_letter_before_the_comma() {
    let b = duck(Some("8/P6k/8/8/8/8/8/K7 w - - 0 1"), &[]);
    assert!(b.legal_moves().iter().any(|m| m == "a7a8q,a8b1"));
    assert_eq!(b.san("a7a8q,a8b2", 1), Ok("a8=Q,b2".to_string()));
}

#[test]
fn test_py_en_passant_position() {
    let fen = "r1b1k3/pp3pb1/4p3/2p2p2/2PpP2q/1P1P1P2/P1K1*3/RN1Q2N1 b q e3 0 17";
    let b = duck(Some(fen), &[]);
    // test_get_fen: the duck behind the en-passant square does not cancel the right.
    assert_eq!(b.fen(), fen);
    let moves = b.legal_moves();
    assert_eq!(moves.len(), 1483);
    assert_eq!(moves.iter().filter(|m| m.starts_with("d4e3,")).count(), 41);
    // The duck must move.
    assert!(!moves.iter().any(|m| m == "h4e1,e1e2"));
    assert!(b.san("h4e1,e1e2", 1).is_err());
    assert_eq!(b.san("d4e3,e3e4", 1), Ok("dxe3,e4".to_string()));
    assert_eq!(b.is_capture("d4e3,e3e4"), Ok(true));
    assert_eq!(
        duck(Some(fen), &["d4e3,e3e4"]).fen(),
        "r1b1k3/pp3pb1/4p3/2p2p2/2P1*2q/1P1PpP2/P1K5/RN1Q2N1 w q - 0 18"
    );
}

#[test]
fn five_queens_spill_past_the_inline_list() {
    let b = duck(Some("7k/8/8/3Q4/8/8/8/QQ4QK w - - 0 1"), &[]);
    assert_eq!(b.legal_moves().len(), 4525);
}

#[test]
fn losing_the_king_loses_and_stalemate_wins() {
    let b = duck(Some("8/8/8/8/8/8/8/4K3 b - - 0 1"), &[]);
    assert!(b.legal_moves().is_empty());
    assert_eq!(b.outcome(), Some(Outcome::Loss));
}

#[test]
fn royalduck_positions_of_test_py() {
    // Qg6 checks e8 through f7: no legal move, in check, lost.
    let b = board_of(
        "royalduck",
        Some("r1bqkbnr/pp1*p1p1/n2p1pQp/1Bp5/8/2N1PN2/PPPP1PPP/R1B1K2R b KQkq - 1 6"),
        &[],
        false,
    );
    assert!(b.legal_moves().is_empty(), "{:?}", b.legal_moves());
    assert_eq!(b.outcome(), Some(Outcome::Loss));
    // The duck on f2 shields e1 from g3; moving it away exposes the king: no legal move, no
    // check, and stalemate wins.
    let b = board_of(
        "royalduck",
        Some("rnbqk1nr/pppp1ppp/4p3/8/7P/5Pb1/PPPPP*P1/RNBQKBNR w KQkq - 1 4"),
        &[],
        false,
    );
    assert!(b.legal_moves().is_empty(), "{:?}", b.legal_moves());
    assert_eq!(b.outcome(), Some(Outcome::Win));
}

/// The duck square rides in the gate bits with a flag of its own: it round-trips through the
/// 32 bits the transposition table stores, hides the gate, and only a board move may carry it.
#[test]
fn wall_encoding_round_trips_and_stays_canonical() {
    use nue::game::GameMove;
    use nue::game::fairy::{FairyMove, Special};
    let base = FairyMove::new(12, 28, None, Special::DoubleStep);
    for sq in [0u8, 35, 63, 127] {
        let mv = base.with_wall(sq);
        assert_eq!(mv.wall(), Some(sq));
        assert_eq!(mv.gate(), None);
        assert_eq!(mv.without_gate(), base);
        assert!(mv.is_canonical());
        assert_eq!(FairyMove::from_bits(mv.to_bits()), mv);
    }
    assert_eq!(base.wall(), None);
    assert!(!FairyMove::drop(1, 20).with_wall(3).is_canonical());
    assert!(!FairyMove::pass(4).with_wall(3).is_canonical());
    assert!(!FairyMove(base.with_wall(3).0 | 1 << 30).is_canonical());
}
