//! The rules that end a game apart from mate and stalemate: extinction (with the piece counts
//! kept for it), flags (reached, safe, answered by `flag_move`), two passes in a row, bikjang,
//! Sittuyin's stalemate by optional promotion, a full board, and the material counting that
//! decides drawn games. [`crate::game::GameRules::outcome`] asks them in its order.

use super::{Fairy, movegen};
use crate::core::{Bitboard, Color, Outcome, Square};
use crate::variant::MaterialCounting;

impl<B: Bitboard> Fairy<B> {
    /// Sittuyin's stalemate by optional promotion (its rule 3.9 c.7, Fairy-Stockfish's
    /// `is_optional_game_end`): the side to move, not in check, has its king and one pawn and
    /// no legal move but promotions.
    pub(super) fn only_promotions_left(&self) -> bool {
        let us = self.state.side.index();
        let own = self.state.by_color[us];
        let pawns = (0..self.rules().kinds)
            .filter(|&k| self.rules().is_pawn(k))
            .map(|k| (self.by_kind[k] & own).count())
            .sum::<u32>();
        if own.count() != 2 || pawns != 1 || !self.state.checkers.is_empty() {
            return false;
        }
        let mut others = false;
        self.legal_moves(movegen::Filter::all(), &mut |mv| others |= mv.promotion().is_none());
        !others
    }

    /// [`crate::game::GameRules::outcome`] by the rare rules it looks at apart: two passes,
    /// bikjang, a full board. Apart so that the tests perft asks at every node (extinction,
    /// check count, flag) stay a small function, without the larger frame and saved registers
    /// these would need.
    #[inline(never)]
    pub(super) fn outcome_by_rare_rules(&self) -> Option<Outcome> {
        let rules = &self.variant.rules;
        let full = rules.end.full_board && self.occupied() == rules.board;
        if self.state.passes == 3 || rules.bikjang && self.state.facing == 3 || full {
            return Some(self.material_result());
        }
        None
    }

    /// The result for the side to move, stalemated: the stalemate value, or with
    /// `stalemate_piece_count` by the pieces on the board (fewer: the stalemate value, more:
    /// its opposite, as many: a draw); a draw is then decided by material counting
    /// (Fairy-Stockfish's `stalemate_value`).
    pub(super) fn stalemate_outcome(&self) -> Outcome {
        let end = &self.rules().end;
        let mut value = end.stalemate_value;
        if end.stalemate_piece_count {
            let us = self.state.side.index();
            let (ours, theirs) = (self.state.by_color[us].count(), self.state.by_color[1 - us].count());
            value = match ours.cmp(&theirs) {
                std::cmp::Ordering::Less => value,
                std::cmp::Ordering::Greater => value.flip(),
                std::cmp::Ordering::Equal => Outcome::Draw,
            };
        }
        if value == Outcome::Draw {
            self.material_result()
        } else {
            value
        }
    }

    /// Whether `color` has no pieces that count for an extinction rule (and the opponent
    /// enough): the piece counts cached in [`super::State::extinct`], or, where the rule counts all
    /// pieces on the board ([`Rules::extinction_cached`](crate::game::fairy::tables::Rules::extinction_cached) false), the count of them. Inlined:
    /// perft asks it twice at every node of an extinction variant.
    #[inline(always)]
    pub(super) fn extinct(&self, color: Color) -> bool {
        let Some(ext) = &self.rules().end.extinction else {
            return false;
        };
        // Pseudo-royal pieces are never captured (except by explosions), so their extinction
        // never ends the game: Fairy-Stockfish's `is_immediate_game_end`.
        if ext.pseudo_royal && !self.rules().blast_on_capture {
            return false;
        }
        let reply = u32::from(ext.claim && color == self.state.side);
        let gone = if self.rules().extinction_cached {
            self.state.extinct >> color.index() & 1 != 0
        } else {
            self.state.by_color[color.index()].count() <= u32::from(ext.count)
        };
        gone && self.state.by_color[(!color).index()].count() >= u32::from(ext.opponent_count) + reply
    }

