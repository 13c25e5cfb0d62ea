//! [`Rules`]: the last step of the compile, a checked [`Definition`] turned into what the
//! interpreter (`game::fairy`) reads while it plays, for one bitboard width: per-kind move
//! tables ([`KindTables`]), the ray and slider tables they share ([`Ray`], [`Slider`]), the
//! reversed tables that answer "who attacks this square", pin lines, regions and castling paths
//! as bitboards, kind sets as bit masks, zobrist keys, and the game's rules as plain fields.
//! The interpreter never reads the definition itself.
//!
//! Riders' moves and attacks are looked up in one [`Slider`] table per set of directions
//! (orthogonal, diagonal, each other line) and range, split into lines where a table would be
//! too large; tables are shared by every kind that uses them.

use super::betza::{Atom, Reach, lame_path};
use super::lookup::{Ray, Slider, gcd};
use super::movetable::{KindTables, LeapAttacks, LeapVariant, MoveTable, SetLeap};
use super::{Castling, Counting, Definition, Extinction};
use crate::core::zobrist::splitmix64;
use crate::core::{Bitboard, Color, Outcome, Square};
use std::sync::Arc;

/// A kind's part in the AXF chasing rules, read from its moves (Fairy-Stockfish's built-in
/// xiangqi types): which attacks count as chases and which pieces are worth more.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChaseRole {
    /// The royal piece: never chases, never chased.
    General,
    /// `F`: chases the chariot, cannon and horse even when they are protected.
    Advisor,
    /// `nA`: as the advisor.
    Elephant,
    /// `nN`: chases the chariot even when protected; a horse it attacks back is no chase.
    Horse,
    /// `R`.
    Chariot,
    /// `mRcpR`: chases the chariot even when protected.
    Cannon,
    /// A pawn-like soldier: never chases, chased only across the river (in its advanced region).
    Soldier,
    /// Any other piece: chases unprotected pieces.
    Other,
}

/// The AXF chasing rules' view of a variant's pieces.
#[derive(Clone, Debug)]
pub struct Chasing<B> {
    /// Each kind's role.
    pub roles: Vec<ChaseRole>,
    /// Per color, where its soldiers count as crossed the river (chased like any piece): their
    /// advanced region, or the whole board for soldiers without one.
    pub soldiers_across: [B; 2],
}

impl<B: Bitboard> Chasing<B> {
    fn build(def: &Definition) -> Chasing<B> {
        let role = |p: &super::PieceDef| match p.betza_text.as_str() {
            _ if p.royal => ChaseRole::General,
            _ if p.advanced_region.iter().any(|r| !r.is_empty()) => ChaseRole::Soldier,
            "fW" | "fsW" => ChaseRole::Soldier,
            "F" => ChaseRole::Advisor,
            "nA" => ChaseRole::Elephant,
            "nN" => ChaseRole::Horse,
            "R" => ChaseRole::Chariot,
            "mRcpR" => ChaseRole::Cannon,
            _ => ChaseRole::Other,
        };
        let board = board_mask(def.files as usize * def.ranks as usize);
        let across = |c: usize| {
            let advanced = def.pieces.iter().find(|p| !p.advanced_region[c].is_empty());
            advanced.map_or(board, |p| region(&p.advanced_region[c]))
        };
        Chasing {
            roles: def.pieces.iter().map(role).collect(),
            soldiers_across: [across(0), across(1)],
        }
    }
}

/// [`Rules::pin_line`]: no ray.
pub const NO_LINE: u8 = u8::MAX;
/// [`Rules::pin_line`]: more than one ray.
pub const MANY_LINES: u8 = u8::MAX - 1;
/// [`Rules::promotes_to`], [`Rules::unpromoted`]: no kind.
pub const NO_KIND: u8 = u8::MAX;

/// The most entries a [`Slider`] table may hold (16 bytes each on the widest bitboards): a set
/// of directions that would need more is split into lines (a ray and its opposite). A rook on
/// 8x8 needs 102,400.
const SLIDER_ENTRIES: usize = 1 << 17;

/// One castling's squares, for a king and a rook on given files of the castling rank
/// (side 0 = towards higher files).
#[derive(Clone, Copy, Debug)]
pub struct CastlePath<B> {
    /// Where the king ends.
    pub king_to: Square,
    /// Where the rook ends.
    pub rook_to: Square,
    /// The squares that must be empty: the king's and the rook's paths, targets included, their
    /// own squares excepted.
    pub empty: B,
    /// The squares the king passes, its own and its target excepted: none may be attacked
    /// before the move (the target is tested with the rook moved).
    pub passed: B,
}

/// [`Rules::castle_paths`] for `castling` on a board `files` wide.
fn castle_paths<B: Bitboard>(castling: &crate::variant::Castling, files: u8) -> [Vec<Option<CastlePath<B>>>; 2] {
    let span = |a: Square, b: Square| (a.0.min(b.0)..=a.0.max(b.0)).fold(B::EMPTY, |m, s| m | B::square(Square(s)));
    std::array::from_fn(|color| {
        let base = castling.rank[color] * files;
        let mut out = Vec::with_capacity(2 * usize::from(files) * usize::from(files));
        for side in 0..2 {
            let king_file = if side == 0 {
                castling.kingside_file
            } else {
                castling.queenside_file
            };
            let rook_file = if side == 0 {
                king_file.checked_sub(1)
            } else {
                Some(king_file + 1).filter(|&f| f < files)
            };
            for king in 0..files {
                for rook in 0..files {
                    out.push(rook_file.map(|rook_file| {
                        let (king, rook) = (Square(base + king), Square(base + rook));
                        let (king_to, rook_to) = (Square(base + king_file), Square(base + rook_file));
                        let own = B::square(king) | B::square(rook);
                        CastlePath {
                            king_to,
                            rook_to,
                            empty: (span(king, king_to) | span(rook, rook_to)) & !own,
                            passed: span(king, king_to) & !B::square(king) & !B::square(king_to),
                        }
                    }));
                }
            }
        }
        out
    })
}

/// A flag rule: a side whose flag piece reaches its region wins.
#[derive(Clone, Copy, Debug)]
pub struct FlagRule {
    /// The flag piece's kind.
    pub kind: u8,
    /// Whether the second player may still draw by reaching its own region on the next move.
    pub flag_move: bool,
    /// Whether the flag piece counts only while the opponent does not attack it there.
    pub safe: bool,
}

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
}

