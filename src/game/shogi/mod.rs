//! Native shogi on `u128` bitboards: the board with hands, copy-make with an incremental zobrist
//! key (hand counts included), USI move notation, SFEN, the entering-king declaration (CSA's
//! 27-point rule), fourfold repetition with perpetual-check loss, and the evaluation terms.
//! Squares are `rank * 9 + file` with rank 0 = sente's back rank (USI rank `i`) and file 0 =
//! USI file 9; sente is [`Color::White`] (the first player).

pub mod attacks;
mod fsf;
mod movegen;
mod sfen;
mod terms;

use self::attacks::*;
use crate::core::zobrist;
use crate::core::{Bitboard, Color, MoveError, Outcome, PositionError, Square};
use crate::game::{Dialect, Dims, Dirty, GameMove, GameRules, GenKind, HandChange, Piece, RepetitionRules, see};
use arrayvec::ArrayVec;

/// Mailbox value of an empty square; pieces are `color * 14 + kind`.
const EMPTY: u8 = 28;
/// Hand kinds: pawn, lance, knight, silver, gold, bishop, rook (the kind numbers 0..7).
pub const HAND_KINDS: usize = 7;
/// Most pieces of each hand kind in the set.
pub const HAND_MAX: [u8; 7] = [18, 4, 4, 4, 4, 2, 2];

/// The start position.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// The promoted kind of a promotable kind.
const fn promoted(kind: usize) -> usize {
    match kind {
        PAWN => PRO_PAWN,
        LANCE => PRO_LANCE,
        KNIGHT => PRO_KNIGHT,
        SILVER => PRO_SILVER,
        BISHOP => HORSE,
        ROOK => DRAGON,
        k => k,
    }
}

/// The kind a piece becomes in the capturer's hand.
const fn unpromoted(kind: usize) -> usize {
    match kind {
        PRO_PAWN => PAWN,
        PRO_LANCE => LANCE,
        PRO_KNIGHT => KNIGHT,
        PRO_SILVER => SILVER,
        HORSE => BISHOP,
        DRAGON => ROOK,
        k => k,
    }
}

const fn can_promote(kind: usize) -> bool {
    matches!(kind, PAWN | LANCE | KNIGHT | SILVER | BISHOP | ROOK)
}

/// The promotion zone of `color` (the three farthest ranks).
#[inline(always)]
const fn zone(color: Color) -> u128 {
    match color {
        Color::White => BOARD & !((1u128 << 54) - 1),
        Color::Black => (1u128 << 27) - 1,
    }
}

/// Squares where a piece of `kind` and `color` could never move again.
#[inline(always)]
const fn dead_squares(color: Color, kind: usize) -> u128 {
    let last = match color {
        Color::White => 0x1FFu128 << 72,
        Color::Black => 0x1FF,
    };
    let last_two = match color {
        Color::White => 0x3FFFFu128 << 63,
        Color::Black => 0x3FFFF,
    };
    match kind {
        PAWN | LANCE => last,
        KNIGHT => last_two,
        _ => 0,
    }
}

struct Keys {
    piece: [[u64; SQUARES]; 28],
    /// `hand[color][kind][count]`.
    hand: [[[u64; 19]; HAND_KINDS]; 2],
    side: u64,
}

const fn make_keys() -> Keys {
    let flat: [u64; 28 * SQUARES + 2 * HAND_KINDS * 19 + 1] = zobrist::keys(0x5106_1000_0000_0001);
    let mut keys = Keys {
        piece: [[0; SQUARES]; 28],
        hand: [[[0; 19]; HAND_KINDS]; 2],
        side: flat[28 * SQUARES + 2 * HAND_KINDS * 19],
    };
    let mut i = 0;
    while i < 28 * SQUARES {
        keys.piece[i / SQUARES][i % SQUARES] = flat[i];
        i += 1;
    }
    let mut j = 0;
    while j < 2 * HAND_KINDS * 19 {
        // Count 0 hashes to nothing, so an empty hand adds no key.
        let count = j % 19;
        keys.hand[j / (HAND_KINDS * 19)][(j / 19) % HAND_KINDS][count] =
            if count == 0 { 0 } else { flat[28 * SQUARES + j] };
        j += 1;
    }
    keys
}