    /// Which colors (bit per color) have at most the extinction rule's count of pieces of its
    /// kinds (or of all pieces), on the board and in hand: [`super::State::extinct`] from scratch.
    pub(super) fn extinction_counts(&self) -> u8 {
        let Some(ext) = &self.rules().end.extinction else {
            return 0;
        };
        let mut bits = 0;
        for color in [Color::White, Color::Black] {
            // Pieces in hand count (dobutsu's lion, captured, is the capturer's).
            let own = self.state.by_color[color.index()];
            let hand = self.rules().drops.hands.then_some(&self.state.hand[color.index()]);
            let gone = match &ext.kinds {
                None => {
                    own.count() + hand.map_or(0, |h| h.iter().map(|&n| u32::from(n)).sum::<u32>()) <= ext.count as u32
                }
                Some(kinds) => kinds.iter().any(|&k| {
                    let in_hand = hand.map_or(0, |h| u32::from(h[usize::from(k)]));
                    (self.by_kind[k as usize] & own).count() + in_hand <= ext.count as u32
                }),
            };
            bits |= u8::from(gone) << color.index();
        }
        bits
    }

    /// Whether `color` has a piece of the flag kind in its flag region (with `safe`, none of
    /// them attacked). Inlined: `outcome` asks it for both sides at every node of a flag
    /// variant.
    #[inline(always)]
    pub(super) fn flag_reached(&self, color: Color) -> bool {
        let Some(flag) = &self.rules().flag else {
            return false;
        };
        let there = self.by_kind[flag.kind as usize] & self.state.by_color[color.index()] & flag.region[color.index()];
        !there.is_empty() && (!flag.safe || self.unattacked(there, !color))
    }

    /// Whether no piece of `by` attacks any of `squares` (Fairy-Stockfish's `flag_reached`
    /// with `flagPieceSafe`: every piece there, any attacker).
    #[inline(never)]
    fn unattacked(&self, squares: B, by: Color) -> bool {
        let occ = self.occupied();
        squares
            .squares()
            .all(|sq| self.attackers_to(sq, by, occ, B::EMPTY).is_empty())
    }

    /// Whether `color`, to move, can reach its flag region with one legal move. Not inlined:
    /// asked only once the opponent has reached its own, it would swell `outcome`'s frame.
    #[inline(never)]
    pub(super) fn can_reach_flag(&self) -> bool {
        let Some(flag) = &self.rules().flag else {
            return false;
        };
        let mut reach = false;
        self.legal_moves(movegen::Filter::all(), &mut |m| {
            reach |= self.piece_at(Square(m.from())).is_some_and(|p| p.kind == flag.kind)
                && flag.region[self.state.side.index()].has(Square(m.to()));
        });
        reach
    }

    /// The result for the side to move of a drawn game (stalemate, the move rule, repetition,
    /// bikjang, two passes, a full board) by the variant's material counting (Fairy-Stockfish's
    /// `material_counting_result`); a draw without one. Only pieces on the board count.
    pub(super) fn material_result(&self) -> Outcome {
        let white_view = match &self.rules().end.material_counting {
            None => return Outcome::Draw,
            Some(MaterialCounting::Points { values, black_bonus }) => {
                let points = |c: Color| -> i32 {
                    values
                        .iter()
                        .map(|&(k, v)| {
                            i32::from(v)
                                * (self.by_kind[usize::from(k)] & self.state.by_color[c.index()]).count() as i32
                        })
                        .sum()
                };
                if points(Color::White) - points(Color::Black) > i32::from(*black_bonus) {
                    Outcome::Win
                } else {
                    Outcome::Loss
                }
            }
            Some(MaterialCounting::Unweighted) => {
                let [white, black] = self.state.by_color.map(|b| b.count());
                match white.cmp(&black) {
                    std::cmp::Ordering::Greater => Outcome::Win,
                    std::cmp::Ordering::Less => Outcome::Loss,
                    std::cmp::Ordering::Equal => Outcome::Draw,
                }
            }
            Some(MaterialCounting::WhiteDrawOdds) => Outcome::Win,
            Some(MaterialCounting::BlackDrawOdds) => Outcome::Loss,
        };
        if self.state.side == Color::White {
            white_view
        } else {
            white_view.flip()
        }
    }
}
