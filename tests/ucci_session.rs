//! UCCI sessions against the real binary: `ucci` picks UCCI and xiangqi, options listed and set
//! without `name`/`value`, positions from `startpos` and FEN with moves in UCCI's squares (ranks
//! `0`-`9`), clocks in seconds or (`usemillisec`) milliseconds, legal best moves and ponder
//! moves, `banmoves`, `nobestmove`, `bye`, and bad lines answered while the engine runs on.

mod common;

use common::engine::{Engine, no_errors};
use nue::engine::api::{self, Board};
use nue::protocol::ucci::{from_uci_move, to_uci_move};
use std::time::{Duration, Instant};

/// The xiangqi board after `moves` (UCCI squares) from `fen` (the start position if `None`).
fn board(fen: Option<&str>, moves: &[&str]) -> Box<dyn Board> {
    let uci: Vec<String> = moves.iter().map(|m| to_uci_move(m)).collect();
    let uci: Vec<&str> = uci.iter().map(String::as_str).collect();
    api::variant("xiangqi")
        .expect("xiangqi")
        .board(fen, &uci, false)
        .expect("legal moves")
}

/// Checks `bestmove M [ponder P]` is legal on `b` (in UCCI squares); returns `M`.
fn check_bestmove(line: &str, b: &dyn Board) -> String {
    let parts: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(parts[0], "bestmove", "{line}");
    let legal: Vec<String> = b.legal_moves().iter().map(|m| from_uci_move(m)).collect();
    assert!(legal.contains(&parts[1].to_string()), "{line}: not among {legal:?}");
    if parts.len() > 2 {
        assert_eq!(parts[2], "ponder", "{line}");
        let fen = b.fen();
        let after = board(Some(&fen), &[parts[1]]);
        let replies: Vec<String> = after.legal_moves().iter().map(|m| from_uci_move(m)).collect();
        assert!(replies.contains(&parts[3].to_string()), "{line}: ponder not legal");
    }
    parts[1].to_string()
}

#[test]
fn handshake_options_and_a_timed_game_move() {
    let mut e = Engine::start(&[]);
    let hello = e.ask("ucci", "ucciok");
    assert!(hello.iter().any(|l| l.starts_with("id name nue")));
    for option in ["hashsize", "threads", "usemillisec", "UCI_Variant", "Skill_Level"] {
        assert!(
            hello.iter().any(|l| l.starts_with(&format!("option {option} type "))),
            "{option}: {hello:?}"
        );
    }
    assert!(hello.iter().any(|l| l.contains("default xiangqi")), "{hello:?}");
    e.send("setoption hashsize 32");
    e.send("setoption usemillisec true");
    e.send("setoption name Threads value 1");
    assert!(no_errors(&e.sync()));
    e.send("uccinewgame");
    let moves = ["h2e2", "h9g7", "h0g2"];
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let started = Instant::now();
    let lines = e.ask("go time 3000 increment 0 opptime 3000 oppincrement 0", "bestmove");
    // 3000 is milliseconds here; read as seconds the engine would think far longer.
    assert!(started.elapsed() < Duration::from_secs(3), "{lines:?}");
    check_bestmove(lines.last().expect("bestmove"), &*board(None, &moves));
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("info");
    let score = info.split_whitespace().nth(4).expect("score value");
    assert!(score.parse::<i32>().is_ok(), "UCCI scores are plain numbers: {info}");
    assert!(info.contains(" pv "), "{info}");
    // Seconds by default: 1 second of clock, a move well within it.
    e.send("setoption usemillisec false");
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1";
    e.send(&format!("position fen {fen} moves b2e2"));
    let lines = e.ask("go time 1 increment 0", "bestmove");
    check_bestmove(lines.last().expect("bestmove"), &*board(None, &["b2e2"]));
    e.send("quit");
    let (rest, code) = e.close();
    assert_eq!(code, 0);
    assert_eq!(rest.last().map(String::as_str), Some("bye"), "{rest:?}");
}

#[test]
fn banmoves_leave_moves_out_and_no_move_is_nobestmove() {
    let mut e = Engine::start(&[]);
    e.ask("ucci", "ucciok");
    e.send("position startpos");
    // Ban every move but one: that one must be played.
    let all: Vec<String> = board(None, &[])
        .legal_moves()
        .iter()
        .map(|m| from_uci_move(m))
        .collect();
    let keep = "i3i4";
    assert!(all.contains(&keep.to_string()));
    let banned: Vec<&str> = all.iter().map(String::as_str).filter(|&m| m != keep).collect();
    e.send(&format!("banmoves {}", banned.join(" ")));
    let lines = e.ask("go depth 4", "bestmove");
    assert_eq!(
        check_bestmove(lines.last().expect("bestmove"), &*board(None, &[])),
        keep
    );
    // A new position lifts the ban.
    e.send("position startpos");
    e.send("banmoves z9z9");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("banmoves") && l.contains("z9z9")),
        "{lines:?}"
    );
    // Red to move with no legal move (the rooks hold the king): no move to give.
    e.send("position fen 3k5/9/9/9/9/9/9/9/3r1r3/4K4 w - - 0 1");
    assert_eq!(
        e.ask("go depth 3", "nobestmove").last().map(String::as_str),
        Some("nobestmove")
    );
    // Bad lines get an error and change nothing.
    e.expect_error("go time soon", "time");
    e.expect_error("probe", "probe");
    e.expect_error("position startpos moves h2e9", "move 1");
    e.send("position startpos");
    let lines = e.ask("go depth 3", "bestmove");
    check_bestmove(lines.last().expect("bestmove"), &*board(None, &[]));
    assert_eq!(e.quit(), 0);
}
