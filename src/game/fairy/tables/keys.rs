//! Zobrist keys sized for a variant ([`Keys`]).

use crate::core::zobrist::splitmix64;

/// Zobrist keys sized for the variant.
#[derive(Clone, Debug)]
pub struct Keys {
    /// `piece[(color * kinds + kind) * squares + square]`.
    pub piece: Vec<u64>,
    /// Key of the second player to move.
    pub side: u64,
    /// Per castling right (white kingside, white queenside, black kingside, black queenside).
    pub castling: [u64; 4],
    /// Per file of the en-passant square.
    pub ep: Vec<u64>,
    /// Per color and checks remaining (0..=15).
    pub checks: [[u64; 16]; 2],
    /// Per square holding a first-move right.
    pub rights: Vec<u64>,
    /// Hand counts: `hand[((color * kinds + kind) * (piece_limit + 1)) + count]`.
    pub hand: Vec<u64>,
    /// Per square holding a wall (`*` in FEN).
    pub wall: Vec<u64>,
}

impl Keys {
    /// The keys of a board of `squares` squares, `files` wide, with `kinds` kinds per color, and
    /// for hands holding up to `hand_limit` pieces of a kind where the variant has hands (none
    /// otherwise). Drawn by SplitMix64 from a seed of the board's size, so a variant's keys are
    /// the same in every run (positions' keys may be compared across processes).
    pub(super) fn new(squares: usize, kinds: usize, files: u8, hand_limit: Option<usize>) -> Keys {
        let mut seed = 0x6E75_6566_6169_7279 ^ squares as u64 ^ (kinds as u64) << 8;
        let seed = &mut seed;
        let draw = |seed: &mut u64, n: usize| (0..n).map(|_| splitmix64(seed)).collect::<Vec<u64>>();
        let piece = draw(seed, 2 * kinds * squares);
        let side = splitmix64(seed);
        let castling = std::array::from_fn(|_| splitmix64(seed));
        let ep = draw(seed, usize::from(files));
        let checks = std::array::from_fn(|_| std::array::from_fn(|_| splitmix64(seed)));
        let rights = draw(seed, squares);
        let hand = hand_limit.map_or_else(Vec::new, |limit| draw(seed, 2 * kinds * (limit + 1)));
        let wall = draw(seed, squares);
        Keys {
            piece,
            side,
            castling,
            ep,
            checks,
            rights,
            hand,
            wall,
        }
    }
}
