//! Move generation for the fairy interpreter: pseudo-legal moves from the compiled tables
//! (leaps, lame leaps, rides, hops, initial moves, promotions, en passant, castling), then a
//! legality test by the attacks on the mover's royal pieces after the move, then the variant's
//! move filters (compulsory captures, no checking).
//!
//! One file a job: `pseudo` (pseudo-legal targets, promotions, gatings), `legality` (pins,
//! check evasions, the test of one move, giving check), `setwise` (the legal generator by
//! target sets, for variants without extra legality rules), `drops`, `castling`, `count`
//! (counting without a list). This file holds the entry points: the legal moves with the
//! variant's filters, a move's legality, and what a generation asks for ([`Filter`]).

mod castling;
mod count;
mod drops;
mod legality;
mod pseudo;
mod setwise;
mod walls;

use castling::KnownSafe;
use setwise::Lister;

use super::Fairy;
use super::moves::{FairyMove, Special};
use crate::core::{Bitboard, Square};
use crate::game::{GameRules, GenKind, MoveList};

impl<B: Bitboard> Fairy<B> {
    /// Every legal move `filter` asks for, before the variant's compulsory-capture filter.
    pub(super) fn legal_moves(&self, filter: Filter<B>, out: &mut impl FnMut(FairyMove)) {
        if self.rules().drops.must_drop {
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
        // Variants that pass on stalemate or wall are never set-wise: the pass needs the list,
        // the duck a square for each move.
        if self.rules().duck_walling {
            self.walled_moves(filter, out);
        } else if self.rules().pass_on_stalemate {
            self.legal_moves_or_pass(filter, out);
        } else {
            self.general_moves(filter, out);
        }
    }

    /// [`Fairy::general_moves`] where a side with no other move passes (`pass_on_stalemate`):
    /// the pass is its first piece's move to its own square, as in Fairy-Stockfish, and none
    /// without pieces or in check.
    #[inline(never)]
    fn legal_moves_or_pass(&self, filter: Filter<B>, out: &mut impl FnMut(FairyMove)) {
        let mut any = false;
        self.general_moves(filter, &mut |mv| {
            any = true;
            out(mv);
        });
        let own = self.state.by_color[self.state.side.index()];
        if any || own.is_empty() || !filter.quiet || !filter.from.has(own.lsb()) || self.in_check() {
            return;
        }
        if !(filter.capture && filter.from == B::FULL) {
            self.general_moves(Filter::all(), &mut |_| any = true);
        }
        if !any {
            out(FairyMove::pass(own.lsb().0));
        }
    }

    /// The legal moves `filter` asks for by the general generator: pseudo-legal moves, each
    /// tested, then castlings, the pass and drops.
    fn general_moves(&self, filter: Filter<B>, out: &mut impl FnMut(FairyMove)) {
        let sensitive = self.sensitive();
        self.pseudo_moves(filter, |mv| {
            if self.is_legal_pseudo(mv, sensitive) {
                out(mv);
            }
        });
        if self.rules().promotion.sittuyin {
            self.sittuyin_promotions(filter, |mv| {
                if self.is_legal_pseudo(mv, sensitive) {
                    out(mv);
                }
            });
        }
        if filter.quiet {
            self.castling_moves(KnownSafe::NONE, |mv| {
                if filter.from.has(Square(mv.from())) && (self.rules().checking || self.legal_by_playing(mv)) {
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

    /// Appends the legal moves of `kind` to `out` (which must be empty).
    pub(super) fn generate_into<L: MoveList<FairyMove>>(&self, kind: GenKind, out: &mut L) {
        if self.ended() {
            return;
        }
        let must_capture = self.rules().must_capture;
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
            return self.rules().drops.allowed
                && k < self.rules().kinds
                && usize::from(mv.to()) < self.rules().squares
                && (mv.promotion().is_none() || mv.promotion() == self.promoted_drop(k))
                && self.drop_targets(k).has(Square(mv.to()))
                && !self.ended()
                && self.drop_is_legal(mv)
                && (!self.rules().must_capture || !self.has_legal_capture());
        }
        let from = Square(mv.from());
        if mv.0 == 0
            || from.index() >= self.rules().squares
            || mv.to() as usize >= self.rules().squares
            || !self.state.by_color[self.state.side.index()].has(from)
            || self.ended()
        {
            return false;
        }
        let mut found = false;
        self.legal_moves(Filter::from(B::square(from)), &mut |m| found |= m == mv);
        found && (!self.rules().must_capture || self.is_capture(mv) || !self.has_legal_capture())
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

    /// Whether a rule has already ended the game (extinction, flag, last check): as in
    /// Fairy-Stockfish, such a position has no moves.
    fn ended(&self) -> bool {
        self.rules().ends_by_rule && self.outcome().is_some()
    }

    /// The pass, where the variant allows one and it is legal: not in check, except that a
    /// side facing the enemy's royal piece under the bikjang rule may always pass
    /// (Fairy-Stockfish's `legal`).
    fn pass_move(&self) -> Option<FairyMove> {
        let rules = &self.variant.rules;
        let royals = self.royals(self.state.side);
        if !rules.pass || royals.is_empty() {
            return None;
        }
        let legal = self.state.checkers.is_empty() || rules.bikjang && self.state.facing & 1 != 0;
        legal.then(|| FairyMove::pass(royals.lsb().0))
    }
}

/// Whether `mv` captures, `enemy` being the opponent's pieces: en passant, or a move other than
/// castling (king takes own rook) to one of them.
#[inline(always)]
fn captures<B: Bitboard>(mv: FairyMove, enemy: B) -> bool {
    mv.special() == Special::EnPassant || mv.special() != Special::Castle && enemy.has(Square(mv.to()))
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