static KEYS: Keys = make_keys();

/// A shogi move in 16 bits: origin (0..81 a square, 81 + k a drop of hand kind k), target,
/// and a promotion flag. Zero is the null move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

impl Move {
    /// A board move from `from` to `to`, promoting if `promote`.
    #[inline(always)]
    pub const fn normal(from: usize, to: usize, promote: bool) -> Move {
        Move(from as u16 | (to as u16) << 7 | (promote as u16) << 14)
    }
    /// A drop of hand kind `kind` on `to`.
    #[inline(always)]
    pub const fn drop(kind: usize, to: usize) -> Move {
        Move((81 + kind) as u16 | (to as u16) << 7)
    }
    /// The origin square (meaningless for a drop).
    #[inline(always)]
    pub const fn from(self) -> usize {
        (self.0 & 127) as usize
    }
    /// The target square.
    #[inline(always)]
    pub const fn to(self) -> usize {
        ((self.0 >> 7) & 127) as usize
    }
    /// Whether the move promotes.
    #[inline(always)]
    pub const fn promotes(self) -> bool {
        self.0 >> 14 & 1 != 0
    }
    /// Whether the move is a drop.
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        self.from() >= 81
    }
    /// The dropped hand kind (for drops).
    #[inline(always)]
    pub const fn drop_kind(self) -> usize {
        self.from() - 81
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Move({}->{}{})",
            self.from(),
            self.to(),
            if self.promotes() { "+" } else { "" }
        )
    }
}

impl GameMove for Move {
    #[inline(always)]
    fn to_bits(self) -> u32 {
        self.0 as u32
    }
    #[inline(always)]
    fn from_bits(bits: u32) -> Self {
        Move(bits as u16)
    }
}

/// The shogi rules selector: one set of rules, written in one of two dialects (USI's SFEN and
/// `7g7f`, or Fairy-Stockfish's UCI FEN and `c3c4`: see `fsf.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ShogiVariant {
    /// The protocol whose notation positions and moves are read and printed in.
    pub dialect: Dialect,
}

impl ShogiVariant {
    /// Shogi written in USI's notation (SFEN, `7g7f`, `P*5e`): the default.
    pub const USI: ShogiVariant = ShogiVariant { dialect: Dialect::Usi };
    /// Shogi written in Fairy-Stockfish's UCI notation (`[hand]` FEN, `c3c4`, `P@e5`).
    pub const UCI: ShogiVariant = ShogiVariant { dialect: Dialect::Uci };
}

/// A shogi position.
#[derive(Clone)]
pub struct Shogi {
    kinds: [u128; 14],
    colors: [u128; 2],
    board: [u8; SQUARES],
    hands: [[u8; HAND_KINDS]; 2],
    side: Color,
    /// Number of the next move (SFEN's fourth field), 1 at the start.
    ply: u32,
    /// Plies since the last capture, drop or promotion: the halfmove clock
    /// Fairy-Stockfish's FEN shows (shogi has no rule that reads it).
    clock: u32,
    hash: u64,
    checkers: u128,
    /// The notation `to_fen`, `parse_move` and `fmt_move` speak.
    dialect: Dialect,
}

#[inline(always)]
const fn bit(sq: usize) -> u128 {
    1u128 << sq
}

/// USI name of a square, such as `7g`.
pub fn square_name(sq: usize) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'9' - (sq % 9) as u8) as char);
    s.push((b'i' - (sq / 9) as u8) as char);
    s
}

fn parse_square(file: u8, rank: u8) -> Option<usize> {
    ((b'1'..=b'9').contains(&file) && (b'a'..=b'i').contains(&rank))
        .then(|| (b'i' - rank) as usize * 9 + (b'9' - file) as usize)
}

