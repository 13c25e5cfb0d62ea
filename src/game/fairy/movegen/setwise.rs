//! The set-wise legal generator, for variants whose legality has no extra rules
//! ([`Rules::set_wise`](crate::game::fairy::tables::Rules::set_wise)): the targets of pieces that cannot expose a royal piece taken as whole
//! sets (all pieces of a leaping kind at once, a table read per piece), pinned pieces kept to
//! their line, in a simple check the others' targets cut to the evasions, and only what is left
//! (royal pieces, sensitive pieces and destinations, promotions, en passant, castling) looked at
//! one by one. The moves go to a [`Sink`]: listed, or counted without a list (`count`). The
//! idea is Stockfish's legal generator (check masks, pin lines).

use super::Filter;
use super::castling::KnownSafe;
use super::legality::Sensitive;
use crate::core::{Bitboard, Square};
use crate::game::fairy::tables::lookup::shift;
use crate::game::fairy::tables::movetable::{KindTables, SetLeap};
use crate::game::fairy::{Fairy, FairyMove, Special};

impl<B: Bitboard> Fairy<B> {
    /// Whether [`Fairy::plain_legal_moves`] generates the legal moves ([`Rules::set_wise`](crate::game::fairy::tables::Rules::set_wise)):
    /// where checks are allowed, nothing explodes and no promotion adds a pseudo-royal piece.
    /// Its set-wise targets are legal for pieces that [`Fairy::sensitive`] leaves out; the
    /// others are tested one by one ([`Fairy::is_legal_pseudo`], which plays the moves that
    /// immune kinds or a bikjang make hard to judge).
    #[inline(always)]
    pub(super) fn set_wise_generation(&self) -> bool {
        self.rules().set_wise
    }

    /// [`Fairy::plain_legal_moves`], compiled without the tests of rare rules for the variants
    /// that have none.
    #[inline(always)]
    pub(super) fn set_wise_moves<S: Sink<B>>(&self, filter: Filter<B>, sink: &mut S) {
        if self.rules().rare_rules {
            self.plain_legal_moves::<S, true>(filter, sink);
        } else {
            self.plain_legal_moves::<S, false>(filter, sink);
        }
    }

    /// The legal moves `filter` asks for, into `sink`: counted by population count or listed.
    /// The targets of a piece that cannot expose a royal piece need no test, those of leaping
    /// kinds are found for all pieces of the kind at once ([`SetLeap`]); a piece pinned by a
    /// rider keeps to its line ([`Fairy::pin_line_of`]), and in a simple check the other
    /// pieces' targets are cut to the evasions ([`Fairy::evasion_targets`]); only royal
    /// pieces, other sensitive pieces (see [`Sensitive`]), sensitive destinations, promotions,
    /// en passant and castling are looked at one by one. For variants whose legality has no
    /// extra rules ([`Fairy::plain_legality`]). The same idea as Stockfish's legal generator
    /// (check masks, pin lines) feeding either a list or a counter (here [`Sink`]).
    ///
    /// With `RARE` false (a variant without [`Rules::rare_rules`](crate::game::fairy::tables::Rules::rare_rules)) the tests of those rules are
    /// compiled out; [`Fairy::set_wise_moves`] chooses.
    ///
    /// In order: pieces on a gate, the kinds of one uniform table, the other kinds, Sittuyin's
    /// promotions, castling, the pass, drops. Its parts are inlined into it (one function for
    /// perft's hot loop).
    fn plain_legal_moves<S: Sink<B>, const RARE: bool>(&self, filter: Filter<B>, sink: &mut S) {
        let rules = &self.variant.rules;
        let m = self.masks::<RARE>(filter);
        let sensitive = m.sensitive;
        // Pieces on a gate (S-chess) have their gatings too: tested move by move.
        let gates = if RARE { self.gates() & filter.from } else { B::EMPTY };
        for from in gates.squares() {
            self.tested_moves(from, filter, sensitive, sink);
        }
        let own = self.state.by_color[self.state.side.index()] & !gates;
        self.uniform_kinds_moves(&m, own, sink);
        let known = self.general_kinds_moves::<S, RARE>(&m, own, sink);
        if RARE && rules.promotion.sittuyin {
            self.sittuyin_promotions(filter, |mv| {
                if self.is_legal_pseudo(mv, sensitive) {
                    sink.push(mv);
                }
            });
        }
        if filter.quiet {
            self.castling_moves(known, |mv| {
                if filter.from.has(Square(mv.from())) {
                    sink.push(mv);
                }
            });
            if RARE && let Some(mv) = self.pass_move().filter(|m| filter.from.has(Square(m.from()))) {
                sink.push(mv);
            }
            if RARE && rules.drops.allowed && filter.from == B::FULL {
                self.set_wise_drops(sensitive, sink);
            }
        }
    }

