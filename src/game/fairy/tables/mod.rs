//! The fairy interpreter's back end: a checked [`Definition`](crate::variant::Definition)
//! turned into the [`Rules`] the interpreter reads while it plays, for one bitboard width.
//!
//! Modules, one job each: `lookup` (ray and slider tables), `movetable` (what a kind reaches,
//! per color: [`KindTables`]), `atoms` (Betza atoms into move tables, by the `build` module's
//! builder, which owns the scratch state), `attack_sets` (the reversed tables grouped for "who
//! attacks this square" and pins), `castling`, `chasing`, `flag`, `keys`, and the cold rule
//! groups named as the definition's: `promotion`, `drops` (and `end`, the definition's own). The interpreter never reads the
//! definition itself.

mod atoms;
mod attack_sets;
mod build;
mod castling;
mod chasing;
mod drops;
mod flag;
mod keys;
pub mod lookup;
pub mod movetable;
mod promotion;

pub use attack_sets::{KindsAlong, PinLine, PinRay};
pub use castling::CastlePath;
pub use chasing::{ChaseRole, Chasing};
pub use drops::DropRules;
pub use flag::FlagRule;
pub use keys::Keys;
pub use promotion::PromotionRules;

use crate::core::{Bitboard, Color, Square};
use crate::variant::{Castling, Enclosing, GameEnd};
use lookup::{Ray, Slider};
use movetable::{KindTables, LeapAttacks};
use std::sync::Arc;

