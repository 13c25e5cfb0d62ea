//! The [`Game`] trait every game implements (native chess, native shogi, TOML fairy variants),
//! [`Position`] (the undo stack, key history and repetition rules shared by all of them), and
//! perft.
//!
//! The search, the evaluators and the protocols only ever see a `G: Game` (or one of its three
//! parts, [`GameRules`], [`Notation`], [`EvalKnowledge`]); nothing outside a game's own module
//! names a game.

pub mod chess;
mod dirty;
pub mod fairy;
mod layout_spec;
mod movelist;
pub mod perft;
mod position;
pub mod san;
pub mod see;
pub mod shogi;
mod terms;
mod wxf;

pub use dirty::{Dirty, HandChange, PieceOn};
pub use layout_spec::{LayoutSpec, OpponentView};
pub use movelist::{MoveList, SpillList};
pub use position::{Position, RepetitionRules};
pub use san::Style;
pub use terms::{EvalTerms, Tapered};

/// The game traits in one import, for code that works with concrete games (tests, tools):
/// `use nue::game::prelude::*;`.
pub mod prelude {
    pub use super::{EvalKnowledge, Game, GameMove, GameRules, Notation};
}

use crate::core::{Color, MoveError, Outcome, PositionError, Square};
use std::fmt::Debug;

/// Which moves [`GameRules::generate`] produces. `Tactical` and `Quiet` partition `All`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenKind {
    /// Every legal move.
    All,
    /// Legal captures and promotions (what quiescence search looks at).
    Tactical,
    /// Every legal move that is not tactical.
    Quiet,
}

/// A piece: a color and a kind index, `kind < Dims::piece_kinds`. Kinds are the game's own
/// numbering (chess: pawn, knight, bishop, rook, queen, king).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The kind, in the game's numbering.
    pub kind: u8,
}

impl Piece {
    /// A piece of `kind` owned by `color`.
    pub const fn new(color: Color, kind: u8) -> Piece {
        Piece { color, kind }
    }

    /// Dense index `color * kinds + kind` in `0..2 * kinds`, for history and feature tables.
    #[inline(always)]
    pub const fn index(self, kinds: usize) -> usize {
        self.color.index() * kinds + self.kind as usize
    }
}

/// Sizes a game's tables are built from, known only at run time for fairy variants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dims {
    /// Board width (files) and height (ranks).
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Piece kinds per color, promoted forms included.
    pub piece_kinds: u8,
    /// Kinds that can be held in hand (0 for games without drops).
    pub hand_kinds: u8,
}

impl Dims {
    /// Number of squares, `files * ranks`.
    #[inline]
    pub const fn squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Number of distinct colored pieces, `2 * piece_kinds`.
    #[inline]
    pub const fn pieces(&self) -> usize {
        2 * self.piece_kinds as usize
    }
}

/// A move of some game. It packs into 32 bits so the transposition table and the history tables
/// stay game-agnostic. `Default` is the null move.
pub trait GameMove: Copy + Eq + Default + Debug + Send + Sync + 'static {
    /// The packed form, `0` for the null move.
    fn to_bits(self) -> u32;
    /// Unpacks bits from [`GameMove::to_bits`]. Any bits give some value; whether it is a legal
    /// move is for [`GameRules::is_legal`] to say (transposition-table entries can be stale).
    fn from_bits(bits: u32) -> Self;
    /// Whether this is the null move.
    #[inline]
    fn is_null(self) -> bool {
        self == Self::default()
    }
}
/// A counting rule's running count, in plies (Fairy-Stockfish's `countingLimit` and
/// `countingPly`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The plies the count may run before the side to move can claim a draw.
    pub limit: u16,
    /// The plies counted so far.
    pub ply: u16,
    /// Whether the board's honor count (63 moves) cuts a longer pieces' honor count short: the
    /// Cambodian rule.
    pub board_honor_shortens: bool,
}

impl Count {
    /// Whether the count has passed its limit.
    pub fn run_out(&self) -> bool {
        self.ply > self.limit
    }
}

