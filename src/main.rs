//! The `nue` command line: the protocol loop by default, and subcommands for scripts.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli;

/// One engine for many games: chess (UCI), with shogi and fairy variants on the same search.
#[derive(Parser)]
#[command(
    name = "nue",
    version,
    about,
    after_help = "Examples:\n  nue                              # the protocol loop: UCI (chess), USI (shogi) or XBoard, by the first command\n  nue --variant shogi              # shogi by default\n  nue --variant my-variant.toml    # a variant file\n  nue perft 5\n  nue bench\n  nue makenet --variant kingofthehill --dir runs/koth"
)]
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
    #[command(
        after_help = "Examples:\n  nue perft 5\n  nue perft 4 --variant capablanca --threads 2\n  nue perft 3 --variant shogi --fen \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\""
    )]
    Perft {
        /// Depth in plies (at most 64).
        #[arg(value_parser = cli::parse_perft_depth)]
        depth: u32,
        /// Start from this position (FEN) instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Threads sharing the root moves (1 to 256).
        #[arg(long, default_value_t = 1, value_parser = cli::parse_threads)]
        threads: usize,
    },
    /// Searches a fixed set of positions to a fixed depth with one thread; the last two lines
    /// are `Nodes searched: N` and `Nodes/second: R`.
    #[command(after_help = "Examples:\n  nue bench\n  nue bench --variant shogi\n  nue bench 10")]
    Bench {
        /// Depth in plies.
        #[arg(default_value_t = cli::BENCH_DEPTH)]
        depth: u32,
    },
    /// Self-play data generation: fixed-node searches from random openings; appends quiet
    /// positions with scores and results to a data file.
    #[command(
        after_help = "Examples:\n  nue datagen --games 1000 --out chess.bin\n  nue datagen --variant shogi --nodes 5000 --games 20000 --seed 7 --out shogi.bin\n  nue datagen --games 100000 --shard 3/16 --out chess-3.bin    # one of 16 machines"
    )]
    Datagen {
        /// Nodes per move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Games of the seed's sequence: the run ends before game N.
        #[arg(long)]
        games: u64,
        /// Output file (appended to if it exists).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = cli::parse_threads)]
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
        /// Play only shard I of N (`I/N`, from 0): games I, I + N, I + 2N, ... of the seed's
        /// sequence, so N machines make the data of one run (`nue train` takes all the files).
        #[arg(long, default_value = "0/1", value_parser = cli::parse_shard)]
        shard: (u64, u64),
        /// Game of the seed's sequence to start from, below `--games`. Default: where the run
        /// of this seed and shard stopped, as the file's checkpoint (`OUT.resume`) records,
        /// else 0 (from game 0 a seed replays the games it already wrote, and the file would
        /// hold them twice).
        #[arg(long)]
        first_game: Option<u64>,
    },
    /// Trains a net on data files and writes it quantized.
    #[command(
        after_help = "Examples:\n  nue train --data chess.bin --out chess.nnue --hidden 256 --epochs 4\n  nue train --variant shogi --data s1.bin s2.bin --out shogi.nnue --hidden 128"
    )]
    Train {
        /// Data files (`nue datagen` output) for the variant.
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<std::path::PathBuf>,
        /// Output net file.
        #[arg(long)]
        out: std::path::PathBuf,
        #[command(flatten)]
        train: cli::TrainArgs,
        /// Threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = cli::parse_threads)]
        threads: Option<usize>,
    },
    /// From a variant to a tested net: self-play with the best evaluator so far, training,
    /// a match against it, keep the winner; generation after generation, resumable (run the
    /// same command again), every step's standalone command recorded in DIR/commands.txt.
    #[command(
        after_help = "Examples:\n  nue makenet --variant kingofthehill --dir runs/koth --games 12000 --hidden 128 --epochs 6\n  nue makenet --variant shogi --dir runs/shogi --generations 2    # run again to resume\n  nue makenet --variants xiangqi,janggi,minishogi --dir runs/batch --games 20000 --init auto"
    )]
    Makenet {
        /// The run folder (state, data, nets, commands).
        #[arg(long)]
        dir: std::path::PathBuf,
        /// Generations the run should have when it ends.
        #[arg(long, default_value_t = 1)]
        generations: u32,
        /// Self-play games per generation.
        #[arg(long, default_value_t = 20000)]
        games: u64,
        /// Nodes per move in self-play.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Random plies at the start of each game.
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
        /// Game pairs of each gating match.
        #[arg(long, default_value_t = 100)]
        match_pairs: u64,
        /// Nodes per move in the gating matches.
        #[arg(long, default_value_t = 5000)]
        match_nodes: u64,
        #[command(flatten)]
        train: cli::TrainArgs,
        /// Threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = cli::parse_threads)]
        threads: Option<usize>,
        /// Several variants, comma-separated, one after the other, unattended: a run per
        /// variant in DIR/<variant>, each winning net copied to DIR/nets/<variant>.nnue, a line
        /// per variant in DIR/summary.txt; run the same command again to resume.
        #[arg(long, value_delimiter = ',')]
        variants: Vec<String>,
    },
    /// Plays two evaluators against each other (game pairs from random openings, colors
    /// swapped, fixed nodes per move) and prints the score and Elo with its 95% interval.
    #[command(
        after_help = "Examples:\n  nue match --a nets/chess.nnue --b none --pairs 200\n  nue match --variant shogi --a shogi.nnue --b none --nodes 10000"
    )]
    Match {
        /// First evaluator: a net file, `none` (hand-crafted) or `default` (the variant's own).
        #[arg(long)]
        a: String,
        /// Second evaluator, as `--a`.
        #[arg(long)]
        b: String,
        /// Game pairs.
        #[arg(long, default_value_t = 100)]
        pairs: u64,
        /// Nodes per move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Random plies of each opening.
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
        /// Seed of the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = cli::parse_threads)]
        threads: Option<usize>,
    },
    Arena(cli::arena::ArenaArgs),
    /// Training data tools.
    #[command(after_help = "Examples:\n  nue data stats chess.bin")]
    Data {
        #[command(subcommand)]
        command: DataCommand,
    },
    /// Lists the variants the engine knows (name, board size, pieces).
    #[command(
        after_help = "Examples:\n  nue variants\n  nue variants --toml capablanca > my-variant.toml\n  nue variants --toml variants.ini:orda"
    )]
    Variants {
        /// Print this variant as a TOML variant file instead (a name, a `.toml` file, or a
        /// Fairy-Stockfish `.ini` file or `FILE.ini:NAME` section, translated).
        #[arg(long, value_name = "VARIANT")]
        toml: Option<String>,
    },
    /// Checks variant files (`.toml`, or Fairy-Stockfish `.ini` files section by section);
    /// prints every problem as `FILE:LINE:COL: key: message` and exits 1 if there is any.
    #[command(
        after_help = "Examples:\n  nue check variants/*.toml\n  nue check my-variant.toml\n  nue check variants.ini"
    )]
    Check {
        /// Variant files (`.toml`) or built-in names.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Prints the header of a net file.
    #[command(after_help = "Examples:\n  nue netinfo nets/chess.nnue")]
    Netinfo {
        /// The `.nnue` file.
        file: std::path::PathBuf,
    },
    /// Analyses one position and prints the `info` lines and `bestmove`, as `go` would.
    #[command(
        after_help = "Examples:\n  nue go --depth 12\n  nue go --fen \"8/8/8/4k3/8/8/8/4K2R w K - 0 1\" --movetime 1000\n  nue go --variant shogi --moves \"7g7f 3c3d\" --nodes 100000"
    )]
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
        /// Search threads (1 to 256).
        #[arg(long, default_value_t = 1, value_parser = cli::parse_threads)]
        threads: usize,
        /// Lines to show (MultiPV, 1 to 256).
        #[arg(long, default_value_t = 1, value_parser = cli::parse_threads)]
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
    // SAFETY: called first thing, before any other thread exists; SIG_DFL is a valid handler
    // for SIGPIPE. Rust starts programs with SIGPIPE ignored, so writing to a closed pipe makes
    // println! panic; with the default the process ends quietly, as command-line tools do.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
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
        Some(Command::Variants { toml: None }) => {
            cli::variants();
            Ok(())
        }
        Some(Command::Variants { toml: Some(spec) }) => cli::print_toml(&spec),
        Some(Command::Check { files }) => cli::check(&files),
        Some(Command::Datagen {
            nodes,
            games,
            out,
            threads,
            random_plies,
            seed,
            eval_file,
            shard,
            first_game,
        }) => cli::run(
            variant,
            cli::Datagen {
                cfg: nue::train::datagen::DatagenConfig {
                    nodes,
                    games,
                    threads: threads_or_all(threads),
                    random_plies,
                    seed,
                    shard,
                    first_game: first_game.unwrap_or(0),
                    max_plies: 400,
                    progress: true,
                },
                resume: first_game.is_none(),
                out: &out,
                eval_file: &eval_file,
            },
        ),
        Some(Command::Data {
            command: DataCommand::Stats { file },
        }) => cli::run(&cli::data_variant(&file, variant), cli::DataStats { file: &file }),
        Some(Command::Train {
            data,
            out,
            train,
            threads,
        }) => train.config(threads_or_all(threads)).and_then(|cfg| {
            cli::run(
                variant,
                cli::Train {
                    data: &data,
                    hidden: train.hidden,
                    out: &out,
                    cfg,
                    init: train.init.as_deref(),
                },
            )
        }),
        Some(Command::Makenet {
            dir,
            generations,
            games,
            nodes,
            random_plies,
            match_pairs,
            match_nodes,
            train,
            threads,
            variants,
        }) => train.config(threads_or_all(threads)).and_then(|cfg| {
            let pipeline = nue::train::pipeline::PipelineConfig {
                dir,
                variant: variant.to_string(),
                generations,
                games,
                nodes,
                random_plies,
                seed: train.seed,
                threads: threads_or_all(threads),
                hidden: train.hidden,
                train: cfg,
                match_pairs,
                match_nodes,
                init: None,
            };
            if variants.is_empty() {
                cli::run(variant, cli::Makenet(pipeline, train.init.clone())).map(|_| ())
            } else {
                cli::makenets(&variants, &pipeline, train.init.as_deref())
            }
        }),
        Some(Command::Match {
            a,
            b,
            pairs,
            nodes,
            random_plies,
            seed,
            threads,
        }) => cli::run(
            variant,
            cli::Match {
                a: &a,
                b: &b,
                cfg: nue::train::versus::MatchConfig {
                    pairs,
                    nodes,
                    random_plies,
                    seed,
                    threads: threads_or_all(threads),
                    max_plies: 400,
                },
            },
        ),
        Some(Command::Arena(args)) => cli::run(variant, args),
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
