//! `nue spsa`: SPSA tuning of an engine's spin options (a `tune` build's search constants) by
//! game pairs of the engine against itself, refereed by nue's rules, resumable from a state
//! file.

use super::games::GameArgs;
use super::{CliError, stop_on_ctrl_c};
use nue::engine::registry::ForGame;
use nue::game::{Dialect, Game};
use nue::train::arena::spsa::{self, Param, Spsa};
use nue::train::arena::{Engine, EngineSpec};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Tunes an engine's spin options by SPSA: each iteration plays one game pair of the engine
/// with the options nudged up against itself with them nudged down, and moves them toward the
/// winner; prints the values every 10 pairs and at the end.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  cargo build --release --features tune\n  nue spsa --engine target/release/nue --param lmr_base --param lmr_div --param rfp_margin --nodes 8000 --iterations 20000 --concurrency 2 --state chess.spsa\n  nue --variant crazyhouse spsa --engine target/release/nue --param see_quiet=60,8 --nodes 8000 --state zh.spsa   # run again to continue"
)]
pub struct SpsaArgs {
    /// The engine's command line; a build with the `tune` feature lists the search constants
    /// as spin options.
    #[arg(long)]
    engine: String,
    /// A UCI option sent to the engine as it is, `NAME=VALUE` (repeatable).
    #[arg(long)]
    option: Vec<String>,
    /// A tuned spin option, `NAME`, `NAME=START` or `NAME=START,C_END` (repeatable): START is
    /// where tuning starts (default: the engine's default), C_END the perturbation at the last
    /// iteration in the option's units (default: a twentieth of its range).
    #[arg(long = "param", required = true)]
    params: Vec<String>,
    /// Game pairs in the whole run (the schedule's N).
    #[arg(long, default_value_t = 10_000)]
    iterations: u64,
    /// The step at the last iteration relative to C_END squared (fishtest's default).
    #[arg(long, default_value_t = 0.002)]
    r_end: f64,
    /// State file, rewritten after every pair; a run given an existing one continues from it.
    #[arg(long)]
    state: Option<PathBuf>,
    #[command(flatten)]
    games: GameArgs,
}

/// How many pairs between two report lines.
const REPORT_EVERY: u64 = 10;

/// What the state file holds.
#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct State {
    iterations: u64,
    done: u64,
    /// The seed of the openings and signs, and the schedule: a run continues only with the same.
    seed: u64,
    r_end: f64,
    c_end: BTreeMap<String, f64>,
    values: BTreeMap<String, f64>,
}

impl State {
    fn of(spsa: &Spsa, seed: u64) -> State {
        let by_name = |f: fn(&Param) -> f64| spsa.params.iter().map(|p| (p.name.clone(), f(p))).collect();
        State {
            iterations: spsa.iterations,
            done: spsa.done,
            seed,
            r_end: spsa.params.first().map_or(0.0, |p| p.r_end),
            c_end: by_name(|p| p.c_end),
            values: by_name(|p| p.value),
        }
    }
}

impl SpsaArgs {
    /// The tuned parameters, their ranges read from the engine's listing.
    fn params(&self, engine: &Engine) -> Result<Vec<Param>, CliError> {
        if !(self.r_end.is_finite() && self.r_end > 0.0) {
            return Err(CliError::Argument("--r-end must be a positive number".to_string()));
        }
        let mut params: Vec<Param> = Vec::new();
        for text in &self.params {
            let param = self.param(engine, text)?;
            if params.iter().any(|p| p.name.eq_ignore_ascii_case(&param.name)) {
                return Err(CliError::Argument(format!("--param {}: given twice", param.name)));
            }
            params.push(param);
        }
        Ok(params)
    }