const DROP_LETTERS: [char; HAND_KINDS] = ['P', 'L', 'N', 'S', 'G', 'B', 'R'];

impl Shogi {
    fn empty() -> Shogi {
        Shogi {
            kinds: [0; 14],
            colors: [0; 2],
            board: [EMPTY; SQUARES],
            hands: [[0; HAND_KINDS]; 2],
            side: Color::White,
            ply: 1,
            clock: 0,
            hash: 0,
            checkers: 0,
            dialect: Dialect::Usi,
        }
    }

    #[inline(always)]
    fn put(&mut self, color: Color, kind: usize, sq: usize) {
        self.kinds[kind] |= bit(sq);
        self.colors[color.index()] |= bit(sq);
        let code = color.index() * 14 + kind;
        self.board[sq] = code as u8;
        self.hash ^= KEYS.piece[code][sq];
    }

    #[inline(always)]
    fn take(&mut self, sq: usize) {
        let code = self.board[sq] as usize;
        self.kinds[code % 14] ^= bit(sq);
        self.colors[code / 14] ^= bit(sq);
        self.board[sq] = EMPTY;
        self.hash ^= KEYS.piece[code][sq];
    }

    #[inline(always)]
    fn set_hand(&mut self, color: Color, kind: usize, count: u8) {
        let c = color.index();
        self.hash ^= KEYS.hand[c][kind][self.hands[c][kind] as usize] ^ KEYS.hand[c][kind][count as usize];
        self.hands[c][kind] = count;
    }

    #[inline(always)]
    fn occupied(&self) -> u128 {
        self.colors[0] | self.colors[1]
    }

    #[inline(always)]
    fn pieces(&self, color: Color, kind: usize) -> u128 {
        self.kinds[kind] & self.colors[color.index()]
    }

    #[inline(always)]
    fn king_square(&self, color: Color) -> usize {
        self.pieces(color, KING).trailing_zeros() as usize
    }

    #[inline(always)]
    fn golds(&self) -> u128 {
        self.kinds[GOLD]
            | self.kinds[PRO_PAWN]
            | self.kinds[PRO_LANCE]
            | self.kinds[PRO_KNIGHT]
            | self.kinds[PRO_SILVER]
    }

    /// Pieces of `by` attacking `sq` over `occ`.
    #[inline(always)]
    fn attackers(&self, sq: usize, by: Color, occ: u128) -> u128 {
        let t = tables();
        let rev = (!by).index();
        let them = self.colors[by.index()];
        ((t.step[rev][PAWN][sq] & self.kinds[PAWN])
            | (t.step[rev][KNIGHT][sq] & self.kinds[KNIGHT])
            | (t.step[rev][SILVER][sq] & self.kinds[SILVER])
            | (t.step[rev][GOLD][sq] & self.golds())
            | (t.step[0][KING][sq] & (self.kinds[KING] | self.kinds[HORSE] | self.kinds[DRAGON]))
            | (t.lance(!by, sq, occ) & self.kinds[LANCE])
            | (t.bishop(sq, occ) & (self.kinds[BISHOP] | self.kinds[HORSE]))
            | (t.rook(sq, occ) & (self.kinds[ROOK] | self.kinds[DRAGON])))
            & them
    }

    #[inline(always)]
    fn attacked(&self, sq: usize, by: Color, occ: u128) -> bool {
        self.attackers(sq, by, occ) != 0
    }

    fn compute_checkers(&self) -> u128 {
        self.attackers(self.king_square(self.side), !self.side, self.occupied())
    }

