//! Move-generation speed: perft from fixed chess positions, single-threaded and with every
//! core sharing the root moves. Prints nodes, milliseconds and nodes/second per case.
//! Run: `cargo bench --bench perft`.

use nue::game::chess::{Chess, ChessVariant};
use nue::game::perft::{divide, perft};
use nue::game::prelude::*;
use std::time::Instant;

fn report(name: &str, nodes: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name:<40} {nodes:>12} nodes {:>8.0} ms {:>12.0} nodes/s",
        secs * 1e3,
        nodes as f64 / secs
    );
}

fn main() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cases = [
        (
            "chess start, perft 6",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            6,
        ),
        (
            "kiwipete, perft 5",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            5,
        ),
        (
            "chess960 position, perft 5",
            "bqrbkrnn/pppppppp/8/8/8/8/PPPPPPPP/BQRBKRNN w FCfc - 0 1",
            5,
        ),
    ];
    for (name, fen, depth) in cases {
        let board = match Chess::from_fen(&ChessVariant, fen) {
            Ok(b) => b,
            Err(e) => panic!("bench FEN rejected: {e}"),
        };
        let start = Instant::now();
        let nodes = perft(&board, depth);
        report(&format!("{name}, 1 thread"), nodes, start);
        let start = Instant::now();
        let nodes = divide(&board, depth, threads, &std::sync::atomic::AtomicBool::new(false), None)
            .iter()
            .map(|(_, n)| n)
            .sum();
        report(&format!("{name}, {threads} threads"), nodes, start);
    }
}