/// A game's rules and board state: what the search, perft and the NNUE accumulators need to
/// walk the game tree. Implementations are small `Clone` values: [`Position`] keeps one copy per
/// ply (copy-make), so `play` never needs an undo.
///
/// A game implements three traits, each for one kind of user: [`GameRules`] (rules and move
/// generation: search, perft, accumulators), [`Notation`] (FEN and move text: protocols, tests)
/// and [`EvalKnowledge`] (what the evaluators and search heuristics know about the game).
/// [`Game`] is all three, the bound for code that needs the whole game.
pub trait GameRules: Clone + Send + Sync + 'static {
    /// What selects the rules: `()`-like for chess and shogi, the compiled rules for a fairy
    /// variant.
    type Variant: Clone + Send + Sync + 'static;
    /// A move of the game, packed into 32 bits ([`GameMove`]).
    type Move: GameMove;
    /// A list able to hold every legal move of any position of the game.
    type MoveList: MoveList<Self::Move>;
    /// The move picker's scores, one per move of a [`GameRules::MoveList`]: the same capacity,
    /// so that a game with few moves keeps a small picker.
    type ScoreList: MoveList<i32>;

    /// The start position of `variant`.
    fn start(variant: &Self::Variant) -> Self;
    /// Board shape, piece kinds and hand kinds: the sizes of tables kept per game.
    fn dims(&self) -> Dims;
    /// The color to move.
    fn side_to_move(&self) -> Color;
    /// Zobrist key of everything that defines the position for repetition: board, side to move,
    /// castling and en-passant rights, hands, check counters. Maintained incrementally.
    fn hash(&self) -> u64;
    /// The key computed from scratch; equals [`GameRules::hash`] (tests check it).
    fn hash_from_scratch(&self) -> u64;
    /// The zobrist key after `mv`, where the game can tell it before making the move, so the
    /// search can prefetch the child's transposition-table entry earlier (Stockfish's
    /// `key_after`). A hint only: it may leave out rights the move changes (castling, en
    /// passant), and a wrong key costs nothing but the prefetch. `None`: not computed.
    fn key_after(&self, mv: Self::Move) -> Option<u64> {
        let _ = mv;
        None
    }
    /// Whether the side to move is in check (a royal piece attacked).
    fn in_check(&self) -> bool;

    /// Appends the legal moves of `kind` to `out`. Always fully legal: the search never tests
    /// legality after generation.
    fn generate(&self, kind: GenKind, out: &mut Self::MoveList);
    /// The number of legal moves (perft's bulk count at the last ply). Games may count without
    /// building a list.
    fn count_legal(&self) -> u64 {
        let mut list = Self::MoveList::default();
        self.generate(GenKind::All, &mut list);
        list.len() as u64
    }
    /// Whether `mv`, from any source (transposition table, killer slot, user input), is a legal
    /// move here.
    fn is_legal(&self, mv: Self::Move) -> bool;
    /// Plays a legal move in place and appends what changed on the board and in the hands to
    /// `dirty` (which the caller clears) for the NNUE accumulators.
    fn play(&mut self, mv: Self::Move, dirty: &mut Dirty);
    /// Passes the turn for null-move pruning. Returns `false` (and changes nothing) where the
    /// position forbids it (in check).
    fn play_null(&mut self) -> bool;

    /// A result that holds whatever moves exist: insufficient material, a flag reached, a royal
    /// piece gone. Checked before generating moves. Repetition and n-move rules are
    /// [`Position`]'s business.
    fn outcome(&self) -> Option<Outcome>;
    /// The result when the side to move has no legal move (checkmate, stalemate).
    fn outcome_without_moves(&self) -> Outcome;
    /// Plies since the last irreversible move (capture, pawn move): no earlier position can
    /// repeat. The n-move rule counts these.
    fn reversible_plies(&self) -> u32;
    /// How far back, in plies, a position equal to this one may lie: the reversible plies, or
    /// more where a capture is not irreversible (captured pieces come back as drops: a
    /// crazyhouse exchange and the drops that undo it repeat a position).
    fn repetition_plies(&self) -> u32 {
        self.reversible_plies()
    }
    /// The n-move rule in plies (chess: 100), `None` where the game has none.
    fn move_rule_plies(&self) -> Option<u32>;
    /// The running count of a counting rule (makruk's, cambodian's, ASEAN's), `None` where none
    /// runs: the draw is claimable once it has [`Count::run_out`].
    fn count(&self) -> Option<Count> {
        None
    }
    /// Whether a rule other than the n-move rule and a count lets the side to move claim a
    /// draw: sittuyin's stalemate by optional promotion; no game without one. Checkmate takes
    /// precedence (the caller's business).
    fn draw_claimable(&self) -> bool {
        false
    }
    /// What the side to move gets where the n-move rule, a counting rule or a repetition worth
    /// a draw ends the game: a draw, or what a variant's material count says (janggi, as
    /// Fairy-Stockfish scores those ends).
    fn drawn_outcome(&self) -> Outcome {
        Outcome::Draw
    }
    /// How repetitions end the game.
    fn repetition_rules(&self) -> RepetitionRules;
    /// The number of the current ply in the game, 1 for the first move (from the FEN's move
    /// counter): what a maximum game length is measured in.
    fn game_ply(&self) -> u32;

    /// Under a chasing rule ([`RepetitionRules::chasing`]): `[they, we]`, whether the opponent
    /// of the side to move in the last state of `history` (the states played, oldest first)
    /// chased through the repetition cycle from `history[from]` on, and whether the side to
    /// move did.
    fn cycle_chases(_history: &[Self], _from: usize) -> [bool; 2] {
        [false, false]
    }
    /// Whether the side to move may declare a win (shogi's entering-king rule). `outcome` reports
    /// it as a win; the USI protocol answers `bestmove win`.
    fn declaration_win(&self) -> bool {
        false
    }

    /// The piece on `sq`, if any.
    fn piece_on(&self, sq: Square) -> Option<Piece>;
    /// The piece that moves (for a drop: the dropped piece).
    fn moved_piece(&self, mv: Self::Move) -> Piece;
    /// The piece `mv` captures, if any (en passant included).
    fn captured_piece(&self, mv: Self::Move) -> Option<Piece>;
    /// The square `mv` goes to (castling: the king's destination).
    fn move_target(&self, mv: Self::Move) -> Square;
    /// The square `mv` leaves (castling: the king's); `None` for a drop.
    fn move_origin(&self, mv: Self::Move) -> Option<Square>;
    /// Whether `mv` is a capture or a promotion (the moves [`GenKind::Tactical`] yields).
    fn is_tactical(&self, mv: Self::Move) -> bool;
    /// Whether `mv` checks the opponent (direct or discovered), without playing it. Pruning
    /// uses it to spare checking moves.
    fn gives_check(&self, mv: Self::Move) -> bool;
    /// Whether `mv` promotes the moving piece.
    fn is_promotion(&self, mv: Self::Move) -> bool;

    /// Calls `f` for every piece on the board.
    fn for_each_piece(&self, f: impl FnMut(Piece, Square));
    /// Number of pieces on the board.
    fn piece_count(&self) -> usize {
        let mut n = 0;
        self.for_each_piece(|_, _| n += 1);
        n
    }
    /// The square of `color`'s royal piece, when the game has a unique one.
    fn royal_square(&self, color: Color) -> Option<Square>;
    /// How many pieces of hand kind `kind` `color` holds (0 in games without hands).
    fn hand_count(&self, color: Color, kind: u8) -> u8;
    /// Whether the piece on `sq` was made by a pawn's promotion (`~` in FEN) where the game
    /// marks such pieces.
    fn marked_promoted(&self, _sq: Square) -> bool {
        false
    }
}

