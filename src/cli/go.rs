//! `nue go`: its arguments and the one search it prints as a UCI engine would.

use super::{BENCH_DEPTH, CliError, board_from, eval_for};
use nue::engine::registry::ForGame;
use nue::engine::select::AnyEval;
use nue::game::{Game, GameMove, Position};
use nue::search::{Info, Limits, Reporter, Search, SearchOptions, Signals};

/// Analyses one position and prints the `info` lines and `bestmove`, as `go` would.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nue go --depth 12\n  nue go --fen \"8/8/8/4k3/8/8/8/4K2R w K - 0 1\" --movetime 1000\n  nue go --variant shogi --moves \"7g7f 3c3d\" --nodes 100000"
)]
pub struct GoArgs {
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
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads)]
    threads: usize,
    /// Lines to show (MultiPV, 1 to 256).
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads)]
    multipv: usize,
}

impl GoArgs {
    /// The limits given, or [`BENCH_DEPTH`] when none is.
    fn limits(&self) -> Limits {
        let depth = match (self.depth, self.nodes, self.movetime) {
            (None, None, None) => Some(BENCH_DEPTH),
            _ => self.depth,
        };
        Limits {
            depth,
            nodes: self.nodes,
            move_time: self.movetime,
            ..Default::default()
        }
    }
}

/// Prints each `info` line as UCI does.
struct Printer;

impl Reporter for Printer {
    fn info(&self, info: &Info) {
        println!("{}", nue::protocol::uci::format_info(info, false, None));
    }
}

impl ForGame for GoArgs {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let mut pos = Position::new(board_from::<G>(variant, self.fen.as_deref())?);
        for mv in &self.moves {
            pos.play_str(mv)?;
        }
        let options = SearchOptions {
            threads: self.threads.max(1),
            multipv: self.multipv.max(1),
            move_overhead: 0,
            ..SearchOptions::default()
        };
        let eval = eval_for::<G>(variant, "", embedded)?;
        let result =
            Search::<G, AnyEval<G>>::new(16).run(&pos, &eval, &self.limits(), &options, &Signals::default(), &Printer);
        match result.best {
            Some(bits) => println!("bestmove {}", pos.board().fmt_move(G::Move::from_bits(bits))),
            None => println!("bestmove 0000"),
        }
        Ok(())
    }
}
