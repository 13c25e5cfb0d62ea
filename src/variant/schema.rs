//! The TOML schema of a variant file: Fairy-Stockfish's configuration concepts (the options
//! its `variants.ini` documents) under snake_case names. Every key is optional;
//! a file with `inherits` takes what it leaves out from its parent, and a file without one
//! starts from Fairy-Stockfish's defaults (an 8x8 board, chess rules, no pieces).
//!
//! Values keep their position in the file ([`Spanned`]) so that every later complaint can name
//! the file, line and column.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// One piece type, keyed by its letter in `[pieces]` (`+p`: the shogi-style promoted form of
/// `p`, written `+P` in FEN).
#[derive(Deserialize, Clone, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct RawPiece {
    /// Moves in Betza notation (see [`crate::variant::betza`]).
    pub betza: Option<Spanned<String>>,
    /// A descriptive name (`archbishop`).
    pub name: Option<Spanned<String>>,
    /// Royal: may not be left attacked; checkmate ends the game.
    pub royal: Option<Spanned<bool>>,
    /// Pawn-like: promotes chess-style, double-steps, is captured en passant, and its moves
    /// reset the n-move counter.
    pub pawn: Option<Spanned<bool>>,
    /// Whether its irreversible moves reset the n-move counter (default: pawns' do;
    /// Fairy-Stockfish's `nMoveRuleTypes`). A move is irreversible when the piece could not
    /// step straight back by a quiet move on an empty board (a sideways pawn step is not).
    pub resets_move_rule: Option<Spanned<bool>>,
    /// Whether a pawn with a quiet step forward gets the variant's double step (default true;
    /// false for Fairy-Stockfish's other `pawnTypes`, which promote but never double-step).
    pub double_step: Option<Spanned<bool>>,
    /// Mobility regions: the squares the piece may stand on, per side (default: the whole
    /// board), as square lists (`d1 e1 f1 d2 e2 f2`, `*1 *2`).
    pub region_white: Option<Spanned<String>>,
    /// The region of Black's pieces (see `region_white`).
    pub region_black: Option<Spanned<String>>,
    /// Moves in Betza notation the piece has, besides `betza`, only from its advanced region
    /// (the xiangqi soldier's sideways steps across the river: `advanced_betza = "sW"`); leaps
    /// and lame leaps only.
    pub advanced_betza: Option<Spanned<String>>,
    /// The squares from which `advanced_betza` applies, per side (square lists, as `region_white`).
    pub advanced_region_white: Option<Spanned<String>>,
    /// Black's (see `advanced_region_white`).
    pub advanced_region_black: Option<Spanned<String>>,
    /// The squares where this piece promotes shogi-style (its `+` form), per side, instead of the
    /// variant's zone.
    pub promotion_region_white: Option<Spanned<String>>,
    /// Black's (see `promotion_region_white`).
    pub promotion_region_black: Option<Spanned<String>>,
    /// Moves in Betza notation the piece has, besides `betza`, along the variant's
    /// `diagonal_lines` only, from a square of them to a square of them (janggi's palace
    /// diagonals: `diagonal_betza = "F"` for the guards, `"B"` for the chariot, `"pB"` for the
    /// cannon); leaps, riders and hoppers.
    pub diagonal_betza: Option<Spanned<String>>,
    /// The piece may neither hop over nor capture a piece of its own kind, of either side
    /// (janggi's cannon; Fairy-Stockfish's `janggiCannon` type).
    pub same_kind_immune: Option<Spanned<bool>>,
    /// Where this piece may be dropped, per side (square lists, as `region_white`), within the
    /// variant's `drop_region_white`/`_black` (sittuyin's rooks: the first rank only;
    /// Fairy-Stockfish's `sittuyinRookDrop`).
    pub drop_region_white: Option<Spanned<String>>,
    /// Black's (see `drop_region_white`).
    pub drop_region_black: Option<Spanned<String>>,
    /// The letter written notation (SAN) uses for the piece where it is not the FEN letter:
    /// Fairy-Stockfish's synonym (the xiangqi horse `h`, elephant `e`), or for a promoted form
    /// (`+b`) the letter of the piece it becomes (shogun's archbishop `a`).
    pub san: Option<Spanned<String>>,
    /// Hand-crafted evaluation values (centipawns) instead of the ones derived from mobility.
    pub value_mg: Option<Spanned<i32>>,
    /// Endgame value (see `value_mg`).
    pub value_eg: Option<Spanned<i32>>,
}

