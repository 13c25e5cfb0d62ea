//! The search driver: iterative deepening with aspiration windows and MultiPV on every thread,
//! Lazy SMP (helpers search the same tree and share only the transposition table; the threads
//! vote on the move played), time and node limits, `info` reports from the main thread, and the
//! final best and ponder moves.

use super::params::{Params, Tune};
use super::skill::Skill;
use super::stats::SearchStats;
use super::time;
use super::vote;
use super::worker::{Context, Control, RootMove, Signals, Worker};
use super::{INFINITE, Info, Limits, MATE, MATE_BOUND, MAX_PLY, Reporter, Score, TranspositionTable};
use crate::eval::Evaluator;
use crate::game::{Game, GameMove, GenKind, Position};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Stack size for search threads: each ply keeps its move list and scores on the stack.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Options that shape a search (the protocol's Threads, MultiPV and Move Overhead).
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: usize,
    /// Milliseconds kept in reserve per move for communication delays.
    pub move_overhead: u64,
    /// Search constants set by tuning options, over the game family's defaults
    /// ([`Params::for_game`]).
    pub tune: Tune,
    /// A strength handicap (`Skill Level`, `UCI_Elo`): the move is chosen among at least
    /// [`Skill::LINES`] lines by its rule. `None`: full strength.
    pub skill: Option<Skill>,
}

impl SearchOptions {
    /// One thread, one line, no time reserve: the fixed-node searches of self-play and matches.
    pub const SINGLE: SearchOptions = SearchOptions {
        threads: 1,
        multipv: 1,
        move_overhead: 0,
        tune: Tune {
            values: Params::DEFAULT,
            set: 0,
        },
        skill: None,
    };
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            threads: 1,
            multipv: 1,
            move_overhead: 10,
            tune: Tune::default(),
            skill: None,
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Best move (bits), `None` when the root has no legal move.
    pub best: Option<u32>,
    /// The expected reply, when the PV has one.
    pub ponder: Option<u32>,
    /// Score of the best move, centipawns or mate (see [`Score`]).
    pub score: i32,
    /// Deepest fully searched iteration.
    pub depth: i32,
    /// Nodes over all threads.
    pub nodes: u64,
    /// The principal variation (bits).
    pub pv: Vec<u32>,
    /// The main thread's statistics.
    pub stats: SearchStats,
}

/// A searcher: the transposition table and the per-thread workers, kept between moves.
pub struct Search<G: Game, E: Evaluator<G>> {
    tt: TranspositionTable,
    workers: Vec<Worker<G, E>>,
}

impl<G: Game, E: Evaluator<G>> Search<G, E> {
    /// A searcher with a `hash_mib` MiB transposition table.
    pub fn new(hash_mib: usize) -> Search<G, E> {
        Search {
            tt: TranspositionTable::new(hash_mib),
            workers: Vec::new(),
        }
    }

    /// Replaces the transposition table with one of `hash_mib` MiB; when the memory cannot be
    /// had, keeps the old table.
    ///
    /// # Errors
    /// The allocation's error.
    pub fn resize_hash(&mut self, hash_mib: usize) -> Result<(), std::collections::TryReserveError> {
        self.tt = TranspositionTable::try_new(hash_mib)?;
        Ok(())
    }

