//! The option sequences that variant servers' clients send, verbatim from their sources
//! (lichess's fishnet, pychess's fairyfishnet, lishogi's shoginet, lichess-bot through
//! python-chess): every line is accepted without an error and each option is honoured (`Use
//! NNUE` switches the evaluator, `Skill Level` searches several lines and gives up the best
//! move, `UCI_AnalyseMode` sets the handicap aside).

mod common;

use common::engine::{Engine, no_errors};

/// The `bestmove` of a search answered to `go` after `setup` lines.
fn best(e: &mut Engine, go: &str) -> (String, Vec<String>) {
    let lines = e.ask(go, "bestmove");
    let best = lines
        .last()
        .expect("bestmove")
        .split_whitespace()
        .nth(1)
        .expect("move")
        .to_string();
    (best, lines)
}

fn lines_searched(lines: &[String]) -> usize {
    lines
        .iter()
        .filter_map(|l| {
            l.split(" multipv ")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse::<usize>()
                .ok()
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn fishnet_sequence_without_a_handshake() {
    // fishnet (src/stockfish.rs) sends no `uci`: options, then `isready`, then per chunk.
    let mut e = Engine::start(&[]);
    e.send("setoption name UCI_Chess960 value true");
    assert!(no_errors(&e.sync()));
    e.send("ucinewgame");
    e.send("setoption name Use NNUE value false");
    e.send("setoption name UCI_AnalyseMode value true");
    e.send("setoption name UCI_Variant value crazyhouse");
    e.send("setoption name MultiPV value 1");
    e.send("setoption name Skill Level value 20");
    let before = e.sync();
    assert!(no_errors(&before), "{before:?}");
    assert!(
        before.iter().any(|l| l.contains("hand-crafted")),
        "Use NNUE false: {before:?}"
    );
    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 moves ");
    let (_, lines) = best(&mut e, "go nodes 20000 depth 8");
    assert!(no_errors(&lines), "{lines:?}");
    // A play job at lichess level 1: Skill Level -9, movetime 50, depth 5.
    e.send("setoption name UCI_AnalyseMode value false");
    e.send("setoption name Skill Level value -9");
    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 moves e2e4");
    let (_, lines) = best(&mut e, "go movetime 50 depth 5 wtime 60000 btime 60000 winc 0 binc 0");
    assert!(no_errors(&lines), "{lines:?}");
    assert!(lines_searched(&lines) >= 4, "a handicap searches 4 lines: {lines:?}");
    // Use NNUE back on: the variant's net.
    e.send("setoption name Use NNUE value true");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("net")) && no_errors(&lines),
        "{lines:?}"
    );
    assert_eq!(e.quit(), 0);
}

#[test]
fn fairyfishnet_and_shoginet_sequences() {
    // fairyfishnet.py: lower-case names at start, then per job.
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send("setoption name threads value 1");
    e.send("setoption name hash value 16");
    assert!(no_errors(&e.sync()));
    for (variant, fen) in [
        (
            "xiangqi",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ),
        ("makruk", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"),
    ] {
        e.send("setoption name UCI_Chess960 value false");
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("setoption name Skill Level value 3");
        e.send("setoption name UCI_AnalyseMode value false");
        e.send("ucinewgame");
        assert!(no_errors(&e.sync()));
        e.send(&format!("position fen {fen} moves "));
        let (_, lines) = best(
            &mut e,
            "go movetime 150 depth 2 wtime 60000 btime 60000 winc 2000 binc 2000",
        );
        assert!(no_errors(&lines), "{lines:?}");
        // Analysis: full strength, one line.
        e.send("setoption name Skill Level value 20");
        e.send("setoption name UCI_AnalyseMode value true");
        e.send(&format!("position fen {fen} moves "));
        let (_, lines) = best(&mut e, "go movetime 4000 nodes 20000");
        assert_eq!(lines_searched(&lines), 1, "{lines:?}");
    }
    assert_eq!(e.quit(), 0);

    // shoginet (src/engine.ts) with Fairy-Stockfish's names: note `Skill_Level`.
    let mut e = Engine::start(&[]);
    e.ask("usi", "usiok");
    e.send("setoption name Threads value 1");
    e.send("setoption name USI_Hash value 64");
    assert!(no_errors(&e.sync()));
    e.send("setoption name USI_Variant value minishogi");
    e.send("setoption name USI_AnalyseMode value true");
    e.send("setoption name Skill_Level value 20");
    e.send("setoption name USI_MultiPV value 3");
    e.send("usinewgame");
    assert!(no_errors(&e.sync()));
    e.send("position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves ");
    let (_, lines) = best(&mut e, "go movetime 1000 depth 6 nodes 100000");
    assert!(no_errors(&lines), "{lines:?}");
    assert_eq!(lines_searched(&lines), 3, "{lines:?}");
    assert_eq!(e.quit(), 0);
}

#[test]
fn lichess_bot_default_options() {
    // lichess-bot's config.yml.default `uci_options`, then what python-chess adds.
    let mut e = Engine::start(&[]);
    let hello = e.ask("uci", "uciok");
    for option in [
        "Move Overhead",
        "Threads",
        "Hash",
        "SyzygyPath",
        "UCI_ShowWDL",
        "UCI_AnalyseMode",
    ] {
        assert!(
            hello
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type "))),
            "python-chess refuses options an engine does not list: {option}"
        );
    }
    e.send("setoption name Move Overhead value 100");
    e.send("setoption name Threads value 1");
    e.send("setoption name Hash value 64");
    e.send("setoption name SyzygyPath value ./syzygy/");
    e.send("setoption name UCI_ShowWDL value true");
    e.send("setoption name UCI_AnalyseMode value false");
    e.send("setoption name Ponder value false");
    e.send("ucinewgame");
    let lines = e.sync();
    assert!(no_errors(&lines), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("SyzygyPath")),
        "the path is said to be unused: {lines:?}"
    );
    e.send("position startpos moves e2e4");
    let (_, lines) = best(&mut e, "go wtime 5000 btime 5000 winc 100 binc 100");
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("info");
    let wdl: Vec<u32> = info
        .split(" wdl ")
        .nth(1)
        .expect("UCI_ShowWDL: a wdl field")
        .split_whitespace()
        .take(3)
        .map(|v| v.parse().expect("permille"))
        .collect();
    assert_eq!(wdl.iter().sum::<u32>(), 1000, "{info}");
    assert_eq!(e.quit(), 0);
}

#[test]
fn skill_levels_give_up_the_best_move() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    // A rook hangs: full strength takes it every time.
    let fen = "4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1";
    e.send(&format!("position fen {fen}"));
    let (full, _) = best(&mut e, "go depth 6");
    assert_eq!(full, "d2d5");
    e.send("setoption name Skill Level value -20");
    let weak: Vec<String> = (0..6)
        .map(|_| {
            e.send(&format!("position fen {fen}"));
            let (mv, lines) = best(&mut e, "go depth 6");
            // The last first line shown starts with the move played, as Stockfish shows it.
            let last_pv = lines
                .iter()
                .rev()
                .find(|l| l.contains(" multipv 1 ") && l.contains(" pv "))
                .and_then(|l| l.split(" pv ").nth(1))
                .and_then(|pv| pv.split_whitespace().next());
            assert_eq!(last_pv, Some(mv.as_str()), "{lines:?}");
            mv
        })
        .collect();
    assert!(
        weak.iter().any(|m| m != "d2d5"),
        "level -20 always took the rook: {weak:?}"
    );
    // UCI_LimitStrength at the top of the range is full strength again.
    e.send("setoption name Skill Level value 20");
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 2850");
    e.send(&format!("position fen {fen}"));
    let lines = e.ask("go depth 6", "bestmove");
    assert_eq!(lines_searched(&lines), 1, "{lines:?}");
    assert_eq!(e.quit(), 0);
}
