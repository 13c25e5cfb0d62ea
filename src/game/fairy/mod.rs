//! `Fairy<B>`: the rules interpreter that plays any variant defined in TOML
//! ([`crate::variant`]), on `u64` bitboards for boards of up to 64 squares and `u128` up to 128.
//!
//! The position is a mailbox plus bitboards per color and per kind; the rules ([`Rules`]) are
//! compiled once per variant and shared by reference, so a position is a plain copyable value
//! for [`crate::game::Position`]'s copy-make stack.

mod eval;
mod fen;
mod movegen;
pub mod moves;
pub mod rules;
mod terms;

pub use moves::{FairyMove, Special};
use rules::CastlePath;
pub use rules::Rules;

use crate::core::{Bitboard, Color, MoveError, Outcome, PositionError, Square};
use crate::game::EvalTerms;
use crate::game::see::{Capturer, Exchange, exchange_at_least};
use crate::game::{Dims, Dirty, GameRules, GenKind, Piece, RepetitionRules};
use crate::variant::{Counting, CountingMaterial, CountingRule, MAX_KINDS};
use arrayvec::ArrayVec;

/// No square (castling rights, en passant).
const NO_SQUARE: u8 = u8::MAX;
/// An empty mailbox square.
const EMPTY: u8 = u8::MAX;

/// A position of a fairy variant.
#[derive(Clone)]
pub struct Fairy<B: Bitboard> {
    rules: &'static Rules<B>,
    /// `color << 5 | kind`, or [`EMPTY`].
    board: [u8; 128],
    by_color: [B; 2],
    by_kind: [B; MAX_KINDS],
    side: Color,
    /// Rook square of each castling right (`color * 2 + side`, side 0 = towards higher files).
    castle: [u8; 4],
    /// Squares whose pieces still hold a first-move right.
    rights: B,
    /// En-passant target squares, and the square of the piece that would be taken.
    ep: B,
    ep_victim: u8,
    /// Checks each side still has to give (n-check variants).
    checks: [u8; 2],
    /// A running count of a counting rule: its limit in plies (0: no count runs) and the plies
    /// counted so far. Not in the key, as in Fairy-Stockfish.
    counting_limit: u16,
    counting_ply: u16,
    halfmove: u16,
    fullmove: u16,
    key: u64,
    /// Pieces giving check to the side to move.
    checkers: B,
    chess960: bool,
}