    /// [`Fairy::plain_legal_moves`]'s [`Masks`] for `filter`.
    #[inline(always)]
    fn masks<const RARE: bool>(&self, filter: Filter<B>) -> Masks<B> {
        let us = self.state.side;
        // No pseudo-royal pieces where moves are generated set-wise ([`Rules::set_wise`](crate::game::fairy::tables::Rules::set_wise)).
        let royals = self.royal_pieces(us);
        let sensitive = self.sensitive_with::<RARE>(royals);
        let occ = self.occupied();
        let enemy = self.state.by_color[(!us).index()];
        // The royal piece's targets, and (in check, only those that parry it) the others'.
        let evasion = if self.state.checkers.is_empty() || sensitive.from == B::FULL {
            B::FULL
        } else {
            !sensitive.to
        };
        let royal_capture_ok = if filter.capture { enemy } else { B::EMPTY };
        let royal_quiet_ok = if filter.quiet { !occ } else { B::EMPTY };
        Masks {
            filter,
            royals,
            sensitive,
            occ,
            enemy,
            evasion,
            royal_quiet_ok,
            royal_capture_ok,
            quiet_ok: royal_quiet_ok & evasion,
            capture_ok: royal_capture_ok & evasion,
            // Whether the only royal piece's targets may be judged by the attacks on them alone.
            plain: !RARE || self.plain_legality(),
        }
    }

    /// The moves of our pieces on `own` of the kinds of one uniform table: pieces that cannot
    /// expose a royal piece take their targets straight from it, the table's lookups resolved
    /// once for all of them.
    #[inline(always)]
    fn uniform_kinds_moves<S: Sink<B>>(&self, m: &Masks<B>, own: B, sink: &mut S) {
        let rules = &self.variant.rules;
        let us = self.state.side;
        let sensitive = m.sensitive;
        for &k in &rules.uniform_kinds[us.index()] {
            let pieces = self.by_kind[k] & own & m.filter.from;
            if pieces.is_empty() {
                continue;
            }
            let Some(reach) = rules.kind(us, k).normal.uniform_reach() else {
                continue;
            };
            let plain = pieces & !sensitive.from;
            for from in plain.squares() {
                let targets = reach.at(from, m.occ) & (m.quiet_ok | m.capture_ok);
                self.sink_targets(sink, k, targets, Special::Normal, sensitive.to, sensitive, |_| from);
            }
            // Pinned pieces keep to their line, or are tested move by move (apart from the
            // loop above, which then needs no test per piece).
            for from in (pieces & !plain).squares() {
                match self.pin_line_of(from, m.royals, sensitive) {
                    Some(line) => {
                        let targets = reach.at(from, m.occ) & (m.quiet_ok | m.capture_ok) & line;
                        self.sink_targets(sink, k, targets, Special::Normal, sensitive.to, sensitive, |_| from);
                    }
                    None => self.tested_moves(from, m.filter, sensitive, sink),
                }
            }
        }
    }

