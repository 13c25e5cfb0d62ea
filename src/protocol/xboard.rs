//! XBoard/WinBoard (the Chess Engine Communication Protocol, version 2, T. Mann and H.G.
//! Muller; <https://www.gnu.org/software/xboard/engine-intf.html>): parsing of the GUI's lines
//! into [`Command`]s, the `feature` lines, the thinking output, the result claims, and the
//! `setup`/`piece` commands that teach XBoard a variant it does not know (board size, start
//! position, each piece's moves in Betza notation), as Fairy-Stockfish sends them.
//!
//! In XBoard the engine keeps the game: the GUI sends the opponent's moves (`usermove`), the
//! clocks (`time`, `otim`, in centiseconds) and modes (`force`, `go`, `playother`, `analyze`);
//! the engine answers `move ...` when it is its turn. The session carries the game flow
//! (`session/xboard.rs`); this module only reads and writes the protocol's text.

use super::Command;
use super::error::CommandError;
use crate::search::{Info, Score};
use crate::variant::Definition;

/// An XBoard command that UCI has no counterpart for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XCommand {
    /// `protover N`: answer with the `feature` lines.
    Protover,
    /// `new`: standard chess from the start, the engine plays Black, leave force mode.
    New,
    /// `force`: the engine plays neither side (moves are only recorded).
    Force,
    /// `go`: the engine plays the side to move, starting now.
    Go,
    /// `playother`: the engine plays the side not to move.
    PlayOther,
    /// `usermove MOVE` (or a bare move): the opponent's move.
    UserMove(String),
    /// `time N` (engine's clock, `own`) or `otim N`, in centiseconds.
    Clock {
        /// Whether it is the engine's own clock.
        own: bool,
        /// Centiseconds left.
        centis: u64,
    },
    /// `level MPS BASE INC`: MPS moves per BASE (0: the whole game), INC per move.
    Level {
        /// Moves per time control (0: none).
        moves: u32,
        /// Base time in milliseconds.
        base_ms: u64,
        /// Increment in milliseconds.
        inc_ms: u64,
    },
    /// `st N`: exactly N seconds per move (in milliseconds here).
    MoveTime(u64),
    /// `sd N`: search at most N plies.
    Depth(u32),
    /// `post` / `nopost`: print thinking or not.
    Post(bool),
    /// `analyze`: search the position until told otherwise, re-starting after each change.
    Analyze,
    /// `exit`: leave analyze mode.
    ExitAnalyze,
    /// `undo` (1 ply) and `remove` (2 plies).
    Undo(u32),
    /// `setboard FEN`.
    SetBoard(String),
    /// `result ...`: the game is over; stop and wait for `new`.
    Result,
    /// `?`: move now.
    MoveNow,
    /// `ping N`: answer `pong N` once every earlier command is done.
    Ping(String),
}

/// The words of a line, cut at the first one longer than any command needs.
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

fn number<T: std::str::FromStr>(key: &str, word: Option<&&str>) -> Result<T, CommandError> {
    let Some(word) = word else {
        return Err(CommandError::MissingNumber { key: key.to_string() });
    };
    word.parse::<T>().map_err(|_| CommandError::BadNumber {
        key: key.to_string(),
        found: word.to_string(),
    })
}

/// Seconds as XBoard writes them (`5`, `0.5`, `2:30` = minutes:seconds for `level`'s base) in
/// milliseconds; `None` for anything else or more than a year.
fn seconds_ms(text: &str, minutes: bool) -> Option<u64> {
    let secs = match text.split_once(':') {
        Some((m, s)) => m.parse::<u64>().ok()?.checked_mul(60)? as f64 + s.parse::<u64>().ok()? as f64,
        None => {
            let v: f64 = text.parse().ok()?;
            if minutes { v * 60.0 } else { v }
        }
    };
    (secs.is_finite() && (0.0..=31_536_000.0).contains(&secs)).then(|| (secs * 1000.0).round() as u64)
}

