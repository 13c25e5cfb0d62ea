//! `nue bench`: its arguments and the fixed search that measures the engine's speed.

use super::{BENCH_DEPTH, CliError, eval_for};
use nue::engine::registry::ForGame;
use nue::game::Game;

/// Searches a fixed set of positions to a fixed depth with one thread; the last two lines
/// are `Nodes searched: N` and `Nodes/second: R`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  nue bench\n  nue bench --variant shogi\n  nue bench 10")]
pub struct BenchArgs {
    /// Depth in plies.
    #[arg(default_value_t = BENCH_DEPTH)]
    depth: u32,
}

impl ForGame for BenchArgs {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, name: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let eval = eval_for::<G>(variant, "", embedded)?;
        let lines = nue::bench::positions::<G>(variant, name);
        let progress = nue::core::progress::Progress::terminal_only("positions", lines.len() as u64);
        let report = nue::bench::run::<G, _>(variant, &lines, &eval, self.depth, |i, nodes| {
            println!("position {:>2}/{}: {nodes} nodes", i + 1, lines.len());
            progress.update(i as u64 + 1, "");
        })
        .map_err(CliError::Data)?;
        progress.finish(lines.len() as u64, "");
        let stats = &report.stats;
        println!("\nTT hit rate (%): {:.1}", stats.tt_hit_percent());
        println!("First-move cutoffs (%): {:.1}", stats.first_move_cutoff_percent());
        if let Some(f) = report.branching_factor {
            println!("Effective branching factor: {f:.2}");
        }
        println!("Total time (ms): {}", report.millis);
        println!("Nodes searched: {}", report.nodes);
        println!("Nodes/second: {}", report.nodes * 1000 / report.millis.max(1));
        Ok(())
    }
}
