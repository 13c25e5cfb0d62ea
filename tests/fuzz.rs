//! Fuzzing on stable Rust: every input the engine reads from outside, mutated from valid seeds
//! and fed to the code that reads it, in process. Targets: FEN (every variant's dialect, the
//! fairy interpreter and native chess), SFEN (native shogi), TOML variant files, UCI lines and
//! USI lines (through [`nue::protocol::Protocol`], as stdin's lines would be), `.nnue` net files
//! and training data files.
//!
//! A failure is a panic, an input that runs past [`HANG_CAP`], or a single allocation over
//! [`ALLOC_CAP`] bytes (a counting global allocator watches every allocation). Accepted inputs
//! are checked further: a FEN the engine reads must print a FEN it reads back the same, and
//! its legal moves must play; a net that loads must evaluate; records that validate must decode.
//!
//! The mutator works on bytes (bit flips, interesting bytes, insertions, deletions, repeats,
//! splices of two seeds) and on structure (whitespace-separated tokens replaced, inserted or
//! repeated from a per-target dictionary of field values: piece letters, castling and hand
//! fields, huge and negative numbers, TOML keys and Betza atoms, protocol keywords). Seeds: the
//! FENs of `tests/data/fens/`, the variant files of `variants/`, recorded protocol sessions,
//! nets with random weights and data files written by the codec.
//!
//! `cargo test --release --test fuzz` runs a short smoke of each target. The full runs are
//! ignored tests, 10 M inputs per target by default (`NUE_FUZZ_EXECS` overrides), run with the
//! engine's protocol output sent away:
//!
//! ```sh
//! cargo test --release --test fuzz -- --ignored --nocapture --test-threads 1 > /dev/null
//! ```
//!
//! Each target prints its count of inputs, accepted inputs and time to stderr.

mod common;

use nue::engine::registry::{ForGame, with_definition};
use nue::engine::select::AnyEval;
use nue::eval::Evaluator;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::fairy::{Fairy, FairyVariant};
use nue::game::prelude::*;
use nue::game::shogi::{Shogi, ShogiVariant};
use nue::game::{GenKind, Position};
use nue::nnue::format;
use nue::nnue::layout::FeatureLayout;
use nue::nnue::network::{Activation, Network};
use nue::protocol::Protocol;
use nue::protocol::input::Line;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The longest any one input may run.
const HANG_CAP: Duration = Duration::from_secs(10);
/// The largest single allocation any input may cause, bytes.
const ALLOC_CAP: usize = 256 << 20;
/// Inputs per target in the smoke tests.
const SMOKE: u64 = 3_000;

/// The system allocator, noting the largest request since the last [`take_largest`].
struct Watched;

static LARGEST: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes straight to `System` with the caller's arguments, so `Watched` keeps
// all of `System`'s guarantees; the only addition is an atomic maximum of the requested size.
unsafe impl GlobalAlloc for Watched {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        // SAFETY: as `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout (every allocation goes there).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Ordering::Relaxed);
        // SAFETY: as `dealloc`; `new_size` is the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Watched = Watched;

fn take_largest() -> usize {
    LARGEST.swap(0, Ordering::Relaxed)
}

/// SplitMix64: a small, seedable generator for the mutator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Bytes a mutation likes to write.
const INTERESTING: &[u8] = b"\0\xff\x7f\x80 /[]+-~*0123456789\n\t=\"'{}#.";

/// Numbers and signs every text target gets in its dictionary.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "-5",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999999",
    "1e9",
    "NaN",
    "",
];

