//! `nue arena`: engine-against-engine matches refereed by nue's rules, run with the nue binary
//! itself as both engines, and with a scripted engine that breaks the rules.

mod common;

use common::{fresh_dir, run_nue};

const NUE: &str = env!("CARGO_BIN_EXE_nue");

/// The `+W =D -L` counts of the final result line.
fn wdl(stdout: &str) -> (u32, u32, u32) {
    let line = stdout.lines().find(|l| l.contains(" vs ")).expect("result line");
    let line = line.split_once(": ").expect("result").1;
    let num = |prefix: char| -> u32 {
        let at = line.find(prefix).expect("count");
        line[at + 1..]
            .split_whitespace()
            .next()
            .expect("n")
            .parse()
            .expect("number")
    };
    (num('+'), num('='), num('-'))
}

#[test]
fn nue_against_itself_in_chess_and_xiangqi() {
    for variant in ["chess", "xiangqi"] {
        let dir = fresh_dir(&format!("arena-{variant}"));
        let pgn = dir.join("games.pgn");
        let (code, out, err) = run_nue(&[
            "arena",
            "--variant",
            variant,
            "--engine-a",
            NUE,
            "--engine-b",
            NUE,
            "--nodes",
            "300",
            "--pairs",
            "2",
            "--concurrency",
            "2",
            "--pgn",
            pgn.to_str().expect("path"),
        ]);
        assert_eq!(code, 0, "{out}\n{err}");
        let (w, d, l) = wdl(&out);
        assert_eq!(w + d + l, 4, "{out}");
        // The same engine at a fixed node count plays each opening the same way with either
        // color: every pair is split.
        assert!(out.contains("pentanomial [0, 0, 2, 0, 0]"), "{out}");
        let games = std::fs::read_to_string(&pgn).expect("pgn");
        assert_eq!(games.matches("[Event \"nue arena\"]").count(), 4, "{games}");
        assert_eq!(games.matches(&format!("[Variant \"{variant}\"]")).count(), 4);
    }
}

#[cfg(unix)]
#[test]
fn an_illegal_move_loses_and_a_dead_engine_is_an_error() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fresh_dir("arena-bad");
    let script = dir.join("bad-engine.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read line; do case \"$line\" in\n uci) echo 'id name bad'; echo uciok;;\n \
         isready) echo readyok;;\n go*) echo 'bestmove a1a1';;\n quit) exit 0;;\n esac; done\n",
    )
    .expect("script");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let (code, out, err) = run_nue(&[
        "arena",
        "--engine-a",
        NUE,
        "--engine-b",
        script.to_str().expect("path"),
        "--nodes",
        "200",
        "--pairs",
        "2",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert_eq!(wdl(&out), (4, 0, 0), "{out}");
    assert!(out.contains("illegal move 4"), "{out}");

    let (code, _, err) = run_nue(&[
        "arena",
        "--engine-a",
        NUE,
        "--engine-b",
        "/nonexistent/engine",
        "--nodes",
        "200",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot start '/nonexistent/engine'"), "{err}");
}

#[test]
fn an_sprt_stops_at_its_decision() {
    // The chess net against the hand-crafted evaluation (hundreds of Elo apart): H1 of [0, 5]
    // is accepted long before the last of 300 pairs.
    let (code, out, err) = run_nue(&[
        "arena",
        "--engine-a",
        NUE,
        "--engine-b",
        NUE,
        "--option-b",
        "EvalFile=none",
        "--nodes",
        "1000",
        "--pairs",
        "300",
        "--concurrency",
        "2",
        "--sprt",
        "0",
        "5",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("SPRT [0, 5]: H1 accepted"), "{out}");
    let (w, d, l) = wdl(&out);
    assert!(w > l && w + d + l < 600, "{out}");
}
