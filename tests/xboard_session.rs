//! XBoard (CECP version 2) sessions against the real binary: the `protover 2` handshake, a
//! whole game in which the engine answers the opponent's moves on the clock, `setboard` with a
//! result claim, `undo`/`remove`, `analyze`, `setup`/`piece` for a variant XBoard does not
//! know, and bad lines answered with `Error (...)`/`Illegal move` while the engine lives on.
//! `ping` synchronizes: its `pong` comes after every earlier command is done.

mod common;

use common::engine::Engine;
use nue::game::Position;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::prelude::*;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);

fn start() -> Engine {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.until(WAIT, |l| l == "feature done=1");
    e
}

/// Sends `ping n` and returns the lines before `pong n`.
fn ping(e: &mut Engine, n: u32) -> Vec<String> {
    e.send(&format!("ping {n}"));
    let mut lines = e.until(WAIT, |l| l == format!("pong {n}"));
    lines.pop();
    lines
}

/// Waits for the engine's `move` and returns it with the lines before it.
fn engine_move(e: &mut Engine) -> (String, Vec<String>) {
    let lines = e.until(WAIT, |l| l.starts_with("move "));
    let mv = lines.last().expect("move")[5..].to_string();
    (mv, lines)
}

#[test]
fn handshake_lists_features_and_variants() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    let lines = e.until(WAIT, |l| l == "feature done=1");
    let all = lines.join("\n");
    for f in [
        "setboard=1",
        "usermove=1",
        "san=0",
        "ping=1",
        "memory=1",
        "smp=1",
        "analyze=1",
        "myname=\"nue ",
    ] {
        assert!(all.contains(f), "missing {f} in {all}");
    }
    assert!(!all.contains("egt="), "no endgame tables to announce: {all}");
    let variants = all
        .split("variants=\"")
        .nth(1)
        .expect("variants")
        .split('"')
        .next()
        .expect("end");
    for v in [
        "normal",
        "fischerandom",
        "shogi",
        "capablanca",
        "kingofthehill",
        "nightrider",
    ] {
        assert!(variants.split(',').any(|x| x == v), "{v} missing from {variants}");
    }
    assert!(lines[0] == "feature done=0", "done=0 first, so XBoard waits: {lines:?}");
    assert_eq!(e.quit(), 0);
}

#[test]
fn plays_a_whole_game_on_the_clock() {
    let mut e = start();
    for line in ["new", "level 0 0:30 0.1", "post", "hard", "easy", "random", "computer"] {
        e.send(line);
    }
    let mut pos = Position::<Chess>::start(&ChessVariant);
    let mut plies = 0;
    while plies < 30 && pos.outcome().is_none() {
        // The opponent (White) plays its first legal move; the engine answers as Black.
        let mut list = <Chess as GameRules>::MoveList::default();
        pos.board().generate(nue::game::GenKind::All, &mut list);
        let ours = pos.board().fmt_move(list[list.len() / 2]);
        pos.play_str(&ours).expect("legal");
        plies += 1;
        e.send("time 600");
        e.send("otim 600");
        e.send(&format!("usermove {ours}"));
        if pos.outcome().is_some() {
            break;
        }
        let (reply, lines) = engine_move(&mut e);
        // Thinking lines after `post`: depth, score, centiseconds, nodes, PV.
        assert!(
            lines.iter().any(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                w.len() >= 5 && w[..4].iter().all(|x| x.parse::<i64>().is_ok())
            }),
            "no thinking output: {lines:?}"
        );
        pos.play_str(&reply)
            .unwrap_or_else(|err| panic!("illegal reply {reply}: {err}"));
        plies += 1;
    }
    assert!(ping(&mut e, 1).iter().all(|l| !l.starts_with("Error")));
    assert_eq!(e.quit(), 0);
}

