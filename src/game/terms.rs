//! The evaluation terms a game hands to the hand-crafted evaluation: material and
//! piece-square values in two game phases, phase weights, and hand-piece values.

/// A (middlegame, endgame) pair of centipawn values, interpolated by game phase ("tapered
/// evaluation", chessprogramming wiki).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tapered {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

impl Tapered {
    /// A pair of middlegame and endgame values.
    pub const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered { mg, eg }
    }
}

/// Evaluation terms of a game, in centipawns. Piece-square values include material and are
/// stored per color, so the evaluator never mirrors squares itself.
#[derive(Clone, Debug)]
pub struct EvalTerms {
    /// Piece kinds per color and squares per board (the table shape).
    pub kinds: usize,
    /// Squares per board.
    pub squares: usize,
    /// `psqt[(color * kinds + kind) * squares + square]`: material plus placement, from that
    /// color's point of view (positive is good for the piece's owner).
    pub psqt: Vec<Tapered>,
    /// Phase weight per kind; the phase is the sum over pieces on the board, capped at
    /// `max_phase` (the start position's sum).
    pub phase: Vec<i32>,
    /// The phase of the start position (full middlegame).
    pub max_phase: i32,
    /// Value of each hand kind's pieces in hand (games with drops).
    pub hand: Vec<Tapered>,
    /// Typical exchange value per kind, for move ordering and static exchange evaluation.
    pub see: Vec<i32>,
    /// Bonus for the side to move.
    pub tempo: i32,
}

impl EvalTerms {
    /// The piece-square value of `kind` of `color` on `square`.
    #[inline(always)]
    pub fn psqt(&self, color: usize, kind: usize, square: usize) -> Tapered {
        self.psqt[(color * self.kinds + kind) * self.squares + square]
    }
}
