//! Native chess (and Chess960) on `u64` bitboards: board representation, copy-make with an
//! incremental zobrist key, insufficient material, UCI move notation. Move generation is in
//! `movegen`, FEN in `fen`, attack tables in `attacks`.

pub mod attacks;
mod eval;
mod fen;
mod movegen;
mod moves;
mod san;
mod terms;

pub use moves::{Move, MoveKind};

use self::attacks::{KING, KNIGHT, PAWN, line, sliders};
use crate::core::zobrist;
use crate::core::{Color, MoveError, Outcome, PositionError, Square};
use crate::game::{Dims, Dirty, GameMove, GenKind, Piece, RepetitionRules, see};
use arrayvec::ArrayVec;

/// Kind index of the pawn.
pub const PAWN_KIND: u8 = 0;
/// Kind index of the knight.
pub const KNIGHT_KIND: u8 = 1;
/// Kind index of the bishop.
pub const BISHOP_KIND: u8 = 2;
/// Kind index of the rook.
pub const ROOK_KIND: u8 = 3;
/// Kind index of the queen.
pub const QUEEN_KIND: u8 = 4;
/// Kind index of the king.
pub const KING_KIND: u8 = 5;

const P: usize = PAWN_KIND as usize;
const N: usize = KNIGHT_KIND as usize;
const B: usize = BISHOP_KIND as usize;
const R: usize = ROOK_KIND as usize;
const Q: usize = QUEEN_KIND as usize;
const K: usize = KING_KIND as usize;

/// Mailbox value of an empty square; pieces are `color * 6 + kind`.
const EMPTY: u8 = 12;
/// `ep` value when there is no en-passant square.
const NO_EP: u8 = 64;

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Zobrist keys: piece-square (12 x 64), castling-rights set (16), en-passant file (8), side.
struct Keys {
    piece: [[u64; 64]; 12],
    castling: [u64; 16],
    ep: [u64; 8],
    side: u64,
}

const fn make_keys() -> Keys {
    let flat: [u64; 12 * 64 + 16 + 8 + 1] = zobrist::keys(0xC4E5_5000_0000_0001);
    let mut piece = [[0u64; 64]; 12];
    let mut i = 0;
    while i < 12 * 64 {
        piece[i / 64][i % 64] = flat[i];
        i += 1;
    }
    let mut castling = [0u64; 16];
    // Rights combine by XOR of the single-right keys, so clearing a right is one XOR.
    let mut set = 1;
    while set < 16 {
        let mut bit = 0;
        while bit < 4 {
            if set & (1 << bit) != 0 {
                castling[set] ^= flat[768 + bit];
            }
            bit += 1;
        }
        set += 1;
    }
    let mut ep = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        ep[f] = flat[768 + 16 + f];
        f += 1;
    }
    Keys {
        piece,
        castling,
        ep,
        side: flat[768 + 16 + 8],
    }
}

static KEYS: Keys = make_keys();

/// The chess rules selector: there is one set of rules; Chess960 is a property of the position
/// (its castling rooks) and of the move notation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ChessVariant;

/// A chess position. Castling rights are indexed 0 = White king side, 1 = White queen side,
/// 2 = Black king side, 3 = Black queen side; `castle_rooks` holds each right's rook square.
#[derive(Clone)]
pub struct Chess {
    kinds: [u64; 6],
    colors: [u64; 2],
    board: [u8; 64],
    side: Color,
    castling: u8,
    castle_rooks: [u8; 4],
    ep: u8,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
    checkers: u64,
    chess960: bool,
}

/// The union of `attacks` over the squares of `set`.
#[inline(always)]
fn union(mut set: u64, attacks: impl Fn(usize) -> u64) -> u64 {
    let mut out = 0;
    while set != 0 {
        out |= attacks(set.trailing_zeros() as usize);
        set &= set - 1;
    }
    out
}

#[inline(always)]
const fn bit(sq: u8) -> u64 {
    1u64 << sq
}

