//! The `nue perft` command line: output format, variant names, and exit code 1 with a clear
//! message on bad input.

mod common;

use common::run_nue as nue;

#[test]
fn perft_prints_divide_then_totals() {
    let (code, out, _) = nue(&["perft", "3"]);
    assert_eq!(code, 0);
    let (moves, totals) = out.split_once("\n\n").expect("a blank line before the totals");
    let per_move: Vec<&str> = moves.lines().collect();
    assert_eq!(per_move.len(), 20, "{out}");
    assert!(per_move.contains(&"e2e4: 600"), "{out}");
    let tail: Vec<&str> = totals.lines().collect();
    assert_eq!(tail[0], "Nodes searched: 8902");
    assert!(tail[1].starts_with("Time (ms): "));
    assert!(tail[2].starts_with("Nodes/second: "));
}

#[test]
fn perft_accepts_fen_and_chess960_names() {
    for variant in ["chess", "chess960", "fischerandom"] {
        let (code, out, _) = nue(&[
            "perft",
            "--variant",
            variant,
            "--fen",
            "bqrbkrnn/pppppppp/8/8/8/8/PPPPPPPP/BQRBKRNN w FCfc - 0 1",
            "3",
        ]);
        assert_eq!(code, 0);
        assert!(out.contains("Nodes searched: 7708"), "{out}");
    }
}

#[test]
fn bad_fen_exits_1_with_the_reason() {
    let (code, out, err) = nue(&[
        "perft",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("unknown piece letter 'X'"), "{err}");
    let (code, _, err) = nue(&["perft", "--fen", "", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("empty FEN"), "{err}");
}

#[test]
fn unknown_variant_exits_1() {
    let (code, _, err) = nue(&["perft", "--variant", "nosuchgame", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown variant 'nosuchgame'"), "{err}");
}
