//! The front end's product: a checked, board-independent [`Definition`] of a variant (its
//! pieces, promotion, initial moves and castling, game end and drops), the IR the back end
//! (`Rules`) is built from, and the limits every variant keeps to.

use super::Diagnostic;
use super::betza::Betza;
use crate::core::{Color, Outcome, Square, relative_rank};

/// The largest board: squares must fit a 128-bit bitboard.
pub const MAX_SQUARES: usize = 128;
/// Most files or ranks (squares are named `a`..`p` and `1`..`16`).
pub const MAX_SIDE: u8 = 16;

/// Most piece kinds a variant may define.
pub const MAX_KINDS: usize = 24;

/// A piece kind.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// FEN letter, lower case.
    pub letter: char,
    /// Piece name (for messages and `nue variants`).
    pub name: String,
    /// The letter written notation uses, upper case (the schema's `san`; default the FEN
    /// letter).
    pub san_letter: char,
    /// Its moves.
    pub betza: Betza,
    /// Its moves as the file wrote them (XBoard's `piece` command sends them on).
    pub betza_text: String,
    /// Whether it is royal (may not be left attacked).
    pub royal: bool,
    /// Whether it is pawn-like (promotes, double-steps, en passant, resets the move counter).
    pub pawn: bool,
    /// Whether, as a pawn, it takes the variant's double step.
    pub double_step: bool,
    /// Whether its irreversible moves reset the n-move counter (the schema's
    /// `resets_move_rule`; pawns by default).
    pub resets_move_rule: bool,
    /// The squares the piece may stand on, per color (`None`: everywhere).
    pub region: [Option<Vec<Square>>; 2],
    /// Whether it may neither hop over nor capture a piece of its own kind (janggi's cannon).
    pub same_kind_immune: bool,
    /// The squares from which its `advanced` atoms apply, per color (the xiangqi soldier's
    /// far side of the river).
    pub advanced_region: [Vec<Square>; 2],
    /// Evaluation values given in the file (centipawns), when given.
    pub value: Option<(i32, i32)>,
    /// For a promoted form (`+p`), the kind it promoted from, which it goes back to in hand.
    pub promoted_from: Option<u8>,
    /// The kind of its promoted form, where it has one (shogi-style promotion).
    pub promotes_to: Option<u8>,
    /// Where it promotes, per color, where the piece has its own zone (`None`: the variant's).
    pub promotion_zone: [Option<Vec<Square>>; 2],
    /// Where it may be dropped, per color, within the variant's drop region (`None`: all of it).
    pub drop_region: [Option<Vec<Square>>; 2],
    /// Where it is defined: (file of the inheritance chain, parent first; byte offset). Pieces
    /// without a Fairy-Stockfish built-in type are its custom pieces, numbered in this order.
    pub defined_at: (usize, usize),
}

/// Promotion: chess-style (a pawn reaching the zone becomes one of `kinds`) and shogi-style (a
/// piece with a `+` form moving into, out of or inside the zone may become it).
#[derive(Clone, Debug, Default)]
pub struct Promotion {
    /// Kinds a pawn of each color may promote to.
    pub kinds: [Vec<u8>; 2],
    /// The zone per color.
    pub zone: [Vec<Square>; 2],
    /// Whether a pawn reaching the zone must promote.
    pub mandatory: bool,
    /// `(kind, most pieces of it)` limits.
    pub limits: Vec<(u8, u8)>,
    /// Whether shogi-style promotion (to a `+` form) is compulsory when a move may promote.
    pub piece_mandatory: bool,
    /// Whether a promoted form turns back by a move in the zone (Kyoto shogi).
    pub demotion: bool,
    /// Sittuyin's promotion: in place or by a move of the new kind, instead of by moving into
    /// the zone (see the schema's `sittuyin_promotion`).
    pub sittuyin: bool,
}

/// Castling geometry (king and rook files are 0-based).
#[derive(Clone, Debug)]
pub struct Castling {
    /// Kind of the castling king.
    pub king_kind: u8,
    /// Kinds that may castle with it.
    pub rook_kinds: Vec<u8>,
    /// The king's file.
    pub king_file: u8,
    /// The king's target file when castling kingside (towards higher files).
    pub kingside_file: u8,
    /// The king's target file when castling queenside.
    pub queenside_file: u8,
    /// The castling rank per color (absolute, 0-based).
    pub rank: [u8; 2],
    /// The files a `Q` and a `K` right look for their rook from, towards the king: the start
    /// position's outermost castling rooks (shako's b and i files; Fairy-Stockfish's
    /// `castlingRookQueensideFile`, `castlingRookKingsideFile`), the board's edges without one.
    pub rook_files: [u8; 2],
}

