//! Pseudo-legal moves from the compiled tables: a piece's targets (leaps, lame leaps, rides,
//! hops, initial moves, en passant), each target's promotion choices (chess-style, shogi-style,
//! Kyoto's demotion, promotion limits), S-chess gatings, and Sittuyin's promotions in place.
//! Legal or not: the callers test them (`legality`) or cut them to legal sets (`setwise`).

use super::Filter;
use crate::core::{Bitboard, Square};
use crate::game::fairy::{Fairy, FairyMove, Special};

impl<B: Bitboard> Fairy<B> {
    /// Whether the piece of kind `kind` on `from` may make its initial (`i`) moves: from
    /// [`Fairy::initial_squares`]; with first-move rights, a royal piece only while not in
    /// check.
    fn may_use_initial(&self, kind: usize, from: Square) -> bool {
        let rules = &self.variant.rules;
        self.initial_squares(self.state.side).has(from)
            && (!rules.first_move_rights
                || self.state.checkers.is_empty()
                || !rules.royal_kinds.contains(&(kind as u8)))
    }

    /// The pseudo-legal targets of our piece of kind `k` on `from` that `filter` asks for.
    pub(super) fn piece_targets(&self, k: usize, from: Square, filter: Filter<B>) -> PieceTargets<B> {
        let rules = &self.variant.rules;
        let us = self.state.side;
        let occ = self.occupied();
        let enemy = self.state.by_color[(!us).index()];
        let t = rules.kind(us, k);
        let is_pawn = rules.is_pawn(k);
        let (mut quiet, capture) = self.normal_targets(us, k, from, occ);
        let mut capture = capture & enemy;
        let mut double = B::EMPTY;
        if let Some(init) = &t.initial
            && self.may_use_initial(k, from)
        {
            let (q, c) = init.targets(&rules.rays, from, occ);
            double = q & !quiet;
            quiet |= q;
            capture |= c & enemy;
        }
        let mut eps = B::EMPTY;
        if filter.capture && !self.state.ep.is_empty() && rules.takes_en_passant(k) {
            let (_, c) = t.normal.targets(&rules.rays, from, occ | self.state.ep);
            eps = c & self.state.ep;
        }
        if !filter.capture {
            capture = B::EMPTY;
        }
        if !filter.quiet {
            // Quiet promotions are tactical: those into the zone, and for shogi-style
            // promotion every move from inside it.
            quiet &= if !filter.promotions {
                B::EMPTY
            } else if rules.zone_from(us, k).has(from) {
                B::FULL
            } else {
                t.promo_zone
            };
        }
        PieceTargets {
            quiet: quiet & t.region,
            capture: capture & t.region,
            // Double steps are quiet: off with the quiet moves (they never reach the zone).
            double: if is_pawn { double & quiet } else { B::EMPTY },
            eps,
        }
    }

    /// Calls `emit` for the pseudo-legal moves (castling excluded) that `filter` asks for, each
    /// also with every gating it allows.
    pub(super) fn pseudo_moves(&self, filter: Filter<B>, emit: impl FnMut(FairyMove)) {
        let gates = self.gates();
        if gates.is_empty() {
            self.pseudo_moves_ungated(filter, emit);
        } else {
            let mut emit = emit;
            self.pseudo_moves_ungated(filter, |mv| self.with_gatings(mv, gates, &mut emit));
        }
    }

    /// The side to move's gates (S-chess), while it has a piece in hand to bring in.
    #[inline]
    pub(super) fn gates(&self) -> B {
        let us = self.state.side.index();
        if !self.rules().drops.gating || self.state.hand[us].iter().all(|&n| n == 0) {
            return B::EMPTY;
        }
        self.state.rights & self.state.by_color[us]
    }

