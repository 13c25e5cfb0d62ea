//! `nue perft`: its arguments and the count of the legal-move tree.

use super::{CliError, board_from, stop_on_ctrl_c};
use nue::engine::registry::ForGame;
use nue::game::{Game, perft};

/// Counts the leaf nodes of the legal-move tree: one `move: count` line per root move, then
/// `Nodes searched`, `Time (ms)` and `Nodes/second`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nue perft 5\n  nue perft 4 --variant capablanca --threads 2\n  nue perft 3 --variant shogi --fen \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\""
)]
pub struct PerftArgs {
    /// Depth in plies (at most 64).
    #[arg(value_parser = super::parse_perft_depth)]
    depth: u32,
    /// Start from this position (FEN) instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Threads sharing the root moves (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads)]
    threads: usize,
}

impl ForGame for PerftArgs {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> Self::Output {
        let board = board_from::<G>(variant, self.fen.as_deref())?;
        print!(
            "{}",
            perft::report(&board, self.depth, self.threads, stop_on_ctrl_c(), true)
        );
        Ok(())
    }
}
