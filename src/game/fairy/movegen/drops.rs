//! Drops of pieces in hand: where a kind may be dropped (its region, empty squares, the limit
//! per file, the enclosing rules of ataxx and reversi), drops in promoted form, their legality
//! (blocking a check, no check where drops may not give one, `drop_opposite_colored`, no mate
//! by a kind that may not mate: shogi's uchifuzume), the forced drops of `must_drop`, and the
//! set-wise generator's drops.

use super::Filter;
use super::legality::Sensitive;
use super::setwise::Sink;
use crate::core::{Bitboard, Color, Square};
use crate::game::fairy::{Fairy, FairyMove, Special};
use crate::variant::Enclosing;

impl<B: Bitboard> Fairy<B> {
    /// Where the side to move may drop a piece of `kind` (of its region, the empty squares, no
    /// file already holding as many of the kind as `no_doubled_count` allows), legal or not:
    /// none without one in hand.
    #[inline]
    pub(super) fn drop_targets(&self, kind: usize) -> B {
        let us = self.state.side.index();
        if self.state.hand[us][kind] == 0 {
            return B::EMPTY;
        }
        let rules = &self.variant.rules;
        let mut targets = rules.drops.region[us][kind] & !self.occupied();
        if let Some(rule) = rules.drops.enclosing {
            targets = self.enclosing_targets(rule, targets);
        }
        if rules.drops.no_doubled >> kind & 1 != 0 {
            let own = self.by_kind[kind] & self.state.by_color[us];
            for file in &rules.drops.file_masks {
                if (own & *file).count() >= u32::from(rules.drops.no_doubled_count) {
                    targets &= !*file;
                }
            }
        }
        targets
    }

    /// Of the empty squares `targets`, those an enclosing rule lets the side to move drop on:
    /// while a square of `enclosing_start` is empty, those squares; else next to one of its
    /// pieces (ataxx), or where the drop encloses a line of enemy pieces (reversi).
    #[inline(never)]
    fn enclosing_targets(&self, rule: Enclosing, targets: B) -> B {
        let rules = &self.variant.rules;
        let start = rules.drops.enclosing_start & !self.occupied();
        if !start.is_empty() {
            return targets & start;
        }
        let us = self.state.side;
        let around = |pieces: B| pieces.squares().fold(B::EMPTY, |b, s| b | rules.ring[s.index()]);
        match rule {
            Enclosing::Ataxx => targets & around(self.state.by_color[us.index()]),
            Enclosing::Reversi => (targets & around(self.state.by_color[(!us).index()]))
                .squares()
                .filter(|&s| !self.enclosed_lines(s, us).is_empty())
                .fold(B::EMPTY, |b, s| b | B::square(s)),
        }
    }

