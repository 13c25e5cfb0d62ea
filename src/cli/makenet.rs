//! `nue makenet`: its arguments, the pipeline of one variant ([`Pipeline`]), `--init auto`
//! ([`nearest_net`]) and the unattended run of several variants ([`makenets`]).

use super::train::{TrainSettings, init_net};
use super::{CliError, LayoutOf, known_layouts, stop_on_ctrl_c, threads_or_all};
use nue::engine::registry::{ForGame, with_game};
use nue::game::Game;
use nue::nnue::FeatureLayout;
use nue::train::pipeline::{self, PipelineConfig, State};
use nue::train::warm::InitNet;
use std::path::{Path, PathBuf};

/// From a variant to a tested net: self-play with the best evaluator so far, training,
/// a match against it, keep the winner; generation after generation, resumable (run the
/// same command again), every step's standalone command recorded in DIR/commands.txt.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nue makenet --variant kingofthehill --dir runs/koth --games 12000 --hidden 128 --epochs 6\n  nue makenet --variant shogi --dir runs/shogi --generations 2    # run again to resume\n  nue makenet --variants xiangqi,janggi,minishogi --dir runs/batch --games 20000 --init auto"
)]
pub struct MakenetArgs {
    /// The run folder (state, data, nets, commands).
    #[arg(long)]
    dir: PathBuf,
    /// Generations the run should have when it ends.
    #[arg(long, default_value_t = 1)]
    generations: u32,
    /// Self-play games per generation (100,000 at 1,000 nodes a move cost about the CPU time
    /// of 20,000 at 5,000, the defaults before).
    #[arg(long, default_value_t = 100000)]
    games: u64,
    /// Nodes per move in self-play (as `datagen`'s default: more positions beat deeper
    /// searches at equal CPU time).
    #[arg(long, default_value_t = 1000)]
    nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Game pairs of each gating match.
    #[arg(long, default_value_t = 100)]
    match_pairs: u64,
    /// Nodes per move in the gating matches.
    #[arg(long, default_value_t = 5000)]
    match_nodes: u64,
    #[command(flatten)]
    train: TrainSettings,
    /// Threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
    /// Several variants, comma-separated, one after the other, unattended: a run per
    /// variant in DIR/<variant>, each winning net copied to DIR/nets/<variant>.nnue, a line
    /// per variant in DIR/summary.txt; run the same command again to resume.
    #[arg(long, value_delimiter = ',')]
    variants: Vec<String>,
}

impl MakenetArgs {
    /// Runs the pipeline for `variant`, or for each of `--variants`.
    ///
    /// # Errors
    /// A setting out of range (before the variant is looked up), an unknown variant, or the
    /// pipeline's own errors.
    pub fn run(self, variant: &str) -> Result<(), CliError> {
        let threads = threads_or_all(self.threads);
        let train = self.train.config(threads)?;
        let pipeline = PipelineConfig {
            dir: self.dir,
            variant: variant.to_string(),
            generations: self.generations,
            games: self.games,
            nodes: self.nodes,
            random_plies: self.random_plies,
            seed: self.train.seed,
            threads,
            hidden: self.train.hidden,
            train,
            match_pairs: self.match_pairs,
            match_nodes: self.match_nodes,
            init: None,
        };
        let init = self.train.init;
        if self.variants.is_empty() {
            super::run(variant, Pipeline(pipeline, init)).map(|_| ())
        } else {
            makenets(&self.variants, &pipeline, init.as_deref())
        }
    }
}

/// One variant's pipeline: its settings and `--init`'s net (`auto`: [`nearest_net`]).
struct Pipeline(PipelineConfig, Option<PathBuf>);

impl ForGame for Pipeline {
    type Output = Result<State, CliError>;
    fn run<G: Game>(mut self, variant: &G::Variant, _: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let layout = FeatureLayout::of::<G>(variant);
        self.0.init = match &self.1 {
            Some(path) if path.as_os_str() == "auto" => {
                let near = nearest_net(&layout, self.0.hidden, self.0.train.activation);
                let said = near.as_ref().map_or("none (random weights)", |n| n.source.as_str());
                println!("--init auto: {said}");
                near
            }
            Some(path) => Some(init_net(path, &layout)?),
            None => None,
        };
        let state = pipeline::run::<G>(variant, embedded, &self.0, stop_on_ctrl_c(), &mut |line| {
            println!("{line}")
        })
        .map_err(CliError::Data)?;
        println!(
            "best: {} ({} generations in {})",
            state.best,
            state.generation.len(),
            self.0.dir.display()
        );
        Ok(state)
    }
}

