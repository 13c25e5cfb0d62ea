//! USI protocol sessions against the real binary: the first command picks USI and shogi,
//! `usiok` after the options, readiness, positions from `startpos` and `sfen`, clocks with
//! byoyomi, `go infinite` and `stop`, pondering, `bestmove resign` and `bestmove win`,
//! `checkmate` answers to `go mate`, `gameover` with or without a result, mate scores in plies,
//! and malformed lines answered with `info string error` while the engine keeps running.

mod common;

use common::engine::{Engine, no_errors};
use nue::game::Position;
use nue::game::prelude::*;
use nue::game::shogi::{Shogi, ShogiVariant};
use std::time::Duration;

fn legal(line: &str, pos: &Position<Shogi>) {
    let parts: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(parts[0], "bestmove", "{line}");
    pos.board()
        .parse_move(parts[1])
        .unwrap_or_else(|e| panic!("illegal bestmove in {line}: {e}"));
}

fn start(moves: &[&str]) -> Position<Shogi> {
    let mut pos = Position::start(&ShogiVariant::USI);
    for m in moves {
        pos.play_str(m).expect("legal");
    }
    pos
}

#[test]
fn full_usi_session() {
    let mut e = Engine::start(&[]);
    let hello = e.ask("usi", "usiok");
    assert!(hello.iter().any(|l| l.starts_with("id name nue")));
    assert!(hello.iter().any(|l| l.starts_with("id author ")));
    for option in [
        "USI_Hash",
        "USI_Ponder",
        "Threads",
        "MultiPV",
        "EvalFile",
        "MaxMovesToDraw",
    ] {
        assert!(
            hello
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type "))),
            "{option}: {hello:?}"
        );
    }
    e.send("setoption name USI_Hash value 32");
    e.send("setoption name USI_Ponder value false");
    e.send("setoption name MaxMovesToDraw value 256");
    assert!(no_errors(&e.sync()));
    e.send("usinewgame");
    e.send("position startpos moves 7g7f 3c3d");
    let lines = e.ask("go btime 1000 wtime 1000 byoyomi 200", "bestmove");
    legal(lines.last().expect("bestmove"), &start(&["7g7f", "3c3d"]));
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("info");
    assert!(info.contains(" score ") && info.contains(" pv "), "{info}");

    e.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    let lines = e.ask("go byoyomi 100", "bestmove");
    let pos = Position::<Shogi>::from_fen(
        &ShogiVariant::USI,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    )
    .expect("valid");
    legal(lines.last().expect("bestmove"), &pos);

    e.send("position startpos");
    e.send("go infinite");
    e.until(Duration::from_secs(10), |l| l.starts_with("info depth 4 "));
    let lines = e.ask("stop", "bestmove");
    legal(lines.last().expect("bestmove"), &start(&[]));

    e.send("position startpos moves 7g7f");
    e.send("go ponder btime 1000 wtime 1000 byoyomi 100");
    e.until(Duration::from_secs(10), |l| l.starts_with("info depth 3 "));
    let lines = e.ask("ponderhit", "bestmove");
    legal(lines.last().expect("bestmove"), &start(&["7g7f"]));

    // A mate in one is reported in plies: "mate 1".
    e.send("position sfen 7lk/9/8S/9/9/9/9/7L1/8K b G 1");
    let lines = e.ask("go depth 4", "bestmove");
    assert!(lines.iter().any(|l| l.contains("score mate 1 ")), "{lines:?}");
    let lines = e.ask("go mate 2000", "checkmate");
    assert_eq!(lines.last().expect("answer"), "checkmate G*1b");

    // Mated: resign. A valid entering-king declaration: win.
    e.send("position sfen 8k/8G/8P/9/9/9/9/9/K8 w - 1");
    let lines = e.ask("go byoyomi 100", "bestmove");
    assert_eq!(lines.last().expect("bestmove"), "bestmove resign");
    e.send("position sfen RBGGKSS2/9/NNLL5/9/9/9/9/9/4k4 b 10P2g2s2n2l8p 1");
    let lines = e.ask("go byoyomi 100", "bestmove");
    assert_eq!(lines.last().expect("bestmove"), "bestmove win");
    e.send("position sfen RBGGKSS2/9/NNLL5/9/9/9/9/9/4k4 b 9P2g2s2n2l9p 1");
    let lines = e.ask("go byoyomi 100", "bestmove");
    assert_ne!(
        lines.last().expect("bestmove"),
        "bestmove win",
        "27 points are not enough for sente"
    );

    e.send("gameover win");
    e.send("gameover");
    assert!(no_errors(&e.sync()));
    assert_eq!(e.quit(), 0);
}

