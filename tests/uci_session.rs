//! UCI protocol sessions against the real binary: the full command set, info line fields,
//! legal best moves, stop and ponderhit, and every malformed line answered with
//! `info string error` while the engine keeps its state.

mod common;

use common::engine::{Engine, no_errors};
use nue::game::Position;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::prelude::*;
use std::time::{Duration, Instant};

/// Checks `bestmove` is legal in `pos` (and `ponder` legal after it); returns the move.
fn check_bestmove(line: &str, pos: &Position<Chess>) -> String {
    let parts: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(parts[0], "bestmove", "{line}");
    let best = parts[1];
    pos.board()
        .parse_move(best)
        .unwrap_or_else(|e| panic!("illegal bestmove in {line}: {e}"));
    if parts.len() > 2 {
        assert_eq!(parts[2], "ponder", "{line}");
        let mut next = pos.clone();
        next.play_str(best).expect("legal");
        next.board()
            .parse_move(parts[3])
            .unwrap_or_else(|e| panic!("illegal ponder move in {line}: {e}"));
    }
    best.to_string()
}

fn check_info(lines: &[String], bestmove: &str) {
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!infos.is_empty(), "no info lines: {lines:?}");
    for info in &infos {
        for field in [
            " seldepth ",
            " multipv ",
            " score ",
            " nodes ",
            " nps ",
            " hashfull ",
            " time ",
            " pv ",
        ] {
            assert!(info.contains(field), "missing{field}in {info}");
        }
        let pv_at = info.find(" pv ").expect("pv");
        assert!(!info[pv_at + 4..].contains(" score "), "pv must come last: {info}");
    }
    let last = infos.last().expect("an info line");
    let pv_first = last
        .split(" pv ")
        .nth(1)
        .and_then(|p| p.split_whitespace().next())
        .expect("pv move");
    assert_eq!(pv_first, bestmove, "bestmove must be the first move of the last PV");
}

fn start_pos(moves: &[&str]) -> Position<Chess> {
    let mut pos = Position::start(&ChessVariant);
    for m in moves {
        pos.play_str(m).expect("legal");
    }
    pos
}

#[test]
fn full_session() {
    let mut e = Engine::start(&[]);
    let hello = e.ask("uci", "uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name nue")));
    assert!(hello.iter().any(|l| l.starts_with("id author ")));
    for option in [
        "Hash",
        "Threads",
        "MultiPV",
        "Move Overhead",
        "EvalFile",
        "UCI_Variant",
        "UCI_Chess960",
        "Ponder",
    ] {
        assert!(
            hello
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type "))),
            "option {option} missing: {hello:?}"
        );
    }
    assert!(no_errors(&e.sync()));
    e.send("setoption name Hash value 32");
    e.send("setoption name Threads value 2");
    e.send("setoption name Move Overhead value 20");
    e.send("ucinewgame");
    let lines = e.sync();
    assert!(no_errors(&lines), "options should be accepted: {lines:?}");

    e.send("position startpos moves e2e4 e7e5");
    let lines = e.ask("go depth 6", "bestmove");
    let best = check_bestmove(lines.last().expect("bestmove"), &start_pos(&["e2e4", "e7e5"]));
    check_info(&lines, &best);

    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    e.send(&format!("position fen {fen} moves e1g1"));
    let lines = e.ask("go nodes 20000", "bestmove");
    let mut pos = Position::<Chess>::from_fen(&ChessVariant, fen).expect("valid");
    pos.play_str("e1g1").expect("legal");
    check_bestmove(lines.last().expect("bestmove"), &pos);

    e.send("position startpos");
    let lines = e.ask("go movetime 200", "bestmove");
    check_bestmove(lines.last().expect("bestmove"), &start_pos(&[]));

    let lines = e.ask("go wtime 2000 btime 2000 winc 20 binc 20", "bestmove");
    check_bestmove(lines.last().expect("bestmove"), &start_pos(&[]));

    e.send("setoption name Threads value 1");
    // A node limit is kept to within the check interval (limit / 1024 nodes, 4 here), not
    // overshot by up to 1,023 nodes.
    let lines = e.ask("go nodes 5000", "bestmove");
    let last_nodes = lines
        .iter()
        .rev()
        .find_map(|l| {
            l.split(" nodes ")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse::<u64>()
                .ok()
        })
        .expect("an info line with nodes");
    assert!(
        (4_996..=5_004).contains(&last_nodes),
        "go nodes 5000 searched {last_nodes}: {lines:?}"
    );
    e.send("setoption name MultiPV value 3");
    let lines = e.ask("go depth 5", "bestmove");
    assert!(lines.iter().any(|l| l.contains(" multipv 3 ")), "{lines:?}");
    e.send("setoption name MultiPV value 1");

    // go infinite runs until stop, then answers at once.
    e.send("go infinite");
    e.until(Duration::from_secs(10), |l| l.starts_with("info depth 6 "));
    let asked = Instant::now();
    let lines = e.ask("stop", "bestmove");
    let answered = asked.elapsed();
    check_bestmove(lines.last().expect("bestmove"), &start_pos(&[]));
    assert!(answered < Duration::from_millis(500), "stop took {answered:?}");

    // Pondering: no bestmove before ponderhit.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 1000 btime 1000");
    e.until(Duration::from_secs(10), |l| l.starts_with("info depth 3 "));
    let lines = e.ask("ponderhit", "bestmove");
    check_bestmove(lines.last().expect("bestmove"), &start_pos(&["e2e4", "e7e5"]));
    assert!(no_errors(&e.sync()));
    assert_eq!(e.quit(), 0);
}