/// A variant ready to play on bitboards of type `B`.
///
/// Laid out in declaration order (`repr(C)`): the fields the move generator reads at every node
/// come first, on as few cache lines as they fit (the rook tables' lookups evict them from L1
/// between nodes); the rule groups, names, FENs and rarely read rules follow.
#[repr(C)]
#[derive(Clone, Debug)]
pub struct Rules<B> {
    /// Squares, `files * ranks`.
    pub squares: usize,
    /// Piece kinds per color.
    pub kinds: usize,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Every square of the board.
    pub board: B,
    /// `tables[color][kind]`.
    pub tables: [Vec<KindTables<B>>; 2],
    /// Every ray direction's table ([`Ray`]), shared by the pieces that use it.
    pub rays: Vec<Ray<B>>,
    /// Per color, the kinds whose every move one [`MoveTable::uniform`](movetable::MoveTable::uniform)
    /// table gives, that may stand anywhere and are neither pawns, royal, en-passant takers nor
    /// pieces with initial moves: the legal-move generator's plain loop. The other kinds are in
    /// `general_kinds`.
    pub uniform_kinds: [Vec<usize>; 2],
    /// Per color, the kinds not in `uniform_kinds`, moved by the general loop.
    pub general_kinds: [Vec<usize>; 2],
    /// Per color: each reversed slider with the kinds that capture along it. A square is
    /// attacked along a ray only by the ray's first piece, which the slider reaches.
    pub attack_sliders: [Vec<KindsAlong<B>>; 2],
    /// Per color: each reversed rider direction with the kinds that capture along it, for pins:
    /// a ray's first piece shields a royal piece from the second.
    pub pin_rays: [Vec<PinRay>; 2],
    /// Per color, `pin_line[royal * squares + sniper]`: which of `pin_rays` a rider on `sniper`
    /// reaches `royal` along.
    pub pin_line: [Vec<PinLine>; 2],
    /// Per color: the kinds whose captures a piece arriving on or leaving another square can
    /// open or close (hoppers, grasshoppers, lame leapers), for the legality analysis.
    pub blockable_kinds: [Vec<usize>; 2],
    /// Per color: the kinds that capture by anything but riding (leaps, lame leaps, hops),
    /// whose reversed tables "who attacks this square" must visit; those that capture by plain
    /// leaps only, anywhere on the board, are in `plain_leap_attacks` instead.
    pub leap_attack_kinds: [Vec<usize>; 2],
    /// Per color: the kinds (bit mask) confined to a region, which capture only inside it.
    pub regional_kinds: [u32; 2],
    /// The royal kinds.
    pub royal_kinds: Vec<u8>,
    /// Kinds (bit masks) that are royal, that move as pawns (promote, reset the move counter),
    /// that may capture en passant, and that become royal as a side's last pieces of their kind
    /// (`extinction_pseudo_royal`).
    royal_set: u32,
    pawn_set: u32,
    /// Kinds whose irreversible moves reset the n-move counter, and those of them that have a
    /// quiet move not forward, whose moves [`Rules::resets_move_rule`] tests one by one.
    move_rule_set: u32,
    move_rule_tested: u32,
    ep_set: u32,
    pseudo_royal_set: u32,
    /// Per color: whether some kind captures with initial moves. Such captures are found by
    /// the attack tests, but the pin analysis does not model them: every move of the other
    /// color gets the full legality test.
    pub initial_captures: [bool; 2],
    /// Per color: whether a move can give check only with the moved piece or by leaving a
    /// rider's line: no hoppers or lame leapers (whose captures other squares open) and no
    /// initial captures.
    pub plain_checks: [bool; 2],
    /// The kinds (bit mask) that may neither hop over nor capture a piece of their own kind
    /// (janggi's cannon).
    pub immune_set: u32,
    /// Whether the variant has a rule that only a few variants need the legal generator and
    /// its attack tests to look at: gating, sittuyin promotions, passing (on stalemate too),
    /// flips, bikjang, the flying general, kinds immune to their own, duple check, hands and
    /// drops, shogi-style promotions (from inside the zone). The generator and make-move run copies compiled without those
    /// tests (a const generic chosen once per call) where this is false: chess and most
    /// chess-like variants.
    pub rare_rules: bool,
    /// Whether a move is legal exactly when no royal piece of the mover is attacked after it,
    /// pseudo-royal pieces aside: checks allowed, nothing explodes, no pseudo-royal kinds, no
    /// pass on stalemate (the legal generator then works on sets of targets).
    pub set_wise: bool,
    /// [`Rules::set_wise`] with no kinds immune to their own and no bikjang: the one royal
    /// piece's targets are judged by the attacks on them alone.
    pub plain_legality: bool,
    /// Whether a rule can end the game while moves remain (extinction, flag, check counting,
    /// passing, bikjang, a full board): such an ended position has no moves.
    pub ends_by_rule: bool,
    /// Whether a side that can capture must.
    pub must_capture: bool,
    /// Whether checks matter (false: royal pieces may be left attacked and captured).
    pub checking: bool,
    /// Whether captures explode (atomic).
    pub blast_on_capture: bool,
    /// Whether double steps allow en passant captures.
    pub en_passant: bool,
    /// Whether the castling king is royal or pseudo-royal: its path must not be attacked.
    pub castle_king_royal: bool,
    /// Castling, if the variant has it.
    pub castling: Option<Castling>,
    /// Each color's castling rank (empty without castling).
    pub castle_rank: [B; 2],
    /// Each color's castlings by side, king file and rook file:
    /// `castle_paths[color][(side * files + king_file) * files + rook_file]` (see
    /// [`CastlePath`]); `None` where the rook's target would be off the board.
    pub castle_paths: [Vec<Option<CastlePath<B>>>; 2],
    /// (file, rank) of each square, without a division.
    pub coords: Vec<(u8, u8)>,
    /// Kinds (bit mask) whose arrival aiming at an enemy royal piece takes its first-move right.
    pub royal_right_lost_to: u32,
    /// Hands, drops and gating (the definition's `drops`).
    pub drops: DropRules<B>,
    /// Promotions (the definition's `promotion`, with each kind's promoted form).
    pub promotion: PromotionRules<B>,
    /// How the game ends: mate, stalemate, repetition, the move rules and the variant's own
    /// ends (the definition's, as it is).
    pub end: GameEnd,
    /// The flag rule, if any.
    pub flag: Option<FlagRule<B>>,
    /// Whether the extinction rule counts kinds one by one or pieces in hand: the counts are
    /// then kept with the position (updated by make-move) rather than taken at every node;
    /// otherwise (horde: all pieces on the board) one population count is cheaper than the
    /// upkeep.
    pub extinction_cached: bool,
    /// The bikjang rule (see [`crate::variant::Definition::bikjang`]).
    pub bikjang: bool,
    /// Whether two royal pieces may not see each other along [`Rules::royal_lines`].
    pub flying_general: bool,
    /// The AXF chasing rules, where the variant has them: each kind's part in them.
    pub chasing: Option<Chasing<B>>,
    /// Whether a royal piece in check may move only to take its single checker (makpong).
    pub makpong: bool,
    /// Whether a side may pass.
    pub pass: bool,
    /// Whether a side with pieces but no other legal move passes.
    pub pass_on_stalemate: bool,
    /// Whether every move also places the duck ([`crate::variant::Definition::duck_walling`]).
    pub duck_walling: bool,
    /// Enemy pieces a move or drop encloses change color, if any.
    pub flip: Option<Enclosing>,
    /// Whether make-move has more to do once the move is on the board: gating, a duck or flips.
    pub after_move: bool,
    /// The duple-check rule (`Extinction::duple_check`), read on every move.
    pub duple_check: bool,
    /// Whether initial moves belong to pieces that have not moved (a right per square, in the
    /// FEN's castling field) rather than to a region.
    pub first_move_rights: bool,
    /// Zobrist keys.
    pub keys: Keys,
    /// Per color: the kinds that capture by plain leaps only (no lame leaps, hops or initial
    /// captures) and may stand anywhere, with their reversed tables side by side.
    pub plain_leap_attacks: [LeapAttacks<B>; 2],
    /// Per color, the kinds (bit mask) whose every move is a plain move: not pawns, and with no
    /// square in [`KindTables::attention_to`] (no promotion or demotion, never stuck).
    pub steady: [u32; 2],
    /// Whether moves and drops may not leave a piece where it could never move again.
    pub immobility_illegal: bool,
    /// With the flying-general or the bikjang rule, the orthogonal slider tables along which
    /// royal pieces see each other (empty otherwise).
    pub royal_lines: Vec<Arc<Slider<B>>>,
    /// The squares of the diagonal lines (janggi's palace diagonals).
    pub diagonal_lines: B,
    /// Kinds (bit mask) that survive explosions.
    pub blast_immune: u32,
    /// Where each color's initial moves (pawn double steps) may start.
    pub initial_region: [B; 2],
    /// Where each color may capture en passant.
    pub ep_region: [B; 2],
    /// The eight (or fewer) squares around each square: explosions, and kings' immunity to
    /// each other in atomic variants.
    pub ring: Vec<B>,
    /// The variant's name.
    pub name: String,
    /// The start position (FEN, Fairy-Stockfish's dialect).
    pub start_fen: String,
    /// Lookup tables of riders (one per set of rays), shared by the pieces that use them.
    pub sliders: Vec<Arc<Slider<B>>>,
    /// Per kind, its FEN letter (lower case).
    pub letters: Vec<char>,
    /// The kinds (bit mask) that are chess pawns (`fmWfceF` or `fmWfcF`), whose letter SAN
    /// leaves out.
    pub chess_pawns: u32,
    /// Per kind, the letter written notation (SAN) uses, upper case: the FEN letter, or
    /// Fairy-Stockfish's synonym (`H` for a horse, `E` for an elephant).
    pub san_letters: Vec<char>,
    /// Per kind, the (middlegame, endgame) value in centipawns the file gives, if it does.
    pub values: Vec<Option<(i32, i32)>>,
    /// Whether every kind moves alike to the left and to the right (nets may then mirror).
    pub mirror_symmetric: bool,
    /// King buckets a net for the variant uses (0: derived).
    pub king_buckets: u8,
    /// The most pieces the board and both hands can hold together: the start position's count
    /// (drops and captures to hand never add a piece). A FEN with more is refused.
    pub piece_limit: usize,
    /// Royal pieces of each color in the start position, on the board and in hand: no move
    /// adds one, so a FEN with more is refused (a white king in horde).
    pub royal_limit: [u32; 2],
}

