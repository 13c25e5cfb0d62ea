//! Promotions: the definition's `promotion` rules as the interpreter reads them
//! ([`PromotionRules`]), and each kind's zone in its tables.

use super::Rules;
use super::build::region;
use crate::core::{Bitboard, Color};
use crate::variant::Definition;

/// How pieces promote (the definition's [`Promotion`](crate::variant::Promotion), with zones as
/// bitboards and each kind's promoted form).
#[derive(Clone, Debug)]
pub struct PromotionRules<B> {
    /// Each color's promotion zone (its pawns').
    pub zone: [B; 2],
    /// Each color's promotion choices, in order.
    pub kinds: [Vec<u8>; 2],
    /// Whether a pawn entering the zone must promote.
    pub mandatory: bool,
    /// Promotion kinds limited to a count per side: (kind, most on the board).
    pub limits: Vec<(u8, u8)>,
    /// Whether shogi-style promotion is compulsory where it is possible.
    pub piece_mandatory: bool,
    /// Whether promoted forms turn back by a move in the zone (Kyoto shogi).
    pub demotion: bool,
    /// Sittuyin's promotion (in place or by a move of the new kind; never by moving into the
    /// zone).
    pub sittuyin: bool,
    /// Per kind, the kind of its shogi-style promoted form, if it has one.
    pub promotes_to: Vec<Option<u8>>,
    /// Per kind, for a promoted form, the kind it promoted from and goes back to in hand.
    pub promoted_from: Vec<Option<u8>>,
    /// Whether pieces made by a pawn's promotion are marked (`~` in FEN): where they go back to
    /// hand as pawns, and for written notation (a promoted met is Thai SAN's `ง`).
    pub marks_promoted: bool,
    /// Whether the FEN writes those marks (`~`): where pieces go back to hand, and in bughouse.
    pub writes_promoted: bool,
}

impl<B: Bitboard> PromotionRules<B> {
    pub(super) fn new(def: &Definition) -> PromotionRules<B> {
        let p = &def.promotion;
        let drop_loop = def.drops.as_ref().is_some_and(|d| d.drop_loop);
        PromotionRules {
            zone: [region(&p.zone[0]), region(&p.zone[1])],
            kinds: p.kinds.clone(),
            mandatory: p.mandatory,
            limits: p.limits.clone(),
            piece_mandatory: p.piece_mandatory,
            demotion: p.demotion,
            sittuyin: p.sittuyin,
            promotes_to: def.pieces.iter().map(|p| p.promotes_to).collect(),
            promoted_from: def.pieces.iter().map(|p| p.promoted_from).collect(),
            marks_promoted: !drop_loop && p.kinds.iter().any(|k| !k.is_empty()),
            writes_promoted: def.two_boards || def.drops.as_ref().is_some_and(|d| d.captures_to_hand && !d.drop_loop),
        }
    }
}

impl<B: Bitboard> Rules<B> {
    /// Each kind's promotion zone and the squares its moves need a closer look on (see
    /// [`KindTables::attention_to`](super::movetable::KindTables::attention_to)).
    pub(super) fn compile_promotions(&mut self, def: &Definition) {
        for color in [Color::White, Color::Black] {
            let c = color.index();
            for k in 0..self.kinds {
                let shogi_zone = |kind: usize| {
                    let zone = def.pieces[kind].promotion_zone[c]
                        .as_ref()
                        .unwrap_or(&def.promotion.zone[c]);
                    region::<B>(zone)
                };
                // Sittuyin's pawns never promote by moving (see [`PromotionRules::sittuyin`]).
                let zone = if self.is_pawn(k) && self.promotion.sittuyin {
                    B::EMPTY
                } else if self.is_pawn(k) {
                    self.promotion.zone[c]
                } else if self.promoted_form(k).is_some() {
                    shogi_zone(k)
                } else {
                    match self.base_of(k) {
                        Some(base) if self.promotion.demotion => shogi_zone(usize::from(base)),
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
}