/// Parses one XBoard line.
///
/// # Errors
/// [`CommandError`] for an unknown command or a malformed number (printed as
/// `Error (...): line`).
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let tokens = words(line);
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(Command::Ignore);
    };
    let x = |c: XCommand| Ok(Command::Xboard(c));
    match head {
        "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" | "hard" | "easy"
        | "draw" | "hint" | "bk" | "." | "nps" | "otherclock" | "lift" | "put" | "hover" => Ok(Command::Ignore),
        "protover" => x(XCommand::Protover),
        "new" => x(XCommand::New),
        "quit" => Ok(Command::Quit),
        "force" => x(XCommand::Force),
        "go" => x(XCommand::Go),
        "playother" => x(XCommand::PlayOther),
        "usermove" => match rest.first() {
            Some(m) => x(XCommand::UserMove(m.to_string())),
            None => Err(CommandError::Unknown("usermove without a move".to_string())),
        },
        "time" | "otim" => {
            // A clock below zero (the GUI's flag fell) counts as none left.
            let centis: i64 = number(head, rest.first())?;
            x(XCommand::Clock {
                own: head == "time",
                centis: centis.max(0) as u64,
            })
        }
        "level" => {
            let moves: u32 = number("level", rest.first())?;
            let bad = |w: Option<&&str>| CommandError::BadNumber {
                key: "level".to_string(),
                found: w.map_or_else(String::new, |w| w.to_string()),
            };
            let base_ms = rest
                .get(1)
                .and_then(|w| seconds_ms(w, true))
                .ok_or_else(|| bad(rest.get(1)))?;
            let inc_ms = rest
                .get(2)
                .and_then(|w| seconds_ms(w, false))
                .ok_or_else(|| bad(rest.get(2)))?;
            x(XCommand::Level { moves, base_ms, inc_ms })
        }
        "st" => rest.first().and_then(|w| seconds_ms(w, false)).map_or_else(
            || {
                Err(CommandError::BadNumber {
                    key: "st".to_string(),
                    found: rest.first().map_or_else(String::new, |w| w.to_string()),
                })
            },
            |ms| x(XCommand::MoveTime(ms)),
        ),
        "sd" => x(XCommand::Depth(
            number::<u32>("sd", rest.first())?.min(crate::search::MAX_PLY as u32),
        )),
        "post" => x(XCommand::Post(true)),
        "nopost" => x(XCommand::Post(false)),
        "analyze" => x(XCommand::Analyze),
        "exit" => x(XCommand::ExitAnalyze),
        "undo" => x(XCommand::Undo(1)),
        "remove" => x(XCommand::Undo(2)),
        "setboard" => match line.trim_start().strip_prefix("setboard") {
            Some(fen) if !fen.trim().is_empty() => x(XCommand::SetBoard(fen.trim().to_string())),
            _ => Err(CommandError::PositionMissing { keyword: "setboard" }),
        },
        "result" => x(XCommand::Result),
        "?" => x(XCommand::MoveNow),
        "ping" => x(XCommand::Ping(rest.first().map_or_else(String::new, |w| w.to_string()))),
        "variant" => match rest.first() {
            Some(v) => Ok(Command::SetOption {
                name: "UCI_Variant".to_string(),
                value: Some(from_xboard_name(v).to_string()),
            }),
            None => Err(CommandError::Unknown("variant without a name".to_string())),
        },
        "memory" => Ok(Command::SetOption {
            name: "Hash".to_string(),
            value: Some(number::<u64>("memory", rest.first())?.to_string()),
        }),
        "cores" => Ok(Command::SetOption {
            name: "Threads".to_string(),
            value: Some(number::<u64>("cores", rest.first())?.to_string()),
        }),
        "option" => {
            let text = line.trim_start().strip_prefix("option").unwrap_or_default().trim();
            let (name, value) = match text.split_once('=') {
                Some((n, v)) => (n.trim(), Some(v.trim().to_string())),
                None => (text, None),
            };
            if name.is_empty() {
                return Err(CommandError::SetOptionNoName);
            }
            // Check boxes come as 0/1.
            let value = value.map(|v| match v.as_str() {
                "1" if is_check_option(name) => "true".to_string(),
                "0" if is_check_option(name) => "false".to_string(),
                _ => v,
            });
            Ok(Command::SetOption {
                name: name.to_string(),
                value,
            })
        }
        "perft" => Command::perft(number::<u32>("perft", rest.first())?),
        "d" => Ok(Command::Display),
        // A GUI that refused `usermove=1` sends moves bare.
        other if looks_like_move(other) => x(XCommand::UserMove(other.to_string())),
        other => Err(CommandError::Unknown(other.to_string())),
    }
}