impl<B: Bitboard> Rules<B> {
    /// The key of `count` pieces of `kind` in `color`'s hand.
    #[inline(always)]
    pub fn hand_key(&self, color: Color, kind: usize, count: u8) -> u64 {
        let count = usize::from(count).min(self.piece_limit);
        self.keys.hand[(color.index() * self.kinds + kind) * (self.piece_limit + 1) + count]
    }

    /// The kind with FEN letter `c` (either case); a base kind, not a promoted form.
    pub fn kind_of(&self, c: char) -> Option<u8> {
        let lower = c.to_ascii_lowercase();
        (0..self.kinds)
            .find(|&k| self.letters[k] == lower && self.base_of(k).is_none())
            .map(|k| k as u8)
    }

    /// The origins from which every move of our piece of `kind` needs a closer look: for a
    /// shogi-style promotion (or Kyoto's demotion), a move out of the zone may change it too.
    /// Pawns promote only on entering it.
    #[inline(always)]
    pub fn zone_from(&self, color: Color, kind: usize) -> B {
        if self.is_pawn(kind) {
            B::EMPTY
        } else {
            self.kind(color, kind).promo_zone
        }
    }

    /// The kind of `kind`'s promoted form, if it has one.
    #[inline(always)]
    pub fn promoted_form(&self, kind: usize) -> Option<u8> {
        self.promotion.promotes_to[kind]
    }

