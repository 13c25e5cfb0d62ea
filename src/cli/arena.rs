//! `nue arena`: two UCI engines against each other in any variant nue knows, refereed by nue's
//! rules, with an Elo and its interval and an optional SPRT.

use super::games::GameArgs;
use super::{CliError, stop_on_ctrl_c};
use nue::engine::registry::ForGame;
use nue::game::{Dialect, Game};
use nue::train::arena::{self, ArenaConfig, EngineSpec};
use nue::train::sprt::{Sprt, Verdict};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// Plays two UCI engines against each other (game pairs, colors swapped), refereed by nue's
/// rules of `--variant`: score, Elo with its 95% interval (pentanomial) and, with `--sprt`,
/// a sequential test that stops at its decision.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nue arena --engine-a ./new --engine-b ./old --nodes 5000 --pairs 2000 --sprt 0 5 --concurrency 2\n  nue arena --engine-a ./slower --engine-b ./old --nodes 8000 --nodes-a 7520 --sprt 0 5\n  nue arena --variant xiangqi --engine-a target/release/nue --engine-b fairy-stockfish --tc 2+0.02 --pairs 50\n  nue arena --engine-a ./nue --engine-b stockfish --option-b UCI_LimitStrength=true --option-b UCI_Elo=2600 --tc 10+0.1 --openings book.epd"
)]
pub struct ArenaArgs {
    /// Engine A's command line (program and arguments, split at spaces).
    #[arg(long)]
    engine_a: String,
    /// Engine B's command line.
    #[arg(long)]
    engine_b: String,
    /// Engine A's name in reports (default: the program's file name).
    #[arg(long)]
    name_a: Option<String>,
    /// Engine B's name.
    #[arg(long)]
    name_b: Option<String>,
    /// A UCI option for engine A, `NAME=VALUE` (repeatable); `VariantPath` (a variants file) is
    /// sent before `UCI_Variant`, which must name a variant the engine lists.
    #[arg(long)]
    option_a: Vec<String>,
    /// A UCI option for engine B.
    #[arg(long)]
    option_b: Vec<String>,
    /// Nodes per move for engine A alone, in place of `--nodes` (which it needs): a
    /// time-equalized fixed-node test gives the side of a change that costs speed that much
    /// fewer nodes (its nodes/s ratio times `--nodes`), so the result charges the cost and
    /// still does not depend on the machine's load.
    #[arg(long)]
    nodes_a: Option<u64>,
    /// Nodes per move for engine B alone, in place of `--nodes` (which it needs).
    #[arg(long)]
    nodes_b: Option<u64>,
    /// Game pairs at most (each opening played with both colors).
    #[arg(long, default_value_t = 100)]
    pairs: u64,
    /// Stop at the decision of an SPRT of these logistic Elo bounds (`0 5` for a gain, `-5 0`
    /// for a simplification), at 5% error rates.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_hyphen_values = true)]
    sprt: Option<Vec<f64>>,
    #[command(flatten)]
    games: GameArgs,
    /// Append every game to this PGN file.
    #[arg(long)]
    pgn: Option<PathBuf>,
}

/// How many pairs between two report lines.
const REPORT_EVERY: u64 = 10;

impl ArenaArgs {
    fn config(&self, uci_variant: Option<String>) -> Result<ArenaConfig, CliError> {
        let spec = |name: &Option<String>, cmd: &str, options: &[String]| {
            EngineSpec::parse(name.as_deref(), cmd, options).map_err(CliError::Argument)
        };
        let sprt = match self.sprt.as_deref() {
            None => None,
            Some(&[elo0, elo1]) if elo0 < elo1 => Some(Sprt::new(elo0, elo1)),
            Some(_) => return Err(CliError::Argument("--sprt needs ELO0 below ELO1".to_string())),
        };
        let mut engines = [
            spec(&self.name_a, &self.engine_a, &self.option_a)?,
            spec(&self.name_b, &self.engine_b, &self.option_b)?,
        ];
        engines[0].nodes = self.nodes_a;
        engines[1].nodes = self.nodes_b;
        let mut cfg = self.games.config(engines, uci_variant)?;
        let own_nodes = self.nodes_a.is_some() || self.nodes_b.is_some();
        if own_nodes && !matches!(cfg.tc, arena::TimeControl::Nodes(_)) {
            return Err(CliError::Argument(
                "--nodes-a and --nodes-b need --nodes (they replace its count for one engine)".to_string(),
            ));
        }
        cfg.pairs = self.pairs;
        cfg.sprt = sprt;
        Ok(cfg)
    }
}

impl ForGame for ArenaArgs {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, name: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let variant = G::in_dialect(variant, Dialect::Uci);
        let uci_variant = (name != "chess").then(|| name.to_string());
        let cfg = self.config(uci_variant)?;
        let names = [cfg.engines[0].name.clone(), cfg.engines[1].name.clone()];
        let pgn = match &self.pgn {
            Some(p) => Some(Mutex::new(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(p)
                    .map_err(|e| CliError::Data(format!("{}: cannot open: {e}", p.display())))?,
            )),
            None => None,
        };
        let round = std::sync::atomic::AtomicU64::new(0);
        let sink = |g: &arena::GameRecord| {
            let Some(file) = &pgn else { return };
            let n = round.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            let text = arena::write_pgn(g, [&names[0], &names[1]], name, n);
            if let Ok(mut f) = file.lock() {
                let _ = f.write_all(text.as_bytes());
            }
        };
        let sprt = cfg.sprt;
        let progress = |r: &arena::ArenaReport| {
            let pairs: u64 = r.result.penta.iter().sum();
            if pairs.is_multiple_of(REPORT_EVERY) || r.verdict.is_some() {
                println!("pairs {pairs}: {}", r.line(sprt.as_ref()));
            }
        };
        let report = arena::run::<G>(&variant, embedded, &cfg, stop_on_ctrl_c(), &progress, &sink)
            .map_err(CliError::Argument)?;
        println!("{} vs {}: {}", names[0], names[1], report.line(sprt.as_ref()));
        let ends: Vec<String> = report
            .terminations
            .iter()
            .map(|(t, n)| format!("{} {n}", t.name()))
            .collect();
        println!("terminations: {}", ends.join(", "));
        if let Some(t) = &sprt {
            let verdict = match report.verdict {
                Some(Verdict::H1) => "H1 accepted",
                Some(Verdict::H0) => "H0 accepted",
                _ => "no decision",
            };
            println!("SPRT [{}, {}]: {verdict}", t.elo0, t.elo1);
        }
        Ok(())
    }
}
