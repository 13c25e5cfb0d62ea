//! Subcommand implementations: each takes parsed arguments, prints its report, and returns an
//! error message for the user on bad input.

use nue::game::chess::{Chess, ChessVariant};
use nue::game::{Game, perft};
use std::time::Instant;

/// The game a variant name selects.
enum Selected {
    Chess(ChessVariant),
}

fn select(variant: &str) -> Result<Selected, String> {
    match variant.to_ascii_lowercase().as_str() {
        "chess" | "standard" | "normal" | "chess960" | "fischerandom" => {
            Ok(Selected::Chess(ChessVariant))
        }
        other => Err(format!(
            "unknown variant '{other}' (known: chess, chess960, fischerandom)"
        )),
    }
}

/// `nue perft`.
pub fn perft(variant: &str, fen: Option<&str>, depth: u32, threads: usize) -> Result<(), String> {
    match select(variant)? {
        Selected::Chess(v) => run_perft::<Chess>(&v, fen, depth, threads),
    }
}

fn run_perft<G: Game>(
    variant: &G::Variant,
    fen: Option<&str>,
    depth: u32,
    threads: usize,
) -> Result<(), String> {
    let board = match fen {
        Some(fen) => {
            G::from_fen(variant, fen).map_err(|e| format!("{e} in FEN '{}'", fen.escape_debug()))?
        }
        None => G::start(variant),
    };
    let start = Instant::now();
    let lines = perft::divide(&board, depth.max(1), threads);
    let nodes: u64 = if depth == 0 {
        1
    } else {
        lines.iter().map(|(_, n)| n).sum()
    };
    let elapsed = start.elapsed();
    let mut out = String::new();
    if depth > 0 {
        for (mv, n) in &lines {
            out.push_str(&format!("{mv}: {n}\n"));
        }
    }
    let ms = elapsed.as_millis();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    out.push_str(&format!(
        "\nNodes searched: {nodes}\nTime (ms): {ms}\nNodes/second: {nps}\n"
    ));
    print!("{out}");
    Ok(())
}
