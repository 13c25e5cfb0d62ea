//! Evaluation: the [`Evaluator`] trait the search calls, and the hand-crafted evaluation
//! ([`hce::Hce`]) that is the fallback when no net matches and the teacher of the first nets.

pub mod hce;

use crate::game::{Game, Position};

/// A static evaluation of positions of `G`, in centipawns from the side to move's point of view.
/// The search makes and takes back moves through it, so incremental evaluators (NNUE
/// accumulators) follow along: the game writes what a move changed ([`crate::game::Dirty`])
/// straight into the evaluator's slot for that ply, once, as Stockfish's accumulator stack hands
/// make-move the entry to fill. `evaluate` may then update lazily.
pub trait Evaluator<G: Game>: Clone + Send {
    /// Starts from `pos` (new search or new position): drop all incremental state.
    fn reset(&mut self, pos: &Position<G>);
    /// Plays the legal move `mv` on `pos` and follows it.
    fn play(&mut self, pos: &mut Position<G>, mv: G::Move);
    /// Plays a null move on `pos` and follows it; `false` (nothing changed) where the game
    /// forbids one ([`crate::game::GameRules::play_null`]).
    fn play_null(&mut self, pos: &mut Position<G>) -> bool;
    /// Takes back the last move or null move played through [`Evaluator::play`] or
    /// [`Evaluator::play_null`].
    fn undo(&mut self, pos: &mut Position<G>);
    /// The evaluation of `pos`, the position after the last move played.
    fn evaluate(&mut self, pos: &Position<G>) -> i32;
}
