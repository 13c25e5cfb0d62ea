//! How a game ended, seen from one side.

/// A finished game's result from the point of view of the side to move in the final position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side to move has won (e.g. the opponent gave perpetual check in shogi).
    Win,
    /// The side to move has lost (checkmated, or its king was captured or blown up in a variant).
    Loss,
    /// Drawn (stalemate in chess, repetition, n-move rule, insufficient material).
    Draw,
}

impl Outcome {
    /// The same result seen from the other side.
    pub const fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}