/// Square name such as `e4`.
pub fn square_name(sq: u8) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + sq % 8) as char);
    s.push((b'1' + sq / 8) as char);
    s
}

impl Chess {
    fn empty() -> Chess {
        Chess {
            kinds: [0; 6],
            colors: [0; 2],
            board: [EMPTY; 64],
            side: Color::White,
            castling: 0,
            castle_rooks: [7, 0, 63, 56],
            ep: NO_EP,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            checkers: 0,
            chess960: false,
        }
    }

    #[inline(always)]
    fn put(&mut self, color: Color, kind: usize, sq: u8) {
        let b = bit(sq);
        self.kinds[kind] |= b;
        self.colors[color.index()] |= b;
        let code = color.index() * 6 + kind;
        self.board[sq as usize] = code as u8;
        self.hash ^= KEYS.piece[code][sq as usize];
    }

    #[inline(always)]
    fn take(&mut self, sq: u8) {
        let code = self.board[sq as usize] as usize;
        let b = bit(sq);
        self.kinds[code % 6] ^= b;
        self.colors[code / 6] ^= b;
        self.board[sq as usize] = EMPTY;
        self.hash ^= KEYS.piece[code][sq as usize];
    }

    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    #[inline(always)]
    fn pieces(&self, color: Color, kind: usize) -> u64 {
        self.kinds[kind] & self.colors[color.index()]
    }

    #[inline(always)]
    fn king_square(&self, color: Color) -> u8 {
        self.pieces(color, K).trailing_zeros() as u8
    }

    /// Pieces of `by` attacking `sq` with occupancy `occ`.
    #[inline(always)]
    fn attackers(&self, sq: u8, by: Color, occ: u64) -> u64 {
        let s = sliders();
        let sq = sq as usize;
        let them = self.colors[by.index()];
        ((KNIGHT[sq] & self.kinds[N])
            | (KING[sq] & self.kinds[K])
            | (PAWN[(!by).index()][sq] & self.kinds[P])
            | (s.rook(sq, occ) & (self.kinds[R] | self.kinds[Q]))
            | (s.bishop(sq, occ) & (self.kinds[B] | self.kinds[Q])))
            & them
    }

    /// Every square `by` attacks, whatever stands on it.
    fn attacks_by(&self, by: Color) -> u64 {
        let s = sliders();
        let occ = self.occupied();
        let (west, east) = attacks::pawn_captures(self.pieces(by, P), by);
        let mut out = west | east;
        let ours = self.colors[by.index()];
        out |= KING[self.king_square(by) as usize];
        out |= union(self.kinds[N] & ours, |sq| KNIGHT[sq]);
        out |= union((self.kinds[B] | self.kinds[Q]) & ours, |sq| s.bishop(sq, occ));
        out |= union((self.kinds[R] | self.kinds[Q]) & ours, |sq| s.rook(sq, occ));
        out
    }

    /// Whether `sq` is attacked by `by` with occupancy `occ`.
    #[inline(always)]
    fn attacked(&self, sq: u8, by: Color, occ: u64) -> bool {
        self.attackers(sq, by, occ) != 0
    }

    #[inline(always)]
    fn compute_checkers(&self) -> u64 {
        let us = self.side;
        self.attackers(self.king_square(us), !us, self.occupied())
    }

    /// Castling right bits lost when a move touches `sq`.
    #[inline(always)]
    fn rights_lost(&self, sq: u8) -> u8 {
        let mut lost = 0;
        for right in 0..4 {
            if self.castle_rooks[right] == sq {
                lost |= 1 << right;
            }
        }
        let code = self.board[sq as usize];
        if code as usize % 6 == K && code != EMPTY {
            lost |= if code < 6 { 0b0011 } else { 0b1100 };
        }
        lost
    }

    /// The square the king lands on when castling with `right`.
    #[inline(always)]
    fn castle_targets(right: usize) -> (u8, u8) {
        // (king target, rook target): g/f for king side, c/d for queen side, on the back rank.
        let base = if right < 2 { 0 } else { 56 };
        if right.is_multiple_of(2) {
            (base + 6, base + 5)
        } else {
            (base + 2, base + 3)
        }
    }

