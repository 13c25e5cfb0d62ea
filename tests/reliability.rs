//! Regression tests for what a hostile or careless GUI could do to the engine (issue
//! "Reliability"): each of these hung, aborted or misbehaved before its fix.

mod common;

use common::engine::Engine;
use common::run_nue;
use std::time::Duration;

const SHORT: Duration = Duration::from_secs(5);

/// Options that need the searcher, sent while `go infinite` or `go ponder` runs, must not
/// block the input thread: `isready` is answered at once, `stop` ends the search, and the
/// deferred change takes effect after it.
#[test]
fn setoption_and_newgame_during_an_endless_search_do_not_block() {
    for (start, go, lines) in [
        (
            "uci",
            "go infinite",
            &[
                "setoption name Hash value 64",
                "setoption name EvalFile value none",
                "ucinewgame",
            ][..],
        ),
        ("uci", "go ponder", &["setoption name Hash value 32", "ucinewgame"][..]),
        (
            "usi",
            "go infinite",
            &[
                "setoption name USI_Hash value 64",
                "setoption name EvalFile value none",
                "usinewgame",
            ][..],
        ),
    ] {
        let mut e = Engine::start(&[]);
        e.ask(start, if start == "usi" { "usiok" } else { "uciok" });
        e.sync();
        e.send("position startpos");
        e.send(go);
        for line in lines {
            e.send(line);
        }
        e.send("isready");
        e.until(SHORT, |l| l == "readyok");
        e.send("stop");
        e.until(SHORT, |l| l.starts_with("bestmove"));
        // The engine goes on: another search with the new settings.
        e.send("go depth 3");
        e.until(SHORT, |l| l.starts_with("bestmove"));
        assert_eq!(e.quit(), 0);
    }
}

/// A table the machine cannot give is refused with an error, and the old one is kept.
#[test]
fn an_impossible_hash_size_is_an_error_not_an_abort() {
    let mut e = Engine::start(&[]);
    let listing = e.ask("uci", "uciok");
    let max: u64 = listing
        .iter()
        .find_map(|l| l.strip_prefix("option name Hash type spin default 16 min 1 max "))
        .and_then(|m| m.parse().ok())
        .expect("a Hash option");
    // At most half the machine's memory is advertised.
    let total_mib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| t.lines().find_map(|l| l.strip_prefix("MemTotal:")).map(str::to_string))
        .and_then(|v| v.split_whitespace().next().and_then(|n| n.parse::<u64>().ok()))
        .map(|kib| kib / 1024);
    if let Some(total) = total_mib {
        assert!(max <= total / 2 + 16, "advertises {max} MiB of {total}");
    }
    e.expect_error("setoption name Hash value 1048577", "expected a number from 1 to");
    e.send("position startpos");
    e.send("go depth 2");
    e.until(SHORT, |l| l.starts_with("bestmove"));
    assert_eq!(e.quit(), 0);
}

/// Bytes that are not UTF-8 get an error; the engine keeps reading.
#[test]
fn a_line_that_is_not_utf8_is_an_error() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send_bytes(b"\xff\xfe go depth 1");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("not UTF-8")), "{lines:?}");
    e.send("go depth 1");
    e.until(SHORT, |l| l.starts_with("bestmove"));
    assert_eq!(e.quit(), 0);
}

/// A long unknown command is not echoed back whole.
#[test]
fn a_long_unknown_command_is_echoed_cut() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send(&"z".repeat(200_000));
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("unknown command") && l.len() < 200),
        "{:?}",
        lines.iter().map(|l| l.len()).collect::<Vec<_>>()
    );
    assert_eq!(e.quit(), 0);
}

/// `go perft` runs beside the input thread: `isready` is answered while it counts, `stop`
/// ends it with partial counts, and `quit` does not wait for it.
#[test]
fn go_perft_can_be_stopped() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send("position startpos");
    e.send("go perft 9");
    e.send("isready");
    e.until(SHORT, |l| l == "readyok");
    e.send("stop");
    let lines = e.until(SHORT, |l| l.starts_with("Nodes/second"));
    assert!(lines.iter().any(|l| l.contains("perft stopped")), "{lines:?}");
    e.send("go perft 9");
    assert_eq!(e.quit(), 0);
}

/// Found by fuzzing: `go perft 3000` recursed 3000 plies deep on a line that never ends and
/// overflowed its thread's stack, aborting the engine. Depths past 64 are refused, in the
/// protocol and on the command line.
#[test]
fn an_absurd_perft_depth_is_refused() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send("setoption name Threads value 2");
    e.expect_error("go perft 3000", "at most 64 plies");
    e.send("go perft 2");
    e.until(SHORT, |l| l.starts_with("Nodes/second"));
    assert_eq!(e.quit(), 0);
    let (code, _, err) = common::run_nue(&["perft", "3000"]);
    assert_ne!(code, 0);
    assert!(err.contains("expected a depth from 0 to 64"), "{err}");
}

