//! Fairy variants over UCI: `UCI_Variant` lists and switches to them, the `info string variant`
//! hint, `VariantPath` loads a user file, `--variant FILE.toml` starts on it, and searches return
//! legal moves in the variant's notation.

mod common;

use common::engine::Engine;
use nue::game::fairy::{Fairy, FairyVariant};
use nue::game::prelude::*;
use std::sync::Arc;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

fn rules(spec: &str) -> Arc<FairyVariant<u128>> {
    FairyVariant::<u128>::compile(&nue::variant::load(spec).expect("loads")).expect("builds")
}

fn bestmove(e: &mut Engine) -> String {
    let lines = e.until(T, |l| l.starts_with("bestmove"));
    let last = lines.last().cloned().unwrap_or_default();
    assert!(lines.iter().any(|l| l.starts_with("info depth")), "{lines:?}");
    last.split_whitespace().nth(1).unwrap_or_default().to_string()
}

#[test]
fn uci_variant_lists_switches_and_plays() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let hello = e.until(T, |l| l == "uciok");
    let combo = hello
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .expect("UCI_Variant option");
    for name in [
        "chess",
        "shogi",
        "capablanca",
        "grand",
        "kingofthehill",
        "3check",
        "antichess",
    ] {
        assert!(combo.contains(&format!(" var {name}")), "{name} missing from {combo}");
    }
    assert!(hello.iter().any(|l| l.starts_with("option name VariantPath")));
    e.send("setoption name UCI_Variant value capablanca");
    let hint = e.until(T, |l| l.starts_with("info string variant"));
    assert!(
        hint.last().is_some_and(|l| l.contains("capablanca files 10 ranks 8")),
        "{hint:?}"
    );
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 5");
    let best = bestmove(&mut e);
    let mut board = Fairy::<u128>::start(&rules("capablanca"));
    for mv in ["e2e4", "e7e5"] {
        let m = board.parse_move(mv).expect("legal");
        board.play(m, &mut nue::game::Dirty::default());
    }
    board
        .parse_move(&best)
        .unwrap_or_else(|err| panic!("illegal bestmove {best}: {err}"));
    e.send("position startpos moves e2e4 e7e5 z9z9");
    let err = e.until(T, |l| l.starts_with("info string error"));
    assert!(err.last().is_some_and(|l| l.contains("z9z9")), "{err:?}");
    e.send("setoption name UCI_Variant value nosuchvariant");
    e.until(T, |l| l.starts_with("info string error"));
    e.send("isready");
    e.until(T, |l| l == "readyok");
    e.close();
}

#[test]
fn variant_path_and_variant_file() {
    let file = format!("{}/tests/data/variants/good.toml", env!("CARGO_MANIFEST_DIR"));
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until(T, |l| l == "uciok");
    e.send(&format!("setoption name VariantPath value {file}"));
    let loaded = e.until(T, |l| l.starts_with("info string variants loaded"));
    assert!(loaded.last().is_some_and(|l| l.contains("testrider")));
    e.send("setoption name UCI_Variant value testrider");
    e.until(T, |l| l.starts_with("info string variant testrider"));
    e.send("position startpos");
    e.send("go depth 4");
    assert!(!bestmove(&mut e).is_empty());
    e.close();

    let mut e = Engine::start(&["--variant", &file]);
    e.send("uci");
    let hello = e.until(T, |l| l == "uciok");
    assert!(
        hello
            .iter()
            .any(|l| l.contains("UCI_Variant type combo default testrider")),
        "{hello:?}"
    );
    e.send("go depth 3");
    assert!(!bestmove(&mut e).is_empty());
    e.close();
}