    /// The moves of our pieces on `own` of the other kinds, kind by kind: set-wise steps
    /// ([`Fairy::set_leap_moves`]), table reads ([`Fairy::table_moves`]), the only royal piece
    /// ([`Fairy::only_royal_moves`]) and the pieces left ([`Fairy::piece_moves`]). Returns what
    /// the only royal piece's tests found, for castling.
    #[inline(always)]
    fn general_kinds_moves<S: Sink<B>, const RARE: bool>(&self, m: &Masks<B>, own: B, sink: &mut S) -> KnownSafe<B> {
        let rules = &self.variant.rules;
        let us = self.state.side;
        let filter = m.filter;
        let mut known = KnownSafe::NONE;
        let initial = self.initial_squares(us);
        for &k in &rules.general_kinds[us.index()] {
            let mut pieces = self.by_kind[k] & own & filter.from;
            if pieces.is_empty() {
                continue;
            }
            let t = rules.kind(us, k);
            let is_pawn = rules.is_pawn(k);
            let zone = t.promo_zone;
            let ep_kind = filter.capture && !self.state.ep.is_empty() && rules.takes_en_passant(k);
            let kind = GeneralKind {
                k,
                t,
                // Quiet promotions are tactical.
                quiet_ok: if !filter.quiet && filter.promotions {
                    zone & !m.occ & m.evasion
                } else {
                    m.quiet_ok
                },
                // Promotions, and squares where the piece may not stay, are looked at one by
                // one; all moves from where a shogi-style promotion is possible too.
                one_by_one: m.sensitive.to | t.attention_to,
                zone_from: if RARE { rules.zone_from(us, k) } else { B::EMPTY },
            };
            // Set-wise steps pay per step, table reads per piece: the steps win for kinds with
            // initial moves (pawns) and for many pieces.
            if let Some(leaps) = &t.set_leaps
                && !ep_kind
                && (t.initial.is_some() || 2 * pieces.count() as usize > leaps.len())
            {
                // Royal pieces are never of a leaping kind's set moves: their initial moves
                // depend on check, and every move of theirs needs the test.
                let movers = pieces & !m.royals & !m.sensitive.from & !kind.zone_from;
                pieces &= !movers;
                self.set_leap_moves(&kind, leaps, movers, initial, m, sink);
            }
            if t.initial.is_none() && !ep_kind {
                // Pieces of a kind with one move set and no en passant that cannot expose a
                // royal piece: their targets straight from the table.
                let plain = pieces & !m.royals & !m.sensitive.from & !kind.zone_from;
                pieces &= !plain;
                self.table_moves::<S, RARE>(&kind, plain, m, sink);
            }
            for from in pieces.squares() {
                if m.royals == B::square(from) && !is_pawn && !ep_kind && t.initial.is_none() && m.plain {
                    known = self.only_royal_moves::<S, RARE>(t, from, m, sink);
                    continue;
                }
                self.piece_moves(&kind, from, m, sink);
            }
        }
        known
    }

    /// The moves of `kind`'s pieces on `movers`, none of which can expose a royal piece, for
    /// all of them at once: leap by leap, the origins that may make it ([`SetLeap::origins`])
    /// shifted to their targets.
    #[inline(always)]
    fn set_leap_moves<S: Sink<B>>(
        &self,
        kind: &GeneralKind<'_, B>,
        leaps: &[SetLeap<B>],
        movers: B,
        initial: B,
        m: &Masks<B>,
        sink: &mut S,
    ) {
        let (k, t, one_by_one, sensitive) = (kind.k, kind.t, kind.one_by_one, m.sensitive);
        for leap in leaps {
            let (quiet, first_only, capture) = leap.origins(movers, m.occ, initial);
            let ok = t.region & kind.quiet_ok;
            let from = |to: Square| Square((i32::from(to.0) - leap.shift) as u8);
            let double = shift(first_only, leap.shift) & ok;
            let targets = shift(quiet, leap.shift) & ok | shift(capture, leap.shift) & m.capture_ok & t.region;
            self.sink_targets(sink, k, targets, Special::Normal, one_by_one, sensitive, from);
            if !double.is_empty() {
                self.sink_targets(sink, k, double, Special::DoubleStep, one_by_one, sensitive, from);
            }
        }
    }

    /// The moves of `kind`'s pieces on `plain`, none of which can expose a royal piece (a kind
    /// with one move set and no en passant): their targets straight from the table.
    #[inline(always)]
    fn table_moves<S: Sink<B>, const RARE: bool>(
        &self,
        kind: &GeneralKind<'_, B>,
        plain: B,
        m: &Masks<B>,
        sink: &mut S,
    ) {
        let rules = &self.variant.rules;
        let us = self.state.side;
        let (k, t, one_by_one, sensitive) = (kind.k, kind.t, kind.one_by_one, m.sensitive);
        let ok = (kind.quiet_ok | m.capture_ok) & t.region;
        // The table read straight, the kind's immunity tested once per kind, not per
        // piece (newzealand's rooks and knights come here).
        let immune = RARE && rules.immune_set >> k & 1 != 0;
        for from in plain.squares() {
            let (quiet, capture) = if immune {
                self.normal_reach(us, k, from, m.occ)
            } else {
                t.normal.reach(&rules.rays, from, m.occ)
            };
            let targets = (quiet & !m.occ | capture & m.enemy) & ok;
            self.sink_targets(sink, k, targets, Special::Normal, one_by_one, sensitive, |_| from);
        }
    }

