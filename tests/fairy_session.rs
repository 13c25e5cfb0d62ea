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
