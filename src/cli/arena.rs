//! `nue arena`: two UCI engines against each other in any variant nue knows, refereed by nue's
//! rules, with an Elo and its interval and an optional SPRT.

use super::{CliError, stop_on_ctrl_c};
use nue::engine::registry::ForGame;
use nue::game::{Dialect, Game};
use nue::train::arena::{self, ArenaConfig, EngineSpec, Openings, TimeControl, adjudicate};
use nue::train::sprt::{Sprt, Verdict};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// Plays two UCI engines against each other (game pairs, colors swapped), refereed by nue's
/// rules of `--variant`: score, Elo with its 95% interval (pentanomial) and, with `--sprt`,
/// a sequential test that stops at its decision.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nue arena --engine-a ./new --engine-b ./old --nodes 5000 --pairs 2000 --sprt 0 5 --concurrency 2\n  nue arena --variant xiangqi --engine-a target/release/nue --engine-b fairy-stockfish --tc 2+0.02 --pairs 50\n  nue arena --engine-a ./nue --engine-b stockfish --option-b UCI_LimitStrength=true --option-b UCI_Elo=2600 --tc 10+0.1 --openings book.epd"
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
    /// Nodes per move (`go nodes`): results that do not depend on the machine's load.
    #[arg(long, group = "limit")]
    nodes: Option<u64>,
    /// A clock per side, BASE+INC in seconds (`8+0.08`).
    #[arg(long, group = "limit", value_parser = TimeControl::parse_clock)]
    tc: Option<TimeControl>,
    /// Milliseconds per move (`go movetime`).
    #[arg(long, group = "limit")]
    movetime: Option<u64>,
    /// Plies per move (`go depth`).
    #[arg(long, group = "limit")]
    depth: Option<u32>,
    /// Game pairs at most (each opening played with both colors).
    #[arg(long, default_value_t = 100)]
    pairs: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads)]
    concurrency: usize,
    /// Stop at the decision of an SPRT of these logistic Elo bounds (`0 5` for a gain, `-5 0`
    /// for a simplification), at 5% error rates.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_hyphen_values = true)]
    sprt: Option<Vec<f64>>,
    /// A file of openings, one FEN (or EPD) per line in the variant's dialect; default random
    /// plies.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Random plies of each opening (without `--openings`).
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Resign adjudication: centipawns both engines must agree on for `--resign-plies` plies
    /// (0: off).
    #[arg(long, default_value_t = 1000)]
    resign_cp: i32,
    /// Plies of agreement for resign adjudication.
    #[arg(long, default_value_t = 8)]
    resign_plies: usize,
    /// Draw adjudication: centipawns within which both engines' scores must stay for
    /// `--draw-plies` plies, from ply `--draw-after` on (0: off; fishtest uses 20).
    #[arg(long, default_value_t = 0)]
    draw_cp: i32,
    /// Plies of scores near zero for draw adjudication (fishtest: 16, eight moves each).
    #[arg(long, default_value_t = 16)]
    draw_plies: usize,
    /// The ply from which draws are adjudicated, the opening's included (fishtest: 68, move 34).
    #[arg(long, default_value_t = 68)]
    draw_after: usize,
    /// Milliseconds an engine may overrun its clock before losing on time.
    #[arg(long, default_value_t = 100)]
    time_margin: u64,
    /// Append every game to this PGN file.
    #[arg(long)]
    pgn: Option<PathBuf>,
}

/// How many pairs between two report lines.
const REPORT_EVERY: u64 = 10;

impl ArenaArgs {
    fn config(&self, uci_variant: Option<String>, openings: Openings) -> Result<ArenaConfig, CliError> {
        let spec = |name: &Option<String>, cmd: &str, options: &[String]| {
            EngineSpec::parse(name.as_deref(), cmd, options).map_err(CliError::Argument)
        };
        let tc = match (self.nodes, self.tc, self.movetime, self.depth) {
            (Some(n), ..) => TimeControl::Nodes(n.max(1)),
            (_, Some(tc), ..) => tc,
            (_, _, Some(ms), _) => TimeControl::MoveTime(ms.max(1)),
            (.., Some(d)) => TimeControl::Depth(d.max(1)),
            _ => {
                return Err(CliError::Argument(
                    "give --nodes, --tc, --movetime or --depth".to_string(),
                ));
            }
        };
        let sprt = match self.sprt.as_deref() {
            None => None,
            Some(&[elo0, elo1]) if elo0 < elo1 => Some(Sprt::new(elo0, elo1)),
            Some(_) => return Err(CliError::Argument("--sprt needs ELO0 below ELO1".to_string())),
        };
        Ok(ArenaConfig {
            engines: [
                spec(&self.name_a, &self.engine_a, &self.option_a)?,
                spec(&self.name_b, &self.engine_b, &self.option_b)?,
            ],
            uci_variant,
            tc,
            pairs: self.pairs,
            concurrency: self.concurrency,
            openings,
            max_plies: self.max_plies,
            adjudication: adjudicate::Rules {
                resign: (self.resign_cp > 0).then_some((self.resign_cp, self.resign_plies.max(1))),
                draw: (self.draw_cp > 0).then_some(adjudicate::DrawRule {
                    after: self.draw_after,
                    plies: self.draw_plies.max(1),
                    max_cp: self.draw_cp,
                }),
            },
            time_margin_ms: self.time_margin,
            sprt,
        })
    }

    fn openings(&self) -> Result<Openings, CliError> {
        let Some(path) = &self.openings else {
            return Ok(Openings::Random {
                plies: self.random_plies,
                seed: self.seed,
                balance_nodes: 2000,
                max_cp: 150,
            });
        };
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Data(format!("{}: cannot read: {e}", path.display())))?;
        Ok(Openings::Fens(text.lines().filter_map(opening_fen).collect()))
    }
}

/// The FEN of an openings file's line: the text before an EPD's first `;`, with a halfmove
/// clock and move number added to an EPD's four fields; `None` for blank and `#` lines.
fn opening_fen(line: &str) -> Option<String> {
    let fen = line.split(';').next().unwrap_or("").trim();
    if fen.is_empty() || fen.starts_with('#') {
        return None;
    }
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let number = |f: &str| f.parse::<u32>().is_ok();
    // An EPD: four FEN fields (the fourth an en passant square, not a clock), perhaps followed
    // by operations (`bm Nf3`).
    if fields.len() >= 4 && !number(fields[3]) && fields.get(4).is_none_or(|f| !number(f)) {
        return Some(format!("{} 0 1", fields[..4].join(" ")));
    }
    Some(fen.to_string())
}

impl ForGame for ArenaArgs {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, name: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let variant = G::in_dialect(variant, Dialect::Uci);
        let uci_variant = (name != "chess").then(|| name.to_string());
        let cfg = self.config(uci_variant, self.openings()?)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_lines() {
        assert_eq!(
            opening_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ;c0 \"x\""),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_string())
        );
        assert_eq!(
            opening_fen("8/8/8/8/8/8/8/K6k w - - bm Ka2;"),
            Some("8/8/8/8/8/8/8/K6k w - - 0 1".to_string())
        );
        assert_eq!(
            opening_fen("8/8/8/8/8/8/8/K6k w - - 3 40"),
            Some("8/8/8/8/8/8/8/K6k w - - 3 40".to_string())
        );
        assert_eq!(opening_fen("   "), None);
        assert_eq!(opening_fen("# comment"), None);
    }
}
