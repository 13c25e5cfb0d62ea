//! The Asian Xiangqi Federation's chasing rules (Fairy-Stockfish's `chasingRule = axf`, after its
//! `Position::chased`): which of the opponent's pieces a move chases (attacks anew while they
//! are unprotected, or attacks a stronger piece, directly or by discovery, or by pinning their
//! protector), and which side chased through a repetition cycle. Computed only when a
//! repetition is found, from the positions of the cycle: nothing is kept per move.

use super::Fairy;
use crate::core::{Bitboard, Color, Square};
use crate::game::GameRules;
use crate::game::fairy::tables::{ChaseRole, Chasing};

impl<B: Bitboard> Fairy<B> {
    /// `[they, we]`: whether the opponent of the side to move in the last state of `history`
    /// chased through the cycle from `history[from]` on (the same position), and whether the
    /// side to move did. A side chases when one piece of the other side stays chased by every
    /// one of its moves, followed through the other side's moves.
    pub(super) fn cycle_chases(history: &[Fairy<B>], from: usize) -> [bool; 2] {
        let last = history.len() - 1;
        let chased = |j: usize| history[j].chased_since(&history[j - 1]);
        let undo = |set: B, j: usize| match history[j].moved_squares(&history[j - 1]) {
            Some((f, t)) if set.has(t) => (set & !B::square(t)) | B::square(f),
            _ => set,
        };
        let mut they = chased(last);
        let mut j = last;
        while j >= from + 2 && !they.is_empty() {
            // The state at the start of the game has no move to judge.
            if j - 2 > 0 {
                they = undo(they, j - 1) & chased(j - 2);
            }
            j -= 2;
        }
        let mut we = chased(last - 1);
        let mut j = last - 1;
        while j >= from + 3 && !we.is_empty() {
            we = undo(we, j - 1) & chased(j - 2);
            j -= 2;
        }
        [!they.is_empty(), !we.is_empty()]
    }

    /// The squares the move from `before` to `self` left and reached, for a plain move (one
    /// piece of the mover's leaves one square for another).
    fn moved_squares(&self, before: &Fairy<B>) -> Option<(Square, Square)> {
        let mover = before.state.side.index();
        let (old, new) = (before.state.by_color[mover], self.state.by_color[mover]);
        let (left, reached) = (old & !new, new & !old);
        (left.count() == 1 && reached.count() == 1).then(|| (left.lsb(), reached.lsb()))
    }

    /// The pieces of the side to move that the move from `before` chases.
    fn chased_since(&self, before: &Fairy<B>) -> B {
        let (Some(ch), Some((from, to))) = (&self.rules().chasing, self.moved_squares(before)) else {
            return B::EMPTY;
        };
        let us = self.state.side;
        let them = !us;
        let occ = self.occupied();
        let blockers = self.king_blockers(us);
        let pins = blockers | self.facing_pins(us);
        let mut b = B::EMPTY;
        let moved = self.kind_at(to);
        if !matches!(ch.roles[moved], ChaseRole::General | ChaseRole::Soldier) {
            let mut direct = self.capture_reach(them, moved, to, occ) & self.own(us);
            if matches!(ch.roles[moved], ChaseRole::Chariot | ChaseRole::Cannon) {
                // Only new attacks count: not those along the line the piece moved on.
                direct &= !self.line_through(from, to);
            }
            self.add_chased(ch, &mut b, to, direct, pins);
        }
        let role = |r| self.role_pieces(ch, them, r);
        let candidates = (self.ring(from, false) & role(ChaseRole::Horse))
            | (self.ring(from, true) & role(ChaseRole::Elephant))
            | (self.lines(from) & (role(ChaseRole::Cannon) | role(ChaseRole::Chariot)))
            | (self.lines(to) & role(ChaseRole::Cannon));
        let occ_before = before.occupied();
        for s in candidates.squares() {
            let k = self.kind_at(s);
            let found =
                self.own(us) & self.capture_reach(them, k, s, occ) & !self.capture_reach(them, k, s, occ_before);
            self.add_chased(ch, &mut b, s, found, pins);
        }
        let new_blockers = blockers & !before.king_blockers(us);
        b | self.fake_roots(ch, new_blockers & self.own(us)) | self.discovery_threats(new_blockers & self.own(them))
    }

