//! The net pipeline (`nue makenet`): from a variant to a tested net, generation by generation.
//! Each generation plays self-play games with the best evaluator so far (the variant's default
//! evaluator first: its committed net, or the hand-crafted evaluation), trains a net on all the
//! run's data, plays it against the best so far ([`super::versus`]) and keeps the winner.
//!
//! Everything lives in one run folder: `state.toml` (progress, results, the best net),
//! `gen<G>.data` (and any `gen<G>-*.data`, such as shards played elsewhere with
//! `nue datagen --shard i/n`: every matching file is trained on), `gen<G>.nnue`, `best.nnue`
//! and `commands.txt`, the standalone commands that reproduce each step. The state is saved
//! after every step, and datagen's checkpoint after every game, so a run stopped in any way
//! (Ctrl-C, a kill, a lost machine) resumes where it was.

use super::checkpoint::Checkpoint;
use super::datagen::{self, DatagenConfig};
use super::fit;
use super::trainer::TrainConfig;
use super::versus::{self, MatchConfig, MatchReport};
use super::warm::{Fill, InitNet};
use crate::engine::select::{self, AnyEval};
use crate::game::Game;
use crate::nnue::FeatureLayout;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Settings of a pipeline run (the command line of `nue makenet`).
#[derive(Clone, Debug)]
pub struct PipelineConfig {
    /// The run folder.
    pub dir: PathBuf,
    /// The variant's name as `--variant` gives it (for the printed commands).
    pub variant: String,
    /// Generations the run should have when it ends.
    pub generations: u32,
    /// Self-play games per generation.
    pub games: u64,
    /// Nodes per move in self-play.
    pub nodes: u64,
    /// Random plies at the start of each self-play game.
    pub random_plies: usize,
    /// Seed: generation `g` plays its games with seed `seed + g`.
    pub seed: u64,
    /// Threads for datagen, training and matches.
    pub threads: usize,
    /// Hidden width of the nets.
    pub hidden: usize,
    /// Training settings (epochs, learning rate, ...).
    pub train: TrainConfig,
    /// Game pairs of each gating match.
    pub match_pairs: u64,
    /// Nodes per move in the gating matches.
    pub match_nodes: u64,
    /// A net to start training from ([`super::warm`]): generation 1 starts from it, each later
    /// generation from the run's best net (or from it while the best is the default). `None`:
    /// every generation starts from random weights.
    pub init: Option<InitNet>,
}

/// One generation's progress and results, as `state.toml` keeps them.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Generation {
    /// Generation number, from 1.
    pub number: u32,
    /// The teacher: `hce`, `embedded`, or a net file.
    pub teacher: String,
    /// Datagen's resume point ([`datagen::DatagenReport::next_game`]).
    pub next_game: u64,
    /// Games and positions written so far.
    pub games: u64,
    /// Positions written so far.
    pub positions: u64,
    /// Whether the net of this generation is trained (`gen<G>.nnue`).
    pub trained: bool,
    /// Training result: best epoch and validation loss.
    pub best_epoch: usize,
    /// Validation loss of the written epoch.
    pub validation_loss: f64,
    /// Training speed, positions per second.
    pub train_speed: f64,
    /// The gating match against the teacher: wins, draws, losses of the new net.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// Pentanomial counts of the pairs.
    pub penta: [u64; 5],
    /// Whether the match is complete.
    pub matched: bool,
    /// Elo of the new net against the teacher and the 95% interval.
    pub elo: f64,
    /// Lower end of the interval.
    pub elo_low: f64,
    /// Upper end of the interval.
    pub elo_high: f64,
    /// Whether the new net became the best.
    pub accepted: bool,
}

/// The run's state file.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct State {
    /// The best evaluator so far: `default` (the variant's own) or a net file in the folder.
    pub best: String,
    /// Every generation begun.
    pub generation: Vec<Generation>,
}

impl State {
    fn load(dir: &Path) -> Result<State, String> {
        let path = dir.join("state.toml");
        if !path.exists() {
            return Ok(State {
                best: "default".into(),
                generation: Vec::new(),
            });
        }
        let text = crate::core::fs::read_text_capped(&path, 1 << 20).map_err(|e| format!("{}: {e}", path.display()))?;
        toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn save(&self, dir: &Path) -> Result<(), String> {
        let path = dir.join("state.toml");
        let text = toml::to_string(self).map_err(|e| format!("{}: {e}", path.display()))?;
        let tmp = dir.join("state.toml.tmp");
        std::fs::write(&tmp, text)
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Prints each line to the caller's log and keeps the reproducing commands in
/// `commands.txt`.
struct Logger<'a> {
    log: &'a mut dyn FnMut(&str),
    commands: PathBuf,
}

impl Logger<'_> {
    fn line(&mut self, line: &str) {
        (self.log)(line);
        if let Some(command) = line.trim_start().strip_prefix("command: ") {
            use std::io::Write;
            let appended = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.commands)
                .and_then(|mut f| writeln!(f, "{command}"));
            if let Err(e) = appended {
                (self.log)(&format!(
                    "  cannot record the command in {}: {e}",
                    self.commands.display()
                ));
            }
        }
    }
}