/// Mutates `input`: one to four byte-level or token-level changes, the result at most `max`
/// bytes.
fn mutate(rng: &mut Rng, input: &[u8], seeds: &[Vec<u8>], dict: &[String], max: usize) -> Vec<u8> {
    let mut out = input.to_vec();
    // Mostly one change, so that many inputs get past the first checks; sometimes several.
    let changes = [1, 1, 1, 1, 1, 1, 1, 2, 2, 4][rng.below(10)];
    for _ in 0..changes {
        let len = out.len();
        match rng.below(10) {
            0 if len > 0 => {
                let i = rng.below(len);
                out[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                out[i] = *rng.pick(INTERESTING);
            }
            2 => {
                let i = rng.below(len + 1);
                out.insert(i, rng.next() as u8);
            }
            3 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below(8.min(len - i));
                out.drain(i..i + n);
            }
            4 if len > 0 => {
                // Repeat a short range many times (long runs of digits, ranks, moves).
                let i = rng.below(len);
                let n = 1 + rng.below(6.min(len - i));
                let piece = out[i..i + n].to_vec();
                for _ in 0..1 + rng.below(40) {
                    out.splice(i..i, piece.iter().copied());
                }
            }
            5 => {
                let i = rng.below(len + 1);
                let token = rng.pick(dict).as_bytes().to_vec();
                out.splice(i..i, token);
            }
            6 | 7 => {
                // Replace one whitespace-separated token (a FEN field, a TOML value, a
                // protocol word) with a dictionary entry.
                let starts: Vec<usize> = (0..len)
                    .filter(|&i| !out[i].is_ascii_whitespace() && (i == 0 || out[i - 1].is_ascii_whitespace()))
                    .collect();
                if starts.is_empty() {
                    continue;
                }
                let s = *rng.pick(&starts);
                let e = (s..len).find(|&i| out[i].is_ascii_whitespace()).unwrap_or(len);
                let token = rng.pick(dict).as_bytes().to_vec();
                out.splice(s..e, token);
            }
            8 => {
                let other = rng.pick(seeds);
                let cut = rng.below(len + 1);
                let from = rng.below(other.len() + 1);
                out.truncate(cut);
                out.extend_from_slice(&other[from..]);
            }
            _ => {
                // Swap two bytes far apart (fields out of order).
                if len > 1 {
                    let (a, b) = (rng.below(len), rng.below(len));
                    out.swap(a, b);
                }
            }
        }
    }
    out.truncate(max);
    out
}

/// Watches one input at a time: a thread that aborts the process, printing the input, when one
/// runs past [`HANG_CAP`].
struct Watchdog {
    started: std::sync::Arc<AtomicU64>,
    current: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    epoch: Instant,
}

impl Watchdog {
    fn new(target: &'static str) -> Watchdog {
        let started = std::sync::Arc::new(AtomicU64::new(0));
        let current = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let epoch = Instant::now();
        let (s, c) = (started.clone(), current.clone());
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(200));
                let at = s.load(Ordering::Relaxed);
                if at == u64::MAX {
                    return;
                }
                let now = epoch.elapsed().as_millis() as u64;
                if at != 0 && now.saturating_sub(at) > HANG_CAP.as_millis() as u64 {
                    let input = c.lock().map(|i| i.clone()).unwrap_or_default();
                    eprintln!(
                        "fuzz {target}: an input ran past {HANG_CAP:?}: {:?}",
                        String::from_utf8_lossy(&input)
                    );
                    std::process::abort();
                }
            }
        });
        Watchdog {
            started,
            current,
            epoch,
        }
    }

    fn begin(&self, input: &[u8]) {
        if let Ok(mut c) = self.current.lock() {
            c.clear();
            c.extend_from_slice(input);
        }
        self.started
            .store(self.epoch.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
    }

    fn end(&self) {
        self.started.store(0, Ordering::Relaxed);
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.started.store(u64::MAX, Ordering::Relaxed);
    }
}