    /// Forgets everything learned (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        for w in &mut self.workers {
            w.history.clear();
        }
    }

    /// Permille of the table in use.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches `pos` within `limits`, reporting through `reporter`. Returns when the limits are
    /// reached or `signals.stop` is set; with `infinite` or while pondering, only after `stop`
    /// (or, for pondering, `ponderhit` and the time limit).
    pub fn run(
        &mut self,
        pos: &Position<G>,
        eval: &E,
        limits: &Limits,
        options: &SearchOptions,
        signals: &Signals,
        reporter: &dyn Reporter,
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let board = pos.board();
        let mut list = G::MoveList::default();
        board.generate(GenKind::All, &mut list);
        let mut root: Vec<u32> = list.iter().map(|m| m.to_bits()).collect();
        if !limits.search_moves.is_empty() {
            let wanted: Vec<u32> = limits
                .search_moves
                .iter()
                .filter_map(|s| board.parse_move(s).ok())
                .map(|m| m.to_bits())
                .collect();
            root.retain(|m| wanted.contains(m));
        }
        if root.is_empty() {
            wait_for_stop(limits, signals);
            return SearchResult {
                best: None,
                ponder: None,
                score: 0,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
                stats: SearchStats::default(),
            };
        }

        let budget = time::budget(limits, board.side_to_move(), options.move_overhead);
        let control = Control {
            start,
            hard_ms: budget.hard,
            nodes: limits.nodes,
        };
        let threads = options.threads.max(1);
        let mut params = Params::for_game(board.dims());
        params.apply(&options.tune);
        while self.workers.len() < threads {
            let id = self.workers.len();
            self.workers.push(Worker::new(id, pos.clone(), eval.clone()));
        }
        self.workers.truncate(threads);
        for w in &mut self.workers {
            w.prepare(pos, eval, &root, limits.nodes, &params);
        }
        let node_counts: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
        let ctx = Context {
            tt: &self.tt,
            signals,
            node_counts: &node_counts,
            control: &control,
        };
        let lines = if options.skill.is_some() {
            options.multipv.max(Skill::LINES)
        } else {
            options.multipv
        };
        let main = MainParams {
            limits,
            soft_ms: budget.soft,
            multipv: lines.clamp(1, root.len()),
            reporter,
            hashfull: &self.tt,
            skill: options.skill,
        };
        let (first, helpers) = self.workers.split_at_mut(1);
        let picked = std::thread::scope(|scope| {
            for w in helpers.iter_mut() {
                let ctx = &ctx;
                let spawned = std::thread::Builder::new()
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || iterate(w, ctx, limits, None));
                if spawned.is_err() {
                    // Without the helper the search is merely slower.
                    continue;
                }
            }
            let picked = iterate(&mut first[0], &ctx, limits, Some(&main));
            signals.stop.store(true, Ordering::Relaxed);
            picked
        });
        // Every worker has published its final count once the scope has joined them.
        let stats = self.workers[0].stats;
        let voted = if params.x_vote != 0 && main.multipv == 1 && options.skill.is_none() {
            vote::best_thread(&self.workers.iter().map(ballot).collect::<Vec<_>>())
        } else {
            0
        };
        let w = &mut self.workers[voted];
        if voted > 0 {
            // The last line shown is the one whose move is played.
            report(w, &ctx, &main, w.completed_depth);
        }
        let chosen = picked.or_else(|| options.skill.map(|mut s| s.pick(&lines_of(w, main.multipv))));
        if let Some(i) = chosen.and_then(|mv| w.root_moves.iter().position(|rm| rm.mv == mv))
            && i > 0
        {
            // The handicap's move leads the last lines shown, as the best move that follows
            // says (Stockfish shows them again so).
            w.root_moves[..=i].rotate_right(1);
            report(w, &ctx, &main, w.completed_depth);
        }
        let best = &w.root_moves[0];
        SearchResult {
            best: Some(best.mv),
            ponder: best.pv.get(1).copied(),
            score: best.latest_score(),
            depth: w.completed_depth,
            nodes: ctx.total_nodes(),
            pv: best.pv.clone(),
            stats,
        }
    }
}

struct MainParams<'a> {
    limits: &'a Limits,
    soft_ms: Option<u64>,
    multipv: usize,
    reporter: &'a dyn Reporter,
    hashfull: &'a TranspositionTable,
    skill: Option<Skill>,
}

/// The first `n` root moves with their scores, best first, for [`Skill::pick`].
fn lines_of<G: Game, E: Evaluator<G>>(w: &Worker<G, E>, n: usize) -> Vec<(u32, i32)> {
    w.root_moves
        .iter()
        .take(n)
        .map(|rm| (rm.mv, rm.latest_score()))
        .collect()
}