impl<B: Bitboard> Fairy<B> {
    /// The compiled rules.
    pub fn rules(&self) -> &'static Rules<B> {
        self.rules
    }

    #[inline(always)]
    fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.board[sq.index()];
        (code != EMPTY).then(|| Piece::new(if code >> 5 == 0 { Color::White } else { Color::Black }, code & 31))
    }

    #[inline(always)]
    fn piece_key(&self, piece: Piece, sq: Square) -> u64 {
        self.rules.keys.piece[piece.index(self.rules.kinds) * self.rules.squares + sq.index()]
    }

    #[inline(always)]
    fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = (piece.color.index() as u8) << 5 | piece.kind;
        self.by_color[piece.color.index()] |= B::square(sq);
        self.by_kind[piece.kind as usize] |= B::square(sq);
        self.key ^= self.piece_key(piece, sq);
    }

    #[inline(always)]
    fn take(&mut self, sq: Square) -> Piece {
        let piece = self.piece_at(sq).unwrap_or(Piece::new(Color::White, 0));
        self.board[sq.index()] = EMPTY;
        self.by_color[piece.color.index()] &= !B::square(sq);
        self.by_kind[piece.kind as usize] &= !B::square(sq);
        self.key ^= self.piece_key(piece, sq);
        piece
    }

    /// The key of the castling rights `castle` (rook squares, as [`Fairy::castle`]).
    fn castle_key(&self, castle: [u8; 4]) -> u64 {
        (0..4)
            .filter(|&i| castle[i] != NO_SQUARE)
            .fold(0, |k, i| k ^ self.rules.keys.castling[i])
    }

    /// The key of the first-move rights on `rights`.
    fn rights_key(&self, rights: B) -> u64 {
        rights.squares().fold(0, |k, s| k ^ self.rules.keys.rights[s.index()])
    }

    fn ep_key(&self) -> u64 {
        if self.ep.is_empty() {
            0
        } else {
            self.rules.keys.ep[self.rules.coords[self.ep.lsb().index()].0 as usize]
        }
    }

    fn checks_key(&self) -> u64 {
        if !self.rules.def.check_counting {
            return 0;
        }
        self.rules.keys.checks[0][self.checks[0].min(15) as usize]
            ^ self.rules.keys.checks[1][self.checks[1].min(15) as usize]
    }

    /// `color`'s castling king: the lowest of its pieces of the castling king's kind on the
    /// castling rank. `None` without castling or without such a piece.
    #[inline]
    fn castle_king(&self, color: Color) -> Option<Square> {
        let rules = self.rules;
        let castling = rules.def.castling.as_ref()?;
        let kings =
            self.by_kind[castling.king_kind as usize] & self.by_color[color.index()] & rules.castle_rank[color.index()];
        (!kings.is_empty()).then(|| kings.lsb())
    }

    /// The castling of `color`'s king on `king` with the rook on `rook` towards `side` (0:
    /// higher files). `None` where the rook's target would be off the board.
    #[inline]
    fn castle_path(&self, color: Color, side: usize, king: Square, rook: Square) -> Option<&CastlePath<B>> {
        let rules = self.rules;
        let files = usize::from(rules.files);
        let (king_file, rook_file) = (rules.coords[king.index()].0, rules.coords[rook.index()].0);
        rules.castle_paths[color.index()]
            .get((side * files + usize::from(king_file)) * files + usize::from(rook_file))?
            .as_ref()
    }

    /// For a castling move of the side to move (king takes rook): the king's square and the king's
    /// and the rook's targets. `None` for other moves.
    fn castle_targets(&self, mv: FairyMove) -> Option<(Square, Square, Square)> {
        if mv.special() != Special::Castle {
            return None;
        }
        // King and rook stand on one rank: the lower index is the lower file.
        let side = usize::from(mv.to() < mv.from());
        let king = self.castle_king(self.side)?;
        let path = self.castle_path(self.side, side, king, Square(mv.to()))?;
        Some((king, path.king_to, path.rook_to))
    }

    /// Squares strictly between `from` and `to` on a straight line of equal steps.
    fn passed_squares(&self, from: Square, to: Square) -> B {
        let coords = &self.rules.coords;
        let (df, dr) = (
            i32::from(coords[to.index()].0) - i32::from(coords[from.index()].0),
            i32::from(coords[to.index()].1) - i32::from(coords[from.index()].1),
        );
        let (adf, adr) = (df.unsigned_abs(), dr.unsigned_abs());
        // Orthogonal and diagonal steps (all pawns' double steps) without the division.
        let steps = if adf == 0 || adr == 0 || adf == adr {
            adf.max(adr)
        } else {
            gcd(adf, adr)
        } as i32;
        if steps < 2 {
            return B::EMPTY;
        }
        // Equal steps on the board are equal steps of the index.
        let step = (i32::from(to.0) - i32::from(from.0)) / steps;
        (1..steps).fold(B::EMPTY, |b, i| {
            b | B::square(Square((i32::from(from.0) + step * i) as u8))
        })
    }

    /// En-passant targets among `passed` that a piece of `by` could capture on.
    fn capturable_ep(&self, passed: B, by: Color) -> B {
        let rules = self.rules;
        let occ = self.occupied() | passed;
        let mut out = B::EMPTY;
        for sq in (passed & rules.ep_region[by.index()]).squares() {
            let mut kinds = rules.ep_kinds();
            while kinds != 0 {
                let k = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let pieces = self.by_kind[k] & self.by_color[by.index()];
                if !pieces.is_empty()
                    && !(rules.kind(by, k).reverse.attackers(&rules.rays, sq, occ) & pieces).is_empty()
                {
                    out |= B::square(sq);
                }
            }
        }
        out
    }

    fn update_checkers(&mut self) {
        let us = self.side;
        let occ = self.occupied();
        let mut checkers = B::EMPTY;
        let blasts = self.rules.def.blast_on_capture;
        for r in self.royals(us).squares() {
            if !blasts || self.royal_attacked(r, us, occ, B::EMPTY) {
                checkers |= self.attackers_to(r, !us, occ, B::EMPTY);
            }
        }
        self.checkers = checkers;
    }

    /// The checkers after `mover` played a plain move (not castling, en passant or an explosion)
    /// from `from` to `to`, where that can be told from the moved piece alone: a single royal
    /// piece, checks given only by moved pieces and discovered riders ([`Rules::plain_checks`]),
    /// and `from` on no line along which a rider of the mover's reaches the royal piece. `None`:
    /// compute them all.
    fn checkers_after_plain_move(&self, mover: Color, from: Square, to: Square) -> Option<B> {
        let rules = self.rules;
        let royals = self.royals(!mover);
        if royals.more_than_one() || !rules.plain_checks[mover.index()] {
            return None;
        }
        if royals.is_empty() {
            return Some(B::EMPTY);
        }
        let r = royals.lsb();
        if rules.pin_line[mover.index()][r.index() * rules.squares + from.index()] != rules::NO_LINE {
            return None;
        }
        let kind = usize::from(self.board[to.index()] & 31);
        let t = rules.kind(mover, kind);
        // No hoppers here (`plain_checks`): a piece that could not take the royal piece on an
        // empty board does not check it.
        if !t.capture_span[to.index()].has(r) {
            return Some(B::EMPTY);
        }
        let (_, capture) = t.normal.reach(rules, to, self.occupied());
        Some(if (capture & t.region).has(r) {
            B::square(to)
        } else {
            B::EMPTY
        })
    }

    /// Plays a pseudo-legal move (no legality test).
    fn play_unchecked(&mut self, mv: FairyMove, dirty: &mut Dirty) {
        let rules = self.rules;
        let us = self.side;
        let them = !us;
        let from = Square(mv.from());
        let to = Square(mv.to());
        let ep_victim = self.ep_victim;
        let (castle_before, rights_before) = (self.castle, self.rights);
        self.key ^= rules.keys.side ^ self.ep_key();
        self.rights &= !B::square(from) & !B::square(to);
        self.ep = B::EMPTY;
        self.ep_victim = NO_SQUARE;
        self.halfmove = self.halfmove.saturating_add(1);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if self.counting_limit > 0 {
            self.counting_ply = self.counting_ply.saturating_add(1);
        }
        let mut captured_kind = None;
        let moving = self.piece_at(from).unwrap_or(Piece::new(us, 0));
        // Castling rights go with the king and with the rooks' squares.
        if let Some(c) = &rules.def.castling {
            if moving.kind == c.king_kind {
                self.castle[us.index() * 2] = NO_SQUARE;
                self.castle[us.index() * 2 + 1] = NO_SQUARE;
            }
            for r in &mut self.castle {
                if *r == from.0 || *r == to.0 {
                    *r = NO_SQUARE;
                }
            }
        }
        match mv.special() {
            Special::Castle => {
                let targets = self.castle_targets(mv);
                let king = self.take(from);
                let rook = self.take(to);
                let (king_to, rook_to) = targets.map_or((from, to), |(_, k, r)| (k, r));
                self.put(king, king_to);
                self.put(rook, rook_to);
                dirty.remove(king, from);
                dirty.remove(rook, to);
                dirty.add(king, king_to);
                dirty.add(rook, rook_to);
            }
            special => {
                let victim_sq = if special == Special::EnPassant {
                    Square(ep_victim)
                } else {
                    to
                };
                if let Some(victim) = self.piece_at(victim_sq).filter(|p| p.color == them) {
                    // A captured castling king (where kings are not royal) takes its rights along.
                    if rules.def.castling.as_ref().is_some_and(|c| c.king_kind == victim.kind) {
                        self.castle[them.index() * 2] = NO_SQUARE;
                        self.castle[them.index() * 2 + 1] = NO_SQUARE;
                    }
                    self.take(victim_sq);
                    dirty.remove(victim, victim_sq);
                    self.halfmove = 0;
                    captured_kind = Some(victim.kind);
                }
                let captured = self.halfmove == 0;
                let piece = self.take(from);
                dirty.remove(piece, from);
                if captured && rules.def.blast_on_capture {
                    self.explode(to, dirty);
                } else {
                    let placed = Piece::new(us, mv.promotion().unwrap_or(piece.kind));
                    self.put(placed, to);
                    dirty.add(placed, to);
                }
                if rules.is_pawn(piece.kind as usize) {
                    self.halfmove = 0;
                }
                if special == Special::DoubleStep && rules.def.en_passant {
                    let ep = self.capturable_ep(self.passed_squares(from, to), them);
                    if !ep.is_empty() {
                        self.ep = ep;
                        self.ep_victim = to.0;
                    }
                }
            }
        }
        if !rules.def.royal_right_lost_to.is_empty() && !self.rights.is_empty() {
            self.royal_rights_under_attack(to);
        }
        self.side = them;
        if let Some(counting) = &rules.def.counting {
            self.update_count(counting, captured_kind, mv.promotion().is_some());
        }
        let plain = matches!(mv.special(), Special::Normal | Special::DoubleStep) && !rules.def.blast_on_capture;
        match plain.then(|| self.checkers_after_plain_move(us, from, to)).flatten() {
            Some(checkers) => self.checkers = checkers,
            None => self.update_checkers(),
        }
        if rules.def.check_counting && !self.checkers.is_empty() {
            self.key ^= self.checks_key();
            self.checks[us.index()] = self.checks[us.index()].saturating_sub(1);
            self.key ^= self.checks_key();
        }
        self.key ^= self.ep_key();
        if self.castle != castle_before {
            self.key ^= self.castle_key(castle_before) ^ self.castle_key(self.castle);
        }
        // Rights are only lost: the changed squares are the lost ones.
        self.key ^= self.rights_key(rights_before ^ self.rights);
    }

    /// The counting rule after a move (the side to move has already changed): a count starts
    /// when a side is reduced far enough, and starts again from the new material when the last
    /// piece of the bare side's opponent changes by a capture or promotion. Fairy-Stockfish's
    /// `do_move`.
    fn update_count(&mut self, counting: &Counting, captured: Option<u8>, promotion: bool) {
        let (mover, to_move) = (!self.side, self.side);
        let all = |c: Color| self.by_color[c.index()].count();
        if counting.rule != CountingRule::Asean
            && captured.is_some_and(|k| self.rules.is_pawn(k as usize))
            && all(mover) == 1
            && self.pawn_count() == 0
        {
            let limit = self.count_limit(counting, mover);
            if limit > 0 {
                self.counting_limit = 2 * limit;
                self.counting_ply = (2 * self.occupied().count() - 1) as u16;
            }
        }
        if self.counting_limit == 0 || ((captured.is_some() || promotion) && all(to_move) == 1) {
            let limit = self.count_limit(counting, to_move);
            if limit > 0 {
                self.counting_limit = 2 * limit;
                self.counting_ply = if counting.rule == CountingRule::Asean || all(to_move) > 1 {
                    0
                } else {
                    2 * self.occupied().count() as u16
                };
            }
        }
    }

    /// Pawns of both sides on the board.
    fn pawn_count(&self) -> u32 {
        (0..self.rules.kinds)
            .filter(|&k| self.rules.is_pawn(k))
            .map(|k| self.by_kind[k].count())
            .sum()
    }

    /// The counting limit in full moves for `side` (0: it does not count).
    fn count_limit(&self, counting: &Counting, side: Color) -> u16 {
        let theirs = self.by_color[(!side).index()];
        let of = |kind: Option<u8>| kind.map_or(0, |k| (self.by_kind[k as usize] & theirs).count());
        counting.limit(CountingMaterial {
            pawns: self.pawn_count(),
            own: self.by_color[side.index()].count(),
            theirs: theirs.count(),
            rooks: of(counting.rook),
            khons: of(counting.khon),
            knights: of(counting.knight),
        })
    }

    /// After a move to `to`: an enemy royal piece that holds a first-move right loses it when
    /// the piece now on `to` is of a kind in `royal_right_lost_to` and aims at it (on an empty
    /// board).
    fn royal_rights_under_attack(&mut self, to: Square) {
        let rules = self.rules;
        let Some(piece) = self.piece_at(to) else { return };

        if !rules.def.royal_right_lost_to.contains(&piece.kind) {
            return;
        }
        // On an empty board, as Fairy-Stockfish aims: pieces in between do not matter.
        let (_, attacks) = rules
            .kind(piece.color, piece.kind as usize)
            .normal
            .reach(rules, to, B::EMPTY);
        self.rights &= !(attacks & self.royals(!piece.color));
    }

    /// An atomic explosion on `at`: every piece around it goes, except the immune kinds (the
    /// capturer and its victim are already off the board). Castling rights go with exploded
    /// kings and rooks.
    fn explode(&mut self, at: Square, dirty: &mut Dirty) {
        let rules = self.rules;
        for sq in (rules.ring[at.index()] & self.occupied()).squares() {
            let Some(p) = self.piece_at(sq) else { continue };
            if rules.def.blast_immune.contains(&p.kind) {
                continue;
            }
            if rules.def.castling.as_ref().is_some_and(|c| c.king_kind == p.kind) {
                self.castle[p.color.index() * 2] = NO_SQUARE;
                self.castle[p.color.index() * 2 + 1] = NO_SQUARE;
            }
            for r in &mut self.castle {
                if *r == sq.0 {
                    *r = NO_SQUARE;
                }
            }
            self.take(sq);
            dirty.remove(p, sq);
        }
    }

    /// Whether `color`'s royal piece on `sq` is attacked by `!color` with occupancy `occ`
    /// (ignoring `exclude`). In atomic variants a royal piece next to the enemy's is immune: no
    /// capture of it could spare the capturer's own.
    pub(super) fn royal_attacked(&self, sq: Square, color: Color, occ: B, exclude: B) -> bool {
        if self.rules.def.blast_on_capture && !(self.rules.ring[sq.index()] & self.royals(!color) & !exclude).is_empty()
        {
            return false;
        }
        self.is_attacked(sq, !color, occ, exclude)
    }

    /// Whether `color` has no pieces that count for an extinction rule.
    pub(super) fn extinct(&self, color: Color) -> bool {
        let Some(ext) = &self.rules.def.extinction else {
            return false;
        };
        // Pseudo-royal pieces are never captured (except by explosions), so their extinction
        // never ends the game: Fairy-Stockfish's `is_immediate_game_end`.
        if ext.pseudo_royal && !self.rules.def.blast_on_capture {
            return false;
        }
        let own = self.by_color[color.index()];
        let gone = match &ext.kinds {
            None => own.count() <= ext.count as u32,
            Some(kinds) => kinds
                .iter()
                .any(|&k| (self.by_kind[k as usize] & own).count() <= ext.count as u32),
        };
        let reply = u32::from(ext.claim && color == self.side);
        gone && self.by_color[(!color).index()].count() >= u32::from(ext.opponent_count) + reply
    }

    fn flag_reached(&self, color: Color) -> bool {
        match &self.rules.def.flag {
            Some(flag) => !(self.by_kind[flag.kind as usize]
                & self.by_color[color.index()]
                & self.rules.flag_region[color.index()])
            .is_empty(),
            None => false,
        }
    }

    /// Whether `color`, to move, can reach its flag region with one legal move.
    fn can_reach_flag(&self) -> bool {
        let Some(flag) = &self.rules.def.flag else { return false };
        let mut reach = false;
        self.legal_moves(movegen::Filter::all(), &mut |m| {
            reach |= self.piece_at(Square(m.from())).is_some_and(|p| p.kind == flag.kind)
                && self.rules.flag_region[self.side.index()].has(Square(m.to()));
        });
        reach
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The exchange on one square, for static exchange evaluation.
struct FairyExchange<'a, B: Bitboard> {
    game: &'a Fairy<B>,
    target: Square,
    occ: B,
}