/// Zero and negative clock values: the engine moves at once (a warning for the negative
/// ones) instead of searching without end.
#[test]
fn zero_and_negative_times_move_at_once() {
    for (start, go) in [
        ("usi", "go byoyomi 0"),
        ("usi", "go byoyomi -1"),
        ("usi", "go binc -5"),
        ("uci", "go wtime -5"),
        ("uci", "go winc -5"),
        ("uci", "go wtime 0 btime 0"),
    ] {
        let mut e = Engine::start(&[]);
        e.ask(start, if start == "usi" { "usiok" } else { "uciok" });
        e.sync();
        e.send("position startpos");
        e.send(go);
        let lines = e.until(SHORT, |l| l.starts_with("bestmove"));
        if go.contains('-') {
            assert!(lines.iter().any(|l| l.contains("negative time")), "{go}: {lines:?}");
        }
        assert_eq!(e.quit(), 0);
    }
}

/// Thread and line counts on the command line are capped like the options.
#[test]
fn absurd_thread_counts_are_refused_on_the_command_line() {
    for args in [
        &["go", "--threads", "100000", "--depth", "1"][..],
        &["go", "--threads", "0", "--depth", "1"][..],
        &["go", "--multipv", "0", "--depth", "1"][..],
        &["perft", "--threads", "100000", "1"][..],
    ] {
        let (code, _, err) = run_nue(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("from 1 to 256"), "{args:?}: {err}");
    }
}

