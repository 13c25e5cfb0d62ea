//! Castling moves: a clear path, and for a royal king no attacked square passed or reached,
//! reusing the set-wise generator's tests of the king's own targets ([`KnownSafe`]).

use crate::core::{Bitboard, Square};
use crate::game::fairy::tables::CastlePath;
use crate::game::fairy::{Fairy, FairyMove, NO_SQUARE, Special};

impl<B: Bitboard> Fairy<B> {
    /// Castling moves whose path is clear and safe (`known`: squares already tested for the
    /// king).
    pub(super) fn castling_moves(&self, known: KnownSafe<B>, mut emit: impl FnMut(FairyMove)) {
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
        if !self.rules().castle_king_royal {
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
}

/// The targets tested for the only royal piece (a royal castling king is that piece) while
/// generating its moves, and those found safe, for castling to reuse.
#[derive(Clone, Copy)]
pub(super) struct KnownSafe<B> {
    pub(super) tested: B,
    pub(super) safe: B,
}

impl<B: Bitboard> KnownSafe<B> {
    pub(super) const NONE: KnownSafe<B> = KnownSafe {
        tested: B::EMPTY,
        safe: B::EMPTY,
    };
}
