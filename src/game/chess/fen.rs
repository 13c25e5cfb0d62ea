//! FEN for chess: parsing with a precise error for every malformed field, X-FEN and
//! Shredder-FEN castling for Chess960, and printing (Shredder letters for Chess960 positions).

use super::{Chess, EMPTY, K, NO_EP, P, R, bit, square_name};
use crate::core::{Color, PositionError, fen_fields};

const PIECE_LETTERS: &[u8; 6] = b"pnbrqk";

fn err(field: &'static str, message: impl Into<String>) -> PositionError {
    PositionError::new(field, message)
}

impl Chess {
    /// Parses a FEN (6 fields, or 4 with the clocks left out).
    ///
    /// # Errors
    /// A [`PositionError`] for: a wrong field count, unknown piece letters, ranks of the wrong
    /// length or count, a missing or extra king, pawns on the first or last rank, more than 16
    /// pieces or 8 pawns a side, castling rights without their king and rook in place, an
    /// impossible en-passant square, bad clocks, and the side not to move being in check.
    pub(super) fn parse_fen(fen: &str) -> Result<Chess, PositionError> {
        let fields = fen_fields(
            fen,
            &[4, 6],
            "FEN",
            "6 fields (board, side, castling, en passant, halfmove clock, fullmove number)",
        )?;
        let mut pos = Chess::empty();
        pos.parse_board(fields[0])?;
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(err(
                    "side to move",
                    format!("expected 'w' or 'b', found '{}'", other.escape_debug()),
                ));
            }
        };
        pos.parse_castling(fields[2])?;
        pos.parse_en_passant(fields[3])?;
        if fields.len() == 6 {
            pos.halfmove = parse_number(fields[4], "halfmove clock", 0)?;
            pos.fullmove = parse_number(fields[5], "fullmove number", 1)?;
        }
        pos.hash = crate::game::GameRules::hash_from_scratch(&pos);
        pos.checkers = pos.compute_checkers();
        let them = !pos.side;
        if pos.attacked(pos.king_square(them), pos.side, pos.occupied()) {
            return Err(err(
                "position",
                format!(
                    "the side not to move ({}) is in check",
                    if them == Color::White { "white" } else { "black" }
                ),
            ));
        }
        Ok(pos)
    }

    fn parse_board(&mut self, board: &str) -> Result<(), PositionError> {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(err(
                "board",
                format!("expected 8 ranks separated by '/', found {}", ranks.len()),
            ));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 8 {
                        return Err(err(
                            "board",
                            format!("bad empty-square count '{c}' on rank {}", rank + 1),
                        ));
                    }
                    file += d as u8;
                } else {
                    let lower = c.to_ascii_lowercase();
                    let kind = match PIECE_LETTERS.iter().position(|&l| c.is_ascii() && l == lower as u8) {
                        Some(k) => k,
                        None => {
                            return Err(err(
                                "board",
                                format!("unknown piece letter '{}' on rank {}", c.escape_debug(), rank + 1),
                            ));
                        }
                    };
                    if file >= 8 {
                        return Err(err("board", format!("rank {} has more than 8 squares", rank + 1)));
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if kind == P && (rank == 0 || rank == 7) {
                        return Err(err(
                            "board",
                            format!(
                                "pawn on {}: pawns cannot stand on the first or last rank",
                                square_name(rank * 8 + file)
                            ),
                        ));
                    }
                    self.put(color, kind, rank * 8 + file);
                    file += 1;
                }
                if file > 8 {
                    return Err(err("board", format!("rank {} has more than 8 squares", rank + 1)));
                }
            }
            if file < 8 {
                return Err(err("board", format!("rank {} has only {} squares", rank + 1, file)));
            }
        }
        for color in Color::ALL {
            let name = if color == Color::White { "white" } else { "black" };
            match self.pieces(color, K).count_ones() {
                1 => {}
                0 => return Err(err("board", format!("no {name} king"))),
                n => {
                    return Err(err("board", format!("{n} {name} kings; there must be exactly one")));
                }
            }
            if self.colors[color.index()].count_ones() > 16 {
                return Err(err("board", format!("more than 16 {name} pieces")));
            }
            if self.pieces(color, P).count_ones() > 8 {
                return Err(err("board", format!("more than 8 {name} pawns")));
            }
        }
        Ok(())
    }

    fn parse_castling(&mut self, field: &str) -> Result<(), PositionError> {
        if field == "-" {
            return Ok(());
        }
        let mut rights = 0u8;
        for c in field.chars() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let back = if color == Color::White { 0u8 } else { 56 };
            let name = if color == Color::White { "white" } else { "black" };
            let king = self.king_square(color);
            if !c.is_ascii_alphabetic() {
                return Err(err("castling", format!("unexpected character '{}'", c.escape_debug())));
            }
            if king / 8 != back / 8 {
                return Err(err(
                    "castling",
                    format!("right '{c}' but the {name} king is not on its first rank"),
                ));
            }
            let king_file = king % 8;
            let rooks = self.pieces(color, R) & (0xFFu64 << back);
            let lower = c.to_ascii_lowercase();
            let rook_file = match lower {
                // X-FEN: the outermost rook on that side of the king.
                'k' => (king_file + 1..8).rev().find(|f| rooks & bit(back + f) != 0),
                'q' => (0..king_file).find(|f| rooks & bit(back + f) != 0),
                'a'..='h' => {
                    self.chess960 = true;
                    let f = lower as u8 - b'a';
                    (rooks & bit(back + f) != 0).then_some(f)
                }
                _ => return Err(err("castling", format!("unexpected character '{c}'"))),
            };
            let Some(rook_file) = rook_file else {
                return Err(err(
                    "castling",
                    format!("right '{c}' but no {name} rook in place for it"),
                ));
            };
            if rook_file == king_file {
                return Err(err("castling", format!("right '{c}' names the king's own file")));
            }
            let right = color.index() * 2 + usize::from(rook_file < king_file);
            if rights & (1 << right) != 0 {
                return Err(err("castling", format!("two rights for the same side in '{field}'")));
            }
            rights |= 1 << right;
            self.castle_rooks[right] = back + rook_file;
            if king_file != 4 || (rook_file != 0 && rook_file != 7) {
                self.chess960 = true;
            }
        }
        self.castling = rights;
        Ok(())
    }

    fn parse_en_passant(&mut self, field: &str) -> Result<(), PositionError> {
        if field == "-" {
            return Ok(());
        }
        let b = field.as_bytes();
        let valid_text = b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]);
        if !valid_text {
            return Err(err(
                "en passant",
                format!("expected '-' or a square, found '{}'", field.escape_debug()),
            ));
        }
        let sq = (b[1] - b'1') * 8 + (b[0] - b'a');
        let us = self.side;
        // The square the pawn skipped, the square it stands on, and the one it came from.
        let (rank, pawn_sq, origin) = match us {
            Color::White => (5, sq.wrapping_sub(8), sq.wrapping_add(8)),
            Color::Black => (2, sq.wrapping_add(8), sq.wrapping_sub(8)),
        };
        if sq / 8 != rank {
            return Err(err(
                "en passant",
                format!(
                    "{field} is impossible: with {} to move it must be on rank {}",
                    if us == Color::White { "white" } else { "black" },
                    rank + 1
                ),
            ));
        }
        let pawn_code = ((!us).index() * 6 + P) as u8;
        if self.board[pawn_sq as usize] != pawn_code
            || self.board[sq as usize] != EMPTY
            || self.board[origin as usize] != EMPTY
        {
            return Err(err(
                "en passant",
                format!("{field} is impossible: no pawn can just have made a double step over it"),
            ));
        }
        if self.ep_capturable(sq, us) {
            self.ep = sq;
        }
        Ok(())
    }

    /// The position as FEN.
    pub(super) fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let code = self.board[rank * 8 + file];
                if code == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push((b'0' + empty) as char);
                    empty = 0;
                }
                let letter = PIECE_LETTERS[code as usize % 6] as char;
                s.push(if code < 6 { letter.to_ascii_uppercase() } else { letter });
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.side == Color::White { " w " } else { " b " });
        if self.castling == 0 {
            s.push('-');
        }
        for right in 0..4 {
            if self.castling & (1 << right) == 0 {
                continue;
            }
            let letter = if self.chess960 {
                (b'a' + self.castle_rooks[right] % 8) as char
            } else if right % 2 == 0 {
                'k'
            } else {
                'q'
            };
            s.push(if right < 2 { letter.to_ascii_uppercase() } else { letter });
        }
        s.push(' ');
        if self.ep == NO_EP {
            s.push('-');
        } else {
            s.push_str(&square_name(self.ep));
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }
}

fn parse_number(text: &str, field: &'static str, min: u16) -> Result<u16, PositionError> {
    match text.parse::<u16>() {
        Ok(n) if n >= min => Ok(n),
        _ => Err(err(
            field,
            format!("expected a number from {min} to 65535, found '{}'", text.escape_debug()),
        )),
    }
}