/// Special files are refused with an error instead of being read until memory runs out.
#[test]
fn special_files_are_refused_not_read_forever() {
    let zero = "/dev/zero";
    if !std::path::Path::new(zero).exists() {
        return;
    }
    for args in [
        &["check", zero][..],
        &["netinfo", zero][..],
        &["data", "stats", zero][..],
        &["perft", "--variant", zero, "1"][..],
    ] {
        let (code, _, err) = run_nue(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(!err.contains("memory allocation"), "{args:?}: {err}");
    }
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.expect_error(&format!("setoption name EvalFile value {zero}"), "not a regular file");
    e.expect_error(
        &format!("setoption name VariantPath value {zero}"),
        "not a regular file",
    );
    // A variant file inheriting from /dev/zero.
    let dir = common::fresh_dir("special");
    let file = dir.join("zero.toml");
    std::fs::write(&file, format!("inherits = \"{zero}\"\nname = \"z\"\n")).expect("write");
    let (code, out, err) = run_nue(&["check", &file.display().to_string()]);
    assert_ne!(code, 0);
    assert!(format!("{out}{err}").contains("not a regular file"), "{out}{err}");
    e.send("go depth 1");
    e.until(SHORT, |l| l.starts_with("bestmove"));
    assert_eq!(e.quit(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A data file with damaged records is refused with the file and the record's number, by
/// `train` and `data stats` alike, instead of a panic inside the trainer.
#[test]
fn damaged_training_data_is_refused_with_the_record() {
    let dir = common::fresh_dir("damaged");
    let data = dir.join("shogi.bin").display().to_string();
    let (code, _, err) = run_nue(&[
        "datagen",
        "--variant",
        "shogi",
        "--games",
        "2",
        "--nodes",
        "200",
        "--threads",
        "1",
        "--out",
        &data,
    ]);
    assert_eq!(code, 0, "{err}");
    let mut bytes = std::fs::read(&data).expect("data");
    let size = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes")) as usize;
    let header = 24 + u32::from_le_bytes(bytes[20..24].try_into().expect("4 bytes")) as usize;
    assert!(bytes.len() >= header + 3 * size, "too few records");
    // Record 2: every square occupied, every piece code and hand count at its maximum.
    let second = header + size;
    bytes[second + 3..second + size].fill(0xff);
    std::fs::write(&data, &bytes).expect("write");
    let net = dir.join("n.nnue").display().to_string();
    for args in [
        &[
            "train",
            "--variant",
            "shogi",
            "--data",
            &data,
            "--out",
            &net,
            "--epochs",
            "1",
            "--hidden",
            "64",
        ][..],
        &["data", "stats", &data][..],
    ] {
        let (code, _, err) = run_nue(args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("record 2") && err.contains("shogi.bin"), "{args:?}: {err}");
    }
    // A hand count beyond the hand's size alone (the last bytes hold the hands).
    let first = bytes[header..header + size].to_vec();
    bytes[second..second + size].copy_from_slice(&first);
    let last = second + size - 1;
    bytes[last] = 0xff;
    std::fs::write(&data, &bytes).expect("write");
    let (code, _, err) = run_nue(&["data", "stats", &data]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("record 2"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The halfmove clock saturates instead of wrapping to 0 after 65535 reversible plies.
#[test]
fn the_halfmove_clock_does_not_wrap() {
    use nue::game::chess::{Chess, ChessVariant};
    use nue::game::prelude::*;
    let mut board = Chess::from_fen(&ChessVariant, "4k3/8/8/8/8/8/8/4K1N1 w - - 65535 40000").expect("valid");
    let mv = board.parse_move("g1f3").expect("legal");
    board.play(mv, &mut nue::game::Dirty::default());
    assert!(board.to_fen().ends_with(" 65535 40000"), "{}", board.to_fen());
    assert!(board.reversible_plies() >= 100);
}

/// `searchmoves` naming no legal move is an error, and the engine searches every move rather
/// than answering the null move.
#[test]
fn searchmoves_without_a_legal_move_is_an_error() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send("position startpos");
    e.send("go depth 3 searchmoves e2e5 a1a8");
    let lines = e.until(SHORT, |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.contains("'e2e5' is not a legal move")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("searching every move")), "{lines:?}");
    let best = lines.last().expect("bestmove");
    assert!(!best.contains("0000"), "{best}");
    assert_eq!(e.quit(), 0);
}

/// A datagen run that plays no game says so and fails.
#[test]
fn datagen_that_plays_no_game_is_an_error() {
    let dir = common::fresh_dir("nogame");
    let out = dir.join("d.bin").display().to_string();
    let (code, _, err) = run_nue(&[
        "datagen",
        "--games",
        "2",
        "--nodes",
        "100",
        "--threads",
        "1",
        "--random-plies",
        "400",
        "--out",
        &out,
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no game was played"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `makenet --variants` checks every name before its first run starts.
#[test]
fn makenet_refuses_an_unknown_variant_before_any_run() {
    let dir = common::fresh_dir("makenet-names");
    let runs = dir.join("runs").display().to_string();
    let (code, out, err) = run_nue(&[
        "makenet",
        "--variants",
        "chess,nosuchgame",
        "--dir",
        &runs,
        "--games",
        "2",
    ]);
    assert_ne!(code, 0, "{out}");
    assert!(err.contains("nosuchgame"), "{err}");
    assert!(!dir.join("runs").join("chess").exists(), "chess's run started: {out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A command whose reader goes away ends quietly (SIGPIPE), never with a panic: the read end
/// is closed before the engine writes its first line.
#[test]
fn a_closed_pipe_ends_output_quietly() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nue"))
        .arg("variants")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{err}");
}

/// `netinfo` checks the whole file as `EvalFile` would: truncated, padded and absurd-width
/// files are refused.
#[test]
fn netinfo_refuses_what_evalfile_refuses() {
    let dir = common::fresh_dir("netinfo");
    let good = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/chess.nnue")).expect("the chess net");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        path.display().to_string()
    };
    let (code, out, err) = run_nue(&["netinfo", &write("good.nnue", &good)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("layout matches: chess"), "{out}");
    let mut padded = good.clone();
    padded.extend_from_slice(&[0; 8]);
    let mut width = good.clone();
    width[24..28].copy_from_slice(&100_000u32.to_le_bytes());
    for (name, bytes, words) in [
        ("truncated.nnue", &good[..good.len() - 100], "truncated"),
        ("padded.nnue", &padded[..], "trailing bytes"),
        ("width.nnue", &width[..], "header implies"),
    ] {
        let (code, _, err) = run_nue(&["netinfo", &write(name, bytes)]);
        assert_eq!(code, 1, "{name}");
        assert!(err.contains(words), "{name}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `go` sent before the previous search's `bestmove` (after `stop`, or during `go infinite`)
/// stops that search, which answers first; the new search then answers too. Every `go` gets
/// its `bestmove` (before, the second was refused with an error and never answered).
#[test]
fn go_while_a_search_runs_gets_its_own_bestmove() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send("position startpos");
    e.send("go infinite");
    e.send("stop");
    e.send("go depth 3");
    e.send("go infinite");
    e.send("go depth 2");
    let mut lines = Vec::new();
    for _ in 0..4 {
        lines.extend(e.until(SHORT, |l| l.starts_with("bestmove")));
    }
    lines.extend(e.sync());
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert_eq!(e.quit(), 0);
}
