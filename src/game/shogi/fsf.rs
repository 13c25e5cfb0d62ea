//! Shogi in Fairy-Stockfish's UCI dialect, which cutechess-cli and Fairy-Stockfish speak when
//! shogi is played over UCI: a FEN with the hands in brackets after the board
//! (`lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1`, sente is `w` and
//! upper case), squares `a1`-`i9` from sente's lower left (USI's `7g` is `c3`), drops `P@e5`
//! and promotions `+`. USI keeps SFEN and `7g7f` (`sfen.rs`).

use super::{BISHOP, GOLD, KNIGHT, LANCE, PAWN, ROOK, SILVER};
use super::{DROP_LETTERS, HAND_KINDS, Shogi};
use crate::core::{Color, PositionError};

/// The hand kinds in the order Fairy-Stockfish prints them (its piece types from the highest
/// down: gold, knight, lance, pawn, silver, rook, bishop).
const FEN_HAND_ORDER: [usize; HAND_KINDS] = [GOLD, KNIGHT, LANCE, PAWN, SILVER, ROOK, BISHOP];

/// The name of square `sq` (rank-major from sente's side, file 0 on the left): `a1`-`i9`.
pub(super) fn square_name(sq: usize) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + (sq % 9) as u8) as char);
    s.push((b'1' + (sq / 9) as u8) as char);
    s
}

/// The square named by a file letter `a`-`i` and a rank digit `1`-`9`.
pub(super) fn parse_square(file: u8, rank: u8) -> Option<usize> {
    ((b'a'..=b'i').contains(&file) && (b'1'..=b'9').contains(&rank))
        .then(|| (rank - b'1') as usize * 9 + (file - b'a') as usize)
}

fn err(field: &'static str, message: impl Into<String>) -> PositionError {
    PositionError::new(field, message)
}

impl Shogi {
    /// Parses Fairy-Stockfish's shogi FEN: `BOARD[HAND] SIDE` then, optionally, `-` fields
    /// (castling, en passant), a halfmove clock and a move number, as Fairy-Stockfish
    /// (`... w - - 0 1`, `... w 0 1`) and cutechess-cli (`... w - 1`) write them. The hand
    /// lists one letter per piece (`[PPs]`; `[-]` or `[]` for none). The position is then
    /// checked as an SFEN is.
    ///
    /// # Errors
    /// A [`PositionError`] naming the field: a missing bracket end, unknown hand letters, a side
    /// other than `w`/`b`, extra or non-numeric fields, and every board error of an SFEN.
    pub(super) fn parse_fsf_fen(text: &str) -> Result<Shogi, PositionError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(err(
                "position",
                format!(
                    "expected a FEN of 2 to 6 fields (board[hand], side to move, then '-', '-', halfmove clock, move number), found {}",
                    fields.len()
                ),
            ));
        }
        let (board, hand) = match fields[0].split_once('[') {
            Some((board, rest)) => {
                let hand = rest
                    .strip_suffix(']')
                    .ok_or_else(|| err("hand", "the hand in brackets after the board has no ']'"))?;
                (board, hand)
            }
            None => (fields[0], ""),
        };
        let gote = match fields[1] {
            "w" => false,
            "b" => true,
            other => {
                return Err(err(
                    "side to move",
                    format!("expected 'w' (sente) or 'b' (gote), found '{}'", other.escape_debug()),
                ));
            }
        };
        let numbers: Vec<&str> = fields[2..].iter().copied().filter(|f| *f != "-").collect();
        let mut parsed = Vec::with_capacity(2);
        for n in &numbers {
            match n.parse::<u32>() {
                Ok(v) => parsed.push(v),
                Err(_) => {
                    return Err(err(
                        "move number",
                        format!("expected '-' or a number, found '{}'", n.escape_debug()),
                    ));
                }
            }
        }
        let full_move = match parsed.as_slice() {
            [] => 1,
            [full] | [_, full] => *full,
            _ => return Err(err("move number", "more than two numbers after the side to move")),
        };
        if full_move == 0 {
            return Err(err("move number", "expected a positive move number, found 0"));
        }
        let ply = full_move
            .checked_mul(2)
            .and_then(|n| n.checked_sub(1 - u32::from(gote)))
            .ok_or_else(|| err("move number", format!("{full_move} is too large")))?;
        let mut counts = [[0u32; HAND_KINDS]; 2];
        for c in hand.chars().filter(|&c| c != '-') {
            let kind = DROP_LETTERS
                .iter()
                .position(|&l| l == c.to_ascii_uppercase())
                .ok_or_else(|| {
                    err(
                        "hand",
                        format!(
                            "unknown piece letter '{}' in the hand (P, L, N, S, G, B, R; lower case for gote)",
                            c.escape_debug()
                        ),
                    )
                })?;
            let color = usize::from(c.is_ascii_lowercase());
            // More than the set has is refused by the SFEN check; stop counting long before
            // overflow.
            counts[color][kind] = (counts[color][kind] + 1).min(99);
        }
        let mut hands = String::new();
        for (color, row) in counts.iter().enumerate() {
            for (kind, &n) in row.iter().enumerate() {
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    hands.push_str(&n.to_string());
                }
                let letter = DROP_LETTERS[kind];
                hands.push(if color == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        let side = if gote { 'w' } else { 'b' };
        let mut shogi = Shogi::parse_sfen(&format!("{board} {side} {hands} {ply}"))?;
        if let [clock, _] = parsed.as_slice() {
            shogi.clock = *clock;
        }
        Ok(shogi)
    }

    /// The position in Fairy-Stockfish's shogi FEN: `BOARD[HAND] w - - 0 N` (the hand sente's
    /// pieces first, in Fairy-Stockfish's order; N counts moves of both sides, as in chess).
    /// Shogi has no halfmove rule; the clock counts plies since the last capture, drop or
    /// promotion, as Fairy-Stockfish's does.
    pub(super) fn fsf_fen(&self) -> String {
        let mut s = self.board_field();
        s.push('[');
        for color in Color::ALL {
            for kind in FEN_HAND_ORDER {
                let letter = DROP_LETTERS[kind];
                let letter = if color == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                for _ in 0..self.hands[color.index()][kind] {
                    s.push(letter);
                }
            }
        }
        s.push(']');
        let side = if self.side == Color::White { 'w' } else { 'b' };
        s.push_str(&format!(" {side} - - {} {}", self.clock, self.ply.div_ceil(2).max(1)));
        s
    }
}