/// Runs `execs` mutated inputs through `run` (which returns whether the input was accepted);
/// panics naming the first input that panicked or allocated over the cap.
fn fuzz(
    target: &'static str,
    execs: u64,
    seed: u64,
    seeds: &[Vec<u8>],
    dict: &[String],
    max: usize,
    mut run: impl FnMut(&[u8]) -> bool,
) {
    assert!(!seeds.is_empty(), "{target}: no seeds");
    let mut rng = Rng(seed);
    let watchdog = Watchdog::new(target);
    let start = Instant::now();
    let mut accepted = 0u64;
    // Seeds are run as they are first: each must be accepted.
    for s in seeds {
        assert!(run(s), "{target}: a seed was refused: {:?}", String::from_utf8_lossy(s));
    }
    // Accepted inputs join the pool (up to `POOL` of them, then replacing one at random), so
    // mutations build on inputs that get past the first checks.
    const POOL: usize = 4096;
    let mut pool: Vec<Vec<u8>> = seeds.to_vec();
    // `NUE_FUZZ_TRACE=FILE` keeps the input being run in FILE, to find one that aborts the
    // process (a stack overflow cannot be caught).
    let trace = std::env::var_os("NUE_FUZZ_TRACE");
    for n in 0..execs {
        if n > 0 && n % 1_000_000 == 0 {
            eprintln!("fuzz {target}: {n} inputs, {:.0} s", start.elapsed().as_secs_f64());
        }
        let base = rng.pick(&pool);
        let input = mutate(&mut rng, base, seeds, dict, max);
        if let Some(path) = &trace {
            std::fs::write(path, &input).expect("trace file");
        }
        watchdog.begin(&input);
        take_largest();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&input)));
        let largest = take_largest();
        watchdog.end();
        if largest > ALLOC_CAP {
            panic!(
                "fuzz {target}: an allocation of {largest} bytes on input {:?}",
                String::from_utf8_lossy(&input)
            );
        }
        match result {
            Ok(true) => {
                accepted += 1;
                if pool.len() < POOL {
                    pool.push(input);
                } else {
                    let i = seeds.len() + rng.below(POOL - seeds.len());
                    pool[i] = input;
                }
            }
            Ok(false) => {}
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                panic!(
                    "fuzz {target}: panic '{msg}' on input {:?}",
                    String::from_utf8_lossy(&input)
                );
            }
        }
    }
    eprintln!(
        "fuzz {target}: {execs} inputs, {accepted} accepted, 0 panics, 0 hangs, {:.0} s",
        start.elapsed().as_secs_f64()
    );
}

fn full_execs() -> u64 {
    std::env::var("NUE_FUZZ_EXECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000)
}

// ---- FEN and SFEN ----

/// Reads `text` as a position of `G`; when it is accepted, checks that the printed FEN reads
/// back the same and that up to four legal moves play, each leaving a position whose FEN reads
/// back.
fn read_position<G: Game>(variant: &G::Variant, text: &[u8], rng_seed: u64) -> bool {
    let Ok(text) = std::str::from_utf8(text) else {
        return false;
    };
    let Ok(board) = G::from_fen(variant, text) else {
        return false;
    };
    let fen = board.to_fen();
    let again = G::from_fen(variant, &fen).unwrap_or_else(|e| panic!("own FEN '{fen}' refused: {e}"));
    assert_eq!(again.to_fen(), fen, "FEN round trip");
    let mut pos = Position::new(board);
    let _ = pos.outcome();
    let mut rng = Rng(rng_seed);
    for _ in 0..4 {
        let mut list = G::MoveList::default();
        pos.board().generate(GenKind::All, &mut list);
        let moves: Vec<G::Move> = list.as_ref().to_vec();
        if moves.is_empty() {
            break;
        }
        let mv = *rng.pick(&moves);
        let text = pos.board().fmt_move(mv);
        assert_eq!(
            pos.board().parse_move(&text).ok(),
            Some(mv),
            "move text '{text}' reads back"
        );
        pos.play(mv);
        let fen = pos.board().to_fen();
        G::from_fen(variant, &fen).unwrap_or_else(|e| panic!("own FEN '{fen}' after {text} refused: {e}"));
        let _ = pos.outcome();
    }
    true
}

/// Every variant's FEN seeds: (variant name, FEN).
fn fen_seeds() -> Vec<(String, Vec<u8>)> {
    let dir = common::data_dir().join("fens");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/data/fens") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let text = std::fs::read_to_string(&path).expect("readable");
        // A handful per variant: the start position and a spread of others.
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        for line in lines.iter().step_by((lines.len() / 12).max(1)) {
            let fen = line.rsplit_once(';').map_or(*line, |(f, _)| f).trim();
            out.push((name.clone(), fen.as_bytes().to_vec()));
        }
    }
    out.sort();
    out
}

