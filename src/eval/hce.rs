//! Hand-crafted evaluation: material plus tapered piece-square tables, both supplied by the game
//! ([`crate::game::EvalTerms`]), plus hand pieces, the game's own extra terms
//! ([`crate::game::EvalKnowledge::eval_extra`]) and a tempo bonus. Generic over every game.

use super::Evaluator;
use crate::game::Tapered;
use crate::game::{Game, Position};

/// The hand-crafted evaluator. Stateless: each call sums the game's terms from scratch.
#[derive(Clone, Copy, Default, Debug)]
pub struct Hce;

/// The hand-crafted evaluation of `board`, in centipawns for the side to move.
pub fn evaluate<G: Game>(board: &G) -> i32 {
    let terms = board.eval_terms();
    let mut score = [Tapered::default(); 2];
    let mut phase = 0;
    board.for_each_piece(|piece, sq| {
        let c = piece.color.index();
        let t = terms.psqt(c, piece.kind as usize, sq.index());
        score[c].mg += t.mg;
        score[c].eg += t.eg;
        phase += terms.phase[piece.kind as usize];
    });
    for (kind, value) in terms.hand.iter().enumerate() {
        for color in crate::core::Color::ALL {
            let n = board.hand_count(color, kind as u8) as i32;
            score[color.index()].mg += n * value.mg;
            score[color.index()].eg += n * value.eg;
        }
    }
    let phase = phase.min(terms.max_phase);
    let extra = board.eval_extra();
    let mg = score[0].mg - score[1].mg + extra.mg;
    let eg = score[0].eg - score[1].eg + extra.eg;
    let white = if terms.max_phase > 0 {
        (mg * phase + eg * (terms.max_phase - phase)) / terms.max_phase
    } else {
        eg
    };
    white * board.side_to_move().sign() + terms.tempo
}

impl<G: Game> Evaluator<G> for Hce {
    fn reset(&mut self, _: &Position<G>) {}
    #[inline]
    fn play(&mut self, pos: &mut Position<G>, mv: G::Move) {
        pos.play(mv);
    }
    #[inline]
    fn play_null(&mut self, pos: &mut Position<G>) -> bool {
        pos.play_null()
    }
    #[inline]
    fn undo(&mut self, pos: &mut Position<G>) {
        pos.undo();
    }
    fn evaluate(&mut self, pos: &Position<G>) -> i32 {
        evaluate(pos.board())
    }
}