#[test]
fn setboard_go_mates_and_claims_the_result() {
    let mut e = start();
    e.send("new");
    e.send("force");
    e.send("st 1");
    e.send("setboard 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    e.send("go");
    let (mv, _) = engine_move(&mut e);
    let mut pos = Position::<Chess>::from_fen(&ChessVariant, "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1").expect("fen");
    pos.play_str(&mv).expect("legal");
    assert!(
        pos.board().in_check() && pos.board().count_legal() == 0,
        "{mv} does not mate"
    );
    let lines = e.until(WAIT, |l| {
        l.starts_with("1-0") || l.starts_with("0-1") || l.starts_with("1/2")
    });
    assert_eq!(lines.last().expect("result"), "1-0 {White mates}");
    assert_eq!(e.quit(), 0);
}

#[test]
fn undo_remove_and_force_mode() {
    let mut e = start();
    e.send("new");
    e.send("force");
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("remove");
    e.send("undo");
    // Back to the position after 1. e4: the engine plays Black from there.
    e.send("sd 3");
    e.send("go");
    let (mv, _) = engine_move(&mut e);
    let mut pos = Position::<Chess>::start(&ChessVariant);
    pos.play_str("e2e4").expect("legal");
    pos.play_str(&mv).unwrap_or_else(|err| panic!("{mv} after undo: {err}"));
    // In force mode again, moves are only recorded: no answer comes.
    e.send("force");
    e.send("usermove g1f3");
    let quiet = ping(&mut e, 2);
    assert!(quiet.iter().all(|l| !l.starts_with("move ")), "{quiet:?}");
    assert_eq!(e.quit(), 0);
}

#[test]
fn analyze_prints_thinking_and_no_move() {
    let mut e = start();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("analyze");
    let lines = e.until(WAIT, |l| {
        l.split_whitespace()
            .next()
            .and_then(|d| d.parse::<u32>().ok())
            .is_some_and(|d| d >= 4)
    });
    assert!(lines.iter().all(|l| !l.starts_with("move ")), "{lines:?}");
    // A move during analysis: the analysis starts again from the new position.
    e.send("usermove e7e5");
    e.send("exit");
    let after = ping(&mut e, 3);
    assert!(
        after.iter().all(|l| !l.starts_with("move ") && !l.starts_with("Error")),
        "{after:?}"
    );
    assert_eq!(e.quit(), 0);
}

#[test]
fn bad_lines_get_errors_and_the_engine_lives_on() {
    let mut e = start();
    e.send("new");
    e.send("force");
    for (line, answer) in [
        ("frobnicate", "Error (unknown command 'frobnicate'): frobnicate"),
        ("usermove e2e5", "Illegal move ("),
        ("usermove", "Error ("),
        ("level 40 x 0", "Error ("),
        ("st -3", "Error ("),
        ("time abc", "Error ("),
        ("variant nosuchgame", "Error (unknown variant 'nosuchgame'"),
        ("setboard 8/8/8 w", "Error (invalid position"),
        ("perft 3000", "Error (go perft 3000: at most 64 plies)"),
    ] {
        e.send(line);
        let lines = ping(&mut e, 9);
        assert!(
            lines.iter().any(|l| l.starts_with(answer)),
            "'{line}' should answer '{answer}': {lines:?}"
        );
    }
    // Still playing: a move from the start position.
    e.send("usermove e2e4");
    e.send("sd 2");
    e.send("go");
    let (mv, _) = engine_move(&mut e);
    let mut pos = Position::<Chess>::start(&ChessVariant);
    pos.play_str("e2e4").expect("legal");
    pos.play_str(&mv).expect("legal reply");
    assert_eq!(e.quit(), 0);
}

#[test]
fn variants_xboard_does_not_know_get_setup_and_pieces() {
    let mut e = start();
    e.send("new");
    e.send("variant nightrider");
    let lines = ping(&mut e, 4);
    let setup = lines.iter().find(|l| l.starts_with("setup ")).expect("setup line");
    assert!(
        setup.contains(" 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{setup}"
    );
    for piece in ["piece N& NN", "piece P& fmWfceFifmnD", "piece K& KO2"] {
        assert!(lines.iter().any(|l| l == piece), "missing {piece}: {lines:?}");
    }
    // A variant XBoard knows gets none; a move in the new variant is answered.
    e.send("new");
    e.send("variant capablanca");
    let lines = ping(&mut e, 5);
    assert!(lines.iter().all(|l| !l.starts_with("setup")), "{lines:?}");
    e.send("sd 2");
    e.send("usermove e2e4");
    let (mv, _) = engine_move(&mut e);
    assert_eq!(mv.len(), 4, "{mv}");
    assert_eq!(e.quit(), 0);
}

#[test]
fn fischer_random_castles_as_o_o() {
    let mut e = start();
    e.send("new");
    e.send("variant fischerandom");
    e.send("force");
    e.send("setboard 4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1");
    e.send("usermove O-O");
    e.send("d");
    let lines = ping(&mut e, 6);
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("Illegal") && !l.starts_with("Error")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l == "# fen 4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1"),
        "castled: {lines:?}"
    );
    // Undone, O-O-O is legal too.
    e.send("undo");
    e.send("usermove O-O-O");
    e.send("d");
    let lines = ping(&mut e, 7);
    assert!(
        lines.iter().any(|l| l.starts_with("# fen 4k3/8/8/8/8/8/8/2KR2R1 b")),
        "{lines:?}"
    );
    assert_eq!(e.quit(), 0);
}
