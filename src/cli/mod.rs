//! Subcommand implementations. Each is a [`ForGame`] action, run for the game the `--variant`
//! name selects; each prints its report and returns a [`CliError`] on bad input.

pub mod arena;
mod error;

pub use error::CliError;

use nue::engine::registry::{ForGame, with_game};
use nue::engine::select::{self, AnyEval};
use nue::game::{Game, GameMove, Position, perft};
use nue::nnue::FeatureLayout;
use nue::nnue::format::NetError;
use nue::search::{Info, Limits, Reporter, Search, SearchOptions, Signals};
use nue::train::checkpoint::Checkpoint;
use nue::train::{data, datagen, fit, trainer};
use std::path::{Path, PathBuf};

/// Default `bench` depth.
pub const BENCH_DEPTH: u32 = 11;

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

/// `nue perft`.
pub struct Perft<'a> {
    pub fen: Option<&'a str>,
    pub depth: u32,
    pub threads: usize,
}

impl ForGame for Perft<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> Self::Output {
        let board = board_from::<G>(variant, self.fen)?;
        print!(
            "{}",
            perft::report(&board, self.depth, self.threads, stop_on_ctrl_c(), true)
        );
        Ok(())
    }
}

/// `nue bench`.
pub struct Bench {
    pub depth: u32,
}

impl ForGame for Bench {
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

struct Printer;

impl Reporter for Printer {
    fn info(&self, info: &Info) {
        println!("{}", nue::protocol::uci::format_info(info, false, None));
    }
}

/// `nue go`: one search, printed as a UCI engine would.
pub struct Go<'a> {
    pub fen: Option<&'a str>,
    pub moves: &'a [String],
    pub limits: Limits,
    pub threads: usize,
    pub multipv: usize,
}

impl ForGame for Go<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let mut pos = Position::new(board_from::<G>(variant, self.fen)?);
        for mv in self.moves {
            pos.play_str(mv)?;
        }
        let limits = self.limits;
        let limits = if limits.depth.is_none() && limits.nodes.is_none() && limits.move_time.is_none() {
            Limits {
                depth: Some(BENCH_DEPTH),
                ..limits
            }
        } else {
            limits
        };
        let options = SearchOptions {
            threads: self.threads.max(1),
            multipv: self.multipv.max(1),
            move_overhead: 0,
            ..SearchOptions::default()
        };
        let eval = eval_for::<G>(variant, "", embedded)?;
        let result =
            Search::<G, AnyEval<G>>::new(16).run(&pos, &eval, &limits, &options, &Signals::default(), &Printer);
        match result.best {
            Some(bits) => println!("bestmove {}", pos.board().fmt_move(G::Move::from_bits(bits))),
            None => println!("bestmove 0000"),
        }
        Ok(())
    }
}

/// `nue datagen`.
pub struct Datagen<'a> {
    pub cfg: datagen::DatagenConfig,
    /// Continue from `out`'s checkpoint when it is this seed's and shard's.
    pub resume: bool,
    pub out: &'a Path,
    pub eval_file: &'a str,
}

impl ForGame for Datagen<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Game>(mut self, variant: &G::Variant, _: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let (seed, shard) = (self.cfg.seed, self.cfg.shard);
        let resumed = match self.resume {
            true => Checkpoint::recover(self.out, seed, shard).map_err(CliError::Data)?,
            false => None,
        };
        if let Some(c) = resumed {
            if c.next_game >= self.cfg.games {
                println!(
                    "{}: the run is complete ({} games, {} positions)",
                    self.out.display(),
                    c.games,
                    c.positions
                );
                return Ok(());
            }
            eprintln!(
                "continuing at game {} ({} games and {} positions already in {})",
                c.next_game,
                c.games,
                c.positions,
                self.out.display()
            );
            self.cfg.first_game = c.next_game;
        }
        if self.cfg.first_game >= self.cfg.games {
            return Err(CliError::Data(format!(
                "--first-game {} is not below --games {}: no game to play",
                self.cfg.first_game, self.cfg.games
            )));
        }
        // Before the net is loaded: `datagen::run` checks it again for its other callers.
        self.cfg.check().map_err(CliError::Data)?;
        let holds_data = std::fs::metadata(self.out).is_ok_and(|m| m.len() > 0);
        if holds_data && self.cfg.first_game == 0 && resumed.is_none() {
            eprintln!(
                "warning: {} already holds data and no checkpoint of seed {}; if that seed made it, its games are played again and stored twice (continue that run with --first-game, the `next game` it printed)",
                self.out.display(),
                self.cfg.seed
            );
        }
        let eval = eval_for::<G>(variant, self.eval_file, embedded)?;
        // The first Ctrl-C asks for a clean stop: finished games are kept.
        let report =
            datagen::run::<G>(variant, &eval, &self.cfg, self.out, stop_on_ctrl_c()).map_err(CliError::Data)?;
        println!(
            "games: {}\npositions: {}\ntime (s): {:.1}\npositions/hour: {:.0}\nnext game: {}\n{}",
            report.games,
            report.positions,
            report.seconds,
            report.positions as f64 * 3600.0 / report.seconds.max(1e-9),
            report.next_game,
            report.tally.summary(report.positions)
        );
        let stopped = stop_on_ctrl_c().load(std::sync::atomic::Ordering::Relaxed);
        if report.games == 0 && self.cfg.games > 0 && !stopped {
            return Err(CliError::Data(format!(
                "no game was played: after {} random plies every opening had ended or was lopsided (try fewer --random-plies)",
                self.cfg.random_plies
            )));
        }
        Ok(())
    }
}