    /// Whether the side to move may declare a win under the CSA 27-point rule: its king in the
    /// enemy camp and not in check, at least 10 other own pieces there, and at least 28 points
    /// (sente) or 27 (gote) over those pieces and the hand, rook and bishop (promoted or not)
    /// counting 5 and every other piece 1.
    pub fn declaration_win(&self) -> bool {
        let us = self.side;
        let camp = zone(us);
        if self.checkers != 0 || self.pieces(us, KING) & camp == 0 {
            return false;
        }
        let ours = self.colors[us.index()] & camp & !self.kinds[KING];
        if ours.count_ones() < 10 {
            return false;
        }
        let big = self.kinds[BISHOP] | self.kinds[ROOK] | self.kinds[HORSE] | self.kinds[DRAGON];
        let board_points = (ours & big).count_ones() * 5 + (ours & !big).count_ones();
        let h = &self.hands[us.index()];
        let hand_points: u32 = h
            .iter()
            .enumerate()
            .map(|(k, &n)| n as u32 * if k == BISHOP || k == ROOK { 5 } else { 1 })
            .sum();
        board_points + hand_points >= if us == Color::White { 28 } else { 27 }
    }

    /// Static exchange evaluation on the target square (the shared swap loop; drops exchange
    /// nothing). Promotions are not counted; pins are ignored.
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        let values = &terms::terms().see;
        if mv.is_drop() {
            // The dropped piece stands on the square: the exchange starts with it as the victim.
            let mut exchange = ShogiExchange {
                board: self,
                to: mv.to(),
                occ: self.occupied(),
            };
            return see::exchange_at_least(0, values[mv.drop_kind()], threshold, self.side, &mut exchange);
        }
        let (from, to) = (mv.from(), mv.to());
        let target = self.board[to];
        let victim = if target == EMPTY {
            0
        } else {
            values[target as usize % 14]
        };
        let mover = values[self.board[from] as usize % 14];
        let mut exchange = ShogiExchange {
            board: self,
            to,
            occ: self.occupied() ^ bit(from),
        };
        see::exchange_at_least(victim, mover, threshold, self.side, &mut exchange)
    }
}

/// The captures on one square; attackers are recomputed over the shrinking occupancy, which
/// reveals the pieces behind those that have left.
struct ShogiExchange<'a> {
    board: &'a Shogi,
    to: usize,
    occ: u128,
}

impl see::Exchange for ShogiExchange<'_> {
    fn next(&mut self, color: Color) -> Option<see::Capturer> {
        let b = self.board;
        let values = &terms::terms().see;
        let mine = b.attackers(self.to, color, self.occ) & self.occ;
        let (kind, sq) = (0..14)
            .filter_map(|k| {
                let bb = mine & b.kinds[k];
                (bb != 0).then(|| (k, bb.trailing_zeros() as usize))
            })
            .min_by_key(|&(k, _)| values[k])?;
        if kind == KING {
            return Some(see::Capturer::King);
        }
        self.occ ^= bit(sq);
        Some(see::Capturer::Piece(values[kind]))
    }

    fn has_attacker(&self, color: Color) -> bool {
        self.board.attackers(self.to, color, self.occ) & self.occ != 0
    }
}

impl crate::game::GameRules for Shogi {
    type Variant = ShogiVariant;

    type Move = Move;

    type MoveList = ArrayVec<Move, 600>;
    type ScoreList = ArrayVec<i32, 600>;

    fn start(variant: &ShogiVariant) -> Shogi {
        match Shogi::parse_sfen(START_SFEN) {
            Ok(pos) => Shogi {
                dialect: variant.dialect,
                ..pos
            },
            Err(e) => unreachable!("the start SFEN is valid: {e}"),
        }
    }