/// A variant ready to play on bitboards of type `B`.
///
/// Laid out in declaration order (`repr(C)`): the fields the move generator reads at every node
/// come first, on as few cache lines as they fit (the rook tables' lookups evict them from L1
/// between nodes); the names, FENs and rarely read rules follow.
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
    /// Per color, the kinds whose every move one [`MoveTable::uniform`] table gives, that may
    /// stand anywhere and are neither pawns, royal, en-passant takers nor pieces with initial
    /// moves: the legal-move generator's plain loop. The other kinds are in `general_kinds`.
    pub uniform_kinds: [Vec<usize>; 2],
    /// Per color, the kinds not in `uniform_kinds`, moved by the general loop.
    pub general_kinds: [Vec<usize>; 2],
    /// Per color: each reversed slider with the kinds (bit mask) that capture along it. A
    /// square is attacked along a ray only by the ray's first piece, which the slider reaches.
    pub attack_sliders: [Vec<(Arc<Slider<B>>, u32)>; 2],
    /// Per color: each reversed rider direction with the kinds (bit mask) that capture along
    /// it, for pins: a ray's first piece shields a royal piece from the second.
    pub pin_rays: [Vec<(usize, u32)>; 2],
    /// Per color, `pin_line[royal * squares + sniper]`: the index in `pin_rays` of the one ray
    /// along which a rider on `sniper` reaches `royal`, [`NO_LINE`] if none, [`MANY_LINES`] if
    /// more than one (two ranges or steps in one direction).
    pub pin_line: [Vec<u8>; 2],
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
    /// Kinds (bit masks) that move as pawns (promote, reset the move counter), that may capture
    /// en passant, and that become royal as a side's last pieces of their kind
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
    /// its attack tests to look at: gating, sittuyin promotions, passing, bikjang, the flying
    /// general, kinds immune to their own, duple check, hands and drops, shogi-style promotions
    /// (from inside the zone). The generator and make-move run copies compiled without those
    /// tests (a const generic chosen once per call) where this is false: chess and most
    /// chess-like variants.
    pub rare_rules: bool,
    /// Whether a move is legal exactly when no royal piece of the mover is attacked after it,
    /// pseudo-royal pieces aside: checks allowed, nothing explodes, no pseudo-royal kinds (the
    /// legal generator then works on sets of targets).
    pub set_wise: bool,
    /// [`Rules::set_wise`] with no kinds immune to their own and no bikjang: the one royal
    /// piece's targets are judged by the attacks on them alone.
    pub plain_legality: bool,
    /// Whether a rule can end the game while moves remain (extinction, flag, check counting,
    /// passing, bikjang): such an ended position has no moves.
    pub ends_by_rule: bool,
    /// Whether a side that can capture must.
    pub must_capture: bool,
    /// Whether a side with pieces in hand must drop while a drop is legal (setup phases).
    pub must_drop: bool,
    /// Whether pieces in hand may be dropped.
    pub drops: bool,
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
    /// Whether checks are counted (n-check variants).
    pub check_counting: bool,
    /// The Thai or Cambodian counting rule, if any.
    pub counting: Option<Counting>,
    /// Whether captured pieces go to the capturer's hand.
    pub captures_to_hand: bool,
    /// Whether promoted pieces keep their kind in hand (no demotion, no `~` kept).
    pub drop_loop: bool,
    /// Whether pieces made by a pawn's promotion are marked (`~` in FEN): where they go back to
    /// hand as pawns, and for written notation (a promoted met is Thai SAN's `ง`).
    pub marks_promoted: bool,
    /// Whether the FEN writes those marks (`~`): where pieces go back to hand, and in bughouse.
    pub writes_promoted: bool,
    /// The kind a captured promoted piece goes to hand as (the first pawn kind), unless
    /// `drop_loop`.
    pub demoted_kind: Option<u8>,
    /// Whether promoted forms turn back by a move in the zone (Kyoto shogi).
    pub piece_demotion: bool,
    /// S-chess gating: a piece leaving a square with a gate may bring a piece in hand there.
    pub gating: bool,
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
    /// The duple-check rule (`Extinction::duple_check`), read on every move.
    pub duple_check: bool,
    /// Whether initial moves belong to pieces that have not moved (a right per square, in the
    /// FEN's castling field) rather than to a region.
    pub first_move_rights: bool,
    /// Each color's promotion zone.
    pub promotion_zone: [B; 2],
    /// Each color's promotion choices, in order.
    pub promotion_kinds: [Vec<u8>; 2],
    /// Per kind, the kind of its shogi-style promoted form ([`NO_KIND`]: none).
    pub promotes_to: Vec<u8>,
    /// Per kind, for a promoted form, the kind it promoted from and goes back to in hand
    /// ([`NO_KIND`]: not a promoted form).
    pub unpromoted: Vec<u8>,
    /// The extinction rule, if any.
    pub extinction: Option<Extinction>,
    /// Whether the extinction rule counts kinds one by one or pieces in hand: the counts are
    /// then kept with the position (updated by make-move) rather than taken at every node;
    /// otherwise (horde: all pieces on the board) one population count is cheaper than the
    /// upkeep.
    pub extinction_cached: bool,
    /// The flag rule, if any (its regions are [`Rules::flag_region`]).
    pub flag: Option<FlagRule>,
    /// Zobrist keys.
    pub keys: Keys,
    /// Per color: the kinds that capture by plain leaps only (no lame leaps, hops or initial
    /// captures) and may stand anywhere, with their reversed tables side by side.
    pub plain_leap_attacks: [LeapAttacks<B>; 2],
    /// The variant's name.
    pub name: String,
    /// The start position (FEN, Fairy-Stockfish's dialect).
    pub start_fen: String,
    /// (file step, rank step, range) of each ray, to share them.
    ray_keys: Vec<(i32, i32, u8)>,
    /// Lookup tables of riders (one per set of rays), shared by the pieces that use them.
    pub sliders: Vec<Arc<Slider<B>>>,
    /// The rays of each slider, sorted, to share them.
    slider_keys: Vec<Vec<usize>>,
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
    /// Whether a pawn entering the zone must promote.
    pub promotion_mandatory: bool,
    /// Promotion kinds limited to a count per side: (kind, most on the board).
    pub promotion_limits: Vec<(u8, u8)>,
    /// Per color, the kinds (bit mask) whose every move is a plain move: not pawns, and with no
    /// square in [`KindTables::attention_to`](super::movetable::KindTables::attention_to) (no
    /// promotion or demotion, never stuck).
    pub steady: [u32; 2],
    /// Whether shogi-style promotion is compulsory where it is possible.
    pub piece_promotion_mandatory: bool,
    /// Whether moves and drops may not leave a piece where it could never move again.
    pub immobility_illegal: bool,
    /// With the flying-general or the bikjang rule, the orthogonal slider tables along which
    /// royal pieces see each other (empty otherwise).
    pub royal_lines: Vec<Arc<Slider<B>>>,
    /// The squares of the diagonal lines (janggi's palace diagonals).
    pub diagonal_lines: B,
    /// How an end by bikjang or two passes is scored (see
    /// [`crate::variant::Definition::material_count`]).
    pub material_count: Option<(Vec<(u8, u8)>, u8)>,
    /// Kinds (bit mask) that survive explosions.
    pub blast_immune: u32,
    /// The result for the side to move when it is mated.
    pub checkmate_value: Outcome,
    /// The result for the side to move when it has no move and is not in check.
    pub stalemate_value: Outcome,
    /// The n-move rule in full moves (0: none).
    pub n_move_rule: u16,
    /// Occurrences of a position that end the game.
    pub n_fold_rule: u8,
    /// The result of an n-fold repetition for the side to move (for White, with
    /// `n_fold_value_absolute`).
    pub n_fold_value: Outcome,
    /// See `n_fold_value`.
    pub n_fold_value_absolute: bool,
    /// Whether a side that checks with every move of a repetition cycle loses.
    pub perpetual_check_loses: bool,
    /// King buckets a net for the variant uses (0: derived).
    pub king_buckets: u8,
    /// Whether the sides hold pieces in hand (drops or gating).
    pub hands: bool,
    /// Kinds (bit mask) whose pieces must be dropped evenly on light and dark squares.
    pub opposite_colored: u32,
    /// The dark squares (`a1`'s colour), for `opposite_colored`.
    pub dark_squares: B,
    /// Whether a king or rook dropped on its castling square gets its castling right.
    pub castling_dropped_piece: bool,
    /// Sittuyin's promotion (in place or by a move of the new kind; never by moving into the
    /// zone).
    pub sittuyin_promotion: bool,
    /// Whether a drop may give check.
    pub drop_checks: bool,
    /// Whether pieces with a promoted form may be dropped as it.
    pub drop_promoted: bool,
    /// Kinds (bit mask) that may not be dropped on a file holding `no_doubled_count` pieces of
    /// the kind of the same side (nifu).
    pub no_doubled: u32,
    /// See `no_doubled`.
    pub no_doubled_count: u8,
    /// Kinds (bit mask) whose drop may not checkmate (uchifuzume).
    pub drop_mate_illegal: u32,
    /// The squares of each file.
    pub file_masks: Vec<B>,
    /// Per color, per kind: the squares a piece of the kind may be dropped on (empty for royal
    /// kinds, which never go to hand).
    pub drop_region: [Vec<B>; 2],
    /// Per kind, the most pieces of it one hand can hold: the NNUE's hand slots.
    pub hand_max: Vec<u8>,
    /// The kinds in the order FEN writes hands in: Fairy-Stockfish's, its built-in piece types
    /// from the last down (`[CAQRBNP]`), then the others.
    pub hand_order: Vec<u8>,
    /// The most pieces the board and both hands can hold together: the start position's count
    /// (drops and captures to hand never add a piece). A FEN with more is refused.
    pub piece_limit: usize,
    /// Royal pieces of each color in the start position, on the board and in hand: no move
    /// adds one, so a FEN with more is refused (a white king in horde).
    pub royal_limit: [u32; 2],
    /// Where each color's initial moves (pawn double steps) may start.
    pub initial_region: [B; 2],
    /// Where each color may capture en passant.
    pub ep_region: [B; 2],
    /// Where the flag piece of each color wins (empty without a flag rule).
    pub flag_region: [B; 2],
    /// The eight (or fewer) squares around each square: explosions, and kings' immunity to
    /// each other in atomic variants.
    pub ring: Vec<B>,
}