/// The extinction rule.
#[derive(Clone, Debug)]
pub struct Extinction {
    /// The result for the side that meets the rule.
    pub value: Outcome,
    /// Kinds counted one by one; `None`: all pieces counted together.
    pub kinds: Option<Vec<u8>>,
    /// Pieces a side must keep (fewer ends the game).
    pub count: u8,
    /// Pieces the opponent must keep.
    pub opponent_count: u8,
    /// The last piece of a counted kind is royal.
    pub pseudo_royal: bool,
    /// With `pseudo_royal`: a side may not leave all its pieces of the counted kinds attacked,
    /// however many (spartan's two kings; Fairy-Stockfish's `dupleCheck`).
    pub duple_check: bool,
    /// A bared side to move may still answer (see the schema's `extinction_claim`).
    pub claim: bool,
}

/// The flag rule.
#[derive(Clone, Debug)]
pub struct Flag {
    /// The flag piece's kind.
    pub kind: u8,
    /// Where it wins, per color.
    pub region: [Vec<Square>; 2],
    /// Whether reaching the region wins only on the next move (not at once).
    pub flag_move: bool,
    /// Whether the flag piece counts only while the opponent does not attack it.
    pub safe: bool,
}

/// Which counting endgame rule (Fairy-Stockfish's `countingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Thai makruk: the board's honor count (64 moves) and the pieces' honor counts.
    Makruk,
    /// Khmer ouk chaktrang: makruk's counts one move shorter, the board's honor count only while
    /// the stronger side has at most three pieces.
    Cambodian,
    /// ASEAN chess: only the pieces' honor count, from zero.
    Asean,
}

/// The counting endgame rule and the kinds its limits are measured in.
#[derive(Clone, Copy, Debug)]
pub struct Counting {
    /// The rule.
    pub rule: CountingRule,
    /// The rook, khon (silver) and knight kinds, where the variant has them.
    pub rook: Option<u8>,
    /// See `rook`.
    pub khon: Option<u8>,
    /// See `rook`.
    pub knight: Option<u8>,
}

/// The material a counting limit depends on, for the side that would count (the weaker one)
/// and its opponent.
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingMaterial {
    /// Pawns of both sides on the board.
    pub pawns: u32,
    /// All pieces (the royal one included) of the counting side.
    pub own: u32,
    /// All pieces of the opponent.
    pub theirs: u32,
    /// The opponent's rooks, khons and knights.
    pub rooks: u32,
    /// See `rooks`.
    pub khons: u32,
    /// See `rooks`.
    pub knights: u32,
}

impl Counting {
    /// The counting limit in full moves for the side with material `m`, 0 where that side does
    /// not count. The numbers are the Thai, Khmer and ASEAN rules as Fairy-Stockfish applies
    /// them (`Position::count_limit`).
    pub fn limit(&self, m: CountingMaterial) -> u16 {
        // The pieces' honor limits: (rooks > 1, one rook, khons > 1, knights > 1, one khon, else).
        let honor = |table: [u16; 6]| {
            if m.rooks > 1 {
                table[0]
            } else if m.rooks == 1 {
                table[1]
            } else if m.khons > 1 {
                table[2]
            } else if m.knights > 1 {
                table[3]
            } else if m.khons == 1 {
                table[4]
            } else {
                table[5]
            }
        };
        match self.rule {
            CountingRule::Makruk => {
                if m.pawns > 0 || m.theirs == 1 {
                    0
                } else if m.own > 1 {
                    64
                } else {
                    honor([8, 16, 22, 32, 44, 64])
                }
            }
            CountingRule::Cambodian => {
                if m.own > 3 || m.theirs == 1 {
                    0
                } else if m.own > 1 {
                    63
                } else if m.pawns > 0 {
                    0
                } else {
                    honor([7, 15, 21, 31, 43, 63])
                }
            }
            CountingRule::Asean => {
                if m.pawns > 0 || m.own > 1 {
                    0
                } else if m.rooks > 0 {
                    16
                } else if m.khons > 0 {
                    44
                } else if m.knights > 0 {
                    64
                } else {
                    0
                }
            }
        }
    }
}