fn wait_for_stop(limits: &Limits, signals: &Signals) {
    while (limits.infinite || signals.pondering.load(Ordering::Relaxed)) && !signals.stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Iterative deepening on one worker; the main worker (`main` set) also reports and manages
/// time. Returns the move a strength handicap chose at its depth, if it got there.
fn iterate<G: Game, E: Evaluator<G>>(
    w: &mut Worker<G, E>,
    ctx: &Context,
    limits: &Limits,
    main: Option<&MainParams>,
) -> Option<u32> {
    let picked = deepen(w, ctx, limits, main);
    ctx.node_counts[w.id].store(w.nodes, Ordering::Relaxed);
    picked
}

fn deepen<G: Game, E: Evaluator<G>>(
    w: &mut Worker<G, E>,
    ctx: &Context,
    limits: &Limits,
    main: Option<&MainParams>,
) -> Option<u32> {
    let mut skill = main.and_then(|m| m.skill);
    let mut picked = None;
    let max_depth = limits
        .depth
        .map_or(MAX_PLY as i32 - 4, |d| (d as i32).clamp(1, MAX_PLY as i32 - 4));
    let multipv = main.map_or(1, |m| m.multipv);
    let mut last_best = 0u32;
    let mut stable_iterations = 0;
    let mut scores: Vec<i32> = Vec::new();
    for depth in 1..=max_depth {
        // Helpers search one ply deeper every other iteration, to spread over the tree.
        let depth = if w.id > 0 {
            (depth + (w.id as i32 & 1)).min(max_depth)
        } else {
            depth
        };
        for rm in &mut w.root_moves {
            rm.prev_score = rm.latest_score();
        }
        for pv_idx in 0..multipv {
            w.pv_idx = pv_idx;
            w.seldepth = 0;
            let prev = w.root_moves[pv_idx].prev_score;
            let mut delta = w.params().aspiration;
            let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INFINITE, INFINITE)
            };
            loop {
                let score = w.search_root(ctx, alpha, beta, depth);
                sort_from(&mut w.root_moves, pv_idx);
                if w.stopped() {
                    break;
                }
                if score <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITE);
                } else if score >= beta {
                    beta = (score + delta).min(INFINITE);
                } else {
                    break;
                }
                delta += delta / 2;
                if delta > 1000 {
                    alpha = -INFINITE;
                    beta = INFINITE;
                }
            }
            sort_from(&mut w.root_moves[..=pv_idx], 0);
            if w.stopped() {
                break;
            }
        }
        if w.stopped() {
            break;
        }
        w.completed_depth = depth;
        w.stats.end_iteration(w.nodes);
        let Some(m) = main else { continue };
        report(w, ctx, m, depth);
        if let Some(s) = skill.as_mut()
            && depth == s.pick_depth()
        {
            picked = Some(s.pick(&lines_of(w, m.multipv)));
        }
        let best = &w.root_moves[0];
        if best.mv == last_best {
            stable_iterations += 1;
        } else {
            stable_iterations = 0;
            last_best = best.mv;
        }
        if let Some(mate) = m.limits.mate
            && best.score >= MATE_BOUND
            && MATE - best.score <= 2 * mate as i32
        {
            break;
        }
        let score_drop = score_drop(&scores, best.score);
        scores.push(best.score);
        let pondering = ctx.signals.pondering.load(Ordering::Relaxed);
        // A fixed deadline (a move time, byoyomi alone) is searched to its end: time left
        // there is lost, not saved for later moves.
        if let Some(soft) = m.soft_ms
            && !pondering
            && ctx.control.hard_ms != Some(soft)
        {
            let share = best.nodes as f64 / w.nodes.max(1) as f64;
            let scale = time::soft_scale(stable_iterations, share, score_drop);
            if ctx.control.start.elapsed().as_millis() as f64 >= soft as f64 * scale {
                break;
            }
        }
    }
    if let Some(m) = main {
        wait_for_stop(m.limits, ctx.signals);
        if w.stopped() || w.completed_depth == 0 {
            report(w, ctx, m, w.completed_depth.max(1));
        }
    }
    picked
}

/// A worker's answer for the vote among threads.
fn ballot<G: Game, E: Evaluator<G>>(w: &Worker<G, E>) -> vote::Ballot {
    let best = &w.root_moves[0];
    vote::Ballot {
        mv: best.mv,
        score: best.latest_score(),
        depth: w.completed_depth,
    }
}

/// Centipawns `score` lies below the mean of the last three iterations' `scores` (0 for the
/// first iteration, or where a mate score is involved).
fn score_drop(scores: &[i32], score: i32) -> i32 {
    let recent = &scores[scores.len().saturating_sub(3)..];
    if recent.is_empty() || score.abs() >= MATE_BOUND || recent.iter().any(|s| s.abs() >= MATE_BOUND) {
        return 0;
    }
    recent.iter().sum::<i32>() / recent.len() as i32 - score
}

/// Stable sort of the root moves from `from` on, best score first.
fn sort_from(moves: &mut [RootMove], from: usize) {
    moves[from..].sort_by_key(|m| std::cmp::Reverse(m.score));
}

