//! Attacks for the fairy interpreter: which pieces capture on a square (slider lookups for
//! riders, reversed tables for leapers, hoppers and initial captures, regions respected), the
//! squares a side captures on, and the royal pieces they threaten.

use super::Fairy;
use crate::core::{Bitboard, Color, Square};
use crate::game::fairy::tables::KindsAlong;
use crate::game::fairy::tables::lookup::shift;

impl<B: Bitboard> Fairy<B> {
    /// The pieces of `by` that capture on `sq` with occupancy `occ`, ignoring pieces in
    /// `exclude` (a piece just captured).
    pub(super) fn attackers_to(&self, sq: Square, by: Color, occ: B, exclude: B) -> B {
        self.attackers::<false>(sq, by, occ, exclude)
    }

    /// Whether a piece of `by` captures on `sq` (as [`Fairy::attackers_to`], stopping at the
    /// first attacker found).
    pub(super) fn is_attacked(&self, sq: Square, by: Color, occ: B, exclude: B) -> bool {
        !self.attackers::<true>(sq, by, occ, exclude).is_empty()
    }

    /// The attackers of `sq`; with `ANY`, some of them (none only if there are none): the
    /// answer comes back as soon as one is found.
    #[inline(always)]
    fn attackers<const ANY: bool>(&self, sq: Square, by: Color, occ: B, exclude: B) -> B {
        let rules = &self.variant.rules;
        let own = self.state.by_color[by.index()] & !exclude;
        let mut a = B::EMPTY;
        let leaps = &rules.plain_leap_attacks[by.index()];
        let row = sq.index() * leaps.kinds.len();
        for (&k, &from) in leaps.kinds.iter().zip(&leaps.table[row..row + leaps.kinds.len()]) {
            a |= from & self.by_kind[k] & own;
        }
        if ANY && !a.is_empty() {
            return a;
        }
        let regional = rules.regional_kinds[by.index()];
        for &KindsAlong { ref slider, kinds } in &rules.attack_sliders[by.index()] {
            let hits = slider.attacks(sq, occ) & own;
            if hits.is_empty() {
                continue;
            }
            a |= hits & self.kinds_in(kinds & !regional);
            if kinds & regional != 0 {
                a |= self.regional_hits(sq, by, hits, kinds & regional);
            }
            if ANY && !a.is_empty() {
                return a;
            }
        }
        if !rules.leap_attack_kinds[by.index()].is_empty() {
            a |= self.other_attackers(sq, by, occ, own);
        }
        a
    }