impl<B: Bitboard> FairyExchange<'_, B> {
    fn attackers(&self, color: Color) -> B {
        self.game.attackers_to(self.target, color, self.occ, !self.occ) & self.occ
    }
}

impl<B: Bitboard> Exchange for FairyExchange<'_, B> {
    fn next(&mut self, color: Color) -> Option<Capturer> {
        let attackers = self.attackers(color);
        if attackers.is_empty() {
            return None;
        }
        let terms = &self.game.rules.terms;
        let (sq, kind) = attackers
            .squares()
            .filter_map(|s| self.game.piece_at(s).map(|p| (s, p.kind as usize)))
            .min_by_key(|&(_, k)| terms.see[k])?;
        if self.game.rules.royal_kinds.contains(&(kind as u8)) {
            return Some(Capturer::King);
        }
        self.occ &= !B::square(sq);
        Some(Capturer::Piece(terms.see[kind]))
    }

    fn has_attacker(&self, color: Color) -> bool {
        !self.attackers(color).is_empty()
    }
}

impl<B: Bitboard> crate::game::GameRules for Fairy<B> {
    type Variant = &'static Rules<B>;

    type Move = FairyMove;

    type MoveList = ArrayVec<FairyMove, 600>;

    fn start(variant: &Self::Variant) -> Self {
        // The start position was checked when the rules were built.
        match Self::parse_fen(variant, &variant.def.start_fen) {
            Ok(p) => p,
            Err(e) => unreachable!("start position checked at load: {e}"),
        }
    }