/// The protocol a game's positions and moves are written for: most games write the same text
/// in both, but shogi speaks SFEN and `7g7f` in USI and Fairy-Stockfish's FEN and `c3c4` in UCI.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    /// UCI and Fairy-Stockfish's conventions (FEN, hands in brackets, squares `a1`.., drops
    /// `P@e4`).
    Uci,
    /// USI's conventions (SFEN, squares `9a`..`1i`, drops `P*5e`).
    Usi,
}

/// How a move changes the piece it moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Change {
    /// A pawn's promotion to this kind (SAN `=Q`).
    Promotion(u8),
    /// A shogi-style promotion into this kind (`+`).
    Promote(u8),
    /// Back to this base kind (Kyoto shogi's `-`).
    Demote(u8),
}

/// What written notations (SAN and its kin) are made of: a move's squares, piece and effects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveParts {
    /// The origin; `None` for a drop.
    pub from: Option<Square>,
    /// The target (castling: the king's target).
    pub to: Square,
    /// The kind moved (a drop: the kind taken from the hand).
    pub kind: u8,
    /// Whether it takes a piece (en passant included).
    pub capture: bool,
    /// Castling: `Some(true)` towards the higher files (O-O), `Some(false)` the other way.
    pub castle: Option<bool>,
    /// A promotion or demotion.
    pub change: Option<Change>,
    /// An S-chess gating: the kind put in and where.
    pub gate: Option<(u8, Square)>,
    /// Duck chess: the square the duck goes to (written `,d5` after the move).
    pub wall: Option<Square>,
}

