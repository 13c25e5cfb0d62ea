//! UCCI (the Universal Chinese Chess Protocol, version 3.0, xqbase.com 2007), the protocol of
//! xiangqi GUIs, picked when the first command is `ucci`: parsing into [`Command`]s and the
//! text of the engine's answers.
//!
//! Where it differs from UCI: options are set as `setoption NAME VALUE`; `go` gives the side to
//! move's clock as `time`/`increment` and the opponent's as `opptime`/`oppincrement`, in
//! seconds unless the GUI sets `usemillisec`; `banmoves` forbids moves at the root (repetition
//! rulings); `info` scores carry no `cp`; `nobestmove` answers a position without a move and
//! `bye` answers `quit`. On 10-rank boards squares are named with ranks `0`-`9` (`h2e2`), where
//! UCI counts `1`-`10` (`h3e3`); [`to_uci_move`] and [`from_uci_move`] translate.

use super::error::CommandError;
use super::{Command, uci};
use crate::search::{Info, Limits, Score};

/// A UCCI command that UCI has no counterpart for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UcciCommand {
    /// `go`: the search limits and the clocks, which belong to the side to move and its
    /// opponent rather than to colors.
    Go(UcciGo),
    /// `banmoves MOVES`: moves the next searches of this position may not play.
    BanMoves(Vec<String>),
}

/// A UCCI clock: time left and increment, in the GUI's unit (seconds, or milliseconds with
/// `usemillisec`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Option<u64>,
    /// Increment per move.
    pub increment: u64,
}

/// A parsed UCCI `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UcciGo {
    /// Depth, nodes, moves to go, `infinite` and `ponder` (clocks are in `own` and `opponent`).
    pub limits: Limits,
    /// The side to move's clock (`time`, `increment`).
    pub own: Clock,
    /// The opponent's clock (`opptime`, `oppincrement`).
    pub opponent: Clock,
}

/// Mate scores as UCCI GUIs read them: `MATE_SCORE - plies`, ElephantEye's convention (UCCI
/// scores are plain numbers).
const MATE_SCORE: i32 = 10_000;

/// Parses one UCCI line.
///
/// # Errors
/// [`CommandError`] saying what is wrong with the line.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(Command::Ignore);
    };
    match head {
        "ucci" => Ok(Command::Hello),
        "uccinewgame" | "ucinewgame" => Ok(Command::NewGame),
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "banmoves" => Ok(Command::Ucci(UcciCommand::BanMoves(
            rest.iter().map(|m| m.to_string()).collect(),
        ))),
        "go" => parse_go(rest),
        // `ponderhit draw`: the opponent offers a draw with the move; the engine plays on.
        "ponderhit" => Ok(Command::PonderHit),
        "isready" | "stop" | "quit" | "d" => uci::parse(head),
        other => Err(CommandError::Unknown(other.to_string())),
    }
}

/// `setoption NAME [VALUE]`; UCI's `setoption name NAME value VALUE` is read too.
fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    if rest.first() == Some(&"name") {
        return uci::parse(&format!("setoption {}", rest.join(" ")));
    }
    let Some((&name, value)) = rest.split_first() else {
        return Err(CommandError::SetOptionNoName);
    };
    let value = (!value.is_empty()).then(|| value.join(" "));
    Ok(Command::SetOption {
        name: name.to_string(),
        value,
    })
}

/// `position fen FEN [moves ...]` or `position startpos [moves ...]`; a FEN whose side to move
/// is `r` (red, as some GUIs write it) is read as `w`. The moves stay in UCCI's squares: only
/// the session knows whether the board has 10 ranks.
fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    match uci::parse_position(rest, "fen")? {
        Command::Position { start, moves } => {
            let start = match start {
                super::Start::Fen(fen) => {
                    let mut fields: Vec<&str> = fen.split(' ').collect();
                    if fields.get(1) == Some(&"r") {
                        fields[1] = "w";
                    }
                    super::Start::Fen(fields.join(" "))
                }
                other => other,
            };
            Ok(Command::Position { start, moves })
        }
        other => Ok(other),
    }
}

/// A clock value: a negative one (a GUI whose clock ran over) counts as 0, so the engine
/// moves at once rather than refusing the line and leaving the GUI without a move.
fn clock(rest: &[&str], at: usize, key: &str) -> Result<u64, CommandError> {
    uci::number::<i64>(rest, at, key).map(|v| v.max(0) as u64)
}

/// Reads the number at `rest[at]` into the field `key` names.
fn set_go_value(go: &mut UcciGo, key: &str, rest: &[&str], at: usize) -> Result<(), CommandError> {
    match key {
        "depth" => go.limits.depth = Some(uci::number(rest, at, key)?),
        "nodes" => go.limits.nodes = Some(uci::number(rest, at, key)?),
        "movetime" => go.limits.move_time = Some(uci::number(rest, at, key)?),
        "movestogo" => go.limits.moves_to_go = Some(uci::number(rest, at, key)?),
        // The opponent's moves to go do not change this move's time.
        "oppmovestogo" => {
            uci::number::<u32>(rest, at, key)?;
        }
        "time" => go.own.time = Some(clock(rest, at, key)?),
        "increment" => go.own.increment = clock(rest, at, key)?,
        "opptime" => go.opponent.time = Some(clock(rest, at, key)?),
        "oppincrement" => go.opponent.increment = clock(rest, at, key)?,
        other => return Err(CommandError::UnknownGoParameter(other.to_string())),
    }
    Ok(())
}