    fn dims(&self) -> Dims {
        Dims {
            files: 9,
            ranks: 9,
            piece_kinds: 14,
            hand_kinds: HAND_KINDS as u8,
        }
    }

    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for sq in 0..SQUARES {
            if self.board[sq] != EMPTY {
                h ^= KEYS.piece[self.board[sq] as usize][sq];
            }
        }
        for c in 0..2 {
            for k in 0..HAND_KINDS {
                h ^= KEYS.hand[c][k][self.hands[c][k] as usize];
            }
        }
        if self.side == Color::Black {
            h ^= KEYS.side;
        }
        h
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checkers != 0
    }

    fn generate(&self, kind: GenKind, out: &mut Self::MoveList) {
        self.generate_into(kind, BOARD, true, out);
    }

    fn count_legal(&self) -> u64 {
        self.count_moves()
    }

    fn is_legal(&self, mv: Move) -> bool {
        if mv.is_null() || mv.to() >= SQUARES || mv.from() >= 81 + HAND_KINDS {
            return false;
        }
        let mut list = ArrayVec::<Move, 600>::new();
        if mv.is_drop() {
            if self.hands[self.side.index()][mv.drop_kind()] == 0 {
                return false;
            }
            self.generate_into(GenKind::All, 0, true, &mut list);
        } else {
            if self.colors[self.side.index()] & bit(mv.from()) == 0 {
                return false;
            }
            self.generate_into(GenKind::All, bit(mv.from()), false, &mut list);
        }
        list.contains(&mv)
    }

    fn play(&mut self, mv: Move, dirty: &mut Dirty) {
        let us = self.side;
        let to = mv.to();
        self.hash ^= KEYS.side;
        if mv.is_drop() {
            let kind = mv.drop_kind();
            let n = self.hands[us.index()][kind];
            self.set_hand(us, kind, n - 1);
            self.put(us, kind, to);
            self.clock = 0;
            dirty.hands.push(HandChange {
                color: us,
                kind: kind as u8,
                from: n,
                to: n - 1,
            });
            dirty.add(Piece::new(us, kind as u8), Square(to as u8));
        } else {
            let from = mv.from();
            let target = self.board[to];
            if target != EMPTY {
                let captured = target as usize % 14;
                self.take(to);
                let hk = unpromoted(captured);
                let n = self.hands[us.index()][hk];
                self.set_hand(us, hk, n + 1);
                dirty.remove(Piece::new(!us, captured as u8), Square(to as u8));
                dirty.hands.push(HandChange {
                    color: us,
                    kind: hk as u8,
                    from: n,
                    to: n + 1,
                });
            }
            let kind = self.board[from] as usize % 14;
            let irreversible = target != EMPTY || mv.promotes();
            self.clock = if irreversible { 0 } else { self.clock.saturating_add(1) };
            self.take(from);
            let new_kind = if mv.promotes() { promoted(kind) } else { kind };
            self.put(us, new_kind, to);
            dirty.remove(Piece::new(us, kind as u8), Square(from as u8));
            dirty.add(Piece::new(us, new_kind as u8), Square(to as u8));
        }
        self.side = !us;
        self.ply = self.ply.saturating_add(1);
        self.checkers = self.compute_checkers();
    }

    fn play_null(&mut self) -> bool {
        if self.checkers != 0 {
            return false;
        }
        self.hash ^= KEYS.side;
        self.side = !self.side;
        self.ply = self.ply.saturating_add(1);
        true
    }

    fn outcome(&self) -> Option<Outcome> {
        self.declaration_win().then_some(Outcome::Win)
    }

    fn outcome_without_moves(&self) -> Outcome {
        // No stalemate in shogi: a side without a legal move has lost.
        Outcome::Loss
    }

    fn reversible_plies(&self) -> u32 {
        // Any position can recur (captured pieces come back as drops); look back far enough
        // for every practical cycle.
        64
    }

    fn move_rule_plies(&self) -> Option<u32> {
        None
    }

    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules {
            fold: 4,
            value: Outcome::Draw,
            perpetual_check_loses: true,
            chasing: false,
        }
    }

    fn game_ply(&self) -> u32 {
        self.ply
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        let code = *self.board.get(sq.index())?;
        (code != EMPTY).then(|| Piece::new(Color::from_index(code as usize / 14), code % 14))
    }

    #[inline(always)]
    fn moved_piece(&self, mv: Move) -> Piece {
        if mv.is_drop() {
            Piece::new(self.side, mv.drop_kind() as u8)
        } else {
            Piece::new(self.side, self.board[mv.from()] % 14)
        }
    }

    #[inline(always)]
    fn captured_piece(&self, mv: Move) -> Option<Piece> {
        let code = self.board[mv.to()];
        (code != EMPTY).then(|| Piece::new(!self.side, code % 14))
    }

    #[inline(always)]
    fn move_target(&self, mv: Move) -> Square {
        Square(mv.to() as u8)
    }

    #[inline(always)]
    fn move_origin(&self, mv: Move) -> Option<Square> {
        (!mv.is_drop()).then(|| Square(mv.from() as u8))
    }

    #[inline(always)]
    fn is_tactical(&self, mv: Move) -> bool {
        mv.promotes() || self.board[mv.to()] != EMPTY
    }

    /// Direct from the square the piece lands on (as what it becomes), or discovered by a ranged
    /// piece behind the square it leaves; no move is made (quiescence asks this of every quiet
    /// move at its first ply).
    fn gives_check(&self, mv: Move) -> bool {
        let (us, them) = (self.side, !self.side);
        let king = self.pieces(them, KING);
        if king == 0 {
            return false;
        }
        let t = tables();
        let to = mv.to();
        let kind = self.moved_piece(mv).kind as usize;
        if mv.is_drop() {
            return t.attacks(us, kind, to, self.occupied()) & king != 0;
        }
        let from = mv.from();
        let kind = if mv.promotes() { promoted(kind) } else { kind };
        let occ = (self.occupied() & !(1u128 << from)) | 1u128 << to;
        if t.attacks(us, kind, to, occ) & king != 0 {
            return true;
        }
        let ksq = king.trailing_zeros() as usize;
        let ours = self.colors[us.index()] & !(1u128 << from);
        let rangers = (t.lance(them, ksq, occ) & self.kinds[LANCE])
            | (t.bishop(ksq, occ) & (self.kinds[BISHOP] | self.kinds[HORSE]))
            | (t.rook(ksq, occ) & (self.kinds[ROOK] | self.kinds[DRAGON]));
        rangers & ours != 0
    }

    #[inline(always)]
    fn is_promotion(&self, mv: Move) -> bool {
        mv.promotes()
    }

    fn for_each_piece(&self, mut f: impl FnMut(Piece, Square)) {
        let mut occ = self.occupied();
        while occ != 0 {
            let sq = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            let code = self.board[sq];
            f(
                Piece::new(Color::from_index(code as usize / 14), code % 14),
                Square(sq as u8),
            );
        }
    }

    #[inline(always)]
    fn piece_count(&self) -> usize {
        self.occupied().count_ones() as usize
    }

    fn hand_count(&self, color: Color, kind: u8) -> u8 {
        self.hands[color.index()].get(kind as usize).copied().unwrap_or(0)
    }

    fn royal_square(&self, color: Color) -> Option<Square> {
        Some(Square(self.king_square(color) as u8))
    }

    fn declaration_win(&self) -> bool {
        Shogi::declaration_win(self)
    }
}

