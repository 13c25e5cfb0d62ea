//! The `nue` command line: the protocol loop by default, and subcommands for scripts.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli;

/// One engine for many games: chess (UCI), with shogi and fairy variants on the same search.
#[derive(Parser)]
#[command(name = "nue", version, about)]
struct Args {
    /// Variant name (chess, chess960, shogi, capablanca, ...; `nue variants` lists them) or a
    /// variant file (`.toml`). Default: chess, or shogi when the protocol loop is spoken to in USI.
    #[arg(long, global = true)]
    variant: Option<String>,
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
    /// Self-play data generation: fixed-node searches from random openings; appends quiet
    /// positions with scores and results to a data file.
    Datagen {
        /// Nodes per move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Games to play.
        #[arg(long)]
        games: u64,
        /// Output file (appended to if it exists).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Random plies at the start of each game.
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
        /// Seed of the opening randomization.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Net to search with (`none` for the hand-crafted evaluation); default: the variant's net.
        #[arg(long, default_value = "")]
        eval_file: String,
    },
    /// Trains a net on data files and writes it quantized.
    Train {
        /// Data files (`nue datagen` output) for the variant.
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<std::path::PathBuf>,
        /// Hidden width (64, 128, 256 or 512).
        #[arg(long, default_value_t = 256)]
        hidden: usize,
        #[arg(long, default_value_t = 10)]
        epochs: usize,
        /// Output net file.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Positions per batch.
        #[arg(long, default_value_t = 16384)]
        batch: usize,
        /// Initial learning rate (Adam).
        #[arg(long, default_value_t = 0.001)]
        lr: f32,
        /// Weight of the search score in the target; the game result gets the rest.
        #[arg(long, default_value_t = 0.75)]
        lambda: f32,
        /// Output buckets by piece count.
        #[arg(long, default_value_t = 8)]
        buckets: usize,
        /// `crelu` or `screlu` (CReLU measured stronger on chess: see nets/README.md).
        #[arg(long, default_value = "crelu")]
        activation: String,
        /// Threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Share of positions held out for validation.
        #[arg(long, default_value_t = 0.02)]
        validation: f32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Training data tools.
    Data {
        #[command(subcommand)]
        command: DataCommand,
    },
    /// Lists the variants the engine knows (name, board size, pieces).
    Variants,
    /// Checks variant files; prints every problem as `FILE:LINE:COL: key: message` and exits 1
    /// if there is any.
    Check {
        /// Variant files (`.toml`) or built-in names.
        #[arg(required = true)]
        files: Vec<String>,
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

#[derive(Subcommand)]
enum DataCommand {
    /// Positions, results and a score histogram of a data file.
    Stats {
        /// The data file.
        file: std::path::PathBuf,
    },
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads_or_all =
        |t: Option<usize>| t.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let variant = args.variant.as_deref().unwrap_or("chess");
    let result = match args.command {
        None => {
            // Refuse an unknown --variant before speaking any protocol.
            match args
                .variant
                .as_deref()
                .map(|v| nue::engine::registry::with_game(v, cli::LayoutCheck))
            {
                Some(Err(e)) => Err(e.into()),
                _ => nue::protocol::run(args.variant.as_deref()).map_err(cli::CliError::from),
            }
        }
        Some(Command::Perft { depth, fen, threads }) => cli::run(
            variant,
            cli::Perft {
                fen: fen.as_deref(),
                depth,
                threads,
            },
        ),
        Some(Command::Bench { depth }) => cli::run(variant, cli::Bench { depth }),
        Some(Command::Netinfo { file }) => cli::netinfo(&file),
        Some(Command::Variants) => {
            cli::variants();
            Ok(())
        }
        Some(Command::Check { files }) => cli::check(&files),
        Some(Command::Datagen {
            nodes,
            games,
            out,
            threads,
            random_plies,
            seed,
            eval_file,
        }) => cli::run(
            variant,
            cli::Datagen {
                cfg: nue::train::datagen::DatagenConfig {
                    nodes,
                    games,
                    threads: threads_or_all(threads),
                    random_plies,
                    seed,
                    max_plies: 400,
                    progress: true,
                },
                out: &out,
                eval_file: &eval_file,
            },
        ),
        Some(Command::Data {
            command: DataCommand::Stats { file },
        }) => cli::run(&cli::data_variant(&file, variant), cli::DataStats { file: &file }),
        Some(Command::Train {
            data,
            hidden,
            epochs,
            out,
            batch,
            lr,
            lambda,
            buckets,
            activation,
            threads,
            validation,
            seed,
        }) => match activation.to_ascii_lowercase().as_str() {
            "screlu" | "crelu" => cli::run(
                variant,
                cli::Train {
                    data: &data,
                    hidden,
                    out: &out,
                    cfg: nue::train::trainer::TrainConfig {
                        epochs,
                        batch,
                        lr,
                        lambda,
                        threads: threads_or_all(threads),
                        activation: if activation.eq_ignore_ascii_case("crelu") {
                            nue::nnue::Activation::CReLU
                        } else {
                            nue::nnue::Activation::SCReLU
                        },
                        output_buckets: buckets,
                        validation,
                        seed,
                        progress: true,
                    },
                },
            ),
            other => Err(cli::CliError::Argument(format!(
                "unknown activation '{other}' (screlu or crelu)"
            ))),
        },
        Some(Command::Go {
            fen,
            moves,
            depth,
            nodes,
            movetime,
            threads,
            multipv,
        }) => cli::run(
            variant,
            cli::Go {
                fen: fen.as_deref(),
                moves: &moves,
                limits: nue::search::Limits {
                    depth,
                    nodes,
                    move_time: movetime,
                    ..Default::default()
                },
                threads,
                multipv,
            },
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
