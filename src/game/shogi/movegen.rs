//! Legal move generation for shogi, all moves in the fully legal sense perft counts (YaneuraOu's
//! `LEGAL_ALL`): optional non-promotions included, moves to squares where a piece could never
//! move again excluded (those promote by force), drops without nifu, dead squares or pawn-drop
//! mate (uchifuzume, including the case where the only capturing defender is pinned). Checks
//! and pins are resolved in the generator as in chess; drops can only block a check.

use super::attacks::*;
use super::{Move, Shogi, bit, can_promote, dead_squares, zone};
use crate::core::Color;
use crate::game::{GenKind, MoveList};

/// Where generated moves go.
trait Sink {
    /// Moves of the piece on `from`: unpromoted to `plain`, promoting to `promote`.
    fn moves(&mut self, from: usize, plain: u128, promote: u128);
    /// Drops of hand kind `kind` on each square of `targets`.
    fn drops(&mut self, kind: usize, targets: u128);
}

struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn moves(&mut self, _: usize, plain: u128, promote: u128) {
        self.0 += (plain.count_ones() + promote.count_ones()) as u64;
    }
    #[inline(always)]
    fn drops(&mut self, _: usize, targets: u128) {
        self.0 += targets.count_ones() as u64;
    }
}

struct Lister<'a, L>(&'a mut L);

impl<L: MoveList<Move>> Sink for Lister<'_, L> {
    #[inline(always)]
    fn moves(&mut self, from: usize, mut plain: u128, mut promote: u128) {
        // Promotions first: usually the better move.
        while promote != 0 {
            let to = promote.trailing_zeros() as usize;
            promote &= promote - 1;
            self.0.push(Move::normal(from, to, true));
        }
        while plain != 0 {
            let to = plain.trailing_zeros() as usize;
            plain &= plain - 1;
            self.0.push(Move::normal(from, to, false));
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: usize, mut targets: u128) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            self.0.push(Move::drop(kind, to));
        }
    }
}

const FILE_0: u128 = {
    let mut f = 0u128;
    let mut r = 0;
    while r < 9 {
        f |= 1u128 << (r * 9);
        r += 1;
    }
    f
};

impl Shogi {
    /// Appends legal moves of `kind` from the squares in `from_mask` (and drops if `drops`).
    pub(super) fn generate_into<L: MoveList<Move>>(&self, kind: GenKind, from_mask: u128, drops: bool, out: &mut L) {
        self.generate_with(kind, from_mask, drops, &mut Lister(out));
    }