    /// Of `hits`, the pieces of `by` of the kinds in `kinds` (confined to regions) whose region
    /// holds `sq`.
    #[inline(never)]
    fn regional_hits(&self, sq: Square, by: Color, hits: B, mut kinds: u32) -> B {
        let mut a = B::EMPTY;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            if self.rules().kind(by, kind).region.has(sq) {
                a |= hits & self.by_kind[kind];
            }
        }
        a
    }

    /// The attackers of `sq` among `own` (`by`'s pieces) of the kinds that capture otherwise
    /// than by plain leaps and rides ([`Rules::leap_attack_kinds`](crate::game::fairy::tables::Rules::leap_attack_kinds): lame leaps, hops, initial
    /// captures, regions).
    #[inline(never)]
    fn other_attackers(&self, sq: Square, by: Color, occ: B, own: B) -> B {
        let rules = &self.variant.rules;
        let mut a = B::EMPTY;
        for &k in &rules.leap_attack_kinds[by.index()] {
            let pieces = self.by_kind[k] & own;
            if pieces.is_empty() {
                continue;
            }
            let t = rules.kind(by, k);
            if !t.region.has(sq) {
                continue;
            }
            let mut hit = t.reverse.attackers(&rules.rays, sq, occ) & pieces;
            if rules.immune_set >> k & 1 != 0 {
                // Each candidate checked forward: its hurdle and its victim may not be of its kind.
                for s in hit.squares() {
                    if !self.normal_reach(by, k, s, occ).1.has(sq) {
                        hit &= !B::square(s);
                    }
                }
            }
            a |= hit;
            if let Some(init) = &t.reverse_initial {
                let mut hit = init.attackers(&rules.rays, sq, occ);
                for m in &init.sliders {
                    hit |= m.slider.attacks(sq, occ);
                }
                a |= hit & pieces & self.initial_squares(by);
            }
        }
        a
    }

    /// What `color`'s piece of kind `k` on `sq` reaches by its normal moves with occupancy
    /// `occ` (as [`MoveTable::reach`](super::tables::movetable::MoveTable::reach): quiet, capture), where a kind immune to
    /// its own (janggi's cannon) neither hops over nor captures one: the hop seen with those
    /// pieces lifted must land where the real one does (Fairy-Stockfish's test).
    #[inline(always)]
    pub(super) fn normal_reach(&self, color: Color, k: usize, sq: Square, occ: B) -> (B, B) {
        let rules = &self.variant.rules;
        let t = &rules.kind(color, k).normal;
        let (quiet, capture) = t.reach(&rules.rays, sq, occ);
        if rules.immune_set >> k & 1 == 0 {
            return (quiet, capture);
        }
        let same = self.by_kind[k];
        let (q, c) = t.reach(&rules.rays, sq, occ & !same);
        (quiet & q & !same, capture & c & !same)
    }

    /// Where `color`'s piece of kind `k` on `sq` captures by its normal moves with occupancy
    /// `occ`, within its region.
    #[inline]
    pub(super) fn capture_reach(&self, color: Color, k: usize, sq: Square, occ: B) -> B {
        self.normal_reach(color, k, sq, occ).1 & self.rules().kind(color, k).region
    }

    /// The squares `by`'s pieces capture on, whatever stands there: the union of
    /// [`Fairy::attackers_to`] over the board, found forward, kind by kind. Leaping kinds with
    /// several pieces move them all at once ([`SetLeap`](super::tables::movetable::SetLeap));
    /// the others are read piece by piece, initial captures from the initial squares included.
    pub(super) fn attacked_squares(&self, by: Color) -> B {
        let rules = &self.variant.rules;
        let (occ, own, initial) = (
            self.occupied(),
            self.state.by_color[by.index()],
            self.initial_squares(by),
        );
        let mut out = B::EMPTY;
        for k in 0..rules.kinds {
            let pieces = self.by_kind[k] & own;
            if pieces.is_empty() {
                continue;
            }
            let t = rules.kind(by, k);
            if let Some(leaps) = &t.set_leaps
                && pieces.more_than_one()
                && rules.immune_set >> k & 1 == 0
            {
                for leap in leaps {
                    out |= shift(leap.origins(pieces, occ, initial).2, leap.shift) & t.region;
                }
                continue;
            }
            for sq in pieces.squares() {
                out |= self.capture_reach(by, k, sq, occ);
                if let Some(init) = &t.initial
                    && initial.has(sq)
                {
                    out |= init.reach(&rules.rays, sq, occ).1 & t.region;
                }
            }
        }
        out
    }

    /// [`Fairy::normal_reach`] cut to the empty squares (quiet) and the occupied ones (capture).
    #[inline(always)]
    pub(super) fn normal_targets(&self, color: Color, k: usize, sq: Square, occ: B) -> (B, B) {
        let (quiet, capture) = self.normal_reach(color, k, sq, occ);
        (quiet & !occ, capture & occ)
    }

    /// Whether the side to move's royal piece sees an enemy royal piece along an open file or
    /// rank (janggi's bikjang).
    pub(super) fn kings_face(&self) -> bool {
        let occ = self.occupied();
        self.royals(self.state.side)
            .squares()
            .any(|r| self.sees_royal(r, self.state.side, occ, B::EMPTY))
    }

    /// Whether `color`'s royal piece on `sq` sees an enemy royal piece (not in `exclude`) along
    /// [`Rules::royal_lines`](crate::game::fairy::tables::Rules::royal_lines) with occupancy `occ`: facing kings, whatever the rule makes of it.
    #[inline]
    fn sees_royal(&self, sq: Square, color: Color, occ: B, exclude: B) -> bool {
        let theirs = self.royals(!color) & !exclude;
        self.rules()
            .royal_lines
            .iter()
            .any(|s| !(s.attacks(sq, occ) & theirs).is_empty())
    }

    /// The pieces of the kinds in the bit mask `kinds`, of both colors.
    #[inline(always)]
    pub(super) fn kinds_in(&self, mut kinds: u32) -> B {
        let mut out = B::EMPTY;
        while kinds != 0 {
            out |= self.by_kind[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        out
    }

    /// Squares of `color`'s royal pieces, pseudo-royal ones included: with
    /// `extinction_pseudo_royal`, every piece of an extinction kind while `color` has at most
    /// `extinction_piece_count + 1` of them (Fairy-Stockfish's `pseudoRoyals`).
    #[inline(always)]
    pub(super) fn royals(&self, color: Color) -> B {
        let own = self.state.by_color[color.index()];
        let mut r = self.royal_pieces(color);
        if let Some(ext) = &self.rules().end.extinction
            && ext.pseudo_royal
        {
            for &k in ext.kinds.as_deref().unwrap_or(&[]) {
                let pieces = self.by_kind[k as usize] & own;
                if pieces.count() <= u32::from(ext.count) + 1 {
                    r |= pieces;
                }
            }
        }
        r
    }

    /// Squares of `color`'s pieces of the royal kinds: [`Fairy::royals`] where no kind is
    /// pseudo-royal.
    #[inline(always)]
    pub(super) fn royal_pieces(&self, color: Color) -> B {
        let mut r = B::EMPTY;
        for &k in &self.rules().royal_kinds {
            r |= self.by_kind[k as usize];
        }
        r & self.state.by_color[color.index()]
    }

    /// With the duple-check rule, `color`'s pieces of the extinction kinds while they are more
    /// than its pseudo-royal pieces (all of them attacked at once is check); empty otherwise.
    #[inline]
    pub(super) fn duple_pieces(&self, color: Color) -> B {
        if !self.rules().duple_check {
            return B::EMPTY;
        }
        let Some(ext) = self.rules().end.extinction.as_ref() else {
            return B::EMPTY;
        };
        let own = self.state.by_color[color.index()];
        let pieces = ext
            .kinds
            .as_deref()
            .unwrap_or(&[])
            .iter()
            .fold(B::EMPTY, |b, &k| b | self.by_kind[k as usize] & own);
        if pieces.count() > u32::from(ext.count) + 1 {
            pieces
        } else {
            B::EMPTY
        }
    }

    /// The attackers of `color`'s duple pieces ([`Fairy::duple_pieces`]) when every one of them
    /// is attacked (occupancy `occ`), else none.
    pub(super) fn duple_checkers(&self, color: Color, occ: B) -> B {
        let pieces = self.duple_pieces(color);
        let mut checkers = B::EMPTY;
        for sq in pieces.squares() {
            let a = self.attackers_to(sq, !color, occ, B::EMPTY);
            if a.is_empty() {
                return B::EMPTY;
            }
            checkers |= a;
        }
        checkers
    }

    /// The squares from which `color`'s pieces may make their initial (`i`) moves: the
    /// initial region, or, with first-move rights, the squares whose pieces hold one.
    #[inline]
    pub(super) fn initial_squares(&self, color: Color) -> B {
        if self.rules().first_move_rights {
            self.state.rights
        } else {
            self.rules().initial_region[color.index()]
        }
    }

    /// Whether `color`'s royal piece on `sq` is attacked by `!color` with occupancy `occ`
    /// (ignoring `exclude`). In atomic variants a royal piece next to the enemy's is immune: no
    /// capture of it could spare the capturer's own.
    /// With the flying-general rule, a royal piece facing the enemy's on an open line counts
    /// as attacked.
    pub(super) fn royal_attacked(&self, sq: Square, color: Color, occ: B, exclude: B) -> bool {
        self.royal_attacked_by_pieces(sq, color, occ, exclude) || self.faces_royal(sq, color, occ, exclude)
    }

    /// [`Fairy::royal_attacked`] without the flying-general rule: attacked by a piece's capture.
    pub(super) fn royal_attacked_by_pieces(&self, sq: Square, color: Color, occ: B, exclude: B) -> bool {
        if self.rules().blast_on_capture && !(self.rules().ring[sq.index()] & self.royals(!color) & !exclude).is_empty()
        {
            return false;
        }
        self.is_attacked(sq, !color, occ, exclude)
    }

    /// Whether `color`'s royal piece on `sq` would see an enemy royal piece (not in `exclude`)
    /// along an open file or rank with occupancy `occ`, where the flying-general rule forbids it.
    #[inline]
    pub(super) fn faces_royal(&self, sq: Square, color: Color, occ: B, exclude: B) -> bool {
        self.rules().flying_general && self.sees_royal(sq, color, occ, exclude)
    }
}

#[cfg(test)]
mod tests {
    use super::Fairy;
    use crate::core::{Bitboard, Color, Square};
    use crate::game::fairy::FairyVariant;
    use crate::game::{Dirty, GameRules, GenKind, Notation};
    use std::sync::Arc;

    /// The squares `by` attacks, one by one: where [`Fairy::attackers_to`] finds an attacker.
    fn attacked_one_by_one<B: Bitboard>(board: &Fairy<B>, by: Color) -> B {
        let occ = board.occupied();
        (0..board.rules().squares)
            .map(|i| Square(i as u8))
            .filter(|&sq| !board.attackers_to(sq, by, occ, B::EMPTY).is_empty())
            .fold(B::EMPTY, |b, sq| b | B::square(sq))
    }

    /// Random games of `rules`: at every ply both colors' attacked squares, found forward,
    /// equal those found square by square with the reversed tables. Returns the plies seen.
    fn walk<B: Bitboard>(rules: &Arc<FairyVariant<B>>, seed: &mut u64) -> usize {
        let mut seen = 0;
        for _ in 0..2 {
            let mut board = Fairy::<B>::start(rules);
            for _ in 0..100 {
                for by in [Color::White, Color::Black] {
                    let fen = board.to_fen();
                    assert_eq!(
                        board.attacked_squares(by),
                        attacked_one_by_one(&board, by),
                        "{by:?}: {fen}"
                    );
                }
                seen += 1;
                let mut moves = <Fairy<B> as GameRules>::MoveList::default();
                board.generate(GenKind::All, &mut moves);
                if moves.is_empty() || board.outcome().is_some() {
                    break;
                }
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                board.play(moves[(*seed % moves.len() as u64) as usize], &mut Dirty::default());
            }
        }
        seen
    }

    #[test]
    fn attacked_squares_are_the_squares_with_attackers_in_every_variant() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for name in crate::variant::builtin_names() {
            let def = crate::variant::load(name).expect("loads");
            let seen = if def.files as usize * def.ranks as usize <= 64 {
                walk(&FairyVariant::<u64>::compile(&def).expect("builds"), &mut seed)
            } else {
                walk(&FairyVariant::<u128>::compile(&def).expect("builds"), &mut seed)
            };
            assert!(seen > 20, "{name}: only {seen} plies");
        }
    }

    /// Pieces no built-in variant has together, on a board of 80 squares: initial captures by
    /// riding and by a lame leap, a rook-cannon, a lame horse and a grasshopper beside pawns.
    #[test]
    fn attacked_squares_hold_initial_captures_hops_and_lame_leaps() {
        let pieces = [("x", "KicnD"), ("y", "KicR"), ("c", "mRcpR"), ("h", "nN"), ("g", "gQ")];
        let table: String = pieces
            .iter()
            .map(|(l, b)| format!("{l} = {{ betza = \"{b}\" }}\n"))
            .collect();
        let text = format!(
            "name = \"odd\"\ninherits = \"chess\"\nfiles = 10\nranks = 8\ncastling = false\n\
             start_fen = \"rhcqkgbxyr/pppppppppp/10/10/10/10/PPPPPPPPPP/RHCQKGBXYR w - - 0 1\"\n\
             promotion_pieces = \"qrbhcg\"\nremove_pieces = \"n\"\n[pieces]\n{table}"
        );
        let def = crate::variant::load_source(crate::variant::Source::inline("odd.toml", &text), "odd").expect("loads");
        let mut seed = 7;
        assert!(walk(&FairyVariant::<u128>::compile(&def).expect("builds"), &mut seed) > 100);
    }
}