fn fen_dict(letters: &str) -> Vec<String> {
    let mut dict: Vec<String> = NUMBERS.iter().map(|s| s.to_string()).collect();
    for c in letters.chars() {
        dict.push(c.to_string());
        dict.push(c.to_ascii_uppercase().to_string());
        dict.push(format!("+{c}"));
        dict.push(format!("{}~", c.to_ascii_uppercase()));
    }
    for t in [
        "w", "b", "-", "KQkq", "HAha", "Kk", "DEde", "[]", "[-]", "[Pp]", "3+3", "0+0", "16+0", "e3", "e6", "c5b6",
        "a1", "j10", "z9", "e3e4e5", "128", "126", "8", "10", "/", "//", "1", "11", "99", "-0", "2P", "18p", "w - 1",
    ] {
        dict.push(t.to_string());
    }
    dict
}

/// Runs the FEN target over every variant: each input keeps its seed's variant.
fn fuzz_fens(execs: u64) {
    let seeds = fen_seeds();
    let variants: Vec<String> = {
        let mut v: Vec<String> = seeds.iter().map(|(n, _)| n.clone()).collect();
        v.dedup();
        // Shogi's SFEN seeds go to the native game (`fuzz_sfen`); `shogi` is `shogi.toml`.
        v.retain(|n| n != "shogi.sfen");
        v
    };
    for (i, name) in variants.iter().enumerate() {
        let own: Vec<Vec<u8>> = seeds
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, f)| f.clone())
            .collect();
        let per = execs / variants.len() as u64 + 1;
        let seed = 1000 + i as u64;
        let label = |suffix: &str| -> &'static str { Box::leak(format!("fen {name}{suffix}").into_boxed_str()) };
        let target = |label, dict, seed| FenTarget {
            label,
            execs: per,
            seed,
            seeds: own.clone(),
            dict,
        };
        if name == "chess" || name == "chess960" {
            target(label(""), fen_dict("pnbrqk"), seed).run::<Chess>(&ChessVariant, "chess", None);
            // The same FENs through the fairy interpreter's chess.toml.
            let def = nue::variant::load("chess").expect("chess");
            with_definition(def, target(label(" chess.toml"), fen_dict("pnbrqk"), seed + 500)).expect("valid");
        } else {
            let def = nue::variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            let letters: String = def.pieces.iter().map(|p| p.letter).collect();
            with_definition(def, target(label(""), fen_dict(&letters), seed)).expect("valid");
        }
    }
}

/// The FEN target for one game, as a [`ForGame`] action.
struct FenTarget {
    label: &'static str,
    execs: u64,
    seed: u64,
    seeds: Vec<Vec<u8>>,
    dict: Vec<String>,
}

impl ForGame for FenTarget {
    type Output = ();
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) {
        let seed = self.seed;
        fuzz(self.label, self.execs, seed, &self.seeds, &self.dict, 512, |t| {
            read_position::<G>(variant, t, seed)
        });
    }
}

fn fuzz_sfen(execs: u64) {
    let seeds: Vec<Vec<u8>> = fen_seeds()
        .into_iter()
        .filter(|(n, _)| n == "shogi.sfen")
        .map(|(_, f)| f)
        .collect();
    let mut dict = fen_dict("plnsgbrk");
    dict.extend(["P*5e", "2P3p", "18P", "RBGSNLPrbgsnlp", "+K", "b - 1", "w"].map(String::from));
    fuzz("sfen", execs, 7, &seeds, &dict, 512, |t| {
        read_position::<Shogi>(&ShogiVariant::USI, t, 7)
    });
}

#[test]
fn fen_smoke() {
    fuzz_fens(SMOKE * 10);
}

#[test]
fn sfen_smoke() {
    fuzz_sfen(SMOKE);
}

#[test]
#[ignore = "long fuzzing run: see the module comment"]
fn fen_full() {
    fuzz_fens(full_execs());
}

#[test]
#[ignore = "long fuzzing run: see the module comment"]
fn sfen_full() {
    fuzz_sfen(full_execs());
}

// ---- TOML variant files ----