    /// The castling right a king-takes-rook move uses.
    #[inline(always)]
    fn castle_right(&self, rook_sq: u8) -> usize {
        let first = self.side.index() * 2;
        if self.castle_rooks[first] == rook_sq {
            first
        } else {
            first + 1
        }
    }

    /// Whether an enemy pawn could capture on `ep` (the en-passant square is only recorded then,
    /// as Stockfish does, so hashes of equal positions agree).
    #[inline(always)]
    fn ep_capturable(&self, ep: u8, capturer: Color) -> bool {
        PAWN[(!capturer).index()][ep as usize] & self.pieces(capturer, P) != 0
    }

    fn set_castling(&mut self, rights: u8) {
        self.hash ^= KEYS.castling[self.castling as usize] ^ KEYS.castling[rights as usize];
        self.castling = rights;
    }

    /// Whether castling moves print as king-takes-rook (UCI_Chess960 convention).
    pub fn chess960(&self) -> bool {
        self.chess960
    }

    /// Whether the castling pieces stand where only Chess960 puts them, so standard notation
    /// (king moves two squares) cannot express castling.
    fn needs_960_notation(&self) -> bool {
        (0..4).any(|right| {
            self.castling & (1 << right) != 0
                && (self.castle_rooks[right] % 8 != if right % 2 == 0 { 7 } else { 0 }
                    || self.king_square(Color::from_index(right / 2)) % 8 != 4)
        })
    }

    fn is_insufficient_material(&self) -> bool {
        if self.kinds[P] | self.kinds[R] | self.kinds[Q] != 0 {
            return false;
        }
        let minors = self.kinds[N] | self.kinds[B];
        if minors.count_ones() <= 1 {
            return true;
        }
        // Only bishops, all on squares of one color.
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        self.kinds[N] == 0 && (self.kinds[B] & DARK == 0 || self.kinds[B] & !DARK == 0)
    }
}

impl crate::game::GameRules for Chess {
    type Variant = ChessVariant;

    type Move = Move;

    type MoveList = ArrayVec<Move, 256>;
    type ScoreList = ArrayVec<i32, 256>;

    fn start(_: &ChessVariant) -> Chess {
        match Chess::parse_fen(START_FEN) {
            Ok(pos) => pos,
            Err(e) => unreachable!("the start FEN is valid: {e}"),
        }
    }

