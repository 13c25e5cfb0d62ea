//! The protocols' typed errors: [`CommandError`] for a line that does not parse (UCI and USI
//! share it), [`OptionError`] for a `setoption` the option table refuses, and [`SessionError`]
//! for a command that parses but cannot be carried out. Each displays as the text the engine
//! prints after `info string error: `.

use crate::core::{MoveError, PositionError};
use crate::engine::registry::RegistryError;
use crate::nnue::format::NetError;
use std::fmt;

/// A protocol line that does not parse into a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command of the protocol.
    Unknown(String),
    /// `setoption` without `name <option>`.
    SetOptionSyntax,
    /// `setoption name` followed directly by `value` or nothing.
    SetOptionNoName,
    /// `position` without `startpos` or the FEN keyword (`fen`, `sfen`); `found` is the word
    /// given instead, if any.
    PositionStart {
        /// `fen` (UCI) or `sfen` (USI).
        keyword: &'static str,
        /// The word found instead.
        found: Option<String>,
    },
    /// `position fen` (or `sfen`) with no position after it.
    PositionMissing {
        /// `fen` (UCI) or `sfen` (USI).
        keyword: &'static str,
    },
    /// Words after `position startpos` other than `moves ...`.
    PositionExtra(String),
    /// A `go` parameter without its number.
    MissingNumber {
        /// The parameter (`wtime`, `depth`, ...).
        key: String,
    },
    /// A `go` count or depth that is no non-negative number.
    BadNumber {
        /// The parameter.
        key: String,
        /// The text found.
        found: String,
    },
    /// A `go` time that is no number of milliseconds.
    BadMillis {
        /// The parameter.
        key: String,
        /// The text found.
        found: String,
    },
    /// A word `go` does not know.
    UnknownGoParameter(String),
    /// `go perft` deeper than [`crate::game::perft::MAX_PERFT_DEPTH`].
    PerftTooDeep(u32),
    /// USI `go mate` without a time.
    MateMissingTime,
    /// USI `go mate` with a time that is neither milliseconds nor `infinite`.
    MateBadTime(String),
}

/// Words from the GUI as they are echoed in messages: escaped, and at most 64 characters (a
/// runaway line is not printed back whole).
fn echo(word: &str) -> String {
    const MAX: usize = 64;
    let escaped: String = word.escape_debug().collect();
    match escaped.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}... ({} bytes)", &escaped[..cut], word.len()),
        None => escaped,
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(word) => write!(f, "unknown command '{}'", echo(word)),
            CommandError::SetOptionSyntax => write!(f, "setoption needs 'name <option> [value <value>]'"),
            CommandError::SetOptionNoName => write!(f, "setoption: missing option name"),
            CommandError::PositionStart {
                keyword,
                found: Some(w),
            } => write!(
                f,
                "position: expected 'startpos' or '{keyword}', found '{}'",
                w.escape_debug()
            ),
            CommandError::PositionStart { keyword, found: None } => {
                write!(f, "position: expected 'startpos' or '{keyword}'")
            }
            CommandError::PositionMissing { keyword } => {
                write!(f, "position {keyword}: missing {}", keyword.to_uppercase())
            }
            CommandError::PositionExtra(extra) => {
                write!(f, "position startpos: unexpected '{}'", extra.escape_debug())
            }
            CommandError::MissingNumber { key } => write!(f, "go {key}: missing number"),
            CommandError::BadNumber { key, found } => {
                write!(f, "go {key}: expected a non-negative number, found '{}'", echo(found))
            }
            CommandError::BadMillis { key, found } => write!(
                f,
                "go {key}: expected a number of milliseconds, found '{}'",
                echo(found)
            ),
            CommandError::UnknownGoParameter(word) => write!(f, "go: unknown parameter '{}'", echo(word)),
            CommandError::PerftTooDeep(depth) => write!(
                f,
                "go perft {depth}: at most {} plies",
                crate::game::perft::MAX_PERFT_DEPTH
            ),
            CommandError::MateMissingTime => write!(f, "go mate: missing time"),
            CommandError::MateBadTime(word) => write!(
                f,
                "go mate: expected milliseconds or 'infinite', found '{}'",
                word.escape_debug()
            ),
        }
    }
}

