//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard test
//! of move generation (chessprogramming wiki, "Perft"). It works on boards directly (copy-make
//! on the stack, no history), and bulk-counts the last ply with [`GameRules::count_legal`].

use super::{Dirty, GameRules, GenKind, Notation};
use crate::core::progress::Progress;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// The deepest perft the engine runs, plies. Perft recurses once per ply, so a depth of
/// thousands (`go perft 3000`) would overflow the thread's stack on a line that never ends; no
/// perft past a few dozen plies can finish anyway.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Leaf count of the legal-move tree of depth `depth` below `board`.
pub fn perft<G: GameRules>(board: &G, depth: u32) -> u64 {
    count::<G, false>(board, depth, &NEVER)
}

static NEVER: AtomicBool = AtomicBool::new(false);

/// The leaf count, giving up (with a partial count) once `stop` is set when `STOPPABLE`; the
/// flag is read at nodes three or more plies above the leaves, so a stop is seen at once and
/// costs nothing measurable.
fn count<G: GameRules, const STOPPABLE: bool>(board: &G, depth: u32, stop: &AtomicBool) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_legal(),
        _ => {
            if STOPPABLE && depth >= 3 && stop.load(Ordering::Relaxed) {
                return 0;
            }
            let mut list = G::MoveList::default();
            board.generate(GenKind::All, &mut list);
            let mut dirty = Dirty::default();
            let mut nodes = 0;
            // One child, copied over for each move (`clone_from`: no allocation or shared-count
            // traffic where a game has them).
            let mut next = board.clone();
            for &mv in list.iter() {
                next.clone_from(board);
                dirty.clear();
                next.play(mv, &mut dirty);
                nodes += count::<G, STOPPABLE>(&next, depth - 1, stop);
            }
            nodes
        }
    }
}

/// Perft split by root move ("divide"): each legal move in the protocol's notation with the leaf
/// count of its subtree, in generation order. Root moves are shared among `threads` threads,
/// each taking the next unclaimed move. Once `stop` is set the counts are partial (the caller
/// reads the flag to know). `progress`, when given, is told each finished root move.
pub fn divide<G: Notation>(
    board: &G,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    progress: Option<&Progress>,
) -> Vec<(String, u64)> {
    let mut list = G::MoveList::default();
    board.generate(GenKind::All, &mut list);
    let moves: &[G::Move] = &list;
    let next = AtomicUsize::new(0);
    let finished = AtomicU64::new(0);
    let leaves = AtomicU64::new(0);
    let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(i) else { break };
            let mut child = board.clone();
            child.play(mv, &mut Dirty::default());
            let n = count::<G, true>(&child, depth.saturating_sub(1), stop);
            counts[i].store(n, Ordering::Relaxed);
            if let Some(p) = progress {
                let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
                let total = leaves.fetch_add(n, Ordering::Relaxed) + n;
                p.update(done, &format!("{total} nodes"));
            }
        }
    };
    // One thread counts on the caller's (a build without threads has no other).
    let threads = threads.clamp(1, moves.len().max(1));
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(work);
            }
        });
    }
    moves
        .iter()
        .zip(counts)
        .map(|(&mv, n)| (board.fmt_move(mv), n.into_inner()))
        .collect()
}

/// The divide report both `nue perft` and `go perft` print: one `move: count` line per root move,
/// a blank line, then `Nodes searched`, `Time (ms)` and `Nodes/second`. Depth 0 counts the
/// position itself and lists no moves. When `stop` is set before the end, the counts so far are
/// printed with a line saying the count was stopped.
///
/// With `show_progress`, root moves done show on stderr ([`Progress`]: a bar on a terminal).
pub fn report<G: Notation>(board: &G, depth: u32, threads: usize, stop: &AtomicBool, show_progress: bool) -> String {
    let start = std::time::Instant::now();
    let progress = show_progress.then(|| Progress::terminal_only("root moves", board.count_legal()));
    let lines = divide(board, depth.max(1), threads, stop, progress.as_ref());
    if let Some(p) = &progress {
        p.finish(lines.len() as u64, "");
    }
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
    if stop.load(Ordering::Relaxed) {
        out.push_str("\nperft stopped: the counts are partial\n");
    }
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    out.push_str(&format!(
        "\nNodes searched: {nodes}\nTime (ms): {}\nNodes/second: {nps}\n",
        elapsed.as_millis()
    ));
    out
}