    fn dims(&self) -> Dims {
        Dims {
            files: 8,
            ranks: 8,
            piece_kinds: 6,
            hand_kinds: 0,
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
        for sq in 0..64 {
            let code = self.board[sq];
            if code != EMPTY {
                h ^= KEYS.piece[code as usize][sq];
            }
        }
        h ^= KEYS.castling[self.castling as usize];
        if self.ep != NO_EP {
            h ^= KEYS.ep[(self.ep % 8) as usize];
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
        self.generate_into(kind, !0, out);
    }

    fn count_legal(&self) -> u64 {
        self.count_moves()
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_move(mv)
    }

    #[inline]
    fn key_after(&self, mv: Move) -> Option<u64> {
        let (from, to) = (mv.from(), mv.to());
        let code = self.board[from as usize] as usize;
        let mut key = self.hash ^ KEYS.side;
        if self.ep != NO_EP {
            key ^= KEYS.ep[(self.ep % 8) as usize];
        }
        match mv.kind() {
            // Castling and en passant: rare, left to the prefetch after the move.
            MoveKind::Castle | MoveKind::EnPassant => return None,
            MoveKind::Normal => key ^= KEYS.piece[code][from as usize] ^ KEYS.piece[code][to as usize],
            MoveKind::Promotion(k) => {
                let promoted = code - code % 6 + k as usize;
                key ^= KEYS.piece[code][from as usize] ^ KEYS.piece[promoted][to as usize];
            }
        }
        let target = self.board[to as usize];
        if target != EMPTY {
            key ^= KEYS.piece[target as usize][to as usize];
        }
        Some(key)
    }

    fn play(&mut self, mv: Move, dirty: &mut Dirty) {
        let us = self.side;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        let moving = self.board[from as usize];
        let kind = moving as usize % 6;

        self.hash ^= KEYS.side;
        if self.ep != NO_EP {
            self.hash ^= KEYS.ep[(self.ep % 8) as usize];
            self.ep = NO_EP;
        }
        self.halfmove = self.halfmove.saturating_add(1);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if self.castling != 0 {
            let lost = self.rights_lost(from) | self.rights_lost(to);
            if lost & self.castling != 0 {
                self.set_castling(self.castling & !lost);
            }
        }

        match mv.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = Chess::castle_targets(self.castle_right(to));
                self.take(from);
                self.take(to);
                self.put(us, K, king_to);
                self.put(us, R, rook_to);
                let king = Piece::new(us, KING_KIND);
                let rook = Piece::new(us, ROOK_KIND);
                dirty.remove(king, Square(from));
                dirty.remove(rook, Square(to));
                dirty.add(king, Square(king_to));
                dirty.add(rook, Square(rook_to));
            }
            MoveKind::EnPassant => {
                let captured = if us == Color::White { to - 8 } else { to + 8 };
                self.take(captured);
                self.take(from);
                self.put(us, P, to);
                self.halfmove = 0;
                let pawn = Piece::new(us, PAWN_KIND);
                dirty.remove(Piece::new(them, PAWN_KIND), Square(captured));
                dirty.remove(pawn, Square(from));
                dirty.add(pawn, Square(to));
            }
            MoveKind::Normal | MoveKind::Promotion(_) => {
                let target = self.board[to as usize];
                if target != EMPTY {
                    self.take(to);
                    self.halfmove = 0;
                    dirty.remove(Piece::new(them, target % 6), Square(to));
                }
                self.take(from);
                let new_kind = match mv.kind() {
                    MoveKind::Promotion(k) => k as usize,
                    _ => kind,
                };
                self.put(us, new_kind, to);
                dirty.remove(Piece::new(us, kind as u8), Square(from));
                dirty.add(Piece::new(us, new_kind as u8), Square(to));
                if kind == P {
                    self.halfmove = 0;
                    if from ^ to == 16 {
                        let ep = (from + to) / 2;
                        if self.ep_capturable(ep, them) {
                            self.ep = ep;
                            self.hash ^= KEYS.ep[(ep % 8) as usize];
                        }
                    }
                }
            }
        }
        self.side = them;
        self.checkers = self.compute_checkers();
    }

    fn play_null(&mut self) -> bool {
        if self.checkers != 0 {
            return false;
        }
        self.hash ^= KEYS.side;
        if self.ep != NO_EP {
            self.hash ^= KEYS.ep[(self.ep % 8) as usize];
            self.ep = NO_EP;
        }
        self.halfmove = self.halfmove.saturating_add(1);
        self.side = !self.side;
        true
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_insufficient_material().then_some(Outcome::Draw)
    }

    fn outcome_without_moves(&self) -> Outcome {
        if self.checkers != 0 {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }

    #[inline(always)]
    fn reversible_plies(&self) -> u32 {
        self.halfmove as u32
    }

    fn move_rule_plies(&self) -> Option<u32> {
        Some(100)
    }

    fn game_ply(&self) -> u32 {
        2 * (self.fullmove as u32 - 1) + 1 + self.side.index() as u32
    }

    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules {
            fold: 3,
            value: Outcome::Draw,
            perpetual_check_loses: false,
            chasing: false,
        }
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        let code = *self.board.get(sq.index())?;
        (code != EMPTY).then(|| Piece::new(Color::from_index(code as usize / 6), code % 6))
    }

    #[inline(always)]
    fn moved_piece(&self, mv: Move) -> Piece {
        let code = self.board[mv.from() as usize];
        Piece::new(self.side, code % 6)
    }

