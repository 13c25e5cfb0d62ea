//! The fairy interpreter running `variants/chess.toml` against the native chess implementation,
//! node for node: on random games, both must agree on every position's legal moves (in UCI
//! notation), check status, FEN, and perft 2; and on the incremental zobrist key of the fairy
//! side equalling its recomputation, through play and undo.

mod common;

use common::Rng;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::fairy::{Fairy, FairyVariant};
use nue::game::perft::perft;
use nue::game::prelude::*;
use nue::game::{Dirty, GenKind};

fn moves<G: Game>(board: &G, kind: GenKind) -> Vec<String> {
    let mut list = G::MoveList::default();
    board.generate(kind, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| board.fmt_move(m)).collect();
    v.sort();
    v
}

#[test]
fn fairy_chess_equals_native_chess_on_random_games() {
    let rules = FairyVariant::<u64>::compile(&nue::variant::load("chess").expect("chess.toml")).expect("builds");
    let mut rng = Rng(2026);
    let mut positions = 0;
    for game in 0..60 {
        let mut native = Chess::start(&ChessVariant);
        let mut fairy = Fairy::<u64>::start(&rules);
        for ply in 0..160 {
            let fen = native.to_fen();
            assert_eq!(fairy.to_fen(), fen, "game {game} ply {ply}");
            let reparsed = Fairy::<u64>::from_fen(&rules, &fen).expect("native FEN parses");
            assert_eq!(reparsed.hash(), fairy.hash(), "{fen}: key differs from a fresh parse");
            assert_eq!(fairy.hash(), fairy.hash_from_scratch(), "{fen}");
            assert_eq!(fairy.in_check(), native.in_check(), "{fen}");
            let all = moves(&native, GenKind::All);
            assert_eq!(moves(&fairy, GenKind::All), all, "{fen}");
            assert_eq!(
                moves(&fairy, GenKind::Tactical),
                moves(&native, GenKind::Tactical),
                "{fen}"
            );
            assert_eq!(fairy.count_legal(), all.len() as u64, "{fen}");
            if ply % 16 == 0 {
                assert_eq!(perft(&fairy, 2), perft(&native, 2), "{fen}");
            }
            positions += 1;
            if all.is_empty() {
                break;
            }
            let pick = &all[rng.below(all.len())];
            let nm = native.parse_move(pick).expect("legal in native");
            let fm = fairy.parse_move(pick).expect("legal in fairy");
            assert!(fairy.is_legal(fm), "{fen}: {pick}");
            assert_eq!(fairy.gives_check(fm), native.gives_check(nm), "{fen}: {pick}");
            assert_eq!(fairy.is_tactical(fm), native.is_tactical(nm), "{fen}: {pick}");
            native.play(nm, &mut Dirty::default());
            fairy.play(fm, &mut Dirty::default());
        }
    }
    assert!(positions > 3000, "only {positions} positions");
}

/// Positions with pins, single and double checks (by leapers and riders), checks that a pinned
/// piece could parry, and en passant out of check: the fairy generator (which restricts pinned
/// pieces to their line and, in check, other pieces to the evasion squares) against the native
/// one, on the moves and perft 3.
#[test]
fn fairy_chess_equals_native_chess_on_pins_and_checks() {
    let rules = FairyVariant::<u64>::compile(&nue::variant::load("chess").expect("chess.toml")).expect("builds");
    for fen in [
        "4k3/8/8/8/8/2N5/5B2/r3K1q1 w - - 0 1",
        "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1",
        "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",
        "4k3/8/8/8/8/5n2/3B4/4K2r w - - 0 1",
        "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
        "8/8/8/3k4/4pP2/8/8/4K2B b - f3 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "3r4/8/8/8/q2RK3/8/8/7k w - - 0 1",
    ] {
        let native = Chess::from_fen(&ChessVariant, fen).expect("fen");
        let fairy = Fairy::<u64>::from_fen(&rules, fen).expect("fen");
        assert_eq!(moves(&fairy, GenKind::All), moves(&native, GenKind::All), "{fen}");
        assert_eq!(perft(&fairy, 3), perft(&native, 3), "{fen}");
    }
}