impl crate::game::Notation for Shogi {
    fn in_dialect(_: &ShogiVariant, dialect: Dialect) -> ShogiVariant {
        ShogiVariant { dialect }
    }

    fn move_parts(&self, mv: Move) -> crate::game::MoveParts {
        let to = mv.to();
        let (from, kind) = if mv.is_drop() {
            (None, mv.drop_kind())
        } else {
            (Some(Square(mv.from() as u8)), self.board[mv.from()] as usize % 14)
        };
        crate::game::MoveParts {
            from,
            to: Square(to as u8),
            kind: kind as u8,
            capture: !mv.is_drop() && self.board[to] != EMPTY,
            castle: None,
            change: mv
                .promotes()
                .then(|| crate::game::Change::Promote(promoted(kind) as u8)),
            gate: None,
            wall: None,
        }
    }

    fn piece_letter(&self, kind: u8) -> char {
        // Fairy-Stockfish's types: promoted minor pieces are golds, the promoted bishop a
        // horse, the promoted rook a dragon.
        const LETTERS: [char; 14] = ['P', 'L', 'N', 'S', 'G', 'B', 'R', 'K', 'G', 'G', 'G', 'G', 'H', 'D'];
        LETTERS[usize::from(kind) % 14]
    }

    fn is_chess_pawn(&self, _: u8) -> bool {
        false
    }