    /// Emits `mv` and, where its origin (for a castling, also the rook's square) is one of
    /// `gates`, `mv` with each kind in hand gated in there: not where the king or rook of a
    /// castling ends up (Fairy-Stockfish's `make_move_and_gating` and `legal`).
    pub(super) fn with_gatings(&self, mv: FairyMove, gates: B, emit: &mut impl FnMut(FairyMove)) {
        emit(mv);
        if gates.is_empty() {
            return;
        }
        let rules = &self.variant.rules;
        let us = self.state.side.index();
        let castle = mv.special() == Special::Castle;
        let landing = if castle {
            self.castle_targets(mv)
                .map_or(B::EMPTY, |(_, k, r)| B::square(k) | B::square(r))
        } else {
            B::EMPTY
        };
        let mut gate = |sq: Square, on_target: bool| {
            if !gates.has(sq) || landing.has(sq) {
                return;
            }
            for k in 0..rules.kinds {
                if self.state.hand[us][k] > 0 && rules.drops.region[us][k].has(sq) {
                    emit(mv.with_gate(k as u8, on_target));
                }
            }
        };
        gate(Square(mv.from()), false);
        if castle {
            gate(Square(mv.to()), true);
        }
    }

    /// [`Fairy::pseudo_moves`] without the gatings.
    fn pseudo_moves_ungated(&self, filter: Filter<B>, mut emit: impl FnMut(FairyMove)) {
        let rules = &self.variant.rules;
        let own = self.state.by_color[self.state.side.index()] & filter.from;
        for k in 0..rules.kinds {
            let is_pawn = rules.is_pawn(k);
            // Kinds that never promote nor get stuck (most pieces): every target is one move,
            // emitted in a loop of their own rather than through `emit_with_promotions`, a call
            // per move, which slows games generated move by move (coregal).
            let steady = rules.steady[self.state.side.index()] >> k & 1 != 0;
            for from in (self.by_kind[k] & own).squares() {
                let pt = self.piece_targets(k, from, filter);
                let double_step = |to: Square| {
                    if pt.double.has(to) {
                        Special::DoubleStep
                    } else {
                        Special::Normal
                    }
                };
                if steady && pt.eps.is_empty() {
                    for to in pt.capture.squares() {
                        emit(FairyMove::new(from.0, to.0, None, Special::Normal));
                    }
                    for to in pt.quiet.squares() {
                        emit(FairyMove::new(from.0, to.0, None, double_step(to)));
                    }
                    continue;
                }
                for to in pt.capture.squares() {
                    self.emit_with_promotions(k, is_pawn, from, to, Special::Normal, &mut emit);
                }
                for to in pt.quiet.squares() {
                    self.emit_with_promotions(k, is_pawn, from, to, double_step(to), &mut emit);
                }
                for to in pt.eps.squares() {
                    self.emit_with_promotions(k, is_pawn, from, to, Special::EnPassant, &mut emit);
                }
            }
        }
    }

    /// Sittuyin's promotions (`sittuyin_promotion`) of our pawns that `filter` asks for, legal
    /// or not: a pawn of the zone (any, for a side's last pawn) becomes a promotion piece on its
    /// square or on an empty square that piece could move to, where it attacks no enemy piece,
    /// within the promotion limits (Fairy-Stockfish's `generate_pawn_moves`).
    pub(super) fn sittuyin_promotions(&self, filter: Filter<B>, mut emit: impl FnMut(FairyMove)) {
        let rules = &self.variant.rules;
        let us = self.state.side;
        if !filter.promotions && !filter.quiet {
            return;
        }
        let own = self.state.by_color[us.index()];
        let enemy = self.state.by_color[(!us).index()];
        let occ = self.occupied();
        for k in (0..rules.kinds).filter(|&k| rules.is_pawn(k)) {
            let mut pawns = self.by_kind[k] & own;
            if pawns.more_than_one() {
                pawns &= rules.promotion.zone[us.index()];
            }
            for from in (pawns & filter.from).squares() {
                let without = occ & !B::square(from);
                for &p in &rules.promotion.kinds[us.index()] {
                    if self.promotion_limited(p) {
                        continue;
                    }
                    let p = usize::from(p);
                    let (quiet, _) = self.normal_targets(us, p, from, occ);
                    let targets = (quiet & !occ & rules.kind(us, p).region) | B::square(from);
                    for to in targets.squares() {
                        let (_, attacks) = self.normal_targets(us, p, to, without);
                        if (attacks & enemy).is_empty() {
                            emit(FairyMove::new(from.0, to.0, Some(p as u8), Special::Normal));
                        }
                    }
                }
            }
        }
    }