#[test]
fn malformed_usi_lines_keep_the_engine_running() {
    let mut e = Engine::start(&[]);
    e.ask("usi", "usiok");
    e.send("position startpos moves 2g2f");
    assert!(no_errors(&e.sync()));
    e.expect_error(
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
        "unknown piece letter",
    );
    e.expect_error("position sfen", "missing SFEN");
    e.expect_error("position startpos moves 7g7f 7g7f", "move 2 of the list");
    e.expect_error("position startpos moves P*5e", "not a legal move");
    e.expect_error("go btime", "missing number");
    e.expect_error("go mate soon", "go mate");
    e.expect_error("setoption name USI_Hash value -4", "expected a number");
    e.expect_error("setoption name NoSuchOption value 1", "unknown option");
    e.expect_error("fly", "unknown command");
    let lines = e.ask("d", "info string fen");
    assert!(
        lines
            .last()
            .expect("fen")
            .contains("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL")
            || lines.last().expect("fen").contains("7P1"),
        "{lines:?}"
    );
    let lines = e.ask("go byoyomi 100", "bestmove");
    legal(lines.last().expect("bestmove"), &start(&["2g2f"]));
    assert_eq!(e.quit(), 0);
}

#[test]
fn usi_variant_flag_and_uci_shogi() {
    // UCI can play shogi too, in Fairy-Stockfish's notation (`c3c4` is USI's `7g7f`), and
    // `--variant shogi` sets the default.
    let mut e = Engine::start(&["--variant", "shogi"]);
    e.ask("uci", "uciok");
    e.send("position startpos moves c3c4");
    let lines = e.ask("go depth 3", "bestmove");
    let mut pos = Position::start(&ShogiVariant::UCI);
    pos.play_str("c3c4").expect("legal");
    legal(lines.last().expect("bestmove"), &pos);
    // Switching games through UCI_Variant.
    e.send("setoption name UCI_Variant value chess");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("info string variant chess")),
        "{lines:?}"
    );
    e.send("position startpos moves e2e4");
    let lines = e.ask("go depth 3", "bestmove");
    assert!(lines.last().expect("bestmove").starts_with("bestmove "));
    assert_eq!(e.quit(), 0);
}

/// A shogi-like variant file over USI, as Fairy-Stockfish speaks it: `USI_Variant minishogi`,
/// SFEN positions (`b` for the first player, hands with counts), squares counted from the right
/// and lettered from the top (`1e1d`), drops `P*3c`, promotions `+`; the same moves as in UCI's
/// notation.
#[test]
fn minishogi_over_usi() {
    use nue::game::Dialect;
    use nue::game::fairy::{Fairy, FairyVariant};
    let mut e = Engine::start(&[]);
    e.ask("usi", "usiok");
    e.send("setoption name USI_Variant value minishogi");
    let hint = e.until(Duration::from_secs(10), |l| l.starts_with("info string variant"));
    assert!(
        hint.iter().any(|l| l.ends_with("startpos rbsgk/4p/5/P4/KGSBR b - 1")),
        "{hint:?}"
    );
    // White's rook e1-e2 is 1e1d; Black's drop of a pawn on c3 is `P*3c`.
    e.send("position sfen rbsgk/4p/5/P4/KGS1R b p 1 moves 1e1d P*3c");
    e.send("d");
    let d = e.until(Duration::from_secs(10), |l| l.starts_with("info string result"));
    no_errors(&d);
    assert!(
        d.iter().any(|l| l == "info string fen rbsgk/4p/2p2/P3R/KGS2 b - 3"),
        "{d:?}"
    );
    // Both notations name the same moves: USI's list equals UCI's, square by square.
    let def = nue::variant::load("minishogi").expect("built in");
    let uci = FairyVariant::<u64>::compile(&def).expect("valid");
    let usi = Fairy::<u64>::in_dialect(&uci, Dialect::Usi);
    let board = Fairy::<u64>::from_fen(&usi, "rbsgk/4p/5/P4/KGS2 b 2P 1").expect("SFEN");
    assert_eq!(board.to_fen(), "rbsgk/4p/5/P4/KGS2 b 2P 1");
    let same = Fairy::<u64>::from_fen(&uci, "rbsgk/4p/5/P4/KGS2[PP] w - - 0 1").expect("FEN");
    assert_eq!(board.count_legal(), same.count_legal());
    assert!(board.parse_move("P*3c").is_ok() && same.parse_move("P@c3").is_ok());
    for bad in [
        "rbsgk/4p/5/P4/KGSBR x - 1",
        "rbsgk/4p/5/P4/KGSBR b 2 1",
        "rbsgk/4p/5/P4/KGSBR b - 0",
    ] {
        assert!(Fairy::<u64>::from_fen(&usi, bad).is_err(), "{bad}");
    }
    e.send("position startpos moves 1e1d");
    e.send("go depth 3");
    let best = e.until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
    let mv = best
        .last()
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or_default()
        .to_string();
    let after = Fairy::<u64>::from_fen(&usi, "rbsgk/4p/5/P3R/KGSB1 w - 2").expect("SFEN");
    assert!(after.parse_move(&mv).is_ok(), "{best:?}");
    e.send("quit");
}
