//! `nue match` (a keyword, hence the file's name): its arguments and the match between two
//! evaluators inside the engine.

use super::{CliError, eval_for, stop_on_ctrl_c, threads_or_all};
use nue::engine::registry::ForGame;
use nue::game::Game;
use nue::train::versus::{self, MatchConfig};

/// Plays two evaluators against each other (game pairs from random openings, colors
/// swapped, fixed nodes per move) and prints the score and Elo with its 95% interval.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nue match --a nets/chess.nnue --b none --pairs 200\n  nue match --variant shogi --a shogi.nnue --b none --nodes 10000"
)]
pub struct MatchArgs {
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
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
}

impl ForGame for MatchArgs {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let cfg = MatchConfig {
            pairs: self.pairs,
            nodes: self.nodes,
            random_plies: self.random_plies,
            seed: self.seed,
            threads: threads_or_all(self.threads),
            max_plies: 400,
        };
        let setting = |s: &str| if s == "default" { String::new() } else { s.to_string() };
        let a = eval_for::<G>(variant, &setting(&self.a), embedded)?;
        let b = eval_for::<G>(variant, &setting(&self.b), embedded)?;
        let progress = nue::core::progress::Progress::new("pairs", cfg.pairs);
        let report = versus::play::<G>(variant, &a, &b, &cfg, stop_on_ctrl_c(), &|r| {
            progress.update(r.penta.iter().sum::<u64>(), &r.to_string())
        });
        progress.finish(report.penta.iter().sum::<u64>(), &report.to_string());
        println!("{} vs {}: {report}", self.a, self.b);
        Ok(())
    }
}
