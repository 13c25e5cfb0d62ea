//! Move ordering for one node: the transposition-table move first (before any generation), then
//! the tactical moves (generated next) by score: winning captures and promotions (MVV-LVA plus
//! capture history); then the quiet moves (generated only now): killers, the rest by history;
//! and last the captures that lose material by static exchange evaluation. Within a stage the
//! first few moves are found by selection (most cut-offs come early); the rest are sorted once.

use super::history::{self, History};
use crate::game::{Game, GameMove, GenKind, MoveList};

const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// What the search wants from a node's moves.
pub struct PickerContext {
    /// Transposition-table move bits (0 for none); already validated by the caller.
    pub tt_move: u32,
    pub killers: [u32; 2],
    /// Piece-to indices of the moves 1, 2 and 4 plies back.
    pub prev: super::history::Prev,
    /// The squares the opponent attacks ([`crate::game::EvalKnowledge::threats`]), for the
    /// quiet moves' history; 0 where no quiet move is scored.
    pub threats: u128,
    /// Only captures and promotions (quiescence, not in check). Captures that lose material
    /// are then not set apart: quiescence tests each move's exchange itself, after its cheaper
    /// delta pruning, and skips the losing ones.
    pub tactical_only: bool,
    /// With `tactical_only`: the quiet moves that give check too, after the tactical ones
    /// (quiescence's first ply, as in Stockfish before version 17 and in Fairy-Stockfish).
    pub quiet_checks: bool,
    /// Weight of a capture's history in its score, 1/1024 (the search table's `ord_cap_hist`).
    pub cap_hist: i32,
    /// The node's ply and the weight of the low-ply history in a quiet move's score at it, over
    /// `1 + 2 * ply` (the search table's `low_ply`; 0: unused).
    pub low_ply: (usize, i32),
}

enum Stage {
    TtMove,
    GenerateTactical,
    Tactical,
    GenerateQuiet,
    Quiet,
    Bad,
}

/// Yields a node's legal moves best-first. `next` returns each move once.
pub struct MovePicker<G: Game> {
    ctx: PickerContext,
    stage: Stage,
    /// The current stage's moves (tactical, then quiet) and their scores.
    moves: G::MoveList,
    scores: G::ScoreList,
    index: usize,
    sorted: bool,
    bad: G::MoveList,
    bad_index: usize,
    quiets: Quiets,
}

/// Which quiet moves are still wanted.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Quiets {
    All,
    /// Only those that give check: the rest are to be dropped before the next pick.
    ChecksOnly,
    /// Only those that give check, the rest dropped.
    Checks,
    None,
}

/// Piece-to index of a move: `moved piece index * squares + target square`.
#[inline(always)]
pub fn piece_to<G: Game>(board: &G, mv: G::Move) -> usize {
    let dims = board.dims();
    board.moved_piece(mv).index(dims.piece_kinds as usize) * dims.squares() + board.move_target(mv).index()
}

/// The [`history::threat_index`] of a move, under the opponent's attacks `threats`.
#[inline(always)]
pub fn move_threat<G: Game>(board: &G, mv: G::Move, threats: u128) -> usize {
    if threats == 0 {
        return 0;
    }
    history::threat_index(
        threats,
        board.move_origin(mv).map(|s| s.index()),
        board.move_target(mv).index(),
    )
}

impl<G: Game> MovePicker<G> {
    pub fn new(ctx: PickerContext) -> MovePicker<G> {
        let quiets = if ctx.tactical_only && ctx.quiet_checks {
            Quiets::ChecksOnly
        } else {
            Quiets::All
        };
        MovePicker {
            stage: if ctx.tt_move != 0 {
                Stage::TtMove
            } else {
                Stage::GenerateTactical
            },
            ctx,
            moves: G::MoveList::default(),
            scores: G::ScoreList::default(),
            index: 0,
            sorted: false,
            bad: G::MoveList::default(),
            bad_index: 0,
            quiets,
        }
    }

    /// Returns no more quiet moves (the search's late-move pruning has begun where it prunes
    /// every quiet move): what is left is the captures that lose material.
    pub fn skip_quiets(&mut self) {
        self.quiets = Quiets::None;
    }

    /// Returns only the quiet moves that give check from now on, still by score (late-move
    /// pruning has begun where it spares checks): the others are dropped at once, unsorted.
    pub fn quiet_checks_only(&mut self) {
        if self.quiets == Quiets::All {
            self.quiets = Quiets::ChecksOnly;
        }
    }

