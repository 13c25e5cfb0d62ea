//! Hands, drops and gating: the definition's `drops` rules as the interpreter reads them
//! ([`DropRules`]), with each kind's drop region and hand size.

use super::Rules;
use super::build::{mask_of, rank_mask, region, start_counts};
use crate::core::{Bitboard, Color, Square};
use crate::variant::{Definition, Drops, Enclosing};

/// How pieces go to hand and come back (the definition's [`Drops`], kinds as bit masks and
/// regions as bitboards). All false and empty for variants without hands.
#[derive(Clone, Debug)]
pub struct DropRules<B> {
    /// Whether pieces in hand may be dropped.
    pub allowed: bool,
    /// Whether a side with pieces in hand must drop while a drop is legal (setup phases).
    pub must_drop: bool,
    /// Whether the sides hold pieces in hand (drops or gating), counted and written in FEN:
    /// not with `free` drops.
    pub hands: bool,
    /// Whether drops need no piece in hand and take none (ataxx's clones): the hands hold
    /// `u8::MAX` of every kind from the FEN on, and make-move leaves them so.
    pub free: bool,
    /// Where a drop must go besides an empty square of its region, if anywhere.
    pub enclosing: Option<Enclosing>,
    /// While any of these squares is empty, drops go there only (reversi's start).
    pub enclosing_start: B,
    /// S-chess gating: a piece leaving a square with a gate may bring a piece in hand there.
    pub gating: bool,
    /// Whether captured pieces go to the capturer's hand.
    pub captures_to_hand: bool,
    /// Whether promoted pieces keep their kind in hand (no demotion, no `~` kept).
    pub drop_loop: bool,
    /// Whether a drop may give check.
    pub checks: bool,
    /// Whether pieces with a promoted form may be dropped as it.
    pub promoted: bool,
    /// Whether a king or rook dropped on its castling square gets its castling right.
    pub castling_dropped_piece: bool,
    /// Kinds (bit mask) whose pieces must be dropped evenly on light and dark squares.
    pub opposite_colored: u32,
    /// Kinds (bit mask) that may not be dropped on a file holding `no_doubled_count` pieces of
    /// the kind of the same side (nifu).
    pub no_doubled: u32,
    /// See `no_doubled`.
    pub no_doubled_count: u8,
    /// Kinds (bit mask) whose drop may not checkmate (uchifuzume).
    pub mate_illegal: u32,
    /// The kind a captured promoted piece goes to hand as (the first pawn kind), unless
    /// `drop_loop`.
    pub demoted_kind: Option<u8>,
    /// The dark squares (`a1`'s colour), for `opposite_colored`.
    pub dark_squares: B,
    /// The squares of each file.
    pub file_masks: Vec<B>,
    /// Per color, per kind: the squares a piece of the kind may be dropped on (empty for royal
    /// kinds, which never go to hand).
    pub region: [Vec<B>; 2],
    /// Per kind, the most pieces of it one hand can hold: the NNUE's hand slots.
    pub hand_max: Vec<u8>,
    /// The kinds in the order FEN writes hands in: Fairy-Stockfish's, its built-in piece types
    /// from the last down (`[CAQRBNP]`), then the others.
    pub hand_order: Vec<u8>,
}

impl<B: Bitboard> DropRules<B> {
    pub(super) fn new(def: &Definition) -> DropRules<B> {
        let (files, ranks) = (def.files, def.ranks);
        let d = def.drops.as_ref();
        let flag = |f: fn(&Drops) -> bool| d.is_some_and(f);
        let kinds = |f: fn(&Drops) -> &[u8]| d.map_or(0, |d| mask_of(f(d)));
        DropRules {
            allowed: flag(|d| d.allowed),
            must_drop: flag(|d| d.must_drop),
            hands: d.is_some_and(|d| !d.free),
            free: flag(|d| d.free),
            enclosing: d.and_then(|d| d.enclosing),
            enclosing_start: d.map_or(B::EMPTY, |d| region::<B>(&d.enclosing_start)),
            gating: flag(|d| d.gating),
            captures_to_hand: flag(|d| d.captures_to_hand),
            drop_loop: flag(|d| d.drop_loop),
            checks: d.is_none_or(|d| d.checks),
            promoted: flag(|d| d.promoted),
            castling_dropped_piece: flag(|d| d.castling_dropped_piece),
            opposite_colored: kinds(|d| &d.opposite_colored),
            no_doubled: kinds(|d| &d.no_doubled),
            no_doubled_count: d.map_or(1, |d| d.no_doubled_count),
            mate_illegal: kinds(|d| &d.mate_illegal),
            demoted_kind: (0..def.pieces.len() as u8).find(|&k| def.pieces[usize::from(k)].pawn),
            dark_squares: (0..files)
                .flat_map(|f| (0..ranks).map(move |r| (f, r)))
                .filter(|(f, r)| (f + r) % 2 == 0)
                .fold(B::EMPTY, |b, (f, r)| b | B::square(Square::new(f, r, files))),
            file_masks: (0..files)
                .map(|f| (0..ranks).fold(B::EMPTY, |b, r| b | B::square(Square::new(f, r, files))))
                .collect(),
            region: [Vec::new(), Vec::new()],
            hand_max: vec![0; def.pieces.len()],
            hand_order: hand_order(def),
        }
    }
}

