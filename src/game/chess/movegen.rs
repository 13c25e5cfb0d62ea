//! Legal move generation for chess. Pins and checks are resolved in the generator (no
//! make-and-test): a check restricts targets to the checker and the squares between it and the
//! king, a pinned piece to its pin line, king moves are tested against attacks with the king
//! lifted off the board, and en passant re-checks the king's lines after both pawns move.
//!
//! The generator writes into a [`Sink`]: a move list, or a counter that adds up target-set
//! popcounts, which makes perft's last ply nearly free (the "bulk counting" of fast perft
//! programs).

use super::attacks::{KING, KNIGHT, PAWN, RANK_1, RANK_8, between, line, pawn_captures, sliders};
use super::{B, Chess, Move, MoveKind, N, NO_EP, P, Q, R, bit};
use crate::core::Color;
use crate::game::{GameMove, GenKind, MoveList};

const RANK_3: u64 = RANK_1 << 16;
const RANK_6: u64 = RANK_1 << 40;
const FILE_A: u64 = super::attacks::FILE_A;

/// Where generated moves go.
trait Sink {
    /// Moves of the non-pawn piece on `from` to each square of `targets`.
    fn piece(&mut self, from: u8, targets: u64);
    /// Non-promoting pawn moves to each square of `targets`, from `to - delta`.
    fn pawns(&mut self, targets: u64, delta: i8);
    /// Promotions (to knight, bishop, rook, queen) to each square of `targets`, from `to - delta`.
    fn promotions(&mut self, targets: u64, delta: i8);
    /// One special move (castling, en passant, a pinned pawn's capture).
    fn one(&mut self, mv: Move);
}

struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _: u8, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, _: i8) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: u64, _: i8) {
        self.0 += 4 * targets.count_ones() as u64;
    }
    #[inline(always)]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
}

struct Lister<'a, L>(&'a mut L);