    /// The enemy pieces a piece of `us` on `sq` encloses along queen lines: on each line from
    /// `sq`, a run of them ended by a piece of `us` (an empty square or a wall ends it unclosed).
    pub(in crate::game::fairy) fn enclosed_lines(&self, sq: Square, us: Color) -> B {
        let rules = &self.variant.rules;
        let (own, enemy) = (self.state.by_color[us.index()], self.state.by_color[(!us).index()]);
        let (files, ranks) = (i32::from(rules.files), i32::from(rules.ranks));
        let (f0, r0) = rules.coords[sq.index()];
        let mut out = B::EMPTY;
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (mut f, mut r) = (i32::from(f0) + df, i32::from(r0) + dr);
            let mut run = B::EMPTY;
            while (0..files).contains(&f) && (0..ranks).contains(&r) {
                let s = Square::new(f as u8, r as u8, rules.files);
                if !enemy.has(s) {
                    if own.has(s) {
                        out |= run;
                    }
                    break;
                }
                run |= B::square(s);
                f += df;
                r += dr;
            }
        }
        out
    }

    /// The promoted form a piece of `kind` may also be dropped as (`drop_promoted`).
    #[inline]
    pub(super) fn promoted_drop(&self, kind: usize) -> Option<u8> {
        let rules = &self.variant.rules;
        rules.drops.promoted.then(|| rules.promoted_form(kind)).flatten()
    }

    /// The squares where a piece of our `kind` would attack an enemy royal piece.
    fn check_squares(&self, kind: usize) -> B {
        let rules = &self.variant.rules;
        let occ = self.occupied();
        self.royals(!self.state.side).squares().fold(B::EMPTY, |b, r| {
            b | rules.kind(self.state.side, kind).reverse.reach(&rules.rays, r, occ).1
        })
    }

    /// The drops of the side to move, legal or not, that `filter` asks for.
    pub(super) fn pseudo_drops(&self, filter: Filter<B>, mut emit: impl FnMut(FairyMove)) {
        if !self.rules().drops.allowed || !filter.quiet || filter.from != B::FULL {
            return;
        }
        for k in 0..self.rules().kinds {
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
    pub(super) fn drop_is_legal(&self, mv: FairyMove) -> bool {
        let rules = &self.variant.rules;
        if !rules.drops.checks && crate::game::GameRules::gives_check(self, mv) {
            return false;
        }
        if rules.drops.opposite_colored != 0 && !self.colors_stay_even(mv) {
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
        let rules = &self.variant.rules;
        let us = self.state.side.index();
        let to = Square(mv.to());
        let dropped = mv.dropped().map(usize::from);
        let dark = rules.drops.dark_squares;
        let mut kinds = rules.drops.opposite_colored;
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
                let free = rules.drops.region[us][k] & !self.occupied() & !B::square(to);
                let room = own | free;
                if (room & dark).count() < total / 2 || (room & !dark).count() < total / 2 {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `mv` is a drop of a kind that may not mate (`drop_mate_illegal`: shogi's
    /// uchifuzume) that mates: it checks, and the opponent has no legal reply (a defender
    /// pinned to its king cannot take the piece, the generator knows).
    fn drop_mates_illegally(&self, mv: FairyMove) -> bool {
        let rules = &self.variant.rules;
        let Some(kind) = mv.dropped() else { return false };
        if rules.drops.mate_illegal >> kind & 1 == 0
            || mv.promotion().is_some()
            || !self.check_squares(usize::from(kind)).has(Square(mv.to()))
        {
            return false;
        }
        let mut next = self.clone();
        next.play_unchecked(mv, &mut crate::game::Dirty::default());
        !next.state.checkers.is_empty() && next.count_moves() == 0
    }

    /// The legal drops of a side that must drop (`must_drop`), to `out`: how many. Zero when it
    /// holds nothing or no drop is legal, and then it moves.
    pub(super) fn forced_drops(&self, out: &mut impl FnMut(FairyMove)) -> usize {
        let mut n = 0;
        if self.rules().drops.must_drop && self.state.hand[self.state.side.index()].iter().any(|&c| c > 0) {
            self.pseudo_drops(Filter::all(), |mv| {
                if self.drop_is_legal(mv) {
                    n += 1;
                    out(mv);
                }
            });
        }
        n
    }

    /// The legal drops, into the set-wise generator's `sink` (`sensitive` as
    /// [`Fairy::sensitive`]): as target sets where no test is needed.
    #[inline(always)]
    pub(super) fn set_wise_drops<S: Sink<B>>(&self, sensitive: Sensitive<B>, sink: &mut S) {
        let rules = &self.variant.rules;
        // A drop only adds a piece: it is legal unless it lands where a piece arriving
        // matters (in check, off the evasions; a hopper's line), or may not check.
        let tested = if rules.drops.checks { sensitive.to } else { B::FULL };
        for k in 0..rules.kinds {
            let targets = self.drop_targets(k);
            if targets.is_empty() {
                continue;
            }
            // A drop that may not mate is tested where it checks.
            let tested = if rules.drops.mate_illegal >> k & 1 != 0 {
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