    fn unpromoted(&self, kind: u8) -> Option<u8> {
        let base = unpromoted(usize::from(kind));
        (base != usize::from(kind)).then_some(base as u8)
    }

    fn shogi_notation(&self) -> bool {
        true
    }

    fn from_fen(variant: &ShogiVariant, fen: &str) -> Result<Shogi, PositionError> {
        let pos = match variant.dialect {
            Dialect::Usi => Shogi::parse_sfen(fen)?,
            Dialect::Uci => Shogi::parse_fsf_fen(fen)?,
        };
        Ok(Shogi {
            dialect: variant.dialect,
            ..pos
        })
    }

    fn to_fen(&self) -> String {
        match self.dialect {
            Dialect::Usi => self.sfen(),
            Dialect::Uci => self.fsf_fen(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = match self.dialect {
            Dialect::Usi => parse_usi_move(text)?,
            Dialect::Uci => parse_uci_move(text)?,
        };
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::new(
                text,
                format!("not a legal move in {}", crate::game::Notation::to_fen(self)),
            ))
        }
    }

    fn fmt_move(&self, mv: Move) -> String {
        let (name, drop_mark): (fn(usize) -> String, char) = match self.dialect {
            Dialect::Usi => (square_name, '*'),
            Dialect::Uci => (fsf::square_name, '@'),
        };
        if mv.is_null() {
            return match self.dialect {
                Dialect::Usi => "pass".to_string(),
                Dialect::Uci => "0000".to_string(),
            };
        }
        if mv.is_drop() {
            return format!("{}{drop_mark}{}", DROP_LETTERS[mv.drop_kind()], name(mv.to()));
        }
        let mut s = name(mv.from());
        s.push_str(&name(mv.to()));
        if mv.promotes() {
            s.push('+');
        }
        s
    }
}

/// A move in USI notation (`7g7f`, `8h2b+`, `P*5e`), not yet checked for legality.
fn parse_usi_move(text: &str) -> Result<Move, MoveError> {
    let b = text.as_bytes();
    if b.len() == 4 && b[1] == b'*' {
        let kind = DROP_LETTERS.iter().position(|&c| c as u8 == b[0]).ok_or_else(|| {
            MoveError::new(
                text,
                "a drop names a piece in upper case: P, L, N, S, G, B or R, as in P*5e",
            )
        })?;
        let to = parse_square(b[2], b[3])
            .ok_or_else(|| MoveError::new(text, "squares are a file 1-9 and a rank a-i, as in 7g"))?;
        Ok(Move::drop(kind, to))
    } else if b.len() == 4 || (b.len() == 5 && b[4] == b'+') {
        match (parse_square(b[0], b[1]), parse_square(b[2], b[3])) {
            (Some(f), Some(t)) => Ok(Move::normal(f, t, b.len() == 5)),
            _ => Err(MoveError::new(
                text,
                "squares are a file 1-9 and a rank a-i, as in 7g7f",
            )),
        }
    } else {
        Err(MoveError::new(text, "expected USI notation: 7g7f, 8h2b+ or P*5e"))
    }
}