    fn dims(&self) -> Dims {
        Dims {
            files: self.rules.files,
            ranks: self.rules.ranks,
            piece_kinds: self.rules.kinds as u8,
            hand_kinds: 0,
        }
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        self.key
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            self.rules.keys.side
        } else {
            0
        };
        for s in self.occupied().squares() {
            if let Some(p) = self.piece_at(s) {
                key ^= self.piece_key(p, s);
            }
        }
        key ^ self.castle_key(self.castle) ^ self.ep_key() ^ self.checks_key() ^ self.rights_key(self.rights)
    }

    fn in_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    fn generate(&self, kind: GenKind, out: &mut Self::MoveList) {
        self.generate_into(kind, out);
    }

    fn count_legal(&self) -> u64 {
        self.count_moves()
    }

    fn is_legal(&self, mv: FairyMove) -> bool {
        self.is_legal_move(mv)
    }

    fn play(&mut self, mv: FairyMove, dirty: &mut Dirty) {
        self.play_unchecked(mv, dirty);
    }

    fn play_null(&mut self) -> bool {
        if self.in_check() {
            return false;
        }
        self.key ^= self.rules.keys.side ^ self.ep_key();
        self.ep = B::EMPTY;
        self.ep_victim = NO_SQUARE;
        self.side = !self.side;
        self.halfmove = self.halfmove.saturating_add(1);
        self.update_checkers();
        true
    }

    fn outcome(&self) -> Option<Outcome> {
        let rules = self.rules;
        let us = self.side;
        if let Some(ext) = &rules.def.extinction {
            if self.extinct(!us) {
                return Some(ext.value.flip());
            }
            if self.extinct(us) {
                return Some(ext.value);
            }
        }
        if rules.def.check_counting && self.checks[(!us).index()] == 0 {
            return Some(Outcome::Loss);
        }
        if let Some(flag) = &rules.def.flag {
            let (mine, theirs) = (self.flag_reached(us), self.flag_reached(!us));
            if mine && theirs {
                return Some(Outcome::Draw);
            }
            if theirs {
                // With `flag_move`, the second player may still draw by reaching its region.
                let reply = flag.flag_move && us == Color::Black && self.can_reach_flag();
                return (!reply).then_some(Outcome::Loss);
            }
            if mine {
                return Some(Outcome::Win);
            }
        }
        None
    }

    fn outcome_without_moves(&self) -> Outcome {
        if self.in_check() {
            self.rules.def.checkmate_value
        } else {
            self.rules.def.stalemate_value
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmove as u32
    }

    fn move_rule_plies(&self) -> Option<u32> {
        let n = self.rules.def.n_move_rule;
        (n > 0).then_some(2 * n as u32)
    }

    fn count_ran_out(&self) -> bool {
        self.counting_limit > 0 && self.counting_ply > self.counting_limit
    }

    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules {
            fold: self.rules.def.n_fold_rule,
            value: self.rules.def.n_fold_value,
            perpetual_check_loses: self.rules.def.perpetual_check_illegal,
        }
    }

    fn game_ply(&self) -> u32 {
        2 * (self.fullmove.max(1) as u32 - 1) + u32::from(self.side == Color::Black) + 1
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.piece_at(sq)
    }

    fn moved_piece(&self, mv: FairyMove) -> Piece {
        self.piece_at(Square(mv.from())).unwrap_or(Piece::new(self.side, 0))
    }

    fn captured_piece(&self, mv: FairyMove) -> Option<Piece> {
        match mv.special() {
            Special::Castle => None,
            Special::EnPassant => self.piece_at(Square(self.ep_victim)),
            _ => self.piece_at(Square(mv.to())).filter(|p| p.color != self.side),
        }
    }

    fn move_target(&self, mv: FairyMove) -> Square {
        match self.castle_targets(mv) {
            Some((_, king_to, _)) => king_to,
            None => Square(mv.to()),
        }
    }

    fn is_tactical(&self, mv: FairyMove) -> bool {
        self.is_capture(mv) || mv.promotion().is_some()
    }

    fn gives_check(&self, mv: FairyMove) -> bool {
        if let Some(check) = self.gives_check_fast(mv) {
            return check;
        }
        let mut next = self.clone();
        next.play_unchecked(mv, &mut Dirty::default());
        next.in_check()
    }

    fn is_promotion(&self, mv: FairyMove) -> bool {
        mv.promotion().is_some()
    }

    fn for_each_piece(&self, mut f: impl FnMut(Piece, Square)) {
        for s in self.occupied().squares() {
            if let Some(p) = self.piece_at(s) {
                f(p, s);
            }
        }
    }

    fn piece_count(&self) -> usize {
        self.occupied().count() as usize
    }

    fn royal_square(&self, color: Color) -> Option<Square> {
        let r = self.royals(color);
        (!r.is_empty() && !r.more_than_one()).then(|| r.lsb())
    }

    fn hand_count(&self, _: Color, _: u8) -> u8 {
        0
    }
}

