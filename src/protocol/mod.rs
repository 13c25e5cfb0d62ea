//! The engine's protocols. One loop reads stdin; the first command picks the protocol (`usi`,
//! `xboard`, `ucci`; anything else is taken as UCI). Each line is parsed into a typed [`Command`]; a line that
//! does not parse gets `info string error: ...` and changes nothing. Searches run on their own
//! thread so `stop`, `isready` and `ponderhit` are answered while they run.

mod diagram;
pub mod error;
pub mod input;
pub mod options;
mod session;
pub mod ucci;
pub mod uci;
pub mod usi;
pub mod xboard;

pub use error::{CommandError, OptionError, SessionError};
pub use session::{EngineOptions, GameSession, Session, enable_threads};

use crate::engine::registry::RegistryError;
use crate::search::Limits;
use input::{Line, Lines, MAX_LINE_BYTES};

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The variant's start position.
    StartPos,
    /// A position in the protocol's FEN dialect (SFEN in USI).
    Fen(String),
}

/// A parsed protocol command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list options.
    Hello,
    /// `isready`: answer `readyok` (after loading the net).
    IsReady,
    /// `ucinewgame`/`usinewgame`: clear the search state.
    NewGame,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its value, if given.
        value: Option<String>,
    },
    /// `position`: a start and moves from it.
    Position {
        /// Where the position starts.
        start: Start,
        /// Moves played from there, in the protocol's notation.
        moves: Vec<String>,
    },
    /// `go` with its limits.
    Go {
        /// What the search may use.
        limits: Limits,
        /// Problems with the line that were mended (a negative time counted as 0), for the
        /// GUI to see as `info string error` lines.
        warnings: Vec<String>,
    },
    /// USI `go mate`: a mate search within this many milliseconds (`None`: until `stop`).
    GoMate(Option<u64>),
    /// USI `gameover`: the game has ended; stop any search.
    GameOver,
    /// `go perft N`
    Perft(u32),
    /// `stop`: end the search, print the best move.
    Stop,
    /// `ponderhit`: the expected move was played; go on searching on the clock.
    PonderHit,
    /// `d`: print the position as a diagram, then `info string fen <FEN>`.
    Display,
    /// `quit`.
    Quit,
    /// Lines to ignore (`debug`, `register`, empty lines).
    Ignore,
    /// An XBoard command with no UCI counterpart.
    Xboard(xboard::XCommand),
    /// A UCCI command with no UCI counterpart.
    Ucci(ucci::UcciCommand),
}

impl Command {
    /// `go perft N` (XBoard: `perft N`), refused past
    /// [`crate::game::perft::MAX_PERFT_DEPTH`] plies: perft recurses once per ply.
    ///
    /// # Errors
    /// [`CommandError::PerftTooDeep`].
    pub fn perft(depth: u32) -> Result<Command, CommandError> {
        if depth > crate::game::perft::MAX_PERFT_DEPTH {
            return Err(CommandError::PerftTooDeep(depth));
        }
        Ok(Command::Perft(depth))
    }
}

/// The protocol spoken: chosen by the first command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flavor {
    /// UCI (chess and fairy variants).
    Uci,
    /// USI (shogi).
    Usi,
    /// XBoard/WinBoard (CECP version 2).
    Xboard,
    /// UCCI (xiangqi GUIs).
    Ucci,
}

impl Flavor {
    fn parse(self, line: &str) -> Result<Command, CommandError> {
        match self {
            Flavor::Uci => uci::parse(line),
            Flavor::Usi => usi::parse(line),
            Flavor::Xboard => xboard::parse(line),
            Flavor::Ucci => ucci::parse(line),
        }
    }

    /// Prints an error about `line` for the GUI: UCI and USI as `info string error:` lines,
    /// XBoard as `Error (message): line`.
    fn report(self, error: &dyn std::fmt::Display, line: &str) {
        match self {
            Flavor::Xboard => {
                let message = error.to_string().replace('\n', "; ");
                let command: String = line.trim().chars().take(64).collect();
                println!("Error ({message}): {}", command.escape_debug());
            }
            _ => report_error(error),
        }
    }
}

/// Builds a session for a variant: what `with_game` runs to start or switch games.
struct MakeSession {
    flavor: Flavor,
    options: EngineOptions,
}

impl crate::engine::registry::ForGame for MakeSession {
    type Output = Box<dyn Session>;
    fn run<G: crate::game::Game>(
        self,
        variant: &G::Variant,
        name: &str,
        embedded: Option<&'static [u8]>,
    ) -> Box<dyn Session> {
        Box::new(GameSession::<G>::new(
            name,
            variant.clone(),
            embedded,
            self.flavor,
            self.options,
        ))
    }
}

