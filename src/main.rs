//! The `nue` command line: the protocol loop by default, and subcommands for scripts.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli;

/// One engine for many games: chess (UCI), with shogi and fairy variants on the same search.
#[derive(Parser)]
#[command(name = "nue", version, about)]
struct Args {
    /// Variant name (chess, chess960, ...).
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
        /// Start from this position (FEN) instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Threads sharing the root moves.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Searches a fixed set of positions to a fixed depth with one thread; the last two lines
    /// are `Nodes searched: N` and `Nodes/second: R`.
    Bench {
        /// Depth in plies.
        #[arg(default_value_t = cli::BENCH_DEPTH)]
        depth: u32,
    },
    /// Prints the header of a net file.
    Netinfo {
        /// The `.nnue` file.
        file: std::path::PathBuf,
    },
    /// Analyses one position and prints the `info` lines and `bestmove`, as `go` would.
    Go {
        /// Position (FEN); the start position when absent.
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play from that position first (protocol notation).
        #[arg(long, num_args = 1.., value_delimiter = ' ')]
        moves: Vec<String>,
        /// Depth limit in plies.
        #[arg(long)]
        depth: Option<u32>,
        /// Node limit.
        #[arg(long)]
        nodes: Option<u64>,
        /// Time limit in milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Lines to show (MultiPV).
        #[arg(long, default_value_t = 1)]
        multipv: usize,
    },
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.command {
        None => cli::protocol(&args.variant),
        Some(Command::Perft {
            depth,
            fen,
            threads,
        }) => cli::perft(&args.variant, fen.as_deref(), depth, threads),
        Some(Command::Bench { depth }) => cli::bench(&args.variant, depth),
        Some(Command::Netinfo { file }) => cli::netinfo(&file),
        Some(Command::Go {
            fen,
            moves,
            depth,
            nodes,
            movetime,
            threads,
            multipv,
        }) => cli::go(
            &args.variant,
            fen.as_deref(),
            &moves,
            nue::search::Limits {
                depth,
                nodes,
                move_time: movetime,
                ..Default::default()
            },
            threads,
            multipv,
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