/// The files of folder `dir` (under the crate root) whose names `keep` accepts, sorted.
fn seed_files(dir: &str, keep: impl Fn(&std::path::Path) -> bool) -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .expect("seed folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| keep(p))
        .map(|p| std::fs::read(p).expect("readable"))
        .collect();
    out.sort();
    out
}

fn toml_seeds() -> Vec<Vec<u8>> {
    seed_files("variants", |p| p.extension().is_some_and(|x| x == "toml"))
}

fn toml_dict(seeds: &[Vec<u8>]) -> Vec<String> {
    let mut dict: Vec<String> = NUMBERS.iter().map(|s| s.to_string()).collect();
    // Every key the seeds use, as a key and as a line.
    for s in seeds {
        for line in String::from_utf8_lossy(s).lines() {
            if let Some((key, _)) = line.split_once('=') {
                let key = key.trim().to_string();
                dict.push(format!("\n{key} = "));
                dict.push(key);
            }
        }
    }
    for t in [
        "true",
        "false",
        "\"\"",
        "\"chess\"",
        "\"shogi\"",
        "\"/dev/zero\"",
        "\"variants/makruk.toml\"",
        "[pieces]",
        "{ betza = \"",
        "\" }",
        "royal = true",
        "pawn = true",
        "W",
        "F",
        "N",
        "mQ",
        "cR",
        "ifmnD",
        "(2,3)",
        "W3",
        "NN",
        "fsbW",
        "*",
        "*1 *2",
        "a*",
        "z99",
        "[",
        "]",
        "{",
        "}",
        "=",
        "\n[pieces]\n",
        "\"a1 b2\"",
        "{ q = 1 }",
        "\"makruk\"",
        "\"rsn\"",
    ] {
        dict.push(t.to_string());
    }
    dict.sort();
    dict.dedup();
    dict
}

/// Compiles a variant file's text as `nue check` does: the definition, then (for one input in
/// `build_every`) the runtime rules with the start position. Compiled rules are kept for the
/// engine's life, so building all of them would only measure memory.
fn compile_variant(text: &[u8], n: u64, build_every: u64) -> bool {
    let Ok(text) = std::str::from_utf8(text) else {
        return false;
    };
    let source = nue::variant::Source::inline("fuzz.toml", text);
    let Ok(def) = nue::variant::load_source(source, "fuzz") else {
        return false;
    };
    if n.is_multiple_of(build_every) {
        let _ = with_definition(def, StartFen);
    }
    true
}

/// The start position's FEN, as a [`ForGame`] action.
struct StartFen;

impl ForGame for StartFen {
    type Output = String;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> String {
        G::start(variant).to_fen()
    }
}

fn fuzz_toml(execs: u64, build_every: u64) {
    let seeds = toml_seeds();
    let dict = toml_dict(&seeds);
    let mut n = 0;
    fuzz("toml", execs, 11, &seeds, &dict, 8192, |t| {
        n += 1;
        compile_variant(t, n, build_every)
    });
}

#[test]
fn toml_smoke() {
    fuzz_toml(SMOKE, 10);
}

#[test]
#[ignore = "long fuzzing run: see the module comment"]
fn toml_full() {
    fuzz_toml(full_execs(), 1000);
}

// ---- Fairy-Stockfish .ini variant files ----

fn ini_seeds() -> Vec<Vec<u8>> {
    // Seeds must be accepted: the file of variants that load.
    seed_files("tests/data/ini", |p| {
        p.file_name().is_some_and(|f| f == "fsf-examples.ini")
    })
}

fn fuzz_ini(execs: u64, build_every: u64) {
    let seeds = ini_seeds();
    let mut dict = toml_dict(&seeds);
    for t in [
        "[a:chess]\n",
        "[b:a]\n",
        "[c:capablanca]\n",
        ":",
        "customPiece1 = x:",
        "king = -\n",
        "knight = z\n",
        "maxFile = j\n",
        "promotionLimit = q:1 x",
    ] {
        dict.push(t.to_string());
    }
    let mut n = 0u64;
    fuzz("ini", execs, 13, &seeds, &dict, 8192, |t| {
        n += 1;
        let Ok(text) = std::str::from_utf8(t) else {
            return false;
        };
        let Ok(variants) = nue::variant::ini::translate("fuzz.ini", text, &nue::variant::IniLoader) else {
            return false;
        };
        // Every translated variant loads (translate checked it) and, now and then, builds.
        for v in variants {
            let def = v.load("fuzz.ini").expect("a translated variant loads as it did");
            if n.is_multiple_of(build_every) {
                let _ = with_definition(def, StartFen);
            }
        }
        true
    });
}

