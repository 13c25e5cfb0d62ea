//! UCI (Universal Chess Interface, S. Meyer-Kahlen 2000; as extended by Fairy-Stockfish for
//! variants): parsing of the GUI's lines into [`Command`]s and formatting of the engine's
//! `info` lines.

use super::error::CommandError;
use super::{Command, Start};
use crate::search::{Info, Limits, Score};

/// Parses one line. Unknown commands and malformed arguments are errors that say what is wrong.
///
/// # Errors
/// [`CommandError`] saying what is wrong with the line.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(Command::Ignore);
    };
    match head {
        "uci" => Ok(Command::Hello),
        "isready" => Ok(Command::IsReady),
        "ucinewgame" => Ok(Command::NewGame),
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest, "fen"),
        "go" => parse_go(rest),
        "stop" => Ok(Command::Stop),
        "ponderhit" => Ok(Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "d" => Ok(Command::Display),
        "debug" | "register" => Ok(Command::Ignore),
        other => Err(CommandError::Unknown(other.to_string())),
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    if rest.first() != Some(&"name") || rest.len() < 2 {
        return Err(CommandError::SetOptionSyntax);
    }
    let value_at = rest.iter().position(|&t| t == "value");
    let name_end = value_at.unwrap_or(rest.len());
    if name_end <= 1 {
        return Err(CommandError::SetOptionNoName);
    }
    let name = rest[1..name_end].join(" ");
    let value = value_at.map(|i| rest[i + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

/// Parses `position startpos|<keyword> <fields...> [moves ...]`; the keyword is `fen` in UCI
/// and `sfen` in USI.
///
/// # Errors
/// [`CommandError`]: no start, a missing FEN, or words after `startpos`.
pub fn parse_position(rest: &[&str], keyword: &'static str) -> Result<Command, CommandError> {
    let moves_at = rest.iter().position(|&t| t == "moves");
    let spec = &rest[..moves_at.unwrap_or(rest.len())];
    let moves = moves_at.map_or_else(Vec::new, |i| rest[i + 1..].iter().map(|s| s.to_string()).collect());
    let start = match spec.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"startpos", extra)) => return Err(CommandError::PositionExtra(extra.join(" "))),
        Some((&k, fields)) if k == keyword && !fields.is_empty() => Start::Fen(fields.join(" ")),
        Some((&k, _)) if k == keyword => return Err(CommandError::PositionMissing { keyword }),
        Some((&other, _)) => {
            return Err(CommandError::PositionStart {
                keyword,
                found: Some(other.to_string()),
            });
        }
        None => return Err(CommandError::PositionStart { keyword, found: None }),
    };
    Ok(Command::Position { start, moves })
}

/// The number after `go`'s parameter `name` (at `tokens[i]`).
///
/// # Errors
/// [`CommandError::MissingNumber`] or [`CommandError::BadNumber`].
pub(super) fn number<T: std::str::FromStr>(tokens: &[&str], i: usize, name: &str) -> Result<T, CommandError> {
    match tokens.get(i) {
        Some(t) => t.parse().map_err(|_| CommandError::BadNumber {
            key: name.to_string(),
            found: t.to_string(),
        }),
        None => Err(CommandError::MissingNumber { key: name.to_string() }),
    }
}

/// A clock value in milliseconds. A negative one (a GUI whose clock has run over) counts as
/// zero, with a warning for the GUI: the engine then moves at once.
fn millis(tokens: &[&str], i: usize, name: &str, warnings: &mut Vec<String>) -> Result<u64, CommandError> {
    match tokens.get(i).map(|t| t.parse::<i64>()) {
        Some(Ok(v)) if v < 0 => {
            warnings.push(format!("go {name}: negative time {v} counted as 0"));
            Ok(0)
        }
        Some(Ok(v)) => Ok(v as u64),
        Some(Err(_)) => Err(CommandError::BadMillis {
            key: name.to_string(),
            found: tokens[i].to_string(),
        }),
        None => Err(CommandError::MissingNumber { key: name.to_string() }),
    }
}

const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "byoyomi",
];

