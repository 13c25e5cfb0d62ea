//! Move ordering for one node: the transposition-table move first (before any generation), then
//! the generated moves by score: winning captures and promotions (MVV-LVA plus capture
//! history), killers, quiet moves by history, and last the captures that lose material by
//! static exchange evaluation. The first few moves are found by selection (most cut-offs come
//! early); the rest are sorted once.

use super::history::History;
use crate::game::{Game, GameMove, GenKind};

const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// Most moves any game's position can have (the scores buffer's size).
pub const MAX_MOVES: usize = 1024;

/// What the search wants from a node's moves.
pub struct PickerContext {
    /// Transposition-table move bits (0 for none); already validated by the caller.
    pub tt_move: u32,
    pub killers: [u32; 2],
    /// Piece-to indices of the moves one and two plies back.
    pub prev: [Option<usize>; 2],
    /// Only captures and promotions (quiescence, not in check).
    pub tactical_only: bool,
}

enum Stage {
    TtMove,
    Generate,
    Pick,
}

/// Yields a node's legal moves best-first. `next` returns each move once.
pub struct MovePicker<G: Game> {
    ctx: PickerContext,
    stage: Stage,
    moves: G::MoveList,
    scores: arrayvec::ArrayVec<i32, MAX_MOVES>,
    index: usize,
    sorted: bool,
    bad: arrayvec::ArrayVec<G::Move, MAX_MOVES>,
    bad_index: usize,
}

/// Piece-to index of a move: `moved piece index * squares + target square`.
#[inline(always)]
pub fn piece_to<G: Game>(board: &G, mv: G::Move) -> usize {
    let dims = board.dims();
    board.moved_piece(mv).index(dims.piece_kinds as usize) * dims.squares() + board.move_target(mv).index()
}

impl<G: Game> MovePicker<G> {
    pub fn new(ctx: PickerContext) -> MovePicker<G> {
        MovePicker {
            stage: if ctx.tt_move != 0 {
                Stage::TtMove
            } else {
                Stage::Generate
            },
            ctx,
            moves: G::MoveList::default(),
            scores: arrayvec::ArrayVec::new(),
            index: 0,
            sorted: false,
            bad: arrayvec::ArrayVec::new(),
            bad_index: 0,
        }
    }

    /// The next move, or `None` when all have been returned.
    pub fn next(&mut self, board: &G, history: &History) -> Option<G::Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::Generate;
                    return Some(G::Move::from_bits(self.ctx.tt_move));
                }
                Stage::Generate => {
                    let kind = if self.ctx.tactical_only {
                        GenKind::Tactical
                    } else {
                        GenKind::All
                    };
                    board.generate(kind, &mut self.moves);
                    self.score(board, history);
                    self.stage = Stage::Pick;
                }
                Stage::Pick => return self.pick(board),
            }
        }
    }

    fn score(&mut self, board: &G, history: &History) {
        let terms = board.eval_terms();
        self.scores.clear();
        for &mv in self.moves.iter() {
            let bits = mv.to_bits();
            let score = if bits == self.ctx.tt_move {
                i32::MIN
            } else if board.is_tactical(mv) {
                let captured = board.captured_piece(mv).map_or(0, |p| p.kind as usize);
                let victim = board.captured_piece(mv).map_or(0, |_| terms.see[captured]);
                let attacker = terms.see[board.moved_piece(mv).kind as usize].min(2000);
                GOOD_CAPTURE + 8 * victim - attacker / 8 + history.capture_score(piece_to(board, mv), captured) / 16
            } else if bits == self.ctx.killers[0] || bits == self.ctx.killers[1] {
                KILLER + i32::from(bits == self.ctx.killers[0])
            } else {
                history.quiet_score(piece_to(board, mv), self.ctx.prev)
            };
            self.scores.push(score);
        }
    }

    fn pick(&mut self, board: &G) -> Option<G::Move> {
        loop {
            if self.index >= self.moves.len() {
                // Last, the captures that lose material.
                let mv = self.bad.get(self.bad_index).copied();
                self.bad_index += 1;
                return mv;
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
            if score >= GOOD_CAPTURE && !board.see_ge(mv, 0) {
                self.bad.push(mv);
                continue;
            }
            return Some(mv);
        }
    }

    /// Sorts the moves not yet returned by score, best first, in place and stably (equal scores
    /// keep their generation order): an insertion sort over the two parallel arrays, as
    /// Stockfish's `partial_insertion_sort` (a node has a few dozen moves; a sort through a
    /// temporary buffer spent more time copying it than sorting).
    fn sort_rest(&mut self) {
        let (scores, moves) = (&mut self.scores[self.index..], &mut self.moves[self.index..]);
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

    /// Whether the last move returned was a capture that loses material by SEE.
    pub fn last_was_bad_capture(&self) -> bool {
        self.bad_index > 0
    }
}