#[test]
fn ini_smoke() {
    fuzz_ini(SMOKE, 10);
}

#[test]
#[ignore = "long fuzzing run: see the module comment"]
fn ini_full() {
    fuzz_ini(full_execs(), 1000);
}

// ---- UCI and USI lines ----

const UCI_SESSION: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption name Hash value 1",
    "setoption name Threads value 2",
    "setoption name MultiPV value 3",
    "setoption name UCI_Chess960 value true",
    "setoption name UCI_Variant value capablanca",
    "setoption name UCI_Variant value chess",
    "setoption name Move Overhead value 10",
    "setoption name EvalFile value none",
    "setoption name Ponder value true",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves c7c5",
    "position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8q",
    "go depth 2",
    "go nodes 500",
    "go movetime 5",
    "go wtime 100 btime 100 winc 1 binc 1 movestogo 5",
    "go infinite",
    "go ponder wtime 100 btime 100",
    "go depth 3 searchmoves e2e4 d2d4",
    "go mate 2",
    "go perft 2",
    "stop",
    "ponderhit",
    "d",
    "debug on",
];

const USI_SESSION: &[&str] = &[
    "usi",
    "isready",
    "usinewgame",
    "setoption name USI_Hash value 1",
    "setoption name USI_Ponder value true",
    "setoption name Threads value 2",
    "setoption name MultiPV value 2",
    "setoption name MoveOverhead value 10",
    "setoption name EvalFile value none",
    "position startpos",
    "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
    "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f",
    "position sfen 8k/9/9/9/9/9/9/9/K8 b RBGSNLP2r 1",
    "go byoyomi 5",
    "go btime 100 wtime 100 byoyomi 10",
    "go btime 100 wtime 100 binc 10 winc 10",
    "go depth 2",
    "go nodes 300",
    "go infinite",
    "go ponder btime 100 wtime 100 byoyomi 10",
    "go mate 50",
    "go mate infinite",
    "go perft 2",
    "stop",
    "ponderhit",
    "gameover win",
    "gameover draw",
    "d",
];

const XBOARD_SESSION: &[&str] = &[
    "xboard",
    "protover 2",
    "new",
    "variant capablanca",
    "variant nightrider",
    "variant normal",
    "variant fischerandom",
    "force",
    "go",
    "playother",
    "usermove e2e4",
    "usermove e7e5",
    "e2e4",
    "time 500",
    "otim 500",
    "level 40 0:05 0",
    "level 0 1 0.1",
    "st 1",
    "sd 2",
    "post",
    "nopost",
    "analyze",
    "exit",
    "undo",
    "remove",
    "setboard 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
    "result 1-0 {White mates}",
    "?",
    "ping 3",
    "memory 1",
    "cores 2",
    "option MultiPV=2",
    "option EvalFile=none",
    "d",
    "perft 2",
];

fn protocol_dict(session: &[&str]) -> Vec<String> {
    let mut dict: Vec<String> = NUMBERS.iter().map(|s| s.to_string()).collect();
    for line in session {
        for word in line.split_whitespace() {
            dict.push(word.to_string());
        }
    }
    for t in [
        "Hash",
        "Threads",
        "MultiPV",
        "EvalFile",
        "VariantPath",
        "UCI_Variant",
        "Clear Hash",
        "value",
        "name",
        "default",
        "/dev/zero",
        "/",
        "nets/chess.nnue",
        "variants/makruk.toml",
        "shogi",
        "atomic",
        "horde",
        "chess960",
        "quit",
        "0000",
        "a7a8",
        "e1g1",
        "e1h1",
        "P*5e",
        "9a9b+",
        "win",
        "lose",
        "mate",
        "infinite",
    ] {
        dict.push(t.to_string());
    }
    dict.sort();
    dict.dedup();
    dict
}