/// Parses the arguments of `go`. `wtime`/`winc` belong to the first player (White; sente in
/// shogi, where USI sends them as `btime`/`binc`, see `super::usi`).
///
/// # Errors
/// [`CommandError`]: an unknown parameter or a malformed number.
pub fn parse_go(rest: &[&str]) -> Result<Command, CommandError> {
    let mut limits = Limits::default();
    let mut warnings = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        match key {
            "wtime" => limits.time[0] = Some(millis(rest, i + 1, key, &mut warnings)?),
            "btime" => limits.time[1] = Some(millis(rest, i + 1, key, &mut warnings)?),
            "winc" => limits.inc[0] = millis(rest, i + 1, key, &mut warnings)?,
            "binc" => limits.inc[1] = millis(rest, i + 1, key, &mut warnings)?,
            "byoyomi" => limits.byoyomi = Some(millis(rest, i + 1, key, &mut warnings)?),
            "movestogo" => limits.moves_to_go = Some(number(rest, i + 1, key)?),
            "depth" => limits.depth = Some(number(rest, i + 1, key)?),
            "nodes" => limits.nodes = Some(number(rest, i + 1, key)?),
            "movetime" => limits.move_time = Some(millis(rest, i + 1, key, &mut warnings)?),
            "mate" => limits.mate = Some(number(rest, i + 1, key)?),
            "perft" => return Command::perft(number(rest, i + 1, key)?),
            "infinite" => {
                limits.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                limits.ponder = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                i += 1;
                while i < rest.len() && !GO_KEYWORDS.contains(&rest[i]) {
                    limits.search_moves.push(rest[i].to_string());
                    i += 1;
                }
                continue;
            }
            other => return Err(CommandError::UnknownGoParameter(other.to_string())),
        }
        if matches!(key, "wtime" | "btime" | "winc" | "binc" | "byoyomi") {
            limits.timed = true;
        }
        i += 2;
    }
    Ok(Command::Go { limits, warnings })
}

/// Formats an `info` line: score in centipawns or mate (in moves for UCI, in plies when
/// `mate_in_plies`, as USI counts), then the win/draw/loss permille when given
/// (`UCI_ShowWDL`), `pv` last.
pub fn format_info(info: &Info, mate_in_plies: bool, wdl: Option<[u32; 3]>) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::MatePlies(p) if mate_in_plies => format!("mate {p}"),
        Score::MatePlies(p) => format!("mate {}", if p > 0 { (p + 1) / 2 } else { -((-p + 1) / 2) }),
    };
    let bound = match info.lower_bound {
        Some(true) => " lowerbound",
        Some(false) => " upperbound",
        None => "",
    };
    let wdl = wdl.map_or(String::new(), |[w, d, l]| format!(" wdl {w} {d} {l}"));
    format!(
        "info depth {} seldepth {} multipv {} score {score}{bound}{wdl} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
        info.pv.join(" ")
    )
}

/// A depth-3 report with `score` and `pv`, for the formatters' tests.
#[cfg(test)]
pub(super) fn sample_info(score: Score, pv: &[&str]) -> Info {
    Info {
        depth: 3,
        seldepth: 4,
        multipv: 1,
        score,
        lower_bound: None,
        nodes: 10,
        nps: 100,
        hashfull: 0,
        time_ms: 1,
        pv: pv.iter().map(|m| m.to_string()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_go_and_position() {
        match parse("go wtime 1000 btime 900 winc 10 binc 20 movestogo 5").expect("valid") {
            Command::Go { limits: l, .. } => {
                assert_eq!(l.time, [Some(1000), Some(900)]);
                assert_eq!(l.inc, [10, 20]);
                assert_eq!(l.moves_to_go, Some(5));
            }
            other => panic!("{other:?}"),
        }
        assert!(parse("go wtime").is_err());
        assert!(parse("go depth x").is_err());
        assert_eq!(
            parse("position startpos moves e2e4 e7e5").expect("valid"),
            Command::Position {
                start: Start::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert_eq!(
            parse("setoption name Move Overhead value 30").expect("valid"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert!(parse("frobnicate").is_err());
    }

    #[test]
    fn mate_scores_print_in_moves() {
        let info = sample_info(Score::MatePlies(3), &["e2e4"]);
        assert!(format_info(&info, false, None).contains("score mate 2 "));
        assert!(format_info(&info, true, None).contains("score mate 3 "));
        assert!(format_info(&info, false, None).ends_with("pv e2e4"));
        assert!(format_info(&info, false, Some([1000, 0, 0])).contains("score mate 2 wdl 1000 0 0 nodes"));
        let info = Info {
            score: Score::MatePlies(-2),
            ..info
        };
        assert!(format_info(&info, false, None).contains("score mate -1 "));
        assert!(format_info(&info, true, None).contains("score mate -2 "));
    }
}