/// [`Rules::hand_order`]: a kind ranks as Fairy-Stockfish's built-in type of the same Betza
/// ([`super::ini::PIECE_TYPES`], in its enum order), pawns first; pieces it has no built-in
/// type for are its custom pieces, numbered after the built-in types in the order the file
/// defines them (torishogi's falcon, crane, quails, pheasant). Fairy-Stockfish writes hands
/// from the last type down.
fn hand_order(def: &Definition) -> Vec<u8> {
    let types = super::ini::PIECE_TYPES;
    let mut custom: Vec<usize> = (0..def.pieces.len())
        .filter(|&k| !def.pieces[k].pawn && !types.iter().any(|&(_, betza, _)| betza == def.pieces[k].betza_text))
        .collect();
    custom.sort_by_key(|&k| def.pieces[k].defined_at);
    let rank = |k: usize| {
        let p = &def.pieces[k];
        if p.pawn {
            return 0;
        }
        match types.iter().position(|&(_, betza, _)| betza == p.betza_text) {
            Some(t) => t + 1,
            None => types.len() + 1 + custom.iter().position(|&c| c == k).unwrap_or(0),
        }
    };
    let mut kinds: Vec<u8> = (0..def.pieces.len() as u8).collect();
    kinds.sort_by_key(|&k| std::cmp::Reverse(rank(usize::from(k))));
    kinds
}

/// Pieces of each kind (both colors) in `def`'s start position, on the board and in hand.
fn start_counts(def: &Definition) -> Vec<u32> {
    let mut counts = vec![0; def.pieces.len()];
    let placement = def.start_fen.split_whitespace().next().unwrap_or("");
    let hand = def.start_fen.split_whitespace().nth(1).filter(|f| f.starts_with('['));
    for c in placement.chars().chain(hand.unwrap_or("").chars()) {
        if let Some(k) = def.kind_of(c) {
            counts[usize::from(k)] += 1;
        }
    }
    counts
}

/// Royal pieces of each color in `def`'s start position, on the board and in hand.
fn royal_counts(def: &Definition) -> [u32; 2] {
    let mut counts = [0; 2];
    let placement = def.start_fen.split_whitespace().next().unwrap_or("");
    let hand = def.start_fen.split_whitespace().nth(1).filter(|f| f.starts_with('['));
    for c in placement.chars().chain(hand.unwrap_or("").chars()) {
        if def.kind_of(c).is_some_and(|k| def.pieces[usize::from(k)].royal) {
            counts[usize::from(c.is_ascii_lowercase())] += 1;
        }
    }
    counts
}

fn board_mask<B: Bitboard>(squares: usize) -> B {
    (0..squares).fold(B::EMPTY, |b, s| b | B::square(Square(s as u8)))
}

/// The squares of `rank` (0-based) on a board `files` wide.
fn rank_mask<B: Bitboard>(rank: u8, files: u8) -> B {
    (0..files).fold(B::EMPTY, |b, f| b | B::square(Square::new(f, rank, files)))
}

fn region<B: Bitboard>(squares: &[Square]) -> B {
    squares.iter().fold(B::EMPTY, |b, &s| b | B::square(s))
}

impl<B: Bitboard> Rules<B> {
    fn on_board(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        let f = sq.file(self.files) as i32 + df;
        let r = sq.rank(self.files) as i32 + dr;
        (0..self.files as i32).contains(&f).then_some(())?;
        (0..self.ranks as i32).contains(&r).then_some(())?;
        Some(Square::new(f as u8, r as u8, self.files))
    }

    fn ray_index(&mut self, df: i32, dr: i32, range: u8) -> usize {
        // Rays are built on demand and shared by every piece that uses the same step and range.
        let key = (df, dr, range);
        if let Some(i) = self.ray_keys.iter().position(|k| *k == key) {
            return i;
        }
        let mut full = vec![B::EMPTY; self.squares];
        let mut limited = vec![B::EMPTY; self.squares];
        for s in 0..self.squares {
            let sq = Square(s as u8);
            let mut cur = sq;
            let mut n = 0u8;
            while let Some(next) = self.on_board(cur, df, dr) {
                full[s] |= B::square(next);
                n += 1;
                if range == 0 || n <= range {
                    limited[s] |= B::square(next);
                }
                cur = next;
            }
        }
        let positive = dr * self.files as i32 + df > 0;
        self.rays.push(Ray {
            positive,
            full,
            limited,
            range,
        });
        self.ray_keys.push(key);
        self.rays.len() - 1
    }