    /// The number of legal moves.
    pub(super) fn count_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate_with(GenKind::All, BOARD, true, &mut c);
        c.0
    }

    /// Our pieces pinned to our king on `ksq`.
    fn pinned(&self, ksq: usize) -> u128 {
        let t = tables();
        let us = self.side;
        let them = !us;
        let theirs = self.colors[them.index()];
        let occ = self.occupied();
        let mut snipers = ((t.rook(ksq, theirs) & (self.kinds[ROOK] | self.kinds[DRAGON]))
            | (t.bishop(ksq, theirs) & (self.kinds[BISHOP] | self.kinds[HORSE]))
            | (t.lance(us, ksq, theirs) & self.kinds[LANCE]))
            & theirs;
        let mut pinned = 0;
        while snipers != 0 {
            let s = snipers.trailing_zeros() as usize;
            snipers &= snipers - 1;
            let blockers = t.between(ksq, s) & occ;
            if blockers != 0 && blockers & (blockers - 1) == 0 {
                pinned |= blockers & self.colors[us.index()];
            }
        }
        pinned
    }

    fn generate_with<S: Sink>(&self, kind: GenKind, from_mask: u128, drops: bool, sink: &mut S) {
        let t = tables();
        let us = self.side;
        let them = !us;
        let ours = self.colors[us.index()];
        let theirs = self.colors[them.index()];
        let occ = ours | theirs;
        let empty = BOARD & !occ;
        let ksq = self.king_square(us);
        let (captures, quiets) = match kind {
            GenKind::All => (true, true),
            GenKind::Tactical => (true, false),
            GenKind::Quiet => (false, true),
        };
        // Unpromoted moves to `plain_filter`; promotions (always tactical) anywhere.
        let plain_filter = if captures { theirs } else { 0 } | if quiets { empty } else { 0 };

        if from_mask & bit(ksq) != 0 {
            let mut candidates = t.step[us.index()][KING][ksq] & plain_filter;
            let lifted = occ ^ bit(ksq);
            let mut legal = 0;
            while candidates != 0 {
                let to = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                if !self.attacked(to, them, lifted) {
                    legal |= bit(to);
                }
            }
            sink.moves(ksq, legal, 0);
        }
        let checkers = self.checkers;
        if checkers & checkers.wrapping_sub(1) != 0 {
            return;
        }
        let (check_mask, block_mask) = if checkers != 0 {
            let between = t.between(ksq, checkers.trailing_zeros() as usize);
            (between | checkers, between)
        } else {
            (BOARD, BOARD)
        };
        let pinned = self.pinned(ksq);
        let my_zone = zone(us);

        let mut movers = ours & !self.kinds[KING] & from_mask;
        while movers != 0 {
            let from = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            let kind = self.board[from] as usize % 14;
            let mut targets = t.attacks(us, kind, from, occ) & !ours & check_mask;
            if pinned & bit(from) != 0 {
                targets &= t.line(ksq, from);
            }
            if targets == 0 {
                continue;
            }
            if can_promote(kind) {
                let promote = if bit(from) & my_zone != 0 {
                    targets
                } else {
                    targets & my_zone
                };
                let plain = targets & !dead_squares(us, kind) & plain_filter;
                sink.moves(from, plain, if captures { promote } else { 0 });
            } else {
                sink.moves(from, targets & plain_filter, 0);
            }
        }

        if !drops || !quiets {
            return;
        }
        let hand = &self.hands[us.index()];
        let drop_targets = empty & block_mask;
        if drop_targets == 0 {
            return;
        }
        for (k, &count) in hand.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let mut targets = drop_targets & !dead_squares(us, k);
            if k == PAWN {
                targets &= !self.pawn_files(us);
                let front = t.step[them.index()][PAWN][self.king_square(them)];
                if targets & front != 0 && self.pawn_drop_mates(front.trailing_zeros() as usize) {
                    targets &= !front;
                }
            }
            sink.drops(k, targets);
        }
    }

    /// Files holding an unpromoted pawn of `color` (nifu: no second pawn may be dropped there).
    fn pawn_files(&self, color: Color) -> u128 {
        let mut pawns = self.pieces(color, PAWN);
        let mut files = 0;
        while pawns != 0 {
            let sq = pawns.trailing_zeros() as usize;
            pawns &= pawns - 1;
            files |= FILE_0 << (sq % 9);
        }
        files
    }

    /// Whether dropping a pawn of the side to move on `sq` (in front of the enemy king) mates.
    /// The pawn attacks only the king's square, so our attacks elsewhere are the board's own
    /// (with the pawn as a blocker); after a capture it is gone.
    fn pawn_drop_mates(&self, sq: usize) -> bool {
        let t = tables();
        let us = self.side;
        let them = !us;
        let their_king = self.king_square(them);
        let occ = self.occupied() | bit(sq);
        // The king escapes, or takes the pawn, onto a square we do not attack.
        let mut escapes = t.step[them.index()][KING][their_king] & !self.colors[them.index()];
        let lifted = occ ^ bit(their_king);
        while escapes != 0 {
            let to = escapes.trailing_zeros() as usize;
            escapes &= escapes - 1;
            if !self.attacked(to, us, lifted) {
                return false;
            }
        }
        // Another piece takes the pawn without exposing its king.
        let mut defenders = self.attackers(sq, them, occ) & !self.kinds[KING];
        while defenders != 0 {
            let from = defenders.trailing_zeros() as usize;
            defenders &= defenders - 1;
            if !self.attacked(their_king, us, occ ^ bit(from)) {
                return false;
            }
        }
        true
    }
}
