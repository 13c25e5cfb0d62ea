//! Subcommand implementations. Each is a [`ForGame`] action, run for the game the `--variant`
//! name selects; each prints its report and returns a [`CliError`] on bad input.

mod error;

pub use error::CliError;

use nue::engine::registry::{ForGame, with_game};
use nue::engine::select::{self, AnyEval};
use nue::game::{Game, GameMove, Position, perft};
use nue::nnue::FeatureLayout;
use nue::nnue::format::NetError;
use nue::search::{Info, Limits, Reporter, Search, SearchOptions, Signals};
use nue::train::{data, datagen, trainer};
use std::path::{Path, PathBuf};
use std::time::Instant;

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
        print!("{}", perft::report(&board, self.depth, self.threads));
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
        let report = nue::bench::run::<G, _>(variant, &lines, &eval, self.depth, |i, nodes| {
            println!("position {:>2}/{}: {nodes} nodes", i + 1, lines.len());
        })
        .map_err(CliError::Data)?;
        println!("\nTotal time (ms): {}", report.millis);
        println!("Nodes searched: {}", report.nodes);
        println!("Nodes/second: {}", report.nodes * 1000 / report.millis.max(1));
        Ok(())
    }
}

struct Printer;

impl Reporter for Printer {
    fn info(&self, info: &Info) {
        println!("{}", nue::protocol::uci::format_info(info, false));
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
    pub out: &'a Path,
    pub eval_file: &'a str,
}

impl ForGame for Datagen<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        // The first Ctrl-C asks for a clean stop: finished games are kept.
        let _ = ctrlc::set_handler(|| STOP.store(true, std::sync::atomic::Ordering::Relaxed));
        let eval = eval_for::<G>(variant, self.eval_file, embedded)?;
        let report = datagen::run::<G>(variant, &eval, &self.cfg, self.out, &STOP).map_err(CliError::Data)?;
        println!(
            "games: {}\npositions: {}\ntime (s): {:.1}\npositions/hour: {:.0}",
            report.games,
            report.positions,
            report.seconds,
            report.positions as f64 * 3600.0 / report.seconds.max(1e-9)
        );
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
        for rec in records.chunks_exact(codec.record_size) {
            codec.decode(rec, &mut sample);
            results[sample.result.min(2) as usize] += 1;
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
        Ok(())
    }
}

/// The variant a data file was made for (its header), or `fallback`.
pub fn data_variant(file: &Path, fallback: &str) -> String {
    data::file_variant(file).unwrap_or_else(|_| fallback.to_string())
}

/// `nue train`.
pub struct Train<'a> {
    pub data: &'a [PathBuf],
    pub hidden: usize,
    pub out: &'a Path,
    pub cfg: trainer::TrainConfig,
}

impl ForGame for Train<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> Self::Output {
        let cfg = &self.cfg;
        if cfg.output_buckets == 0 || cfg.output_buckets > 64 {
            return Err(CliError::Argument("--buckets must be from 1 to 64".into()));
        }
        if !(0.0..=1.0).contains(&cfg.lambda) || !(0.0..0.5).contains(&cfg.validation) {
            return Err(CliError::Argument(
                "--lambda must be in [0, 1] and --validation in [0, 0.5)".into(),
            ));
        }
        let layout = FeatureLayout::of::<G>(variant);
        match self.hidden {
            64 => train_width::<64>(&layout, self.data, self.out, cfg),
            128 => train_width::<128>(&layout, self.data, self.out, cfg),
            256 => train_width::<256>(&layout, self.data, self.out, cfg),
            512 => train_width::<512>(&layout, self.data, self.out, cfg),
            other => Err(CliError::Argument(format!(
                "--hidden {other} is not supported (64, 128, 256 or 512)"
            ))),
        }
    }
}

fn train_width<const H: usize>(
    layout: &FeatureLayout,
    data_files: &[PathBuf],
    out: &Path,
    cfg: &trainer::TrainConfig,
) -> Result<(), CliError> {
    let codec = data::Codec::new(layout);
    let mut records = Vec::new();
    for file in data_files {
        records.extend_from_slice(&data::read_records(file, &codec).map_err(CliError::Data)?);
    }
    let positions = records.len() / codec.record_size;
    if positions == 0 {
        return Err(CliError::Data("no positions in the data files".into()));
    }
    let (train, validation) = trainer::split(&codec, records, cfg.validation, cfg.seed);
    println!(
        "training {}x{H} ({:?}, {} output buckets) on {} positions, {} held out",
        layout.inputs,
        cfg.activation,
        cfg.output_buckets,
        train.len() / codec.record_size,
        validation.len() / codec.record_size
    );
    let mut model = trainer::Model::<H>::new(layout, cfg.activation, cfg.output_buckets, cfg.seed);
    let checkpoint = out.with_extension("checkpoint.nnue");
    let description = |epoch: usize| {
        format!(
            "{} {}x{H} {:?}, {positions} positions, epoch {epoch}/{}",
            layout.spec.variant, layout.inputs, cfg.activation, cfg.epochs
        )
    };
    let start = Instant::now();
    let mut write_error = None;
    // The epoch with the lowest validation loss (the last one when nothing is held out) is the
    // one written: with few games the later epochs memorize them (a 4-epoch net beat a
    // 12-epoch one by 135 Elo on the same data).
    let mut best: Option<(f64, usize, trainer::Model<H>)> = None;
    trainer::train(&mut model, layout, &codec, &train, &validation, cfg, |m, r| {
        println!(
            "epoch {:>3}: train loss {:.6}  validation loss {:.6}  lr {:.6}  {:.0} positions/s  {:.0} s",
            r.epoch,
            r.train_loss,
            r.validation_loss,
            r.lr,
            r.positions_per_second,
            start.elapsed().as_secs_f64()
        );
        let net = m.quantize(layout, &description(r.epoch));
        if let Err(error) = std::fs::write(&checkpoint, nue::nnue::format::write(&net)) {
            write_error = Some(CliError::Write {
                path: checkpoint.clone(),
                error,
            });
        }
        if validation.is_empty() || best.as_ref().is_none_or(|(loss, _, _)| r.validation_loss < *loss) {
            best = Some((r.validation_loss, r.epoch, m.clone()));
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    let (loss, epoch, model) = best.map_or((f64::NAN, cfg.epochs, model), |b| b);
    let net = model.quantize(layout, &description(epoch));
    let q = trainer::quantization_error(&model, &net, &codec, &validation, 100_000);
    std::fs::write(out, nue::nnue::format::write(&net)).map_err(|error| CliError::Write {
        path: out.to_path_buf(),
        error,
    })?;
    let _ = std::fs::remove_file(&checkpoint);
    println!("best epoch {epoch} (validation loss {loss:.6})");
    println!(
        "quantized vs float on {} validation positions: mean |diff| {:.2} cp, max {:.1} cp",
        q.positions, q.mean_abs_cp, q.max_abs_cp
    );
    println!("wrote {}", out.display());
    Ok(())
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
    let bytes = std::fs::read(file).map_err(|e| NetError {
        source: source.clone(),
        message: format!("cannot read: {e}"),
    })?;
    let h = nue::nnue::format::read_header(&bytes, &source)?;
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
pub fn run<A: ForGame<Output = Result<(), CliError>>>(variant: &str, action: A) -> Result<(), CliError> {
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
pub fn check(files: &[String]) -> Result<(), CliError> {
    let mut bad = 0;
    for file in files {
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
            total: files.len(),
        })
    }
}
