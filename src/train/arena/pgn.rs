//! A finished game as PGN: the seven-tag roster's useful part, the variant, the opening FEN and
//! how the game ended, with the moves in the protocol's notation (UCI coordinates, as
//! Fairy-Stockfish's PGNs of variants without SAN write them).

use super::{GameRecord, Termination};
use crate::core::Outcome;
use std::fmt::Write;

/// The PGN text of `game`, played between `names` (A, B) in `variant`, numbered `round`.
pub fn write_pgn(game: &GameRecord, names: [&str; 2], variant: &str, round: u64) -> String {
    let (white, black) = if game.first == 0 {
        (names[0], names[1])
    } else {
        (names[1], names[0])
    };
    let result = match game.outcome {
        Outcome::Win => "1-0",
        Outcome::Loss => "0-1",
        Outcome::Draw => "1/2-1/2",
    };
    let mut s = String::new();
    let _ = writeln!(s, "[Event \"nue arena\"]");
    let _ = writeln!(s, "[Round \"{round}\"]");
    let _ = writeln!(s, "[White \"{}\"]", escape(white));
    let _ = writeln!(s, "[Black \"{}\"]", escape(black));
    let _ = writeln!(s, "[Result \"{result}\"]");
    let _ = writeln!(s, "[Variant \"{}\"]", escape(variant));
    if let Some(fen) = game.start.strip_prefix("fen ") {
        let _ = writeln!(s, "[FEN \"{}\"]", escape(fen));
        let _ = writeln!(s, "[SetUp \"1\"]");
    }
    let _ = writeln!(s, "[PlyCount \"{}\"]", game.moves.len());
    let why = match (&game.detail, game.termination) {
        (Some(d), t) => format!("{}: {d}", t.name()),
        (None, Termination::Rules) => "normal".to_string(),
        (None, t) => t.name().to_string(),
    };
    let _ = writeln!(s, "[Termination \"{}\"]\n", escape(&why));
    let mut line = String::new();
    for (i, mv) in game.moves.iter().enumerate() {
        let token = if i % 2 == 0 {
            format!("{}. {mv}", i / 2 + 1)
        } else {
            mv.clone()
        };
        if line.len() + token.len() + 1 > 79 {
            s += &line;
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &token;
    }
    if line.len() + result.len() + 1 > 79 {
        s += &line;
        s.push('\n');
        line.clear();
    } else if !line.is_empty() {
        line.push(' ');
    }
    s += &line;
    s += result;
    s += "\n\n";
    s
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_as_pgn() {
        let game = GameRecord {
            first: 1,
            outcome: Outcome::Loss,
            termination: Termination::Time,
            detail: Some("1200 ms used with 900 ms left".to_string()),
            start: "startpos".to_string(),
            moves: vec!["e2e4".to_string(), "e7e5".to_string(), "g1f3".to_string()],
            opening_plies: 2,
        };
        let pgn = write_pgn(&game, ["new", "old \"x\""], "chess", 3);
        assert!(pgn.contains("[White \"old \\\"x\\\"\"]\n[Black \"new\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"0-1\"]"));
        assert!(pgn.contains("[Termination \"time forfeit: 1200 ms used with 900 ms left\"]"));
        assert!(pgn.ends_with("1. e2e4 e7e5 2. g1f3 0-1\n\n"), "{pgn}");
        assert!(!pgn.contains("[FEN"));
    }
}
