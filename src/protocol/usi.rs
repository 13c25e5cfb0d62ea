//! USI (the Universal Shogi Interface: Tord Romstad's draft with Shogidokoro's extensions):
//! parsing into the same [`Command`]s as UCI. Clock
//! tokens name colors the other way round (`btime` is sente's, the first player's), `go mate`
//! is a time limit for a mate search, `position sfen` sets a position, and `gameover` ends a
//! game (stopping any search).

use super::Command;
use super::error::CommandError;
use super::uci;

/// Parses one USI line.
///
/// # Errors
/// [`CommandError`] saying what is wrong with the line.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(Command::Ignore);
    };
    match head {
        "usi" => Ok(Command::Hello),
        "usinewgame" => Ok(Command::NewGame),
        "gameover" => Ok(Command::GameOver),
        "position" => uci::parse_position(rest, "sfen"),
        "go" => parse_go(rest),
        "isready" | "setoption" | "stop" | "ponderhit" | "quit" | "d" | "debug" | "register" => uci::parse(line),
        other => Err(CommandError::Unknown(other.to_string())),
    }
}

fn parse_go(rest: &[&str]) -> Result<Command, CommandError> {
    if let Some(i) = rest.iter().position(|&t| t == "mate") {
        return match rest.get(i + 1) {
            Some(&"infinite") => Ok(Command::GoMate(None)),
            Some(t) => t
                .parse::<u64>()
                .map(|ms| Command::GoMate(Some(ms)))
                .map_err(|_| CommandError::MateBadTime(t.to_string())),
            None => Err(CommandError::MateMissingTime),
        };
    }
    // Sente is the first player: its clock is `btime` in USI and index 0 inside.
    let swapped: Vec<&str> = rest
        .iter()
        .map(|&t| match t {
            "btime" => "wtime",
            "wtime" => "btime",
            "binc" => "winc",
            "winc" => "binc",
            other => other,
        })
        .collect();
    uci::parse_go(&swapped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_map_to_players() {
        match parse("go btime 1000 wtime 2000 byoyomi 300").expect("valid") {
            Command::Go { limits: l, .. } => {
                assert_eq!(l.time, [Some(1000), Some(2000)]);
                assert_eq!(l.byoyomi, Some(300));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(parse("go mate 500").expect("valid"), Command::GoMate(Some(500)));
        assert_eq!(parse("go mate infinite").expect("valid"), Command::GoMate(None));
        assert!(parse("go mate").is_err());
        assert_eq!(parse("gameover win").expect("valid"), Command::GameOver);
        assert_eq!(parse("gameover").expect("valid"), Command::GameOver);
        assert!(matches!(
            parse("position sfen 9/9 b - 1 moves 7g7f").expect("valid"),
            Command::Position { .. }
        ));
    }
}