    /// Drops the current stage's moves not yet returned that do not give check, keeping the
    /// order of the rest.
    fn keep_checks(&mut self, board: &G) {
        let mut kept = self.index;
        for i in self.index..self.moves.len() {
            if board.gives_check(self.moves[i]) {
                self.moves[kept] = self.moves[i];
                self.scores[kept] = self.scores[i];
                kept += 1;
            }
        }
        self.moves.truncate(kept);
        self.scores.truncate(kept);
    }

    /// The next move, or `None` when all have been returned. The quiet moves are generated
    /// only once every winning tactical move has been returned (staged generation, as in
    /// Stockfish's `MovePicker`): a cut-off by a capture saves generating and scoring them.
    pub fn next(&mut self, board: &G, history: &History) -> Option<G::Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateTactical;
                    return Some(G::Move::from_bits(self.ctx.tt_move));
                }
                Stage::GenerateTactical => {
                    self.generate(board, history, GenKind::Tactical);
                    self.stage = Stage::Tactical;
                }
                Stage::Tactical => match self.pick(board) {
                    Some(mv) => return Some(mv),
                    None if self.ctx.tactical_only && !self.ctx.quiet_checks => return None,
                    None => self.stage = Stage::GenerateQuiet,
                },
                Stage::GenerateQuiet if self.quiets == Quiets::None => self.stage = Stage::Bad,
                Stage::GenerateQuiet => {
                    self.generate(board, history, GenKind::Quiet);
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet if self.quiets == Quiets::None => self.stage = Stage::Bad,
                Stage::Quiet if self.quiets == Quiets::ChecksOnly => {
                    self.keep_checks(board);
                    self.quiets = Quiets::Checks;
                }
                Stage::Quiet => match self.pick(board) {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Bad,
                },
                Stage::Bad => {
                    // Last, the captures that lose material.
                    let mv = self.bad.get(self.bad_index).copied();
                    self.bad_index += 1;
                    return mv;
                }
            }
        }
    }

    /// Generates and scores the moves of one stage (of the quiet ones, only the checks where
    /// only they are wanted: the others are not scored).
    fn generate(&mut self, board: &G, history: &History, kind: GenKind) {
        self.moves.clear();
        board.generate(kind, &mut self.moves);
        if kind == GenKind::Quiet && self.quiets == Quiets::ChecksOnly {
            self.moves.retain(|mv| board.gives_check(*mv));
            self.quiets = Quiets::Checks;
        }
        self.index = 0;
        self.sorted = false;
        self.score(board, history, kind);
    }

    /// Scores the current stage's moves: the tactical ones by victim, attacker and capture
    /// history, the quiet ones as killers or by history.
    fn score(&mut self, board: &G, history: &History, kind: GenKind) {
        self.scores.clear();
        if kind == GenKind::Tactical {
            self.score_tactical(board, history);
        } else {
            self.score_quiet(board, history);
        }
    }

    fn score_tactical(&mut self, board: &G, history: &History) {
        let terms = board.eval_terms();
        for &mv in self.moves.iter() {
            let score = if mv.to_bits() == self.ctx.tt_move {
                i32::MIN
            } else {
                let captured = board.captured_piece(mv).map_or(0, |p| p.kind as usize);
                let victim = board.captured_piece(mv).map_or(0, |_| terms.see[captured]);
                let attacker = terms.see[board.moved_piece(mv).kind as usize].min(2000);
                let cap_hist = history.capture_score(piece_to(board, mv), captured) * self.ctx.cap_hist / 1024;
                GOOD_CAPTURE + 8 * victim - attacker / 8 + cap_hist
            };
            self.scores.push(score);
        }
    }

    fn score_quiet(&mut self, board: &G, history: &History) {
        let rows = history.cont_rows(self.ctx.prev);
        let [killer, killer2] = self.ctx.killers;
        let (ply, weight) = self.ctx.low_ply;
        for &mv in self.moves.iter() {
            let bits = mv.to_bits();
            let score = if bits == self.ctx.tt_move {
                i32::MIN
            } else if bits == killer || bits == killer2 {
                KILLER + i32::from(bits == killer)
            } else {
                let (threat, pt) = (move_threat(board, mv, self.ctx.threats), piece_to(board, mv));
                let low_ply = if weight != 0 {
                    history.low_ply_score(ply, pt) * weight / (1 + 2 * ply as i32)
                } else {
                    0
                };
                history.quiet_score_in(rows, pt, threat) + low_ply
            };
            self.scores.push(score);
        }
    }

    /// The current stage's next move by score, or `None` when the stage is done.
    fn pick(&mut self, board: &G) -> Option<G::Move> {
        loop {
            if self.index >= self.moves.len() {
                return None;
            }
            // The first few moves (where cut-offs happen) by selection; then one sort.
            if !self.sorted && self.index >= 3 {
                self.sort_rest();
                self.sorted = true;
            }
            let best = if self.sorted {
                self.index
            } else {
                let (offset, _) = self.scores[self.index..]
                    .iter()
                    .enumerate()
                    .fold((0, i32::MIN), |acc, (i, &s)| if s > acc.1 { (i, s) } else { acc });
                self.index + offset
            };
            let (mv, score) = (self.moves[best], self.scores[best]);
            self.moves.swap(self.index, best);
            self.scores.swap(self.index, best);
            self.index += 1;
            if score == i32::MIN {
                // The transposition-table move, already tried.
                continue;
            }
            if score >= GOOD_CAPTURE && !self.ctx.tactical_only && !board.see_ge(mv, 0) {
                self.bad.push(mv);
                continue;
            }
            return Some(mv);
        }
    }

    /// Sorts the moves not yet returned by score, best first, in place and stably (equal scores
    /// keep their generation order).
    fn sort_rest(&mut self) {
        let (scores, moves) = (&mut self.scores[self.index..], &mut self.moves[self.index..]);
        if (KEY_SORT_MIN..=KEY_SORT_MAX).contains(&scores.len()) {
            key_sort(scores, moves);
        } else {
            insertion_sort(scores, moves);
        }
    }
}

