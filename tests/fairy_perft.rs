//! Perft of every variant in `variants/` against the Fairy-Stockfish oracles in
//! `tests/data/perft/<variant>.epd`, through the fairy interpreter (`Fairy<B>`; the
//! fairy `chess.toml` too, beside the native implementation). Counts up to `QUICK_NODES` run in
//! `cargo test`; the rest in the ignored deep test (`cargo test --release -- --ignored`).

mod common;

use nue::engine::registry::{ForGame, with_definition};
use nue::game::Game;

const QUICK_NODES: u64 = 1_000_000;

/// Checks a game against `perft/<file>.epd`, as a [`ForGame`] action; returns the counts checked.
struct Check<'a> {
    file: &'a str,
    deep: bool,
}

impl ForGame for Check<'_> {
    type Output = usize;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> usize {
        common::check_perft_suite::<G>(variant, &format!("{}.epd", self.file), QUICK_NODES, self.deep)
    }
}

fn check_all(deep: bool) {
    let mut failures = Vec::new();
    for name in nue::variant::builtin_names() {
        let def = nue::variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let result =
            std::panic::catch_unwind(|| with_definition(def.clone(), Check { file: name, deep }).expect("valid"));
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
    with_definition(def, Check { file: "chess960", deep }).expect("valid")
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
