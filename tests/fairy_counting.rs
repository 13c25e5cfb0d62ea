//! Games decided by counting pieces, and walls: ataxx (clones, jumps, flips, passes), flipello
//! (reversi), armageddon (every draw a Black win), suicide (a stalemate scored by piece count),
//! and `*` squares in any variant's FEN. The expected answers are pyffish's (Fairy-Stockfish
//! 0.0.90), recorded with the calls shown.

use nue::core::Outcome;
use nue::engine::api::{Board, variant};

fn board(name: &str, fen: Option<&str>, moves: &[&str]) -> Box<dyn Board> {
    variant(name)
        .and_then(|v| v.board(fen, moves, false))
        .unwrap_or_else(|e| panic!("{name} {fen:?} {moves:?}: {e}"))
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

fn list(moves: &str) -> Vec<String> {
    sorted(moves.split_whitespace().map(str::to_string).collect())
}

/// Flipello's hands: `white` and `black` stones.
fn stones(white: usize, black: usize) -> String {
    format!("[{}{}]", "P".repeat(white), "p".repeat(black))
}

#[test]
fn ataxx_clones_jumps_and_flips_as_fairy_stockfish() {
    let start = board("ataxx", None, &[]);
    assert_eq!(start.fen(), "P5p/7/7/7/7/7/p5P w - - 0 1");
    assert_eq!(
        sorted(start.legal_moves()),
        list("g1e1 g1e2 g1e3 g1f3 g1g3 a7a5 a7b5 a7c5 a7c6 a7c7 P@f1 P@f2 P@g2 P@a6 P@b6 P@b7")
    );
    assert_eq!(start.san("g1e1", 1), Ok("Pe1".to_string()));
    assert_eq!(start.san("P@a6", 1), Ok("P@a6".to_string()));
    // a clone resets the clock, a jump counts; flips are no captures
    let fen = "P5p/7/7/7/7/7/p5P w - - 5 9";
    assert_eq!(
        board("ataxx", Some(fen), &["g1e1"]).fen(),
        "P5p/7/7/7/7/7/p3P2 b - - 6 9"
    );
    assert_eq!(
        board("ataxx", Some(fen), &["P@f1"]).fen(),
        "P5p/7/7/7/7/7/p4PP b - - 0 9"
    );
    let b = board("ataxx", None, &["P@f2", "g7e5", "f2f4"]);
    assert_eq!(b.fen(), "P6/7/4P2/5P1/7/7/p5P b - - 2 2");
    let fen = "7/7/7/3p3/7/7/P6 w - - 0 1";
    let b = board("ataxx", Some(fen), &[]);
    assert_eq!(b.is_capture("a1c3"), Ok(false));
    assert_eq!(b.gives_check("a1c3"), Ok(false));
    let b = board("ataxx", Some(fen), &["a1c3"]);
    assert_eq!(b.fen(), "7/7/7/3P3/2P4/7/7 b - - 1 1");
    // no piece of the side to move: no pass, no move, lost
    let b = board("ataxx", Some("7/7/7/3P3/2P4/7/7 b - - 1 1"), &[]);
    assert!(b.legal_moves().is_empty());
    assert_eq!(b.outcome(), Some(Outcome::Loss));
}

#[test]
fn ataxx_passes_when_blocked_and_ends_by_count() {
    let fen = "Pppp3/pppp3/pppp3/7/7/7/7 w - - 0 1";
    let b = board("ataxx", Some(fen), &[]);
    assert_eq!(b.legal_moves(), vec!["a7a7".to_string()]);
    assert_eq!(b.san("a7a7", 1), Ok("Pa7".to_string()));
    assert_eq!(b.rule_outcome(), None);
    let b = board("ataxx", Some(fen), &["a7a7"]);
    assert_eq!(b.fen(), "Pppp3/pppp3/pppp3/7/7/7/7 b - - 1 1");
    assert!(!b.legal_moves().contains(&"a7a7".to_string()));
    // a full board ends the game by the count, walls aside; the side to move here has fewer
    for fen in [
        "PPPpppp/pppPPPp/pPPPPPP/PPPPPPp/ppPPPpp/pPPPPpP/pPPPPPP b - - 99 50",
        "PPPpppp/pppPPPp/pPP*PPP/PP*P*Pp/ppP*Ppp/pPPPPpP/pPPPPPP b - - 99 50",
        "Pp*****/pp*****/*******/*******/*******/*******/******* w - - 0 1",
    ] {
        let b = board("ataxx", Some(fen), &[]);
        assert_eq!(b.fen(), fen);
        assert_eq!(b.rule_outcome(), Some(Outcome::Loss), "{fen}");
        assert!(b.legal_moves().is_empty(), "{fen}");
    }
    // back and forth twice: a threefold repetition, with as many pieces a draw
    let b = board(
        "ataxx",
        None,
        &["g1e1", "g7e7", "e1g1", "e7g7", "g1e1", "g7e7", "e1g1", "e7g7"],
    );
    assert_eq!(b.claimable_outcome(0), Some(Outcome::Draw));
}

#[test]
fn ataxx_walls_block_and_stay() {
    let fen = "P5p/7/2*1*2/7/2*1*2/7/p5P w - - 0 1";
    let b = board("ataxx", Some(fen), &[]);
    assert_eq!(b.legal_moves().len(), 14);
    assert_eq!(
        board("ataxx", Some(fen), &["a7a5"]).fen(),
        "6p/7/P1*1*2/7/2*1*2/7/p5P b - - 1 1"
    );
    // a wall is no empty square for a clone or a jump
    let b = board("ataxx", Some("P*5/**5/7/7/7/7/6p w - - 0 1"), &[]);
    assert_eq!(sorted(b.legal_moves()), list("a7a5 a7b5 a7c5 a7c6 a7c7"));
}

#[test]
fn flipello_encloses_and_flips_as_fairy_stockfish() {
    let start = board("flipello", None, &[]);
    let hands = stones(60, 60);
    assert_eq!(start.fen(), format!("8/8/8/3pP3/3Pp3/8/8/8{hands} w - - 0 1"));
    assert_eq!(sorted(start.legal_moves()), list("P@e3 P@f4 P@c5 P@d6"));
    let after = board("flipello", None, &["P@e3"]);
    let hands = stones(59, 60);
    assert_eq!(after.fen(), format!("8/8/8/3pP3/3PP3/4P3/8/8{hands} b - - 0 1"));
    // six lines flip; d5 and d3 are no lines (an own stone next to d4 on them)
    let b = board(
        "flipello",
        Some("8/8/1P3P2/2ppp3/1Pp1pP2/2ppp3/1P3P2/8[PPPPpppp] w - - 0 1"),
        &["P@d4"],
    );
    assert_eq!(b.fen(), "8/8/1P3P2/2PpP3/1PPPPP2/2PpP3/1P3P2/8[PPPpppp] b - - 0 1");
    // the centre first
    let b = board("flipello", Some("8/8/8/8/8/8/8/Pp6[PPPPpppp] b - - 0 1"), &[]);
    assert_eq!(sorted(b.legal_moves()), list("P@d4 P@e4 P@d5 P@e5"));
}

#[test]
fn flipello_ends_after_two_passes_and_on_a_full_board() {
    let fen = "8/8/8/3pp3/3pp3/8/8/P7[PPPPpppp] w - - 0 1";
    let b = board("flipello", Some(fen), &[]);
    assert_eq!(b.legal_moves(), vec!["a1a1".to_string()]);
    assert_eq!(b.san("a1a1", 1), Ok("Pa1".to_string()));
    let b = board("flipello", Some(fen), &["a1a1"]);
    assert_eq!(b.legal_moves(), vec!["d4d4".to_string()]);
    assert_eq!(b.rule_outcome(), None);
    let b = board("flipello", Some(fen), &["a1a1", "d4d4"]);
    assert_eq!(b.fen(), "8/8/8/3pp3/3pp3/8/8/P7[PPPPpppp] w - - 2 2");
    assert_eq!(b.rule_outcome(), Some(Outcome::Loss));
    assert!(b.legal_moves().is_empty());
    // full: 12 white, 52 black, Black to move
    let fen = "pppppppp/pppppppp/pppPpppp/pPpPpppp/pppppppp/pPpPPPPP/ppPpPPpp/pppppppp[PPpp] b - - 63 32";
    assert_eq!(board("flipello", Some(fen), &[]).rule_outcome(), Some(Outcome::Win));
}

#[test]
fn armageddon_gives_black_every_draw() {
    let no_moves = |fen: &str| {
        let b = board("armageddon", Some(fen), &[]);
        assert!(b.legal_moves().is_empty(), "{fen}");
        b.no_move_outcome()
    };
    // stalemates: Black stalemated wins, White stalemated loses
    assert_eq!(no_moves("k7/P7/K7/8/8/8/8/8 b - - 0 1"), Outcome::Win);
    assert_eq!(no_moves("8/8/8/8/8/k7/p7/K7 w - - 0 1"), Outcome::Loss);
    // the 50-move rule
    let b = board("armageddon", Some("3n4/8/8/3k4/8/3K4/8/3BB3 w - - 100 80"), &[]);
    assert_eq!(b.claimable_outcome(0), Some(Outcome::Loss));
    // chess's moves
    assert_eq!(board("armageddon", None, &[]).legal_moves().len(), 20);
}

/// Suicide chess: a stalemated side with fewer pieces wins, with more loses, with as many draws
/// (test.py's three positions).
#[test]
fn suicide_scores_a_stalemate_by_piece_count() {
    for (fen, outcome) in [
        ("8/8/8/7p/7P/8/8/8 w - - 0 1", Outcome::Draw),
        ("8/8/8/7p/7P/7P/8/8 w - - 0 1", Outcome::Loss),
        ("8/8/8/7p/7P/8/8/n7 w - - 0 1", Outcome::Win),
    ] {
        let b = board("suicide", Some(fen), &[]);
        assert!(b.legal_moves().is_empty(), "{fen}");
        assert_eq!(b.no_move_outcome(), outcome, "{fen}");
    }
    // antichess itself: the stalemated side wins whatever the count
    let b = board("antichess", Some("8/8/8/7p/7P/7P/8/8 w - - 0 1"), &[]);
    assert_eq!(b.no_move_outcome(), Outcome::Win);
}

#[test]
fn walls_read_write_and_block_in_any_variant() {
    // a wall on e6 blocks the e-file rook (the interpreter's variants; native chess has none)
    let fen = "4k3/8/4*3/8/8/8/8/4RK2 w - - 0 1";
    let b = board("kingofthehill", Some(fen), &[]);
    assert_eq!(b.fen(), fen);
    let moves = b.legal_moves();
    assert!(moves.contains(&"e1e5".to_string()));
    assert!(!moves.contains(&"e1e6".to_string()) && !moves.contains(&"e1e7".to_string()));
    // the wall moves nowhere and stays in the FEN after a move
    let b = board(
        "xiangqi",
        Some("rnbakab1r/9/1c4nc1/p1p1p1p1p/4*4/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        &["e4e5"],
    );
    assert!(
        b.fen().starts_with("rnbakab1r/9/1c4nc1/p1p1p1p1p/4*4/4P4/P1P3P1P/"),
        "{}",
        b.fen()
    );
}

#[test]
fn janggi_counts_points_after_two_passes() {
    // 72 points each: White needs more than Black's bonus of one, so Black wins
    let b = board("janggi", None, &["e2e2", "e9e9"]);
    assert_eq!(b.rule_outcome(), Some(Outcome::Loss));
    assert!(b.legal_moves().is_empty());
    // without a black chariot White is 13 points up
    let fen = "1nba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let b = board("janggi", Some(fen), &["e2e2", "e9e9"]);
    assert_eq!(b.rule_outcome(), Some(Outcome::Win));
}