#[test]
fn a_broken_variant_file_is_refused_at_start() {
    let file = format!("{}/tests/data/variants/bad_betza.toml", env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nue"))
        .args(["--variant", &file])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad_betza.toml:3:17: pieces.x.betza"), "{err}");
}

/// Crazyhouse over UCI: drops in `position ... moves` and in the search's answer (`P@e4`),
/// the pocket in the variant hint, and every malformed hand or impossible drop refused with a
/// clear error while the engine keeps its position and keeps running.
/// Sends each line and expects an `info string error` containing its text before `readyok`.
fn expect_errors(e: &mut Engine, cases: &[(&str, &str)]) {
    for (line, error) in cases {
        e.send(line);
        e.send("isready");
        let answer = e.until(T, |l| l == "readyok");
        assert!(
            answer
                .iter()
                .any(|l| l.starts_with("info string error") && l.contains(error)),
            "{line}: {answer:?}"
        );
    }
}

#[test]
fn crazyhouse_drops_and_bad_hands() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until(T, |l| l == "uciok");
    e.send("setoption name UCI_Variant value crazyhouse");
    let hint = e.until(T, |l| l.starts_with("info string variant"));
    assert!(
        hint.last()
            .is_some_and(|l| l.contains("pocket") && l.contains("[] w KQkq")),
        "{hint:?}"
    );
    expect_errors(
        &mut e,
        &[
            ("position fen 8/8/8/8/8/8/8/K6k[P2] w - - 0 1", "'2' is not a piece"),
            ("position fen 8/8/8/8/8/8/8/K6k[X] w - - 0 1", "'X' is not a piece"),
            ("position fen 8/8/8/8/8/8/8/K6k[K] w - - 0 1", "royal"),
            ("position fen 8/8/8/8/8/8/8/K6k[P w - - 0 1", "is not [PIECES]"),
            (
                "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQ] w KQkq - 0 1",
                "34 pieces on the board and in hand; the game has 32",
            ),
            ("position startpos moves e2e4 d7d5 e4d5 d8d5 P@d5", "bad move 'P@d5'"),
            ("position startpos moves e2e4 d7d5 e4d5 d8d5 P@h8", "bad move 'P@h8'"),
            ("position startpos moves e2e4 d7d5 e4d5 d8d5 N@e4", "bad move 'N@e4'"),
        ],
    );
    // Captures fill the hands, a drop empties them, and a position with pieces in hand searches
    // to a legal move.
    e.send("position startpos moves e2e4 d7d5 e4d5 d8d5 P@e4 d5e4");
    e.send("d");
    let d = e.until(T, |l| l.starts_with("info string result"));
    assert!(
        d.iter()
            .any(|l| l == "info string fen rnb1kbnr/ppp1pppp/8/8/4q3/8/PPPP1PPP/RNBQKBNR[pp] w KQkq - 0 4"),
        "{d:?}"
    );
    e.send("position fen 4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1");
    e.send("go depth 4");
    let best = bestmove(&mut e);
    let variant = FairyVariant::<u64>::compile(&nue::variant::load("crazyhouse").expect("built in")).expect("valid");
    let board = Fairy::<u64>::from_fen(&variant, "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1").expect("fen");
    assert!(board.parse_move(&best).is_ok(), "{best}");
    e.send("quit");
}

/// The shogi family over UCI: `+X` pieces in FEN, promotions with `+`, Kyoto's drops in
/// promoted form and `-` demotions; a second pawn on a file (nifu), a pawn drop that mates
/// (uchifuzume), a pawn left on the last rank and a `+` on a piece without a promoted form are
/// refused with a message, and the engine plays on.
#[test]
fn shogi_family_moves_and_bad_input() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until(T, |l| l == "uciok");
    e.send("setoption name UCI_Variant value minishogi");
    e.until(T, |l| l.starts_with("info string variant"));
    expect_errors(
        &mut e,
        &[
            (
                "position fen rbsgk/4p/5/P4/KGSB+K[] w - - 0 1",
                "'+K': not a piece with a promoted form",
            ),
            (
                "position fen rbsgk/4p/5/P4/KGSB+[] w - - 0 1",
                "not a piece with a promoted form",
            ),
            // A pawn of White's on the a-file already: nifu.
            ("position fen 4k/5/5/P4/K4[P] w - - 0 1 moves P@a3", "bad move 'P@a3'"),
            // e4 is covered by the gold on e3 and the king has no square: a pawn-drop mate.
            (
                "position fen 3bk/3sp/4G/5/K4[P] w - - 0 1 moves P@e4",
                "bad move 'P@e4'",
            ),
            // A pawn may not stay on the last rank: only the promotion is legal.
            ("position fen 4k/P4/5/5/K4[] w - - 0 1 moves a4a5", "bad move 'a4a5'"),
        ],
    );
    e.send("position fen 4k/P4/5/5/K4[] w - - 0 1 moves a4a5+");
    e.send("d");
    let d = e.until(T, |l| l.starts_with("info string result"));
    assert!(
        d.iter().any(|l| l == "info string fen +P3k/5/5/5/K4[] b - - 0 1"),
        "{d:?}"
    );
    e.send("setoption name UCI_Variant value kyotoshogi");
    e.until(T, |l| l.starts_with("info string variant"));
    e.send("position startpos moves e1e2+ a5a4+ e2e3-");
    e.send("d");
    let d = e.until(T, |l| l.starts_with("info string result"));
    assert!(
        d.iter()
            .any(|l| l.starts_with("info string fen 1+nks+l/+p4/4P/5/+LSK+N1[] b - - 3 2")),
        "{d:?}"
    );
    e.send("position fen k4/5/5/5/4K[N] w - - 0 1 moves +N@c3");
    e.send("go depth 3");
    let best = bestmove(&mut e);
    assert_ne!(best, "(none)");
    e.send("quit");
}