    /// The moves of our piece of `kind` from `from` to `to`: with each promotion choice in the
    /// zone (chess-style for pawns; shogi-style, or Kyoto's demotion, for kinds with a `+`
    /// form), and without one where that is allowed and the piece could still move afterwards.
    pub(super) fn emit_with_promotions(
        &self,
        kind: usize,
        is_pawn: bool,
        from: Square,
        to: Square,
        special: Special,
        emit: &mut impl FnMut(FairyMove),
    ) {
        let rules = &self.variant.rules;
        let us = self.state.side;
        if rules.steady[us.index()] >> kind & 1 != 0 {
            emit(FairyMove::new(from.0, to.0, None, special));
            return;
        }
        let zone = rules.kind(us, kind).promo_zone;
        if !is_pawn {
            let movable = !rules.immobility_illegal || rules.kind(us, kind).mobile.has(to);
            if !zone.has(to) && !zone.has(from) {
                if movable {
                    emit(FairyMove::new(from.0, to.0, None, special));
                }
                return;
            }
            // Shogi-style: the `+` form, or back to the base form (Kyoto).
            let changed = match rules.promoted_form(kind) {
                Some(p) => Some(p),
                None => rules.base_of(kind).filter(|_| rules.promotion.demotion),
            };
            if let Some(p) = changed
                && !self.promotion_limited(p)
            {
                emit(FairyMove::new(from.0, to.0, Some(p), special));
            }
            if movable && (!rules.promotion.piece_mandatory || changed.is_none()) {
                emit(FairyMove::new(from.0, to.0, None, special));
            }
            return;
        }
        if !zone.has(to) {
            emit(FairyMove::new(from.0, to.0, None, special));
            return;
        }
        let choices = &rules.promotion.kinds[us.index()];
        for &p in choices {
            if !self.promotion_limited(p) {
                emit(FairyMove::new(from.0, to.0, Some(p), special));
            }
        }
        // A pawn with a `+` form (shogun) promotes to it on entering the zone, never by en
        // passant (as Fairy-Stockfish).
        let form = rules.promoted_form(kind).filter(|_| special != Special::EnPassant);
        if let Some(p) = form
            && !self.promotion_limited(p)
        {
            emit(FairyMove::new(from.0, to.0, Some(p), special));
        }
        if !rules.pawn_promotion_forced(us, form.is_some()) && rules.kind(us, kind).mobile.has(to) {
            emit(FairyMove::new(from.0, to.0, None, special));
        }
    }

    /// Whether the side to move already has as many pieces of kind `p` as `promotion_limits`
    /// allows, so none may promote to it.
    #[inline]
    fn promotion_limited(&self, p: u8) -> bool {
        let own = self.state.by_color[self.state.side.index()];
        self.rules()
            .promotion
            .limits
            .iter()
            .any(|&(k, n)| k == p && (self.by_kind[k as usize] & own).count() >= n as u32)
    }
}

/// A piece's pseudo-legal targets: empty squares, enemy pieces, initial multi-steps (pawns'
/// double steps, which may give an en-passant right) and en-passant targets.
pub(super) struct PieceTargets<B> {
    pub(super) quiet: B,
    pub(super) capture: B,
    pub(super) double: B,
    pub(super) eps: B,
}
