//! Shogi in Fairy-Stockfish's UCI dialect (FEN with the hand in brackets, squares `a1`-`i9`,
//! drops `P@e5`, promotion `+`), which cutechess-cli and Fairy-Stockfish speak over UCI.
//! Data: `tests/data/shogi_uci.txt` (`scripts/pyffish_shogi_uci.py`): positions from random
//! games as pyffish prints them, cshogi's legal moves in that notation, a move and pyffish's FEN
//! after it. Shogi keeps no halfmove clock (no n-move rule), so the engine prints 0 where
//! pyffish counts plies; that field is left out of the comparison.

mod common;

use common::engine::{Engine, no_errors};
use nue::game::prelude::*;
use nue::game::shogi::{Shogi, ShogiVariant};
use nue::game::{GenKind, Position};
use std::time::Duration;

/// The FEN without its halfmove clock (the fifth field).
fn without_clock(fen: &str) -> String {
    fen.split_whitespace()
        .enumerate()
        .filter(|&(i, _)| i != 4)
        .map(|(_, f)| f)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn fens_moves_and_transitions_agree_with_pyffish() {
    let text = std::fs::read_to_string(common::data_dir().join("shogi_uci.txt")).expect("data");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let parts: Vec<&str> = line.split(" ; ").collect();
        let [fen, legal, played, after] = parts[..] else {
            panic!("malformed line: {line}")
        };
        let pos = Position::<Shogi>::from_fen(&ShogiVariant::UCI, fen).unwrap_or_else(|e| panic!("{e}: {fen}"));
        let board = pos.board();
        assert_eq!(without_clock(&board.to_fen()), without_clock(fen), "read back");
        let mut list = <Shogi as GameRules>::MoveList::default();
        board.generate(GenKind::All, &mut list);
        let mut ours: Vec<String> = list.iter().map(|&m| board.fmt_move(m)).collect();
        ours.sort();
        let expected: Vec<&str> = legal.split_whitespace().collect();
        assert_eq!(ours, expected, "legal moves of {fen}");
        for m in &ours {
            assert_eq!(board.fmt_move(board.parse_move(m).expect("own move")), *m);
        }
        let mut next = pos.clone();
        next.play_str(played).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            without_clock(&next.board().to_fen()),
            without_clock(after),
            "{fen} + {played}"
        );
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} positions");
}

#[test]
fn malformed_fsf_fens_are_refused_by_field() {
    for (fen, field) in [
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[ w - - 0 1",
            "hand",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[X] w - - 0 1",
            "hand",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] x - - 0 1",
            "side to move",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 0",
            "move number",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - x 1",
            "move number",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w 1 2 3",
            "move number",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 4294967295",
            "move number",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1[] w - - 0 1",
            "board",
        ),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "position"),
    ] {
        match Shogi::from_fen(&ShogiVariant::UCI, fen) {
            Ok(_) if field == "board" => {}
            Ok(_) => panic!("accepted: {fen}"),
            Err(e) => assert_eq!(e.field, field, "{fen}: {e}"),
        }
    }
    // cutechess-cli's and Fairy-Stockfish's start FENs are both read.
    for fen in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
    ] {
        let pos = Shogi::from_fen(&ShogiVariant::UCI, fen).expect(fen);
        assert_eq!(pos.hash(), Shogi::start(&ShogiVariant::UCI).hash());
    }
}

/// The move of the last line, `bestmove MOVE ...`.
fn best_move(lines: &[String]) -> String {
    let last = lines.last().expect("bestmove");
    last.split_whitespace().nth(1).expect("move").to_string()
}

#[test]
fn uci_session_speaks_the_dialect_and_usi_keeps_its_own() {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    engine.until(Duration::from_secs(10), |l| l == "uciok");
    engine.send("setoption name UCI_Variant value shogi");
    engine.send("position fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - 1 moves c3c4 g7g6 P@e5");
    let lines = engine.sync();
    assert!(
        lines.iter().any(|l| l.contains("error") && l.contains("P@e5")),
        "{lines:?}"
    );
    engine.send("position startpos moves c3c4 g7g6 b2g7+ h8g7");
    engine.send("go nodes 5000");
    let lines = engine.until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
    assert!(no_errors(&lines), "{lines:?}");
    let best = best_move(&lines);
    let mut pos = Position::<Shogi>::start(&ShogiVariant::UCI);
    for m in ["c3c4", "g7g6", "b2g7+", "h8g7"] {
        pos.play_str(m).expect("legal");
    }
    // pyffish: get_fen("shogi", start, ["c3c4", "g7g6", "b2g7+", "h8g7"]).
    assert_eq!(
        pos.board().to_fen(),
        "lnsgkgsnl/1r7/ppppppbpp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[b] w - - 0 3"
    );
    pos.board().parse_move(&best).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(engine.quit(), 0);

    let mut usi = Engine::start(&[]);
    usi.send("usi");
    usi.until(Duration::from_secs(10), |l| l == "usiok");
    usi.send("position startpos moves 7g7f 3c3d");
    usi.send("go nodes 2000");
    let lines = usi.until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
    let best = best_move(&lines);
    let mut pos = Position::<Shogi>::start(&ShogiVariant::USI);
    pos.play_str("7g7f").expect("legal");
    pos.play_str("3c3d").expect("legal");
    pos.board().parse_move(&best).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(usi.quit(), 0);
}