/// Whether a word has the shape of a move in coordinate notation (`e2e4`, `a7a8q`, `c10c9`,
/// `P@e4`, `O-O`): such a word is taken as the opponent's move.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    let square_at = |i: usize| -> Option<usize> {
        let file = *b.get(i)?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        (1..=2).contains(&digits).then_some(i + 1 + digits)
    };
    if matches!(word, "O-O" | "O-O-O") {
        return true;
    }
    if b.len() >= 4 && b[0].is_ascii_uppercase() && b[1] == b'@' {
        return square_at(2) == Some(b.len());
    }
    match square_at(0).and_then(square_at) {
        Some(end) => b.len() - end <= 1,
        None => false,
    }
}

fn is_check_option(name: &str) -> bool {
    super::options::options()
        .iter()
        .any(|o| o.uci == Some(name) && matches!(o.kind, super::options::OptionType::Check { .. }))
}

/// XBoard's name for a variant: `normal` for chess, `fischerandom` for Chess960.
pub fn xboard_name(variant: &str) -> &str {
    match variant {
        "chess" => "normal",
        "chess960" => "fischerandom",
        other => other,
    }
}

/// The engine's variant for an XBoard name.
fn from_xboard_name(name: &str) -> &str {
    match name {
        "normal" => "chess",
        other => other,
    }
}

/// Variants XBoard and WinBoard know by name (Fairy-Stockfish's list): no `setup` is sent
/// for them.
const XBOARD_VARIANTS: &[&str] = &[
    "normal",
    "nocastle",
    "fischerandom",
    "knightmate",
    "3check",
    "makruk",
    "shatranj",
    "asean",
    "seirawan",
    "crazyhouse",
    "bughouse",
    "suicide",
    "giveaway",
    "losers",
    "atomic",
    "capablanca",
    "gothic",
    "janus",
    "caparandom",
    "grand",
    "shogi",
    "xiangqi",
    "berolina",
    "spartan",
];