    /// One `--param NAME[=START[,C_END]]`.
    fn param(&self, engine: &Engine, text: &str) -> Result<Param, CliError> {
        let (name, rest) = text.split_once('=').unwrap_or((text, ""));
        let bad = |why: &str| CliError::Argument(format!("--param {text}: {why}"));
        let (default, min, max) = engine
            .spin_option(name)
            .ok_or_else(|| bad("the engine lists no spin option of that name"))?;
        let fields: Vec<&str> = if rest.is_empty() {
            Vec::new()
        } else {
            rest.split(',').collect()
        };
        if fields.len() > 2 {
            return Err(bad("give NAME, NAME=START or NAME=START,C_END"));
        }
        let number = |i: usize, what: &str| -> Result<Option<f64>, CliError> {
            match fields.get(i).map(|f| f.trim()).filter(|f| !f.is_empty()) {
                None => Ok(None),
                Some(f) => match f.parse::<f64>() {
                    Ok(x) if x.is_finite() => Ok(Some(x)),
                    _ => Err(bad(&format!("{what} is not a number"))),
                },
            }
        };
        let (min, max) = (min as f64, max as f64);
        let start = number(0, "START")?.unwrap_or(default as f64);
        let c_end = number(1, "C_END")?.unwrap_or(((max - min) / 20.0).max(0.5));
        if !(min..=max).contains(&start) {
            return Err(bad(&format!("START must lie in [{min}, {max}]")));
        }
        if c_end < 0.5 {
            // Below half a unit, both sides of a pair round to the same value.
            return Err(bad("C_END must be at least 0.5"));
        }
        Ok(Param {
            name: name.to_string(),
            value: start,
            min,
            max,
            c_end,
            r_end: self.r_end,
        })
    }

    /// The tuner at its start, or where the state file left it.
    fn tuner(&self, params: Vec<Param>) -> Result<Spsa, CliError> {
        let mut spsa = Spsa::new(params, self.iterations);
        let Some(path) = self.state.as_deref().filter(|p| p.exists()) else {
            return Ok(spsa);
        };
        let bad = |why: String| CliError::Data(format!("{}: {why}", path.display()));
        let text = std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read: {e}")))?;
        let state: State = toml::from_str(&text).map_err(|e| bad(e.to_string()))?;
        let ours = State::of(&spsa, self.games.seed());
        let schedule = |s: &State| (s.iterations, s.seed, s.r_end, s.c_end.clone());
        if schedule(&state) != schedule(&ours) {
            return Err(bad(format!(
                "a run of {} pairs, seed {}, r_end {}, C_END {:?}; this one has {} pairs, seed {}, r_end {}, C_END {:?}",
                state.iterations,
                state.seed,
                state.r_end,
                state.c_end,
                ours.iterations,
                ours.seed,
                ours.r_end,
                ours.c_end
            )));
        }
        for p in &mut spsa.params {
            let value = state.values.get(&p.name).filter(|v| v.is_finite());
            let value = value.ok_or_else(|| bad(format!("no value of {}", p.name)))?;
            p.value = value.clamp(p.min, p.max);
        }
        spsa.done = state.done.min(spsa.iterations);
        Ok(spsa)
    }
}

/// Writes the state beside its file and renames it over, so a stop never leaves half a file.
fn save(path: &Path, spsa: &Spsa, seed: u64) -> Result<(), String> {
    let text = toml::to_string(&State::of(spsa, seed)).map_err(|e| e.to_string())?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

/// `NAME=VALUE` of every parameter, rounded as the engine takes it.
fn values_line(spsa: &Spsa) -> String {
    let values: Vec<String> = spsa
        .params
        .iter()
        .map(|p| format!("{}={}", p.name, p.value.round() as i64))
        .collect();
    values.join(" ")
}

impl ForGame for SpsaArgs {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, name: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let variant = G::in_dialect(variant, Dialect::Uci);
        let uci_variant = (name != "chess").then(|| name.to_string());
        let spec = EngineSpec::parse(None, &self.engine, &self.option).map_err(CliError::Argument)?;
        let engine = Engine::start(&spec, uci_variant.as_deref()).map_err(CliError::Argument)?;
        let params = self.params(&engine)?;
        drop(engine);
        let tuner = self.tuner(params)?;
        let cfg = self.games.config([spec.clone(), spec], uci_variant)?;
        let state = self.state.clone();
        let seed = self.games.seed();
        let progress = |s: &Spsa| {
            if let Some(path) = &state
                && let Err(e) = save(path, s, seed)
            {
                eprintln!("{e}");
            }
            if s.done.is_multiple_of(REPORT_EVERY) || s.done == s.iterations {
                println!("pairs {}/{}: {}", s.done, s.iterations, values_line(s));
            }
        };
        let done = spsa::run::<G>(&variant, embedded, &cfg, tuner, seed, stop_on_ctrl_c(), &progress)
            .map_err(CliError::Argument)?;
        println!(
            "after {} of {} pairs: {}",
            done.done,
            done.iterations,
            values_line(&done)
        );
        Ok(())
    }
}