fn report<G: Game, E: Evaluator<G>>(w: &Worker<G, E>, ctx: &Context, m: &MainParams, depth: i32) {
    if !m.reporter.wants_info() {
        return;
    }
    let elapsed = ctx.control.start.elapsed();
    let nodes = ctx.total_nodes().max(w.nodes);
    let ms = elapsed.as_millis() as u64;
    for (i, rm) in w.root_moves.iter().take(m.multipv).enumerate() {
        let score = rm.latest_score();
        if score == -INFINITE {
            continue;
        }
        m.reporter.info(&Info {
            depth: depth as u32,
            seldepth: rm.seldepth.max(1) as u32,
            multipv: i as u32 + 1,
            score: Score::from_internal(score),
            lower_bound: None,
            nodes,
            nps: nodes * 1000 / ms.max(1),
            hashfull: m.hashfull.hashfull(),
            time_ms: ms,
            pv: pv_strings(&w.pos, &rm.pv),
        });
    }
}

/// The PV from `pos` (with its game history) in protocol notation, cut at the first move that
/// is not legal (cannot happen with a PV from the search, but a PV is shown to users, so it is
/// checked) and after a move that ends the game by rule (repetition, the move rule, a
/// variant's goal), where GUIs (fastchess) refuse a PV that goes on.
pub fn pv_strings<G: Game>(pos: &Position<G>, pv: &[u32]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &bits in pv {
        let mv = G::Move::from_bits(bits);
        if !p.board().is_legal(mv) {
            break;
        }
        out.push(p.board().fmt_move(mv));
        p.play(mv);
        // A GUI refuses a line that goes on after the game has ended (a threefold repetition,
        // the move rule, a variant's goal reached).
        if p.board().outcome().is_some() || p.move_rule_reached() || p.repetition_by_rule().is_some() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::eval::hce::Hce;
    use crate::game::chess::{Chess, ChessVariant};
    use crate::search::Silent;

    /// `go movetime` searches until its time is up, however settled the best move.
    #[test]
    fn a_fixed_move_time_is_used_to_its_end() {
        let pos = Position::<Chess>::start(&ChessVariant);
        let limits = Limits {
            move_time: Some(300),
            ..Limits::default()
        };
        let start = Instant::now();
        let r = Search::<Chess, Hce>::new(1).run(
            &pos,
            &Hce,
            &limits,
            &SearchOptions::SINGLE,
            &Signals::default(),
            &Silent,
        );
        assert!(r.best.is_some());
        assert!(start.elapsed() >= Duration::from_millis(300), "{:?}", start.elapsed());
    }

    /// The lines a search showed.
    #[derive(Default)]
    struct Lines(std::sync::Mutex<Vec<Info>>);

    impl Reporter for Lines {
        fn info(&self, info: &Info) {
            self.0.lock().expect("lines").push(info.clone());
        }
    }

    /// With helper threads voting, the last line shown leads with the move played.
    #[test]
    fn the_last_line_shown_leads_with_the_voted_move() {
        let pos = Position::<Chess>::start(&ChessVariant);
        let mut tune = Tune::default();
        let vote = Params::TABLE.iter().position(|&(n, ..)| n == "x_vote").expect("x_vote");
        tune.set(vote, 1);
        let options = SearchOptions {
            threads: 3,
            tune,
            ..SearchOptions::SINGLE
        };
        let limits = Limits {
            depth: Some(9),
            ..Limits::default()
        };
        let mut search = Search::<Chess, Hce>::new(4);
        for _ in 0..3 {
            let lines = Lines::default();
            let r = search.run(&pos, &Hce, &limits, &options, &Signals::default(), &lines);
            let best = r.best.expect("a move");
            let shown = lines.0.lock().expect("lines").last().expect("a line").clone();
            let mv = pv_strings(&pos, &[best]);
            assert_eq!(shown.pv.first(), mv.first());
            assert_eq!(r.pv.first(), Some(&best));
            assert_eq!(Score::from_internal(r.score), shown.score);
        }
    }

    #[test]
    fn score_drop_compares_with_the_recent_mean() {
        assert_eq!(score_drop(&[], 50), 0);
        assert_eq!(score_drop(&[10, 40, 40, 40], 10), 30);
        assert_eq!(score_drop(&[40, 40, 40], 60), -20);
        assert_eq!(score_drop(&[40, MATE - 5], 10), 0);
    }
}