    #[inline(always)]
    fn captured_piece(&self, mv: Move) -> Option<Piece> {
        match mv.kind() {
            MoveKind::EnPassant => Some(Piece::new(!self.side, PAWN_KIND)),
            MoveKind::Castle => None,
            _ => {
                let code = self.board[mv.to() as usize];
                (code != EMPTY).then(|| Piece::new(!self.side, code % 6))
            }
        }
    }

    #[inline(always)]
    fn move_target(&self, mv: Move) -> Square {
        match mv.kind() {
            MoveKind::Castle => Square(Chess::castle_targets(self.castle_right(mv.to())).0),
            _ => Square(mv.to()),
        }
    }

    #[inline(always)]
    fn move_origin(&self, mv: Move) -> Option<Square> {
        Some(Square(mv.from()))
    }

    #[inline(always)]
    fn is_tactical(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::Normal => self.board[mv.to() as usize] != EMPTY,
            MoveKind::Castle => false,
            MoveKind::EnPassant | MoveKind::Promotion(_) => true,
        }
    }

    fn gives_check(&self, mv: Move) -> bool {
        let s = sliders();
        let us = self.side;
        let them = !us;
        let ksq = self.king_square(them) as usize;
        let (from, to) = (mv.from(), mv.to());
        let ours = self.colors[us.index()];
        let occ = self.occupied();
        // Squares and pieces after the move: the mover's (or castling rook's) new square and kind.
        let (occ_after, mover_sq, mover_kind, vacated) = match mv.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = Chess::castle_targets(self.castle_right(to));
                (
                    (occ ^ bit(from) ^ bit(to)) | bit(king_to) | bit(rook_to),
                    rook_to,
                    R,
                    bit(from) | bit(to),
                )
            }
            MoveKind::EnPassant => {
                let captured = if us == Color::White { to - 8 } else { to + 8 };
                ((occ ^ bit(from) ^ bit(captured)) | bit(to), to, P, bit(from))
            }
            MoveKind::Promotion(k) => ((occ ^ bit(from)) | bit(to), to, k as usize, bit(from)),
            MoveKind::Normal => (
                (occ ^ bit(from)) | bit(to),
                to,
                self.board[from as usize] as usize % 6,
                bit(from),
            ),
        };
        let mover = mover_sq as usize;
        let direct = match mover_kind {
            P => PAWN[us.index()][mover],
            N => KNIGHT[mover],
            B => s.bishop(mover, occ_after),
            R => s.rook(mover, occ_after),
            Q => s.queen(mover, occ_after),
            _ => 0,
        };
        if direct & bit(ksq as u8) != 0 {
            return true;
        }
        // A plain move or promotion discovers a check only from a square on a line through the
        // king that it leaves (Stockfish's `aligned` test); the rare castling and en passant are
        // looked at in full.
        if let MoveKind::Normal | MoveKind::Promotion(_) = mv.kind() {
            let through = line(ksq, from as usize);
            if through == 0 || through & bit(to) != 0 {
                return false;
            }
        }
        // Discovered checks by our other sliders through the vacated squares.
        let stay = ours & !vacated;
        (s.rook(ksq, occ_after) & (self.kinds[R] | self.kinds[Q]) & stay) != 0
            || (s.bishop(ksq, occ_after) & (self.kinds[B] | self.kinds[Q]) & stay) != 0
    }

    #[inline(always)]
    fn is_promotion(&self, mv: Move) -> bool {
        matches!(mv.kind(), MoveKind::Promotion(_))
    }

    fn for_each_piece(&self, mut f: impl FnMut(Piece, Square)) {
        for color in Color::ALL {
            for kind in 0..6 {
                let mut bb = self.pieces(color, kind);
                while bb != 0 {
                    let sq = bb.trailing_zeros() as u8;
                    bb &= bb - 1;
                    f(Piece::new(color, kind as u8), Square(sq));
                }
            }
        }
    }

    fn hand_count(&self, _: Color, _: u8) -> u8 {
        0
    }

    #[inline(always)]
    fn piece_count(&self) -> usize {
        self.occupied().count_ones() as usize
    }

    #[inline(always)]
    fn royal_square(&self, color: Color) -> Option<Square> {
        Some(Square(self.king_square(color)))
    }
}