/// [`DropRules::hand_order`]: a kind ranks as Fairy-Stockfish's built-in type of the same Betza
/// ([`crate::variant::ini::PIECE_TYPES`], in its enum order), pawns first; pieces it has no
/// built-in type for are its custom pieces, numbered after the built-in types in the order the
/// file defines them (torishogi's falcon, crane, quails, pheasant). Fairy-Stockfish writes
/// hands from the last type down.
fn hand_order(def: &Definition) -> Vec<u8> {
    let types = crate::variant::ini::PIECE_TYPES;
    let builtin = |k: usize| {
        types
            .iter()
            .position(|&(_, betza, _)| betza == def.pieces[k].betza_text)
    };
    let mut custom: Vec<usize> = (0..def.pieces.len())
        .filter(|&k| !def.pieces[k].pawn && builtin(k).is_none())
        .collect();
    custom.sort_by_key(|&k| def.pieces[k].defined_at);
    let rank = |k: usize| {
        if def.pieces[k].pawn {
            return 0;
        }
        match builtin(k) {
            Some(t) => t + 1,
            None => types.len() + 1 + custom.iter().position(|&c| c == k).unwrap_or(0),
        }
    };
    let mut kinds: Vec<u8> = (0..def.pieces.len() as u8).collect();
    kinds.sort_by_key(|&k| std::cmp::Reverse(rank(usize::from(k))));
    kinds
}

impl<B: Bitboard> Rules<B> {
    /// The drop rules: where each kind may be dropped and how many one hand may hold.
    pub(super) fn compile_drops(&mut self, def: &Definition, drops: &Drops) {
        for color in [Color::White, Color::Black] {
            self.drops.region[color.index()] = (0..self.kinds)
                .map(|k| self.drop_region(def, drops, color, k))
                .collect();
        }
        let start = start_counts(def);
        let pawns: u32 = (0..self.kinds).filter(|&k| self.is_pawn(k)).map(|k| start[k]).sum();
        let promoted_to: Vec<u8> = self.promotion.kinds.iter().flatten().copied().collect();
        let sets = if def.two_boards { 2 } else { 1 };
        self.drops.hand_max = (0..self.kinds)
            .map(|k| {
                if self.never_in_hand(drops, k) {
                    return 0;
                }
                // Without demotion a promoted pawn goes to hand as its new kind.
                let extra = if drops.drop_loop && promoted_to.contains(&(k as u8)) {
                    pawns
                } else {
                    0
                };
                (sets * start[k] + extra).min(u32::from(u8::MAX)) as u8
            })
            .collect();
    }

    /// Whether `kind` never goes to hand: promoted forms, and royal pieces (captures never put
    /// them there; they start there only in a setup phase, `must_drop`).
    fn never_in_hand(&self, drops: &Drops, kind: usize) -> bool {
        self.is_royal(kind) && !drops.must_drop || self.base_of(kind).is_some()
    }

    /// Where `color` may drop a piece of `kind`.
    fn drop_region(&self, def: &Definition, drops: &Drops, color: Color, kind: usize) -> B {
        if self.never_in_hand(drops, kind) {
            return B::EMPTY;
        }
        let c = color.index();
        let t = self.kind(color, kind);
        let own = def.pieces[kind].drop_region[c].as_deref().map_or(B::FULL, region::<B>);
        let mut allowed = region::<B>(&drops.region[c]) & t.region & own;
        if self.immobility_illegal {
            allowed &= t.mobile;
        }
        if self.is_pawn(kind) {
            if !drops.first_rank_pawn_drops {
                allowed &= !rank_mask::<B>(def.absolute_rank(color, 0), self.files);
            }
            if !drops.promotion_zone_pawn_drops {
                allowed &= !self.promotion.zone[c];
            }
        }
        allowed
    }
}