/// Pieces in hand: drops, gating and their rules.
#[derive(Clone, Debug)]
pub struct Drops {
    /// Whether pieces in hand may be dropped (`piece_drops`; without it, gating is their only
    /// way onto the board).
    pub allowed: bool,
    /// S-chess gating (see the schema's `gating`).
    pub gating: bool,
    /// Whether a side with pieces in hand must drop while a drop is legal.
    pub must_drop: bool,
    /// The kinds whose pieces must be dropped evenly on both square colours.
    pub opposite_colored: Vec<u8>,
    /// Whether a king or rook dropped on its castling square gets its castling right.
    pub castling_dropped_piece: bool,
    /// Whether captured pieces go to the capturer's hand.
    pub captures_to_hand: bool,
    /// Whether promoted pieces keep their promoted kind in hand (no demotion).
    pub drop_loop: bool,
    /// Whether pawns may be dropped on their side's first rank.
    pub first_rank_pawn_drops: bool,
    /// Whether pawns may be dropped into their promotion zone.
    pub promotion_zone_pawn_drops: bool,
    /// Where each color may drop.
    pub region: [Vec<Square>; 2],
    /// Whether a drop may give check.
    pub checks: bool,
    /// Whether pieces with a `+` form may be dropped as it.
    pub promoted: bool,
    /// The kinds that may not be dropped on a file holding `no_doubled_count` unpromoted pieces
    /// of that kind of the dropping side (nifu).
    pub no_doubled: Vec<u8>,
    /// See `no_doubled`.
    pub no_doubled_count: u8,
    /// The kinds whose drop may not checkmate (uchifuzume).
    pub mate_illegal: Vec<u8>,
    /// Whether drops need no piece in hand and take none (ataxx): hands are endless.
    pub free: bool,
    /// Where a drop must go besides an empty square of its region, if anywhere.
    pub enclosing: Option<Enclosing>,
    /// While any of these squares is empty, drops go there only (reversi's start).
    pub enclosing_start: Vec<Square>,
}

/// Fairy-Stockfish's enclosing rules, for drops (`enclosing_drop`) and flips
/// (`flip_enclosed_pieces`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enclosing {
    /// A king's step from the square: a drop next to one of the mover's pieces; the enemy
    /// pieces next to the target flip.
    Ataxx,
    /// Along a queen's line from the square: a run of enemy pieces ending in one of the mover's.
    /// A drop must enclose one; every enclosed run flips.
    Reversi,
}

/// One rank of a FEN placement (`r1b+p2Q~*`), a cell per square: the piece letter, `None` for
/// an empty square or a wall (`+` and `~` marks dropped).
pub fn rank_cells(text: &str) -> Vec<Option<char>> {
    let mut out = Vec::new();
    let mut run = 0;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            run = run * 10 + d as usize;
            continue;
        }
        out.extend(std::iter::repeat_n(None, run));
        run = 0;
        if c.is_ascii_alphabetic() {
            out.push(Some(c));
        } else if c == '*' {
            out.push(None);
        }
    }
    out.extend(std::iter::repeat_n(None, run));
    out
}

/// How a game ends, apart from the flag rule (whose regions the interpreter turns into
/// bitboards): the same struct in the definition and in the interpreter's rules.
#[derive(Clone, Debug)]
pub struct GameEnd {
    /// The result for the side checkmated.
    pub checkmate_value: Outcome,
    /// The result for the side stalemated.
    pub stalemate_value: Outcome,
    /// The n-move rule in full moves (0: none).
    pub n_move_rule: u16,
    /// Occurrences of a position that end the game.
    pub n_fold_rule: u8,
    /// The result for the side to move when they do (for White, with `n_fold_value_absolute`).
    pub n_fold_value: Outcome,
    /// Whether `n_fold_value` is White's result whoever is to move.
    pub n_fold_value_absolute: bool,
    /// Whether a perpetual check is illegal (loses): a side that checks with every move of a
    /// repetition cycle loses.
    pub perpetual_check_illegal: bool,
    /// The extinction rule, if any.
    pub extinction: Option<Extinction>,
    /// Whether the game counts checks (n-check variants).
    pub check_counting: bool,
    /// The counting endgame rule (Thai or Cambodian), if any.
    pub counting: Option<Counting>,
    /// How a drawn game (by stalemate, the move rule, repetition, bikjang, two passes or a full
    /// board) is decided instead; `None`: it stays a draw.
    pub material_counting: Option<MaterialCounting>,
    /// Whether a stalemated side with fewer pieces on the board gets `stalemate_value`, with
    /// more its opposite, with as many a draw (Fairy-Stockfish's `stalematePieceCount`).
    pub stalemate_piece_count: bool,
    /// Whether a board without an empty square ends the game, decided by `material_counting`
    /// (Fairy-Stockfish's `adjudicateFullBoard`).
    pub full_board: bool,
}