/// Reports a line that was not read (not UTF-8, or over the length cap) in `flavor`'s form.
fn report_unreadable(flavor: Flavor, line: &Line) {
    match line {
        Line::Text(_) => {}
        Line::NotUtf8 => flavor.report(&"a line that is not UTF-8 text was ignored", ""),
        Line::TooLong(n) => flavor.report(
            &format!("a line of {n} bytes (more than {MAX_LINE_BYTES}) was ignored"),
            "",
        ),
    }
}

/// Prints an error for the GUI: one `info string error:` line per line of the message.
fn report_error(error: &dyn std::fmt::Display) {
    for line in error.to_string().lines() {
        println!("info string error: {line}");
    }
}

/// The protocol loop's state: the protocol, the session and whether `quit` was read. [`run`]
/// feeds it stdin's lines; tests and fuzzers feed it lines of their own.
pub struct Protocol {
    flavor: Flavor,
    session: Box<dyn Session>,
    quit: bool,
}

impl Protocol {
    /// A loop whose first command is `first`: `usi` picks USI (default variant shogi), `xboard`
    /// XBoard, `ucci` UCCI (default xiangqi), anything else UCI (default chess); `variant`
    /// overrides the default. `first` itself is not run.
    ///
    /// # Errors
    /// An unknown variant name.
    pub fn new(first: &str, variant: Option<&str>) -> Result<Protocol, RegistryError> {
        let flavor = match first.split_whitespace().next() {
            Some("usi") => Flavor::Usi,
            Some("xboard") => Flavor::Xboard,
            Some("ucci") => Flavor::Ucci,
            _ => Flavor::Uci,
        };
        let name = variant.unwrap_or(match flavor {
            Flavor::Usi => "shogi",
            Flavor::Ucci => "xiangqi",
            _ => "chess",
        });
        let session = Self::make(flavor, name, EngineOptions::default())?;
        Ok(Protocol {
            flavor,
            session,
            quit: false,
        })
    }

    fn make(flavor: Flavor, name: &str, options: EngineOptions) -> Result<Box<dyn Session>, RegistryError> {
        crate::engine::registry::with_game(name, MakeSession { flavor, options })
    }

    /// Carries out one input line; errors are printed as `info string error:` lines. Returns
    /// `false` once `quit` has been read (the search stopped and waited for).
    pub fn line(&mut self, line: Line) -> bool {
        if self.quit {
            return false;
        }
        let text = match line {
            Line::Text(text) => text,
            other => {
                report_unreadable(self.flavor, &other);
                return true;
            }
        };
        match self.flavor.parse(&text) {
            Ok(Command::Quit) => {
                self.stop_and_wait();
                if self.flavor == Flavor::Ucci {
                    println!("bye");
                }
                self.quit = true;
            }
            Ok(cmd) => match self.session.handle(cmd) {
                Ok(Some(switch)) => match Self::make(self.flavor, &switch, self.session.options()) {
                    Ok(new) => {
                        self.stop_and_wait();
                        self.session = new;
                        self.session.announce();
                    }
                    Err(e) => self.flavor.report(&e, &text),
                },
                Ok(None) => {}
                Err(e) => self.flavor.report(&e, &text),
            },
            Err(e) => self.flavor.report(&e, &text),
        }
        !self.quit
    }

    /// Stops whatever runs (search, ponder, perft) and waits for its answer.
    pub fn stop_and_wait(&mut self) {
        self.session.stop();
        self.session.wait();
    }

    /// End of input: lets a finite search finish and print its move; stops an endless one.
    pub fn finish(&mut self) {
        self.session.finish();
    }
}

/// Runs the protocol loop on stdin/stdout until `quit` or end of input. The first command picks
/// the protocol ([`Protocol::new`]); `variant` overrides its default variant.
///
/// # Errors
/// An unknown variant name.
pub fn run(variant: Option<&str>) -> Result<(), RegistryError> {
    let stdin = std::io::stdin();
    let mut lines = Lines::new(stdin.lock(), MAX_LINE_BYTES);
    // Blank lines before the first command are passed over; lines that are not text are
    // reported as everywhere else.
    let first = lines.by_ref().find_map(|line| match line {
        Line::Text(text) if !text.trim().is_empty() => Some(text),
        Line::Text(_) => None,
        other => {
            // Before the first command no protocol is chosen: UCI's form.
            report_unreadable(Flavor::Uci, &other);
            None
        }
    });
    let Some(first) = first else { return Ok(()) };
    let mut protocol = Protocol::new(&first, variant)?;
    for line in std::iter::once(Line::Text(first)).chain(lines) {
        if !protocol.line(line) {
            return Ok(());
        }
    }
    protocol.finish();
    Ok(())
}
