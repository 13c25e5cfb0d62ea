//! The subcommands, one module each: a `#[derive(clap::Args)]` struct whose doc comments are
//! its help, and the code that runs it. This module holds what they share: [`run`] (a
//! [`ForGame`] action for the `--variant` game), the argument parsers and [`CliError`].

pub mod arena;
pub mod bench;
pub mod check;
pub mod data;
pub mod datagen;
mod error;
pub mod games;
pub mod go;
pub mod makenet;
pub mod netinfo;
pub mod perft;
pub mod spsa;
pub mod train;
pub mod variants;
pub mod versus;

pub use error::CliError;

use nue::engine::registry::{ForGame, with_game};
use nue::engine::select::{self, AnyEval};
use nue::game::{Game, perft as perft_tree};
use nue::nnue::FeatureLayout;

/// Default `bench` depth (and `go`'s when it is given no limit).
pub const BENCH_DEPTH: u32 = 11;

/// Runs a [`ForGame`] command for the named variant.
///
/// # Errors
/// An unknown variant, or the command's own error.
pub fn run<T, A: ForGame<Output = Result<T, CliError>>>(variant: &str, action: A) -> Result<T, CliError> {
    with_game(variant, action)?
}

/// The board at `fen`, or the variant's start position.
fn board_from<G: Game>(variant: &G::Variant, fen: Option<&str>) -> Result<G, CliError> {
    match fen {
        Some(fen) => G::from_fen(variant, fen).map_err(|error| CliError::Fen {
            fen: fen.to_string(),
            error,
        }),
        None => Ok(G::start(variant)),
    }
}

/// The evaluator for an `EvalFile`-style setting (`""` automatic, `none`, or a path).
fn eval_for<G: Game>(
    variant: &G::Variant,
    eval_file: &str,
    embedded: Option<&'static [u8]>,
) -> Result<AnyEval<G>, CliError> {
    let (eval, line) = select::choose::<G>(variant, eval_file, embedded)?;
    eprintln!("{line}");
    Ok(eval)
}

/// A flag set by the first Ctrl-C, for commands that stop cleanly (keeping what they wrote).
fn stop_on_ctrl_c() -> &'static std::sync::atomic::AtomicBool {
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    static HANDLER: std::sync::Once = std::sync::Once::new();
    HANDLER.call_once(|| {
        let _ = ctrlc::set_handler(|| STOP.store(true, std::sync::atomic::Ordering::Relaxed));
    });
    &STOP
}

/// `--threads` where it is optional: the number given, else all cores.
fn threads_or_all(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Checks a variant name exists (building nothing).
pub struct LayoutCheck;

impl ForGame for LayoutCheck {
    type Output = ();
    fn run<G: Game>(self, _: &G::Variant, _: &str, _: Option<&'static [u8]>) {}
}

/// Computes a variant's feature layout.
struct LayoutOf;

impl ForGame for LayoutOf {
    type Output = FeatureLayout;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> FeatureLayout {
        FeatureLayout::of::<G>(variant)
    }
}

/// The layouts of every variant the engine knows (built-in or loaded).
fn known_layouts() -> impl Iterator<Item = FeatureLayout> {
    nue::engine::registry::variant_names()
        .into_iter()
        .filter_map(|name| with_game(&name, LayoutOf).ok())
}

/// Parses a thread (or line) count from 1 to 256, as the `Threads` and `MultiPV` options.
///
/// # Errors
/// [`CliError::Argument`] (clap prints it) when the text is no number in that range.
pub fn parse_threads(text: &str) -> Result<usize, CliError> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n),
        _ => Err(CliError::Argument(format!(
            "expected a number from 1 to 256, found '{}'",
            text.escape_debug()
        ))),
    }
}

/// Parses a perft depth: 0 to [`perft_tree::MAX_PERFT_DEPTH`].
///
/// # Errors
/// [`CliError::Argument`] (clap prints it) for anything else.
pub fn parse_perft_depth(text: &str) -> Result<u32, CliError> {
    match text.trim().parse::<u32>() {
        Ok(n) if n <= perft_tree::MAX_PERFT_DEPTH => Ok(n),
        _ => Err(CliError::Argument(format!(
            "expected a depth from 0 to {}, found '{}'",
            perft_tree::MAX_PERFT_DEPTH,
            text.escape_debug()
        ))),
    }
}

/// Parses `--shard I/N` (`I < N`).
///
/// # Errors
/// [`CliError::Argument`] (clap prints it) when the text is not `I/N` with `I < N`.
pub fn parse_shard(text: &str) -> Result<(u64, u64), CliError> {
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)));
    match parsed {
        Some((i, n)) if n >= 1 && i < n => Ok((i, n)),
        _ => Err(CliError::Argument(format!(
            "expected I/N with 0 <= I < N, found '{}'",
            text.escape_debug()
        ))),
    }
}
