//! Move generation for the fairy interpreter: pseudo-legal moves from the compiled tables
//! (leaps, lame leaps, rides, hops, initial moves, promotions, en passant, castling), then a
//! legality test by the attacks on the mover's royal pieces after the move, then the variant's
//! move filters (compulsory captures, no checking).

use super::moves::{FairyMove, Special};
use super::{Fairy, NO_SQUARE};
use crate::core::{Bitboard, Square};
use crate::game::{GenKind, MoveList};
use crate::variant::Rules;
use crate::variant::lookup::shift;
use crate::variant::rules::{CastlePath, MANY_LINES, NO_LINE};

impl<B: Bitboard> Fairy<B> {
    /// Whether the piece of kind `kind` on `from` may make its initial (`i`) moves: from
    /// [`Fairy::initial_squares`]; with first-move rights, a royal piece only while not in
    /// check.
    fn may_use_initial(&self, kind: usize, from: Square) -> bool {
        let rules: &Rules<B> = &self.rules;
        self.initial_squares(self.state.side).has(from)
            && (!rules.first_move_rights
                || self.state.checkers.is_empty()
                || !rules.royal_kinds.contains(&(kind as u8)))
    }

    /// The pseudo-legal targets of our piece of kind `k` on `from` that `filter` asks for.
    fn piece_targets(&self, k: usize, from: Square, filter: Filter<B>) -> PieceTargets<B> {
        let rules: &Rules<B> = &self.rules;
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
    fn pseudo_moves(&self, filter: Filter<B>, emit: impl FnMut(FairyMove)) {
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
        if !self.rules.gating || self.state.hand[us].iter().all(|&n| n == 0) {
            return B::EMPTY;
        }
        self.state.rights & self.state.by_color[us]
    }

    /// Emits `mv` and, where its origin (for a castling, also the rook's square) is one of
    /// `gates`, `mv` with each kind in hand gated in there: not where the king or rook of a
    /// castling ends up (Fairy-Stockfish's `make_move_and_gating` and `legal`).
    fn with_gatings(&self, mv: FairyMove, gates: B, emit: &mut impl FnMut(FairyMove)) {
        emit(mv);
        if gates.is_empty() {
            return;
        }
        let rules: &Rules<B> = &self.rules;
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
                if self.state.hand[us][k] > 0 && rules.drop_region[us][k].has(sq) {
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
        let rules: &Rules<B> = &self.rules;
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
    /// With `RARE` false (a variant without [`Rules::rare_rules`]) the tests of those rules are
    /// compiled out; [`Fairy::set_wise_moves`] chooses.
    fn plain_legal_moves<S: Sink<B>, const RARE: bool>(&self, filter: Filter<B>, sink: &mut S) {
        let rules: &Rules<B> = &self.rules;
        let us = self.state.side;
        // No pseudo-royal pieces where moves are generated set-wise ([`Rules::set_wise`]).
        let royals = self.royal_pieces(us);
        let sensitive = self.sensitive_with::<RARE>(royals);
        let own = self.state.by_color[us.index()];
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
        let (quiet_ok, capture_ok) = (royal_quiet_ok & evasion, royal_capture_ok & evasion);
        let mut known = KnownSafe::NONE;
        // Whether the only royal piece's targets may be judged by the attacks on them alone.
        let plain = !RARE || self.plain_legality();
        // Pieces on a gate (S-chess) have their gatings too: tested move by move.
        let gates = if RARE { self.gates() & filter.from } else { B::EMPTY };
        for from in gates.squares() {
            self.tested_moves(from, filter, sensitive, sink);
        }
        let own = own & !gates;
        // Kinds of one uniform table: pieces that cannot expose a royal piece take their
        // targets straight from it, the table's lookups resolved once for all of them.
        for &k in &rules.uniform_kinds[us.index()] {
            let pieces = self.by_kind[k] & own & filter.from;
            if pieces.is_empty() {
                continue;
            }
            let Some(reach) = rules.kind(us, k).normal.uniform_reach() else {
                continue;
            };
            let plain = pieces & !sensitive.from;
            for from in plain.squares() {
                let targets = reach.at(from, occ) & (quiet_ok | capture_ok);
                self.sink_targets(sink, k, targets, Special::Normal, sensitive.to, sensitive, |_| from);
            }
            // Pinned pieces keep to their line, or are tested move by move (apart from the
            // loop above, which then needs no test per piece).
            for from in (pieces & !plain).squares() {
                match self.pin_line_of(from, royals, sensitive) {
                    Some(line) => {
                        let targets = reach.at(from, occ) & (quiet_ok | capture_ok) & line;
                        self.sink_targets(sink, k, targets, Special::Normal, sensitive.to, sensitive, |_| from);
                    }
                    None => self.tested_moves(from, filter, sensitive, sink),
                }
            }
        }
        let initial = self.initial_squares(us);
        for &k in &rules.general_kinds[us.index()] {
            let mut pieces = self.by_kind[k] & own & filter.from;
            if pieces.is_empty() {
                continue;
            }
            let t = rules.kind(us, k);
            let is_pawn = rules.is_pawn(k);
            let zone = t.promo_zone;
            // Quiet promotions are tactical.
            let quiet_ok = if !filter.quiet && filter.promotions {
                zone & !occ & evasion
            } else {
                quiet_ok
            };
            // Promotions, and squares where the piece may not stay, are looked at one by one;
            // all moves from where a shogi-style promotion is possible too.
            let one_by_one = sensitive.to | t.attention_to;
            let zone_from = if RARE { rules.zone_from(us, k) } else { B::EMPTY };
            let ep_kind = filter.capture && !self.state.ep.is_empty() && rules.takes_en_passant(k);
            // Set-wise steps pay per step, table reads per piece: the steps win for kinds with
            // initial moves (pawns) and for many pieces.
            if let Some(leaps) = &t.set_leaps
                && !ep_kind
                && (t.initial.is_some() || 2 * pieces.count() as usize > leaps.len())
            {
                // Royal pieces are never of a leaping kind's set moves: their initial moves
                // depend on check, and every move of theirs needs the test.
                let movers = pieces & !royals & !sensitive.from & !zone_from;
                pieces &= !movers;
                for leap in leaps {
                    let (quiet, first_only, capture) = leap.origins(movers, occ, initial);
                    let ok = t.region & quiet_ok;
                    let from = |to: Square| Square((i32::from(to.0) - leap.shift) as u8);
                    let double = shift(first_only, leap.shift) & ok;
                    let targets = shift(quiet, leap.shift) & ok | shift(capture, leap.shift) & capture_ok & t.region;
                    self.sink_targets(sink, k, targets, Special::Normal, one_by_one, sensitive, from);
                    if !double.is_empty() {
                        self.sink_targets(sink, k, double, Special::DoubleStep, one_by_one, sensitive, from);
                    }
                }
            }
            if t.initial.is_none() && !ep_kind {
                // Pieces of a kind with one move set and no en passant that cannot expose a
                // royal piece: their targets straight from the table.
                let plain = pieces & !royals & !sensitive.from & !zone_from;
                pieces &= !plain;
                let ok = (quiet_ok | capture_ok) & t.region;
                // The table read straight, the kind's immunity tested once per kind, not per
                // piece (newzealand's rooks and knights come here).
                let immune = RARE && rules.immune_set >> k & 1 != 0;
                for from in plain.squares() {
                    let (quiet, capture) = if immune {
                        self.normal_reach(us, k, from, occ)
                    } else {
                        t.normal.reach(&rules.rays, from, occ)
                    };
                    let targets = (quiet & !occ | capture & enemy) & ok;
                    self.sink_targets(sink, k, targets, Special::Normal, one_by_one, sensitive, |_| from);
                }
            }
            for from in pieces.squares() {
                if royals == B::square(from) && !is_pawn && !ep_kind && t.initial.is_none() && plain {
                    // The only royal piece: each target is legal when it is not attacked once
                    // the piece stands there (what `is_legal_pseudo` tests, without the move).
                    let (quiet, capture) = t.normal.reach(&rules.rays, from, occ);
                    let without = occ & !B::square(from);
                    let targets = (quiet & royal_quiet_ok | capture & royal_capture_ok) & t.region;
                    let mut legal = B::EMPTY;
                    for to in targets.squares() {
                        let there = B::square(to);
                        let attacked = if RARE {
                            self.royal_attacked(to, us, without | there, there & enemy)
                        } else {
                            // No explosions (set-wise) and no flying general.
                            self.is_attacked(to, !us, without | there, there & enemy)
                        };
                        if !attacked {
                            legal |= there;
                        }
                    }
                    known = KnownSafe {
                        tested: targets,
                        safe: legal,
                    };
                    sink.targets(legal, Special::Normal, |_| from);
                    continue;
                }
                let pt = self.piece_targets(k, from, filter);
                let mut allowed = evasion;
                if royals.has(from) || sensitive.from.has(from) || !pt.eps.is_empty() {
                    match self.pin_line_of(from, royals, sensitive) {
                        Some(line) if pt.eps.is_empty() && !royals.has(from) => allowed &= line,
                        _ => {
                            self.tested_moves(from, filter, sensitive, sink);
                            continue;
                        }
                    }
                }
                let targets = (pt.quiet & !pt.double | pt.capture) & allowed;
                let double = pt.double & allowed;
                let one_by_one = if zone_from.has(from) { B::FULL } else { one_by_one };
                self.sink_targets(sink, k, targets, Special::Normal, one_by_one, sensitive, |_| from);
                self.sink_targets(sink, k, double, Special::DoubleStep, one_by_one, sensitive, |_| from);
            }
        }
        if RARE && rules.sittuyin_promotion {
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
            if RARE && rules.drops && filter.from == B::FULL {
                // A drop only adds a piece: it is legal unless it lands where a piece arriving
                // matters (in check, off the evasions; a hopper's line), or may not check.
                let tested = if rules.drop_checks { sensitive.to } else { B::FULL };
                for k in 0..rules.kinds {
                    let targets = self.drop_targets(k);
                    if targets.is_empty() {
                        continue;
                    }
                    // A drop that may not mate is tested where it checks.
                    let tested = if rules.drop_mate_illegal >> k & 1 != 0 {
                        tested | self.check_squares(k)
                    } else {
                        tested
                    };
                    sink.targets(targets & !tested, Special::Drop, |_| Square(k as u8));
                    for to in (targets & tested).squares() {
                        let mv = FairyMove::drop(k as u8, to.0);
                        if self.drop_is_legal(mv) {
                            sink.push(mv);
                        }
                    }
                    if let Some(p) = self.promoted_drop(k) {
                        for to in targets.squares() {
                            let mv = FairyMove::new(k as u8, to.0, Some(p), Special::Drop);
                            if !tested.has(to) || self.drop_is_legal(mv) {
                                sink.push(mv);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Where the side to move may drop a piece of `kind` (of its region, the empty squares, no
    /// file already holding as many of the kind as `no_doubled_count` allows), legal or not:
    /// none without one in hand.
    #[inline]
    fn drop_targets(&self, kind: usize) -> B {
        let us = self.state.side.index();
        if self.state.hand[us][kind] == 0 {
            return B::EMPTY;
        }
        let rules: &Rules<B> = &self.rules;
        let mut targets = rules.drop_region[us][kind] & !self.occupied();
        if rules.no_doubled >> kind & 1 != 0 {
            let own = self.by_kind[kind] & self.state.by_color[us];
            for file in &rules.file_masks {
                if (own & *file).count() >= u32::from(rules.no_doubled_count) {
                    targets &= !*file;
                }
            }
        }
        targets
    }

    /// The promoted form a piece of `kind` may also be dropped as (`drop_promoted`).
    #[inline]
    fn promoted_drop(&self, kind: usize) -> Option<u8> {
        let rules: &Rules<B> = &self.rules;
        rules.drop_promoted.then(|| rules.promoted_form(kind)).flatten()
    }

    /// The squares where a piece of our `kind` would attack an enemy royal piece.
    fn check_squares(&self, kind: usize) -> B {
        let rules: &Rules<B> = &self.rules;
        let occ = self.occupied();
        self.royals(!self.state.side).squares().fold(B::EMPTY, |b, r| {
            b | rules.kind(self.state.side, kind).reverse.reach(&rules.rays, r, occ).1
        })
    }

    /// The drops of the side to move, legal or not, that `filter` asks for.
    fn pseudo_drops(&self, filter: Filter<B>, mut emit: impl FnMut(FairyMove)) {
        if !self.rules.drops || !filter.quiet || filter.from != B::FULL {
            return;
        }
        for k in 0..self.rules.kinds {
            let targets = self.drop_targets(k);
            for to in targets.squares() {
                emit(FairyMove::drop(k as u8, to.0));
            }
            if let Some(p) = self.promoted_drop(k) {
                for to in targets.squares() {
                    emit(FairyMove::new(k as u8, to.0, Some(p), Special::Drop));
                }
            }
        }
    }

    /// Whether the drop `mv` (of a piece in hand, on an empty square of its region) is legal:
    /// it leaves no royal piece of ours attacked (a drop can only block a check, except where it
    /// makes a hopper's hurdle), and gives no check where drops may not.
    fn drop_is_legal(&self, mv: FairyMove) -> bool {
        let rules: &Rules<B> = &self.rules;
        if !rules.drop_checks && crate::game::GameRules::gives_check(self, mv) {
            return false;
        }
        if rules.opposite_colored != 0 && !self.colors_stay_even(mv) {
            return false;
        }
        let safe = if self.plain_legality() {
            let us = self.state.side;
            let after = self.occupied() | B::square(Square(mv.to()));
            self.royals(us)
                .squares()
                .all(|r| !self.royal_attacked(r, us, after, B::EMPTY))
        } else {
            self.legal_by_playing(mv)
        };
        safe && !self.drop_mates_illegally(mv)
    }

    /// `drop_opposite_colored` (placement's bishops): after the drop `mv`, each listed kind can
    /// still end up split evenly between light and dark squares. A piece of such a kind may not
    /// go on a colour that already holds its half; any other drop must leave enough free squares
    /// of each colour in the kind's drop region (Fairy-Stockfish's `legal`).
    fn colors_stay_even(&self, mv: FairyMove) -> bool {
        let rules: &Rules<B> = &self.rules;
        let us = self.state.side.index();
        let to = Square(mv.to());
        let dropped = mv.dropped().map(usize::from);
        let dark = rules.dark_squares;
        let mut kinds = rules.opposite_colored;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let own = self.by_kind[k] & self.state.by_color[us];
            let total = own.count() + u32::from(self.state.hand[us][k]);
            if dropped == Some(k) {
                let same = if dark.has(to) { dark } else { !dark };
                if (own & same).count() + 1 > total.div_ceil(2) {
                    return false;
                }
            } else {
                let free = rules.drop_region[us][k] & !self.occupied() & !B::square(to);
                let room = own | free;
                if (room & dark).count() < total / 2 || (room & !dark).count() < total / 2 {
                    return false;
                }
            }
        }
        true
    }

    /// The legal drops of a side that must drop (`must_drop`), to `out`: how many. Zero when it
    /// holds nothing or no drop is legal, and then it moves.
    fn forced_drops(&self, out: &mut impl FnMut(FairyMove)) -> usize {
        let mut n = 0;
        if self.rules.must_drop && self.state.hand[self.state.side.index()].iter().any(|&c| c > 0) {
            self.pseudo_drops(Filter::all(), |mv| {
                if self.drop_is_legal(mv) {
                    n += 1;
                    out(mv);
                }
            });
        }
        n
    }

    /// Sittuyin's promotions (`sittuyin_promotion`) of our pawns that `filter` asks for, legal
    /// or not: a pawn of the zone (any, for a side's last pawn) becomes a promotion piece on its
    /// square or on an empty square that piece could move to, where it attacks no enemy piece,
    /// within the promotion limits (Fairy-Stockfish's `generate_pawn_moves`).
    fn sittuyin_promotions(&self, filter: Filter<B>, mut emit: impl FnMut(FairyMove)) {
        let rules: &Rules<B> = &self.rules;
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
                pawns &= rules.promotion_zone[us.index()];
            }
            for from in (pawns & filter.from).squares() {
                let without = occ & !B::square(from);
                for &p in &rules.promotion_kinds[us.index()] {
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

    /// Whether `mv` is a drop of a kind that may not mate (`drop_mate_illegal`: shogi's
    /// uchifuzume) that mates: it checks, and the opponent has no legal reply (a defender
    /// pinned to its king cannot take the piece, the generator knows).
    fn drop_mates_illegally(&self, mv: FairyMove) -> bool {
        let rules: &Rules<B> = &self.rules;
        let Some(kind) = mv.dropped() else { return false };
        if rules.drop_mate_illegal >> kind & 1 == 0
            || mv.promotion().is_some()
            || !self.check_squares(usize::from(kind)).has(Square(mv.to()))
        {
            return false;
        }
        let mut next = self.clone();
        next.play_unchecked(mv, &mut crate::game::Dirty::default());
        !next.state.checkers.is_empty() && next.count_moves() == 0
    }

    /// For our piece on `from`, where a pin by a rider to our only royal piece is the only way
    /// its move could expose it (no hoppers or lame leapers on the enemy's side): the line from
    /// the royal piece through it up to the pinning piece, which its legal moves keep to (in
    /// check, intersected with the evasions as every other piece's). `None`: test its moves
    /// one by one.
    fn pin_line_of(&self, from: Square, royals: B, sensitive: Sensitive<B>) -> Option<B> {
        let rules: &Rules<B> = &self.rules;
        let them = !self.state.side;
        if sensitive.from == B::FULL || royals.is_empty() || royals.more_than_one() || !rules.plain_checks[them.index()]
        {
            return None;
        }
        let r = royals.lsb();
        let ray = rules.pin_ray(them, r, from)?;
        // Up to the pinning piece: a leaper could jump past it.
        let beyond = ray.full[from.index()] & self.occupied();
        if beyond.is_empty() {
            return None;
        }
        let pinner = ray.first(beyond);
        Some(ray.between(r, pinner) | B::square(pinner))
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
        let rules: &Rules<B> = &self.rules;
        let is_pawn = rules.is_pawn(kind);
        let mut targets = targets;
        // A counting sink takes a pawn's chess-style promotions set-wise where nothing limits
        // them (no promotion limits, no `+` form) and no test is needed: each choice to every
        // target of the zone, and the move without promotion where it is allowed and leaves
        // the pawn a move (what `emit_with_promotions` gives one target at a time).
        if S::ORDERLESS && is_pawn && rules.promotion_limits.is_empty() && rules.promoted_form(kind).is_none() {
            let us = self.state.side;
            let t = rules.kind(us, kind);
            let zone = targets & t.promo_zone & !sensitive.to;
            targets &= !zone;
            if !zone.is_empty() {
                for &p in &rules.promotion_kinds[us.index()] {
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

    /// The moves of our piece of `kind` from `from` to `to`: with each promotion choice in the
    /// zone (chess-style for pawns; shogi-style, or Kyoto's demotion, for kinds with a `+`
    /// form), and without one where that is allowed and the piece could still move afterwards.
    fn emit_with_promotions(
        &self,
        kind: usize,
        is_pawn: bool,
        from: Square,
        to: Square,
        special: Special,
        emit: &mut impl FnMut(FairyMove),
    ) {
        let rules: &Rules<B> = &self.rules;
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
                None => rules.base_of(kind).filter(|_| rules.piece_demotion),
            };
            if let Some(p) = changed
                && !self.promotion_limited(p)
            {
                emit(FairyMove::new(from.0, to.0, Some(p), special));
            }
            if movable && (!rules.piece_promotion_mandatory || changed.is_none()) {
                emit(FairyMove::new(from.0, to.0, None, special));
            }
            return;
        }
        if !zone.has(to) {
            emit(FairyMove::new(from.0, to.0, None, special));
            return;
        }
        let choices = &rules.promotion_kinds[us.index()];
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
        self.rules
            .promotion_limits
            .iter()
            .any(|&(k, n)| k == p && (self.by_kind[k as usize] & own).count() >= n as u32)
    }

    /// Castling moves whose path is clear and safe (`known`: squares already tested for the
    /// king).
    fn castling_moves(&self, known: KnownSafe<B>, mut emit: impl FnMut(FairyMove)) {
        let us = self.state.side;
        let rooks = [self.state.castle[us.index() * 2], self.state.castle[us.index() * 2 + 1]];
        if rooks == [NO_SQUARE; 2] || !self.state.checkers.is_empty() {
            return;
        }
        let Some(king) = self.castle_king(us) else {
            return;
        };
        for (side, rook) in rooks.into_iter().enumerate() {
            if rook == NO_SQUARE {
                continue;
            }
            let Some(path) = self.castle_path(us, side, king, Square(rook)) else {
                continue;
            };
            if self.castle_is_possible(king, Square(rook), path, known) {
                let mv = FairyMove::new(king.0, rook, None, Special::Castle);
                self.with_gatings(mv, self.gates(), &mut emit);
            }
        }
    }

    /// Whether the castling of the king on `king` with the rook on `rook` along `path` has an
    /// empty path and, for a royal king, passes through no attacked square.
    #[inline(always)]
    fn castle_is_possible(&self, king: Square, rook: Square, path: &CastlePath<B>, known: KnownSafe<B>) -> bool {
        let occ = self.occupied();
        if !(path.empty & occ).is_empty() {
            return false;
        }
        if !self.rules.castle_king_royal {
            return true;
        }
        let us = self.state.side;
        let without_king = occ & !B::square(king);
        // A square's attackers do not depend on what stands on it: the king's own tests of its
        // targets (with the king lifted, as here) hold for the squares it passes.
        if !(path.passed & known.tested & !known.safe).is_empty()
            || (path.passed & !known.tested)
                .squares()
                .any(|sq| self.royal_attacked(sq, us, without_king, B::EMPTY))
        {
            return false;
        }
        let after = (without_king & !B::square(rook)) | B::square(path.king_to) | B::square(path.rook_to);
        !self.royal_attacked(path.king_to, us, after, B::EMPTY)
    }

    /// Whether the pseudo-legal `mv` leaves none of the mover's royal pieces attacked (and, where
    /// the variant forbids checks, gives none).
    pub(super) fn is_legal_pseudo(&self, mv: FairyMove, sensitive: Sensitive<B>) -> bool {
        let rules: &Rules<B> = &self.rules;
        let rare = rules.rare_rules;
        // S-chess: a gated move is legal when the move is; the piece gated in may not parry a
        // check the move leaves (the rules as Fairy-Stockfish's `legal` and pychess apply
        // them).
        if rare && rules.gating && mv.gate().is_some() {
            return self.is_legal_pseudo(mv.without_gate(), sensitive)
                && (rules.checking || !crate::game::GameRules::gives_check(self, mv));
        }
        // Facing royal pieces under the bikjang rule must be parted: every move is played.
        if mv.special() == Special::EnPassant
            || rules.blast_on_capture && self.is_capture(mv)
            || rare && (rules.bikjang && self.state.facing & 1 != 0 || self.duple_rule_applies(mv))
        {
            return self.legal_by_playing(mv);
        }
        if !rules.checking && self.gives_check_fast(mv) != Some(false) {
            return false;
        }
        if rare && rules.sittuyin_promotion && mv.promotion().is_some() && crate::game::GameRules::gives_check(self, mv)
        {
            return false;
        }
        if mv.special() == Special::Castle {
            return true;
        }
        if rare && rules.makpong && self.makpong_forbids(mv) {
            return false;
        }
        let us = self.state.side;
        let royals = self.royals(us);
        let from = Square(mv.from());
        let to = Square(mv.to());
        let occ = self.occupied();
        let moved = B::square(from);
        // A promotion to a pseudo-royal kind makes one more such piece: it is pseudo-royal too
        // while the count stays within the limit; past it, the kind's pieces lose their royalty
        // (Fairy-Stockfish's `legal`, counting the type before the move).
        let (created, demoted) = match (mv.promotion(), &rules.extinction) {
            (Some(p), Some(ext)) if rules.is_pseudo_royal(usize::from(p)) => {
                let own = self.by_kind[p as usize] & self.state.by_color[us.index()];
                if own.count() <= u32::from(ext.count) {
                    (B::square(to), B::EMPTY)
                } else {
                    (B::EMPTY, own)
                }
            }
            _ => (B::EMPTY, B::EMPTY),
        };
        let royals = royals & !demoted;
        if royals.is_empty() && created.is_empty() {
            return true;
        }
        let royals = if (royals & moved).is_empty() {
            // Only a sensitive move can leave a royal piece attacked.
            if created.is_empty() && (sensitive.from & moved).is_empty() && !sensitive.to.has(to) {
                return true;
            }
            royals | created
        } else {
            (royals & !moved) | B::square(to) | created
        };
        // With kinds immune to their own (janggi's cannon) who attacks depends on where those
        // pieces stand after the move: a sensitive move is played.
        if rare && rules.immune_set != 0 {
            return self.legal_by_playing(mv);
        }
        let after = (occ & !moved) | B::square(to);
        let captured = B::square(to) & self.state.by_color[(!us).index()];
        royals.squares().all(|r| !self.royal_attacked(r, us, after, captured))
    }

    /// The makpong rule: a royal piece in check may move only to take its single checker
    /// (Fairy-Stockfish's `makpongRule`).
    fn makpong_forbids(&self, mv: FairyMove) -> bool {
        let checkers = self.state.checkers;
        !checkers.is_empty()
            && self.royals(self.state.side).has(Square(mv.from()))
            && checkers != B::square(Square(mv.to()))
    }

    /// Whether the duple-check rule may judge `mv`: the side has more pieces of the extinction
    /// kinds than pseudo-royal ones, or makes one more by promotion.
    fn duple_rule_applies(&self, mv: FairyMove) -> bool {
        let rules: &Rules<B> = &self.rules;
        rules.duple_check
            && (!self.duple_pieces(self.state.side).is_empty()
                || mv.promotion().is_some_and(|p| rules.is_pseudo_royal(usize::from(p))))
    }

    /// Whether `mv` (a plain move or promotion, in a variant without explosions) attacks an enemy
    /// royal piece, directly or by discovery, computed without playing it; `None` for the moves
    /// it does not cover.
    pub(super) fn gives_check_fast(&self, mv: FairyMove) -> Option<bool> {
        let rules: &Rules<B> = &self.rules;
        // With immune kinds the board's pieces of the kind are not those after the move.
        if !matches!(mv.special(), Special::Normal | Special::DoubleStep | Special::Drop)
            || rules.blast_on_capture
            || rules.rare_rules && (mv.gate().is_some() || rules.immune_set != 0)
        {
            return None;
        }
        let us = self.state.side;
        let to = Square(mv.to());
        // Taking a piece of a pseudo-royal kind may make the opponent's last ones royal, and
        // under the duple-check rule all of them attacked is check: played instead.
        if rules.has_pseudo_royal_kinds()
            && (self.state.by_color[(!us).index()].has(to)
                && rules.is_pseudo_royal(usize::from(self.state.board[to.index()] & 31))
                || !self.duple_pieces(!us).is_empty())
        {
            return None;
        }
        let targets = self.royals(!us);
        if targets.is_empty() {
            return Some(false);
        }
        // A drop's piece comes from the hand: nothing leaves a square.
        let (moved, kind) = match mv.dropped() {
            Some(k) => (B::EMPTY, usize::from(mv.promotion().unwrap_or(k))),
            None => {
                let from = Square(mv.from());
                let kind = mv.promotion().unwrap_or(self.state.board[from.index()] & 31);
                (B::square(from), usize::from(kind))
            }
        };
        let after = (self.occupied() & !moved) | B::square(to);
        let t = rules.kind(us, kind);
        let (_, mut direct) = self.normal_targets(us, kind, to, after);
        if let Some(init) = &t.initial
            && rules.initial_region[us.index()].has(to)
        {
            direct |= init.targets(&rules.rays, to, after).1;
        }
        if !(direct & t.region & targets).is_empty() {
            return Some(true);
        }
        // Before the move no royal piece of theirs was attacked (a position with the side not
        // to move in check is refused). Where all other attacks are riders' or plain leaps
        // (no hops, lame leaps or initial captures), only a ray from a royal piece through the
        // emptied square can open: without one, the move gives no check.
        let sliders = &rules.attack_sliders[us.index()];
        if rules.leap_attack_kinds[us.index()].is_empty()
            && targets
                .squares()
                .all(|r| sliders.iter().all(|(s, _)| (s.reach(r) & moved).is_empty()))
        {
            return Some(false);
        }
        Some(targets.squares().any(|r| self.is_attacked(r, us, after, moved)))
    }

    /// Which moves of the side to move need the full legality test (see [`Sensitive`]).
    #[inline(always)]
    pub(super) fn sensitive(&self) -> Sensitive<B> {
        self.sensitive_with::<true>(self.royals(self.state.side))
    }

    /// [`Fairy::sensitive`] of the side to move's royal pieces `royals` (pseudo-royal ones
    /// included); with `RARE` false only for a variant without [`Rules::rare_rules`], whose
    /// tests are then compiled out. The caller passes `royals` so that the set-wise generator,
    /// which needs them too, reads the kinds' bitboards once.
    #[inline(always)]
    fn sensitive_with<const RARE: bool>(&self, royals: B) -> Sensitive<B> {
        let rules: &Rules<B> = &self.rules;
        let us = self.state.side;
        let them = !us;
        let own = self.state.by_color[us.index()];
        if royals.is_empty() {
            return Sensitive::NONE;
        }
        if rules.initial_captures[them.index()] || RARE && rules.bikjang && self.state.facing & 1 != 0 {
            return Sensitive::ALL;
        }
        let mut out = Sensitive::NONE;
        if !self.state.checkers.is_empty() {
            // Every move to a square that does not parry the check needs the test.
            match self.evasion_targets(royals) {
                Some(evasion) => out.to = !evasion,
                None => return Sensitive::ALL,
            }
        }
        let occ = self.occupied();
        let enemy = self.state.by_color[them.index()];
        for r in royals.squares() {
            // Riders that would attack the royal piece if our pieces were not there: only their
            // lines can hold a pin (most positions have none).
            let mut snipers = B::EMPTY;
            for &(ref slider, kinds) in &rules.attack_sliders[them.index()] {
                // Those on the royal piece's lines at all (on an empty board), before the
                // occupancy lookup.
                let candidates = self.kinds_in(kinds) & enemy & slider.reach(r);
                if !candidates.is_empty() {
                    snipers |= slider.attacks(r, enemy) & candidates;
                }
            }
            // A sniper pins the one piece (ours: it is the first enemy piece on its line)
            // between it and the royal piece, along each ray of its kind that reaches.
            let pin_rays = &rules.pin_rays[them.index()];
            for s in snipers.squares() {
                let kind = self.state.board[s.index()] & 31;
                let mut pin_along = |i: usize| {
                    let (ray, kinds) = pin_rays[i];
                    let line = &rules.rays[ray];
                    if kinds >> kind & 1 != 0 && line.limited[r.index()].has(s) {
                        let blockers = line.between(r, s) & occ;
                        if !blockers.more_than_one() {
                            out.from |= blockers & own;
                        }
                    }
                };
                match rules.pin_line[them.index()][r.index() * rules.squares + s.index()] {
                    NO_LINE => {}
                    MANY_LINES => (0..pin_rays.len()).for_each(&mut pin_along),
                    i => pin_along(usize::from(i)),
                }
            }
            // Flying general: the one piece between the two royal pieces may not leave the
            // line; where they already face each other (after an en-passant capture, which
            // Fairy-Stockfish does not test for it), every move must end it.
            for slider in rules.royal_lines.iter().filter(|_| RARE && rules.flying_general) {
                let seen = slider.attacks(r, occ);
                if !(seen & self.royals(them)).is_empty() {
                    return Sensitive::ALL;
                }
                for k in (self.royals(them) & slider.reach(r)).squares() {
                    out.from |= seen & slider.attacks(k, occ) & own;
                }
            }
            for &k in &rules.blockable_kinds[them.index()] {
                let pieces = self.by_kind[k] & enemy;
                if pieces.is_empty() {
                    continue;
                }
                let t = &rules.kind(them, k).reverse;
                // A hopper's line changes with any piece arriving or leaving: moves from or to
                // it are tested, on the lines where such a piece of theirs stands (our move
                // brings none there).
                for &(ray, _, _) in &t.hoppers {
                    let line = rules.rays[ray].full[r.index()];
                    if !(line & pieces).is_empty() {
                        out.from |= line;
                        out.to |= line;
                    }
                }
                for &ray in &t.reverse_grass {
                    let line = rules.rays[ray].full[r.index()];
                    if !(line & pieces).is_empty() {
                        out.from |= line;
                        out.to |= line;
                    }
                }
                for &(origin, path, _, _) in t.lame.at(r) {
                    if pieces.has(origin) {
                        out.from |= path & own;
                    }
                }
                // A screened hop changes with any piece arriving on or leaving its path.
                for &(origin, path, _, _) in t.screened.at(r) {
                    if pieces.has(origin) {
                        out.from |= path;
                        out.to |= path;
                    }
                }
            }
        }
        out
    }

    /// In check, the squares a move of a piece other than the royal one must reach to parry it
    /// (the checker's, and those between it and the royal piece along the checking line):
    /// empty in double check. `None` where it is not that simple: other legality rules, several
    /// royal pieces, checks by hoppers, lame leapers or initial captures, or a checker on more
    /// than one line to the royal piece.
    #[cold]
    #[inline(never)]
    fn evasion_targets(&self, royals: B) -> Option<B> {
        let rules: &Rules<B> = &self.rules;
        let them = !self.state.side;
        if !self.plain_legality() || royals.more_than_one() || !rules.plain_checks[them.index()] {
            return None;
        }
        let checkers = self.state.checkers;
        if checkers.more_than_one() {
            // One move cannot take or block two checkers (one standing on the other's line
            // would block it).
            return Some(B::EMPTY);
        }
        let (r, c) = (royals.lsb(), checkers.lsb());
        let kind = usize::from(self.state.board[c.index()] & 31);
        if rules.kind(them, kind).normal.leap_capture[c.index()].has(r) {
            // A leap cannot be blocked.
            return Some(checkers);
        }
        let line = rules.pin_ray(them, r, c)?;
        Some(checkers | line.between(r, c))
    }

    /// The legality test by playing the move on a copy: for en passant and for variants where
    /// giving check is illegal.
    fn legal_by_playing(&self, mv: FairyMove) -> bool {
        let mut next = self.clone();
        next.play_unchecked(mv, &mut crate::game::Dirty::default());
        let us = self.state.side;
        // Bikjang: royal pieces facing each other must be parted (or the move passed).
        if self.rules.bikjang && self.state.facing & 1 != 0 && next.state.facing & 1 != 0 {
            return false;
        }
        if self.rules.extinction.is_some() {
            // Blowing up one's own last royal piece is never legal; blowing up the enemy's wins.
            if next.extinct(us) && self.rules.blast_on_capture {
                return false;
            }
            if next.extinct(!us) {
                return true;
            }
        }
        // Fairy-Stockfish tests an en-passant capture for attacks only, not for facing royal
        // pieces (its empire variant): the opponent must then end the facing.
        let en_passant = mv.special() == Special::EnPassant;
        let occ = next.occupied();
        if !next.duple_checkers(us, occ).is_empty() {
            return false;
        }
        let safe = next.royals(us).squares().all(|r| {
            if en_passant {
                !next.royal_attacked_by_pieces(r, us, occ, B::EMPTY)
            } else {
                !next.royal_attacked(r, us, occ, B::EMPTY)
            }
        });
        safe && (self.rules.checking || next.state.checkers.is_empty())
    }

    /// Whether a rule has already ended the game (extinction, flag, last check): as in
    /// Fairy-Stockfish, such a position has no moves.
    fn ended(&self) -> bool {
        self.rules.ends_by_rule && crate::game::GameRules::outcome(self).is_some()
    }

    /// The pass, where the variant allows one and it is legal: not in check, except that a
    /// side facing the enemy's royal piece under the bikjang rule may always pass
    /// (Fairy-Stockfish's `legal`).
    fn pass_move(&self) -> Option<FairyMove> {
        let rules: &Rules<B> = &self.rules;
        let royals = self.royals(self.state.side);
        if !rules.pass || royals.is_empty() {
            return None;
        }
        let legal = self.state.checkers.is_empty() || rules.bikjang && self.state.facing & 1 != 0;
        legal.then(|| FairyMove::pass(royals.lsb().0))
    }

    /// Every legal move `filter` asks for, before the variant's compulsory-capture filter.
    pub(super) fn legal_moves(&self, filter: Filter<B>, out: &mut impl FnMut(FairyMove)) {
        if self.rules.must_drop {
            // Drops are quiet moves of no piece on the board: listed where the filter asks for
            // them, only counted otherwise.
            let n = if filter.quiet && filter.from == B::FULL {
                self.forced_drops(out)
            } else {
                self.forced_drops(&mut |_| {})
            };
            if n > 0 {
                return;
            }
        }
        if self.set_wise_generation() {
            self.set_wise_moves(filter, &mut Lister(out));
            return;
        }
        let sensitive = self.sensitive();
        self.pseudo_moves(filter, |mv| {
            if self.is_legal_pseudo(mv, sensitive) {
                out(mv);
            }
        });
        if self.rules.sittuyin_promotion {
            self.sittuyin_promotions(filter, |mv| {
                if self.is_legal_pseudo(mv, sensitive) {
                    out(mv);
                }
            });
        }
        if filter.quiet {
            self.castling_moves(KnownSafe::NONE, |mv| {
                if filter.from.has(Square(mv.from())) && (self.rules.checking || self.legal_by_playing(mv)) {
                    out(mv);
                }
            });
            if let Some(mv) = self.pass_move().filter(|m| filter.from.has(Square(m.from()))) {
                out(mv);
            }
        }
        self.pseudo_drops(filter, |mv| {
            if self.drop_is_legal(mv) {
                out(mv);
            }
        });
    }

    /// Whether the side to move has a legal capture (compulsory-capture variants).
    fn has_legal_capture(&self) -> bool {
        let mut found = false;
        self.legal_moves(Filter::captures(), &mut |_| found = true);
        found
    }

    /// Whether `mv` takes a piece (en passant included).
    #[inline]
    pub(super) fn is_capture(&self, mv: FairyMove) -> bool {
        captures(mv, self.state.by_color[(!self.state.side).index()])
    }

    /// Whether `mv` is tactical: a capture or a promotion on the board (a drop in promoted
    /// form is quiet).
    #[inline]
    pub(super) fn is_tactical_move(&self, mv: FairyMove) -> bool {
        self.is_capture(mv) || mv.promotes_on_board()
    }

    /// Appends the legal moves of `kind` to `out` (which must be empty).
    pub(super) fn generate_into<L: MoveList<FairyMove>>(&self, kind: GenKind, out: &mut L) {
        if self.ended() {
            return;
        }
        let must_capture = self.rules.must_capture;
        let filter = match kind {
            GenKind::All => Filter::all(),
            GenKind::Tactical => Filter::tactical(),
            GenKind::Quiet => {
                if must_capture && self.has_legal_capture() {
                    return;
                }
                Filter::quiet()
            }
        };
        self.legal_moves(filter, &mut |mv| out.push(mv));
        if must_capture && kind != GenKind::Quiet && out.iter().any(|&m| self.is_capture(m)) {
            out.retain(|m| self.is_capture(*m));
        }
        if kind != GenKind::All {
            let tactical = kind == GenKind::Tactical;
            out.retain(|m| self.is_tactical_move(*m) == tactical);
        }
    }

    /// Whether `mv` (from any source) is legal here, generating only the moving piece's moves.
    pub(super) fn is_legal_move(&self, mv: FairyMove) -> bool {
        if !mv.is_canonical() {
            return false;
        }
        if let Some(kind) = mv.dropped() {
            let k = usize::from(kind);
            return self.rules.drops
                && k < self.rules.kinds
                && usize::from(mv.to()) < self.rules.squares
                && (mv.promotion().is_none() || mv.promotion() == self.promoted_drop(k))
                && self.drop_targets(k).has(Square(mv.to()))
                && !self.ended()
                && self.drop_is_legal(mv)
                && (!self.rules.must_capture || !self.has_legal_capture());
        }
        let from = Square(mv.from());
        if mv.0 == 0
            || from.index() >= self.rules.squares
            || mv.to() as usize >= self.rules.squares
            || !self.state.by_color[self.state.side.index()].has(from)
            || self.ended()
        {
            return false;
        }
        let mut found = false;
        self.legal_moves(Filter::from(B::square(from)), &mut |m| found |= m == mv);
        found && (!self.rules.must_capture || self.is_capture(mv) || !self.has_legal_capture())
    }

    /// Whether a pseudo-legal move is legal exactly when it leaves no royal piece attacked
    /// (checks allowed, no explosions, no pseudo-royal pieces that a promotion could add).
    #[inline(always)]
    fn plain_legality(&self) -> bool {
        self.rules.plain_legality
    }

    /// Whether [`Fairy::plain_legal_moves`] generates the legal moves ([`Rules::set_wise`]):
    /// where checks are allowed, nothing explodes and no promotion adds a pseudo-royal piece.
    /// Its set-wise targets are legal for pieces that [`Fairy::sensitive`] leaves out; the
    /// others are tested one by one ([`Fairy::is_legal_pseudo`], which plays the moves that
    /// immune kinds or a bikjang make hard to judge).
    #[inline(always)]
    fn set_wise_generation(&self) -> bool {
        self.rules.set_wise
    }

    /// [`Fairy::plain_legal_moves`], compiled without the tests of rare rules for the variants
    /// that have none.
    #[inline(always)]
    fn set_wise_moves<S: Sink<B>>(&self, filter: Filter<B>, sink: &mut S) {
        if self.rules.rare_rules {
            self.plain_legal_moves::<S, true>(filter, sink);
        } else {
            self.plain_legal_moves::<S, false>(filter, sink);
        }
    }

    /// [`Fairy::count_moves`] of a compulsory-capture variant whose moves are generated
    /// set-wise: the captures if there are any, else all moves. Apart from `count_moves`, so
    /// that the other variants' count keeps one generator inlined.
    #[inline(never)]
    fn count_set_wise_with_captures(&self) -> u64 {
        let mut n = CaptureCounter {
            enemy: self.state.by_color[(!self.state.side).index()],
            all: 0,
            captures: 0,
        };
        self.set_wise_moves(Filter::all(), &mut n);
        if n.captures > 0 { n.captures } else { n.all }
    }

    /// [`Fairy::count_moves`] where moves are generated set-wise: perft's hot loop, in a
    /// function of its own so that the other ways of counting do not share its registers.
    #[inline(never)]
    fn count_set_wise(&self) -> u64 {
        let mut n = Counter(0);
        self.set_wise_moves(Filter::all(), &mut n);
        n.0
    }

    /// The number of legal moves, without building a list where the variant allows it.
    /// Inlined into perft's loop: only the generator is a call of its own.
    #[inline(always)]
    pub(super) fn count_moves(&self) -> u64 {
        if self.ended() {
            return 0;
        }
        if self.rules.must_drop {
            let n = self.forced_drops(&mut |_| {});
            if n > 0 {
                return n as u64;
            }
        }
        if self.set_wise_generation() {
            if self.rules.must_capture {
                return self.count_set_wise_with_captures();
            }
            return self.count_set_wise();
        }
        if self.rules.must_capture {
            let (mut all, mut captures) = (0u64, 0u64);
            self.legal_moves(Filter::all(), &mut |mv| {
                all += 1;
                captures += u64::from(self.is_capture(mv));
            });
            return if captures > 0 { captures } else { all };
        }
        let mut n = 0u64;
        self.legal_moves(Filter::all(), &mut |_| n += 1);
        n
    }
}

/// Where [`Fairy::plain_legal_moves`] puts the legal moves it finds.
trait Sink<B: Bitboard> {
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

/// Counts the moves (perft's bulk count).
struct Counter(u64);

impl<B: Bitboard> Sink<B> for Counter {
    const ORDERLESS: bool = true;
    #[inline(always)]
    fn targets(&mut self, targets: B, _: Special, _: impl Fn(Square) -> Square) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn promotions(&mut self, targets: B, _: u8, _: Special, _: impl Fn(Square) -> Square) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn push(&mut self, _: FairyMove) {
        self.0 += 1;
    }
}

/// Whether `mv` captures, `enemy` being the opponent's pieces: en passant, or a move other than
/// castling (king takes own rook) to one of them.
#[inline(always)]
fn captures<B: Bitboard>(mv: FairyMove, enemy: B) -> bool {
    mv.special() == Special::EnPassant || mv.special() != Special::Castle && enemy.has(Square(mv.to()))
}

/// Counts the moves and the captures among them (the bulk count of compulsory-capture variants),
/// set-wise where moves come as target sets.
struct CaptureCounter<B> {
    /// The opponent's pieces.
    enemy: B,
    all: u64,
    captures: u64,
}

impl<B: Bitboard> Sink<B> for CaptureCounter<B> {
    const ORDERLESS: bool = true;
    #[inline(always)]
    fn targets(&mut self, targets: B, special: Special, _: impl Fn(Square) -> Square) {
        // Target sets are never of castling or en passant: a target is a capture where an enemy
        // piece stands.
        debug_assert!(!matches!(special, Special::Castle | Special::EnPassant));
        self.all += u64::from(targets.count());
        self.captures += u64::from((targets & self.enemy).count());
    }
    #[inline(always)]
    fn promotions(&mut self, targets: B, _: u8, special: Special, from: impl Fn(Square) -> Square) {
        self.targets(targets, special, from);
    }
    #[inline(always)]
    fn push(&mut self, mv: FairyMove) {
        self.all += 1;
        self.captures += u64::from(captures(mv, self.enemy));
    }
}

/// Hands every move to a closure.
struct Lister<'a, F>(&'a mut F);

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

/// Which pseudo-legal moves to generate.
#[derive(Clone, Copy)]
pub(super) struct Filter<B> {
    quiet: bool,
    /// Quiet promotions (with `quiet` off).
    promotions: bool,
    capture: bool,
    /// Only moves of pieces on these squares.
    from: B,
}

impl<B: Bitboard> Filter<B> {
    pub(super) fn all() -> Filter<B> {
        Filter {
            quiet: true,
            promotions: true,
            capture: true,
            from: B::FULL,
        }
    }
    fn tactical() -> Filter<B> {
        Filter {
            quiet: false,
            ..Filter::all()
        }
    }
    fn captures() -> Filter<B> {
        Filter {
            quiet: false,
            promotions: false,
            ..Filter::all()
        }
    }
    fn quiet() -> Filter<B> {
        Filter {
            capture: false,
            ..Filter::all()
        }
    }
    fn from(from: B) -> Filter<B> {
        Filter { from, ..Filter::all() }
    }
}

/// The moves that may expose a royal piece: those of pieces on `from` squares (shielding it from
/// a rider, standing on a lame leaper's leg, or on a hopper's line) and those arriving on `to`
/// squares (a hopper's line, where a new screen arms it). In check, `to` is every square that
/// does not parry it ([`Fairy::evasion_targets`]; no hoppers then), or where that is not simple,
/// every move is sensitive.
#[derive(Clone, Copy)]
pub(super) struct Sensitive<B> {
    from: B,
    to: B,
}

impl<B: Bitboard> Sensitive<B> {
    const NONE: Sensitive<B> = Sensitive {
        from: B::EMPTY,
        to: B::EMPTY,
    };
    const ALL: Sensitive<B> = Sensitive {
        from: B::FULL,
        to: B::FULL,
    };
}

/// The targets tested for the only royal piece (a royal castling king is that piece) while
/// generating its moves, and those found safe, for castling to reuse.
#[derive(Clone, Copy)]
pub(super) struct KnownSafe<B> {
    tested: B,
    safe: B,
}

impl<B: Bitboard> KnownSafe<B> {
    const NONE: KnownSafe<B> = KnownSafe {
        tested: B::EMPTY,
        safe: B::EMPTY,
    };
}

/// A piece's pseudo-legal targets: empty squares, enemy pieces, initial multi-steps (pawns'
/// double steps, which may give an en-passant right) and en-passant targets.
struct PieceTargets<B> {
    quiet: B,
    capture: B,
    double: B,
    eps: B,
}

#[cfg(test)]
mod tests {
    use super::Fairy;
    use crate::game::fairy::FairyVariant;
    use std::sync::Arc;

    fn build(text: &str) -> Arc<FairyVariant<u64>> {
        let def =
            crate::variant::load_source(crate::variant::Source::inline("test.toml", text), "test").expect("valid");
        FairyVariant::compile(&def).expect("builds")
    }

    /// A move can open an initial lame capture of another piece: the shortcut that takes the
    /// checkers from the moved piece alone must not apply ([`Rules::plain_checks`]).
    #[test]
    fn an_opened_initial_capture_gives_check() {
        use crate::game::{Dirty, GameRules, Notation};
        let rules = build(
            "name = \"t\"\nfiles = 8\nranks = 8\nstart_fen = \"8/8/8/8/4k3/4N3/4X3/K7 w - - 0 1\"\n\
             [pieces]\nk = { betza = \"K\", royal = true }\nn = { betza = \"N\" }\nx = { betza = \"KicnD\" }",
        );
        assert!(!rules.plain_checks[0]);
        let board = Fairy::start(&rules);
        assert!(!board.in_check());
        let mv = board.parse_move("e3c4").expect("legal");
        let mut next = board.clone();
        next.play(mv, &mut Dirty::default());
        assert!(next.in_check(), "the x on e2 now takes on e4");
        assert!(board.gives_check(mv));
    }

    /// A piece on the leg of an enemy's initial lame capture shields the royal piece: its moves
    /// are tested like a pinned piece's.
    #[test]
    fn a_shield_of_an_initial_capture_is_pinned() {
        use crate::game::{GameRules, GenKind, Notation};
        let rules = build(
            "name = \"t\"\nfiles = 8\nranks = 8\nstart_fen = \"k7/4x3/4N3/4K3/8/8/8/8 w - - 0 1\"\n\
             [pieces]\nk = { betza = \"K\", royal = true }\nn = { betza = \"N\" }\nx = { betza = \"KicnD\" }",
        );
        let board = Fairy::start(&rules);
        let mut list = <Fairy<u64> as GameRules>::MoveList::default();
        board.generate(GenKind::All, &mut list);
        let moves: Vec<String> = list.iter().map(|&m| board.fmt_move(m)).collect();
        assert!(moves.iter().all(|m| !m.starts_with("e6")), "{moves:?}");
        assert_eq!(board.count_legal(), list.len() as u64);
    }

    /// Initial captures by riding count as attacks: a royal piece on the line is in check.
    #[test]
    fn an_initial_rider_capture_gives_check() {
        use crate::game::{GameRules, GenKind, Notation};
        let rules = build(
            "name = \"t\"\nfiles = 8\nranks = 8\nstart_fen = \"k7/4y3/8/8/8/8/4K3/8 w - - 0 1\"\n\
             [pieces]\nk = { betza = \"K\", royal = true }\ny = { betza = \"KicR\" }",
        );
        let board = Fairy::start(&rules);
        assert!(board.in_check());
        let mut list = <Fairy<u64> as GameRules>::MoveList::default();
        board.generate(GenKind::All, &mut list);
        let moves: Vec<String> = list.iter().map(|&m| board.fmt_move(m)).collect();
        assert!(!moves.contains(&"e2e3".to_string()), "{moves:?}");
        assert_eq!(board.count_legal(), list.len() as u64);
    }
}