impl<B: Bitboard> crate::game::Notation for Fairy<B> {
    fn from_fen(variant: &Self::Variant, fen: &str) -> Result<Self, PositionError> {
        Self::parse_fen(variant, fen)
    }

    fn to_fen(&self) -> String {
        self.write_fen()
    }

    fn parse_move(&self, text: &str) -> Result<FairyMove, MoveError> {
        if text.is_empty() || text.len() > 12 || !text.is_ascii() {
            return Err(MoveError::new(text, "not a move in coordinate notation"));
        }
        let mut list = Self::MoveList::default();
        self.generate_into(GenKind::All, &mut list);
        let lower = text.to_ascii_lowercase();
        list.iter()
            .copied()
            .find(|&m| {
                self.fmt_move(m) == lower || self.fmt_castle(m, !self.chess960).as_deref() == Some(lower.as_str())
            })
            .ok_or_else(|| MoveError::new(text, "not a legal move in this position"))
    }

    fn fmt_move(&self, mv: FairyMove) -> String {
        if let Some(text) = self.fmt_castle(mv, self.chess960) {
            return text;
        }
        let mut s = self.square_name(Square(mv.from()));
        s.push_str(&self.square_name(Square(mv.to())));
        if let Some(k) = mv.promotion() {
            s.push(self.rules.def.pieces[k as usize].letter);
        }
        s
    }