    /// The moves of the only royal piece, on `from`, of a kind with tables `t` (one move set, no
    /// pawn): each target is legal when it is not attacked once the piece stands there (what
    /// `is_legal_pseudo` tests, without the move). Returns the targets tested and those found
    /// safe.
    #[inline(always)]
    fn only_royal_moves<S: Sink<B>, const RARE: bool>(
        &self,
        t: &KindTables<B>,
        from: Square,
        m: &Masks<B>,
        sink: &mut S,
    ) -> KnownSafe<B> {
        let rules = &self.variant.rules;
        let us = self.state.side;
        let (quiet, capture) = t.normal.reach(&rules.rays, from, m.occ);
        let without = m.occ & !B::square(from);
        let targets = (quiet & m.royal_quiet_ok | capture & m.royal_capture_ok) & t.region;
        let mut legal = B::EMPTY;
        for to in targets.squares() {
            let there = B::square(to);
            let attacked = if RARE {
                self.royal_attacked(to, us, without | there, there & m.enemy)
            } else {
                // No explosions (set-wise) and no flying general.
                self.is_attacked(to, !us, without | there, there & m.enemy)
            };
            if !attacked {
                legal |= there;
            }
        }
        let known = KnownSafe {
            tested: targets,
            safe: legal,
        };
        sink.targets(legal, Special::Normal, |_| from);
        known
    }

    /// The moves of `kind`'s piece on `from` that neither set-wise steps nor table reads took:
    /// a royal piece, one that may expose a royal piece (kept to its pin line, or tested move by
    /// move), one that may take en passant, or one of a kind with initial moves.
    #[inline(always)]
    fn piece_moves<S: Sink<B>>(&self, kind: &GeneralKind<'_, B>, from: Square, m: &Masks<B>, sink: &mut S) {
        let (k, royals, sensitive) = (kind.k, m.royals, m.sensitive);
        let pt = self.piece_targets(k, from, m.filter);
        let mut allowed = m.evasion;
        if royals.has(from) || sensitive.from.has(from) || !pt.eps.is_empty() {
            match self.pin_line_of(from, royals, sensitive) {
                Some(line) if pt.eps.is_empty() && !royals.has(from) => allowed &= line,
                _ => {
                    self.tested_moves(from, m.filter, sensitive, sink);
                    return;
                }
            }
        }
        let targets = (pt.quiet & !pt.double | pt.capture) & allowed;
        let double = pt.double & allowed;
        let one_by_one = if kind.zone_from.has(from) {
            B::FULL
        } else {
            kind.one_by_one
        };
        self.sink_targets(sink, k, targets, Special::Normal, one_by_one, sensitive, |_| from);
        self.sink_targets(sink, k, double, Special::DoubleStep, one_by_one, sensitive, |_| from);
    }

    /// The legal moves `filter` asks for of our piece on `from`, each tested.
    #[inline(never)]
    fn tested_moves<S: Sink<B>>(&self, from: Square, filter: Filter<B>, sensitive: Sensitive<B>, sink: &mut S) {
        let piece = Filter {
            from: B::square(from),
            ..filter
        };
        self.pseudo_moves(piece, |mv| {
            if self.is_legal_pseudo(mv, sensitive) {
                sink.push(mv);
            }
        });
    }

