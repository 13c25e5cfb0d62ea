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
    let layout = FeatureLayout::derive(&G::start(variant).layout_spec());
    let (eval, line) = select::choose::<G>("", None, &layout).map_err(|e| e.to_string())?;
    eprintln!("{line}");
    Ok(eval)
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
