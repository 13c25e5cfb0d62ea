//! One search thread: principal variation search with quiescence, pruning and reductions, over
//! its own copy of the position, evaluator and history tables; results meet in the shared
//! transposition table (Lazy SMP).

use super::history::{self, History};
use super::picker::{MovePicker, PickerContext, piece_to};
use super::tt::{Bound, TranspositionTable};
use super::{INFINITE, MATE, MATE_BOUND, MAX_PLY, outcome_score};
use crate::eval::Evaluator;
use crate::game::{Game, GameMove, Position};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// "No evaluation" marker in the stack (in check).
const NO_EVAL: i32 = i32::MIN / 2;

/// Late-move reduction in plies by depth and move number: `0.8 + ln(d) ln(m) / 2.3`
/// (the logarithmic formula of Stockfish and Ethereal, constants our own).
static LMR: LazyLock<[[i32; 64]; 64]> = LazyLock::new(|| {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.8 + (d as f64).ln() * (m as f64).ln() / 2.3) as i32;
        }
    }
    t
});

/// Flags the protocol thread sets while a search runs.
#[derive(Default, Debug)]
pub struct Signals {
    /// Stop as soon as possible and report.
    pub stop: AtomicBool,
    /// While set, time limits are not applied (`go ponder` before `ponderhit`).
    pub pondering: AtomicBool,
}

/// What the main thread watches to stop the search.
pub struct Control {
    pub start: Instant,
    /// Hard time limit in milliseconds from `start`.
    pub hard_ms: Option<u64>,
    /// Total node limit over all threads.
    pub nodes: Option<u64>,
}

/// Shared state a worker needs while searching.
pub struct Context<'a> {
    pub tt: &'a TranspositionTable,
    pub signals: &'a Signals,
    /// Every worker's published node count (index = worker id).
    pub node_counts: &'a [AtomicU64],
    pub control: &'a Control,
}

impl Context<'_> {
    pub fn total_nodes(&self) -> u64 {
        self.node_counts.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// A root move with the result of its last search.
#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: u32,
    pub score: i32,
    pub prev_score: i32,
    pub pv: Vec<u32>,
    pub seldepth: usize,
}

#[derive(Clone, Copy)]
struct Frame {
    eval: i32,
    killers: [u32; 2],
    /// Piece-to index of the move played at this ply (None for a null move).
    piece_to: Option<usize>,
    null: bool,
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            eval: NO_EVAL,
            killers: [0; 2],
            piece_to: None,
            null: false,
        }
    }
}

/// One search thread's state, kept between searches (history survives until a new game).
pub struct Worker<G: Game, E: Evaluator<G>> {
    /// Thread index (0 is the main thread).
    pub id: usize,
    /// The position, with its history.
    pub pos: Position<G>,
    eval: E,
    /// Move-ordering history tables.
    pub history: History,
    stack: Vec<Frame>,
    pv_table: Vec<[u32; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// Node count at which this thread next publishes its count and checks the limits.
    next_check: u64,
    /// Nodes between those checks (see [`Worker::prepare`]).
    check_interval: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    /// The root moves with their scores, best first.
    pub root_moves: Vec<RootMove>,
    /// Index of the MultiPV line being searched.
    pub pv_idx: usize,
    /// Deepest iteration completed.
    pub completed_depth: i32,
    stopped: bool,
}

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// A worker numbered `id` for `pos`, evaluating with `eval`.
    pub fn new(id: usize, pos: Position<G>, eval: E) -> Worker<G, E> {
        let history = History::new(pos.board().dims());
        Worker {
            id,
            pos,
            eval,
            history,
            stack: vec![Frame::default(); MAX_PLY + 4],
            pv_table: vec![[0; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            next_check: 1024,
            check_interval: 1024,
            seldepth: 0,
            root_moves: Vec::new(),
            pv_idx: 0,
            completed_depth: 0,
            stopped: false,
        }
    }

    /// Prepares a new search from `pos` over `root_moves` (bits of legal moves), checking the
    /// limits every 1024 nodes, or under a node limit of `node_limit` about 1024 times per
    /// search (every 4 nodes at 5,000: the search stops within a few nodes of the limit, as
    /// Stockfish's `check_time` countdown does, instead of overshooting by up to 1,023).
    pub fn prepare(&mut self, pos: &Position<G>, eval: &E, root_moves: &[u32], node_limit: Option<u64>) {
        self.check_interval = node_limit.map_or(1024, |n| (n / 1024).clamp(1, 1024));
        self.next_check = self.check_interval;
        self.pos = pos.clone();
        self.pos.set_root();
        self.eval = eval.clone();
        self.eval.reset(&self.pos);
        if self.history.piece_to_count() != pos.board().dims().pieces() * pos.board().dims().squares() {
            self.history = History::new(pos.board().dims());
        }
        self.stack.fill(Frame::default());
        self.nodes = 0;
        self.seldepth = 0;
        self.pv_idx = 0;
        self.completed_depth = 0;
        self.stopped = false;
        self.root_moves = root_moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                prev_score: -INFINITE,
                pv: vec![mv],
                seldepth: 0,
            })
            .collect();
    }