/// A game's text forms: positions in its FEN dialect (SFEN for shogi) and moves in its
/// protocol notation.
pub trait Notation: GameRules {
    /// The variant whose positions and moves read and print in `dialect`'s conventions. Games
    /// that write the same text in every protocol return `variant` unchanged.
    fn in_dialect(variant: &Self::Variant, _dialect: Dialect) -> Self::Variant {
        variant.clone()
    }
    /// Parses a position in the game's FEN dialect (SFEN for shogi).
    ///
    /// # Errors
    /// [`PositionError`] naming the field and what is wrong with it; the position must be
    /// reachable in principle (right number of royal pieces, the side not to move not in check).
    fn from_fen(variant: &Self::Variant, fen: &str) -> Result<Self, PositionError>;
    /// [`Notation::from_fen`] letting a side not to move in check pass, as Fairy-Stockfish's
    /// reader does: for reading what a position holds (its pieces and hands), never to search
    /// or play from, since the king could be taken. Games whose boards cannot hold such a
    /// position (chess, shogi) refuse it here too.
    ///
    /// # Errors
    /// As [`Notation::from_fen`], less the check test.
    fn from_fen_unchecked(variant: &Self::Variant, fen: &str) -> Result<Self, PositionError> {
        Self::from_fen(variant, fen)
    }
    /// The position in the game's FEN dialect; `from_fen(to_fen())` gives the same position.
    fn to_fen(&self) -> String;
    /// Parses a move in the protocol's notation and checks that it is legal here.
    ///
    /// # Errors
    /// [`MoveError`] when the text is malformed or names no legal move.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// The move in the protocol's notation (UCI for chess, USI for shogi).
    fn fmt_move(&self, mv: Self::Move) -> String;
    /// Switches castling notation to king-takes-rook (the UCI_Chess960 option). Games without
    /// castling ignore it.
    fn set_chess960(&mut self, _on: bool) {}
    /// A move's parts, for written notations ([`crate::game::san`]).
    fn move_parts(&self, mv: Self::Move) -> MoveParts;
    /// The letter written notation uses for `kind`, upper case (Fairy-Stockfish's: a synonym
    /// where it has one, `H` for a xiangqi horse).
    fn piece_letter(&self, kind: u8) -> char;
    /// Whether SAN leaves out the letter of `kind`: the chess pawn (not shogi's, nor a
    /// xiangqi soldier).
    fn is_chess_pawn(&self, kind: u8) -> bool;
    /// The base kind of a shogi-style promoted kind.
    fn unpromoted(&self, _kind: u8) -> Option<u8> {
        None
    }
    /// Whether the game's written notation is shogi's (Hodges) rather than SAN by default.
    fn shogi_notation(&self) -> bool {
        false
    }
    /// Whether written notation marks checks and mates (games with a royal piece whose
    /// capture is not simply the end: not atomic, antichess or extinction games).
    fn check_marks(&self) -> bool {
        true
    }
}

