//! Move generation for the fairy interpreter: pseudo-legal moves from the compiled tables
//! (leaps, lame leaps, rides, hops, initial moves, promotions, en passant, castling), then a
//! legality test by the attacks on the mover's royal pieces after the move, then the variant's
//! move filters (compulsory captures, no checking).

use super::moves::{FairyMove, Special};
use super::{Fairy, NO_SQUARE};
use crate::core::{Bitboard, Color, Square};
use crate::game::{GenKind, MoveList};

impl<B: Bitboard> Fairy<B> {
    /// The pieces of `by` that capture on `sq` with occupancy `occ`, ignoring pieces in
    /// `exclude` (a piece just captured).
    pub(super) fn attackers_to(&self, sq: Square, by: Color, occ: B, exclude: B) -> B {
        let rules = self.rules;
        let own = self.by_color[by.index()] & !exclude;
        let mut a = B::EMPTY;
        for k in 0..rules.kinds {
            let pieces = self.by_kind[k] & own;
            if pieces.is_empty() {
                continue;
            }
            let t = rules.kind(by, k);
            let hit = t.reverse.attackers(&rules.rays, sq, occ) & pieces;
            a |= hit;
            if let Some(init) = &t.reverse_initial {
                a |= init.attackers(&rules.rays, sq, occ) & pieces & rules.initial_region[by.index()];
            }
        }
        a
    }

    /// Squares of `color`'s royal pieces, pseudo-royal ones included (the last piece of an
    /// extinction kind, where the variant says so).
    #[inline]
    pub(super) fn royals(&self, color: Color) -> B {
        let own = self.by_color[color.index()];
        let mut r = B::EMPTY;
        for &k in &self.rules.royal_kinds {
            r |= self.by_kind[k as usize];
        }
        r &= own;
        if let Some(ext) = &self.rules.def.extinction
            && ext.pseudo_royal
        {
            for &k in ext.kinds.as_deref().unwrap_or(&[]) {
                let pieces = self.by_kind[k as usize] & own;
                if pieces.count() == u32::from(ext.count) + 1 {
                    r |= pieces;
                }
            }
        }
        r
    }

    /// Calls `emit` for every pseudo-legal move (castling excluded).
    fn pseudo_moves(&self, mut emit: impl FnMut(FairyMove)) {
        let rules = self.rules;
        let us = self.side;
        let them = !us;
        let occ = self.occupied();
        let enemy = self.by_color[them.index()];
        for k in 0..rules.kinds {
            let t = rules.kind(us, k);
            let mut from_set = self.by_kind[k] & self.by_color[us.index()];
            let is_pawn = rules.pawn_kinds.contains(&(k as u8));
            let can_ep = !self.ep.is_empty() && rules.ep_kinds.contains(&(k as u8));
            while !from_set.is_empty() {
                let from = from_set.pop_lsb();
                let (quiet, capture) = t.normal.targets(&rules.rays, from, occ);
                let mut double = B::EMPTY;
                let mut capture = capture & enemy;
                let mut quiet = quiet;
                if let Some(init) = &t.initial
                    && rules.initial_region[us.index()].has(from)
                {
                    let (q, c) = init.targets(&rules.rays, from, occ);
                    double = q & !quiet;
                    quiet |= q;
                    capture |= c & enemy;
                }
                let mut eps = B::EMPTY;
                if can_ep {
                    let (_, c) = t.normal.targets(&rules.rays, from, occ | self.ep);
                    eps = c & self.ep;
                }
                for to in capture.squares() {
                    self.emit_with_promotions(k, is_pawn, from, to, Special::Normal, &mut emit);
                }
                for to in quiet.squares() {
                    let special = if is_pawn && double.has(to) {
                        Special::DoubleStep
                    } else {
                        Special::Normal
                    };
                    self.emit_with_promotions(k, is_pawn, from, to, special, &mut emit);
                }
                for to in eps.squares() {
                    self.emit_with_promotions(k, is_pawn, from, to, Special::EnPassant, &mut emit);
                }
            }
        }
    }

    fn emit_with_promotions(
        &self,
        kind: usize,
        is_pawn: bool,
        from: Square,
        to: Square,
        special: Special,
        emit: &mut impl FnMut(FairyMove),
    ) {
        let rules = self.rules;
        let us = self.side;
        if !is_pawn || !rules.promotion_zone[us.index()].has(to) {
            emit(FairyMove::new(from.0, to.0, None, special));
            return;
        }
        let promo = &rules.def.promotion;
        let own = self.by_color[us.index()];
        for &p in &promo.kinds {
            let limited = promo
                .limits
                .iter()
                .any(|&(k, n)| k == p && (self.by_kind[k as usize] & own).count() >= n as u32);
            if !limited {
                emit(FairyMove::new(from.0, to.0, Some(p), special));
            }
        }
        if (!promo.mandatory || promo.kinds.is_empty()) && rules.kind(us, kind).mobile.has(to) {
            emit(FairyMove::new(from.0, to.0, None, special));
        }
    }

    /// Castling moves whose path is clear and safe.
    fn castling_moves(&self, mut emit: impl FnMut(FairyMove)) {
        let Some(castling) = &self.rules.def.castling else {
            return;
        };
        let us = self.side;
        if !self.checkers.is_empty() {
            return;
        }
        let royal = self.rules.royal_kinds.contains(&castling.king_kind);
        for side in 0..2 {
            let rook = self.castle[us.index() * 2 + side];
            if rook == NO_SQUARE {
                continue;
            }
            let Some((king, king_to, rook_to)) = self.castle_squares(castling, us, side) else {
                continue;
            };
            if self.castle_is_possible(king, Square(rook), king_to, rook_to, royal) {
                emit(FairyMove::new(king.0, rook, None, Special::Castle));
            }
        }
    }

