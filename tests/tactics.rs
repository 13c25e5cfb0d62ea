//! Only-move tactics of drop games and xiangqi, from `tests/data/tactics/VARIANT.epd`: positions
//! of nue's self-play where newest Fairy-Stockfish at depth 16 (MultiPV 2) found one move at
//! least 200 cp better than every other and no other move scoring above 200 cp
//! (`scripts/tactics.py find`; each line keeps the two scores).
//! Over UCI, as a GUI would send them: every position and its move are read without an error,
//! and a fixed-node search (deterministic: one thread, a new game before each) finds the move in
//! at least as many positions as the suite's header line `# solve N nodes M` states, so a
//! search or net change that loses tactics shows here. The timed comparison with Fairy-Stockfish is `scripts/tactics.py solve`.

mod common;

use common::engine::Engine;
use std::time::Duration;

const T: Duration = Duration::from_secs(60);

struct Suite {
    variant: String,
    /// Positions to solve at least, and the nodes a search gets, from the header
    /// `# solve N nodes M`.
    solve: usize,
    nodes: u64,
    cases: Vec<(String, String)>,
}

fn read_suite(variant: &str) -> Suite {
    let path = common::data_dir().join("tactics").join(format!("{variant}.epd"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut suite = Suite {
        variant: variant.to_string(),
        solve: usize::MAX,
        nodes: 0,
        cases: Vec::new(),
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(header) = line.strip_prefix('#') {
            let words: Vec<&str> = header.split_whitespace().collect();
            if let ["solve", n, "nodes", m, ..] = words[..] {
                suite.solve = n.parse().expect("solve count");
                suite.nodes = m.parse().expect("node count");
            }
            continue;
        }
        let mut fields = line.split(';');
        let fen = fields.next().expect("fen").trim().to_string();
        let bm = fields
            .find_map(|f| f.trim().strip_prefix("bm "))
            .unwrap_or_else(|| panic!("no bm in {line}"));
        suite.cases.push((fen, bm.trim().to_string()));
    }
    assert!(suite.nodes > 0, "{}: no '# solve N nodes M' header", path.display());
    suite
}

/// The moves nue plays in each position of `suite`, after checking that each position and its
/// best move are read without an error.
fn answers(suite: &Suite) -> Vec<String> {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until(T, |l| l == "uciok");
    e.send(&format!("setoption name UCI_Variant value {}", suite.variant));
    e.send("setoption name Threads value 1");
    e.send("setoption name Hash value 16");
    let mut moves = Vec::new();
    for (fen, bm) in &suite.cases {
        e.send(&format!("position fen {fen} moves {bm}"));
        let lines = e.sync();
        assert!(common::engine::no_errors(&lines), "{fen} moves {bm}: {lines:?}");
        e.send("ucinewgame");
        e.send(&format!("position fen {fen}"));
        e.send(&format!("go nodes {}", suite.nodes));
        let lines = e.until(T, |l| l.starts_with("bestmove"));
        let last = lines.last().cloned().unwrap_or_default();
        moves.push(last.split_whitespace().nth(1).unwrap_or_default().to_string());
    }
    assert_eq!(e.quit(), 0);
    moves
}

fn check(variant: &str) {
    let suite = read_suite(variant);
    assert!(suite.cases.len() >= 40, "{variant}: {} positions", suite.cases.len());
    let moves = answers(&suite);
    let solved = suite.cases.iter().zip(&moves).filter(|((_, bm), mv)| bm == *mv).count();
    assert!(
        solved >= suite.solve,
        "{variant}: {solved} of {} solved at {} nodes, the suite expects {}",
        suite.cases.len(),
        suite.nodes,
        suite.solve
    );
}

#[test]
fn crazyhouse_tactics() {
    check("crazyhouse");
}

#[test]
fn shogi_tactics() {
    check("shogi");
}

#[test]
fn xiangqi_tactics() {
    check("xiangqi");
}