    /// The table of `atoms` for `color` (reversed: who captures on a square), the
    /// [`Atom::advanced`] ones only from the squares of `advanced`.
    fn table(&mut self, atoms: &[Atom], color: Color, reverse: bool, advanced: B) -> MoveTable<B> {
        let mut t = MoveTable {
            leap_quiet: vec![B::EMPTY; self.squares],
            leap_capture: vec![B::EMPTY; self.squares],
            leaps: atoms
                .iter()
                .any(|a| (a.on_lines || matches!(a.reach, Reach::Leap | Reach::Lame)) && (a.capture || !reverse)),
            ..MoveTable::default()
        };
        // Black's moves are White's turned half a turn, as in Fairy-Stockfish: forward is down
        // and left is towards the higher files (torishogi's quails move differently to the left
        // and to the right).
        let sign = if color == Color::White { 1 } else { -1 };
        for a in atoms {
            if reverse && !a.capture {
                continue;
            }
            let (mut df, mut dr) = (a.df as i32 * sign, a.dr as i32 * sign);
            if reverse {
                (df, dr) = (-df, -dr);
            }
            if a.on_lines {
                self.line_moves(&mut t, a, df, dr);
                continue;
            }
            match a.reach {
                Reach::Leap => {
                    for s in 0..self.squares {
                        if let Some(to) = self.on_board(Square(s as u8), df, dr) {
                            // Seen from the target when reversed.
                            let origin = if reverse { to } else { Square(s as u8) };
                            if a.advanced && !advanced.has(origin) {
                                continue;
                            }
                            if a.quiet {
                                t.leap_quiet[s] |= B::square(to);
                            }
                            if a.capture {
                                t.leap_capture[s] |= B::square(to);
                            }
                        }
                    }
                }
                Reach::Lame => {
                    // The path of the forward move; reversed, it is seen from the target.
                    let path = lame_path(a.df, a.dr);
                    for s in 0..self.squares {
                        let sq = Square(s as u8);
                        let Some(to) = self.on_board(sq, df, dr) else { continue };
                        let origin = if reverse { to } else { sq };
                        if a.advanced && !advanced.has(origin) {
                            continue;
                        }
                        let mut mask = B::EMPTY;
                        let mut ok = true;
                        for &(pf, pr) in &path {
                            match self.on_board(origin, pf as i32 * sign, pr as i32 * sign) {
                                Some(p) => mask |= B::square(p),
                                None => ok = false,
                            }
                        }
                        if ok {
                            t.lame
                                .push(self.squares, Square(s as u8), (to, mask, a.quiet, a.capture));
                        }
                    }
                }
                Reach::Ride(range) => {
                    let r = self.ray_index(df, dr, range);
                    t.riders.push((r, a.quiet, a.capture));
                }
                Reach::Hop(range) => {
                    let r = self.ray_index(df, dr, range);
                    t.hoppers.push((r, a.quiet, a.capture));
                }
                Reach::Grasshop => {
                    let r = self.ray_index(df, dr, 0);
                    if reverse {
                        t.reverse_grass.push(r);
                    } else {
                        t.grasshoppers.push((r, a.quiet, a.capture));
                    }
                }
            }
        }
        t.sliders = self
            .group_riders(&t.riders)
            .into_iter()
            .map(|(s, q, c)| (Arc::clone(&self.sliders[s]), q, c))
            .collect();
        if !reverse
            && atoms
                .iter()
                .all(|a| !a.on_lines && matches!(a.reach, Reach::Leap | Reach::Ride(_)))
            && t.sliders.len() <= 2
        {
            if atoms.iter().all(|a| a.quiet && a.capture) {
                let slot = |i: usize| t.sliders.get(i).map(|(s, _, _)| Arc::clone(s));
                t.uniform = Some([slot(0), slot(1)]);
            } else {
                let slot = |i: usize| t.sliders.get(i).cloned();
                t.split = Some([slot(0), slot(1)]);
            }
        }
        t.only_leaps = atoms
            .iter()
            .filter(|a| a.capture || !reverse)
            .all(|a| a.reach == Reach::Leap);
        t
    }

    /// The moves of an [`Atom::on_lines`] atom of vector `(df, dr)` (already turned for the color
    /// and reversed where the table is), into `t`: from each square of the diagonal lines to
    /// the squares of the lines along the vector, as leaps, lame leaps (a ride: the squares
    /// between must be empty) or screened hops (exactly one of them occupied). The lines hold
    /// every square between two of theirs, so the reversed table is the same walk.
    fn line_moves(&self, t: &mut MoveTable<B>, a: &Atom, df: i32, dr: i32) {
        for s in self.diagonal_lines.squares() {
            let mut path = B::EMPTY;
            let mut at = s;
            for step in 1.. {
                let Some(to) = self.on_board(at, df, dr).filter(|&to| self.diagonal_lines.has(to)) else {
                    break;
                };
                match a.reach {
                    Reach::Leap => {
                        if a.quiet {
                            t.leap_quiet[s.index()] |= B::square(to);
                        }
                        if a.capture {
                            t.leap_capture[s.index()] |= B::square(to);
                        }
                        break;
                    }
                    Reach::Ride(_) => t.lame.push(self.squares, s, (to, path, a.quiet, a.capture)),
                    _ if step >= 2 => t.screened.push(self.squares, s, (to, path, a.quiet, a.capture)),
                    _ => {}
                }
                if let Reach::Ride(range) = a.reach
                    && range != 0
                    && step >= usize::from(range)
                {
                    break;
                }
                path |= B::square(to);
                at = to;
            }
        }
    }

