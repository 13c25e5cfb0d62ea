//! Writing a position as a FEN in Fairy-Stockfish's dialect (or an SFEN under USI).

use crate::core::{Bitboard, Color, Square};
use crate::game::fairy::{Fairy, NO_SQUARE};

impl<B: Bitboard> Fairy<B> {
    /// The FEN of this position (an SFEN under USI).
    pub(in crate::game::fairy) fn write_fen(&self) -> String {
        if self.variant.usi {
            self.write_sfen()
        } else {
            self.write_fen_text()
        }
    }

    /// The SFEN of this position (under USI): the board as in FEN, `b` for the first player to
    /// move, the hands with counts (`2Pp`, `-`), the ply.
    fn write_sfen(&self) -> String {
        let fen = self.write_fen_text();
        let board = fen.split('[').next().unwrap_or("");
        let mut hand = String::new();
        let hands = self.hands_text();
        let mut chars = hands.chars().peekable();
        while let Some(c) = chars.next() {
            let mut n = 1;
            while chars.peek() == Some(&c) {
                chars.next();
                n += 1;
            }
            if n > 1 {
                hand.push_str(&n.to_string());
            }
            hand.push(c);
        }
        let side = if self.state.side == Color::White { 'b' } else { 'w' };
        let hand = if hand.is_empty() { "-".to_string() } else { hand };
        format!("{board} {side} {hand} {}", crate::game::GameRules::game_ply(self))
    }

    /// The FEN of this position in Fairy-Stockfish's dialect.
    fn write_fen_text(&self) -> String {
        let rules = &self.variant.rules;
        let mut s = String::new();
        self.write_board(&mut s);
        if rules.drops.hands {
            s.push('[');
            s.push_str(&self.hands_text());
            s.push(']');
        }
        s.push_str(if self.state.side == Color::White { " w " } else { " b " });
        self.write_castling(&mut s);
        s.push(' ');
        self.write_ep(&mut s);
        if rules.end.check_counting {
            s.push_str(&format!(" {}+{}", self.state.checks[0], self.state.checks[1]));
        }
        let clock = if self.state.counting_limit > 0 {
            self.state.counting_ply
        } else {
            self.state.halfmove
        };
        s.push_str(&format!(" {clock} {}", self.state.fullmove));
        s
    }

    /// Writes the board field: ranks from the top, runs of empty squares as numbers, `+` before
    /// a promoted form's letter, `~` after a promoted piece where pieces go back to hand, `*`
    /// for a wall.
    fn write_board(&self, s: &mut String) {
        let rules = &self.variant.rules;
        let files = rules.files;
        for rank in (0..rules.ranks).rev() {
            let mut empty = 0;
            for file in 0..files {
                match self.piece_at(Square::new(file, rank, files)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let letter = rules.letters[p.kind as usize];
                        if rules.base_of(usize::from(p.kind)).is_some() {
                            s.push('+');
                        }
                        s.push(if p.color == Color::White {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        });
                        // Fairy-Stockfish writes the marks only where pieces go back to hand.
                        if self.rules().promotion.writes_promoted
                            && self.state.promoted.has(Square::new(file, rank, files))
                        {
                            s.push('~');
                        }
                    }
                    None if self.state.walls.has(Square::new(file, rank, files)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push('*');
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
    }

    /// Writes the castling field: each side's rights (`K`/`Q` where that letter finds the rook,
    /// else the rook's file), then the S-chess gates and first-move rights no right stands
    /// for; `-` for none.
    fn write_castling(&self, s: &mut String) {
        let rules = &self.variant.rules;
        let files = rules.files;
        let mut castling = String::new();
        for color in [Color::White, Color::Black] {
            let start = castling.len();
            let case = |ch: char| {
                if color == Color::White {
                    ch.to_ascii_uppercase()
                } else {
                    ch
                }
            };
            // Squares a castling letter already stands for (S-chess gates).
            let mut implied = B::EMPTY;
            for side in 0..2 {
                let rook = self.state.castle[color.index() * 2 + side];
                if rook == NO_SQUARE {
                    continue;
                }
                let file = Square(rook).file(files);
                let rank = Square(rook).rank(files);
                // `K`/`Q` where that letter finds this rook (see `parse_castling`).
                let outermost = rules.castling.as_ref().is_some_and(|c| {
                    let [queen_file, king_file] = c.rook_files;
                    c.rook_kinds.iter().all(|&k| {
                        (self.by_kind[k as usize] & self.state.by_color[color.index()])
                            .squares()
                            .all(|r| {
                                let f = r.file(files);
                                r.rank(files) != rank
                                    || if side == 0 {
                                        f <= file || f > king_file
                                    } else {
                                        f >= file || f < queen_file
                                    }
                            })
                    })
                });
                let ch = if outermost && !self.state.chess960 {
                    if side == 0 { 'k' } else { 'q' }
                } else {
                    (b'a' + file) as char
                };
                castling.push(case(ch));
                implied |= B::square(Square(rook));
                if !self.state.chess960
                    && let Some(king) = self.castle_king(color)
                {
                    implied |= B::square(king);
                }
            }
            let shown = if !rules.drops.gating || self.may_gate(color) {
                self.state.rights & self.state.by_color[color.index()] & !implied
            } else {
                B::EMPTY
            };
            for sq in shown.squares() {
                castling.push(case((b'a' + sq.file(files)) as char));
            }
            // Chess960 S-chess writes its rights and gates together, in file order.
            if self.state.chess960 && !shown.is_empty() {
                let mut letters: Vec<char> = castling[start..].chars().collect();
                letters.sort_unstable();
                castling.truncate(start);
                castling.extend(letters);
            }
        }
        s.push_str(if castling.is_empty() { "-" } else { &castling });
    }

    /// Writes the en-passant field: the target squares (with the pawn's own where it does not
    /// stand straight beyond them), `-`, or a running counting rule's limit in its place.
    fn write_ep(&self, s: &mut String) {
        let rules = &self.variant.rules;
        let files = rules.files;
        if self.state.counting_limit > 0 {
            s.push_str(&self.state.counting_limit.to_string());
        } else if self.state.ep.is_empty() {
            s.push('-');
        } else {
            // Name the pawn too when it does not stand straight beyond the first target
            // (berolina's diagonal double step), among the targets in square order, as
            // Fairy-Stockfish does.
            let first = self.state.ep.lsb();
            let behind = first.rank(files) as i32 + if self.state.side == Color::White { -1 } else { 1 };
            let mut listed = self.state.ep;
            if behind < 0
                || behind >= rules.ranks as i32
                || Square::new(first.file(files), behind as u8, files).0 != self.state.ep_victim
            {
                listed |= B::square(Square(self.state.ep_victim));
            }
            for sq in listed.squares() {
                s.push_str(&self.square_name(sq));
            }
        }
    }

    /// Both hands in FEN letters: White's in upper case, then Black's, each in
    /// [`DropRules::hand_order`](crate::game::fairy::tables::DropRules::hand_order) (Fairy-Stockfish's).
    fn hands_text(&self) -> String {
        let rules = &self.variant.rules;
        let mut s = String::new();
        for color in [Color::White, Color::Black] {
            for k in rules.drops.hand_order.iter().map(|&k| usize::from(k)) {
                let letter = rules.letters[k];
                let letter = if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                };
                for _ in 0..self.state.hand[color.index()][k] {
                    s.push(letter);
                }
            }
        }
        s
    }
}
