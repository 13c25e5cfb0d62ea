//! `Fairy<B>`: the rules interpreter that plays any variant defined in TOML
//! ([`crate::variant`]), on `u64` bitboards for boards of up to 64 squares and `u128` up to 128.
//!
//! The position is a mailbox plus bitboards per color and per kind. It reads only the compiled
//! [`Rules`] (the back end, [`tables`], builds them from a [`crate::variant::Definition`]), shared
//! with the evaluation terms derived from them ([`FairyVariant`]) by every position of the variant
//! through an [`Arc`]: freed with the last position, never leaked. [`Fairy::clone_from`] copies a
//! position without touching the shared count, so [`crate::game::Position`]'s copy-make stack and
//! perft stay free of atomics.
//!
//! Modules, one job each: [`tables`] (the back end: the definition compiled into move tables and
//! rule groups), `attacks` (who captures on a square), `chase` (the AXF chasing rules), `movegen`
//! (pseudo-legal moves, pins, evasions, legality, drops, castling, move filters, counting), `make`
//! (make-move and the incremental key), `end` (the game-end rules apart from mate and stalemate),
//! `fen` (FEN and SFEN), `notation` (move text), `eval` and `terms` (the hand-crafted evaluation's
//! terms), [`moves`] (the move encoding); this file holds the position, its keys and castling
//! geometry, and the [`GameRules`] and [`crate::game::EvalKnowledge`] implementations.

mod attacks;
mod chase;
mod end;
mod eval;
mod fen;
mod make;
mod movegen;
pub mod moves;
mod notation;
pub mod tables;
mod terms;

pub use moves::{FairyMove, Special};

use crate::core::{Bitboard, Color, Outcome, PositionError, Square};
use crate::game::EvalTerms;
use crate::game::fairy::tables::CastlePath;
use crate::game::fairy::tables::Rules;
use crate::game::see::{Capturer, Exchange, exchange_at_least};
use crate::game::{Count, Dims, Dirty, GameRules, GenKind, Piece, RepetitionRules};
use crate::variant::{CountingRule, MAX_KINDS};
use std::sync::Arc;

/// A fairy variant ready to play: its compiled rules and the hand-crafted evaluation's terms
/// derived from them. Shared by every position of the variant (`Arc<FairyVariant<B>>` is
/// [`Fairy`]'s [`GameRules::Variant`]).
#[derive(Debug)]
pub struct FairyVariant<B> {
    rules: Rules<B>,
    terms: EvalTerms,
    /// Whether positions and moves read and print in USI's conventions (SFEN, `7g7f`, `P*5e`)
    /// rather than Fairy-Stockfish's UCI ones, as Fairy-Stockfish does under USI.
    usi: bool,
}

impl<B: Bitboard> FairyVariant<B> {
    /// The variant of `rules`, with its evaluation terms, once its start position has been read
    /// by the interpreter (so [`GameRules::start`] cannot fail).
    ///
    /// # Errors
    /// The start FEN is not a legal position of the rules, or holds no piece at all.
    pub fn new(rules: Rules<B>) -> Result<Arc<FairyVariant<B>>, PositionError> {
        let terms = terms::derive(&rules);
        let variant = Arc::new(FairyVariant {
            rules,
            terms,
            usi: false,
        });
        let start = Fairy::parse_fen_text(&variant, &variant.rules.start_fen)?;
        let held = start.state.hand.iter().flatten().any(|&n| n > 0);
        if start.pieces().is_empty() && !held {
            return Err(PositionError::new("board", "the start position has no pieces"));
        }
        Ok(variant)
    }

    /// [`FairyVariant::new`] of `def` compiled for bitboards of type `B` (which must hold its
    /// squares).
    ///
    /// # Errors
    /// The start FEN is not a legal position of the rules.
    pub fn compile(def: &crate::variant::Definition) -> Result<Arc<FairyVariant<B>>, PositionError> {
        FairyVariant::new(Rules::build(def))
    }

    /// The compiled rules.
    #[inline(always)]
    pub fn rules(&self) -> &Rules<B> {
        &self.rules
    }
}

