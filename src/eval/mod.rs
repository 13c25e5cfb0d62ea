//! Evaluation: the [`Evaluator`] trait the search calls, and the hand-crafted evaluation
//! ([`hce::Hce`]) that is the fallback when no net matches and the teacher of the first nets.

pub mod hce;

use crate::game::{Game, Position};

/// A static evaluation of positions of `G`, in centipawns from the side to move's point of view.
/// The search tells it about every move and take-back so incremental evaluators (NNUE
/// accumulators) can follow along; `evaluate` may then update lazily.
pub trait Evaluator<G: Game>: Clone + Send {
    /// Starts from `pos` (new search or new position): drop all incremental state.
    fn reset(&mut self, pos: &Position<G>);
    /// `pos` has just had a move or null move played (`pos.dirty(0)` says what changed).
    fn push(&mut self, pos: &Position<G>);
    /// The last move has been taken back.
    fn pop(&mut self);
    /// The evaluation of `pos`, the position after the last `push`.
    fn evaluate(&mut self, pos: &Position<G>) -> i32;
}