/// The `feature` lines answering `protover 2`: every known variant in XBoard's names.
pub fn features(variants: &[String]) -> Vec<String> {
    let mut names: Vec<&str> = variants.iter().map(|v| xboard_name(v)).collect();
    names.insert(1.min(names.len()), "fischerandom");
    vec![
        "feature done=0".to_string(),
        format!(
            "feature myname=\"nue {}\" setboard=1 usermove=1 san=0 ping=1 memory=1 smp=1 time=1 draw=0 \
             sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 name=0 nps=0 debug=1 exclude=0 variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ),
        "feature option=\"EvalFile -string \"".to_string(),
        "feature option=\"MultiPV -spin 1 1 256\"".to_string(),
        "feature option=\"Move Overhead -spin 10 0 5000\"".to_string(),
        "feature option=\"VariantPath -string \"".to_string(),
        "feature done=1".to_string(),
    ]
}

/// XBoard's piece slots in its internal order: the letter a piece of that slot shows by default.
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// The `setup` and `piece` lines that teach XBoard a variant it does not know: the board
/// (`FILESxRANKS+0_fairy`), the start position, the letter of each piece (placed in the slot
/// of XBoard's that shows that letter by default, else in a free one) and its moves in Betza
/// notation, with the initial double step of pawns (`ifmnD`) and castling (`O2`) added as
/// Fairy-Stockfish does. Nothing for variants XBoard knows.
pub fn setup_lines(def: &Definition) -> Vec<String> {
    if XBOARD_VARIANTS.contains(&def.name.as_str()) || def.name == "chess" {
        return Vec::new();
    }
    let mut table = vec!['.'; SLOTS.len()];
    let mut pending = Vec::new();
    for piece in &def.pieces {
        let upper = piece.letter.to_ascii_uppercase();
        match SLOTS.find(upper) {
            Some(i) if table[i] == '.' => table[i] = upper,
            _ => pending.push(upper),
        }
    }
    for letter in pending {
        // Fewer pieces than slots in every variant file the schema accepts; a surplus piece
        // is left out of the table rather than overwrite another.
        if let Some(i) = table.iter().rposition(|&c| c == '.') {
            table[i] = letter;
        }
    }
    let used = table.iter().rposition(|&c| c != '.').map_or(0, |i| i + 1);
    let white: String = table[..used].iter().collect();
    let black = white.to_ascii_lowercase();
    let mut lines = vec![format!(
        "setup ({white}{black}) {}x{}+0_fairy {}",
        def.files, def.ranks, def.start_fen
    )];
    for piece in &def.pieces {
        let mut betza = piece.betza_text.clone();
        // The double step the compiler added to pawns (`double_step`), which the file's
        // Betza string does not show.
        let double_step = piece
            .betza
            .atoms
            .iter()
            .any(|a| a.initial && (a.df, a.dr) == (0, 2) && a.quiet && !a.capture);
        if piece.pawn && double_step && !betza.contains('i') {
            betza.push_str("ifmnD");
        }
        if piece.royal
            && let Some(c) = &def.castling
        {
            betza.push_str(&format!(
                "O{}",
                (c.kingside_file as i32 - c.queenside_file as i32).abs() / 2
            ));
        }
        lines.push(format!("piece {}& {betza}", piece.letter.to_ascii_uppercase()));
    }
    lines
}

/// A thinking line: `DEPTH SCORE TIME NODES PV`, the score in centipawns for the side to move
/// (a mate in N moves as 100000 + N, being mated as -100000 - N), the time in centiseconds.
pub fn format_thinking(info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => cp,
        Score::MatePlies(p) if p > 0 => 100_000 + (p + 1) / 2,
        Score::MatePlies(p) => -100_000 - (-p + 1) / 2,
    };
    format!(
        "{} {score} {} {} {}",
        info.depth,
        info.time_ms / 10,
        info.nodes,
        info.pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_clocks_levels_and_moves() {
        assert_eq!(
            parse("level 40 5 0"),
            Ok(Command::Xboard(XCommand::Level {
                moves: 40,
                base_ms: 300_000,
                inc_ms: 0
            }))
        );
        assert_eq!(
            parse("level 0 2:30 0.5"),
            Ok(Command::Xboard(XCommand::Level {
                moves: 0,
                base_ms: 150_000,
                inc_ms: 500
            }))
        );
        assert_eq!(
            parse("time -20"),
            Ok(Command::Xboard(XCommand::Clock { own: true, centis: 0 }))
        );
        assert_eq!(parse("st 2"), Ok(Command::Xboard(XCommand::MoveTime(2000))));
        assert_eq!(
            parse("usermove e2e4"),
            Ok(Command::Xboard(XCommand::UserMove("e2e4".into())))
        );
        assert_eq!(
            parse("variant normal"),
            Ok(Command::SetOption {
                name: "UCI_Variant".into(),
                value: Some("chess".into())
            })
        );
        assert_eq!(
            parse("setboard 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Ok(Command::Xboard(XCommand::SetBoard(
                "8/8/8/8/8/8/8/K6k w - - 0 1".into()
            )))
        );
        for bad in [
            "level 40 x 0",
            "level",
            "st -1",
            "st 1e300",
            "time x",
            "sd",
            "setboard",
            "frobnicate",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn thinking_scores_mates_in_moves() {
        let info = |score| Info {
            depth: 7,
            seldepth: 9,
            multipv: 1,
            score,
            lower_bound: None,
            nodes: 1234,
            nps: 0,
            hashfull: 0,
            time_ms: 1520,
            pv: vec!["e2e4".into(), "e7e5".into()],
        };
        assert_eq!(format_thinking(&info(Score::Cp(31))), "7 31 152 1234 e2e4 e7e5");
        assert_eq!(
            format_thinking(&info(Score::MatePlies(3))),
            "7 100002 152 1234 e2e4 e7e5"
        );
        assert_eq!(
            format_thinking(&info(Score::MatePlies(-2))),
            "7 -100001 152 1234 e2e4 e7e5"
        );
    }
}
