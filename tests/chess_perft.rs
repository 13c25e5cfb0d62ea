//! Chess and Chess960 perft against the Fairy-Stockfish/python-chess oracles in
//! `tests/data/perft/`. Counts up to `QUICK_NODES` run in `cargo test`; the rest in the
//! ignored `*_deep` tests (`cargo test --release -- --ignored`).

mod common;

use nue::game::chess::{Chess, ChessVariant};
use nue::game::perft::perft;
use nue::game::prelude::*;

const QUICK_NODES: u64 = 5_000_000;

fn check_suite(name: &str, deep: bool) {
    let checked = common::check_perft_suite::<Chess>(&ChessVariant, name, QUICK_NODES, deep);
    assert!(checked > 0, "{name}: no counts checked");
}

#[test]
fn chess_oracle_quick() {
    check_suite("chess.epd", false);
}

#[test]
fn chess960_oracle_quick() {
    check_suite("chess960.epd", false);
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn chess_oracle_deep() {
    check_suite("chess.epd", true);
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn chess960_oracle_deep() {
    check_suite("chess960.epd", true);
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn chess_start_position_depth_6() {
    assert_eq!(perft(&Chess::start(&ChessVariant), 6), 119_060_324);
}