/// Shortest list sorted by [`key_sort`]: chess nodes rarely have more quiet moves, drop games
/// (100 and more) often do.
const KEY_SORT_MIN: usize = 64;
/// Longest list sorted by [`key_sort`] (its buffers live on the stack).
const KEY_SORT_MAX: usize = 1024;

/// Sorts `moves` by `scores`, best first, stably, in place: an insertion sort over the two
/// parallel arrays, as Stockfish's `partial_insertion_sort` (a node has a few dozen moves; a
/// sort through a temporary buffer spent more time copying it than sorting).
fn insertion_sort<M: Copy>(scores: &mut [i32], moves: &mut [M]) {
    for i in 1..scores.len() {
        let (score, mv) = (scores[i], moves[i]);
        let mut j = i;
        while j > 0 && scores[j - 1] < score {
            scores[j] = scores[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        scores[j] = score;
        moves[j] = mv;
    }
}

/// The order of [`insertion_sort`] in O(n log n), for long lists (at most `KEY_SORT_MAX`):
/// each move becomes one `u64` key, its score flipped so that the best sorts first above its
/// index so that ties keep their order, and the keys are sorted as plain integers. Never
/// inlined: its 12 KiB of stack buffers would otherwise be set up (four stack pages probed) on
/// every call of [`MovePicker::pick`], where few lists are long enough to need them.
#[inline(never)]
fn key_sort<M: Copy>(scores: &mut [i32], moves: &mut [M]) {
    // `score as u32 ^ SIGN` keeps the order of the signed scores; `!` reverses it.
    const SIGN: u32 = 1 << 31;
    let mut keys: arrayvec::ArrayVec<u64, KEY_SORT_MAX> = scores
        .iter()
        .enumerate()
        .map(|(i, &s)| (u64::from(!(s as u32 ^ SIGN)) << 32) | i as u64)
        .collect();
    keys.sort_unstable();
    let old: arrayvec::ArrayVec<M, KEY_SORT_MAX> = moves.iter().copied().collect();
    for ((key, score), mv) in keys.iter().zip(scores.iter_mut()).zip(moves.iter_mut()) {
        *score = (!((key >> 32) as u32) ^ SIGN) as i32;
        *mv = old[*key as u32 as usize];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::{Chess, ChessVariant};
    use crate::game::{EvalKnowledge, GameRules, Notation};
    use crate::search::params::Params;

    const FENS: &[&str] = &[
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/3q4/8/2N5/3R4/4K3 w - - 0 1",
    ];

    fn context(board: &Chess, tt_move: u32) -> PickerContext {
        let mut quiet = arrayvec::ArrayVec::<_, 256>::new();
        board.generate(GenKind::Quiet, &mut quiet);
        PickerContext {
            tt_move,
            killers: [quiet.last().map_or(0, |m| m.to_bits()), 0],
            prev: [None; 3],
            threats: board.threats(),
            tactical_only: false,
            quiet_checks: false,
            cap_hist: Params::DEFAULT.ord_cap_hist,
            low_ply: (0, 0),
        }
    }

    /// The key sort orders as the insertion sort does, ties included, at every length it takes
    /// and past the insertion sort's own (scores from a small range, so most have ties; the
    /// extremes of `i32` included).
    #[test]
    fn key_sort_is_the_insertion_sort() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in [1, 2, 63, KEY_SORT_MIN, 200, 600, KEY_SORT_MAX] {
            let mut scores: Vec<i32> = (0..len).map(|_| (next() % 41) as i32 - 20).collect();
            scores[0] = i32::MIN;
            scores[len / 2] = i32::MAX;
            let moves: Vec<u32> = (0..len as u32).collect();
            let (mut s1, mut m1) = (scores.clone(), moves.clone());
            let (mut s2, mut m2) = (scores, moves);
            insertion_sort(&mut s1, &mut m1);
            key_sort(&mut s2, &mut m2);
            assert_eq!(m1, m2, "length {len}");
            assert_eq!(s1, s2, "length {len}");
            assert!(s1.windows(2).all(|w| w[0] >= w[1]));
        }
    }

    /// Every legal move exactly once (the table move first), the winning tactical moves before
    /// the quiet ones.
    #[test]
    fn every_move_once_tactical_first() {
        let history = History::new(Chess::start(&ChessVariant).dims());
        for fen in FENS {
            let board = Chess::from_fen(&ChessVariant, fen).expect("valid");
            let mut all = arrayvec::ArrayVec::<_, 256>::new();
            board.generate(GenKind::All, &mut all);
            let tt = all[all.len() / 2];
            let seen = drain(&board, &history, context(&board, tt.to_bits()));
            assert_eq!(seen[0], tt, "{fen}");
            assert_eq!(seen.len(), all.len(), "{fen}: {seen:?}");
            assert!(all.iter().all(|m| seen.contains(m)), "{fen}");
            let first_quiet = seen[1..]
                .iter()
                .position(|&m| !board.is_tactical(m))
                .map_or(seen.len(), |i| i + 1);
            assert!(
                seen[first_quiet..]
                    .iter()
                    .skip_while(|&&m| !board.is_tactical(m))
                    .all(|&m| board.is_tactical(m) && !board.see_ge(m, 0)),
                "{fen}: after the quiet moves, only losing captures"
            );
        }
    }

    /// After `quiet_checks_only`, the quiet moves returned all give check, and every checking
    /// quiet move still comes; after `skip_quiets`, no quiet move comes.
    #[test]
    fn late_quiet_moves_filtered() {
        let history = History::new(Chess::start(&ChessVariant).dims());
        let mut late_checks = 0;
        for fen in FENS {
            let board = Chess::from_fen(&ChessVariant, fen).expect("valid");
            let mut quiet = arrayvec::ArrayVec::<_, 256>::new();
            board.generate(GenKind::Quiet, &mut quiet);
            for skip in [false, true] {
                let mut picker = MovePicker::<Chess>::new(context(&board, 0));
                let mut before = Vec::new();
                let mut after = Vec::new();
                while let Some(mv) = picker.next(&board, &history) {
                    if board.is_tactical(mv) {
                        continue;
                    }
                    if before.len() < 2 {
                        before.push(mv);
                        if before.len() == 2 {
                            if skip {
                                picker.skip_quiets();
                            } else {
                                picker.quiet_checks_only();
                            }
                        }
                    } else {
                        after.push(mv);
                    }
                }
                let checks: Vec<_> = quiet
                    .iter()
                    .filter(|m| !before.contains(m) && board.gives_check(**m))
                    .copied()
                    .collect();
                if skip {
                    assert!(after.is_empty(), "{fen}: {after:?}");
                } else {
                    assert!(after.iter().all(|&m| board.gives_check(m)), "{fen}");
                    assert_eq!(after.len(), checks.len(), "{fen}: {}", board.to_fen());
                    late_checks += after.len();
                }
            }
        }
        assert!(late_checks > 0, "no position had a late quiet check");
    }

    /// Quiescence's first ply with quiet checks: the tactical moves (none set apart as losing),
    /// then exactly the quiet moves that give check, each once.
    #[test]
    fn tactical_then_quiet_checks() {
        let history = History::new(Chess::start(&ChessVariant).dims());
        let mut quiet_checks = 0;
        for fen in FENS {
            let board = Chess::from_fen(&ChessVariant, fen).expect("valid");
            let mut all = arrayvec::ArrayVec::<_, 256>::new();
            board.generate(GenKind::All, &mut all);
            let ctx = PickerContext {
                tactical_only: true,
                quiet_checks: true,
                ..context(&board, 0)
            };
            let seen = drain(&board, &history, ctx);
            let tactical = seen.iter().take_while(|&&m| board.is_tactical(m)).count();
            let wanted = |m: &&_| board.is_tactical(**m) || board.gives_check(**m);
            assert_eq!(tactical, all.iter().filter(|m| board.is_tactical(**m)).count(), "{fen}");
            assert!(
                seen[tactical..]
                    .iter()
                    .all(|&m| !board.is_tactical(m) && board.gives_check(m)),
                "{fen}"
            );
            assert_eq!(seen.len(), all.iter().filter(wanted).count(), "{fen}");
            assert!(all.iter().filter(wanted).all(|m| seen.contains(m)), "{fen}");
            quiet_checks += seen.len() - tactical;
        }
        assert!(quiet_checks > 0, "no position had a quiet check");
    }

    /// The moves `picker` returns, in order.
    fn drain(board: &Chess, history: &History, ctx: PickerContext) -> Vec<<Chess as GameRules>::Move> {
        let mut picker = MovePicker::<Chess>::new(ctx);
        std::iter::from_fn(|| picker.next(board, history)).collect()
    }

    /// A capture's history outweighs a victim worth more only as far as `cap_hist` lets it:
    /// rook takes pawn, rewarded by history, against knight takes knight.
    #[test]
    fn capture_history_weight_decides_against_the_victims_value() {
        let board = Chess::from_fen(&ChessVariant, "4k3/8/3p4/8/8/2n5/3R4/1N2K3 w - - 0 1").expect("valid");
        let find = |text: &str| board.parse_move(text).expect("legal");
        let (rook_takes_pawn, knight_takes_knight) = (find("d2d6"), find("b1c3"));
        let mut history = History::new(board.dims());
        let pawn = board.captured_piece(rook_takes_pawn).expect("a capture").kind as usize;
        for _ in 0..100 {
            history.update_capture(piece_to(&board, rook_takes_pawn), pawn, 1600);
        }
        let first = |weight: i32| {
            drain(
                &board,
                &history,
                PickerContext {
                    cap_hist: weight,
                    ..context(&board, 0)
                },
            )[0]
        };
        assert_eq!(first(0), knight_takes_knight);
        assert_eq!(first(Params::DEFAULT.ord_cap_hist), knight_takes_knight);
        assert_eq!(first(512), rook_takes_pawn);
    }

    /// A quiet move's low-ply history orders it first at its own ply while the weight is on,
    /// and nowhere past the low plies nor after it is cleared.
    #[test]
    fn low_ply_history_orders_the_plies_near_the_root() {
        let board = Chess::from_fen(&ChessVariant, crate::game::chess::START_FEN).expect("valid");
        let find = |text: &str| board.parse_move(text).expect("legal");
        let (pawn_push, knight_out) = (find("a2a3"), find("g1f3"));
        let mut history = History::new(board.dims());
        history.update_quiet(piece_to(&board, knight_out), 0, [None; 3], 1000);
        for _ in 0..100 {
            history.update_low_ply(1, piece_to(&board, pawn_push), 1600);
        }
        let first = |history: &History, low_ply: (usize, i32)| {
            let ctx = PickerContext {
                killers: [0; 2],
                low_ply,
                ..context(&board, 0)
            };
            drain(&board, history, ctx)[0]
        };
        assert_eq!(first(&history, (1, 4)), pawn_push);
        assert_eq!(first(&history, (1, 0)), knight_out);
        assert_eq!(first(&history, (2, 4)), knight_out, "another ply's history");
        history.update_low_ply(history::LOW_PLIES, piece_to(&board, pawn_push), 1600);
        assert_eq!(
            first(&history, (history::LOW_PLIES, 4)),
            knight_out,
            "past the low plies"
        );
        history.clear_low_ply();
        assert_eq!(first(&history, (1, 4)), knight_out);
    }
}
