//! Legality: which moves may expose a royal piece ([`Sensitive`]: pins by riders, lame
//! leapers' legs, hoppers' lines, the flying general), the evasions of a simple check, a
//! pinned piece's line, the test of one pseudo-legal move by the attacks after it (or by
//! playing it, where immune kinds, explosions, bikjang or the duple-check rule make that hard
//! to judge), and whether a move gives check without playing it.

use crate::core::{Bitboard, Square};
use crate::game::fairy::tables::{KindsAlong, PinLine, PinRay};
use crate::game::fairy::{Fairy, FairyMove, Special};

impl<B: Bitboard> Fairy<B> {
    /// Whether a pseudo-legal move is legal exactly when it leaves no royal piece attacked
    /// (checks allowed, no explosions, no pseudo-royal pieces that a promotion could add).
    #[inline(always)]
    pub(super) fn plain_legality(&self) -> bool {
        self.rules().plain_legality
    }

    /// Which moves of the side to move need the full legality test (see [`Sensitive`]).
    #[inline(always)]
    pub(super) fn sensitive(&self) -> Sensitive<B> {
        self.sensitive_with::<true>(self.royals(self.state.side))
    }

    /// [`Fairy::sensitive`] of the side to move's royal pieces `royals` (pseudo-royal ones
    /// included); with `RARE` false only for a variant without [`Rules::rare_rules`](crate::game::fairy::tables::Rules::rare_rules), whose
    /// tests are then compiled out. The caller passes `royals` so that the set-wise generator,
    /// which needs them too, reads the kinds' bitboards once.
    #[inline(always)]
    pub(super) fn sensitive_with<const RARE: bool>(&self, royals: B) -> Sensitive<B> {
        let rules = &self.variant.rules;
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
            for &KindsAlong { ref slider, kinds } in &rules.attack_sliders[them.index()] {
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
                    let PinRay { ray, kinds } = pin_rays[i];
                    let line = &rules.rays[ray];
                    if kinds >> kind & 1 != 0 && line.limited[r.index()].has(s) {
                        let blockers = line.between(r, s) & occ;
                        if !blockers.more_than_one() {
                            out.from |= blockers & own;
                        }
                    }
                };
                match rules.pin_line[them.index()][r.index() * rules.squares + s.index()] {
                    PinLine::NONE => {}
                    line => match line.single() {
                        Some(i) => pin_along(i),
                        None => (0..pin_rays.len()).for_each(&mut pin_along),
                    },
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
                for m in &t.hoppers {
                    let line = rules.rays[m.ray].full[r.index()];
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
                for m in t.lame.at(r) {
                    if pieces.has(m.to) {
                        out.from |= m.path & own;
                    }
                }
                // A screened hop changes with any piece arriving on or leaving its path.
                for m in t.screened.at(r) {
                    if pieces.has(m.to) {
                        out.from |= m.path;
                        out.to |= m.path;
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
        let rules = &self.variant.rules;
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

    /// For our piece on `from`, where a pin by a rider to our only royal piece is the only way
    /// its move could expose it (no hoppers or lame leapers on the enemy's side): the line from
    /// the royal piece through it up to the pinning piece, which its legal moves keep to (in
    /// check, intersected with the evasions as every other piece's). `None`: test its moves
    /// one by one.
    pub(super) fn pin_line_of(&self, from: Square, royals: B, sensitive: Sensitive<B>) -> Option<B> {
        let rules = &self.variant.rules;
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

    /// Whether the pseudo-legal `mv` leaves none of the mover's royal pieces attacked (and, where
    /// the variant forbids checks, gives none).
    pub(super) fn is_legal_pseudo(&self, mv: FairyMove, sensitive: Sensitive<B>) -> bool {
        let rules = &self.variant.rules;
        let rare = rules.rare_rules;
        // S-chess: a gated move is legal when the move is; the piece gated in may not parry a
        // check the move leaves (the rules as Fairy-Stockfish's `legal` and pychess apply
        // them).
        if rare && rules.drops.gating && mv.gate().is_some() {
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
        if rare && rules.promotion.sittuyin && mv.promotion().is_some() && crate::game::GameRules::gives_check(self, mv)
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
        let (created, demoted) = match (mv.promotion(), &rules.end.extinction) {
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
        let rules = &self.variant.rules;
        rules.duple_check
            && (!self.duple_pieces(self.state.side).is_empty()
                || mv.promotion().is_some_and(|p| rules.is_pseudo_royal(usize::from(p))))
    }

    /// The legality test by playing the move on a copy: for en passant and for variants where
    /// giving check is illegal.
    pub(super) fn legal_by_playing(&self, mv: FairyMove) -> bool {
        let mut next = self.clone();
        next.play_unchecked(mv, &mut crate::game::Dirty::default());
        let us = self.state.side;
        // Bikjang: royal pieces facing each other must be parted (or the move passed).
        if self.rules().bikjang && self.state.facing & 1 != 0 && next.state.facing & 1 != 0 {
            return false;
        }
        if self.rules().end.extinction.is_some() {
            // Blowing up one's own last royal piece is never legal; blowing up the enemy's wins.
            if next.extinct(us) && self.rules().blast_on_capture {
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
        safe && (self.rules().checking || next.state.checkers.is_empty())
    }

    /// Whether `mv` (a plain move or promotion, in a variant without explosions) attacks an enemy
    /// royal piece, directly or by discovery, computed without playing it; `None` for the moves
    /// it does not cover.
    pub(in crate::game::fairy) fn gives_check_fast(&self, mv: FairyMove) -> Option<bool> {
        let rules = &self.variant.rules;
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
                .all(|r| sliders.iter().all(|s| (s.slider.reach(r) & moved).is_empty()))
        {
            return Some(false);
        }
        Some(targets.squares().any(|r| self.is_attacked(r, us, after, moved)))
    }
}

/// The moves that may expose a royal piece: those of pieces on `from` squares (shielding it from
/// a rider, standing on a lame leaper's leg, or on a hopper's line) and those arriving on `to`
/// squares (a hopper's line, where a new screen arms it). In check, `to` is every square that
/// does not parry it ([`Fairy::evasion_targets`]; no hoppers then), or where that is not simple,
/// every move is sensitive.
#[derive(Clone, Copy)]
pub(super) struct Sensitive<B> {
    pub(super) from: B,
    pub(super) to: B,
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
    /// checkers from the moved piece alone must not apply (`Rules::plain_checks`).
    #[test]
    fn an_opened_initial_capture_gives_check() {
        use crate::game::{Dirty, GameRules, Notation};
        let rules = build(
            "name = \"t\"\nfiles = 8\nranks = 8\nstart_fen = \"8/8/8/8/4k3/4N3/4X3/K7 w - - 0 1\"\n\
             [pieces]\nk = { betza = \"K\", royal = true }\nn = { betza = \"N\" }\nx = { betza = \"KicnD\" }",
        );
        assert!(!rules.rules().plain_checks[0]);
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