    /// `atoms` as set-wise steps for `color`, grouped by step; `None` if some atom is not a
    /// leap or a lame leap.
    fn set_leaps(&self, atoms: &[Atom], color: Color, advanced: B) -> Option<Vec<SetLeap<B>>> {
        if atoms.iter().any(|a| a.on_lines) {
            return None;
        }
        let sign = if color == Color::White { 1 } else { -1 };
        let files = self.files as i32;
        let mut out: Vec<SetLeap<B>> = Vec::new();
        for a in atoms {
            let path = match a.reach {
                Reach::Leap => Vec::new(),
                Reach::Lame => lame_path(a.df, a.dr),
                _ => return None,
            };
            let (df, dr) = (a.df as i32 * sign, a.dr as i32 * sign);
            let mut from = B::EMPTY;
            for s in 0..self.squares {
                let sq = Square(s as u8);
                let fits = self.on_board(sq, df, dr).is_some()
                    && path
                        .iter()
                        .all(|&(pf, pr)| self.on_board(sq, pf as i32 * sign, pr as i32 * sign).is_some());
                if fits && (!a.advanced || advanced.has(sq)) {
                    from |= B::square(sq);
                }
            }
            let variant = LeapVariant {
                from,
                path: path
                    .iter()
                    .map(|&(pf, pr)| (pr as i32 * files + pf as i32) * sign)
                    .collect(),
                quiet: a.quiet,
                capture: a.capture,
                initial: a.initial,
            };
            let step = dr * files + df;
            let index = match out.iter().position(|l| l.shift == step) {
                Some(i) => i,
                None => {
                    out.push(SetLeap {
                        shift: step,
                        quiet_from: B::EMPTY,
                        capture_from: B::EMPTY,
                        variants: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            let leap = &mut out[index];
            if variant.path.is_empty() && !variant.initial {
                if variant.quiet {
                    leap.quiet_from |= variant.from;
                }
                if variant.capture {
                    leap.capture_from |= variant.from;
                }
            } else {
                leap.variants.push(variant);
            }
        }
        Some(out)
    }

    /// The [`Slider`]s covering `riders`: one per modality and class of direction (orthogonal,
    /// diagonal, each other line), split into lines, then single rays, where a table would be
    /// too large. Tables are shared by every piece that uses the same rays.
    fn group_riders(&mut self, riders: &[(usize, bool, bool)]) -> Vec<(usize, bool, bool)> {
        let class = |(df, dr, _): (i32, i32, u8)| {
            if df == 0 || dr == 0 {
                (0, 0)
            } else if df.abs() == dr.abs() {
                (1, 1)
            } else {
                let g = gcd(df.unsigned_abs(), dr.unsigned_abs()) as i32;
                (df.abs() / g, dr.abs() / g * (df * dr).signum())
            }
        };
        // (quiet, capture, class) and the rays of the group.
        type Key = (bool, bool, (i32, i32));
        let mut groups: Vec<(Key, Vec<usize>)> = Vec::new();
        for &(r, q, c) in riders {
            let key = (q, c, class(self.ray_keys[r]));
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, rays)) => rays.push(r),
                None => groups.push((key, vec![r])),
            }
        }
        let mut out = Vec::new();
        for ((q, c, _), rays) in groups {
            if let Some(s) = self.slider(&rays, SLIDER_ENTRIES) {
                out.push((s, q, c));
                continue;
            }
            let mut left = rays;
            while let Some(r) = left.pop() {
                let (df, dr, _) = self.ray_keys[r];
                let mut line = vec![r];
                if let Some(i) = left
                    .iter()
                    .position(|&o| (self.ray_keys[o].0, self.ray_keys[o].1) == (-df, -dr))
                {
                    line.push(left.swap_remove(i));
                }
                if let Some(s) = self.slider(&line, 2 * SLIDER_ENTRIES) {
                    out.push((s, q, c));
                    continue;
                }
                for single in line {
                    let s = self.slider(&[single], usize::MAX);
                    out.extend(s.map(|s| (s, q, c)));
                }
            }
        }
        out
    }

    /// The index of the slider over `rays`, built if new; `None` if it would hold more than
    /// `limit` entries.
    fn slider(&mut self, rays: &[usize], limit: usize) -> Option<usize> {
        let mut key = rays.to_vec();
        key.sort_unstable();
        if let Some(i) = self.slider_keys.iter().position(|k| *k == key) {
            return Some(i);
        }
        // Shared with the move tables that use it, freed with the last of them.
        self.sliders
            .push(Arc::new(Slider::build(&self.rays, &key, self.squares, limit)?));
        self.slider_keys.push(key);
        Some(self.sliders.len() - 1)
    }

    /// Compiles `def` for bitboards of type `B` (whose width must hold `def`'s squares). The
    /// start position is not checked here: that takes the interpreter, which reads these rules.
    pub fn build(def: &Definition) -> Rules<B> {
        let files = def.files;
        let ranks = def.ranks;
        let squares = files as usize * ranks as usize;
        let kinds = def.pieces.len();
        let mut seed = 0x6E75_6566_6169_7279 ^ squares as u64 ^ (kinds as u64) << 8;
        let mask = |kinds: &mut dyn Iterator<Item = u8>| kinds.fold(0u32, |m, k| m | 1 << k);
        let start_counts = start_counts(def);
        let mut rules = Rules {
            name: def.name.clone(),
            start_fen: def.start_fen.clone(),
            files,
            ranks,
            squares,
            kinds,
            board: board_mask(squares),
            rays: Vec::new(),
            ray_keys: Vec::new(),
            tables: [Vec::new(), Vec::new()],
            sliders: Vec::new(),
            slider_keys: Vec::new(),
            attack_sliders: [Vec::new(), Vec::new()],
            pin_rays: [Vec::new(), Vec::new()],
            pin_line: [Vec::new(), Vec::new()],
            leap_attack_kinds: [Vec::new(), Vec::new()],
            uniform_kinds: [Vec::new(), Vec::new()],
            general_kinds: [Vec::new(), Vec::new()],
            plain_leap_attacks: [LeapAttacks::default(), LeapAttacks::default()],
            regional_kinds: [0; 2],
            initial_captures: [false; 2],
            plain_checks: [false; 2],
            blockable_kinds: [Vec::new(), Vec::new()],
            royal_kinds: (0..kinds as u8).filter(|&k| def.pieces[k as usize].royal).collect(),
            royal_set: mask(&mut (0..kinds as u8).filter(|&k| def.pieces[k as usize].royal)),
            pawn_set: mask(&mut (0..kinds as u8).filter(|&k| def.pieces[usize::from(k)].pawn)),
            move_rule_set: mask(&mut (0..kinds as u8).filter(|&k| def.pieces[usize::from(k)].resets_move_rule)),
            move_rule_tested: mask(&mut (0..kinds as u8).filter(|&k| {
                let p = &def.pieces[usize::from(k)];
                p.resets_move_rule && p.betza.atoms.iter().any(|a| a.quiet && a.dr <= 0)
            })),
            ep_set: mask(&mut (0..kinds as u8).filter(|&k| def.pieces[usize::from(k)].betza.en_passant)),
            pseudo_royal_set: mask(&mut (0..kinds as u8).filter(|&k| def.pseudo_royal_kind(k))),
            duple_check: def.extinction.as_ref().is_some_and(|e| e.duple_check),
            letters: def.pieces.iter().map(|p| p.letter).collect(),
            san_letters: def.pieces.iter().map(|p| p.san_letter).collect(),
            chess_pawns: mask(
                &mut (0..kinds as u8)
                    .filter(|&k| matches!(def.pieces[usize::from(k)].betza_text.as_str(), "fmWfceF" | "fmWfcF")),
            ),
            values: def.pieces.iter().map(|p| p.value).collect(),
            mirror_symmetric: def.pieces.iter().all(|p| {
                p.betza.atoms.iter().all(|a| {
                    p.betza
                        .atoms
                        .iter()
                        .any(|b| b.df == -a.df && b.dr == a.dr && b.reach == a.reach)
                })
            }),
            promotion_zone: [region(&def.promotion.zone[0]), region(&def.promotion.zone[1])],
            promotion_kinds: def.promotion.kinds.clone(),
            promotion_mandatory: def.promotion.mandatory,
            promotion_limits: def.promotion.limits.clone(),
            promotes_to: def.pieces.iter().map(|p| p.promotes_to.unwrap_or(NO_KIND)).collect(),
            unpromoted: def.pieces.iter().map(|p| p.promoted_from.unwrap_or(NO_KIND)).collect(),
            steady: [0; 2],
            piece_promotion_mandatory: def.promotion.piece_mandatory,
            piece_demotion: def.promotion.demotion,
            immobility_illegal: def.immobility_illegal,
            flying_general: def.flying_general,
            chasing: def.axf_chasing.then(|| Chasing::build(def)),
            makpong: def.makpong,
            royal_lines: Vec::new(),
            diagonal_lines: region(&def.diagonal_lines),
            pass: def.pass,
            rare_rules: false,
            ends_by_rule: false,
            set_wise: false,
            plain_legality: false,
            bikjang: def.bikjang,
            material_count: def.material_count.clone(),
            immune_set: mask(&mut (0..kinds as u8).filter(|&k| def.pieces[usize::from(k)].same_kind_immune)),
            en_passant: def.en_passant,
            first_move_rights: def.first_move_rights,
            royal_right_lost_to: mask(&mut def.royal_right_lost_to.iter().copied()),
            castling: def.castling.clone(),
            checking: def.checking,
            must_capture: def.must_capture,
            blast_on_capture: def.blast_on_capture,
            blast_immune: mask(&mut def.blast_immune.iter().copied()),
            checkmate_value: def.checkmate_value,
            stalemate_value: def.stalemate_value,
            n_move_rule: def.n_move_rule,
            n_fold_rule: def.n_fold_rule,
            n_fold_value: def.n_fold_value,
            n_fold_value_absolute: def.n_fold_value_absolute,
            perpetual_check_loses: def.perpetual_check_illegal,
            extinction: def.extinction.clone(),
            extinction_cached: false,
            flag: def.flag.as_ref().map(|f| FlagRule {
                kind: f.kind,
                flag_move: f.flag_move,
                safe: f.safe,
            }),
            check_counting: def.check_counting,
            counting: def.counting,
            king_buckets: def.king_buckets,
            hands: def.drops.is_some(),
            drops: def.drops.as_ref().is_some_and(|d| d.allowed),
            gating: def.drops.as_ref().is_some_and(|d| d.gating),
            must_drop: def.drops.as_ref().is_some_and(|d| d.must_drop),
            opposite_colored: def
                .drops
                .as_ref()
                .map_or(0, |d| mask(&mut d.opposite_colored.iter().copied())),
            dark_squares: (0..files)
                .flat_map(|f| (0..ranks).map(move |r| (f, r)))
                .filter(|(f, r)| (f + r) % 2 == 0)
                .fold(B::EMPTY, |b, (f, r)| b | B::square(Square::new(f, r, files))),
            castling_dropped_piece: def.drops.as_ref().is_some_and(|d| d.castling_dropped_piece),
            sittuyin_promotion: def.promotion.sittuyin,
            captures_to_hand: def.drops.as_ref().is_some_and(|d| d.captures_to_hand),
            drop_loop: def.drops.as_ref().is_some_and(|d| d.drop_loop),
            writes_promoted: def.two_boards || def.drops.as_ref().is_some_and(|d| d.captures_to_hand && !d.drop_loop),
            marks_promoted: !def.drops.as_ref().is_some_and(|d| d.drop_loop)
                && def.promotion.kinds.iter().any(|k| !k.is_empty()),
            drop_checks: def.drops.as_ref().is_none_or(|d| d.checks),
            drop_promoted: def.drops.as_ref().is_some_and(|d| d.promoted),
            no_doubled: def
                .drops
                .as_ref()
                .map_or(0, |d| mask(&mut d.no_doubled.iter().copied())),
            no_doubled_count: def.drops.as_ref().map_or(1, |d| d.no_doubled_count),
            drop_mate_illegal: def
                .drops
                .as_ref()
                .map_or(0, |d| mask(&mut d.mate_illegal.iter().copied())),
            file_masks: (0..files)
                .map(|f| (0..ranks).fold(B::EMPTY, |b, r| b | B::square(Square::new(f, r, files))))
                .collect(),
            drop_region: [Vec::new(), Vec::new()],
            demoted_kind: (0..kinds as u8).find(|&k| def.pieces[usize::from(k)].pawn),
            hand_max: vec![0; kinds],
            hand_order: hand_order(def),
            // A partner's board may pass over a whole second set.
            piece_limit: start_counts.iter().sum::<u32>() as usize * if def.two_boards { 2 } else { 1 },
            royal_limit: royal_counts(def),
            initial_region: [region(&def.initial_region[0]), region(&def.initial_region[1])],
            ep_region: [region(&def.en_passant_region[0]), region(&def.en_passant_region[1])],
            flag_region: def
                .flag
                .as_ref()
                .map_or([B::EMPTY; 2], |f| [region(&f.region[0]), region(&f.region[1])]),
            castle_rank: def
                .castling
                .as_ref()
                .map_or([B::EMPTY; 2], |c| c.rank.map(|r| rank_mask(r, files))),
            castle_paths: def
                .castling
                .as_ref()
                .map_or([Vec::new(), Vec::new()], |c| castle_paths(c, files)),
            castle_king_royal: def
                .castling
                .as_ref()
                .is_some_and(|c| def.pieces[usize::from(c.king_kind)].royal || def.pseudo_royal_kind(c.king_kind)),
            coords: (0..squares)
                .map(|s| (Square(s as u8).file(files), Square(s as u8).rank(files)))
                .collect(),
            ring: Vec::new(),
            keys: Keys {
                piece: (0..2 * kinds * squares).map(|_| splitmix64(&mut seed)).collect(),
                side: splitmix64(&mut seed),
                castling: std::array::from_fn(|_| splitmix64(&mut seed)),
                ep: (0..files).map(|_| splitmix64(&mut seed)).collect(),
                checks: std::array::from_fn(|_| std::array::from_fn(|_| splitmix64(&mut seed))),
                rights: (0..squares).map(|_| splitmix64(&mut seed)).collect(),
                hand: Vec::new(),
            },
        };
        rules.ends_by_rule =
            rules.extinction.is_some() || rules.flag.is_some() || rules.check_counting || rules.pass || rules.bikjang;
        rules.set_wise = rules.checking
            && !rules.makpong
            && !rules.blast_on_capture
            && !rules.extinction.as_ref().is_some_and(|e| e.pseudo_royal);
        rules.plain_legality = rules.set_wise && rules.immune_set == 0 && !rules.bikjang;
        rules.ring = (0..squares)
            .map(|s| {
                let mut ring = B::EMPTY;
                for (df, dr) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
                    if let Some(t) = rules.on_board(Square(s as u8), df, dr) {
                        ring |= B::square(t);
                    }
                }
                ring
            })
            .collect();
        for color in [Color::White, Color::Black] {
            for k in 0..kinds {
                let atoms = &def.pieces[k].betza.atoms;
                let (initial, normal): (Vec<Atom>, Vec<Atom>) = atoms.iter().partition(|a| a.initial);
                let advanced = region(&def.pieces[k].advanced_region[color.index()]);
                let normal_t = rules.table(&normal, color, false, advanced);
                let reverse = rules.table(&normal, color, true, advanced);
                let initial_t = (!initial.is_empty()).then(|| rules.table(&initial, color, false, advanced));
                // Initial moves that never capture (the pawn's double step) attack nothing.
                let reverse_initial = initial
                    .iter()
                    .any(|a| a.capture)
                    .then(|| rules.table(&initial, color, true, advanced));
                let mut mobile = B::EMPTY;
                for s in 0..squares {
                    if !(normal_t.leap_quiet[s] | normal_t.leap_capture[s]).is_empty()
                        || !normal_t.lame.at(Square(s as u8)).is_empty()
                        || [&normal_t.riders, &normal_t.hoppers, &normal_t.grasshoppers]
                            .iter()
                            .any(|v| v.iter().any(|&(r, _, _)| !rules.rays[r].full[s].is_empty()))
                    {
                        mobile |= B::square(Square(s as u8));
                    }
                }
                for &(ray, _, _) in &reverse.riders {
                    let rays = &mut rules.pin_rays[color.index()];
                    match rays.iter_mut().find(|(r, _)| *r == ray) {
                        Some((_, mask)) => *mask |= 1 << k,
                        None => rays.push((ray, 1 << k)),
                    }
                }
                // Initial captures (riding ones included: the slider tables cover normal moves
                // only) are answered from the kind's reversed initial table.
                if reverse_initial.is_some()
                    || reverse.leap_capture.iter().any(|b| !b.is_empty())
                    || !reverse.lame.is_empty()
                    || !reverse.screened.is_empty()
                    || !reverse.hoppers.is_empty()
                    || !reverse.reverse_grass.is_empty()
                {
                    rules.leap_attack_kinds[color.index()].push(k);
                }
                if !reverse.hoppers.is_empty()
                    || !reverse.reverse_grass.is_empty()
                    || !reverse.lame.is_empty()
                    || !reverse.screened.is_empty()
                {
                    rules.blockable_kinds[color.index()].push(k);
                }
                for (slider, _, _) in &reverse.sliders {
                    let sliders = &mut rules.attack_sliders[color.index()];
                    match sliders.iter_mut().find(|(s, _)| Arc::ptr_eq(s, slider)) {
                        Some((_, mask)) => *mask |= 1 << k,
                        None => sliders.push((Arc::clone(slider), 1 << k)),
                    }
                }
                let set_leaps = rules.set_leaps(atoms, color, advanced);
                let region = match &def.pieces[k].region[color.index()] {
                    Some(squares) => region(squares),
                    None => rules.board,
                };
                let capture_span = (0..squares)
                    .map(|sq| normal_t.reach(&rules.rays, Square(sq as u8), B::EMPTY).1 & region)
                    .collect();
                rules.tables[color.index()].push(KindTables {
                    region,
                    // Set with the promotions, once every kind's tables are built.
                    promo_zone: B::EMPTY,
                    attention_to: B::EMPTY,
                    capture_span,
                    normal: normal_t,
                    initial: initial_t,
                    reverse,
                    reverse_initial,
                    mobile,
                    set_leaps,
                });
            }
        }
        if def.flying_general || def.bikjang {
            let rook: Vec<_> = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .map(|&(df, dr)| (rules.ray_index(df, dr, 0), true, true))
                .collect();
            rules.royal_lines = rules
                .group_riders(&rook)
                .into_iter()
                .map(|(s, _, _)| Arc::clone(&rules.sliders[s]))
                .collect();
        }
        rules.compile_promotions(def);
        for color in 0..2 {
            let mut lines = vec![NO_LINE; squares * squares];
            for (i, &(ray, _)) in rules.pin_rays[color].iter().enumerate() {
                for r in 0..squares {
                    for s in rules.rays[ray].limited[r].squares() {
                        let entry = &mut lines[r * squares + s.index()];
                        *entry = if *entry == NO_LINE {
                            u8::try_from(i).unwrap_or(MANY_LINES).min(MANY_LINES)
                        } else {
                            MANY_LINES
                        };
                    }
                }
            }
            rules.pin_line[color] = lines;
            let tables = &rules.tables[color];
            let regional = (0..kinds)
                .filter(|&k| tables[k].region != rules.board)
                .fold(0u32, |m, k| m | 1 << k);
            let (plain, other): (Vec<usize>, Vec<usize>) = rules.leap_attack_kinds[color].iter().partition(|&&k| {
                let t = &tables[k];
                regional >> k & 1 == 0
                    && t.reverse_initial.is_none()
                    && t.reverse.lame.is_empty()
                    && t.reverse.screened.is_empty()
                    && t.reverse.hoppers.is_empty()
                    && t.reverse.reverse_grass.is_empty()
            });
            let table = (0..squares)
                .flat_map(|s| plain.iter().map(move |&k| tables[k].reverse.leap_capture[s]))
                .collect();
            rules.initial_captures[color] = tables.iter().any(|t| t.reverse_initial.is_some());
            rules.plain_checks[color] = rules.blockable_kinds[color].is_empty() && !rules.initial_captures[color];
            rules.regional_kinds[color] = regional;
            rules.plain_leap_attacks[color] = LeapAttacks { kinds: plain, table };
            rules.leap_attack_kinds[color] = other;
            let (uniform, general) = (0..kinds).partition(|&k| {
                let t = &tables[k];
                t.normal.uniform.is_some()
                    && t.initial.is_none()
                    && regional >> k & 1 == 0
                    && !rules.is_pawn(k)
                    && !rules.takes_en_passant(k)
                    && !rules.is_royal(k)
                    && !rules.is_pseudo_royal(k)
                    && t.attention_to.is_empty()
            });
            rules.uniform_kinds[color] = uniform;
            rules.general_kinds[color] = general;
        }
        if let Some(drops) = &def.drops {
            rules.compile_drops(def, drops, &start_counts, &mut seed);
        }
        // Once the promotion zones are compiled. Hands, drops and shogi-style promotions (from
        // inside the zone) are among them: the chess-like variants' generator keeps fewer
        // bitboards live, their make-move skips the hand.
        let shogi_promotion = (0..kinds).any(|k| {
            [Color::White, Color::Black]
                .iter()
                .any(|&c| !rules.zone_from(c, k).is_empty())
        });
        rules.extinction_cached = rules
            .extinction
            .as_ref()
            .is_some_and(|e| e.kinds.is_some() || rules.hands);
        rules.rare_rules = rules.gating
            || rules.sittuyin_promotion
            || rules.pass
            || rules.bikjang
            || rules.flying_general
            || rules.makpong
            || rules.immune_set != 0
            || rules.duple_check
            || rules.drops
            || rules.captures_to_hand
            || shogi_promotion;
        rules
    }