impl<L: MoveList<Move>> Sink for Lister<'_, L> {
    #[inline(always)]
    fn piece(&mut self, from: u8, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            self.0.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, mut targets: u64, delta: i8) {
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            self.0.push(Move::normal((to as i8 - delta) as u8, to));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, mut targets: u64, delta: i8) {
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let from = (to as i8 - delta) as u8;
            // Queen first: the likeliest best move comes first in an unsorted list.
            for kind in [4, 1, 3, 2] {
                self.0.push(Move::promotion(from, to, kind));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// Shifts a bitboard one rank "forward" for `color`.
#[inline(always)]
fn forward(bb: u64, color: Color) -> u64 {
    match color {
        Color::White => bb << 8,
        Color::Black => bb >> 8,
    }
}

impl Chess {
    /// Appends the legal moves of `kind` whose origin is in `from_mask` to `out`.
    pub(super) fn generate_into<L: MoveList<Move>>(&self, kind: GenKind, from_mask: u64, out: &mut L) {
        self.generate_with(kind, from_mask, &mut Lister(out));
    }

    /// The number of legal moves, without listing them.
    pub(super) fn count_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate_with(GenKind::All, !0, &mut c);
        c.0
    }

    /// Whether `mv` (from any source: a transposition-table entry, a killer slot) is legal,
    /// without generating: the piece's reach, then the king's safety (check evasion, pins) by
    /// the rules [`Chess::generate_into`] applies. Castling and en passant, rare, are looked up
    /// among the generated moves of their piece.
    pub(super) fn is_legal_move(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let ours = self.colors[us.index()];
        if mv.is_null() || !mv.is_well_formed() || ours & bit(from) == 0 {
            return false;
        }
        let promotion = match mv.kind() {
            MoveKind::Castle | MoveKind::EnPassant => {
                let mut list = arrayvec::ArrayVec::<Move, 256>::new();
                self.generate_into(GenKind::All, bit(from), &mut list);
                return list.contains(&mv);
            }
            MoveKind::Promotion(_) => true,
            MoveKind::Normal => false,
        };
        if ours & bit(to) != 0 {
            return false;
        }
        let theirs = self.colors[(!us).index()];
        let occ = ours | theirs;
        let kind = self.board[from as usize] as usize % 6;
        let reach = match kind {
            P => {
                let (last_rank, third_rank) = match us {
                    Color::White => (RANK_8, RANK_3),
                    Color::Black => (RANK_1, RANK_6),
                };
                if promotion != (bit(to) & last_rank != 0) {
                    return false;
                }
                let single = forward(bit(from), us) & !occ;
                let double = forward(single & third_rank, us) & !occ;
                single | double | (PAWN[us.index()][from as usize] & theirs)
            }
            _ if promotion => return false,
            N => KNIGHT[from as usize],
            B => sliders().bishop(from as usize, occ),
            R => sliders().rook(from as usize, occ),
            Q => sliders().queen(from as usize, occ),
            _ => return KING[from as usize] & bit(to) != 0 && !self.attacked(to, !us, occ ^ bit(from)),
        };
        if reach & bit(to) == 0 {
            return false;
        }
        let ksq = self.king_square(us) as usize;
        let checkers = self.checkers;
        if checkers != 0 {
            // One checker: capture it or block its line; two: only the king may move.
            let single = checkers & checkers.wrapping_sub(1) == 0;
            if !single || (between(ksq, checkers.trailing_zeros() as usize) | checkers) & bit(to) == 0 {
                return false;
            }
        }
        // A pinned piece stays on the line through its king.
        let king_line = line(ksq, from as usize);
        king_line == 0 || king_line & bit(to) != 0 || self.pinned(ksq) & bit(from) == 0
    }

    /// Our pieces pinned to our king `ksq`.
    #[inline(always)]
    fn pinned(&self, ksq: usize) -> u64 {
        let s = sliders();
        let us = self.side.index();
        let theirs = self.colors[us ^ 1];
        let occ = self.occupied();
        let mut snipers = ((s.rook(ksq, theirs) & (self.kinds[R] | self.kinds[Q]))
            | (s.bishop(ksq, theirs) & (self.kinds[B] | self.kinds[Q])))
            & theirs;
        let mut pinned = 0;
        while snipers != 0 {
            let sniper = snipers.trailing_zeros() as usize;
            snipers &= snipers - 1;
            let blockers = between(ksq, sniper) & occ;
            if blockers != 0 && blockers & (blockers - 1) == 0 {
                pinned |= blockers & self.colors[us];
            }
        }
        pinned
    }

    #[inline(always)]
    fn generate_with<S: Sink>(&self, kind: GenKind, from_mask: u64, sink: &mut S) {
        let s = sliders();
        let us = self.side;
        let them = !us;
        let ours = self.colors[us.index()];
        let theirs = self.colors[them.index()];
        let occ = ours | theirs;
        let ksq = self.king_square(us) as usize;
        let (captures, quiets) = match kind {
            GenKind::All => (true, true),
            GenKind::Tactical => (true, false),
            GenKind::Quiet => (false, true),
        };
        let filter = if captures { theirs } else { 0 } | if quiets { !occ } else { 0 };

        if from_mask & bit(ksq as u8) != 0 {
            let mut candidates = KING[ksq] & filter;
            let mut legal = 0;
            let lifted = occ ^ bit(ksq as u8);
            while candidates != 0 {
                let to = candidates.trailing_zeros() as u8;
                candidates &= candidates - 1;
                if !self.attacked(to, them, lifted) {
                    legal |= bit(to);
                }
            }
            sink.piece(ksq as u8, legal);
        }

        let checkers = self.checkers;
        if checkers & (checkers.wrapping_sub(1)) != 0 {
            return;
        }
        let check_mask = if checkers != 0 {
            between(ksq, checkers.trailing_zeros() as usize) | checkers
        } else {
            !0
        };
        let pinned = self.pinned(ksq);
        let targets = filter & check_mask;

        let mut knights = self.kinds[N] & ours & !pinned & from_mask;
        while knights != 0 {
            let sq = knights.trailing_zeros() as usize;
            knights &= knights - 1;
            sink.piece(sq as u8, KNIGHT[sq] & targets);
        }
        let mut sliders_bb = (self.kinds[B] | self.kinds[R] | self.kinds[Q]) & ours & from_mask;
        while sliders_bb != 0 {
            let sq = sliders_bb.trailing_zeros() as usize;
            sliders_bb &= sliders_bb - 1;
            let b = bit(sq as u8);
            let mut att = 0;
            if b & (self.kinds[B] | self.kinds[Q]) != 0 {
                att |= s.bishop(sq, occ);
            }
            if b & (self.kinds[R] | self.kinds[Q]) != 0 {
                att |= s.rook(sq, occ);
            }
            att &= targets;
            if pinned & b != 0 {
                att &= line(ksq, sq);
            }
            sink.piece(sq as u8, att);
        }

        self.gen_pawns(captures, quiets, from_mask, pinned, check_mask, ksq, sink);

        if quiets && checkers == 0 {
            self.gen_castling(from_mask, sink);
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn gen_pawns<S: Sink>(
        &self,
        captures: bool,
        quiets: bool,
        from_mask: u64,
        pinned: u64,
        check_mask: u64,
        ksq: usize,
        sink: &mut S,
    ) {
        let us = self.side;
        let them = !us;
        let theirs = self.colors[them.index()];
        let occ = self.occupied();
        let empty = !occ;
        let pawns = self.pieces(us, P) & from_mask;
        if pawns == 0 {
            return;
        }
        let (up, last_rank, third_rank): (i8, u64, u64) = match us {
            Color::White => (8, RANK_8, RANK_3),
            Color::Black => (-8, RANK_1, RANK_6),
        };
        let king_file = FILE_A << (ksq % 8);
        let free = pawns & !pinned;

        // Pushes: unpinned pawns, and pawns pinned on the king's file (they stay on the line).
        let pushers = free | (pawns & pinned & king_file);
        let single = forward(pushers, us) & empty;
        let double = forward(single & third_rank, us) & empty & check_mask;
        let single = single & check_mask;
        if quiets {
            sink.pawns(single & !last_rank, up);
            sink.pawns(double, 2 * up);
        }
        if captures {
            sink.promotions(single & last_rank, up);
            // Captures of unpinned pawns, toward each side.
            let targets = theirs & check_mask;
            let (west, east) = pawn_captures(free, us);
            for (caps, delta) in [(west & targets, up - 1), (east & targets, up + 1)] {
                sink.pawns(caps & !last_rank, delta);
                sink.promotions(caps & last_rank, delta);
            }
            // Pinned pawns capture only along their pin line (that is, the pinner).
            let mut diag_pinned = pawns & pinned & !king_file;
            while diag_pinned != 0 {
                let sq = diag_pinned.trailing_zeros() as usize;
                diag_pinned &= diag_pinned - 1;
                let mut caps = PAWN[us.index()][sq] & targets & line(ksq, sq);
                while caps != 0 {
                    let to = caps.trailing_zeros() as u8;
                    caps &= caps - 1;
                    if bit(to) & last_rank != 0 {
                        for kind in [4, 1, 3, 2] {
                            sink.one(Move::promotion(sq as u8, to, kind));
                        }
                    } else {
                        sink.one(Move::normal(sq as u8, to));
                    }
                }
            }
            if self.ep != NO_EP {
                self.gen_en_passant(pawns, ksq, sink);
            }
        }
    }

    #[inline(always)]
    fn gen_en_passant<S: Sink>(&self, pawns: u64, ksq: usize, sink: &mut S) {
        let s = sliders();
        let us = self.side;
        let them = !us;
        let ep = self.ep;
        let captured = if us == Color::White { ep - 8 } else { ep + 8 };
        let mut capturers = PAWN[them.index()][ep as usize] & pawns;
        let their_rq = (self.kinds[R] | self.kinds[Q]) & self.colors[them.index()];
        let their_bq = (self.kinds[B] | self.kinds[Q]) & self.colors[them.index()];
        // Checkers that the capture cannot remove or block: knights and pawns other than the
        // captured one (sliders are re-tested with the new occupancy below).
        let leaper_checkers = self.checkers & !bit(captured) & (self.kinds[N] | self.kinds[P]);
        if leaper_checkers != 0 {
            return;
        }
        while capturers != 0 {
            let from = capturers.trailing_zeros() as u8;
            capturers &= capturers - 1;
            let occ = (self.occupied() ^ bit(from) ^ bit(captured)) | bit(ep);
            if s.rook(ksq, occ) & their_rq == 0 && s.bishop(ksq, occ) & their_bq == 0 {
                sink.one(Move::en_passant(from, ep));
            }
        }
    }

    #[inline(always)]
    fn gen_castling<S: Sink>(&self, from_mask: u64, sink: &mut S) {
        let us = self.side;
        let first = us.index() * 2;
        let rights = (self.castling >> first) & 3;
        if rights == 0 {
            return;
        }
        let ksq = self.king_square(us);
        if from_mask & bit(ksq) == 0 {
            return;
        }
        let occ = self.occupied();
        for right in [first, first + 1] {
            if rights & (1 << (right - first)) == 0 {
                continue;
            }
            let rook = self.castle_rooks[right];
            let (king_to, rook_to) = Chess::castle_targets(right);
            let movers = bit(ksq) | bit(rook);
            let must_be_empty = (between(ksq as usize, king_to as usize)
                | bit(king_to)
                | between(rook as usize, rook_to as usize)
                | bit(rook_to))
                & !movers;
            if occ & must_be_empty != 0 {
                continue;
            }
            // The squares the king crosses may not be attacked now; its target may not be
            // attacked once king and rook stand on their new squares.
            let mut path = between(ksq as usize, king_to as usize);
            let mut safe = true;
            while path != 0 {
                let sq = path.trailing_zeros() as u8;
                path &= path - 1;
                if self.attacked(sq, !us, occ) {
                    safe = false;
                    break;
                }
            }
            let after = (occ ^ movers) | bit(king_to) | bit(rook_to);
            if safe && !self.attacked(king_to, !us, after) {
                sink.one(Move::castle(ksq, rook));
            }
        }
    }
}