/// The data files of generations `1..=last` in `dir`: `gen<G>.data` and `gen<G>-*.data`.
fn data_files(dir: &Path, last: u32) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            let Some(name) = p.file_name().and_then(|n| n.to_str()) else {
                return false;
            };
            let Some(stem) = name.strip_prefix("gen").and_then(|n| n.strip_suffix(".data")) else {
                return false;
            };
            let number = stem.split('-').next().and_then(|g| g.parse::<u32>().ok());
            number.is_some_and(|g| (1..=last).contains(&g))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Runs (or resumes) the pipeline for game `G` until `cfg.generations` generations are done
/// or `stop` is set. `embedded` is the variant's built-in net. Progress goes to stderr, the
/// summary of each step to `log`.
///
/// # Errors
/// An unreadable or foreign state or data file, a net that cannot be written or read back.
pub fn run<G: Game>(
    variant: &G::Variant,
    embedded: Option<&[u8]>,
    cfg: &PipelineConfig,
    stop: &AtomicBool,
    log: &mut dyn FnMut(&str),
) -> Result<State, String> {
    std::fs::create_dir_all(&cfg.dir).map_err(|e| format!("{}: {e}", cfg.dir.display()))?;
    let layout = FeatureLayout::of::<G>(variant);
    let mut state = State::load(&cfg.dir)?;
    let mut logger = Logger {
        log,
        commands: cfg.dir.join("commands.txt"),
    };
    let dir = &cfg.dir;
    let d = dir.display();
    let v = &cfg.variant;
    let evaluator = |name: &str| -> Result<(AnyEval<G>, String), String> {
        match name {
            "default" => select::choose::<G>(variant, "", embedded).map_err(|e| e.to_string()),
            file => {
                let path = dir.join(file);
                let e = AnyEval::from_file(&path, &layout).map_err(|e| e.to_string())?;
                Ok((e, format!("using {}", path.display())))
            }
        }
    };
    while state.generation.len() < cfg.generations as usize || state.generation.last().is_some_and(|g| !g.matched) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        if state.generation.last().is_none_or(|g| g.matched) {
            let number = state.generation.len() as u32 + 1;
            state.generation.push(Generation {
                number,
                teacher: state.best.clone(),
                ..Generation::default()
            });
            state.save(dir)?;
        }
        let idx = state.generation.len() - 1;
        let number = state.generation[idx].number;
        let (teacher, line) = evaluator(&state.generation[idx].teacher)?;
        // The teacher as the printed commands name it: a net in the run folder, or the
        // variant's default evaluator.
        let teacher_file = match state.generation[idx].teacher.as_str() {
            "default" => None,
            file => Some(format!("{d}/{file}")),
        };
        let teacher_arg = teacher_file
            .as_ref()
            .map_or_else(String::new, |f| format!(" --eval-file {f}"));
        // 1. Self-play data.
        let cur = &mut state.generation[idx];
        let seed = cfg.seed + u64::from(number);
        let data = dir.join(format!("gen{number}.data"));
        // A run killed in datagen saved no state: the data file's checkpoint says how far it got.
        if let Some(c) = Checkpoint::recover(&data, seed, (0, 1))?
            && c.next_game > cur.next_game
        {
            (cur.next_game, cur.games, cur.positions) = (c.next_game, c.games, c.positions);
            logger.line(&format!(
                "generation {number}: continuing at game {} ({} games and {} positions in {})",
                c.next_game,
                c.games,
                c.positions,
                data.display()
            ));
        }
        if cur.next_game < cfg.games {
            logger.line(&format!(
                "generation {number}: self-play, {} games at {} nodes ({line})",
                cfg.games, cfg.nodes
            ));
            logger.line(&format!(
                "  command: nue datagen --variant {v} --games {} --nodes {} --random-plies {} --seed {seed}{teacher_arg} --out {}",
                cfg.games,
                cfg.nodes,
                cfg.random_plies,
                data.display()
            ));
            let report = datagen::run::<G>(
                variant,
                &teacher,
                &DatagenConfig {
                    nodes: cfg.nodes,
                    games: cfg.games,
                    threads: cfg.threads,
                    random_plies: cfg.random_plies,
                    seed,
                    shard: (0, 1),
                    first_game: cur.next_game,
                    max_plies: 400,
                    progress: true,
                },
                &data,
                stop,
            )?;
            cur.next_game = report.next_game;
            cur.games += report.games;
            cur.positions += report.positions;
            state.save(dir)?;
            logger.line(&format!(
                "  {} games, {} positions, {:.0} positions/hour",
                report.games,
                report.positions,
                report.positions as f64 * 3600.0 / report.seconds.max(1e-9)
            ));
            if stop.load(Ordering::Relaxed) {
                break;
            }
        }
        // 2. Training on every generation's data so far.
        let net = format!("gen{number}.nnue");
        let cur = &mut state.generation[idx];
        if !cur.trained {
            let files = data_files(dir, number)?;
            let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
            let t = &cfg.train;
            // The warm start: the run's best net once there is one, else the given net.
            let init = match (&cfg.init, state.best.as_str()) {
                (None, _) => None,
                (Some(given), "default") => Some(given.clone()),
                (Some(_), best) => {
                    let path = dir.join(best);
                    let bytes = crate::core::fs::read_capped(&path, select::MAX_NET_BYTES)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    Some(InitNet {
                        bytes,
                        source: path.display().to_string(),
                        layout: layout.clone(),
                    })
                }
            };
            let fill = match t.init_fill {
                Fill::Nearest => "",
                Fill::Zero => " --init-fill zero",
            };
            let init_arg = init
                .as_ref()
                .map_or_else(String::new, |i| format!(" --init {}{fill}", i.source));
            let cur = &mut state.generation[idx];
            logger.line(&format!("generation {number}: training on {}", names.join(" ")));
            logger.line(&format!(
                "  command: nue train --variant {v} --data {} --hidden {} --epochs {} --batch {} --lr {} --lambda {} --buckets {} --activation {:?} --validation {} --seed {}{init_arg} --out {d}/{net}",
                names.join(" "),
                cfg.hidden,
                t.epochs,
                t.batch,
                t.lr,
                t.lambda,
                t.output_buckets,
                t.activation,
                t.validation,
                t.seed
            ));
            let report = fit::fit(
                &layout,
                &files,
                &dir.join(&net),
                cfg.hidden,
                &cfg.train,
                init.as_ref(),
                &mut |l| logger.line(&format!("  {l}")),
            )?;
            cur.trained = true;
            cur.best_epoch = report.best_epoch;
            cur.validation_loss = report.validation_loss;
            cur.train_speed = report.positions_per_second;
            state.save(dir)?;
        }
        // 3. The new net against the teacher.
        let (new, _) = evaluator(&net)?;
        let cur = &mut state.generation[idx];
        logger.line(&format!(
            "generation {number}: {net} against {} ({} pairs at {} nodes)",
            cur.teacher, cfg.match_pairs, cfg.match_nodes
        ));
        let teacher_net = teacher_file.as_deref().unwrap_or("default");
        logger.line(&format!(
            "  command: nue match --variant {v} --a {d}/{net} --b {teacher_net} --pairs {} --nodes {} --seed {seed}",
            cfg.match_pairs, cfg.match_nodes
        ));
        let pairs = cfg.match_pairs;
        let progress = crate::core::progress::Progress::new("  pairs", pairs);
        let report = versus::play::<G>(
            variant,
            &new,
            &teacher,
            &MatchConfig {
                pairs,
                nodes: cfg.match_nodes,
                random_plies: cfg.random_plies,
                seed,
                threads: cfg.threads,
                max_plies: 400,
            },
            stop,
            &|r: &MatchReport| progress.update(r.penta.iter().sum::<u64>(), &r.to_string()),
        );
        progress.finish(report.penta.iter().sum::<u64>(), &report.to_string());
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let e = report.elo();
        cur.wins = report.wins;
        cur.draws = report.draws;
        cur.losses = report.losses;
        cur.penta = report.penta;
        cur.elo = e.elo;
        cur.elo_low = e.low;
        cur.elo_high = e.high;
        cur.matched = true;
        cur.accepted = e.elo > 0.0;
        logger.line(&format!("  {net} against {}: {report}", cur.teacher));
        if cur.accepted {
            std::fs::copy(dir.join(&net), dir.join("best.nnue")).map_err(|e| format!("{d}/best.nnue: {e}"))?;
            state.best = net.clone();
            logger.line(&format!("  {net} is the new best (copied to {d}/best.nnue)"));
        } else {
            logger.line(&format!("  {net} is not better; the best stays {}", state.best));
        }
        state.save(dir)?;
    }
    Ok(state)
}