    /// Whether the castling of the king on `king` with the rook on `rook` has an empty path and,
    /// for a royal king, passes through no attacked square.
    fn castle_is_possible(&self, king: Square, rook: Square, king_to: Square, rook_to: Square, royal: bool) -> bool {
        let files = self.rules.files;
        let occ = self.occupied();
        let rank = king.rank(files);
        let span = |a: Square, b: Square| -> B {
            let (lo, hi) = (a.file(files).min(b.file(files)), a.file(files).max(b.file(files)));
            (lo..=hi).fold(B::EMPTY, |bb, f| bb | B::square(Square::new(f, rank, files)))
        };
        let path = (span(king, king_to) | span(rook, rook_to)) & !B::square(king) & !B::square(rook);
        if !(path & occ).is_empty() {
            return false;
        }
        if !royal {
            return true;
        }
        let them = !self.side;
        let without_king = occ & !B::square(king);
        for sq in (span(king, king_to) & !B::square(king)).squares() {
            if sq != king_to && !self.attackers_to(sq, them, without_king, B::EMPTY).is_empty() {
                return false;
            }
        }
        let after = (occ & !B::square(king) & !B::square(rook)) | B::square(king_to) | B::square(rook_to);
        self.attackers_to(king_to, them, after, B::EMPTY).is_empty()
    }

    /// Whether the pseudo-legal `mv` leaves none of the mover's royal pieces attacked (and, where
    /// the variant forbids checks, gives none).
    pub(super) fn is_legal_pseudo(&self, mv: FairyMove) -> bool {
        let rules = self.rules;
        if !rules.def.checking || mv.special() == Special::EnPassant {
            return self.legal_by_playing(mv);
        }
        if mv.special() == Special::Castle {
            return true;
        }
        let us = self.side;
        let royals = self.royals(us);
        if royals.is_empty() {
            return true;
        }
        let from = Square(mv.from());
        let to = Square(mv.to());
        let occ = self.occupied();
        let moved = B::square(from);
        let royals = if (royals & moved).is_empty() {
            // A leaper-only variant cannot expose a royal piece by moving another one, unless
            // it is in check and must answer it.
            if !rules.has_blockable && self.checkers.is_empty() {
                return true;
            }
            royals
        } else {
            (royals & !moved) | B::square(to)
        };
        let after = (occ & !moved) | B::square(to);
        let captured = B::square(to) & self.by_color[(!us).index()];
        royals
            .squares()
            .all(|r| self.attackers_to(r, !us, after, captured).is_empty())
    }

    /// The legality test by playing the move on a copy: for en passant and for variants where
    /// giving check is illegal.
    fn legal_by_playing(&self, mv: FairyMove) -> bool {
        let mut next = self.clone();
        next.play_unchecked(mv, &mut crate::game::Dirty::default());
        let us = self.side;
        let safe = next
            .royals(us)
            .squares()
            .all(|r| next.attackers_to(r, !us, next.occupied(), B::EMPTY).is_empty());
        safe && (self.rules.def.checking || next.checkers.is_empty())
    }

    /// Whether a rule has already ended the game (extinction, flag, last check): as in
    /// Fairy-Stockfish, such a position has no moves.
    fn ended(&self) -> bool {
        let def = &self.rules.def;
        (def.extinction.is_some() || def.flag.is_some() || def.check_counting)
            && crate::game::Game::outcome(self).is_some()
    }

    /// Every legal move, before the variant's compulsory-capture filter.
    pub(super) fn legal_moves(&self, out: &mut impl FnMut(FairyMove)) {
        self.pseudo_moves(|mv| {
            if self.is_legal_pseudo(mv) {
                out(mv);
            }
        });
        self.castling_moves(|mv| {
            if self.rules.def.checking || self.legal_by_playing(mv) {
                out(mv);
            }
        });
    }

    /// Whether `mv` takes a piece (en passant included).
    #[inline]
    pub(super) fn is_capture(&self, mv: FairyMove) -> bool {
        mv.special() == Special::EnPassant
            || mv.special() != Special::Castle && self.by_color[(!self.side).index()].has(Square(mv.to()))
    }

    /// Appends the legal moves of `kind` to `out` (which must be empty).
    pub(super) fn generate_into<L: MoveList<FairyMove>>(&self, kind: GenKind, out: &mut L) {
        if self.ended() {
            return;
        }
        self.legal_moves(&mut |mv| out.push(mv));
        if self.rules.def.must_capture && out.iter().any(|&m| self.is_capture(m)) {
            out.retain(|m| self.is_capture(*m));
        }
        if kind != GenKind::All {
            let tactical = kind == GenKind::Tactical;
            out.retain(|m| (self.is_capture(*m) || m.promotion().is_some()) == tactical);
        }
    }

    /// The number of legal moves, without building a list where the variant allows it.
    pub(super) fn count_moves(&self) -> u64 {
        if self.ended() {
            return 0;
        }
        if self.rules.def.must_capture {
            let (mut all, mut captures) = (0u64, 0u64);
            self.legal_moves(&mut |mv| {
                all += 1;
                captures += u64::from(self.is_capture(mv));
            });
            return if captures > 0 { captures } else { all };
        }
        let mut n = 0u64;
        self.legal_moves(&mut |_| n += 1);
        n
    }
}