    /// Adds to `b` the pieces of the side to move among `attacks` (by the piece on `attacker`)
    /// that count as chased: stronger pieces, and unprotected ones that cannot simply take the
    /// attacker back.
    fn add_chased(&self, ch: &Chasing<B>, b: &mut B, attacker: Square, mut attacks: B, pins: B) {
        if (attacks & !*b).is_empty() {
            return;
        }
        let us = self.state.side;
        let occ = self.occupied();
        attacks &= !self.unchaseable(ch, us);
        let k = self.kind_at(attacker);
        let role = |r| self.role_pieces(ch, us, r);
        match ch.roles[k] {
            ChaseRole::Horse | ChaseRole::Cannon => *b |= attacks & role(ChaseRole::Chariot),
            ChaseRole::Elephant | ChaseRole::Advisor => {
                *b |= attacks & (role(ChaseRole::Chariot) | role(ChaseRole::Cannon) | role(ChaseRole::Horse))
            }
            _ => {}
        }
        let same = self.by_kind[k] & self.own(us);
        if ch.roles[k] == ChaseRole::Horse && !(self.ring(attacker, true) & occ).is_empty() {
            // A lame horse may attack a horse that cannot attack it back: that one is chased.
            for s in (attacks & same).squares() {
                if self.capture_reach(us, k, s, occ).has(attacker) {
                    attacks &= !B::square(s);
                }
            }
        } else {
            attacks &= !same | pins;
        }
        let their_king = self.royal_square(!us);
        for s in attacks.squares() {
            let rest = occ & !B::square(attacker);
            let roots = self.attackers_to(s, us, rest, B::EMPTY) & !pins;
            // A king that would face the other one by taking back protects nothing.
            let facing = self.rules().flying_general
                && roots == self.royals(us)
                && their_king.is_some_and(|k| self.rules().royal_lines.iter().any(|l| l.attacks(k, rest).has(s)));
            if roots.is_empty() || facing {
                *b |= B::square(s);
            }
        }
    }

    /// Pieces of the side to move protected only by a piece the move newly pinned, and attacked
    /// by a free piece of the mover's: chased.
    fn fake_roots(&self, ch: &Chasing<B>, newly_pinned: B) -> B {
        let us = self.state.side;
        let occ = self.occupied();
        let free = !self.king_blockers(!us);
        let mut b = B::EMPTY;
        for s in newly_pinned.squares() {
            let protected = self.own(us) & !self.unchaseable(ch, us) & self.capture_reach(us, self.kind_at(s), s, occ);
            for s2 in protected.squares() {
                if !(self.attackers_to(s2, !us, occ, B::EMPTY) & free).is_empty() {
                    b |= B::square(s2);
                }
            }
        }
        b
    }

    /// What the mover's pieces that now stand before the other royal piece threaten (moving
    /// away gives check): every capture the king could not answer by taking back.
    fn discovery_threats(&self, discoverers: B) -> B {
        let us = self.state.side;
        let Some(king) = self.royal_square(us) else {
            return B::EMPTY;
        };
        let occ = self.occupied();
        let king_reach = self.capture_reach(us, self.kind_at(king), king, occ);
        let mut b = B::EMPTY;
        for s in discoverers.squares() {
            let threats = self.capture_reach(!us, self.kind_at(s), s, occ) & self.own(us);
            b |= threats & !king_reach;
            for s2 in (threats & king_reach).squares() {
                let rest = occ & !B::square(s) & !B::square(king);
                if !self.attackers_to(s2, !us, rest, B::square(s)).is_empty() {
                    b |= B::square(s2);
                }
            }
        }
        b
    }