    /// Whether the search was stopped (its last result may be incomplete).
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    #[inline]
    fn play(&mut self, mv: G::Move, tt: &TranspositionTable) {
        // The child's entry is asked for before the move is made where the game can tell its
        // key, and again after it where that guess was wrong.
        let early = self.pos.board().key_after(mv);
        if let Some(key) = early {
            tt.prefetch(key);
        }
        self.eval.play(&mut self.pos, mv);
        let key = self.pos.board().hash();
        if early != Some(key) {
            tt.prefetch(key);
        }
    }

    #[inline]
    fn undo(&mut self) {
        self.eval.undo(&mut self.pos);
    }

    /// Counts a node and, every `check_interval` nodes, publishes the count and (main thread)
    /// checks the limits.
    #[inline]
    fn tick(&mut self, ctx: &Context) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + self.check_interval;
            ctx.node_counts[self.id].store(self.nodes, Ordering::Relaxed);
            if self.id == 0 && !ctx.signals.pondering.load(Ordering::Relaxed) {
                let over_time = ctx
                    .control
                    .hard_ms
                    .is_some_and(|h| ctx.control.start.elapsed().as_millis() as u64 >= h);
                let over_nodes = ctx.control.nodes.is_some_and(|n| ctx.total_nodes() >= n);
                if over_time || over_nodes {
                    ctx.signals.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        if ctx.signals.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    /// The root search of one aspiration window; returns the best score.
    pub fn search_root(&mut self, ctx: &Context, alpha: i32, beta: i32, depth: i32) -> i32 {
        self.search(ctx, alpha, beta, depth, 0, false)
    }

    fn update_pv(&mut self, ply: usize, mv: u32) {
        self.pv_table[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv_table[ply][i] = self.pv_table[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn prev_piece_to(&self, ply: usize) -> [Option<usize>; 2] {
        let back = |n: usize| {
            if ply >= n { self.stack[ply - n].piece_to } else { None }
        };
        [back(1), back(2)]
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        ctx: &Context,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        if depth <= 0 {
            return self.qsearch(ctx, alpha, beta, ply);
        }
        self.pv_len[ply] = ply;
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply + 1);
        let in_check = self.pos.board().in_check();

        if !root {
            if let Some(o) = self.pos.board().outcome() {
                return outcome_score(o, ply);
            }
            if let Some(o) = self.pos.repetition() {
                return outcome_score(o, ply);
            }
            if self.pos.move_rule_reached() || self.pos.game_length_reached() {
                if !in_check || self.pos.board().count_legal() > 0 {
                    return if self.pos.move_rule_reached() {
                        outcome_score(self.pos.board().drawn_outcome(), ply)
                    } else {
                        0
                    };
                }
                return outcome_score(self.pos.board().outcome_without_moves(), ply);
            }
            if ply >= MAX_PLY - 1 {
                return if in_check { 0 } else { self.eval.evaluate(&self.pos) };
            }
            // Mate distance pruning.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let key = self.pos.board().hash();
        let entry = ctx.tt.probe(key);
        let mut tt_move = 0;
        if let Some(e) = entry {
            if e.mv != 0 && self.pos.board().is_legal(G::Move::from_bits(e.mv)) {
                tt_move = e.mv;
            }
            let score = from_tt(e.score, ply);
            if !pv_node
                && e.depth >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                }
            {
                return score;
            }
        }
        if root && self.pv_idx < self.root_moves.len() {
            tt_move = self.root_moves[self.pv_idx].mv;
        }

        let eval = if in_check {
            NO_EVAL
        } else {
            match entry {
                Some(e) if e.eval != 0 || e.bound == Bound::Exact => e.eval,
                _ => self.eval.evaluate(&self.pos),
            }
        };
        self.stack[ply].eval = eval;
        let improving = !in_check && ply >= 2 && self.stack[ply - 2].eval != NO_EVAL && eval > self.stack[ply - 2].eval;
        if ply + 2 < self.stack.len() {
            self.stack[ply + 2].killers = [0; 2];
        }

        if !pv_node && !in_check && eval.abs() < MATE_BOUND {
            // Reverse futility pruning: far above beta with little depth left.
            if depth <= 8 && eval - 120 * (depth - i32::from(improving)) >= beta {
                return eval;
            }
            // Null-move pruning.
            let prev_null = ply >= 1 && self.stack[ply - 1].null;
            if depth >= 3 && eval >= beta && !prev_null && self.pos.board().null_move_ok() {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                if self.eval.play_null(&mut self.pos) {
                    self.stack[ply].piece_to = None;
                    self.stack[ply].null = true;
                    let score = -self.search(ctx, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
                    self.stack[ply].null = false;
                    self.undo();
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        return if score >= MATE_BOUND { beta } else { score };
                    }
                }
            }
        }
        // Internal iterative reduction: without a move to try first, search shallower.
        if depth >= 4 && tt_move == 0 && !root {
            depth -= 1;
        }

        let prev = self.prev_piece_to(ply);
        let mut picker = MovePicker::<G>::new(PickerContext {
            tt_move,
            killers: self.stack[ply].killers,
            prev,
            tactical_only: false,
        });
        let mut best = -INFINITE;
        let mut best_move = 0u32;
        let mut searched = 0usize;
        let mut quiets: arrayvec::ArrayVec<usize, 64> = arrayvec::ArrayVec::new();
        let mut captures: arrayvec::ArrayVec<(usize, usize), 32> = arrayvec::ArrayVec::new();
        let original_alpha = alpha;

        loop {
            let mv = if root {
                // The root searches its own list (sorted by the last iteration), skipping the
                // lines earlier MultiPV passes already took.
                match self.root_moves.get(self.pv_idx + searched) {
                    Some(rm) => G::Move::from_bits(rm.mv),
                    None => break,
                }
            } else {
                match picker.next(self.pos.board(), &self.history) {
                    Some(mv) => mv,
                    None => break,
                }
            };
            let bits = mv.to_bits();
            let board = self.pos.board();
            let tactical = board.is_tactical(mv);
            let pt = piece_to(board, mv);
            let captured = board.captured_piece(mv).map(|p| p.kind as usize);

            if !root && best > -MATE_BOUND {
                if !tactical && !in_check {
                    // Late-move pruning, then futility pruning; never of checking moves (the
                    // check test is the costly part, so it comes last), except that late-move
                    // pruning takes checks too in games with drops (as Stockfish 11 does in
                    // chess), where most late quiet moves are checking drops.
                    let late = searched as i32 >= (3 + depth * depth) / (2 - i32::from(improving));
                    if late {
                        if board.dims().hand_kinds > 0 {
                            picker.skip_quiets();
                            continue;
                        }
                        // The later quiet moves come filtered: only the checks among them.
                        picker.quiet_checks_only();
                    }
                    let futile = depth <= 7 && eval != NO_EVAL && eval + 100 + 100 * depth <= alpha;
                    if (late || futile) && !board.gives_check(mv) {
                        continue;
                    }
                }
                // SEE pruning of moves that lose material.
                if depth <= 8 && !in_check {
                    let threshold = if tactical { -30 * depth * depth } else { -60 * depth };
                    if !board.see_ge(mv, threshold) {
                        continue;
                    }
                }
            }

            self.play(mv, ctx.tt);
            self.stack[ply].piece_to = Some(pt);
            let gives_check = self.pos.board().in_check();
            let extension = i32::from(gives_check && ply < 2 * depth as usize + 8);
            let new_depth = depth - 1 + extension;
            let mut score;
            if searched == 0 {
                score = -self.search(ctx, -beta, -alpha, new_depth, ply + 1, !pv_node && !cut_node);
            } else {
                let mut r = 0;
                if depth >= 3 && searched > usize::from(pv_node) && !tactical {
                    r = LMR[depth.min(63) as usize][searched.min(63)];
                    r -= i32::from(pv_node);
                    r += i32::from(cut_node);
                    r -= i32::from(improving);
                    r -= i32::from(gives_check);
                    r -= self.history.quiet_score(pt, prev) / 8192;
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.search(ctx, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if score > alpha && r > 0 {
                    score = -self.search(ctx, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.search(ctx, -beta, -alpha, new_depth, ply + 1, false);
                }
            }
            self.undo();
            if self.stopped {
                return 0;
            }
            searched += 1;

            if root {
                let idx = self.pv_idx + searched - 1;
                let rm = &mut self.root_moves[idx];
                if searched == 1 || score > alpha {
                    rm.score = score;
                    rm.seldepth = self.seldepth;
                    rm.pv.clear();
                    rm.pv.push(bits);
                    let len = self.pv_len[ply + 1].max(ply + 1);
                    rm.pv.extend_from_slice(&self.pv_table[ply + 1][ply + 1..len]);
                } else {
                    rm.score = -INFINITE;
                }
            }

            if score > best {
                best = score;
                if score > alpha {
                    best_move = bits;
                    if pv_node {
                        self.update_pv(ply, bits);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
            if bits != best_move {
                if tactical {
                    if let Some(c) = captured {
                        let _ = captures.try_push((pt, c));
                    }
                } else {
                    let _ = quiets.try_push(pt);
                }
            }
        }

        if searched == 0 {
            // No legal move (or every move pruned, which needs a move searched first).
            return if in_check || !self.has_any_move() {
                outcome_score(self.pos.board().outcome_without_moves(), ply)
            } else {
                alpha
            };
        }

        if best >= beta && best_move != 0 {
            let bonus = history::bonus(depth);
            let mv = G::Move::from_bits(best_move);
            let board = self.pos.board();
            let pt = piece_to(board, mv);
            if board.is_tactical(mv) {
                if let Some(c) = board.captured_piece(mv) {
                    self.history.update_capture(pt, c.kind as usize, bonus);
                }
            } else {
                self.history.update_quiet(pt, prev, bonus);
                for &q in &quiets {
                    self.history.update_quiet(q, prev, -bonus);
                }
                let k = &mut self.stack[ply].killers;
                if k[0] != best_move {
                    k[1] = k[0];
                    k[0] = best_move;
                }
            }
            for &(c_pt, c_kind) in &captures {
                self.history.update_capture(c_pt, c_kind, -bonus);
            }
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if eval == NO_EVAL { 0 } else { eval };
        ctx.tt
            .store(key, best_move, to_tt(best, ply), stored_eval, depth, bound, pv_node);
        best
    }

    fn has_any_move(&self) -> bool {
        self.pos.board().count_legal() > 0
    }

    fn qsearch(&mut self, ctx: &Context, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply + 1);
        if let Some(o) = self.pos.board().outcome() {
            return outcome_score(o, ply);
        }
        let in_check = self.pos.board().in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.eval.evaluate(&self.pos) };
        }
        let pv_node = beta - alpha > 1;
        let key = self.pos.board().hash();
        let entry = ctx.tt.probe(key);
        let mut tt_move = 0;
        if let Some(e) = entry {
            let score = from_tt(e.score, ply);
            if !pv_node
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                }
            {
                return score;
            }
            if e.mv != 0 {
                let mv = G::Move::from_bits(e.mv);
                let board = self.pos.board();
                if board.is_legal(mv) && (in_check || board.is_tactical(mv)) {
                    tt_move = e.mv;
                }
            }
        }

        let mut best;
        let stand_pat;
        if in_check {
            best = -INFINITE;
            stand_pat = NO_EVAL;
        } else {
            stand_pat = match entry {
                Some(e) if e.eval != 0 => e.eval,
                _ => self.eval.evaluate(&self.pos),
            };
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }

        let mut picker = MovePicker::<G>::new(PickerContext {
            tt_move,
            killers: [0; 2],
            prev: self.prev_piece_to(ply),
            tactical_only: !in_check,
        });
        let mut best_move = 0;
        let mut searched = 0;
        let delta_margin = 200;
        while let Some(mv) = picker.next(self.pos.board(), &self.history) {
            let board = self.pos.board();
            if !in_check {
                // Delta pruning: even winning the piece cannot lift alpha.
                if let Some(c) = board.captured_piece(mv) {
                    let gain = board.eval_terms().see[c.kind as usize];
                    if stand_pat + gain + delta_margin <= alpha && !board.is_promotion(mv) {
                        continue;
                    }
                }
                if !board.see_ge(mv, 0) {
                    continue;
                }
            }
            let pt = piece_to(board, mv);
            self.play(mv, ctx.tt);
            self.stack[ply].piece_to = Some(pt);
            let score = -self.qsearch(ctx, -beta, -alpha, ply + 1);
            self.undo();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = mv.to_bits();
                    if pv_node {
                        self.update_pv(ply, best_move);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && searched == 0 {
            return outcome_score(self.pos.board().outcome_without_moves(), ply);
        }
        let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
        let stored_eval = if stand_pat == NO_EVAL { 0 } else { stand_pat };
        ctx.tt
            .store(key, best_move, to_tt(best, ply), stored_eval, 0, bound, pv_node);
        best
    }
}

/// Mate scores in the table count from the stored node, not the root.
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

const _: () = assert!(MATE < i16::MAX as i32);
