//! Move text and the notation hooks of [`crate::game::Notation`]: coordinate notation
//! (`e2e4`, `a7a8q`, `e1g1` or king takes rook in Chess960 notation, drops `P@e4`, S-chess
//! gatings `e1f2h`, shogi-style `+` and Kyoto's `-`), under USI as Fairy-Stockfish writes it
//! there (`7g7f`, `P*5e`); reading a move by matching the legal moves' text; and what
//! algebraic notation needs to know of a move.

use super::{Fairy, FairyMove, FairyVariant, NO_SQUARE, Special};
use crate::core::{Bitboard, Color, MoveError, PositionError, Square};
use crate::game::GenKind;
use std::sync::Arc;

impl<B: Bitboard> crate::game::Notation for Fairy<B> {
    fn in_dialect(variant: &Self::Variant, dialect: crate::game::Dialect) -> Self::Variant {
        let usi = dialect == crate::game::Dialect::Usi;
        if variant.usi == usi {
            return Arc::clone(variant);
        }
        // A copy of the rules (their slider tables shared), inline in the variant: one pointer
        // from a position to them, as in the hot paths every rule is read through it.
        Arc::new(FairyVariant {
            rules: variant.rules.clone(),
            terms: variant.terms.clone(),
            usi,
        })
    }

    fn from_fen(variant: &Self::Variant, fen: &str) -> Result<Self, PositionError> {
        Self::parse_fen(variant, fen)
    }

    fn from_fen_unchecked(variant: &Self::Variant, fen: &str) -> Result<Self, PositionError> {
        Self::parse_fen_unchecked(variant, fen)
    }

    fn to_fen(&self) -> String {
        self.write_fen()
    }

    fn parse_move(&self, text: &str) -> Result<FairyMove, MoveError> {
        if text.is_empty() || text.len() > 16 || !text.is_ascii() {
            return Err(MoveError::new(text, "not a move in coordinate notation"));
        }
        let lower = text.to_ascii_lowercase();
        // A duck move's text ends in the duck's square: only the moves placing it there are
        // formatted and compared (a duck position has ~1,500 moves).
        let wall = match lower.split_once(',') {
            Some((_, rest)) => Some(
                self.trailing_square(rest)
                    .ok_or_else(|| MoveError::new(text, "no duck square after the comma"))?,
            ),
            None => None,
        };
        let mut list = Self::MoveList::default();
        self.generate_into(GenKind::All, &mut list);
        list.iter()
            .copied()
            .filter(|m| m.wall() == wall)
            .find(|&m| {
                self.fmt_move(m).eq_ignore_ascii_case(&lower)
                    || m.special() == Special::Castle && self.fmt_move_in(m, !self.state.chess960) == lower
            })
            .ok_or_else(|| MoveError::new(text, "not a legal move in this position"))
    }

    fn fmt_move(&self, mv: FairyMove) -> String {
        self.fmt_move_in(mv, self.state.chess960)
    }

    fn set_chess960(&mut self, on: bool) {
        self.state.chess960 = on || self.needs_960_notation();
    }

    fn move_parts(&self, mv: FairyMove) -> crate::game::MoveParts {
        use crate::game::{Change, GameRules};
        let rules = &self.variant.rules;
        let mover = self.moved_piece(mv).kind;
        let dropped = mv.dropped().is_some();
        let change = match mv.promotion() {
            _ if dropped => None,
            None => None,
            Some(k) if rules.base_of(usize::from(k)) == Some(mover) => Some(Change::Promote(k)),
            Some(k) if rules.base_of(usize::from(mover)) == Some(k) => Some(Change::Demote(k)),
            Some(k) => Some(Change::Promotion(k)),
        };
        let castle = (mv.special() == Special::Castle).then(|| {
            let files = rules.files;
            Square(mv.to()).file(files) > Square(mv.from()).file(files)
        });
        crate::game::MoveParts {
            from: (!dropped).then(|| Square(mv.from())),
            to: self.move_target(mv),
            // A drop in promoted form is written with the promoted piece's letter.
            kind: if dropped {
                mv.promotion().unwrap_or(mover)
            } else {
                mover
            },
            capture: self.captured_piece(mv).is_some(),
            castle,
            change,
            gate: mv.gate().map(|k| (k, Square(mv.gate_square()))),
            wall: mv.wall().map(Square),
        }
    }

    fn piece_letter(&self, kind: u8) -> char {
        self.rules().san_letters.get(usize::from(kind)).copied().unwrap_or('?')
    }

    fn is_chess_pawn(&self, kind: u8) -> bool {
        self.rules().chess_pawns >> kind & 1 != 0
    }

    fn unpromoted(&self, kind: u8) -> Option<u8> {
        self.rules().base_of(usize::from(kind))
    }

    fn shogi_notation(&self) -> bool {
        // Fairy-Stockfish writes Hodges for the variants built on its shogi template: pieces
        // captured to hand, shogi-style promotions, no castling.
        let rules = &self.variant.rules;
        rules.drops.captures_to_hand && rules.castling.is_none() && (0..rules.kinds).any(|k| rules.base_of(k).is_some())
    }