/// `--init auto`: the embedded net sharing the most input rows with `layout` (its own, or
/// another variant's: pieces by FEN letter times the squares both boards have), of the
/// training's hidden width and activation; `None` when no net shares a piece.
fn nearest_net(layout: &FeatureLayout, hidden: usize, activation: nue::nnue::Activation) -> Option<InitNet> {
    let layouts: Vec<FeatureLayout> = known_layouts().collect();
    let shared = |src: &FeatureLayout| {
        if src.hash == layout.hash {
            return usize::MAX;
        }
        let (d, s) = (&layout.spec, &src.spec);
        let letters = d.pieces.iter().filter(|l| s.pieces.contains(l)).count();
        letters * usize::from(d.files.min(s.files)) * usize::from(d.ranks.min(s.ranks))
    };
    nue::engine::nets::EMBEDDED
        .iter()
        .filter_map(|&(name, bytes)| {
            let header = nue::nnue::format::read_header(bytes, name).ok()?;
            if header.hidden as usize != hidden || header.activation != activation {
                return None;
            }
            let src = layouts.iter().find(|l| l.hash == header.layout_hash)?;
            Some((shared(src), name, bytes, src))
        })
        .filter(|&(rows, ..)| rows > 0)
        .max_by_key(|&(rows, name, ..)| (rows, name == "chess"))
        .map(|(_, name, bytes, src)| InitNet {
            bytes: bytes.to_vec(),
            source: format!("nets/{name}.nnue"),
            layout: src.clone(),
        })
}

/// `nue makenet --variants A,B,...`: one run per variant in `DIR/<variant>`, one after the
/// other, each resumable as a single run is; every variant whose net beat its teacher gets
/// `DIR/nets/<variant>.nnue`, and `DIR/summary.txt` lists each variant's state.
///
/// # Errors
/// An unknown variant, or a run's own errors (the variants before it keep their results).
fn makenets(variants: &[String], base: &PipelineConfig, init: Option<&Path>) -> Result<(), CliError> {
    // Every name is checked before the first run: a typo in the last must not wait for hours.
    for name in variants {
        with_game(name, LayoutOf)?;
    }
    let nets = base.dir.join("nets");
    std::fs::create_dir_all(&nets).map_err(|e| CliError::Data(format!("{}: {e}", nets.display())))?;
    let mut summary = String::new();
    for name in variants {
        let mut cfg = base.clone();
        cfg.dir = base.dir.join(name);
        cfg.variant.clone_from(name);
        println!("== {name} ({})", cfg.dir.display());
        let state = super::run(name, Pipeline(cfg.clone(), init.map(Path::to_path_buf)))?;
        let line = summary_line(name, &state, &cfg.dir, &nets)?;
        println!("{line}");
        summary.push_str(&line);
        summary.push('\n');
        let file = base.dir.join("summary.txt");
        std::fs::write(&file, &summary).map_err(|e| CliError::Data(format!("{}: {e}", file.display())))?;
        if stop_on_ctrl_c().load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
    }
    Ok(())
}

/// A variant's line of `summary.txt`, once its run in `dir` ended: its last accepted
/// generation, whose net is copied to `nets/<name>.nnue`, or that none was accepted yet.
fn summary_line(name: &str, state: &State, dir: &Path, nets: &Path) -> Result<String, CliError> {
    let Some(g) = state.generation.iter().rev().find(|g| g.accepted) else {
        return Ok(format!(
            "{name}: no net beat its teacher yet ({} generations)",
            state.generation.len()
        ));
    };
    let to = nets.join(format!("{name}.nnue"));
    std::fs::copy(dir.join(&state.best), &to).map_err(|e| CliError::Data(format!("{}: {e}", to.display())))?;
    Ok(format!(
        "{name}: {} (generation {}: {:+.1} Elo [{:+.1}, {:+.1}] over {}, {} positions) -> {}",
        state.best,
        g.number,
        g.elo,
        g.elo_low,
        g.elo_high,
        g.teacher,
        g.positions,
        to.display()
    ))
}
