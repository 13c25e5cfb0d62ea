//! [`CliError`]: why a subcommand failed, printed as `error: ...` before `nue` exits with code 1.

use nue::core::{MoveError, PositionError};
use nue::engine::registry::RegistryError;
use nue::nnue::format::NetError;
use std::fmt;

/// Why a subcommand failed.
#[derive(Debug)]
pub enum CliError {
    /// An unknown `--variant`, or a variant file with problems.
    Variant(RegistryError),
    /// A `--fen` the variant refuses.
    Fen {
        /// The FEN given.
        fen: String,
        /// Why it is refused.
        error: PositionError,
    },
    /// A `--moves` entry that is malformed or illegal.
    Move(MoveError),
    /// A net file that cannot be read or is refused.
    Net(NetError),
    /// Training data, datagen output or a bench line that cannot be used (the message names
    /// the file or line).
    Data(String),
    /// An argument outside what the command accepts.
    Argument(String),
    /// `nue check` found problems in some files (each already printed).
    CheckFailed {
        /// Files with problems.
        bad: usize,
        /// Files checked.
        total: usize,
    },
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Variant(e) => write!(f, "{e}"),
            CliError::Fen { fen, error } => write!(f, "{error} in FEN '{}'", fen.escape_debug()),
            CliError::Move(e) => write!(f, "{e}"),
            CliError::Net(e) => write!(f, "{e}"),
            CliError::Data(message) | CliError::Argument(message) => write!(f, "{message}"),
            CliError::CheckFailed { bad, total } => write!(f, "{bad} of {total} variant files have problems"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<RegistryError> for CliError {
    fn from(e: RegistryError) -> CliError {
        CliError::Variant(e)
    }
}

impl From<NetError> for CliError {
    fn from(e: NetError) -> CliError {
        CliError::Net(e)
    }
}

impl From<MoveError> for CliError {
    fn from(e: MoveError) -> CliError {
        CliError::Move(e)
    }
}