impl std::error::Error for CommandError {}

/// A `setoption` the option table refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option of the protocol has this name.
    Unknown(String),
    /// The option needs a value and `setoption` gave none.
    MissingValue(String),
    /// A spin option's value is no number in its range.
    OutOfRange {
        /// The option's name.
        name: String,
        /// Its range, inclusive.
        min: i64,
        /// Its range, inclusive.
        max: i64,
        /// The value given.
        found: String,
    },
    /// A check option's value is neither `true` nor `false`.
    NotABool(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{}'", echo(name)),
            OptionError::MissingValue(name) => write!(f, "option '{name}' needs a value"),
            OptionError::OutOfRange { name, min, max, found } => write!(
                f,
                "option '{name}': expected a number from {min} to {max}, found '{}'",
                found.escape_debug()
            ),
            OptionError::NotABool(name) => write!(f, "option '{name}': expected true or false"),
        }
    }
}

impl std::error::Error for OptionError {}

/// A command that parsed but cannot be carried out; the session keeps its state.
#[derive(Debug)]
pub enum SessionError {
    /// The line does not parse.
    Command(CommandError),
    /// `setoption` refused.
    Option(OptionError),
    /// The position's FEN (SFEN) is refused.
    Position(PositionError),
    /// A move of `position ... moves` is malformed or illegal.
    Move {
        /// 1-based index in the move list.
        index: usize,
        /// Why.
        error: MoveError,
    },
    /// The net (`EvalFile`, or the default net) is refused.
    Net(NetError),
    /// An unknown or invalid variant (`UCI_Variant`, `VariantPath`, `--variant`).
    Variant(RegistryError),
    /// The search thread could not be started.
    Thread(std::io::Error),
    /// UCCI `banmoves` named moves that are not legal here (the legal ones are banned).
    Banned(String),
    /// A search without an end asked of a build without threads, which could not stop it.
    Unstoppable,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Command(e) => write!(f, "{e}"),
            SessionError::Option(e) => write!(f, "{e}"),
            SessionError::Position(e) => write!(f, "{e}"),
            SessionError::Move { index, error } => write!(f, "move {index} of the list: {error}"),
            SessionError::Net(e) => write!(f, "{e}"),
            SessionError::Variant(e) => write!(f, "{e}"),
            SessionError::Thread(e) => write!(f, "cannot start the search thread: {e}"),
            SessionError::Unstoppable => write!(
                f,
                "this build has no threads, so a search without a limit could not be stopped: give depth, nodes, movetime or a clock"
            ),
            SessionError::Banned(moves) => write!(f, "banmoves: not legal here, ignored: {}", echo(moves)),
        }
    }
}

impl std::error::Error for SessionError {}

impl From<CommandError> for SessionError {
    fn from(e: CommandError) -> SessionError {
        SessionError::Command(e)
    }
}

impl From<OptionError> for SessionError {
    fn from(e: OptionError) -> SessionError {
        SessionError::Option(e)
    }
}

impl From<PositionError> for SessionError {
    fn from(e: PositionError) -> SessionError {
        SessionError::Position(e)
    }
}

impl From<NetError> for SessionError {
    fn from(e: NetError) -> SessionError {
        SessionError::Net(e)
    }
}

impl From<RegistryError> for SessionError {
    fn from(e: RegistryError) -> SessionError {
        SessionError::Variant(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_words_are_echoed_cut() {
        let long = "x".repeat(10_000);
        let message = CommandError::Unknown(long).to_string();
        assert!(message.len() < 120 && message.contains("(10000 bytes)"), "{message}");
        assert_eq!(
            CommandError::Unknown("frob".into()).to_string(),
            "unknown command 'frob'"
        );
    }
}