/// `nue data stats`.
pub struct DataStats<'a> {
    pub file: &'a Path,
}

impl ForGame for DataStats<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, name: &str, _: Option<&'static [u8]>) -> Self::Output {
        let file = self.file;
        let codec = data::Codec::new(&FeatureLayout::of::<G>(variant));
        let records = data::read_records(file, &codec).map_err(CliError::Data)?;
        let mut sample = data::Sample::default();
        let mut results = [0u64; 3];
        const EDGES: [i32; 9] = [-1000, -400, -200, -50, 50, 200, 400, 1000, i32::MAX];
        let mut histogram = [0u64; 9];
        let mut pieces = 0u64;
        let mut outcomes = Vec::with_capacity(records.len() / codec.record_size);
        for rec in records.chunks_exact(codec.record_size) {
            codec.decode(rec, &mut sample);
            results[sample.result.min(2) as usize] += 1;
            // 0 loss, 1 draw, 2 win for the side to move (halves are exact in f32).
            outcomes.push((i32::from(sample.score), (sample.stm_result() * 2.0) as u8));
            let bin = EDGES.iter().position(|&e| (sample.score as i32) < e).unwrap_or(8);
            histogram[bin] += 1;
            pieces += sample.pieces.len() as u64;
        }
        let n = (records.len() / codec.record_size) as u64;
        println!(
            "file: {} (variant {name}, {} bytes per position)",
            file.display(),
            codec.record_size
        );
        println!("positions: {n}");
        println!(
            "results for the first player: {} wins, {} draws, {} losses",
            results[2], results[1], results[0]
        );
        println!("average pieces on the board: {:.1}", pieces as f64 / n.max(1) as f64);
        println!("scores (side to move, centipawns):");
        let mut low = "-inf".to_string();
        for (i, count) in histogram.iter().enumerate() {
            let high = if EDGES[i] == i32::MAX {
                "+inf".to_string()
            } else {
                EDGES[i].to_string()
            };
            println!(
                "  [{low:>5}, {high:>5}): {count:>10}  {:5.1}%",
                *count as f64 * 100.0 / n.max(1) as f64
            );
            low = high;
        }
        match nue::search::wdl::fit(outcomes.into_iter()) {
            Some(m) => println!(
                "win/draw/loss model (UCI_ShowWDL): a = {:.1} cp, b = {:.1} cp",
                m.a, m.b
            ),
            None => println!("win/draw/loss model: not fitted (no draws or no decisive games)"),
        }
        Ok(())
    }
}

/// The variant a data file was made for (its header), or `fallback`.
pub fn data_variant(file: &Path, fallback: &str) -> String {
    data::file_variant(file).unwrap_or_else(|_| fallback.to_string())
}