/// No square (castling rights, en passant).
const NO_SQUARE: u8 = u8::MAX;
/// An empty mailbox square.
const EMPTY: u8 = u8::MAX;

/// A position of a fairy variant: its variant's shared rules, its `State` and the pieces of
/// each kind.
pub struct Fairy<B: Bitboard> {
    variant: Arc<FairyVariant<B>>,
    state: State<B>,
    /// The pieces of each kind (both colors). Apart from [`State`] so that each of the two
    /// copies a position copy makes stays small enough for the compiler to inline (in one piece,
    /// a `u128` board's state went through a `memmove` call).
    by_kind: [B; MAX_KINDS],
}

/// Everything of a [`Fairy`] position but its rules: plain data, copied in one piece when a
/// position is copied (perft's and the search's copy-make).
#[derive(Clone, Copy)]
struct State<B: Bitboard> {
    /// `color << 5 | kind`, or [`EMPTY`].
    board: B::Mailbox,
    by_color: [B; 2],
    /// The pieces of both colors and the walls: kept by `put` and `take` rather than made
    /// from `by_color` and `walls` at each of the many times a node asks.
    occupied: B,
    /// Walls (`*` in FEN): squares no piece may enter or pass, which belong to neither color.
    walls: B,
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
    /// Pieces in hand: `hand[color][kind]`.
    hand: [[u8; MAX_KINDS]; 2],
    /// Promoted pieces that go back to hand as the pawn they were (`~` in FEN).
    promoted: B,
    /// Whether the last move was a pass (bit 0) and the one before (bit 1): two in a row end
    /// the game. Not in the key, as in Fairy-Stockfish.
    passes: u8,
    /// With the bikjang rule, whether the royal pieces face each other now (bit 0) and did a
    /// ply before (bit 1). Not in the key, as in Fairy-Stockfish.
    facing: u8,
    /// Bit per color: [`Fairy::extinction_counts`], kept by make-move after the moves that
    /// change a count where [`Rules::extinction_cached`](crate::game::fairy::tables::Rules::extinction_cached) (perft asks [`Fairy::extinct`] at
    /// every node).
    extinct: u8,
}

impl<B: Bitboard> Clone for Fairy<B> {
    fn clone(&self) -> Self {
        Fairy {
            variant: Arc::clone(&self.variant),
            state: self.state,
            by_kind: self.by_kind,
        }
    }

    /// Copies `source` into `self`, sharing its rules: the shared count changes only when the
    /// variants differ, and the state and the kinds' bitboards are one copy each (cheaper than
    /// field by field).
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        if !Arc::ptr_eq(&self.variant, &source.variant) {
            self.variant = Arc::clone(&source.variant);
        }
        self.state = source.state;
        self.by_kind = source.by_kind;
    }
}

impl<B: Bitboard> Fairy<B> {
    /// The compiled rules.
    #[inline(always)]
    pub fn rules(&self) -> &Rules<B> {
        &self.variant.rules
    }

    /// The squares no piece may enter or pass: the pieces of both colors and the walls.
    #[inline(always)]
    fn occupied(&self) -> B {
        self.state.occupied
    }

    /// The squares holding pieces, of either color (walls aside).
    #[inline(always)]
    fn pieces(&self) -> B {
        self.state.by_color[0] | self.state.by_color[1]
    }

    /// The key of the walls on `walls`.
    fn walls_key(&self, walls: B) -> u64 {
        walls.squares().fold(0, |k, s| k ^ self.rules().keys.wall[s.index()])
    }

