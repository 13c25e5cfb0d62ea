//! The number of legal moves without a list where the variant allows it (perft's bulk count):
//! the counting sinks of the set-wise generator, moves by population count, captures apart for
//! compulsory-capture variants.

use super::setwise::Sink;
use super::{Filter, captures};
use crate::core::{Bitboard, Square};
use crate::game::fairy::{Fairy, FairyMove, Special};

impl<B: Bitboard> Fairy<B> {
    /// The number of legal moves, without building a list where the variant allows it.
    /// Inlined into perft's loop: only the generator is a call of its own.
    #[inline(always)]
    pub(in crate::game::fairy) fn count_moves(&self) -> u64 {
        if self.ended() {
            return 0;
        }
        if self.rules().drops.must_drop {
            let n = self.forced_drops(&mut |_| {});
            if n > 0 {
                return n as u64;
            }
        }
        if self.set_wise_generation() {
            if self.rules().must_capture {
                return self.count_set_wise_with_captures();
            }
            return self.count_set_wise();
        }
        if self.rules().must_capture {
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

    /// [`Fairy::count_moves`] where moves are generated set-wise: perft's hot loop, in a
    /// function of its own so that the other ways of counting do not share its registers.
    #[inline(never)]
    fn count_set_wise(&self) -> u64 {
        let mut n = Counter(0);
        self.set_wise_moves(Filter::all(), &mut n);
        n.0
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