/// Keeps the machine's resources out of the picture: `Hash` (XBoard: `memory`) at most 16 MiB
/// and `Threads` (`cores`) at most 4 (the engine allows half the machine's memory and 256 threads, which would only make
/// the run slow). Numbers after either word are clamped.
fn clamp_resources(line: &str) -> String {
    // Option names match loosely (case, spaces and other separators aside).
    let lower: String = line
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    // XBoard sets them with `memory N` and `cores N`.
    let hash = lower.contains("hash") || lower.contains("memory");
    if !hash && !lower.contains("threads") && !lower.contains("cores") {
        return line.to_string();
    }
    let cap = if hash { 16 } else { 4 };
    // Split as the protocols do (any whitespace), so a number after a tab is clamped too.
    line.split_whitespace()
        .map(|w| match w.parse::<u128>() {
            Ok(n) if n > cap => cap.to_string(),
            _ => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Feeds one to three lines (split at `\n`) to a running protocol loop, then stops whatever
/// they started and waits for its answer. A `quit` ends the loop; the next input starts one.
/// An input counts as accepted (and joins the pool) when each of its lines parses as a command
/// of the protocol, so that the pool keeps commands that reach the session.
fn fuzz_protocol(target: &'static str, hello: &str, session: &[&str], execs: u64, seed: u64) {
    let seeds: Vec<Vec<u8>> = session.iter().map(|l| l.as_bytes().to_vec()).collect();
    let dict = protocol_dict(session);
    let parse = match hello {
        "usi" => nue::protocol::usi::parse,
        "xboard" => nue::protocol::xboard::parse,
        _ => nue::protocol::uci::parse,
    };
    let mut protocol = Protocol::new(hello, None).expect("default variant");
    fuzz(target, execs, seed, &seeds, &dict, 2048, |input| {
        let mut parsed = true;
        for raw in input.split(|&b| b == b'\n').take(3) {
            let line = match std::str::from_utf8(raw) {
                Ok(text) => {
                    parsed &= parse(text).is_ok();
                    Line::Text(clamp_resources(text))
                }
                Err(_) => {
                    parsed = false;
                    Line::NotUtf8
                }
            };
            if !protocol.line(line) {
                protocol = Protocol::new(hello, None).expect("default variant");
            }
        }
        protocol.stop_and_wait();
        parsed
    });
}

#[test]
fn uci_smoke() {
    fuzz_protocol("uci", "uci", UCI_SESSION, SMOKE, 21);
}

#[test]
fn usi_smoke() {
    fuzz_protocol("usi", "usi", USI_SESSION, SMOKE, 22);
}

#[test]
fn xboard_smoke() {
    fuzz_protocol("xboard", "xboard", XBOARD_SESSION, SMOKE, 23);
}

#[test]
#[ignore = "long fuzzing run: see the module comment"]
fn xboard_full() {
    fuzz_protocol("xboard", "xboard", XBOARD_SESSION, full_execs(), 23);
}

#[test]
#[ignore = "long fuzzing run: see the module comment"]
fn uci_full() {
    fuzz_protocol("uci", "uci", UCI_SESSION, full_execs(), 21);
}

#[test]
#[ignore = "long fuzzing run: see the module comment"]
fn usi_full() {
    fuzz_protocol("usi", "usi", USI_SESSION, full_execs(), 22);
}

// ---- Net files ----

/// A net file with random weights for `layout`.
fn random_net<const H: usize>(layout: &FeatureLayout, seed: u64) -> Vec<u8> {
    let mut rng = Rng(seed);
    let mut net = Network::<H>::zeroed(layout.clone(), Activation::CReLU, 8);
    let mut small = |range: u64| ((rng.next() % (2 * range + 1)) as i64 - range as i64) as i16;
    for row in &mut net.ft_weights {
        for w in row.0.iter_mut() {
            *w = small(60);
        }
    }
    for halves in &mut net.out_weights {
        for half in halves.iter_mut() {
            for w in half.0.iter_mut() {
                *w = small(127);
            }
        }
    }
    net.description = format!("fuzz seed net {seed}");
    format::write(&net)
}

/// Loads a net for gardner (5x5: a small net, so that many inputs run) and evaluates a few
/// positions with it when it loads.
fn fuzz_nets(execs: u64) {
    let def = nue::variant::load("gardner").expect("gardner");
    let rules = FairyVariant::<u64>::compile(&def).expect("valid");
    let layout = FeatureLayout::of::<Fairy<u64>>(&rules);
    let seeds = vec![random_net::<64>(&layout, 1), random_net::<64>(&layout, 2)];
    let dict: Vec<String> = NUMBERS.iter().map(|s| s.to_string()).collect();
    let start = Position::new(Fairy::<u64>::start(&rules));
    fuzz("net", execs, 31, &seeds, &dict, 1 << 20, |bytes| {
        match AnyEval::<Fairy<u64>>::from_bytes(bytes, "fuzz.nnue", &layout) {
            Ok(mut eval) => {
                eval.reset(&start);
                let _ = eval.evaluate(&start);
                true
            }
            Err(_) => false,
        }
    });
}

#[test]
fn net_smoke() {
    fuzz_nets(SMOKE);
}

#[test]
#[ignore = "long fuzzing run: see the module comment"]
fn net_full() {
    fuzz_nets(full_execs());
}

// ---- Training data files ----

fn fuzz_data(execs: u64) {
    use nue::train::data::{Codec, Sample, parse_records};
    let layout = FeatureLayout::of::<Shogi>(&ShogiVariant::USI);
    let codec = Codec::new(&layout);
    // A data file: the header and a few records of a short random game.
    let mut seeds = Vec::new();
    for seed in 0..3u64 {
        let dir = common::fresh_dir(&format!("fuzz-data-{seed}"));
        let path = dir.join("seed.data");
        {
            use std::io::Write;
            let mut f = nue::train::data::open_append(&path, &codec).expect("writable");
            let mut pos = Position::new(Shogi::start(&ShogiVariant::USI));
            let mut rng = Rng(seed);
            let mut record = vec![0u8; codec.record_size];
            for ply in 0..12 {
                assert!(codec.encode(pos.board(), (ply * 37 % 500) as i16 - 250, (ply % 3) as u8, &mut record));
                f.write_all(&record).expect("write");
                let mut list = <Shogi as GameRules>::MoveList::default();
                pos.board().generate(GenKind::All, &mut list);
                let mv = *rng.pick(list.as_ref());
                pos.play(mv);
            }
        }
        seeds.push(std::fs::read(&path).expect("readable"));
        let _ = std::fs::remove_dir_all(&dir);
    }
    let dict: Vec<String> = NUMBERS.iter().map(|s| s.to_string()).collect();
    let mut sample = Sample::default();
    let mut features = Vec::new();
    fuzz("data", execs, 41, &seeds, &dict, 1 << 16, |bytes| {
        match parse_records(bytes, "fuzz.data", &codec) {
            Ok(records) => {
                for record in records.chunks_exact(codec.record_size) {
                    codec.decode(record, &mut sample);
                    for persp in nue::core::Color::ALL {
                        sample.features(&layout, persp, &mut features);
                    }
                }
                true
            }
            Err(_) => false,
        }
    });
}

#[test]
fn data_smoke() {
    fuzz_data(SMOKE);
}

#[test]
#[ignore = "long fuzzing run: see the module comment"]
fn data_full() {
    fuzz_data(full_execs());
}

/// The mutator changes its input and stays within the size cap.
#[test]
fn mutator_changes_inputs_within_the_cap() {
    let seeds = vec![b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_vec()];
    let dict = fen_dict("pnbrqk");
    let mut rng = Rng(5);
    let mut changed = 0;
    for _ in 0..1000 {
        let out = mutate(&mut rng, &seeds[0], &seeds, &dict, 80);
        assert!(out.len() <= 80);
        changed += usize::from(out != seeds[0]);
    }
    assert!(changed > 900, "only {changed} of 1000 mutations changed the input");
}
