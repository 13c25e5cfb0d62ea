//! Helpers shared by the integration tests: running the binary, locating the test data (perft
//! oracles and position suites, copied into `tests/data/` so a fresh clone tests itself) and
//! parsing perft suites.
#![allow(dead_code)]

pub mod engine;

use std::path::PathBuf;

/// Runs the `nue` binary with `args`: (exit code, stdout, stderr).
pub fn run_nue(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nue"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An empty folder `nue-<name>-<pid>` in the system's temporary folder (emptied first when an
/// earlier run left it), for a test's files.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nue-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The test data folder, `tests/data/` (perft oracles under `perft/`, suites under `suites/`).
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// One line of a perft suite: a FEN and (depth, nodes) pairs.
pub struct PerftLine {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// Reads `perft/<name>`; panics with the path if it is missing, so a missing oracle fails loudly.
pub fn perft_suite(name: &str) -> Vec<PerftLine> {
    let path = data_dir().join("perft").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read oracle {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let depth = it.next().and_then(|d| d.strip_prefix('D')).and_then(|d| d.parse().ok());
                    let nodes = it.next().and_then(|n| n.parse().ok());
                    match (depth, nodes) {
                        (Some(d), Some(n)) => (d, n),
                        _ => panic!("malformed perft entry '{p}' in {name}"),
                    }
                })
                .collect();
            PerftLine { fen, counts }
        })
        .collect()
}

/// Checks a game's perft against `perft/<name>`: the counts up to `quick` nodes, or (with
/// `deep`) the larger ones. Returns how many counts were checked.
pub fn check_perft_suite<G: nue::game::Game>(variant: &G::Variant, name: &str, quick: u64, deep: bool) -> usize {
    check_perft_suite_by::<G>(variant, name, quick, deep, |got, want| got == want)
}

/// [`check_perft_suite`] with another test of each count than equality: `accept(ours, oracle)`.
pub fn check_perft_suite_by<G: nue::game::Game>(
    variant: &G::Variant,
    name: &str,
    quick: u64,
    deep: bool,
    accept: fn(u64, u64) -> bool,
) -> usize {
    let mut checked = 0;
    for line in perft_suite(name) {
        let board = G::from_fen(variant, &line.fen)
            .unwrap_or_else(|e| panic!("{name}: oracle FEN rejected: {e}: {}", line.fen));
        for &(depth, nodes) in &line.counts {
            if (nodes > quick) != deep {
                continue;
            }
            let ours = nue::game::perft::perft(&board, depth);
            assert!(
                accept(ours, nodes),
                "{name}: perft {depth} of {}: {ours}, oracle {nodes}",
                line.fen
            );
            checked += 1;
        }
    }
    checked
}

/// A small deterministic generator for random walks (SplitMix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        nue::core::zobrist::splitmix64(&mut self.0)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
