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

/// Two pairs of nue against itself at 300 nodes a move, two games at once, writing the games to
/// `pgn`, with `extra` arguments; returns stdout and the PGN text.
fn two_pairs(pgn: &std::path::Path, extra: &[&str]) -> (String, String) {
    let path = pgn.to_str().expect("path");
    let mut args = vec![
        "arena",
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
        path,
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = run_nue(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    (out, std::fs::read_to_string(pgn).expect("pgn"))
}

#[test]
fn nue_against_itself_in_chess_and_xiangqi() {
    for variant in ["chess", "xiangqi"] {
        let dir = fresh_dir(&format!("arena-{variant}"));
        let pgn = dir.join("games.pgn");
        let (out, games) = two_pairs(&pgn, &["--variant", variant]);
        let (w, d, l) = wdl(&out);
        assert_eq!(w + d + l, 4, "{out}");
        // The same engine at a fixed node count plays each opening the same way with either
        // color: every pair is split.
        assert!(out.contains("pentanomial [0, 0, 2, 0, 0]"), "{out}");
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
    let script = script.to_str().expect("path");
    let against_script = |first: &[&str]| {
        let mut args = first.to_vec();
        args.extend_from_slice(&[
            "--engine-a",
            NUE,
            "--engine-b",
            script,
            "--nodes",
            "200",
            "--pairs",
            "2",
        ]);
        run_nue(&args)
    };
    let (code, out, err) = against_script(&["arena"]);
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

    // An engine without UCI_Variant would play chess instead of xiangqi: refused at the start.
    let (code, _, err) = against_script(&["arena", "--variant", "xiangqi"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no UCI_Variant option, so it cannot play xiangqi"),
        "{err}"
    );
}

/// A variant the engine does not list is refused, unless a variants file is given to it
/// (sent before `UCI_Variant`, whose list it extends).
#[test]
fn a_variant_the_engine_lacks_needs_its_variants_file() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/good.toml");
    let path = format!("VariantPath={file}");
    let arena = |option_b: &[&str]| {
        let mut args = vec!["arena", "--variant", file, "--engine-a", NUE, "--engine-b", NUE];
        args.extend_from_slice(&["--option-a", &path, "--nodes", "200", "--pairs", "1"]);
        args.extend_from_slice(option_b);
        run_nue(&args)
    };
    let (code, _, err) = arena(&[]);
    assert_eq!(code, 1);
    assert!(err.contains("UCI_Variant does not list testrider"), "{err}");
    let (code, out, err) = arena(&["--option-b", &path]);
    assert_eq!(code, 0, "{out}\n{err}");
    let (w, d, l) = wdl(&out);
    assert_eq!(w + d + l, 2, "{out}");
}

/// An option the engine does not list, or a spin value outside its range, stops the match
/// before a game: the engine would otherwise play every game without it.
#[test]
fn options_the_engine_lacks_are_refused() {
    for (option, says) in [
        ("NoSuchOption=1", "lists no option 'NoSuchOption'"),
        ("Hash=0", "option 'Hash' takes a number from 1 to"),
    ] {
        let args = [
            "arena",
            "--engine-a",
            NUE,
            "--engine-b",
            NUE,
            "--option-a",
            option,
            "--nodes",
            "200",
            "--pairs",
            "1",
        ];
        let (code, out, err) = run_nue(&args);
        assert_eq!(code, 1, "{out}\n{err}");
        assert!(err.contains(says), "{err}");
    }
}

/// `--nodes-a` gives engine A its own node count at fixed nodes (seen in what A is sent), B
/// keeps `--nodes`; without `--nodes` it is refused.
#[cfg(unix)]
#[test]
fn one_engine_gets_its_own_node_count() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fresh_dir("arena-nodes-a");
    let (script, log) = (dir.join("logged.sh"), dir.join("a.log"));
    std::fs::write(
        &script,
        format!("#!/bin/sh\ntee -a '{}' | exec '{NUE}'\n", log.display()),
    )
    .expect("script");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let script = script.to_str().expect("path");
    let args = [
        "arena",
        "--engine-a",
        script,
        "--engine-b",
        NUE,
        "--nodes",
        "300",
        "--nodes-a",
        "150",
    ];
    let (code, out, err) = run_nue(&[&args[..], &["--pairs", "1"]].concat());
    assert_eq!(code, 0, "{out}\n{err}");
    let sent = std::fs::read_to_string(&log).expect("log");
    assert!(sent.contains("go nodes 150"), "{sent}");
    assert!(!sent.contains("go nodes 300"), "{sent}");

    let timed = [&args[..5], &["--tc", "1+0.01", "--nodes-a", "150", "--pairs", "1"]].concat();
    let (code, _, err) = run_nue(&timed);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--nodes-a and --nodes-b need --nodes"), "{err}");
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

#[test]
fn draw_adjudication_ends_games_of_scores_near_zero() {
    // Any score short of a mate counts as near zero here: every game is adjudicated a draw at
    // ply 20 exactly (8 opening plies, then 12 reported scores), never before.
    let dir = fresh_dir("arena-draw");
    let extra = [
        "--resign-cp",
        "0",
        "--draw-cp",
        "30000",
        "--draw-plies",
        "4",
        "--draw-after",
        "20",
    ];
    let (out, games) = two_pairs(&dir.join("games.pgn"), &extra);
    assert_eq!(wdl(&out), (0, 4, 0), "{out}");
    assert!(out.contains("terminations: draw adjudication 4"), "{out}");
    assert_eq!(games.matches("[PlyCount \"20\"]").count(), 4, "{games}");
    assert_eq!(
        games.matches("[Termination \"draw adjudication\"]").count(),
        4,
        "{games}"
    );
}
