//! The engine's protocols. One loop reads stdin; the first command picks the protocol (`uci`;
//! anything else is taken as UCI too). Each line is parsed into a typed [`Command`]; a line that
//! does not parse gets `info string error: ...` and changes nothing. Searches run on their own
//! thread so `stop`, `isready` and `ponderhit` are answered while they run.

mod session;
pub mod uci;

pub use session::{GameSession, Session};

use crate::search::Limits;
use std::io::BufRead;

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// A parsed protocol command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list options.
    Hello,
    IsReady,
    NewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Limits),
    /// `go perft N`
    Perft(u32),
    Stop,
    PonderHit,
    /// `d`: print the position.
    Display,
    Quit,
    /// Lines to ignore (`debug`, `register`, empty lines).
    Ignore,
}

/// Runs the protocol loop on stdin/stdout until `quit` or end of input. `session` is the
/// game the engine starts with.
pub fn run(mut session: Box<dyn Session>) {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        match uci::parse(&line) {
            Ok(Command::Quit) => {
                session.stop();
                session.wait();
                return;
            }
            Ok(cmd) => {
                if let Err(e) = session.handle(cmd) {
                    println!("info string error: {e}");
                }
            }
            Err(e) => println!("info string error: {e}"),
        }
    }
    // End of input: let a finite search finish and print its move; stop an endless one.
    session.finish();
}