    /// For a promoted form, the kind it promoted from.
    #[inline(always)]
    pub fn base_of(&self, kind: usize) -> Option<u8> {
        self.promotion.promoted_from[kind]
    }

    /// The kind a captured piece of `kind` goes to hand as: its base for a promoted form.
    #[inline(always)]
    pub fn in_hand_kind(&self, kind: u8) -> u8 {
        self.base_of(usize::from(kind)).unwrap_or(kind)
    }

    /// Whether `kind` is royal (may not be left attacked where checks matter).
    #[inline(always)]
    pub fn is_royal(&self, kind: usize) -> bool {
        self.royal_set >> kind & 1 != 0
    }

    /// Whether a `color` pawn entering its promotion zone must promote: promotion is
    /// mandatory and it has something to become (a choice, or `has_form`: its own `+` form).
    #[inline]
    pub fn pawn_promotion_forced(&self, color: Color, has_form: bool) -> bool {
        self.promotion.mandatory && (!self.promotion.kinds[color.index()].is_empty() || has_form)
    }

    /// Whether any kind is pseudo-royal (`extinction_pseudo_royal`).
    #[inline(always)]
    pub fn has_pseudo_royal_kinds(&self) -> bool {
        self.pseudo_royal_set != 0
    }

    /// Whether a side's last pieces of `kind` are royal (`extinction_pseudo_royal`).
    #[inline(always)]
    pub fn is_pseudo_royal(&self, kind: usize) -> bool {
        self.pseudo_royal_set >> kind & 1 != 0
    }

    /// Where `kind` may stand, as squares; empty where it may stand anywhere.
    pub fn region_squares(&self, color: Color, kind: usize) -> Vec<Square> {
        let region = self.kind(color, kind).region;
        if region == self.board {
            Vec::new()
        } else {
            region.squares().collect()
        }
    }

    /// Whether `kind` moves as a pawn (promotes, is taken en passant).
    #[inline(always)]
    pub fn is_pawn(&self, kind: usize) -> bool {
        self.pawn_set >> kind & 1 != 0
    }

    /// Whether `color`'s move of a `kind` from `from` to `to` resets the n-move counter: the
    /// kind's irreversible moves do, those it could undo by a quiet move on an empty board do
    /// not (Fairy-Stockfish's `nMoveRuleTypes`).
    #[inline(always)]
    pub fn resets_move_rule(&self, color: Color, kind: usize, from: Square, to: Square) -> bool {
        if self.move_rule_set >> kind & 1 == 0 {
            return false;
        }
        if self.move_rule_tested >> kind & 1 == 0 {
            return true;
        }
        let (quiet, _) = self.kind(color, kind).normal.reach(&self.rays, to, B::EMPTY);
        !quiet.has(from)
    }

    /// The kinds (bit mask) that may capture en passant.
    #[inline(always)]
    pub fn ep_kinds(&self) -> u32 {
        self.ep_set
    }

    /// Whether `kind` may capture en passant.
    #[inline(always)]
    pub fn takes_en_passant(&self, kind: usize) -> bool {
        self.ep_set >> kind & 1 != 0
    }

    /// The one ray of `color`'s riders along which a rider on `sq` reaches `royal` (see
    /// [`Rules::pin_line`]); `None` where there is none or more than one.
    #[inline]
    pub fn pin_ray(&self, color: Color, royal: Square, sq: Square) -> Option<&Ray<B>> {
        let line = self.pin_line[color.index()][royal.index() * self.squares + sq.index()];
        let pin = &self.pin_rays[color.index()][line.single()?];
        Some(&self.rays[pin.ray])
    }

    /// The kind index's tables for `color`.
    #[inline(always)]
    pub fn kind(&self, color: Color, kind: usize) -> &KindTables<B> {
        &self.tables[color.index()][kind]
    }
}
