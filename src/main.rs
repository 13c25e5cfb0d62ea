//! The `nue` command line: the protocol loop by default, and subcommands for scripts.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli;

/// One engine for many games: chess (UCI), shogi (USI) and fairy variants.
#[derive(Parser)]
#[command(name = "nue", version, about)]
struct Args {
    /// Variant name (chess, chess960, ...) or a path to a variant TOML file.
    #[arg(long, global = true, default_value = "chess")]
    variant: String,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaf nodes of the legal-move tree: one `move: count` line per root move, then
    /// `Nodes searched`, `Time (ms)` and `Nodes/second`.
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Start from this position (FEN; SFEN for shogi) instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Threads sharing the root moves.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.command {
        Some(Command::Perft {
            depth,
            fen,
            threads,
        }) => cli::perft(&args.variant, fen.as_deref(), depth, threads),
        None => Ok(()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
