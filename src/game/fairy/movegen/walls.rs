//! Duck chess (`walling_rule = "duck"`): every move of a piece comes once per square the duck
//! may go to, the squares empty after the move other than the duck's own (it must move), as
//! Fairy-Stockfish's `make_move_and_gating`.

use super::Filter;
use super::castling::KnownSafe;
use crate::core::{Bitboard, Square};
use crate::game::fairy::{Fairy, FairyMove, Special};

impl<B: Bitboard> Fairy<B> {
    /// The legal moves of a walling variant that `filter` asks for, each with every duck square
    /// it allows. Without royal pieces every such move is legal (no piece is pinned, none in
    /// check); with pseudo-royal ones (royalduck) each is played and tested, since the duck's
    /// old and new squares change the lines to them.
    pub(super) fn walled_moves(&self, filter: Filter<B>, out: &mut impl FnMut(FairyMove)) {
        let royal = !self.royals(self.state.side).is_empty();
        let mut emit = |base: FairyMove| {
            for sq in self.wall_squares_after(base).squares() {
                let mv = base.with_wall(sq.0);
                if !royal || self.legal_by_playing(mv) {
                    out(mv);
                }
            }
        };
        self.pseudo_moves(filter, &mut emit);
        if filter.quiet {
            self.castling_moves(KnownSafe::NONE, |mv| {
                if filter.from.has(Square(mv.from())) {
                    emit(mv);
                }
            });
        }
    }

    /// Where the duck may go after the move `base` (without a wall): the board's squares empty
    /// once the move is made (the origin, an en-passant victim's square, a castling's king and
    /// rook origins freed; the target or the castling's targets taken), the duck's own excluded.
    pub(super) fn wall_squares_after(&self, base: FairyMove) -> B {
        let (from, to) = (B::square(Square(base.from())), B::square(Square(base.to())));
        let taken = match (base.special(), self.castle_targets(base)) {
            (Special::Castle, Some((_, king_to, rook_to))) => {
                (self.occupied() & !from & !to) | B::square(king_to) | B::square(rook_to)
            }
            (Special::EnPassant, _) => (self.occupied() & !from & !B::square(Square(self.state.ep_victim))) | to,
            _ => (self.occupied() & !from) | to,
        };
        self.rules().board & !taken
    }
}
