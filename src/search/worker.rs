//! One search thread: principal variation search with quiescence, pruning and reductions, over
//! its own copy of the position, evaluator and history tables; results meet in the shared
//! transposition table (Lazy SMP).

use super::history::{self, History, Prev};
use super::params::Params;
use super::picker::{MovePicker, PickerContext, move_threat, piece_to};
use super::stats::SearchStats;
use super::tt::{Bound, TranspositionTable, TtEntry};
use super::{INFINITE, MATE, MATE_BOUND, MAX_PLY, outcome_score};
use crate::eval::Evaluator;
use crate::game::{Game, GameMove, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// "No evaluation" marker in the stack (in check).
const NO_EVAL: i32 = i32::MIN / 2;
/// Double extensions a line may take (Stockfish 15's limit), so the search still ends.
const MAX_DOUBLES: u8 = 11;

/// Late-move reductions in 1/1024 plies by depth and the number of moves searched before
/// (pruned moves not counted: counting them lost its SPRT): `base + 1024 ln(d) ln(m) / div`
/// (the logarithmic formula of Stockfish and Ethereal; `base` and `div` from the parameters).
fn lmr_table(p: &Params) -> Box<[[i32; 64]; 64]> {
    let mut t = Box::new([[0; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            let log = (d as f64).ln() * (m as f64).ln();
            *r = p.lmr_base + (1024.0 * 100.0 * log / p.lmr_div as f64) as i32;
        }
    }
    t
}

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
    /// Nodes searched under this move since the search began (all iterations).
    pub nodes: u64,
}

impl RootMove {
    /// The score of this iteration's search of the move, or of the last iteration's where this
    /// one has none yet (`-INFINITE` where neither has).
    pub fn latest_score(&self) -> i32 {
        if self.score == -INFINITE {
            self.prev_score
        } else {
            self.score
        }
    }
}

#[derive(Clone, Copy)]
struct Frame {
    /// The static evaluation, corrected (`NO_EVAL` in check).
    static_eval: i32,
    /// The static evaluation before correction.
    raw_eval: i32,
    /// The move a singular-extension search leaves out (0 for none).
    excluded: u32,
    killers: [u32; 2],
    /// Piece-to index of the move played at this ply (None for a null move).
    piece_to: Option<usize>,
    /// The [`history::threat_index`] of the move played at this ply, where it is quiet.
    threat: usize,
    /// Whether the move played at this ply is tactical (a capture or a promotion).
    tactical: bool,
    /// Whether the move played at this ply was extended by two plies.
    double: bool,
    /// Double extensions on the path to this ply's node.
    doubles: u8,
    /// Beta cutoffs of the nodes at this ply since the node two plies up began (Stockfish's
    /// cutoffCnt): many say the moves above them are being refuted.
    cutoffs: u32,
    null: bool,
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            static_eval: NO_EVAL,
            raw_eval: NO_EVAL,
            excluded: 0,
            killers: [0; 2],
            piece_to: None,
            threat: 0,
            tactical: false,
            double: false,
            doubles: 0,
            cutoffs: 0,
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
    /// Hit rates and cutoff counts of the current search.
    pub stats: SearchStats,
    stopped: bool,
    /// Null moves are off below this ply, inside a verification search (0: none running).
    nmp_min_ply: usize,
    params: Params,
    /// Late-move reductions by depth and move number, from `params`.
    lmr: Box<[[i32; 64]; 64]>,
}

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// A worker numbered `id` for `pos`, evaluating with `eval`.
    pub fn new(id: usize, pos: Position<G>, eval: E) -> Worker<G, E> {
        let history = History::new(pos.board().dims());
        let params = Params::for_game(pos.board().dims());
        Worker {
            lmr: lmr_table(&params),
            params,
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
            stats: SearchStats::default(),
            stopped: false,
            nmp_min_ply: 0,
        }
    }

    /// Prepares a new search from `pos` over `root_moves` (bits of legal moves), checking the
    /// limits every 1024 nodes, or under a node limit of `node_limit` about 1024 times per
    /// search (every 4 nodes at 5,000: the search stops within a few nodes of the limit, as
    /// Stockfish's `check_time` countdown does, instead of overshooting by up to 1,023).
    pub fn prepare(
        &mut self,
        pos: &Position<G>,
        eval: &E,
        root_moves: &[u32],
        node_limit: Option<u64>,
        params: &Params,
    ) {
        if *params != self.params {
            self.params = *params;
            self.lmr = lmr_table(params);
        }
        self.check_interval = node_limit.map_or(1024, |n| (n / 1024).clamp(1, 1024));
        self.next_check = self.check_interval;
        self.pos = pos.clone();
        self.pos.set_root();
        self.eval = eval.clone();
        self.eval.reset(&self.pos);
        if self.history.piece_to_count() != pos.board().dims().pieces() * pos.board().dims().squares() {
            self.history = History::new(pos.board().dims());
        }
        self.history.clear_low_ply();
        self.stack.fill(Frame::default());
        self.nodes = 0;
        self.seldepth = 0;
        self.pv_idx = 0;
        self.completed_depth = 0;
        self.stats = SearchStats::default();
        self.stopped = false;
        self.nmp_min_ply = 0;
        self.root_moves = root_moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                prev_score: -INFINITE,
                pv: vec![mv],
                seldepth: 0,
                nodes: 0,
            })
            .collect();
    }

    /// The search's constants.
    pub fn params(&self) -> &Params {
        &self.params
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

    /// The continuation keys of the moves that led to `ply` ([`Prev`]); with `cont_split`, a
    /// tactical move's key is its piece-to index past the quiet ones.
    fn prev_piece_to(&self, ply: usize) -> Prev {
        let split = self.history.piece_to_count() * usize::from(self.params.cont_split != 0);
        let back = |n: usize| {
            let f = ply.checked_sub(n).map(|up| &self.stack[up])?;
            f.piece_to.map(|pt| pt + split * usize::from(f.tactical))
        };
        [back(1), back(2), back(4)]
    }

    /// Records the move just played at `ply` (`None` for a null move; its threat index where
    /// it is quiet) for the plies below.
    fn mark_move(&mut self, ply: usize, piece_to: Option<usize>, threat: usize, tactical: bool, double: bool) {
        let f = &mut self.stack[ply];
        f.piece_to = piece_to;
        f.threat = threat;
        f.tactical = tactical;
        f.double = double;
    }

    /// Whether the static evaluation at `ply` is better than two plies before (four where the
    /// side was in check then).
    fn improving(&self, ply: usize, static_eval: i32) -> bool {
        if static_eval == NO_EVAL {
            return false;
        }
        let before = |n: usize| (ply >= n).then(|| self.stack[ply - n].static_eval);
        match before(2) {
            Some(e) if e != NO_EVAL => static_eval > e,
            _ => before(4).is_some_and(|e| e != NO_EVAL && static_eval > e),
        }
    }

    /// The piece-to indices of the two moves that led to `ply` (older first), where both
    /// were moves (not null moves, not before the root).
    fn last_two(&self, ply: usize) -> Option<(usize, usize)> {
        (ply >= 2).then(|| self.stack[ply - 2].piece_to.zip(self.stack[ply - 1].piece_to))?
    }

    /// What the correction histories the game's parameters turn on add to the static
    /// evaluation at `ply`, centipawns.
    fn correction(&self, ply: usize) -> i32 {
        let board = self.pos.board();
        let mut c = 0;
        if self.params.corr_pawn != 0 {
            c += self.history.correction(board.side_to_move().index(), board.pawn_key());
        }
        if let Some(moves) = self.last_two(ply).filter(|_| self.params.corr_cont != 0) {
            c += self.history.cont_correction(moves);
        }
        if let Some(keys) = self.non_pawn_keys() {
            c += self.history.non_pawn_correction(board.side_to_move().index(), keys) * self.params.corr_nonpawn / 100;
        }
        c * self.params.corr_scale / 100
    }

    /// The static evaluation `raw` at `ply` with the corrections in use, damped towards 0 by
    /// the n-move rule's count where `rule50_damp` asks, kept below the mate range (`NO_EVAL`
    /// stays so).
    fn corrected(&self, raw: i32, ply: usize) -> i32 {
        if raw == NO_EVAL {
            return raw;
        }
        let v = raw + self.correction(ply);
        let board = self.pos.board();
        let limit = (self.params.rule50_damp != 0)
            .then(|| board.move_rule_plies())
            .flatten();
        let v = match limit {
            // Halved at the rule's limit: a lead that no capture or pawn move turns into more
            // is drifting towards the rule's draw (Stockfish's shuffling damping).
            Some(limit) => v - v * board.reversible_plies().min(limit) as i32 / (2 * limit.max(1) as i32),
            None => v,
        };
        v.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Moves the correction histories in use towards `diff`, the search score at `ply` minus
    /// the static evaluation (centipawns), found at `depth` plies.
    fn update_corrections(&mut self, ply: usize, diff: i32, depth: i32) {
        if self.params.corr_pawn != 0 {
            let board = self.pos.board();
            let (stm, key) = (board.side_to_move().index(), board.pawn_key());
            self.history.update_correction(stm, key, diff, depth);
        }
        if let Some(moves) = self.last_two(ply).filter(|_| self.params.corr_cont != 0) {
            self.history.update_cont_correction(moves, diff, depth);
        }
        if let Some(keys) = self.non_pawn_keys() {
            let stm = self.pos.board().side_to_move().index();
            self.history.update_non_pawn_correction(stm, keys, diff, depth);
        }
    }

    /// The keys of the non-pawn correction history where it is in use.
    fn non_pawn_keys(&self) -> Option<[u64; 2]> {
        (self.params.corr_nonpawn != 0).then(|| self.pos.board().non_pawn_keys())?
    }

    /// The late-move reduction at `depth` of a move searched after `moves` others, in 1/1024
    /// plies.
    #[inline]
    fn base_reduction(&self, depth: i32, moves: usize) -> i32 {
        self.lmr[depth.clamp(0, 63) as usize][moves.min(63)]
    }

    /// The score of a node the rules decide (a result, a repetition, the move rule, the game's
    /// length, the ply limit), or `None` where the game goes on.
    fn terminal_score(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        let board = self.pos.board();
        if let Some(o) = board.outcome() {
            return Some(outcome_score(o, ply));
        }
        if let Some(o) = self.pos.repetition() {
            return Some(outcome_score(o, ply));
        }
        if self.pos.move_rule_reached() || self.pos.game_length_reached() {
            if !in_check || board.count_legal() > 0 {
                return Some(if self.pos.move_rule_reached() {
                    outcome_score(board.drawn_outcome(), ply)
                } else {
                    0
                });
            }
            return Some(outcome_score(board.outcome_without_moves(), ply));
        }
        if ply >= MAX_PLY - 1 {
            return Some(if in_check { 0 } else { self.eval.evaluate(&self.pos) });
        }
        None
    }

    /// The node's static evaluation (from the table where it has one, stored there where it
    /// has none), clamped below the mate range; `NO_EVAL` in check.
    fn static_eval(&mut self, ctx: &Context, key: u64, entry: Option<TtEntry>, in_check: bool, tt_pv: bool) -> i32 {
        if in_check {
            return NO_EVAL;
        }
        let raw = match entry.and_then(|e| e.eval) {
            Some(e) => e,
            None => {
                let e = self.eval.evaluate(&self.pos);
                if entry.is_none() {
                    ctx.tt.store(key, 0, 0, Some(e), -1, Bound::None, tt_pv);
                }
                e
            }
        };
        raw.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

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
            return self.qsearch(ctx, alpha, beta, ply, true);
        }
        self.pv_len[ply] = ply;
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply + 1);
        let in_check = self.pos.board().in_check();
        self.stack[ply].doubles = match ply.checked_sub(1).map(|up| self.stack[up]) {
            Some(up) => up.doubles + u8::from(up.double),
            None => 0,
        };

        if !root {
            if let Some(score) = self.terminal_score(ply, in_check) {
                return score;
            }
            // Mate distance pruning.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let key = self.pos.board().hash();
        let excluded = self.stack[ply].excluded;
        let entry = ctx.tt.probe(key);
        self.stats.tt_probes += 1;
        self.stats.tt_hits += u64::from(entry.is_some());
        let mut tt_move = 0;
        let mut tt = None;
        if let Some(e) = entry {
            if e.mv != 0 && self.pos.board().is_legal(G::Move::from_bits(e.mv)) {
                tt_move = e.mv;
            }
            let score = from_tt(e.score, ply);
            if e.bound != Bound::None {
                tt = Some((score, e.bound, e.depth));
            }
            if !pv_node && excluded == 0 && e.depth >= depth && cuts(e.bound, score, alpha, beta) {
                if tt_move != 0 && score >= beta {
                    self.reward_tt_move(tt_move, ply, depth);
                }
                return score;
            }
        }
        if root && self.pv_idx < self.root_moves.len() {
            tt_move = self.root_moves[self.pv_idx].mv;
        }
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);

        let static_eval = if excluded != 0 {
            self.stack[ply].static_eval
        } else {
            let raw = self.static_eval(ctx, key, entry, in_check, tt_pv);
            self.stack[ply].raw_eval = raw;
            let corrected = self.corrected(raw, ply);
            self.stack[ply].static_eval = corrected;
            corrected
        };
        let improving = self.improving(ply, static_eval);
        if ply + 2 < self.stack.len() {
            self.stack[ply + 2].killers = [0; 2];
            self.stack[ply + 2].cutoffs = 0;
        }
        if root {
            self.stack[1].cutoffs = 0;
        }

        let mut node = Node {
            alpha,
            beta,
            depth,
            ply,
            pv_node,
            cut_node,
            in_check,
            improving,
            tt_pv,
            tt_move,
            tt_tactical: tt_move != 0 && self.pos.board().is_tactical(G::Move::from_bits(tt_move)),
            tt,
            excluded,
            eval: static_eval,
        };
        if !pv_node && !in_check {
            let pruned = self.prune_node(ctx, &node);
            if let Some(score) = pruned.or_else(|| self.probcut(ctx, &node, key)) {
                return score;
            }
        }
        // Internal iterative reduction: without a move to try first, search shallower (at least
        // a ply deep: the table's ranges cap each reduction at 3).
        if depth >= 4 && tt_move == 0 && !root {
            let p = &self.params;
            depth -= match (pv_node, cut_node) {
                (true, _) => p.iir_pv,
                (false, true) => p.iir_cut,
                (false, false) => p.iir_all,
            };
            node.depth = depth;
        }

        let Some(result) = self.search_moves(ctx, &node) else {
            return 0;
        };
        let (best, best_move) = match result {
            Searched::Moves { best, best_move } => (best, best_move),
            Searched::MultiCut(score) => return score,
            Searched::None if excluded != 0 => return alpha,
            // No legal move (or every move pruned, which needs a move searched first).
            Searched::None => {
                return if in_check || !self.has_any_move() {
                    outcome_score(self.pos.board().outcome_without_moves(), ply)
                } else {
                    alpha
                };
            }
        };
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best_move != 0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded != 0 {
            return best;
        }
        // A fail high's score drawn towards beta, the more the shallower (Stockfish's).
        let best = if damps_fail_high(&self.params, pv_node, best, beta) {
            (best * depth + beta) / (depth + 1)
        } else {
            best
        };
        let best_tactical = best_move != 0 && self.pos.board().is_tactical(G::Move::from_bits(best_move));
        // The search's score says where the evaluation was off, where its bound allows.
        let informative = match bound {
            Bound::Lower => best > static_eval,
            Bound::Upper => best < static_eval,
            _ => true,
        };
        let raw = self.stack[ply].raw_eval;
        if !in_check && !best_tactical && informative && best.abs() < MATE_BOUND {
            self.update_corrections(ply, best - raw, depth);
        }
        if bound == Bound::Upper && !root && (depth >= 3 || pv_node) {
            self.reward_prior_move(ply, depth);
        }
        let stored_eval = (!in_check).then_some(raw);
        ctx.tt
            .store(key, best_move, to_tt(best, ply), stored_eval, depth, bound, tt_pv);
        best
    }

    /// Reverse futility pruning and null-move pruning at a non-PV node not in check: the
    /// node's score where one of them decides it. `n` is the node as its move loop would see it.
    fn prune_node(&mut self, ctx: &Context, n: &Node) -> Option<i32> {
        let (beta, depth, ply, cut_node) = (n.beta, n.depth, n.ply, n.cut_node);
        let (eval, improving, excluded) = (n.eval, n.improving, n.excluded);
        let p = self.params;
        // Reverse futility pruning: far above beta with little depth left; with `rfp_guard`,
        // not where a quiet table move is to be tried, nor in a singular test (Stockfish's).
        let guarded = p.rfp_guard != 0 && (excluded != 0 || (n.tt_move != 0 && !n.tt_tactical));
        if depth <= p.rfp_depth
            && !guarded
            && eval < MATE_BOUND
            && eval - p.rfp_margin * (depth - i32::from(improving)) >= beta
        {
            return Some(beta + (eval - beta) * p.rfp_damp / 1024);
        }
        // Null-move pruning; with `nmp_cut`, only where a cut is expected.
        let prev_null = ply >= 1 && self.stack[ply - 1].null;
        let verifying = ply < self.nmp_min_ply;
        if depth >= 3
            && (cut_node || p.nmp_cut == 0)
            && eval >= beta
            && excluded == 0
            && !prev_null
            && !verifying
            && self.pos.board().null_move_ok()
        {
            let r = p.nmp_base + depth / p.nmp_depth_div + ((eval - beta) / p.nmp_eval_div).min(3);
            if self.eval.play_null(&mut self.pos) {
                self.mark_move(ply, None, 0, false, false);
                self.stack[ply].null = true;
                let score = -self.search(ctx, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.stack[ply].null = false;
                self.undo();
                if self.stopped {
                    return Some(0);
                }
                if score >= beta {
                    let score = if score >= MATE_BOUND { beta } else { score };
                    return self.verify_null(ctx, n, depth - r).then_some(score);
                }
            }
        }
        None
    }

    /// Whether a null move's cut of node `n` stands: from depth `nmp_verify` on, the node is
    /// searched to the null move's `reduced` depth with null moves off for the plies below
    /// (the first three quarters of them), and must fail high too (Stockfish's verification
    /// search, for zugzwang). A stopped search stands (its score is not used).
    fn verify_null(&mut self, ctx: &Context, n: &Node, reduced: i32) -> bool {
        if n.depth < self.params.nmp_verify || self.nmp_min_ply != 0 {
            return true;
        }
        self.nmp_min_ply = n.ply + 3 * reduced.max(0) as usize / 4;
        let score = self.search(ctx, n.beta - 1, n.beta, reduced, n.ply, false);
        self.nmp_min_ply = 0;
        self.stopped || score >= n.beta
    }

    /// ProbCut (Stockfish's): at a non-PV node not in check, a capture whose exchange alone
    /// clears beta by `probcut_margin` (less `probcut_improving` where improving) and whose
    /// quiescence and then a search four plies shallower confirm it cuts the node off; stored
    /// as a lower bound three plies shallower. `None` where no capture does.
    fn probcut(&mut self, ctx: &Context, n: &Node, key: u64) -> Option<i32> {
        let p = self.params;
        let (depth, ply) = (n.depth, n.ply);
        if n.excluded != 0 || depth < p.probcut_depth || n.beta.abs() >= MATE_BOUND {
            return None;
        }
        let pc_beta = n.beta + p.probcut_margin - p.probcut_improving * i32::from(n.improving);
        // A table entry deep enough says the captures will not reach it.
        if n.tt.is_some_and(|(score, _, d)| d >= depth - 3 && score < pc_beta) {
            return None;
        }
        let board = self.pos.board();
        let tt_move = if n.tt_move != 0 && board.is_tactical(G::Move::from_bits(n.tt_move)) {
            n.tt_move
        } else {
            0
        };
        let mut picker = MovePicker::<G>::new(PickerContext {
            tt_move,
            killers: [0; 2],
            prev: self.prev_piece_to(ply),
            threats: 0,
            tactical_only: true,
            quiet_checks: false,
            cap_hist: self.params.ord_cap_hist,
            low_ply: (ply, 0),
        });
        while let Some(mv) = picker.next(self.pos.board(), &self.history) {
            let board = self.pos.board();
            if !board.see_ge(mv, pc_beta - n.eval) {
                continue;
            }
            let pt = piece_to(board, mv);
            self.play(mv, ctx.tt);
            self.mark_move(ply, Some(pt), 0, true, false);
            let mut score = -self.qsearch(ctx, -pc_beta, -pc_beta + 1, ply + 1, false);
            if score >= pc_beta {
                score = -self.search(ctx, -pc_beta, -pc_beta + 1, depth - 4, ply + 1, !n.cut_node);
            }
            self.undo();
            if self.stopped {
                return Some(0);
            }
            if score >= pc_beta {
                let raw = self.stack[ply].raw_eval;
                let bits = mv.to_bits();
                ctx.tt.store(
                    key,
                    bits,
                    to_tt(score, ply),
                    Some(raw),
                    depth - 3,
                    Bound::Lower,
                    n.tt_pv,
                );
                return Some(score);
            }
        }
        None
    }

    /// The move loop of a node: each move pruned, or searched (reduced, then re-searched where
    /// it beats alpha); histories updated for the best move. `None` when the search stopped.
    fn search_moves(&mut self, ctx: &Context, n: &Node) -> Option<Searched> {
        let (ply, depth, root) = (n.ply, n.depth, n.ply == 0);
        let prev = self.prev_piece_to(ply);
        let rows = self.history.cont_rows(prev);
        let threats = self.pos.board().threats();
        let mut picker = MovePicker::<G>::new(PickerContext {
            tt_move: n.tt_move,
            killers: self.stack[ply].killers,
            prev,
            threats,
            tactical_only: false,
            quiet_checks: false,
            cap_hist: self.params.ord_cap_hist,
            low_ply: (ply, self.params.low_ply),
        });
        let p = self.params;
        let mut alpha = n.alpha;
        let mut best = -INFINITE;
        let mut best_move = 0u32;
        let mut move_count = 0usize;
        let mut searched = 0usize;
        let tt_tactical = n.tt_tactical;
        let mut quiets: arrayvec::ArrayVec<(usize, usize), 64> = arrayvec::ArrayVec::new();
        let mut captures: arrayvec::ArrayVec<(usize, usize), 32> = arrayvec::ArrayVec::new();

        loop {
            let mv = if root {
                // The root searches its own list (sorted by the last iteration), skipping the
                // lines earlier MultiPV passes already took.
                match self.root_moves.get(self.pv_idx + move_count) {
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
            if bits == n.excluded {
                continue;
            }
            move_count += 1;
            let board = self.pos.board();
            let tactical = board.is_tactical(mv);
            let pt = piece_to(board, mv);
            let captured = board.captured_piece(mv).map(|c| c.kind as usize);
            let threat = if tactical { 0 } else { move_threat(board, mv, threats) };
            let quiet_history = if tactical {
                0
            } else {
                self.history.quiet_score_in(rows, pt, threat)
            };
            // What the reductions read of the move's statistics (Stockfish's statScore).
            let stat = match captured {
                _ if !tactical => quiet_history,
                Some(c) => self.history.capture_score(pt, c) + 14 * board.eval_terms().see[c] - p.lmr_capture,
                None => -p.lmr_capture,
            };

            if !root && best > -MATE_BOUND {
                if !tactical && !n.in_check {
                    // Late-move, futility and history pruning; never of checking moves (the
                    // check test is the costly part, so it comes last), except that late-move
                    // pruning takes checks too with `lmp_checks`.
                    let late = searched as i32 >= (p.lmp_base + depth * depth) / (2 - i32::from(n.improving));
                    if late {
                        if p.lmp_checks != 0 {
                            picker.skip_quiets();
                            continue;
                        }
                        // The later quiet moves come filtered: only the checks among them.
                        picker.quiet_checks_only();
                    }
                    let futile = depth <= p.fp_max_depth && n.eval + p.fp_base + p.fp_depth * depth <= alpha;
                    let unlikely = depth <= p.hp_max_depth && quiet_history < -p.hp_depth * depth;
                    if (late || futile || unlikely) && !board.gives_check(mv) {
                        continue;
                    }
                }
                // SEE pruning of moves that lose material.
                if depth <= 8 && !n.in_check && !see_keeps(board, mv, tactical, depth, &p) {
                    continue;
                }
            }

            let mut extension = 0;
            if !root && bits == n.tt_move && n.excluded == 0 && depth >= p.se_depth {
                match self.singular(ctx, n, bits) {
                    None => return None,
                    Some(Singular::Extend(e)) => extension = e,
                    Some(Singular::Cut(score)) => return Some(Searched::MultiCut(score)),
                }
            }

            let nodes_before = self.nodes;
            self.play(mv, ctx.tt);
            self.mark_move(ply, Some(pt), threat, tactical, extension == 2);
            let gives_check = self.pos.board().in_check();
            // A check is extended where it does not lose material (endless checking drops do).
            if extension == 0
                && gives_check
                && ply < 2 * depth as usize + 8
                && depth >= p.check_ext_depth
                && (n.in_check || n.eval.abs() >= p.check_ext_eval)
                && self.pos.parent().is_some_and(|b| b.see_ge(mv, 0))
            {
                extension = 1;
            }
            let mut new_depth = depth - 1 + extension;
            let mut score = 0;
            if depth >= 3 && searched > usize::from(n.pv_node) && (!tactical || p.lmr_capture != 0) {
                let mut r = self.base_reduction(depth, searched);
                r -= 1024 * i32::from(n.pv_node);
                r -= p.lmr_tt_pv * i32::from(n.tt_pv);
                r += p.lmr_tt_capture * i32::from(tt_tactical && !tactical);
                r += p.lmr_cut * i32::from(n.cut_node);
                r -= 1024 * i32::from(n.improving);
                r -= p.lmr_check * i32::from(gives_check);
                r -= stat * 1024 / p.lmr_history;
                if self.stack[ply + 1].cutoffs > 3 {
                    r += p.lmr_cutoffs;
                }
                let reduced = (new_depth - (r / 1024).clamp(0, new_depth - 1)).max(1);
                score = -self.search(ctx, -alpha - 1, -alpha, reduced, ply + 1, true);
                if score > alpha && reduced < new_depth {
                    (score, new_depth) = self.research(ctx, n, alpha, best, (score, reduced), new_depth);
                }
            } else if !n.pv_node || move_count > 1 {
                score = -self.search(ctx, -alpha - 1, -alpha, new_depth, ply + 1, !n.cut_node);
            }
            if n.pv_node && (move_count == 1 || score > alpha) {
                score = -self.search(ctx, -n.beta, -alpha, new_depth, ply + 1, false);
            }
            self.undo();
            if self.stopped {
                return None;
            }
            searched += 1;

            if root {
                self.update_root_move(move_count, score, alpha, (bits, self.nodes - nodes_before), ply);
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = bits;
                    if n.pv_node {
                        self.update_pv(ply, bits);
                    }
                    if score >= n.beta {
                        self.stack[ply].cutoffs += 1;
                        self.stats.cutoffs += 1;
                        self.stats.first_move_cutoffs += u64::from(searched == 1);
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
                    let _ = quiets.try_push((pt, threat));
                }
            }
        }

        if searched == 0 {
            return Some(Searched::None);
        }
        if best_move != 0 {
            self.update_stats(best_move, depth, ply, (prev, threats), &quiets, &captures);
        }
        Some(Searched::Moves { best, best_move })
    }

    /// The full-depth null-window search of the move just played, whose reduced search scored
    /// `score` above `alpha`: a ply deeper where that beat the node's best score so far by
    /// `lmr_deeper` plus a centipawn a ply, a ply shallower where it came within
    /// `lmr_shallower` of it (Stockfish's doDeeper and doShallower; no search where that depth
    /// is no deeper than the reduced one). Returns the score and the move's depth from here on.
    fn research(
        &mut self,
        ctx: &Context,
        n: &Node,
        alpha: i32,
        best: i32,
        (score, reduced): (i32, i32),
        new_depth: i32,
    ) -> (i32, i32) {
        let p = &self.params;
        let deeper = p.lmr_deeper < 1000 && score > best + p.lmr_deeper + new_depth;
        let shallower = score < best + p.lmr_shallower;
        let depth = new_depth + i32::from(deeper) - i32::from(shallower);
        if depth <= reduced {
            return (score, depth);
        }
        (
            -self.search(ctx, -alpha - 1, -alpha, depth, n.ply + 1, !n.cut_node),
            depth,
        )
    }

    /// The singular-extension test of the table move `bits` (Stockfish's): searched without it
    /// at half depth below the table's score, is every other move worse? Then the table move
    /// is extended; where even a reduced search of the others beats beta, the node is cut
    /// (multi-cut); where the table move is not singular but its score beats beta, it is
    /// searched shallower. `None` when the search stopped.
    fn singular(&mut self, ctx: &Context, n: &Node, bits: u32) -> Option<Singular> {
        let Some((tt_score, bound, tt_depth)) = n.tt else {
            return Some(Singular::Extend(0));
        };
        if tt_depth < n.depth - 3 || bound == Bound::Upper || tt_score.abs() >= MATE_BOUND {
            return Some(Singular::Extend(0));
        }
        let margin = self.params.se_margin * n.depth / 64;
        let singular_beta = tt_score - margin;
        let ply = n.ply;
        self.stack[ply].excluded = bits;
        let score = self.search(
            ctx,
            singular_beta - 1,
            singular_beta,
            (n.depth - 1) / 2,
            ply,
            n.cut_node,
        );
        self.stack[ply].excluded = 0;
        if self.stopped {
            return None;
        }
        let p = &self.params;
        let double = p.se_double < 1000
            && !n.pv_node
            && score < singular_beta - p.se_double
            && self.stack[ply].doubles < MAX_DOUBLES;
        Some(if score < singular_beta {
            Singular::Extend(1 + i32::from(double))
        } else if singular_beta >= n.beta {
            Singular::Cut(singular_beta)
        } else if tt_score >= n.beta || n.cut_node {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        })
    }

    /// Records the result of the `number`-th root move (1-based) of this MultiPV pass, the move
    /// `bits` whose search took `nodes`.
    fn update_root_move(&mut self, number: usize, score: i32, alpha: i32, (bits, nodes): (u32, u64), ply: usize) {
        let rm = &mut self.root_moves[self.pv_idx + number - 1];
        rm.nodes += nodes;
        if number == 1 || score > alpha {
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

    /// History updates for a node's best move (one that raised alpha): a bonus to it, a malus
    /// to the moves searched before it of its kind (quiet or capture), and to the captures
    /// searched before it in any case; a quiet best move becomes a killer.
    fn update_stats(
        &mut self,
        best_move: u32,
        depth: i32,
        ply: usize,
        (prev, threats): (Prev, u128),
        quiets: &[(usize, usize)],
        captures: &[(usize, usize)],
    ) {
        let bonus = history::bonus(depth);
        let mv = G::Move::from_bits(best_move);
        let board = self.pos.board();
        let pt = piece_to(board, mv);
        if board.is_tactical(mv) {
            if let Some(c) = board.captured_piece(mv) {
                self.history.update_capture(pt, c.kind as usize, bonus);
            }
        } else {
            self.update_quiet(ply, (pt, move_threat(board, mv, threats)), prev, bonus);
            for &q in quiets {
                self.update_quiet(ply, q, prev, -bonus);
            }
            let k = &mut self.stack[ply].killers;
            if k[0] != best_move {
                k[1] = k[0];
                k[0] = best_move;
            }
        }
        for &(c_pt, c_kind) in captures {
            self.history.update_capture(c_pt, c_kind, -bonus);
        }
    }

    /// A quiet table move that cut a node off without a search gets the bonus a searched cut
    /// would have had.
    fn reward_tt_move(&mut self, tt_move: u32, ply: usize, depth: i32) {
        let mv = G::Move::from_bits(tt_move);
        let board = self.pos.board();
        if !board.is_tactical(mv) {
            let pt = piece_to(board, mv);
            let threat = move_threat(board, mv, board.threats());
            let prev = self.prev_piece_to(ply);
            self.update_quiet(ply, (pt, threat), prev, history::bonus(depth));
        }
    }

    /// Moves the histories of the quiet move (`piece_to`, threat index) at `ply` by `bonus`:
    /// its piece-to and continuation histories, and its low-ply history where that is in use.
    fn update_quiet(&mut self, ply: usize, (pt, threat): (usize, usize), prev: Prev, bonus: i32) {
        self.history.update_quiet(pt, threat, prev, bonus);
        if self.params.low_ply != 0 {
            self.history.update_low_ply(ply, pt, bonus);
        }
    }

    /// At a node that failed low, the opponent's quiet move that led to it gets a history
    /// bonus, `prior_bonus` quarters of a cut's (Stockfish's prior countermove bonus).
    fn reward_prior_move(&mut self, ply: usize, depth: i32) {
        let up = self.stack[ply - 1];
        let Some(pt) = up.piece_to.filter(|_| !up.tactical && self.params.prior_bonus > 0) else {
            return;
        };
        let prev = self.prev_piece_to(ply - 1);
        let bonus = history::bonus(depth) * self.params.prior_bonus / 4;
        self.history.update_quiet(pt, up.threat, prev, bonus);
    }

    fn has_any_move(&self) -> bool {
        self.pos.board().count_legal() > 0
    }

    /// Quiescence search: captures and promotions (every evasion in check), and where `checks`
    /// (its first ply, under the main search) and the game's `qs_checks` ask, quiet checks.
    fn qsearch(&mut self, ctx: &Context, mut alpha: i32, beta: i32, ply: usize, checks: bool) -> i32 {
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
            if !pv_node && cuts(e.bound, score, alpha, beta) {
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
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);

        let mut best;
        let raw = self.static_eval(ctx, key, entry, in_check, tt_pv);
        // The correction histories that correct the main search's evaluation correct the
        // stand-pat too (Stockfish's qsearch does the same).
        let stand_pat = self.corrected(raw, ply);
        if in_check {
            best = -INFINITE;
        } else {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }

        let quiet_checks = checks && self.params.qs_checks != 0;
        let mut picker = MovePicker::<G>::new(PickerContext {
            tt_move,
            killers: [0; 2],
            prev: self.prev_piece_to(ply),
            // Quiet moves come in check (every evasion) and as quiet checks.
            threats: if in_check || quiet_checks {
                self.pos.board().threats()
            } else {
                0
            },
            tactical_only: !in_check,
            quiet_checks,
            cap_hist: self.params.ord_cap_hist,
            low_ply: (ply, 0),
        });
        let mut best_move = 0;
        let mut searched = 0;
        let mut quiet_evasions = 0;
        // Where even winning the exchange's margin cannot lift alpha, only captures that win
        // material are worth searching (Stockfish's qsearch futilityBase test).
        let futile = !in_check && self.params.qs_fp_see != 0 && stand_pat + self.params.delta_margin <= alpha;
        while let Some(mv) = picker.next(self.pos.board(), &self.history) {
            let board = self.pos.board();
            let tactical = board.is_tactical(mv);
            if in_check && !tactical && best > -MATE_BOUND && self.params.qs_evasions < 100 {
                // Past the first few quiet evasions of a position not lost (Stockfish 15's).
                if quiet_evasions >= self.params.qs_evasions {
                    continue;
                }
                quiet_evasions += 1;
            }
            // Not in check, the moves are tactical ones and (at the first ply) quiet checks.
            if !in_check {
                let captured = board.captured_piece(mv);
                // A promotion without a capture is worth searching here only where it gains
                // much (a pawn to a queen, not to a knight or a shogi silver to gold).
                if tactical && captured.is_none() && !board.see_ge(mv, self.params.qs_promotion) {
                    continue;
                }
                // Delta pruning: even winning the piece cannot lift alpha.
                if let Some(c) = captured {
                    let gain = board.eval_terms().see[c.kind as usize];
                    if stand_pat + gain + self.params.delta_margin <= alpha && !board.is_promotion(mv) {
                        continue;
                    }
                }
                // A move that loses material, or where `futile`, one that wins none.
                if !board.see_ge(mv, i32::from(futile)) {
                    continue;
                }
            }
            let pt = piece_to(board, mv);
            self.play(mv, ctx.tt);
            self.stack[ply].piece_to = Some(pt);
            self.stack[ply].tactical = tactical;
            let score = -self.qsearch(ctx, -beta, -alpha, ply + 1, false);
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
        let stored_eval = (raw != NO_EVAL).then_some(raw);
        ctx.tt
            .store(key, best_move, to_tt(best, ply), stored_eval, 0, bound, tt_pv);
        best
    }
}

/// Whether SEE pruning at `depth` keeps `mv`: a tactical move that loses at most
/// `see_tactical` a squared ply, a quiet one at most `see_quiet` a ply, a quiet check at most
/// `see_check` a ply (the check test only where the two quiet thresholds disagree on it).
fn see_keeps<G: Game>(board: &G, mv: G::Move, tactical: bool, depth: i32, p: &Params) -> bool {
    if tactical {
        return board.see_ge(mv, -p.see_tactical * depth * depth);
    }
    let (quiet, check) = (-p.see_quiet * depth, -p.see_check * depth);
    if !board.see_ge(mv, quiet.min(check)) {
        return false;
    }
    if quiet == check || board.see_ge(mv, quiet.max(check)) {
        return true;
    }
    // Only the lower threshold passes: kept where that is the threshold of its kind.
    board.gives_check(mv) == (check < quiet)
}

/// Whether a non-PV node's fail-high score `best` over `beta` is damped (`fh_damp` on, both
/// below the mate range).
fn damps_fail_high(p: &Params, pv_node: bool, best: i32, beta: i32) -> bool {
    p.fh_damp != 0 && !pv_node && best > beta && best.abs() < MATE_BOUND && beta.abs() < MATE_BOUND
}

/// What a node knows when its move loop starts.
struct Node {
    alpha: i32,
    beta: i32,
    depth: i32,
    ply: usize,
    pv_node: bool,
    cut_node: bool,
    in_check: bool,
    improving: bool,
    /// On a principal variation now or when the table's entry was stored.
    tt_pv: bool,
    tt_move: u32,
    /// Whether the table move is tactical.
    tt_tactical: bool,
    /// The table's score, bound and depth, where it has a score.
    tt: Option<(i32, Bound, i32)>,
    /// The move a singular-extension search leaves out (0 for none).
    excluded: u32,
    /// The static evaluation, corrected by the correction histories (`NO_EVAL` in check).
    eval: i32,
}

/// The verdict of a singular-extension test.
enum Singular {
    /// Extend the table move by this many plies (negative: reduce it).
    Extend(i32),
    /// Cut the node off with this score.
    Cut(i32),
}

/// The result of a node's move loop.
enum Searched {
    /// No move was searched.
    None,
    /// The best score and move (0 where no move raised alpha).
    Moves { best: i32, best_move: u32 },
    /// A multi-cut: the node fails high with this score without a move of its own.
    MultiCut(i32),
}

/// Whether a score of `bound` kind decides a node with window (`alpha`, `beta`).
#[inline]
fn cuts(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
        Bound::None => false,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::{Chess, ChessVariant};
    use crate::game::{GameRules, Notation};

    /// A quiet check and a quiet non-check that both lose the queen to the knight on f6: each
    /// is judged by the threshold of its kind.
    #[test]
    fn see_pruning_judges_quiet_checks_by_their_own_threshold() {
        let board = Chess::from_fen(&ChessVariant, "4k3/8/5n2/8/8/8/8/3QK3 w - - 0 1").expect("valid");
        let check = board.parse_move("d1h5").expect("legal");
        let quiet = board.parse_move("d1g4").expect("legal");
        assert!(board.gives_check(check) && !board.gives_check(quiet));
        let keeps = |p: &Params, mv| see_keeps(&board, mv, false, 3, p);

        let default = Params::DEFAULT;
        assert!(!keeps(&default, check) && !keeps(&default, quiet));
        let lenient_checks = Params {
            see_check: 400,
            ..default
        };
        assert!(keeps(&lenient_checks, check) && !keeps(&lenient_checks, quiet));
        let strict_checks = Params {
            see_quiet: 400,
            see_check: 10,
            ..default
        };
        assert!(!keeps(&strict_checks, check) && keeps(&strict_checks, quiet));
    }
}
