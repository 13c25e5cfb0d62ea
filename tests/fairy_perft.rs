//! Perft of every variant in `variants/` against the Fairy-Stockfish oracles in
//! `tests/data/perft/<variant>.epd`, through the fairy interpreter (`Fairy<B>`; the
//! fairy `chess.toml` too, beside the native implementation). Counts up to `QUICK_NODES` run in
//! `cargo test`; the rest in the ignored deep test (`cargo test --release -- --ignored`).

mod common;

use nue::core::Bitboard;
use nue::game::fairy::{Fairy, Rules};

const QUICK_NODES: u64 = 1_000_000;

fn check<B: Bitboard>(rules: &'static Rules<B>, name: &str, deep: bool) -> usize {
    common::check_perft_suite::<Fairy<B>>(&rules, &format!("{name}.epd"), QUICK_NODES, deep)
}

fn check_all(deep: bool) {
    let mut failures = Vec::new();
    for name in nue::variant::builtin_names() {
        let def = nue::variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let result = std::panic::catch_unwind(|| {
            if def.files as usize * def.ranks as usize <= 64 {
                check(Rules::<u64>::build(def.clone()).expect("valid"), name, deep)
            } else {
                check(Rules::<u128>::build(def.clone()).expect("valid"), name, deep)
            }
        });
        match result {
            Ok(n) => assert!(deep || n > 0, "{name}: no counts checked"),
            Err(e) => failures.push(format!(
                "{name}: {}",
                e.downcast_ref::<String>().cloned().unwrap_or_default()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} variants failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_variant_matches_its_oracle_quick() {
    check_all(false);
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn every_variant_matches_its_oracle_deep() {
    check_all(true);
}

/// Chess960 positions (castling with the king and rooks on any files, Shredder-FEN rights)
/// through the fairy `chess.toml`, against the native oracle's table.
fn check_chess960(deep: bool) -> usize {
    let def = nue::variant::load("chess").expect("built-in chess");
    check(Rules::<u64>::build(def).expect("valid"), "chess960", deep)
}

#[test]
fn fairy_chess960_matches_its_oracle_quick() {
    assert!(check_chess960(false) > 0);
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn fairy_chess960_matches_its_oracle_deep() {
    check_chess960(true);
}