    /// Each kind's promotion zone and the squares its moves need a closer look on (see
    /// [`KindTables::attention_to`](super::movetable::KindTables::attention_to)).
    fn compile_promotions(&mut self, def: &Definition) {
        for color in [Color::White, Color::Black] {
            let c = color.index();
            for k in 0..self.kinds {
                let shogi_zone = |kind: usize| {
                    let zone = def.pieces[kind].promotion_zone[c]
                        .as_ref()
                        .unwrap_or(&def.promotion.zone[c]);
                    region::<B>(zone)
                };
                // Sittuyin's pawns never promote by moving (see `sittuyin_promotion`).
                let zone = if self.is_pawn(k) && self.sittuyin_promotion {
                    B::EMPTY
                } else if self.is_pawn(k) {
                    self.promotion_zone[c]
                } else if self.promoted_form(k).is_some() {
                    shogi_zone(k)
                } else {
                    match self.base_of(k) {
                        Some(base) if self.piece_demotion => shogi_zone(usize::from(base)),
                        _ => B::EMPTY,
                    }
                };
                let stuck = if self.immobility_illegal {
                    self.board & !self.kind(color, k).mobile
                } else {
                    B::EMPTY
                };
                let t = &mut self.tables[c][k];
                t.promo_zone = zone;
                t.attention_to = zone | stuck;
                if !self.is_pawn(k) && (zone | stuck).is_empty() {
                    self.steady[c] |= 1 << k;
                }
            }
        }
    }

