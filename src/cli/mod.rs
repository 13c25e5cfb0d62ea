//! Subcommand implementations: each takes parsed arguments, prints its report, and returns an
//! error message for the user on bad input.

use nue::eval::select::{self, AnyEval};
use nue::game::chess::{Chess, ChessVariant};
use nue::game::{Game, GameMove, Position, perft};
use nue::nnue::FeatureLayout;
use nue::protocol::{self, GameSession};
use nue::search::{Info, Limits, Reporter, Search, SearchOptions, Signals};
use std::time::Instant;

/// Default `bench` depth.
pub const BENCH_DEPTH: u32 = 11;

/// The game a variant name selects.
enum Selected {
    Chess(ChessVariant),
}

fn select(variant: &str) -> Result<Selected, String> {
    match variant.to_ascii_lowercase().as_str() {
        "chess" | "standard" | "normal" | "chess960" | "fischerandom" => {
            Ok(Selected::Chess(ChessVariant))
        }
        other => Err(format!(
            "unknown variant '{other}' (known: chess, chess960, fischerandom)"
        )),
    }
}

/// The protocol loop (no subcommand).
pub fn protocol(variant: &str) -> Result<(), String> {
    match select(variant)? {
        Selected::Chess(v) => protocol::run(Box::new(GameSession::<Chess>::new("chess", v, None))),
    }
    Ok(())
}

/// `nue perft`.
pub fn perft(variant: &str, fen: Option<&str>, depth: u32, threads: usize) -> Result<(), String> {
    match select(variant)? {
        Selected::Chess(v) => run_perft::<Chess>(&v, fen, depth, threads),
    }
}

fn board_from<G: Game>(variant: &G::Variant, fen: Option<&str>) -> Result<G, String> {
    match fen {
        Some(fen) => {
            G::from_fen(variant, fen).map_err(|e| format!("{e} in FEN '{}'", fen.escape_debug()))
        }
        None => Ok(G::start(variant)),
    }
}

fn run_perft<G: Game>(
    variant: &G::Variant,
    fen: Option<&str>,
    depth: u32,
    threads: usize,
) -> Result<(), String> {
    let board = board_from::<G>(variant, fen)?;
    let start = Instant::now();
    let lines = perft::divide(&board, depth.max(1), threads);
    let nodes: u64 = if depth == 0 {
        1
    } else {
        lines.iter().map(|(_, n)| n).sum()
    };
    let elapsed = start.elapsed();
    let mut out = String::new();
    if depth > 0 {
        for (mv, n) in &lines {
            out.push_str(&format!("{mv}: {n}\n"));
        }
    }
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    out.push_str(&format!(
        "\nNodes searched: {nodes}\nTime (ms): {}\nNodes/second: {nps}\n",
        elapsed.as_millis()
    ));
    print!("{out}");
    Ok(())
}

/// The evaluator a variant uses by default (its net, else the hand-crafted evaluation).
fn default_eval<G: Game>(variant: &G::Variant) -> Result<AnyEval<G>, String> {
    eval_for::<G>(variant, "")
}

/// The evaluator for an `EvalFile`-style setting (`""` automatic, `none`, or a path).
fn eval_for<G: Game>(variant: &G::Variant, eval_file: &str) -> Result<AnyEval<G>, String> {
    let layout = FeatureLayout::derive(&G::start(variant).layout_spec());
    let (eval, line) = select::choose::<G>(eval_file, None, &layout).map_err(|e| e.to_string())?;
    eprintln!("{line}");
    Ok(eval)
}

/// `nue datagen`.
pub fn datagen(
    variant: &str,
    cfg: &nue::train::datagen::DatagenConfig,
    out: &std::path::Path,
    eval_file: &str,
) -> Result<(), String> {
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    // A second Ctrl-C is not caught again: the first one asks for a clean stop.
    let _ = ctrlc::set_handler(|| STOP.store(true, std::sync::atomic::Ordering::Relaxed));
    let report = match select(variant)? {
        Selected::Chess(v) => {
            let eval = eval_for::<Chess>(&v, eval_file)?;
            nue::train::datagen::run::<Chess>(&v, &eval, cfg, out, &STOP)?
        }
    };
    println!(
        "games: {}\npositions: {}\ntime (s): {:.1}\npositions/hour: {:.0}",
        report.games,
        report.positions,
        report.seconds,
        report.positions as f64 * 3600.0 / report.seconds.max(1e-9)
    );
    Ok(())
}