#[test]
fn malformed_lines_keep_state_and_engine_running() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send("position startpos moves d2d4");
    assert!(no_errors(&e.sync()));

    e.expect_error("go wtime", "missing number");
    e.expect_error("go depth x", "expected a non-negative number");
    e.expect_error("go sideways 3", "unknown parameter");
    e.expect_error(
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "unknown piece letter",
    );
    e.expect_error("position fen", "missing FEN");
    e.expect_error("position startpos moves e2e4 e2e4", "move 2 of the list");
    e.expect_error("position startpos moves e9e4", "expected squares");
    e.expect_error("position sideways", "expected 'startpos' or 'fen'");
    e.expect_error("setoption name NoSuchOption value 3", "unknown option");
    e.expect_error("setoption name Hash value lots", "expected a number");
    e.expect_error("setoption name Threads value 0", "from 1 to 256");
    e.expect_error("setoption name UCI_Variant value nosuchgame", "unknown variant");
    e.expect_error("frobnicate", "unknown command");
    e.expect_error("\u{1}\u{2}garbage\u{7f}", "unknown command");

    // The position after d2d4 survived every bad line.
    let lines = e.ask("d", "info string fen");
    assert!(
        lines
            .last()
            .expect("fen")
            .ends_with("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"),
        "{lines:?}"
    );
    let lines = e.ask("go depth 4", "bestmove");
    check_bestmove(lines.last().expect("bestmove"), &start_pos(&["d2d4"]));
    assert_eq!(e.quit(), 0);
}

#[test]
fn game_over_positions_answer_null_move() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let lines = e.ask("go depth 3", "bestmove");
    assert_eq!(lines.last().expect("bestmove"), "bestmove 0000");
    // A mate in one is scored as mate 1.
    e.send("position fen 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    let lines = e.ask("go depth 4", "bestmove");
    assert!(lines.iter().any(|l| l.contains("score mate 1 ")), "{lines:?}");
    assert_eq!(e.quit(), 0);
}

#[test]
fn end_of_input_lets_a_finite_search_finish() {
    let mut e = Engine::start(&[]);
    e.send("position startpos");
    e.send("go depth 4");
    let (seen, code) = e.close();
    assert!(seen.iter().any(|l| l.starts_with("bestmove ")), "{seen:?}");
    assert_eq!(code, 0);
}

/// GUIs and match runners send options in any order: an `EvalFile` for a variant set before
/// `UCI_Variant` is reported as not fitting chess, kept, and used once the variant is selected;
/// switching back to chess says so again and plays on chess's own net.
#[test]
fn eval_file_before_uci_variant_applies_to_the_variant() {
    use nue::game::fairy::{Fairy, FairyVariant};
    use nue::nnue::FeatureLayout;
    let dir = common::fresh_dir("evalfile-order");
    let koth = FairyVariant::<u64>::compile(&nue::variant::load("kingofthehill").expect("built in")).expect("builds");
    // The chess net's weights under king of the hill's layout hash (the same shape).
    let mut bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/chess.nnue")).expect("chess net");
    bytes[12..20].copy_from_slice(&FeatureLayout::of::<Fairy<u64>>(&koth).hash.to_le_bytes());
    let net = dir.join("koth.nnue");
    std::fs::write(&net, &bytes).expect("write");
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send(&format!("setoption name EvalFile value {}", net.display()));
    e.send("setoption name UCI_Variant value kingofthehill");
    let lines = e.ask("isready", "readyok");
    assert!(
        lines.iter().any(|l| l.contains("made for another variant")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("using NNUE 768x256") && l.contains("koth.nnue")),
        "{lines:?}"
    );
    e.send("position startpos moves e2e4");
    let lines = e.ask("go depth 4", "bestmove");
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")), "{lines:?}");
    e.send("setoption name UCI_Variant value chess");
    let lines = e.ask("isready", "readyok");
    assert!(
        lines.iter().any(|l| l.contains("error: ") && l.contains("koth.nnue")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("using the embedded")), "{lines:?}");
    assert_eq!(e.quit(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn eval_file_option() {
    use nue::nnue::{Activation, FeatureLayout, Network, format};
    let dir = common::fresh_dir("evalfile");
    let layout = FeatureLayout::of::<Chess>(&ChessVariant);
    let mut net = Network::<64>::zeroed(layout, Activation::SCReLU, 1);
    net.description = "zero net".into();
    let good = dir.join("good.nnue");
    std::fs::write(&good, format::write(&net)).expect("write net");
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"NUENNUE1 but nothing else").expect("write");

    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send("setoption name EvalFile value none");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("hand-crafted evaluation (EvalFile none)")),
        "{lines:?}"
    );
    e.expect_error(
        &format!("setoption name EvalFile value {}", dir.join("missing.nnue").display()),
        "cannot read",
    );
    e.expect_error(&format!("setoption name EvalFile value {}", bad.display()), "bad.nnue");
    e.send(&format!("setoption name EvalFile value {}", good.display()));
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("using NNUE 768x64 'zero net'")),
        "{lines:?}"
    );
    let lines = e.ask("go depth 3", "bestmove");
    check_bestmove(lines.last().expect("bestmove"), &start_pos(&[]));
    assert_eq!(e.quit(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}