    #[inline(always)]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.state.board[sq.index()];
        (code != EMPTY).then(|| Piece::new(if code >> 5 == 0 { Color::White } else { Color::Black }, code & 31))
    }

    #[inline(always)]
    fn piece_key(&self, piece: Piece, sq: Square) -> u64 {
        self.rules().keys.piece[piece.index(self.rules().kinds) * self.rules().squares + sq.index()]
    }

    #[inline(always)]
    fn put(&mut self, piece: Piece, sq: Square) {
        self.state.board[sq.index()] = (piece.color.index() as u8) << 5 | piece.kind;
        self.state.by_color[piece.color.index()] |= B::square(sq);
        self.state.occupied |= B::square(sq);
        self.by_kind[piece.kind as usize] |= B::square(sq);
        self.state.key ^= self.piece_key(piece, sq);
    }

    #[inline(always)]
    fn take(&mut self, sq: Square) -> Piece {
        let piece = self.piece_at(sq).unwrap_or(Piece::new(Color::White, 0));
        self.state.board[sq.index()] = EMPTY;
        self.state.by_color[piece.color.index()] &= !B::square(sq);
        self.state.occupied &= !B::square(sq);
        self.by_kind[piece.kind as usize] &= !B::square(sq);
        self.state.key ^= self.piece_key(piece, sq);
        piece
    }

    /// The key of the castling rights `castle` (rook squares, as `State::castle`).
    fn castle_key(&self, castle: [u8; 4]) -> u64 {
        (0..4)
            .filter(|&i| castle[i] != NO_SQUARE)
            .fold(0, |k, i| k ^ self.rules().keys.castling[i])
    }

    /// The key of the first-move rights on `rights`.
    fn rights_key(&self, rights: B) -> u64 {
        rights.squares().fold(0, |k, s| k ^ self.rules().keys.rights[s.index()])
    }

    fn ep_key(&self) -> u64 {
        if self.state.ep.is_empty() {
            0
        } else {
            self.rules().keys.ep[self.rules().coords[self.state.ep.lsb().index()].0 as usize]
        }
    }

    /// The key of both hands (0 without drops).
    fn hands_key(&self) -> u64 {
        if !self.rules().drops.hands {
            return 0;
        }
        let mut key = 0;
        for color in [Color::White, Color::Black] {
            for k in 0..self.rules().kinds {
                key ^= self.rules().hand_key(color, k, self.state.hand[color.index()][k]);
            }
        }
        key
    }

    /// Adds `delta` pieces of `kind` to `color`'s hand, with the key and `dirty`.
    #[inline]
    fn add_to_hand(&mut self, color: Color, kind: u8, delta: i8, dirty: &mut Dirty) {
        let k = usize::from(kind);
        let from = self.state.hand[color.index()][k];
        let to = from.saturating_add_signed(delta);
        self.state.hand[color.index()][k] = to;
        self.state.key ^= self.rules().hand_key(color, k, from) ^ self.rules().hand_key(color, k, to);
        let _ = dirty.hands.try_push(crate::game::HandChange { color, kind, from, to });
    }

    fn checks_key(&self) -> u64 {
        if !self.rules().end.check_counting {
            return 0;
        }
        self.rules().keys.checks[0][self.state.checks[0].min(15) as usize]
            ^ self.rules().keys.checks[1][self.state.checks[1].min(15) as usize]
    }

    /// `color`'s castling king: the lowest of its pieces of the castling king's kind on the
    /// castling rank. `None` without castling or without such a piece.
    #[inline]
    fn castle_king(&self, color: Color) -> Option<Square> {
        let rules = &self.variant.rules;
        let castling = rules.castling.as_ref()?;
        let kings = self.by_kind[castling.king_kind as usize]
            & self.state.by_color[color.index()]
            & rules.castle_rank[color.index()];
        (!kings.is_empty()).then(|| kings.lsb())
    }

    /// The castling of `color`'s king on `king` with the rook on `rook` towards `side` (0:
    /// higher files). `None` where the rook's target would be off the board.
    #[inline]
    fn castle_path(&self, color: Color, side: usize, king: Square, rook: Square) -> Option<&CastlePath<B>> {
        let rules = &self.variant.rules;
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
        let king = self.castle_king(self.state.side)?;
        let path = self.castle_path(self.state.side, side, king, Square(mv.to()))?;
        Some((king, path.king_to, path.rook_to))
    }
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
        let terms = &self.game.variant.terms;
        let (sq, kind) = attackers
            .squares()
            .filter_map(|s| self.game.piece_at(s).map(|p| (s, p.kind as usize)))
            .min_by_key(|&(_, k)| terms.see[k])?;
        if self.game.rules().royal_kinds.contains(&(kind as u8)) {
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
    type Variant = Arc<FairyVariant<B>>;

    type Move = FairyMove;

    // Past 600 moves (duck chess) the lists move to the heap; the other variants stay inline.
    type MoveList = crate::game::SpillList<FairyMove, 600>;
    type ScoreList = crate::game::SpillList<i32, 600>;

    fn start(variant: &Self::Variant) -> Self {
        // `FairyVariant::new` read the start position.
        match Self::parse_fen_text(variant, &variant.rules.start_fen) {
            Ok(p) => p,
            Err(e) => unreachable!("start position checked at load: {e}"),
        }
    }

    fn dims(&self) -> Dims {
        Dims {
            files: self.rules().files,
            ranks: self.rules().ranks,
            piece_kinds: self.rules().kinds as u8,
            hand_kinds: if self.rules().drops.hands {
                self.rules().kinds as u8
            } else {
                0
            },
        }
    }

    fn side_to_move(&self) -> Color {
        self.state.side
    }

    fn hash(&self) -> u64 {
        self.state.key
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut key = if self.state.side == Color::Black {
            self.rules().keys.side
        } else {
            0
        };
        for s in self.pieces().squares() {
            if let Some(p) = self.piece_at(s) {
                key ^= self.piece_key(p, s);
            }
        }
        key ^ self.castle_key(self.state.castle)
            ^ self.walls_key(self.state.walls)
            ^ self.ep_key()
            ^ self.checks_key()
            ^ self.rights_key(self.state.rights)
            ^ self.hands_key()
    }

    fn in_check(&self) -> bool {
        !self.state.checkers.is_empty()
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
        self.state.key ^= self.rules().keys.side ^ self.ep_key();
        self.state.ep = B::EMPTY;
        self.state.ep_victim = NO_SQUARE;
        self.state.side = !self.state.side;
        self.state.halfmove = self.state.halfmove.saturating_add(1);
        self.update_checkers();
        // A null move is no pass, and the facing before it does not count (Fairy-Stockfish's
        // `pliesFromNull`).
        self.state.passes = 0;
        if self.rules().bikjang {
            self.state.facing = u8::from(self.kings_face());
        }
        true
    }

    fn outcome(&self) -> Option<Outcome> {
        let rules = &self.variant.rules;
        let us = self.state.side;
        if let Some(ext) = &rules.end.extinction {
            if self.extinct(!us) {
                return Some(ext.value.flip());
            }
            if self.extinct(us) {
                return Some(ext.value);
            }
        }
        if rules.end.check_counting && self.state.checks[(!us).index()] == 0 {
            return Some(Outcome::Loss);
        }
        if self.state.passes == 3
            || rules.bikjang && self.state.facing == 3
            || rules.end.full_board && self.occupied() == rules.board
        {
            return self.outcome_by_rare_rules();
        }
        if let Some(flag) = &rules.flag {
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
            self.rules().end.checkmate_value
        } else {
            self.stalemate_outcome()
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.state.halfmove as u32
    }

    fn repetition_plies(&self) -> u32 {
        // Captured pieces return as drops: the whole game is the window (Fairy-Stockfish looks
        // back to the last null move in such games).
        if self.rules().drops.captures_to_hand {
            u32::MAX
        } else {
            self.reversible_plies()
        }
    }

    fn move_rule_plies(&self) -> Option<u32> {
        let n = self.rules().end.n_move_rule;
        (n > 0).then_some(2 * n as u32)
    }

    fn count(&self) -> Option<Count> {
        (self.state.counting_limit > 0).then(|| Count {
            limit: self.state.counting_limit,
            ply: self.state.counting_ply,
            board_honor_shortens: self
                .rules()
                .end
                .counting
                .is_some_and(|c| c.rule == CountingRule::Cambodian),
        })
    }

    fn draw_claimable(&self) -> bool {
        self.rules().promotion.sittuyin && self.only_promotions_left()
    }

    fn drawn_outcome(&self) -> Outcome {
        self.material_result()
    }

    fn repetition_rules(&self) -> RepetitionRules {
        // An absolute value is White's: seen from Black, the other way round.
        let value = if self.rules().end.n_fold_value_absolute && self.state.side == Color::Black {
            self.rules().end.n_fold_value.flip()
        } else {
            self.rules().end.n_fold_value
        };
        RepetitionRules {
            fold: self.rules().end.n_fold_rule,
            value,
            perpetual_check_loses: self.rules().end.perpetual_check_illegal,
            chasing: self.rules().chasing.is_some(),
        }
    }

    fn cycle_chases(history: &[Self], from: usize) -> [bool; 2] {
        Fairy::cycle_chases(history, from)
    }

    fn game_ply(&self) -> u32 {
        2 * (self.state.fullmove.max(1) as u32 - 1) + u32::from(self.state.side == Color::Black) + 1
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.piece_at(sq)
    }

    fn moved_piece(&self, mv: FairyMove) -> Piece {
        match mv.dropped() {
            Some(kind) => Piece::new(self.state.side, kind),
            None => self
                .piece_at(Square(mv.from()))
                .unwrap_or(Piece::new(self.state.side, 0)),
        }
    }

    fn captured_piece(&self, mv: FairyMove) -> Option<Piece> {
        match mv.special() {
            Special::Castle => None,
            Special::EnPassant => self.piece_at(Square(self.state.ep_victim)),
            _ => self.piece_at(Square(mv.to())).filter(|p| p.color != self.state.side),
        }
    }

    fn move_target(&self, mv: FairyMove) -> Square {
        match self.castle_targets(mv) {
            Some((_, king_to, _)) => king_to,
            None => Square(mv.to()),
        }
    }

    fn move_origin(&self, mv: FairyMove) -> Option<Square> {
        mv.dropped().is_none().then(|| Square(mv.from()))
    }

    fn is_tactical(&self, mv: FairyMove) -> bool {
        self.is_tactical_move(mv)
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
        mv.promotes_on_board()
    }

    fn for_each_piece(&self, mut f: impl FnMut(Piece, Square)) {
        for s in self.pieces().squares() {
            if let Some(p) = self.piece_at(s) {
                f(p, s);
            }
        }
    }

    fn piece_count(&self) -> usize {
        self.pieces().count() as usize
    }

    fn royal_square(&self, color: Color) -> Option<Square> {
        let r = self.royals(color);
        (!r.is_empty() && !r.more_than_one()).then(|| r.lsb())
    }

    /// Pieces of `kind` in `color`'s hand; for the kind after the last piece kind in an n-check
    /// variant, the checks `color` has left to give (see `layout_spec`).
    fn marked_promoted(&self, sq: Square) -> bool {
        self.state.promoted.has(sq)
    }

    fn hand_count(&self, color: Color, kind: u8) -> u8 {
        let kind = usize::from(kind);
        if kind == self.rules().kinds && self.rules().end.check_counting {
            return self.state.checks[color.index()];
        }
        self.state.hand[color.index()].get(kind).copied().unwrap_or(0)
    }
}

impl<B: Bitboard> crate::game::EvalKnowledge for Fairy<B> {
    fn see_ge(&self, mv: FairyMove, threshold: i32) -> bool {
        let terms = &self.variant.terms;
        let (victim, mover_value, occ) = match mv.special() {
            Special::Normal => {
                let victim = self.captured_piece(mv).map_or(0, |p| terms.see[p.kind as usize]);
                let mover = terms.see[self.moved_piece(mv).kind as usize];
                // A promotion gains the difference, and the promoted piece stands to be taken.
                let (victim, mover) = match mv.promotion() {
                    Some(k) => (victim + terms.see[k as usize] - mover, terms.see[k as usize]),
                    None => (victim, mover),
                };
                (victim, mover, self.occupied() & !B::square(Square(mv.from())))
            }
            // The dropped piece stands on the square: the exchange starts with it as the victim.
            Special::Drop => {
                let kind = mv.promotion().or(mv.dropped()).unwrap_or(0);
                (0, terms.see[kind as usize], self.occupied())
            }
            _ => return 0 >= threshold,
        };
        let mut exchange = FairyExchange {
            game: self,
            target: Square(mv.to()),
            occ,
        };
        exchange_at_least(victim, mover_value, threshold, self.state.side, &mut exchange)
    }

    fn layout_spec(variant: &Self::Variant) -> crate::game::LayoutSpec {
        let rules = &variant.rules;
        let royal = match rules.royal_kinds.as_slice() {
            [k] => Some(*k),
            _ => None,
        };
        let start_pieces = rules
            .start_fen
            .split_whitespace()
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .count();
        crate::game::LayoutSpec {
            variant: rules.name.clone(),
            files: rules.files,
            ranks: rules.ranks,
            piece_kinds: rules.kinds as u8,
            royal,
            royal_region: royal.map_or_else(Vec::new, |k| rules.region_squares(Color::White, usize::from(k))),
            hand_max: {
                // Hand kinds are the piece kinds; n-check variants add one more, the checks
                // each side has left to give (capped at the start position's count), read as
                // a hand by `hand_count` and fed to the net as a thermometer like the others.
                let checks = if rules.end.check_counting {
                    let start = Self::start(variant);
                    start.state.checks[0].max(start.state.checks[1])
                } else {
                    0
                };
                let mut hands = if rules.drops.hands || checks > 0 {
                    rules.drops.hand_max.clone()
                } else {
                    Vec::new()
                };
                if checks > 0 {
                    hands.resize(rules.kinds, 0);
                    hands.push(checks);
                }
                hands
            },
            view: opponent_view(rules),
            mirror: rules.mirror_symmetric,
            king_buckets: rules.king_buckets,
            // Clones and flips fill the board past the start position's count.
            max_pieces: if rules.drops.free || rules.flip.is_some() {
                rules.squares as u16
            } else {
                start_pieces.max(2) as u16
            },
            pieces: (0..rules.kinds)
                .map(|k| {
                    let letter = rules.letters[k].to_ascii_lowercase();
                    match rules.base_of(k) {
                        Some(_) => format!("+{letter}"),
                        None => letter.to_string(),
                    }
                })
                .collect(),
            values: variant.terms.see.clone(),
        }
    }

    fn eval_terms(&self) -> &EvalTerms {
        &self.variant.terms
    }

    fn eval_extra(&self) -> crate::game::Tapered {
        self.positional()
    }

    fn null_move_ok(&self) -> bool {
        let rules = &self.variant.rules;
        let own = self.state.by_color[self.state.side.index()];
        (0..rules.kinds).any(|k| !rules.is_pawn(k) && !rules.is_royal(k) && !(self.by_kind[k] & own).is_empty())
            && !rules.must_capture
    }

    fn threats(&self) -> u128 {
        self.attacked_squares(!self.state.side).to_u128()
    }

    fn non_pawn_keys(&self) -> Option<[u64; 2]> {
        let rules = &self.variant.rules;
        let key = |c: usize| {
            let own = self.state.by_color[c];
            let sets = (0..rules.kinds)
                .filter(|&k| !rules.is_pawn(k))
                .map(|k| (self.by_kind[k] & own).fold64());
            crate::game::words_key(sets.chain([crate::game::hand_word(&self.state.hand[c])]))
        };
        Some([key(0), key(1)])
    }

    fn pawn_key(&self) -> u64 {
        let rules = &self.variant.rules;
        let mut pawns = B::default();
        for k in (0..rules.kinds).filter(|&k| rules.is_pawn(k)) {
            pawns |= self.by_kind[k];
        }
        let [white, black] = self.state.by_color;
        crate::game::pawn_key_of((pawns & white).fold64(), (pawns & black).fold64())
    }
}

/// The second player's view for the net (see [`crate::game::OpponentView`]): the board as it
/// is when both colors' flag regions are the same squares and not each other's rank mirror
/// (racing kings), else ranks flipped.
fn opponent_view<B: Bitboard>(rules: &Rules<B>) -> crate::game::OpponentView {
    let [white, black] = rules.flag.map_or([B::EMPTY; 2], |f| f.region);
    let (files, ranks) = (rules.files, rules.ranks);
    let white_flipped = white
        .squares()
        .fold(B::EMPTY, |flipped, sq| flipped | B::square(sq.flip_rank(files, ranks)));
    if !white.is_empty() && white == black && white_flipped != black {
        crate::game::OpponentView::Same
    } else {
        crate::game::OpponentView::FlipRanks
    }
}