/// A move in Fairy-Stockfish's UCI notation for shogi (`c3c4`, `b2h8+`, `P@e5`; a trailing `=`
/// declines a promotion, as Fairy-Stockfish reads it), not yet checked for legality.
fn parse_uci_move(text: &str) -> Result<Move, MoveError> {
    let b = text.as_bytes();
    if b.len() == 4 && b[1] == b'@' {
        let kind = DROP_LETTERS.iter().position(|&c| c as u8 == b[0]).ok_or_else(|| {
            MoveError::new(
                text,
                "a drop names a piece in upper case: P, L, N, S, G, B or R, as in P@e5",
            )
        })?;
        let to = fsf::parse_square(b[2], b[3])
            .ok_or_else(|| MoveError::new(text, "squares are a file a-i and a rank 1-9, as in c3"))?;
        Ok(Move::drop(kind, to))
    } else if b.len() == 4 || (b.len() == 5 && (b[4] == b'+' || b[4] == b'=')) {
        match (fsf::parse_square(b[0], b[1]), fsf::parse_square(b[2], b[3])) {
            (Some(f), Some(t)) => Ok(Move::normal(f, t, b.len() == 5 && b[4] == b'+')),
            _ => Err(MoveError::new(
                text,
                "squares are a file a-i and a rank 1-9, as in c3c4",
            )),
        }
    } else {
        Err(MoveError::new(
            text,
            "expected Fairy-Stockfish's UCI notation for shogi: c3c4, b2h8+ or P@e5",
        ))
    }
}

impl crate::game::EvalKnowledge for Shogi {
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see_at_least(mv, threshold)
    }

    fn eval_terms(&self) -> &crate::game::EvalTerms {
        terms::terms()
    }

    fn eval_extra(&self) -> crate::game::Tapered {
        self.mobility_safety_threats()
    }

    fn null_move_ok(&self) -> bool {
        true
    }

    fn threats(&self) -> u128 {
        let (t, them, occ) = (tables(), !self.side, self.occupied());
        let mut out = 0;
        for (kind, &set) in self.kinds.iter().enumerate() {
            let mut set = set & self.colors[them.index()];
            while set != 0 {
                out |= t.attacks(them, kind, set.trailing_zeros() as usize, occ);
                set &= set - 1;
            }
        }
        out
    }

    fn non_pawn_keys(&self) -> Option<[u64; 2]> {
        let key = |c: usize| {
            let sets = (0..self.kinds.len())
                .filter(|&k| k != PAWN)
                .map(|k| (self.kinds[k] & self.colors[c]).fold64());
            crate::game::words_key(sets.chain([crate::game::hand_word(&self.hands[c])]))
        };
        Some([key(0), key(1)])
    }

    fn pawn_key(&self) -> u64 {
        let pawns = self.kinds[PAWN];
        crate::game::pawn_key_of((pawns & self.colors[0]).fold64(), (pawns & self.colors[1]).fold64())
    }

    fn layout_spec(_: &Self::Variant) -> crate::game::LayoutSpec {
        crate::game::LayoutSpec {
            variant: "shogi".to_string(),
            files: 9,
            ranks: 9,
            piece_kinds: 14,
            royal: Some(KING as u8),
            royal_region: Vec::new(),
            hand_max: HAND_MAX.to_vec(),
            view: crate::game::OpponentView::Rotate180,
            mirror: true,
            king_buckets: 0,
            max_pieces: 40,
            pieces: [
                "p", "l", "n", "s", "g", "b", "r", "k", "+p", "+l", "+n", "+s", "+b", "+r",
            ]
            .map(String::from)
            .to_vec(),
            values: terms::terms().see.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{EvalKnowledge, Notation};

    /// The opponent's attacks are the squares it attacks one by one, over the positions of a
    /// long game of pseudo-random moves (drops and promotions among them).
    #[test]
    fn threats_are_the_squares_attacked() {
        let mut board = Shogi::start(&ShogiVariant::USI);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..300 {
            let them = !board.side;
            let occ = board.occupied();
            let each = (0..SQUARES)
                .filter(|&sq| board.attacked(sq, them, occ))
                .fold(0u128, |a, sq| a | 1 << sq);
            assert_eq!(board.threats(), each, "{}", board.to_fen());
            let mut moves = ArrayVec::<Move, 600>::new();
            board.generate(GenKind::All, &mut moves);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            board.play(moves[(seed % moves.len() as u64) as usize], &mut Dirty::default());
        }
    }
}
