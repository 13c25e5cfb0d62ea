//! Chess and Chess960 perft against the Fairy-Stockfish/python-chess oracles in
//! `../shared/oracles/perft/`. Counts up to `QUICK_NODES` run in `cargo test`; the rest in the
//! ignored `*_deep` tests (`cargo test --release -- --ignored`).

mod common;

use nue::game::Game;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::perft::perft;

const QUICK_NODES: u64 = 5_000_000;

fn check_suite(name: &str, deep: bool) {
    let mut checked = 0;
    for line in common::perft_suite(name) {
        let board = Chess::from_fen(&ChessVariant, &line.fen)
            .unwrap_or_else(|e| panic!("{name}: oracle FEN rejected: {e}: {}", line.fen));
        for &(depth, nodes) in &line.counts {
            if (nodes > QUICK_NODES) != deep {
                continue;
            }
            assert_eq!(perft(&board, depth), nodes, "{name}: perft {depth} of {}", line.fen);
            checked += 1;
        }
    }
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
