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
    /// Whether our counts may be lower than the oracle's (see [`fsf_drop_mates`]).
    at_most: bool,
}

impl ForGame for Check<'_> {
    type Output = usize;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> usize {
        let name = format!("{}.epd", self.file);
        if self.at_most {
            common::check_perft_suite_by::<G>(variant, &name, QUICK_NODES, self.deep, |ours, oracle| ours <= oracle)
        } else {
            common::check_perft_suite::<G>(variant, &name, QUICK_NODES, self.deep)
        }
    }
}

/// `def` with Fairy-Stockfish's departure from the drop-mate rule: it generates the drops that
/// `drop_mate_illegal` forbids (shogi's pawn-drop mate, uchifuzume) and scores the position
/// after them as a loss for the dropper (`shogiPawnDropMateIllegal`), so its perft counts them.
/// `None` where the variant has no such rule. With it, the oracle must hold exactly; with the
/// rule, our counts may only be lower (by the drop mates at the last ply: a mated position
/// has no moves either way). Positions where the rule decides are checked against native shogi
/// in `tests/fairy_shogi_cross.rs`.
fn fsf_drop_mates(def: &nue::variant::Definition) -> Option<nue::variant::Definition> {
    let drops = def.drops.as_ref()?;
    if drops.mate_illegal.is_empty() {
        return None;
    }
    let mut fsf = def.clone();
    if let Some(d) = fsf.drops.as_mut() {
        d.mate_illegal.clear();
    }
    Some(fsf)
}

fn check_all(deep: bool) {
    let mut failures = Vec::new();
    for name in nue::variant::builtin_names() {
        let def = nue::variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let result = std::panic::catch_unwind(|| {
            let (file, at_most) = (name, false);
            match fsf_drop_mates(&def) {
                Some(fsf) => {
                    with_definition(fsf, Check { file, deep, at_most }).expect("valid");
                    with_definition(
                        def.clone(),
                        Check {
                            file,
                            deep,
                            at_most: true,
                        },
                    )
                    .expect("valid")
                }
                None => with_definition(def.clone(), Check { file, deep, at_most }).expect("valid"),
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
    with_definition(
        def,
        Check {
            file: "chess960",
            deep,
            at_most: false,
        },
    )
    .expect("valid")
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