/// The training settings `nue train` and `nue makenet` share.
#[derive(clap::Args, Clone, Debug)]
pub struct TrainArgs {
    /// Hidden width (64, 128, 256 or 512).
    #[arg(long, default_value_t = 256)]
    pub hidden: usize,
    /// Passes over the data (the epoch with the lowest validation loss is written).
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    /// Positions per batch.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Initial learning rate (Adam).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Weight of the search score in the target; the game result gets the rest.
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Output buckets by piece count.
    #[arg(long, default_value_t = 8)]
    pub buckets: usize,
    /// `crelu` or `screlu` (CReLU measured stronger on chess: see nets/README.md).
    #[arg(long, default_value = "crelu")]
    pub activation: String,
    /// Share of positions held out for validation (whole games).
    #[arg(long, default_value_t = 0.02)]
    pub validation: f32,
    /// Seed of the weights, the validation split (and of the pipeline's games).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start from this net's weights: the variant's own net (a next generation), or another
    /// variant's net of the same width and activation, matched piece by piece (FEN letters)
    /// and square by square, the rest as `--init-fill` says.
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// How `--init` fills the rows of pieces and squares the net lacks: `nearest` (its piece
    /// nearest in value, its square at the same relative place) or `zero` (before session 49).
    #[arg(long, default_value = "nearest")]
    pub init_fill: nue::train::warm::Fill,
}

/// Computes a variant's feature layout.
struct LayoutOf;

impl ForGame for LayoutOf {
    type Output = FeatureLayout;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> FeatureLayout {
        FeatureLayout::of::<G>(variant)
    }
}

/// The net at `path` to start training a net of `layout` from, with the layout it was made
/// for: `layout` itself when its header records `layout`'s hash, else the layout of the known
/// variant (built-in or loaded) whose hash it records.
///
/// # Errors
/// The file cannot be read, is no net, or was made for no variant this engine knows.
pub fn init_net(path: &Path, layout: &FeatureLayout) -> Result<nue::train::warm::InitNet, CliError> {
    let source = path.display().to_string();
    let bytes = nue::core::fs::read_capped(path, select::MAX_NET_BYTES).map_err(|e| {
        CliError::Net(NetError {
            source: source.clone(),
            message: format!("cannot read: {e}"),
        })
    })?;
    let header = nue::nnue::format::read_header(&bytes, &source)?;
    let found = if header.layout_hash == layout.hash {
        Some(layout.clone())
    } else {
        nue::engine::registry::variant_names()
            .iter()
            .filter_map(|name| with_game(name, LayoutOf).ok())
            .find(|l| l.hash == header.layout_hash)
    };
    let layout = found.ok_or_else(|| {
        CliError::Net(NetError {
            source: source.clone(),
            message: format!(
                "its layout hash {:016x} is no known variant's (a net of a variant file: load it with VariantPath first)",
                header.layout_hash
            ),
        })
    })?;
    Ok(nue::train::warm::InitNet { bytes, source, layout })
}