    /// Pieces of either color whose removal would let a piece of `!color` attack `color`'s
    /// royal piece (Fairy-Stockfish's `blockers_for_king`): on its lines, or a horse's leg.
    fn king_blockers(&self, color: Color) -> B {
        let Some(king) = self.royal_square(color) else {
            return B::EMPTY;
        };
        let occ = self.occupied();
        let now = self.attackers_to(king, !color, occ, B::EMPTY);
        let (kf, kr) = self.rules().coords[king.index()];
        let mut out = B::EMPTY;
        for s in (occ & !B::square(king)).squares() {
            let (f, r) = self.rules().coords[s.index()];
            let (df, dr) = (f.abs_diff(kf), r.abs_diff(kr));
            if df != 0 && dr != 0 && df != dr {
                continue;
            }
            let gone = B::square(s);
            if !(self.attackers_to(king, !color, occ & !gone, gone) & !now).is_empty() {
                out |= gone;
            }
        }
        out
    }

    /// With the flying general: `color`'s one piece between the two royal pieces on a file.
    fn facing_pins(&self, color: Color) -> B {
        let Some(their_king) = self.royal_square(!color).filter(|_| self.rules().flying_general) else {
            return B::EMPTY;
        };
        let (file, _) = self.rules().coords[their_king.index()];
        let on_file = self.rules().drops.file_masks[usize::from(file)] & self.own(color);
        let others = on_file & !self.royals(color);
        if on_file != others && !others.more_than_one() {
            others
        } else {
            B::EMPTY
        }
    }

    /// `color`'s pieces that cannot be chased: its royal pieces and soldiers on their side of
    /// the river.
    fn unchaseable(&self, ch: &Chasing<B>, color: Color) -> B {
        self.role_pieces(ch, color, ChaseRole::General)
            | (self.role_pieces(ch, color, ChaseRole::Soldier) & !ch.soldiers_across[color.index()])
    }

    fn role_pieces(&self, ch: &Chasing<B>, color: Color, role: ChaseRole) -> B {
        let kinds = ch.roles.iter().enumerate().filter(|&(_, &r)| r == role);
        kinds.fold(B::EMPTY, |b, (k, _)| b | self.by_kind[k]) & self.own(color)
    }

    fn own(&self, color: Color) -> B {
        self.state.by_color[color.index()]
    }

    fn kind_at(&self, sq: Square) -> usize {
        usize::from(self.state.board[sq.index()] & 31)
    }

    /// The squares next to `sq`: orthogonally, or diagonally.
    fn ring(&self, sq: Square, diagonal: bool) -> B {
        self.squares_where(|df, dr| df.max(dr) == 1 && (df == dr) == diagonal, sq)
    }

    /// The other squares of `sq`'s file and rank.
    fn lines(&self, sq: Square) -> B {
        self.squares_where(|df, dr| (df == 0) != (dr == 0), sq)
    }

    /// The whole file or rank through `a` and `b` (none where they share neither).
    fn line_through(&self, a: Square, b: Square) -> B {
        let (fa, ra) = self.rules().coords[a.index()];
        let (fb, rb) = self.rules().coords[b.index()];
        if fa == fb {
            self.squares_where(|df, _| df == 0, a)
        } else if ra == rb {
            self.squares_where(|_, dr| dr == 0, a)
        } else {
            B::EMPTY
        }
    }

    /// The squares whose file and rank distances from `sq` pass `keep`.
    fn squares_where(&self, keep: impl Fn(u8, u8) -> bool, sq: Square) -> B {
        let (f, r) = self.rules().coords[sq.index()];
        self.rules()
            .coords
            .iter()
            .enumerate()
            .filter(|&(_, &(f2, r2))| keep(f2.abs_diff(f), r2.abs_diff(r)))
            .fold(B::EMPTY, |m, (s, _)| m | B::square(Square(s as u8)))
    }
}