    fn check_marks(&self) -> bool {
        !self.rules().royal_kinds.is_empty()
    }
}

impl<B: Bitboard> Fairy<B> {
    /// The square whose name ends `text` (the last letter and what follows), if any.
    fn trailing_square(&self, text: &str) -> Option<u8> {
        let at = text.rfind(|c: char| c.is_ascii_alphabetic())?;
        let name = &text[at..];
        (0..self.rules().squares)
            .map(|i| i as u8)
            .find(|&i| self.square_name(Square(i)) == name)
    }

    /// A move in coordinate notation, castling in Chess960's (king takes rook) or not; a duck
    /// move adds `,`, the moved piece's target (the king's, or in Chess960 notation the rook's
    /// square, for a castling) and the duck's square (`e2e4,e4d5`, `e1g1,g1b1`), as
    /// Fairy-Stockfish writes it. An
    /// S-chess gating adds the gated piece's letter: `e1f2h`, `e1g1h` (castling, gated on the
    /// king's square), `h1e1h` (gated on the rook's square: written rook to king, as
    /// Fairy-Stockfish does).
    fn fmt_move_in(&self, mv: FairyMove, chess960: bool) -> String {
        if let Some(wall) = mv.wall() {
            let target = if mv.special() == Special::Castle && !chess960 {
                crate::game::GameRules::move_target(self, mv)
            } else {
                Square(mv.to())
            };
            return format!(
                "{},{}{}",
                self.fmt_ungated(mv.without_gate(), chess960),
                self.square_name(target),
                self.square_name(Square(wall))
            );
        }
        let Some(kind) = mv.gate() else {
            return self.fmt_ungated(mv, chess960);
        };
        let letter = self.rules().letters.get(usize::from(kind)).copied().unwrap_or('?');
        if mv.gate_square() == mv.from() {
            return format!("{}{letter}", self.fmt_ungated(mv.without_gate(), chess960));
        }
        format!(
            "{}{}{letter}",
            self.square_name(Square(mv.to())),
            self.square_name(Square(mv.from()))
        )
    }

    /// [`Fairy::fmt_move_in`] of a move without gating.
    fn fmt_ungated(&self, mv: FairyMove, chess960: bool) -> String {
        if let Some(kind) = mv.dropped() {
            // Fairy-Stockfish's drop notation: the piece letter in upper case (after a `+` for a
            // drop as the promoted form), `@`, the square.
            let letter = self.rules().letters.get(usize::from(kind)).copied().unwrap_or('?');
            let plus = if mv.promotion().is_some() { "+" } else { "" };
            let at = if self.variant.usi { '*' } else { '@' };
            return format!(
                "{plus}{}{at}{}",
                letter.to_ascii_uppercase(),
                self.square_name(Square(mv.to()))
            );
        }
        if let Some(text) = self.fmt_castle(mv, chess960) {
            return text;
        }
        let mut s = self.square_name(Square(mv.from()));
        s.push_str(&self.square_name(Square(mv.to())));
        if let Some(k) = mv.promotion() {
            // Shogi-style promotion is `+`, Kyoto's demotion `-`, a pawn's the new letter.
            let rules = &self.variant.rules;
            let k = usize::from(k);
            let mover = self.piece_at(Square(mv.from())).map(|p| usize::from(p.kind));
            if rules.base_of(k).is_some() {
                s.push('+');
            } else if mover.and_then(|m| rules.base_of(m)) == Some(k as u8) {
                s.push('-');
            } else {
                s.push(rules.letters[k]);
            }
        }
        s
    }

    /// Castling in the protocol's notation: king to rook (`chess960`) or king to its target.
    fn fmt_castle(&self, mv: FairyMove, chess960: bool) -> Option<String> {
        if mv.special() != Special::Castle {
            return None;
        }
        let from = Square(mv.from());
        let to = if chess960 {
            Square(mv.to())
        } else {
            crate::game::GameRules::move_target(self, mv)
        };
        Some(format!("{}{}", self.square_name(from), self.square_name(to)))
    }

    /// Whether king-to-target notation would be ambiguous (a king stands on its castling target
    /// or next to it, where a plain king step reads the same), so castling must be written
    /// king-takes-rook, as Fairy-Stockfish writes it.
    pub(super) fn needs_960_notation(&self) -> bool {
        let Some(c) = &self.rules().castling else {
            return false;
        };
        let files = self.rules().files;
        (0..4).any(|i| {
            if self.state.castle[i] == NO_SQUARE {
                return false;
            }
            let color = if i < 2 { Color::White } else { Color::Black };
            let target = if i % 2 == 0 { c.kingside_file } else { c.queenside_file };
            let kings = self.by_kind[c.king_kind as usize] & self.state.by_color[color.index()];
            kings
                .squares()
                .any(|k| k.rank(files) == c.rank[color.index()] && k.file(files).abs_diff(target) <= 1)
        })
    }
}