macro_rules! raw_variant {
    ($($(#[$doc:meta])* $field:ident : $ty:ty),* $(,)?) => {
        /// A variant file as written.
        #[derive(Deserialize, Clone, Debug, Default)]
        #[serde(deny_unknown_fields)]
        pub struct RawVariant {
            /// The parent variant (a built-in name, or a file path relative to this file).
            pub inherits: Option<Spanned<String>>,
            /// Piece types by letter.
            pub pieces: Option<BTreeMap<Spanned<String>, Spanned<RawPiece>>>,
            $($(#[$doc])*
            #[doc = concat!("\n\nThe TOML key `", stringify!($field), "` (`variants/README.md`).")]
            pub $field: Option<Spanned<$ty>>,)*
        }

        /// A variant with inheritance resolved: every value with the index of the file it came
        /// from.
        #[derive(Clone, Debug, Default)]
        pub struct Merged {
            /// Piece key (lower case: a letter, or `+` and a letter for a promoted form) to its
            /// definition; later files override whole pieces.
            pub pieces: BTreeMap<String, (usize, Spanned<String>, RawPiece)>,
            /// Letters one file defines twice, in upper and lower case (`a` and `A` are one
            /// piece): the later key, for the error.
            pub twice: Vec<(usize, Spanned<String>)>,
            $(#[doc = concat!("`", stringify!($field), "`, with the index of the file it came from.")]
            pub $field: Option<(usize, Spanned<$ty>)>,)*
        }

        impl Merged {
            /// Lays `raw` (from file `source`) over what is here.
            pub fn overlay(&mut self, source: usize, raw: RawVariant) {
                $(if let Some(v) = raw.$field { self.$field = Some((source, v)); })*
                for (letter, piece) in raw.pieces.unwrap_or_default() {
                    let key = letter.get_ref().to_ascii_lowercase();
                    if self.pieces.get(&key).is_some_and(|(s, _, _)| *s == source) {
                        self.twice.push((source, letter.clone()));
                    }
                    self.pieces.insert(key, (source, letter.clone(), piece.into_inner()));
                }
            }
        }
    };
}

raw_variant! {
    /// The variant's name (default: the file name without `.toml`).
    name: String,
    /// Board size.
    files: u8,
    ranks: u8,
    /// Start position in Fairy-Stockfish's FEN dialect.
    start_fen: String,
    /// Letters of inherited pieces this variant does not have.
    remove_pieces: String,
    /// Letters of the pieces pawns may promote to, for both sides or per side (the per-side
    /// keys win: Chigorin's White gets a chancellor, Black a queen).
    promotion_pieces: String,
    promotion_pieces_white: String,
    promotion_pieces_black: String,
    /// First rank (counted from each player's side, 1-based) of the promotion zone.
    promotion_rank: u8,
    /// The promotion zone as squares, per side (instead of `promotion_rank`; any shape).
    promotion_region_white: String,
    promotion_region_black: String,
    /// Shogi-style promotion (pieces with a `+` form) is compulsory whenever a move may promote
    /// (Fairy-Stockfish's `mandatoryPiecePromotion`).
    mandatory_piece_promotion: bool,
    /// Promoted pieces turn back into their base form by a move in the zone (Kyoto shogi's
    /// `-` moves; `pieceDemotion`).
    piece_demotion: bool,
    /// A move or drop that leaves a piece where it could never move again is illegal (shogi's
    /// pawns and lances on the last rank, knights on the last two: `immobilityIllegal`).
    immobility_illegal: bool,
    /// Whether a pawn entering the zone must promote (Grand: false).
    mandatory_promotion: bool,
    /// Most pieces of a type a player may have for promotion to it (Grand: `{ q = 1 }`).
    promotion_limits: BTreeMap<String, u8>,
    /// Whether pawns may double-step, and from which rank (counted from each side).
    double_step: bool,
    double_step_rank: u8,
    /// Explicit double-step regions (square lists: `a2 b2`, `*2` = rank 2, `a*` = file a).
    double_step_region_white: String,
    double_step_region_black: String,
    /// Whether pawns may capture en passant after a double step, and the target squares where
    /// each side may (default: everywhere; horde: not behind a pawn that left the first rank).
    en_passant: bool,
    en_passant_region_white: String,
    en_passant_region_black: String,
    /// Castling: enabled, the king's start and target files, the rank (counted from each side),
    /// and which piece letters castle as the rook.
    castling: bool,
    castling_king_file: String,
    castling_kingside_file: String,
    castling_queenside_file: String,
    castling_rank: u8,
    castling_rook_pieces: String,
    /// The piece letter that castles as the king (default `k`).
    castling_king_piece: String,
    /// First-move rights (Fairy-Stockfish's gates, Ouk's first leaps): initial (`i`) moves are
    /// available only to pieces on squares that still hold a right, written as file letters in
    /// the FEN castling field (`DEde`); a right goes when its piece moves or is taken. Royal
    /// pieces may not use them out of check, and lose theirs when a piece with one of the
    /// letters of `royal_right_lost_to` attacks them.
    first_move_rights: bool,
    royal_right_lost_to: String,
    /// Whether giving check is allowed at all (racing kings: false).
    checking: bool,
    /// Captures are compulsory when available (antichess, losers).
    must_capture: bool,
    /// Game end values for the side to move: `win`, `loss` or `draw`.
    checkmate_value: String,
    stalemate_value: String,
    /// N-move rule in moves (0: none) and n-fold repetition.
    n_move_rule: u16,
    n_fold_rule: u8,
    n_fold_value: String,
    /// `n_fold_value` is White's result whoever is to move (minishogi: a repetition loses for
    /// the first player; Fairy-Stockfish's `nFoldValueAbsolute`).
    n_fold_value_absolute: bool,
    perpetual_check_illegal: bool,
    /// The royal pieces may not face each other on an open file or rank (xiangqi's flying
    /// general, as Fairy-Stockfish's `flyingGeneral` tests it: a rook's line between them).
    flying_general: bool,
    /// `axf`: the Asian Xiangqi Federation's rules on perpetual chasing (Fairy-Stockfish's
    /// `chasingRule`): a side whose every move of a repetition cycle attacks one and the same
    /// unprotected piece (or a stronger one) loses, and a mutual chase is a draw. `none`
    /// (default): repetitions follow `n_fold_value`.
    chasing_rule: String,
    /// A king in check may not move, except to take its single checker (makpong;
    /// Fairy-Stockfish's `makpongRule`).
    makpong: bool,
    /// The squares of the diagonal lines that pieces with `diagonal_betza` move along
    /// (janggi's palace diagonals; Fairy-Stockfish's `diagonalLines`).
    diagonal_lines: String,
    /// Either side may pass instead of moving, written as its king's square twice (`e2e2`),
    /// not while in check; two passes in a row end the game (Fairy-Stockfish's `pass`).
    pass: bool,
    /// Bikjang (janggi): royal pieces may face each other on an open line, but then the side
    /// to move must end the facing or pass; a facing left standing for a second position ends
    /// the game (Fairy-Stockfish's `bikjangRule`).
    bikjang: bool,
    /// Where a game ends by bikjang or by two passes: the points of each piece letter
    /// (`{ r = 13, c = 7, ... }`, Fairy-Stockfish's `materialCounting = janggi`); White wins
    /// with more than `material_count_black_bonus` points over Black, Black otherwise. Without
    /// it such an end is a draw.
    material_count_values: BTreeMap<String, u8>,
    material_count_black_bonus: u8,
    /// How a drawn game (stalemate, the move rule, repetition, two passes, a full board) is
    /// decided instead, without points (Fairy-Stockfish's `materialCounting`): `unweighted`
    /// (more pieces on the board wins, as many is a draw), `white_draw_odds` (White wins),
    /// `black_draw_odds` (Black wins: armageddon), `none` (default; `material_count_values`
    /// gives points instead).
    material_counting: String,
    /// A stalemated side with fewer pieces on the board gets `stalemate_value`, with more its
    /// opposite, with as many a draw (Fairy-Stockfish's `stalematePieceCount`).
    stalemate_piece_count: bool,
    /// A board without an empty square ends the game, decided by `material_counting`
    /// (Fairy-Stockfish's `adjudicateFullBoard`).
    adjudicate_full_board: bool,
    /// Extinction: a player whose pieces of some listed type (`*`: all pieces together) number at
    /// most `extinction_piece_count` gets `extinction_value`, provided the opponent has at least
    /// `extinction_opponent_piece_count` pieces.
    extinction_value: String,
    extinction_pieces: String,
    extinction_piece_count: u8,
    extinction_opponent_piece_count: u8,
    /// The last piece of an extinction kind is royal (may not be left attacked): coregal's queen,
    /// atomic's king.
    extinction_pseudo_royal: bool,
    /// With `extinction_pseudo_royal`: a move may not leave all of a side's pieces of the
    /// extinction kinds attacked, however many it has, and all of them attacked is check
    /// (spartan's two kings; Fairy-Stockfish's `dupleCheck`).
    duple_check: bool,
    /// The bared side to move may still answer: the opponent needs one piece more than
    /// `extinction_opponent_piece_count` for the game to end at once (shatranj's bare king may
    /// bare the other one in reply).
    extinction_claim: bool,
    /// Atomic captures: the capturer, its victim and every piece next to the capture square
    /// explode, except the immune kinds (default: the pawns).
    blast_on_capture: bool,
    blast_immune_pieces: String,
    /// Flag: a player whose `flag_piece` reaches its region wins; with `flag_move` the opponent
    /// may still draw by reaching its own region with its next move.
    flag_piece: String,
    flag_region_white: String,
    flag_region_black: String,
    flag_move: bool,
    /// The flag piece counts only while the opponent does not attack it there (dobutsu's lion;
    /// Fairy-Stockfish's `flagPieceSafe`).
    flag_piece_safe: bool,
    /// N-check: the check counters are in the FEN (`3+3`); giving the last check wins.
    check_counting: bool,
    /// Bughouse: pieces also come to hand from a partner's board, so hands may hold up to a
    /// second set; promoted pieces are written `~` (Fairy-Stockfish's `twoBoards`).
    two_boards: bool,
    /// Thai, Khmer and ASEAN counting endgames (`makruk`, `cambodian`, `asean`; Fairy-Stockfish's
    /// `countingRule`): once a side is reduced far enough, it has a limited number of plies to
    /// mate before the game is drawn. The counting limit and ply are in the FEN's en-passant and
    /// halfmove fields while a count runs (`3k4/8/5M2/6s1/8/m7/3K1n2/8 b - 128 0 73`).
    counting_rule: String,
    /// The letters of the pieces the counting limits are measured in, as rook, khon (silver)
    /// and knight (default `rsn`).
    counting_pieces: String,
    /// Pieces in hand (Fairy-Stockfish's `pieceDrops`): a side may drop a piece from its hand
    /// onto an empty square instead of moving (`P@e4`). Hands are written in brackets after the
    /// board in FEN (`...RNBQKBNR[Pn] w ...`).
    piece_drops: bool,
    /// Captured pieces go to the capturer's hand (crazyhouse); a promoted piece (`~` in FEN)
    /// goes back as the pawn it was, unless `drop_loop` (loop, chessgi).
    captures_to_hand: bool,
    drop_loop: bool,
    /// Whether pawns may be dropped on their side's first rank and into their promotion zone
    /// (both default false, as in crazyhouse; chessgi allows the first rank).
    first_rank_pawn_drops: bool,
    promotion_zone_pawn_drops: bool,
    /// Where each side may drop (square lists as in `double_step_region_white`; default: the
    /// whole board).
    drop_region_white: String,
    drop_region_black: String,
    /// Whether a drop may give check (default true).
    drop_checks: bool,
    /// Pieces may be dropped in their promoted form (`+N@c3`, Kyoto shogi).
    drop_promoted: bool,
    /// The letters of the kinds that may not be dropped on a file already holding
    /// `drop_no_doubled_count` (default 1) unpromoted pieces of that kind of the same side
    /// (shogi's nifu).
    drop_no_doubled: String,
    drop_no_doubled_count: u8,
    /// The letters of the kinds whose drop may not checkmate (shogi's uchifuzume).
    drop_mate_illegal: String,
    /// Drops need no piece in hand and take none from it: hands are endless and not written
    /// in the FEN (ataxx's clones).
    free_drops: bool,
    /// Where a drop may go besides an empty square of its region (Fairy-Stockfish's
    /// `enclosingDrop`): `ataxx` (next to one of the mover's pieces, a king's step away),
    /// `reversi` (a line of enemy pieces from it, along a queen's line, ending in one of the
    /// mover's pieces), `none` (default).
    enclosing_drop: String,
    /// While any of these squares is empty, drops go there only and `enclosing_drop` waits
    /// (reversi's four centre squares; Fairy-Stockfish's `enclosingDropStart`).
    enclosing_drop_start: String,
    /// Enemy pieces a move or drop encloses change color (Fairy-Stockfish's
    /// `flipEnclosedPieces`): `ataxx` (those next to the target square), `reversi` (each line of
    /// them between the target and the mover's next piece along a queen's line), `none`.
    flip_enclosed_pieces: String,
    /// A side with pieces on the board but no legal move passes (written as a move of its
    /// first piece to its own square, `a1a1`); two passes in a row end the game
    /// (Fairy-Stockfish's `passOnStalemate`).
    pass_on_stalemate: bool,
    /// Walls placed by every move (Fairy-Stockfish's `wallingRule`): `duck` (each move also
    /// moves the duck, a wall no piece may enter or pass, to an empty square other than its
    /// own; all other walls go), `none`. Not with drops, hands, gating or captures that blast.
    walling_rule: String,
    /// S-chess gating (Fairy-Stockfish's `gating` with `seirawanGating`): the sides hold pieces
    /// in hand, and a piece leaving a back-rank square that still has its gate may bring one in
    /// on the square it leaves (`e1f2h`; castling: on the king's or the rook's square). The
    /// gates are file letters in the FEN's castling field (`KQBCDFGkqbcdfg`: `K`/`Q` stand for
    /// the king's and that rook's gates too); they close when their piece moves or is taken,
    /// and all of a side's close once its hand is empty (unless captures go to hand).
    gating: bool,
    /// While a side has pieces in hand it must drop one, if any drop is legal (setup phases:
    /// placement, sittuyin; Fairy-Stockfish's `mustDrop`).
    must_drop: bool,
    /// The letters of the kinds whose pieces must end up split evenly between light and dark
    /// squares when dropped: no drop may leave too few squares of either colour for the rest
    /// (placement's bishops; Fairy-Stockfish's `dropOppositeColoredBishop`).
    drop_opposite_colored: String,
    /// A king or rook dropped on its castling square gets its castling right (placement;
    /// `castlingDroppedPiece`).
    castling_dropped_piece: bool,
    /// Sittuyin's promotion: instead of moving, a pawn may become one of the promotion pieces on
    /// its square or by one of that piece's moves to an empty square, from the promotion zone
    /// (anywhere for a side's last pawn), within `promotion_limits`, giving no check and
    /// attacking no enemy piece; pawns never promote by moving into the zone. A side left with
    /// its king and one pawn that can only promote is stalemated: a draw.
    sittuyin_promotion: bool,
    /// NNUE king buckets for this variant (0: the engine's default).
    king_buckets: u8,
}