    /// The drop rules: where each kind may be dropped, how many one hand may hold, and the
    /// hand keys.
    fn compile_drops(&mut self, def: &Definition, drops: &super::Drops, start: &[u32], seed: &mut u64) {
        for color in [Color::White, Color::Black] {
            let c = color.index();
            let first_rank: B = rank_mask(def.absolute_rank(color, 0), self.files);
            self.drop_region[c] = (0..self.kinds)
                .map(|k| {
                    // Promoted forms never go to hand, nor royal pieces (captures never put
                    // them there): these start there only in a setup phase (`must_drop`).
                    if self.is_royal(k) && !drops.must_drop || self.base_of(k).is_some() {
                        return B::EMPTY;
                    }
                    let t = self.kind(color, k);
                    let own = def.pieces[k].drop_region[c].as_deref().map_or(B::FULL, region::<B>);
                    let mut region = region::<B>(&drops.region[c]) & t.region & own;
                    if self.immobility_illegal {
                        region &= t.mobile;
                    }
                    if self.is_pawn(k) {
                        if !drops.first_rank_pawn_drops {
                            region &= !first_rank;
                        }
                        if !drops.promotion_zone_pawn_drops {
                            region &= !self.promotion_zone[c];
                        }
                    }
                    region
                })
                .collect();
        }
        let pawns: u32 = (0..self.kinds).filter(|&k| self.is_pawn(k)).map(|k| start[k]).sum();
        let promoted_to: Vec<u8> = self.promotion_kinds.iter().flatten().copied().collect();
        self.hand_max = (0..self.kinds)
            .map(|k| {
                if self.is_royal(k) && !drops.must_drop || self.base_of(k).is_some() {
                    return 0;
                }
                // Without demotion a promoted pawn goes to hand as its new kind.
                let extra = if drops.drop_loop && promoted_to.contains(&(k as u8)) {
                    pawns
                } else {
                    0
                };
                let sets = if def.two_boards { 2 } else { 1 };
                (sets * start[k] + extra).min(u32::from(u8::MAX)) as u8
            })
            .collect();
        self.keys.hand = (0..2 * self.kinds * (self.piece_limit + 1))
            .map(|_| splitmix64(seed))
            .collect();
    }

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
        Some(self.promotes_to[kind]).filter(|&k| k != NO_KIND)
    }

    /// For a promoted form, the kind it promoted from.
    #[inline(always)]
    pub fn base_of(&self, kind: usize) -> Option<u8> {
        Some(self.unpromoted[kind]).filter(|&k| k != NO_KIND)
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
        self.promotion_mandatory && (!self.promotion_kinds[color.index()].is_empty() || has_form)
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
        match self.pin_line[color.index()][royal.index() * self.squares + sq.index()] {
            NO_LINE | MANY_LINES => None,
            i => Some(&self.rays[self.pin_rays[color.index()][usize::from(i)].0]),
        }
    }

    /// The kind index's tables for `color`.
    #[inline(always)]
    pub fn kind(&self, color: Color, kind: usize) -> &KindTables<B> {
        &self.tables[color.index()][kind]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::zobrist::splitmix64;

    fn build<B: Bitboard>(text: &str) -> Rules<B> {
        let def =
            crate::variant::load_source(crate::variant::Source::inline("test.toml", text), "test").expect("valid");
        Rules::<B>::build(&def)
    }

    /// Every kind's slider lookups reach what its rays reach, ray by ray, on random occupancies.
    fn sliders_agree_with_rays<B: Bitboard>(rules: &Rules<B>) {
        let mut seed = 0x5eed;
        for color in [Color::White, Color::Black] {
            for k in 0..rules.kinds {
                let t = &rules.kind(color, k).normal;
                for _ in 0..64 {
                    let random = (0..B::BITS / 64).fold(B::EMPTY, |b, i| {
                        let word = splitmix64(&mut seed) & splitmix64(&mut seed);
                        b | (0..64)
                            .filter(|j| word >> j & 1 != 0)
                            .fold(B::EMPTY, |w, j| w | B::square(Square((i * 64 + j) as u8)))
                    });
                    let occ = random & rules.board;
                    for s in 0..rules.squares {
                        let sq = Square(s as u8);
                        let by_rays = |q: bool| {
                            t.riders
                                .iter()
                                .filter(|r| if q { r.1 } else { r.2 })
                                .fold(B::EMPTY, |a, &(r, _, _)| a | rules.rays[r].ride(sq, occ))
                        };
                        let by_sliders = |q: bool| {
                            t.sliders
                                .iter()
                                .filter(|r| if q { r.1 } else { r.2 })
                                .fold(B::EMPTY, |a, (slider, _, _)| a | slider.attacks(sq, occ))
                        };
                        assert_eq!(by_sliders(true), by_rays(true), "kind {k} quiet from {s}");
                        assert_eq!(by_sliders(false), by_rays(false), "kind {k} capture from {s}");
                    }
                }
            }
        }
    }

    #[test]
    fn slider_tables_reach_what_the_rays_reach() {
        sliders_agree_with_rays(&build::<u64>("inherits = \"chess\"\n[pieces]\nn = { betza = \"NN\" }"));
        // A 16x8 board: the rook's and queen's orthogonal tables are too large whole and are
        // split into lines; limited ranges and modalities make their own tables.
        let wide = build::<u128>(
            "name = \"wide\"\nfiles = 16\nranks = 8\nstart_fen = \"k15/16/16/16/16/16/16/K14Q w - - 0 1\"\n\
             [pieces]\nk = { betza = \"K\", royal = true }\nq = { betza = \"QmNNcR3\" }",
        );
        assert!(wide.sliders.len() > 4, "{} tables", wide.sliders.len());
        sliders_agree_with_rays(&wide);
    }
}
