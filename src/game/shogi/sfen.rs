//! SFEN (USI's position notation): parsing with a precise error for every malformed field, and
//! printing with hands in the canonical order (rook, bishop, gold, silver, knight, lance, pawn;
//! sente's first).

use super::attacks::*;
use super::{EMPTY, HAND_KINDS, HAND_MAX, Shogi, can_promote, dead_squares, promoted, square_name, unpromoted};
use crate::core::{Color, PositionError, fen_fields};

const LETTERS: [u8; 8] = *b"PLNSGBRK";

fn err(field: &'static str, message: impl Into<String>) -> PositionError {
    PositionError::new(field, message)
}

fn side_name(c: Color) -> &'static str {
    if c == Color::White { "sente" } else { "gote" }
}

impl Shogi {
    /// Parses an SFEN: board, side to move, hands, and an optional move number.
    ///
    /// # Errors
    /// A [`PositionError`] for: a wrong field count, unknown letters, ranks of the wrong length
    /// or count, a missing or extra king, pieces on squares they can never leave, two
    /// unpromoted pawns of one side on a file, more pieces of a kind than the set has,
    /// malformed hands, promoted kings or golds, and the side not to move being in check.
    pub(super) fn parse_sfen(text: &str) -> Result<Shogi, PositionError> {
        let fields = fen_fields(
            text,
            &[3, 4],
            "SFEN",
            "4 fields (board, side to move, hands, move number)",
        )?;
        let mut pos = Shogi::empty();
        pos.parse_board(fields[0])?;
        pos.side = match fields[1] {
            "b" => Color::White,
            "w" => Color::Black,
            other => {
                return Err(err(
                    "side to move",
                    format!("expected 'b' (sente) or 'w' (gote), found '{}'", other.escape_debug()),
                ));
            }
        };
        pos.parse_hands(fields[2])?;
        if let Some(n) = fields.get(3) {
            pos.ply = match n.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return Err(err(
                        "move number",
                        format!("expected a positive number, found '{}'", n.escape_debug()),
                    ));
                }
            };
        }
        pos.validate_counts()?;
        pos.hash = crate::game::GameRules::hash_from_scratch(&pos);
        pos.checkers = pos.compute_checkers();
        let them = !pos.side;
        if pos.attacked(pos.king_square(them), pos.side, pos.occupied()) {
            return Err(err(
                "position",
                format!("the side not to move ({}) is in check", side_name(them)),
            ));
        }
        Ok(pos)
    }

    fn parse_board(&mut self, board: &str) -> Result<(), PositionError> {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 9 {
            return Err(err(
                "board",
                format!("expected 9 ranks separated by '/', found {}", ranks.len()),
            ));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 8 - i;
            let rank_name = (b'a' + i as u8) as char;
            let mut file = 0usize;
            let mut promote = false;
            for c in text.chars() {
                if c == '+' {
                    if promote {
                        return Err(err("board", format!("'++' on rank {rank_name}")));
                    }
                    promote = true;
                    continue;
                }
                if let Some(d) = c.to_digit(10) {
                    if promote {
                        return Err(err("board", format!("'+' before a digit on rank {rank_name}")));
                    }
                    if d == 0 {
                        return Err(err("board", format!("bad empty-square count '0' on rank {rank_name}")));
                    }
                    file += d as usize;
                    if file > 9 {
                        return Err(err("board", format!("rank {rank_name} has more than 9 squares")));
                    }
                    continue;
                }
                let upper = c.to_ascii_uppercase();
                let Some(kind) = LETTERS.iter().position(|&l| c.is_ascii() && l == upper as u8) else {
                    return Err(err(
                        "board",
                        format!("unknown piece letter '{}' on rank {rank_name}", c.escape_debug()),
                    ));
                };
                if file >= 9 {
                    return Err(err("board", format!("rank {rank_name} has more than 9 squares")));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let kind = match (promote, can_promote(kind)) {
                    (false, _) => kind,
                    (true, true) => promoted(kind),
                    (true, false) => {
                        return Err(err(
                            "board",
                            format!("'+{c}' on rank {rank_name}: kings and golds do not promote"),
                        ));
                    }
                };
                promote = false;
                let sq = rank * 9 + file;
                if dead_squares(color, kind) & (1u128 << sq) != 0 {
                    return Err(err(
                        "board",
                        format!(
                            "'{c}' on {}: a {} piece there could never move",
                            square_name(sq),
                            side_name(color)
                        ),
                    ));
                }
                self.put(color, kind, sq);
                file += 1;
            }
            if promote {
                return Err(err("board", format!("'+' at the end of rank {rank_name}")));
            }
            if file < 9 {
                return Err(err("board", format!("rank {rank_name} has only {file} squares")));
            }
        }
        for color in Color::ALL {
            match self.pieces(color, KING).count_ones() {
                1 => {}
                0 => return Err(err("board", format!("no {} king", side_name(color)))),
                n => {
                    return Err(err(
                        "board",
                        format!("{n} {} kings; there must be exactly one", side_name(color)),
                    ));
                }
            }
            let pawns = self.pieces(color, PAWN);
            for file in 0..9 {
                let on_file = (0..9).filter(|r| pawns & (1u128 << (r * 9 + file)) != 0).count();
                if on_file > 1 {
                    return Err(err(
                        "board",
                        format!("two unpromoted {} pawns on file {} (nifu)", side_name(color), 9 - file),
                    ));
                }
            }
        }
        Ok(())
    }

    fn parse_hands(&mut self, hands: &str) -> Result<(), PositionError> {
        if hands == "-" {
            return Ok(());
        }
        let mut count: Option<u32> = None;
        let mut seen = [[false; HAND_KINDS]; 2];
        for c in hands.chars() {
            if let Some(d) = c.to_digit(10) {
                let n = count.unwrap_or(0) * 10 + d;
                if n > 18 {
                    return Err(err("hand", format!("count {n} is more than any hand can hold")));
                }
                count = Some(n);
                continue;
            }
            let upper = c.to_ascii_uppercase();
            let kind = match LETTERS.iter().position(|&l| c.is_ascii() && l == upper as u8) {
                Some(KING) => return Err(err("hand", "a king cannot be in hand")),
                Some(k) => k,
                None if c == '+' => return Err(err("hand", "promoted pieces cannot be in hand")),
                None => return Err(err("hand", format!("unknown piece letter '{}'", c.escape_debug()))),
            };
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let n = count.take().unwrap_or(1);
            if n == 0 {
                return Err(err("hand", format!("count 0 before '{c}'")));
            }
            if std::mem::replace(&mut seen[color.index()][kind], true) {
                return Err(err("hand", format!("'{c}' appears twice")));
            }
            if n > HAND_MAX[kind] as u32 {
                return Err(err(
                    "hand",
                    format!("{n} of '{c}' in hand: the set has {}", HAND_MAX[kind]),
                ));
            }
            self.set_hand(color, kind, n as u8);
        }
        if let Some(n) = count {
            return Err(err(
                "hand",
                format!("count {n} at the end is not followed by a piece letter (write 2P, not P2)"),
            ));
        }
        Ok(())
    }

    /// No more pieces of a kind (board, promoted or not, plus both hands) than the set has.
    fn validate_counts(&self) -> Result<(), PositionError> {
        let mut total = [0u32; 8];
        for sq in 0..SQUARES {
            let code = self.board[sq];
            if code != EMPTY {
                total[unpromoted(code as usize % 14)] += 1;
            }
        }
        for c in 0..2 {
            for (k, &n) in self.hands[c].iter().enumerate() {
                total[k] += n as u32;
            }
        }
        for k in 0..HAND_KINDS {
            if total[k] > HAND_MAX[k] as u32 {
                return Err(err(
                    "position",
                    format!(
                        "{} pieces of kind '{}' on the board and in hand: the set has {}",
                        total[k], LETTERS[k] as char, HAND_MAX[k]
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The position as SFEN.
    pub(super) fn sfen(&self) -> String {
        let mut s = self.board_field();
        s.push_str(if self.side == Color::White { " b " } else { " w " });
        let mut any = false;
        for color in Color::ALL {
            for kind in [ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN] {
                let n = self.hands[color.index()][kind];
                if n == 0 {
                    continue;
                }
                any = true;
                if n > 1 {
                    s.push_str(&n.to_string());
                }
                let letter = LETTERS[kind] as char;
                s.push(if color == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
        if !any {
            s.push('-');
        }
        s.push_str(&format!(" {}", self.ply));
        s
    }

    /// The board field, shared by SFEN and Fairy-Stockfish's FEN: ranks from the top, files
    /// from the left (USI's 9 to 1), promoted pieces as `+P`.
    pub(super) fn board_field(&self) -> String {
        let mut s = String::with_capacity(100);
        for rank in (0..9).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let code = self.board[rank * 9 + file];
                if code == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push((b'0' + empty) as char);
                    empty = 0;
                }
                let kind = code as usize % 14;
                if kind >= 8 {
                    s.push('+');
                }
                let letter = LETTERS[unpromoted(kind)] as char;
                s.push(if code < 14 { letter } else { letter.to_ascii_lowercase() });
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }
}