impl TrainArgs {
    /// The trainer's settings.
    ///
    /// # Errors
    /// An unknown activation or a value out of range.
    pub fn config(&self, threads: usize) -> Result<trainer::TrainConfig, CliError> {
        let activation = match self.activation.to_ascii_lowercase().as_str() {
            "crelu" => nue::nnue::Activation::CReLU,
            "screlu" => nue::nnue::Activation::SCReLU,
            other => {
                return Err(CliError::Argument(format!(
                    "unknown activation '{other}' (screlu or crelu)"
                )));
            }
        };
        if self.buckets == 0 || self.buckets > 64 {
            return Err(CliError::Argument("--buckets must be from 1 to 64".into()));
        }
        if !(0.0..=1.0).contains(&self.lambda) || !(0.0..0.5).contains(&self.validation) {
            return Err(CliError::Argument(
                "--lambda must be in [0, 1] and --validation in [0, 0.5)".into(),
            ));
        }
        if !nue::engine::select::WIDTHS.contains(&self.hidden) {
            return Err(CliError::Argument(format!(
                "--hidden {} is not supported (64, 128, 256 or 512)",
                self.hidden
            )));
        }
        if self.epochs == 0 || self.batch == 0 {
            return Err(CliError::Argument("--epochs and --batch must be at least 1".into()));
        }
        Ok(trainer::TrainConfig {
            epochs: self.epochs,
            batch: self.batch,
            lr: self.lr,
            lambda: self.lambda,
            threads,
            activation,
            output_buckets: self.buckets,
            validation: self.validation,
            seed: self.seed,
            progress: true,
            init_fill: self.init_fill,
        })
    }
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

/// Parses a perft depth: 0 to [`perft::MAX_PERFT_DEPTH`].
///
/// # Errors
/// [`CliError::Argument`] (clap prints it) for anything else.
pub fn parse_perft_depth(text: &str) -> Result<u32, CliError> {
    match text.trim().parse::<u32>() {
        Ok(n) if n <= perft::MAX_PERFT_DEPTH => Ok(n),
        _ => Err(CliError::Argument(format!(
            "expected a depth from 0 to {}, found '{}'",
            perft::MAX_PERFT_DEPTH,
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

/// `nue train`.
pub struct Train<'a> {
    pub data: &'a [PathBuf],
    pub hidden: usize,
    pub out: &'a Path,
    pub cfg: trainer::TrainConfig,
    /// `--init`: the net to start from.
    pub init: Option<&'a Path>,
}

impl ForGame for Train<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> Self::Output {
        let cfg = &self.cfg;
        let layout = FeatureLayout::of::<G>(variant);
        let init = self.init.map(|p| init_net(p, &layout)).transpose()?;
        let report = fit::fit(
            &layout,
            self.data,
            self.out,
            self.hidden,
            cfg,
            init.as_ref(),
            &mut |line| println!("{line}"),
        )
        .map_err(CliError::Data)?;
        println!(
            "best epoch {} (validation loss {:.6})",
            report.best_epoch, report.validation_loss
        );
        println!(
            "quantized vs float on {} validation positions: mean |diff| {:.2} cp, max {:.1} cp",
            report.quantization.positions, report.quantization.mean_abs_cp, report.quantization.max_abs_cp
        );
        println!("wrote {}", self.out.display());
        Ok(())
    }
}

/// `nue makenet`: the pipeline's settings and `--init`'s net (`auto`: [`nearest_net`]).
pub struct Makenet(pub nue::train::pipeline::PipelineConfig, pub Option<PathBuf>);

impl ForGame for Makenet {
    type Output = Result<nue::train::pipeline::State, CliError>;
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
        let state = nue::train::pipeline::run::<G>(variant, embedded, &self.0, stop_on_ctrl_c(), &mut |line| {
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
fn nearest_net(
    layout: &FeatureLayout,
    hidden: usize,
    activation: nue::nnue::Activation,
) -> Option<nue::train::warm::InitNet> {
    let layouts: Vec<FeatureLayout> = nue::engine::registry::variant_names()
        .iter()
        .filter_map(|name| with_game(name, LayoutOf).ok())
        .collect();
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
        .map(|(_, name, bytes, src)| nue::train::warm::InitNet {
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
pub fn makenets(
    variants: &[String],
    base: &nue::train::pipeline::PipelineConfig,
    init: Option<&Path>,
) -> Result<(), CliError> {
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
        let state = run(name, Makenet(cfg.clone(), init.map(Path::to_path_buf)))?;
        let line = match state.generation.iter().rev().find(|g| g.accepted) {
            Some(g) => {
                let to = nets.join(format!("{name}.nnue"));
                std::fs::copy(cfg.dir.join(&state.best), &to)
                    .map_err(|e| CliError::Data(format!("{}: {e}", to.display())))?;
                format!(
                    "{name}: {} (generation {}: {:+.1} Elo [{:+.1}, {:+.1}] over {}, {} positions) -> {}",
                    state.best,
                    g.number,
                    g.elo,
                    g.elo_low,
                    g.elo_high,
                    g.teacher,
                    g.positions,
                    to.display()
                )
            }
            None => format!(
                "{name}: no net beat its teacher yet ({} generations)",
                state.generation.len()
            ),
        };
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

/// `nue match`.
pub struct Match<'a> {
    pub a: &'a str,
    pub b: &'a str,
    pub cfg: nue::train::versus::MatchConfig,
}

impl ForGame for Match<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let setting = |s: &str| if s == "default" { String::new() } else { s.to_string() };
        let a = eval_for::<G>(variant, &setting(self.a), embedded)?;
        let b = eval_for::<G>(variant, &setting(self.b), embedded)?;
        let pairs = self.cfg.pairs;
        let progress = nue::core::progress::Progress::new("pairs", pairs);
        let report = nue::train::versus::play::<G>(variant, &a, &b, &self.cfg, stop_on_ctrl_c(), &|r| {
            progress.update(r.penta.iter().sum::<u64>(), &r.to_string())
        });
        progress.finish(report.penta.iter().sum::<u64>(), &report.to_string());
        println!("{} vs {}: {report}", self.a, self.b);
        Ok(())
    }
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

/// Checks a variant name exists (building nothing).
pub struct LayoutCheck;

impl ForGame for LayoutCheck {
    type Output = ();
    fn run<G: Game>(self, _: &G::Variant, _: &str, _: Option<&'static [u8]>) {}
}

/// The layout hash of a variant (for `netinfo`).
struct LayoutHash;

impl ForGame for LayoutHash {
    type Output = u64;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> u64 {
        FeatureLayout::of::<G>(variant).hash
    }
}

/// `nue netinfo`.
///
/// # Errors
/// The file cannot be read or its header is refused.
pub fn netinfo(file: &Path) -> Result<(), CliError> {
    let source = file.display().to_string();
    let bytes = nue::core::fs::read_capped(file, nue::engine::select::MAX_NET_BYTES).map_err(|e| NetError {
        source: source.clone(),
        message: format!("cannot read: {e}"),
    })?;
    let h = nue::nnue::format::read_header(&bytes, &source)?;
    // The whole file, not the header alone: its length must be what the header implies.
    nue::nnue::format::check_shape(&bytes, &h, &source)?;
    if !nue::engine::select::WIDTHS.contains(&(h.hidden as usize)) {
        return Err(NetError {
            source,
            message: format!("hidden width {} is not supported", h.hidden),
        }
        .into());
    }
    let matches: Vec<String> = nue::engine::registry::variant_names()
        .into_iter()
        .filter(|name| with_game(name, LayoutHash).is_ok_and(|hash| hash == h.layout_hash))
        .collect();
    println!("file: {source} ({} bytes)", bytes.len());
    println!("format version: {}", h.version);
    println!("layout hash: {:016x}", h.layout_hash);
    println!(
        "layout matches: {}",
        if matches.is_empty() {
            "no known variant".to_string()
        } else {
            matches.join(", ")
        }
    );
    println!("inputs: {}", h.inputs);
    println!("hidden width: {}", h.hidden);
    println!("output buckets: {}", h.output_buckets);
    println!("activation: {:?}", h.activation);
    println!("quantization: QA {} QB {} SCALE {}", h.qa, h.qb, h.scale);
    println!("description: {}", h.description);
    println!("kernels in this build: {}", nue::nnue::simd::KERNELS);
    Ok(())
}

/// Runs a [`ForGame`] command for the named variant.
///
/// # Errors
/// An unknown variant, or the command's own error.
pub fn run<T, A: ForGame<Output = Result<T, CliError>>>(variant: &str, action: A) -> Result<T, CliError> {
    with_game(variant, action)?
}

/// `nue variants`: every known variant with its board and pieces.
pub fn variants() {
    for name in nue::engine::registry::variant_names() {
        match nue::engine::registry::check(&name) {
            Ok(def) => {
                let letters: String = def.pieces.iter().map(|p| p.letter).collect();
                println!("{name}\t{}x{}\t{letters}", def.files, def.ranks);
            }
            // Native games have no variant file.
            Err(_) => println!("{name}\tnative"),
        }
    }
}

/// `nue check`: every problem of every file; an error when there is any.
///
/// # Errors
/// [`CliError::CheckFailed`] when any file has problems.
/// `nue variants --toml SPEC`: the variant as a TOML file, on stdout.
///
/// # Errors
/// An unknown variant or an unreadable or invalid file.
pub fn print_toml(spec: &str) -> Result<(), CliError> {
    match nue::engine::registry::toml_text(spec) {
        Ok(text) => {
            print!("{text}");
            Ok(())
        }
        Err(e) => Err(CliError::Variant(e)),
    }
}

pub fn check(files: &[String]) -> Result<(), CliError> {
    let mut bad = 0;
    // A Fairy-Stockfish .ini file is checked section by section (FILE.ini:NAME).
    let mut specs = Vec::new();
    for file in files {
        match nue::engine::registry::expand(file) {
            Ok(v) => specs.extend(v),
            Err(e) => {
                println!("{e}");
                bad += 1;
            }
        }
    }
    for file in &specs {
        match nue::engine::registry::check(file) {
            Ok(def) => println!(
                "{file}: ok ({}, {}x{}, {} piece kinds)",
                def.name,
                def.files,
                def.ranks,
                def.pieces.len()
            ),
            Err(e) => {
                println!("{e}");
                bad += 1;
            }
        }
    }
    if bad == 0 {
        Ok(())
    } else {
        Err(CliError::CheckFailed {
            bad,
            total: specs.len().max(bad),
        })
    }
}
