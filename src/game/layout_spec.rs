//! [`LayoutSpec`]: the facts about a game's rules that a network's input layout is derived from
//! (board shape, piece kinds, the royal piece and where it may stand, hand sizes, symmetry).
//! The game answers them from its variant alone; `nnue::FeatureLayout` turns them into feature
//! indices. They live here, beside the rules, so the game never reaches up into the NNUE.

use crate::core::Square;

/// How the second player's view of the board is made from the first player's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum OpponentView {
    /// Rank `r` becomes `ranks - 1 - r` (chess, xiangqi).
    FlipRanks,
    /// Square `s` becomes `squares - 1 - s` (shogi).
    Rotate180,
    /// Squares stay as they are: both sides play toward the same goal, so swapping the colors
    /// alone keeps a position's value (racing kings, where both kings race to the eighth rank;
    /// flipping its ranks would show a king about to win as a king at its start).
    Same,
}

/// What a game tells the NNUE about its rules.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct LayoutSpec {
    /// Variant name; part of the layout hash.
    pub variant: String,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Piece kinds per color (the game's numbering).
    pub piece_kinds: u8,
    /// The kind of the unique royal piece (the king), if there is one.
    pub royal: Option<u8>,
    /// Squares (first player's view) the royal piece may stand on; empty means every square.
    pub royal_region: Vec<Square>,
    /// Most pieces of each hand kind one side can hold (empty for games without drops).
    pub hand_max: Vec<u8>,
    /// How the second player's view is made.
    pub view: OpponentView,
    /// Whether the rules are left-right symmetric (mirroring by king file is allowed).
    pub mirror: bool,
    /// Requested king buckets (0 = the NNUE layout's `DEFAULT_KING_BUCKETS`).
    pub king_buckets: u8,
    /// Most pieces on the board at once (sizes the output buckets).
    pub max_pieces: u16,
    /// Per kind, its FEN token in lower case (`"p"`, `"+p"` for a promoted form): how nets of
    /// different variants are matched piece by piece when one starts another's training. Not
    /// part of the layout hash (the kinds' count and order already are).
    pub pieces: Vec<String>,
    /// Per kind, its exchange value in centipawns (the evaluation's SEE value; a royal piece's
    /// is 20,000 or more): a warm start gives a piece whose letter the init net lacks the rows
    /// of that net's piece nearest in value. Not part of the layout hash.
    pub values: Vec<i32>,
}
