//! Errors for bad positions and bad move strings. They carry enough to tell the user exactly
//! what is wrong; nothing that parses user input panics.

use std::fmt;

/// A FEN/SFEN string that does not describe a legal position of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    /// The FEN field at fault: `board`, `side to move`, `castling`, `en passant`, `halfmove
    /// clock`, `fullmove number`, `hand`, `check counters`, `move number`, or `position` for
    /// whole-position rules (kings, checks).
    pub field: &'static str,
    /// What is wrong, in words.
    pub message: String,
}

impl PositionError {
    /// An error in FEN (SFEN) field `field`.
    pub fn new(field: &'static str, message: impl Into<String>) -> PositionError {
        PositionError {
            field,
            message: message.into(),
        }
    }
}

/// Splits a FEN-like string into its whitespace-separated fields, checking their number.
/// `dialect` names the notation in messages (`FEN`, `SFEN`); `expected` describes the full set
/// of fields.
///
/// # Errors
/// An empty string, or a field count not in `allowed`.
pub fn fen_fields<'a>(
    text: &'a str,
    allowed: &[usize],
    dialect: &str,
    expected: &str,
) -> Result<Vec<&'a str>, PositionError> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    if fields.is_empty() {
        return Err(PositionError::new("position", format!("empty {dialect}")));
    }
    if !allowed.contains(&fields.len()) {
        return Err(PositionError::new(
            "position",
            format!("expected {expected}, found {}", fields.len()),
        ));
    }
    Ok(fields)
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position ({}): {}", self.field, self.message)
    }
}

impl std::error::Error for PositionError {}

/// A move string that is malformed, or that names no legal move in the position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveError {
    /// The move as given (control characters escaped).
    pub text: String,
    /// Why it was refused.
    pub reason: String,
}

impl MoveError {
    /// An error about the move text `text`.
    pub fn new(text: &str, reason: impl Into<String>) -> MoveError {
        MoveError {
            text: text.escape_debug().to_string(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad move '{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for MoveError {}