/// `nue data stats`.
pub fn data_stats(variant: &str, file: &std::path::Path) -> Result<(), String> {
    let file_variant = nue::train::data::file_variant(file)?;
    let layout = match select(&file_variant).or_else(|_| select(variant))? {
        Selected::Chess(v) => FeatureLayout::derive(&Chess::start(&v).layout_spec()),
    };
    let codec = nue::train::data::Codec::new(&layout);
    let records = nue::train::data::read_records(file, &codec)?;
    let mut sample = nue::train::data::Sample::default();
    let mut results = [0u64; 3];
    const EDGES: [i32; 9] = [-1000, -400, -200, -50, 50, 200, 400, 1000, i32::MAX];
    let mut histogram = [0u64; 9];
    let mut pieces = 0u64;
    for rec in records.chunks_exact(codec.record_size) {
        codec.decode(rec, &mut sample);
        results[sample.result.min(2) as usize] += 1;
        let bin = EDGES
            .iter()
            .position(|&e| (sample.score as i32) < e)
            .unwrap_or(8);
        histogram[bin] += 1;
        pieces += sample.pieces.len() as u64;
    }
    let n = (records.len() / codec.record_size) as u64;
    println!(
        "file: {} (variant {file_variant}, {} bytes per position)",
        file.display(),
        codec.record_size
    );
    println!("positions: {n}");
    println!(
        "results for the first player: {} wins, {} draws, {} losses",
        results[2], results[1], results[0]
    );
    println!(
        "average pieces on the board: {:.1}",
        pieces as f64 / n.max(1) as f64
    );
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

/// `nue bench`.
pub fn bench(variant: &str, depth: u32) -> Result<(), String> {
    let report = match select(variant)? {
        Selected::Chess(v) => {
            let eval = default_eval::<Chess>(&v)?;
            nue::bench::run::<Chess, _>(&v, nue::bench::CHESS, &eval, depth, |i, nodes| {
                println!(
                    "position {:>2}/{}: {nodes} nodes",
                    i + 1,
                    nue::bench::CHESS.len()
                );
            })?
        }
    };
    println!("\nTotal time (ms): {}", report.millis);
    println!("Nodes searched: {}", report.nodes);
    println!(
        "Nodes/second: {}",
        report.nodes * 1000 / report.millis.max(1)
    );
    Ok(())
}

struct Printer;

impl Reporter for Printer {
    fn info(&self, info: &Info) {
        println!("{}", protocol::uci::format_info(info));
    }
}

/// `nue go`: one search, printed as a UCI engine would.
pub fn go(
    variant: &str,
    fen: Option<&str>,
    moves: &[String],
    limits: Limits,
    threads: usize,
    multipv: usize,
) -> Result<(), String> {
    match select(variant)? {
        Selected::Chess(v) => run_go::<Chess>(&v, fen, moves, limits, threads, multipv),
    }
}

fn run_go<G: Game>(
    variant: &G::Variant,
    fen: Option<&str>,
    moves: &[String],
    limits: Limits,
    threads: usize,
    multipv: usize,
) -> Result<(), String> {
    let mut pos = Position::new(board_from::<G>(variant, fen)?);
    for mv in moves {
        pos.play_str(mv).map_err(|e| e.to_string())?;
    }
    let limits = if limits.depth.is_none() && limits.nodes.is_none() && limits.move_time.is_none() {
        Limits {
            depth: Some(BENCH_DEPTH),
            ..limits
        }
    } else {
        limits
    };
    let options = SearchOptions {
        threads: threads.max(1),
        multipv: multipv.max(1),
        move_overhead: 0,
    };
    let eval = default_eval::<G>(variant)?;
    let result = Search::<G, AnyEval<G>>::new(16).run(
        &pos,
        &eval,
        &limits,
        &options,
        &Signals::default(),
        &Printer,
    );
    match result.best {
        Some(bits) => println!(
            "bestmove {}",
            pos.board().fmt_move(G::Move::from_bits(bits))
        ),
        None => println!("bestmove 0000"),
    }
    Ok(())
}

/// `nue netinfo`.
pub fn netinfo(file: &std::path::Path) -> Result<(), String> {
    let source = file.display().to_string();
    let bytes = std::fs::read(file).map_err(|e| format!("net {source}: cannot read: {e}"))?;
    let h = nue::nnue::format::read_header(&bytes, &source).map_err(|e| e.to_string())?;
    println!("file: {source} ({} bytes)", bytes.len());
    println!("format version: {}", h.version);
    println!("layout hash: {:016x}", h.layout_hash);
    let chess = FeatureLayout::derive(&Chess::start(&ChessVariant).layout_spec());
    let matches = if h.layout_hash == chess.hash {
        "chess"
    } else {
        "no built-in variant"
    };
    println!("layout matches: {matches}");
    println!("inputs: {}", h.inputs);
    println!("hidden width: {}", h.hidden);
    println!("output buckets: {}", h.output_buckets);
    println!("activation: {:?}", h.activation);
    println!("quantisation: QA {} QB {} SCALE {}", h.qa, h.qb, h.scale);
    println!("description: {}", h.description);
    println!("kernels in this build: {}", nue::nnue::simd::KERNELS);
    Ok(())
}

/// `nue train`.
pub fn train(
    variant: &str,
    data: &[std::path::PathBuf],
    hidden: usize,
    out: &std::path::Path,
    activation: &str,
    mut cfg: nue::train::trainer::TrainConfig,
) -> Result<(), String> {
    cfg.activation = match activation.to_ascii_lowercase().as_str() {
        "screlu" => nue::nnue::Activation::SCReLU,
        "crelu" => nue::nnue::Activation::CReLU,
        other => return Err(format!("unknown activation '{other}' (screlu or crelu)")),
    };
    if cfg.output_buckets == 0 || cfg.output_buckets > 64 {
        return Err("--buckets must be from 1 to 64".into());
    }
    if !(0.0..=1.0).contains(&cfg.lambda) || !(0.0..0.5).contains(&cfg.validation) {
        return Err("--lambda must be in [0, 1] and --validation in [0, 0.5)".into());
    }
    let layout = match select(variant)? {
        Selected::Chess(v) => FeatureLayout::derive(&Chess::start(&v).layout_spec()),
    };
    match hidden {
        64 => train_width::<64>(&layout, data, out, &cfg),
        128 => train_width::<128>(&layout, data, out, &cfg),
        256 => train_width::<256>(&layout, data, out, &cfg),
        512 => train_width::<512>(&layout, data, out, &cfg),
        other => Err(format!(
            "--hidden {other} is not supported (64, 128, 256 or 512)"
        )),
    }
}

fn train_width<const H: usize>(
    layout: &FeatureLayout,
    data: &[std::path::PathBuf],
    out: &std::path::Path,
    cfg: &nue::train::trainer::TrainConfig,
) -> Result<(), String> {
    use nue::train::{data as d, trainer as t};
    let codec = d::Codec::new(layout);
    let mut records = Vec::new();
    for file in data {
        records.extend_from_slice(&d::read_records(file, &codec)?);
    }
    let positions = records.len() / codec.record_size;
    if positions == 0 {
        return Err("no positions in the data files".into());
    }
    let (train, validation) = t::split(&codec, records, cfg.validation, cfg.seed);
    println!(
        "training {}x{H} ({:?}, {} output buckets) on {} positions, {} held out",
        layout.inputs,
        cfg.activation,
        cfg.output_buckets,
        train.len() / codec.record_size,
        validation.len() / codec.record_size
    );
    let mut model = t::Model::<H>::new(layout, cfg.activation, cfg.output_buckets, cfg.seed);
    let checkpoint = out.with_extension("checkpoint.nnue");
    let description = |epoch: usize| {
        format!(
            "{} {}x{H} {:?}, {positions} positions, epoch {epoch}/{}",
            layout.spec.variant, layout.inputs, cfg.activation, cfg.epochs
        )
    };
    let start = Instant::now();
    let mut write_error = None;
    t::train(
        &mut model,
        layout,
        &codec,
        &train,
        &validation,
        cfg,
        |m, r| {
            println!(
                "epoch {:>3}: train loss {:.6}  validation loss {:.6}  lr {:.6}  {:.0} positions/s  {:.0} s",
                r.epoch,
                r.train_loss,
                r.validation_loss,
                r.lr,
                r.positions_per_second,
                start.elapsed().as_secs_f64()
            );
            let net = m.quantise(layout, &description(r.epoch));
            if let Err(e) = std::fs::write(&checkpoint, nue::nnue::format::write(&net)) {
                write_error = Some(format!("{}: {e}", checkpoint.display()));
            }
        },
    );
    if let Some(e) = write_error {
        return Err(e);
    }
    let net = model.quantise(layout, &description(cfg.epochs));
    let q = t::quantisation_error(&model, &net, &codec, &validation, 100_000);
    std::fs::write(out, nue::nnue::format::write(&net))
        .map_err(|e| format!("{}: {e}", out.display()))?;
    let _ = std::fs::remove_file(&checkpoint);
    println!(
        "quantised vs float on {} validation positions: mean |diff| {:.2} cp, max {:.1} cp",
        q.positions, q.mean_abs_cp, q.max_abs_cp
    );
    println!("wrote {}", out.display());
    Ok(())
}