impl crate::game::Notation for Chess {
    fn from_fen(_: &ChessVariant, fen: &str) -> Result<Chess, PositionError> {
        Chess::parse_fen(fen)
    }

    fn move_parts(&self, mv: Move) -> crate::game::MoveParts {
        use crate::game::GameRules;
        let from = mv.from();
        crate::game::MoveParts {
            from: Some(Square(from)),
            to: self.move_target(mv),
            kind: self.board[from as usize] % 6,
            capture: self.captured_piece(mv).is_some(),
            castle: (mv.kind() == MoveKind::Castle).then(|| mv.to() % 8 > from % 8),
            change: match mv.kind() {
                MoveKind::Promotion(k) => Some(crate::game::Change::Promotion(k)),
                _ => None,
            },
            gate: None,
            wall: None,
        }
    }

    fn piece_letter(&self, kind: u8) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K'][usize::from(kind) % 6]
    }

    fn is_chess_pawn(&self, kind: u8) -> bool {
        kind == PAWN_KIND
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let b = text.as_bytes();
        let square = |f: u8, r: u8| -> Option<u8> {
            ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r)).then(|| (r - b'1') * 8 + f - b'a')
        };
        let (from, to) = match (b.len(), b.len() >= 4) {
            (4 | 5, true) => match (square(b[0], b[1]), square(b[2], b[3])) {
                (Some(f), Some(t)) => (f, t),
                _ => return Err(MoveError::new(text, "expected squares a1..h8, as in e2e4")),
            },
            _ => {
                return Err(MoveError::new(
                    text,
                    "expected UCI notation: origin and target squares and an optional promotion letter, as in e2e4 or e7e8q",
                ));
            }
        };
        let promotion = match b.get(4) {
            None => None,
            Some(b'n') => Some(KNIGHT_KIND),
            Some(b'b') => Some(BISHOP_KIND),
            Some(b'r') => Some(ROOK_KIND),
            Some(b'q') => Some(QUEEN_KIND),
            Some(_) => {
                return Err(MoveError::new(text, "promotion letter must be one of n, b, r, q"));
            }
        };
        let mut list = ArrayVec::<Move, 256>::new();
        self.generate_into(GenKind::All, bit(from), &mut list);
        let found = list.iter().copied().find(|&mv| {
            let promo = match mv.kind() {
                MoveKind::Promotion(k) => Some(k),
                _ => None,
            };
            if promo != promotion {
                return false;
            }
            if mv.kind() == MoveKind::Castle {
                // King-takes-rook always; the king's target square too unless that is ambiguous
                // with a normal king move (it cannot be: castling needs the path empty).
                mv.to() == to || Chess::castle_targets(self.castle_right(mv.to())).0 == to
            } else {
                mv.to() == to
            }
        });
        found.ok_or_else(|| MoveError::new(text, format!("not a legal move in {}", self.fen())))
    }

    fn fmt_move(&self, mv: Move) -> String {
        if mv.is_null() {
            return "0000".to_string();
        }
        let to = match mv.kind() {
            MoveKind::Castle if !self.chess960 => Chess::castle_targets(self.castle_right(mv.to())).0,
            _ => mv.to(),
        };
        let mut s = square_name(mv.from());
        s.push_str(&square_name(to));
        if let MoveKind::Promotion(k) = mv.kind() {
            s.push(['n', 'b', 'r', 'q'][k as usize - 1]);
        }
        s
    }

    fn set_chess960(&mut self, on: bool) {
        self.chess960 = on || self.needs_960_notation();
    }
}