    /// The legal moves of our piece of `kind` to `targets`, each from `from(to)`, where only
    /// targets in `one_by_one` (sensitive destinations, promotion zones) need a closer look:
    /// the promotion choices, and the legality test on sensitive ones.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn sink_targets<S: Sink<B>>(
        &self,
        sink: &mut S,
        kind: usize,
        targets: B,
        special: Special,
        one_by_one: B,
        sensitive: Sensitive<B>,
        from: impl Fn(Square) -> Square,
    ) {
        sink.targets(targets & !one_by_one, special, &from);
        let closer = targets & one_by_one;
        if !closer.is_empty() {
            self.one_by_one(sink, kind, closer, special, sensitive, &from);
        }
    }

    /// [`Fairy::sink_targets`]'s targets that need a closer look, apart from the hot loop.
    #[cold]
    #[inline(never)]
    fn one_by_one<S: Sink<B>>(
        &self,
        sink: &mut S,
        kind: usize,
        targets: B,
        special: Special,
        sensitive: Sensitive<B>,
        from: &dyn Fn(Square) -> Square,
    ) {
        let rules = &self.variant.rules;
        let is_pawn = rules.is_pawn(kind);
        let mut targets = targets;
        // A counting sink takes a pawn's chess-style promotions set-wise where nothing limits
        // them (no promotion limits, no `+` form) and no test is needed: each choice to every
        // target of the zone, and the move without promotion where it is allowed and leaves
        // the pawn a move (what `emit_with_promotions` gives one target at a time).
        if S::ORDERLESS && is_pawn && rules.promotion.limits.is_empty() && rules.promoted_form(kind).is_none() {
            let us = self.state.side;
            let t = rules.kind(us, kind);
            let zone = targets & t.promo_zone & !sensitive.to;
            targets &= !zone;
            if !zone.is_empty() {
                for &p in &rules.promotion.kinds[us.index()] {
                    sink.promotions(zone, p, special, from);
                }
                if !rules.pawn_promotion_forced(us, false) {
                    sink.targets(zone & t.mobile, special, from);
                }
            }
        }
        for to in targets.squares() {
            self.emit_with_promotions(kind, is_pawn, from(to), to, special, &mut |mv| {
                if !sensitive.to.has(to) || self.is_legal_pseudo(mv, sensitive) {
                    sink.push(mv);
                }
            });
        }
    }
}

/// Where [`Fairy::plain_legal_moves`] puts the legal moves it finds.
pub(super) trait Sink<B: Bitboard> {
    /// Whether the sink only counts, so that moves may come in any order (a list keeps the
    /// generator's order, which the search's move ordering starts from).
    const ORDERLESS: bool;
    /// The moves to each square of `targets`, from `from(to)`, no promotion.
    fn targets(&mut self, targets: B, special: Special, from: impl Fn(Square) -> Square);
    /// The moves to each square of `targets`, from `from(to)`, promoting to `promotion`.
    #[inline(always)]
    fn promotions(&mut self, targets: B, promotion: u8, special: Special, from: impl Fn(Square) -> Square) {
        for to in targets.squares() {
            self.push(FairyMove::new(from(to).0, to.0, Some(promotion), special));
        }
    }
    fn push(&mut self, mv: FairyMove);
}

/// Hands every move to a closure.
pub(super) struct Lister<'a, F>(pub(super) &'a mut F);

impl<B: Bitboard, F: FnMut(FairyMove)> Sink<B> for Lister<'_, F> {
    const ORDERLESS: bool = false;
    #[inline(always)]
    fn targets(&mut self, targets: B, special: Special, from: impl Fn(Square) -> Square) {
        for to in targets.squares() {
            (self.0)(FairyMove::new(from(to).0, to.0, None, special));
        }
    }
    #[inline(always)]
    fn push(&mut self, mv: FairyMove) {
        (self.0)(mv);
    }
}

/// What the parts of [`Fairy::plain_legal_moves`] share: the filter, and the masks found once
/// per call.
#[derive(Clone, Copy)]
struct Masks<B> {
    filter: Filter<B>,
    /// The side to move's royal pieces.
    royals: B,
    sensitive: Sensitive<B>,
    occ: B,
    enemy: B,
    /// Where a piece other than the royal one may go: in check, only where it parries it.
    evasion: B,
    /// The royal piece's targets that the filter asks for: empty squares, enemy pieces.
    royal_quiet_ok: B,
    royal_capture_ok: B,
    /// The other pieces' targets that the filter asks for, cut to the evasions.
    quiet_ok: B,
    capture_ok: B,
    /// Whether the only royal piece's targets may be judged by the attacks on them alone.
    plain: bool,
}

/// A kind of [`Rules::general_kinds`](crate::game::fairy::tables::Rules::general_kinds) as [`Fairy::general_kinds_moves`] takes it.
struct GeneralKind<'a, B> {
    k: usize,
    t: &'a KindTables<B>,
    /// Its quiet targets ([`Masks::quiet_ok`], or with the quiet moves off, its promotions).
    quiet_ok: B,
    /// The targets that need a closer look ([`Fairy::sink_targets`]).
    one_by_one: B,
    /// Where it may promote shogi-style from: every move from there needs a closer look.
    zone_from: B,
}