/// How a drawn game is decided instead (Fairy-Stockfish's `materialCounting`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaterialCounting {
    /// Points per unpromoted kind (`(kind, points)`): White wins with more than `black_bonus`
    /// points over Black, Black otherwise (janggi).
    Points {
        /// The points of each counted kind.
        values: Vec<(u8, u8)>,
        /// The points Black may be behind and still win.
        black_bonus: u8,
    },
    /// More pieces on the board wins; as many is a draw (ataxx, reversi).
    Unweighted,
    /// White wins every draw.
    WhiteDrawOdds,
    /// Black wins every draw (armageddon).
    BlackDrawOdds,
}

/// A checked, compiled variant, independent of the bitboard width.
#[derive(Clone, Debug)]
pub struct Definition {
    /// Variant name.
    pub name: String,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Start position in the variant's FEN dialect.
    pub start_fen: String,
    /// The piece kinds, in kind order.
    pub pieces: Vec<PieceDef>,
    /// Promotion rules.
    pub promotion: Promotion,
    /// Where pawns' double steps and other initial (`i`) moves may start, per color.
    pub initial_region: [Vec<Square>; 2],
    /// Whether pawns capture en passant.
    pub en_passant: bool,
    /// First-move rights instead of the initial region, and the kinds whose attack on a royal
    /// piece removes its right.
    pub first_move_rights: bool,
    /// Kinds whose attack on a royal piece removes its first-move right.
    pub royal_right_lost_to: Vec<u8>,
    /// Target squares where each color may capture en passant.
    pub en_passant_region: [Vec<Square>; 2],
    /// Castling, if the variant has it.
    pub castling: Option<Castling>,
    /// Whether checks matter (false: royal pieces may be captured).
    pub checking: bool,
    /// Whether captures are compulsory.
    pub must_capture: bool,
    /// Atomic captures, and the kinds a neighboring explosion spares.
    pub blast_on_capture: bool,
    /// Kinds a neighboring explosion spares.
    pub blast_immune: Vec<u8>,
    /// How the game ends: mate, stalemate, repetition, the move rule, the variant's own ends.
    pub end: GameEnd,
    /// Whether the royal pieces may not face each other on an open file or rank.
    pub flying_general: bool,
    /// Whether the AXF chasing rules judge repetitions (the schema's `chasing_rule = "axf"`).
    pub axf_chasing: bool,
    /// Whether a king in check may move only to take its single checker (makpong).
    pub makpong: bool,
    /// The squares of the diagonal lines (janggi's palace diagonals) that
    /// [`Atom::on_lines`](super::betza::Atom::on_lines) atoms move along.
    pub diagonal_lines: Vec<Square>,
    /// Whether a side may pass (not in check); two passes in a row end the game.
    pub pass: bool,
    /// Whether a side with pieces but no legal move passes; two passes in a row end the game.
    pub pass_on_stalemate: bool,
    /// Whether every move also places the duck (Fairy-Stockfish's `wallingRule = duck`): a wall
    /// on a square empty after the move, not the one it stands on; the walls before it go.
    pub duck_walling: bool,
    /// Enemy pieces a move or drop encloses change color, if any.
    pub flip: Option<Enclosing>,
    /// The bikjang rule: facing royal pieces must be parted (or the move passed); a facing that
    /// stands for a second position ends the game.
    pub bikjang: bool,
    /// Whether a move or drop may not leave a piece where it could never move again.
    pub immobility_illegal: bool,
    /// The flag rule, if any.
    pub flag: Option<Flag>,
    /// Whether pieces also come to hand from a partner's board (bughouse).
    pub two_boards: bool,
    /// King buckets requested for the NNUE (0: the default).
    pub king_buckets: u8,
    /// Pieces in hand and drops, if the variant has them.
    pub drops: Option<Drops>,
    /// Where the start FEN was given, for messages about it.
    pub start_fen_at: Diagnostic,
}

impl Definition {
    /// The kind with FEN letter `c` (either case).
    pub fn kind_of(&self, c: char) -> Option<u8> {
        let lower = c.to_ascii_lowercase();
        self.pieces.iter().position(|p| p.letter == lower).map(|k| k as u8)
    }

    /// Whether the last piece of kind `kind` is royal (an extinction kind with
    /// `extinction_pseudo_royal`).
    pub fn pseudo_royal_kind(&self, kind: u8) -> bool {
        self.end
            .extinction
            .as_ref()
            .is_some_and(|e| e.pseudo_royal && e.kinds.as_ref().is_some_and(|k| k.contains(&kind)))
    }

    /// `relative` rank (0-based, counted from `color`'s side) as an absolute rank.
    pub fn absolute_rank(&self, color: Color, relative: u8) -> u8 {
        relative_rank(color, relative, self.ranks)
    }
}