impl crate::game::EvalKnowledge for Chess {
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see_at_least(mv, threshold)
    }

    fn layout_spec(_: &Self::Variant) -> crate::game::LayoutSpec {
        crate::game::LayoutSpec {
            variant: "chess".to_string(),
            files: 8,
            ranks: 8,
            piece_kinds: 6,
            royal: Some(KING_KIND),
            royal_region: Vec::new(),
            hand_max: Vec::new(),
            view: crate::game::OpponentView::FlipRanks,
            mirror: true,
            king_buckets: 0,
            max_pieces: 32,
            pieces: "pnbrqk".chars().map(String::from).collect(),
            values: terms::terms().see.clone(),
        }
    }

    fn eval_terms(&self) -> &crate::game::EvalTerms {
        terms::terms()
    }

    fn eval_extra(&self) -> crate::game::Tapered {
        self.positional()
    }

    fn pawn_key(&self) -> u64 {
        crate::game::pawn_key_of(
            self.pieces(Color::White, PAWN_KIND as usize),
            self.pieces(Color::Black, PAWN_KIND as usize),
        )
    }

    fn non_pawn_keys(&self) -> Option<[u64; 2]> {
        let key = |c: Color| crate::game::words_key([N, B, R, Q, K].map(|k| self.pieces(c, k)));
        Some([key(Color::White), key(Color::Black)])
    }

    fn threats(&self) -> u128 {
        u128::from(self.attacks_by(!self.side))
    }

    fn null_move_ok(&self) -> bool {
        let ours = self.colors[self.side.index()];
        ours & !(self.kinds[P] | self.kinds[K]) != 0
    }
}

impl Chess {
    /// Static exchange evaluation with x-rays (the swap algorithm as in Stockfish's `see_ge`):
    /// whether the exchange sequence starting with `mv` nets at least `threshold` centipawns.
    /// Castling, en passant and promotions count as an even exchange. Pins are ignored.
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        let values = &terms::terms().see;
        let (from, to) = (mv.from(), mv.to());
        let target = self.board[to as usize];
        let mut victim = if target == EMPTY {
            0
        } else {
            values[target as usize % 6]
        };
        let mut mover = values[self.board[from as usize] as usize % 6];
        match mv.kind() {
            MoveKind::Normal => {}
            // A promotion gains the difference, and the promoted piece stands to be taken.
            MoveKind::Promotion(kind) => {
                victim += values[kind as usize] - mover;
                mover = values[kind as usize];
            }
            MoveKind::EnPassant | MoveKind::Castle => return 0 >= threshold,
        }
        let occ = self.occupied() ^ bit(from) ^ bit(to);
        let mut exchange = ChessExchange {
            board: self,
            to: to as usize,
            occ,
            attackers: self.attackers(to, Color::White, occ) | self.attackers(to, Color::Black, occ),
        };
        see::exchange_at_least(victim, mover, threshold, self.side, &mut exchange)
    }
}

/// The captures on one square, with x-rays revealed as pieces leave.
struct ChessExchange<'a> {
    board: &'a Chess,
    to: usize,
    occ: u64,
    attackers: u64,
}

impl see::Exchange for ChessExchange<'_> {
    fn next(&mut self, color: Color) -> Option<see::Capturer> {
        let b = self.board;
        self.attackers &= self.occ;
        let mine = self.attackers & b.colors[color.index()];
        let kind = (0..6).find(|&k| mine & b.kinds[k] != 0)?;
        if kind == K {
            return Some(see::Capturer::King);
        }
        let lowest = mine & b.kinds[kind];
        self.occ ^= lowest & lowest.wrapping_neg();
        let s = sliders();
        if matches!(kind, P | B | Q) {
            self.attackers |= s.bishop(self.to, self.occ) & (b.kinds[B] | b.kinds[Q]);
        }
        if matches!(kind, R | Q) {
            self.attackers |= s.rook(self.to, self.occ) & (b.kinds[R] | b.kinds[Q]);
        }
        Some(see::Capturer::Piece(terms::terms().see[kind]))
    }

    fn has_attacker(&self, color: Color) -> bool {
        self.attackers & self.occ & self.board.colors[color.index()] != 0
    }
}
