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

// The subcommands: each one's arguments, help and code are in its module of `cli`.
#[derive(Subcommand)]
enum Command {
    Perft(cli::perft::PerftArgs),
    Bench(cli::bench::BenchArgs),
    Datagen(cli::datagen::DatagenArgs),
    Train(cli::train::TrainArgs),
    Makenet(cli::makenet::MakenetArgs),
    Match(cli::versus::MatchArgs),
    Arena(cli::arena::ArenaArgs),
    Spsa(cli::spsa::SpsaArgs),
    Data(cli::data::DataArgs),
    Variants(cli::variants::VariantsArgs),
    Check(cli::check::CheckArgs),
    Netinfo(cli::netinfo::NetinfoArgs),
    Go(cli::go::GoArgs),
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
    let variant = args.variant.as_deref().unwrap_or("chess");
    let result = match args.command {
        None => protocol_loop(args.variant.as_deref()),
        Some(Command::Perft(a)) => cli::run(variant, a),
        Some(Command::Bench(a)) => cli::run(variant, a),
        Some(Command::Datagen(a)) => cli::run(variant, a),
        Some(Command::Train(a)) => a.run(variant),
        Some(Command::Makenet(a)) => a.run(variant),
        Some(Command::Match(a)) => cli::run(variant, a),
        Some(Command::Arena(a)) => cli::run(variant, a),
        Some(Command::Spsa(a)) => cli::run(variant, a),
        Some(Command::Data(a)) => a.run(variant),
        Some(Command::Variants(a)) => a.run(),
        Some(Command::Check(a)) => a.run(),
        Some(Command::Netinfo(a)) => a.run(),
        Some(Command::Go(a)) => cli::run(variant, a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The protocol loop (no subcommand), once `--variant`, if given, is known: an unknown one is
/// refused before any protocol is spoken.
fn protocol_loop(variant: Option<&str>) -> Result<(), cli::CliError> {
    if let Some(v) = variant {
        nue::engine::registry::with_game(v, cli::LayoutCheck)?;
    }
    nue::protocol::run(variant).map_err(cli::CliError::from)
}