/// What the evaluators and the search's heuristics know about a game: evaluation terms, the
/// facts a network layout is derived from, exchange values, when a null move is sound.
pub trait EvalKnowledge: GameRules {
    /// The rules as the NNUE's feature layout needs them, from the variant alone.
    fn layout_spec(variant: &Self::Variant) -> LayoutSpec;
    /// Piece values, piece-square tables and phase weights for the hand-crafted evaluation.
    fn eval_terms(&self) -> &EvalTerms;
    /// Game-specific evaluation knowledge beyond piece-square tables (chess: mobility, pawn
    /// structure, king safety), in centipawns for White (the first player). None by default.
    fn eval_extra(&self) -> Tapered {
        Tapered::default()
    }
    /// Static exchange evaluation: whether the material balance of the capture sequence `mv`
    /// starts on its target square is at least `threshold` centipawns for the side to move
    /// (chessprogramming wiki, "Static Exchange Evaluation").
    fn see_ge(&self, mv: Self::Move, threshold: i32) -> bool;
    /// Whether a null move is a sound test here: the side to move is unlikely to be in
    /// zugzwang (chess: it has a piece other than pawns and king).
    fn null_move_ok(&self) -> bool;
    /// A key of the pawn structure (where each color's pawns stand), for the search's
    /// correction history; 0, the default, where a game keeps none.
    fn pawn_key(&self) -> u64 {
        0
    }
    /// Keys of each color's pieces other than pawns, hand pieces included (White's, the first
    /// player's, first), for the search's non-pawn correction history (Stockfish's
    /// `nonPawnCorrectionHistory`); `None`, the default, where a game keeps none.
    fn non_pawn_keys(&self) -> Option<[u64; 2]> {
        None
    }
    /// The squares the side not to move attacks (bit `i`: square `i`), whatever stands on
    /// them, for the search's threat-indexed history; 0, the default, where a game computes
    /// none (its quiet moves then share one history).
    fn threats(&self) -> u128 {
        0
    }
}

/// A key of two colors' pawn sets, each folded to 64 bits (see [`EvalKnowledge::pawn_key`]):
/// each word multiplied by its own odd constant, the product's high bits folded down.
#[inline(always)]
pub fn pawn_key_of(first: u64, second: u64) -> u64 {
    mix(first, 0x9E37_79B9_7F4A_7C15) ^ mix(second, 0xC2B2_AE3D_27D4_EB4F).rotate_left(17)
}

/// A key of a sequence of words (one color's piece sets, kind by kind, then its hand; see
/// [`EvalKnowledge::non_pawn_keys`]): each word folded into the key through a 128-bit product,
/// so that every bit of every word reaches the key's low bits, which index the tables.
#[inline(always)]
pub fn words_key(words: impl IntoIterator<Item = u64>) -> u64 {
    words
        .into_iter()
        .fold(0, |key, word| mix(key ^ word, 0x9E37_79B9_7F4A_7C15))
}

/// One color's hand counts, kind by kind, as one word for [`words_key`] (each count shifted
/// five bits past the one before, wrapping around).
#[inline]
pub fn hand_word(counts: &[u8]) -> u64 {
    counts.iter().fold(0, |w, &n| w.rotate_left(5) ^ u64::from(n))
}

/// `x` times `k` as a 128-bit product, its high half folded onto its low half.
#[inline(always)]
fn mix(x: u64, k: u64) -> u64 {
    let m = (x as u128).wrapping_mul(k as u128);
    (m as u64) ^ ((m >> 64) as u64)
}

/// A whole game: its rules, notation and evaluation knowledge. Every game gets it from the
/// three parts; code that needs all of a game bounds on it.
pub trait Game: GameRules + Notation + EvalKnowledge {}

impl<G: GameRules + Notation + EvalKnowledge> Game for G {}