/// `go [ponder|draw] depth N | nodes N | time T [movestogo N | increment I] [opptime T
/// [oppmovestogo N | oppincrement I]] | infinite`; UCI's `movetime` is read too.
fn parse_go(rest: &[&str]) -> Result<Command, CommandError> {
    let mut go = UcciGo::default();
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            "ponder" => go.limits.ponder = true,
            // A draw offer: the engine plays on.
            "draw" => {}
            "infinite" => go.limits.infinite = true,
            "depth" if rest.get(i + 1) == Some(&"infinite") => {
                go.limits.infinite = true;
                i += 1;
            }
            key => {
                set_go_value(&mut go, key, rest, i + 1)?;
                i += 1;
            }
        }
        i += 1;
    }
    go.limits.timed = go.own.time.is_some() || go.own.increment > 0;
    Ok(Command::Ucci(UcciCommand::Go(go)))
}

/// Rewrites each square of a move, `letter` then digits, with `shift` added to its rank
/// number; other characters (drops' `@`, promotion letters) are kept.
fn shift_ranks(text: &str, shift: i32) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        if c.is_ascii_lowercase() {
            // Ranks have at most two digits; longer runs are left for the move parser to refuse.
            let digits: String = chars[i..].iter().take_while(|d| d.is_ascii_digit()).collect();
            if let Ok(rank) = digits.parse::<i32>()
                && digits.len() <= 2
            {
                out.push_str(&(rank + shift).max(0).to_string());
                i += digits.len();
            }
        }
    }
    out
}

/// A move in UCCI's squares (ranks `0`-`9`) in UCI's (ranks `1`-`10`), for a 10-rank board.
pub fn to_uci_move(text: &str) -> String {
    shift_ranks(text, 1)
}

/// A move in UCI's squares in UCCI's, for a 10-rank board.
pub fn from_uci_move(text: &str) -> String {
    shift_ranks(text, -1)
}

/// Formats an `info` line: the score as a plain number (mates as `±(10000 - plies)`), the PV
/// in UCCI's squares when `ten_ranks`.
pub fn format_info(info: &Info, ten_ranks: bool) -> String {
    let score = match info.score {
        Score::Cp(cp) => cp,
        Score::MatePlies(p) if p >= 0 => MATE_SCORE - p,
        Score::MatePlies(p) => -MATE_SCORE - p,
    };
    let pv: Vec<String> = info
        .pv
        .iter()
        .map(|m| if ten_ranks { from_uci_move(m) } else { m.clone() })
        .collect();
    format!(
        "info depth {} score {score} time {} nodes {} pv {}",
        info.depth,
        info.time_ms,
        info.nodes,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_shift_between_ucci_and_uci() {
        assert_eq!(to_uci_move("h2e2"), "h3e3");
        assert_eq!(to_uci_move("b9c7"), "b10c8");
        assert_eq!(to_uci_move("a2147483647b1"), "a2147483647b2");
        assert_eq!(from_uci_move("b10c8"), "b9c7");
        assert_eq!(from_uci_move("a1a2"), "a0a1");
    }

    #[test]
    fn go_reads_own_and_opponent_clocks() {
        let Command::Ucci(UcciCommand::Go(go)) =
            parse("go draw time 300 increment 2 opptime 250 oppincrement 3").expect("valid")
        else {
            panic!("not a go")
        };
        assert_eq!(
            go.own,
            Clock {
                time: Some(300),
                increment: 2
            }
        );
        assert_eq!(
            go.opponent,
            Clock {
                time: Some(250),
                increment: 3
            }
        );
        assert!(go.limits.timed);
        let Command::Ucci(UcciCommand::Go(go)) = parse("go ponder depth 12").expect("valid") else {
            panic!("not a go")
        };
        assert!(go.limits.ponder);
        assert_eq!(go.limits.depth, Some(12));
        let Command::Ucci(UcciCommand::Go(go)) = parse("go depth infinite").expect("valid") else {
            panic!("not a go")
        };
        assert!(go.limits.infinite);
        assert!(parse("go time x").is_err());
        let Command::Ucci(UcciCommand::Go(go)) = parse("go time -3 opptime 10").expect("valid") else {
            panic!("not a go")
        };
        assert_eq!(go.own.time, Some(0));
        assert!(parse("go sideways 3").is_err());
    }

    #[test]
    fn options_positions_and_scores() {
        assert_eq!(
            parse("setoption hashsize 64").expect("valid"),
            Command::SetOption {
                name: "hashsize".into(),
                value: Some("64".into())
            }
        );
        assert_eq!(
            parse("setoption name Hash value 64").expect("valid"),
            Command::SetOption {
                name: "Hash".into(),
                value: Some("64".into())
            }
        );
        assert!(parse("setoption").is_err());
        assert_eq!(
            parse("position fen 4k4/9/9/9/9/9/9/9/9/4K4 r - - 0 1 moves e0e1").expect("valid"),
            Command::Position {
                start: super::super::Start::Fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into()),
                moves: vec!["e0e1".into()]
            }
        );
        let info = uci::sample_info(Score::MatePlies(3), &["h3e3", "b10c8"]);
        assert_eq!(
            format_info(&info, true),
            "info depth 3 score 9997 time 1 nodes 10 pv h2e2 b9c7"
        );
        let info = Info {
            score: Score::MatePlies(-2),
            ..info
        };
        assert!(format_info(&info, false).contains("score -9998 "));
    }
}