    fn set_chess960(&mut self, on: bool) {
        self.chess960 = on || self.needs_960_notation();
    }
}

impl<B: Bitboard> crate::game::EvalKnowledge for Fairy<B> {
    fn see_ge(&self, mv: FairyMove, threshold: i32) -> bool {
        if mv.special() != Special::Normal || mv.promotion().is_some() {
            return 0 >= threshold;
        }
        let terms = &self.rules.terms;
        let victim = self.captured_piece(mv).map_or(0, |p| terms.see[p.kind as usize]);
        let mover = self.moved_piece(mv);
        let mover_value = terms.see[mover.kind as usize];
        let from = Square(mv.from());
        let mut exchange = FairyExchange {
            game: self,
            target: Square(mv.to()),
            occ: self.occupied() & !B::square(from),
        };
        exchange_at_least(victim, mover_value, threshold, self.side, &mut exchange)
    }

    fn layout_spec(variant: &Self::Variant) -> crate::game::LayoutSpec {
        let rules = *variant;
        let royal = match rules.royal_kinds.as_slice() {
            [k] => Some(*k),
            _ => None,
        };
        let symmetric = rules.def.pieces.iter().all(|p| {
            p.betza.atoms.iter().all(|a| {
                p.betza
                    .atoms
                    .iter()
                    .any(|b| b.df == -a.df && b.dr == a.dr && b.reach == a.reach)
            })
        });
        let start_pieces = rules
            .def
            .start_fen
            .split_whitespace()
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .count();
        crate::game::LayoutSpec {
            variant: rules.def.name.clone(),
            files: rules.files,
            ranks: rules.ranks,
            piece_kinds: rules.kinds as u8,
            royal,
            royal_region: royal
                .and_then(|k| rules.def.pieces[k as usize].region[0].clone())
                .unwrap_or_default(),
            hand_max: Vec::new(),
            view: crate::game::OpponentView::FlipRanks,
            mirror: symmetric,
            king_buckets: rules.def.king_buckets,
            max_pieces: start_pieces.max(2) as u16,
        }
    }

    fn eval_terms(&self) -> &EvalTerms {
        &self.rules.terms
    }

    fn eval_extra(&self) -> crate::game::Tapered {
        self.positional()
    }

    fn null_move_ok(&self) -> bool {
        let rules = self.rules;
        let own = self.by_color[self.side.index()];
        (0..rules.kinds)
            .any(|k| !rules.def.pieces[k].pawn && !rules.def.pieces[k].royal && !(self.by_kind[k] & own).is_empty())
            && !rules.def.must_capture
    }
}
