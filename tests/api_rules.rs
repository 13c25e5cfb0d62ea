//! The rules surface bindings use (`engine::api`) against Fairy-Stockfish's answers: insufficient
//! material (`has_insufficient_material`, the positions of pyffish's own test suite with its
//! answers), the FEN forms Fairy-Stockfish reads beside its own, castling rights it drops while
//! reading, and the marks of promoted pieces.

use nue::engine::api::{Variant, load_config, variant};
use std::sync::Arc;

/// Variants of pyffish's test configuration that the table needs.
const CONFIG: &str = "
[wazirking:chess]
fers = q
king = k:W
startFen = 7k/5Kq1/8/8/8/8/8/8 w - - 0 1
stalemateValue = loss
nFoldValue = loss

[multipawn:chess]
soldier = s
pawnTypes = ps

[repetitionloss:chess]
nFoldValue = loss
";

/// (variant, FEN, White's and Black's answer) from pyffish's `test.py`, a janggi position
/// whose side not to move is in check among them (read for its material, as Fairy-Stockfish
/// reads it).
const TABLE: &[(&str, &str, bool, bool)] = &[
    (
        "janggi",
        "5k3/4a4/3CN4/9/1PP5p/9/8P/4C4/4A4/2B1K4 w - - 0 46",
        false,
        false,
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
        false,
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        false,
        false,
    ),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", false, false),
    (
        "chess",
        "rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        false,
        false,
    ),
    ("chess", "k7/8/8/8/8/8/8/K7 w - - 0 1", true, true),
    ("chess", "k7/b7/8/8/8/8/8/K7 w - - 0 1", true, true),
    ("chess", "k7/n7/8/8/8/8/8/K7 w - - 0 1", true, true),
    ("chess", "k7/p7/8/8/8/8/8/K7 w - - 0 1", true, false),
    ("chess", "k7/r7/8/8/8/8/8/K7 w - - 0 1", true, false),
    ("chess", "k7/q7/8/8/8/8/8/K7 w - - 0 1", true, false),
    ("chess", "k7/nn6/8/8/8/8/8/K7 w - - 0 1", true, false),
    ("chess", "k7/bb6/8/8/8/8/8/K7 w - - 0 1", true, false),
    ("chess", "k7/b1b5/8/8/8/8/8/K7 w - - 0 1", true, true),
    ("chess", "kb6/8/8/8/8/8/8/K1B6 w - - 0 1", true, true),
    ("chess", "kb6/8/8/8/8/8/8/KB7 w - - 0 1", false, false),
    ("chess", "8/8/8/8/8/6KN/8/6nk w - - 0 1", false, false),
    (
        "atomic",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
        false,
    ),
    ("atomic", "8/8/8/8/3K4/3k4/8/8 b - - 0 1", true, true),
    ("atomic", "k7/p7/8/8/8/8/8/K7 w - - 0 1", true, false),
    ("atomic", "k7/q7/8/8/8/8/8/K7 w - - 0 1", true, false),
    (
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
        false,
        false,
    ),
    (
        "3check",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        false,
        false,
    ),
    (
        "3check",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+2",
        false,
        false,
    ),
    ("3check", "k7/n7/8/8/8/8/8/K7 w - - 1+2 0 1", true, false),
    ("3check", "k7/b7/8/8/8/8/8/K7 w - - 3+1 0 1", true, false),
    (
        "horde",
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        false,
        false,
    ),
    ("racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", false, false),
    ("racingkings", "8/8/8/8/8/8/K6k/8 w - - 0 1", false, false),
    (
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
        false,
        false,
    ),
    (
        "placement",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        false,
        false,
    ),
    ("placement", "k7/8/8/8/8/8/8/K7[] w - - 0 1", true, true),
    (
        "newzealand",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
        false,
    ),
    (
        "amazon",
        "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
        false,
        false,
    ),
    ("amazon", "8/8/8/8/A7/6k1/8/1K6 w - - 0 1", false, true),
    (
        "seirawan",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
        false,
        false,
    ),
    ("seirawan", "k7/8/8/8/8/8/8/K7[] w - - 0 1", true, true),
    ("seirawan", "k7/8/8/8/8/8/8/KH6[] w - - 0 1", false, true),
    ("seirawan", "k7/8/8/8/8/8/8/4K3[E] w E - 0 1", false, true),
    (
        "cambodian",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde 0 0 1",
        false,
        false,
    ),
    (
        "cambodian",
        "1ns1ksn1/r6r/pppmpppp/3p4/8/PPPPPPPP/RK2N2R/1NS1MS2 w Ee - 6 5",
        false,
        false,
    ),
    (
        "sittuyin",
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
        false,
        false,
    ),
    ("sittuyin", "k7/8/8/8/8/8/8/K7 w - - 0 1", true, true),
    ("sittuyin", "k6P/8/8/8/8/8/8/K7[] w - - 0 1", true, true),
    ("sittuyin", "k6P/8/8/8/8/8/8/K6p[] w - - 0 1", false, false),
    ("sittuyin", "k7/8/8/8/8/8/8/KFF5[] w - - 0 1", false, true),
    ("sittuyin", "k7/8/8/8/8/8/8/KS6[] w - - 0 1", false, true),
    ("makpong", "8/8/8/4k2K/5m~2/4m~3/8/8 w - 128 8 58", true, false),
    ("makpong", "k7/n7/8/8/8/8/8/K7 w - - 0 1", true, false),
    ("makpong", "k7/8/8/8/8/8/8/K7 w - - 0 1", true, true),
    (
        "xiangqi",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        false,
        false,
    ),
    (
        "xiangqi",
        "5k3/4a4/3CN4/9/1PP5p/9/8P/4C4/4A4/2B1K4 w - - 0 46",
        false,
        false,
    ),
    ("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", true, true),
    ("xiangqi", "4k4/9/9/4p4/9/9/9/9/9/4KR3 w - - 0 1", false, false),
    ("xiangqi", "4k4/9/9/9/9/9/9/9/9/3KN4 w - - 0 1", false, true),
    ("xiangqi", "4k4/9/4b4/9/9/9/9/4B4/9/4K4 w - - 0 1", true, true),
    ("xiangqi", "4k4/9/9/9/9/9/9/9/4A4/4KC3 w - - 0 1", false, true),
    (
        "janggi",
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
        false,
        false,
    ),
    (
        "janggi",
        "rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1",
        false,
        false,
    ),
    ("janggi", "4k4/9/9/9/9/4B4/4B4/9/9/4K4 w - - 0 1", false, true),
    ("janggi", "4k4/9/9/9/9/9/9/9/4A4/4KC3 w - - 0 1", false, true),
    ("shako", "k9/10/10/10/10/10/10/10/10/KC8 w - - 0 1", true, true),
    ("shako", "k9/10/10/10/10/10/10/10/10/KCC7 w - - 0 1", false, true),
    ("shako", "k9/10/10/10/10/10/10/10/10/KEC7 w - - 0 1", false, true),
    ("shako", "k9/10/10/10/10/10/10/10/10/KNE7 w - - 0 1", false, true),
    ("shako", "kb8/10/10/10/10/10/10/10/10/KE8 w - - 0 1", false, false),
    ("shako", "kb8/10/10/10/10/10/10/10/10/K1E7 w - - 0 1", true, true),
    ("orda", "k7/8/8/8/8/8/8/K7 w - - 0 1", false, false),
    (
        "tencubed",
        "2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1",
        false,
        false,
    ),
    ("tencubed", "10/5k4/10/10/10/10/10/10/5KC3/10 w - - 0 1", false, true),
    ("tencubed", "10/5k4/10/10/10/10/10/10/5K4/10 w - - 0 1", true, true),
    ("wazirking", "7k/6K1/8/8/8/8/8/8 b - - 0 1", false, false),
    ("multipawn", "k7/p7/8/8/8/8/8/K7 w - - 0 1", true, false),
    ("multipawn", "k7/s7/8/8/8/8/8/K7 w - - 0 1", true, false),
    ("repetitionloss", "k7/8/8/8/8/8/8/K7 w - - 0 1", false, false),
];

fn get(name: &str) -> Arc<dyn Variant> {
    let (loaded, problems) = load_config(CONFIG);
    assert!(problems.is_empty(), "{problems:?}");
    match loaded.into_iter().find(|(n, _)| n == name) {
        Some((_, v)) => v,
        None => variant(name).unwrap_or_else(|e| panic!("{name}: {e}")),
    }
}

#[test]
fn insufficient_material_answers_as_fairy_stockfish() {
    let mut wrong = Vec::new();
    for &(name, fen, white, black) in TABLE {
        let v = get(name);
        let got = v
            .insufficient_material(Some(fen), &[], false)
            .unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        if got != [white, black] {
            wrong.push(format!("{name} {fen}: {got:?}, expected [{white}, {black}]"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn other_fen_forms_read_as_fairy_stockfish_reads_them() {
    let fen = |name: &str, text: &str| {
        variant(name)
            .and_then(|v| v.board(Some(text), &[], false))
            .map(|b| b.fen())
    };
    // lichess's pocket as a ninth rank, and its check counts (given) after the clocks
    assert_eq!(
        fen(
            "crazyhouse",
            "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR/Pn w KQkq - 0 1"
        ),
        Ok("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR[Pn] w KQkq - 0 1".to_string())
    );
    assert_eq!(
        fen(
            "3check",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+2"
        ),
        Ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+1 0 1".to_string())
    );
    assert!(
        fen(
            "3check",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+4"
        )
        .is_err()
    );
    // written notation's letters (janggi's horse and elephant), empties past a rank's end
    let janggi = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    assert_eq!(
        fen(
            "janggi",
            "rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1"
        ),
        Ok(janggi.to_string())
    );
    assert_eq!(
        fen("chess", "kb6/8/8/8/8/8/8/K1B6 w - - 0 1"),
        Ok("kb6/8/8/8/8/8/8/K1B5 w - - 0 1".to_string())
    );
    // impossible castling rights are dropped while reading, refused by validation
    let v = variant("chess").expect("chess");
    let moved = "8/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(fen("chess", moved), Ok(moved.replace("KQkq", "KQ")));
    assert!(v.validate(moved, false).is_err());
    // S-chess: a right whose king has moved keeps its rook's gate
    let fen0 = "rnbq3r/pp2bkpp/8/2p1p2K/2p1P3/8/PPPP1PPP/RNB4R[EHeh] b QBCEHabcdk - 0 10";
    let fen1 = "rnbq3r/pp2bkpp/8/2p1p2K/2p1P3/8/PPPP1PPP/RNB4R[EHeh] b ABCHabcdh - 0 10";
    assert_eq!(fen("seirawan", fen0), Ok(fen1.to_string()));
}

#[test]
fn promoted_pieces_are_marked_in_makruk() {
    let v = variant("makruk").expect("makruk");
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
    let moves = ["e3e4", "d6d5", "e4d5", "a6a5", "d5c6m"];
    let board = v.board(Some(start), &moves, false).expect("legal");
    // Fairy-Stockfish writes the marks in makruk only when asked (`showPromoted`).
    assert_eq!(board.fen(), "rnsmksnr/8/1pM1pppp/p7/8/PPPP1PPP/8/RNSKMSNR b - - 0 3");
    let marked = "rnsmksnr/8/1pM~1pppp/p7/8/PPPP1PPP/8/RNSKMSNR b - - 0 3";
    assert_eq!(board.fen_showing_promoted(), marked);
    let again = v.board(Some(marked), &[], false).expect("a marked FEN reads");
    assert_eq!(again.fen_showing_promoted(), marked);
    // Thai SAN names a met made by promotion bia ngai
    let board = v
        .board(Some("4k3/8/4M~3/4S3/8/2S5/8/4K3 w - - 0 1"), &[], false)
        .expect("valid");
    assert_eq!(board.san("e6d5", 8), Ok("ง-ง๕".to_string()));
    let board = v
        .board(Some("4k3/8/4M3/4S3/8/2S5/8/4K3 w - - 0 1"), &[], false)
        .expect("valid");
    assert_eq!(board.san("e6d5", 8), Ok("ม็-ง๕".to_string()));
}

#[test]
fn makpong_king_in_check_moves_only_to_take_its_checker() {
    let fen = "rn3snr/3sm3/4k2p/ppP3p1/1S1pp1P1/P2P1m1P/3RK1SR/1N2M1N1 w - - 0 21";
    let moves = |name: &str| {
        let mut m = variant(name)
            .expect(name)
            .board(Some(fen), &[], false)
            .expect("valid")
            .legal_moves();
        m.sort();
        m
    };
    assert_eq!(moves("makruk").len(), 5);
    // the king may not step away: only the two captures of the checking met remain
    assert_eq!(moves("makpong").len(), 2);
    assert!(moves("makpong").iter().all(|m| m.ends_with("f3")));
}

#[test]
fn shako_castles_with_the_rook_from_its_start_file_in() {
    let v = variant("shako").expect("shako");
    let legal = |fen: &str| v.board(Some(fen), &[], false).expect("valid").legal_moves();
    assert!(
        legal("c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/5K2RR/10 w Kkq - 0 1").contains(&"f2h2".to_string())
    );
    assert!(
        legal("c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/RR3K4/10 w Qkq - 0 1").contains(&"f2d2".to_string())
    );
}

#[test]
fn pawn_types_promote_without_the_double_step() {
    let v = get("multipawn");
    let board = v
        .board(Some("k7/8/8/8/8/8/S7/4K3 w - - 0 1"), &[], false)
        .expect("valid");
    let moves = board.legal_moves();
    assert!(moves.contains(&"a2a3".to_string()) && moves.contains(&"a2b2".to_string()));
    assert!(!moves.contains(&"a2a4".to_string()), "{moves:?}");
    let board = v
        .board(Some("k7/6S1/8/8/8/8/8/4K3 w - - 0 1"), &[], false)
        .expect("valid");
    assert!(board.legal_moves().contains(&"g7g8q".to_string()));
}

#[test]
fn bughouse_passes_captures_to_the_partner() {
    let v = variant("bughouse").expect("bughouse");
    assert!(v.two_boards() && !v.captures_to_hand());
    assert!(!variant("crazyhouse").expect("crazyhouse").two_boards());
    let fen = "r2qkbnr/1Ppppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let board = v.board(Some(fen), &["b7a8q"], false).expect("legal");
    assert_eq!(board.last_capture(), Some('r'));
    // the capture does not go to the capturer's hand; the new queen is marked
    assert_eq!(
        board.fen(),
        "Q~2qkbnr/2pppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR[] b KQk - 0 1"
    );
    let board = v.board(Some(fen), &["b7a8q", "d8a8"], false).expect("legal");
    assert_eq!(board.last_capture(), Some('P'));
    // a partner may pass over more than one set holds
    let full = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQRRBBNNPPPPPPPP] w KQkq - 0 1";
    assert!(v.board(Some(full), &["Q@e3"], false).is_ok());
    assert!(
        variant("crazyhouse")
            .expect("crazyhouse")
            .board(Some(full), &[], false)
            .is_err()
    );
}

/// Fairy-Stockfish's validator lets a side not to move in check pass, and so does
/// `Variant::validate`; boards to play on still refuse it (the king could be taken). A royal
/// piece the start position lacks (a white king in horde) is refused by both.
#[test]
fn validation_reads_as_fairy_stockfish_and_boards_stay_playable() {
    let janggi = variant("janggi").expect("built in");
    let in_check = "5k3/4a4/3CN4/9/1PP5p/9/8P/4C4/4A4/2B1K4 w - - 0 46";
    assert_eq!(janggi.validate(in_check, false), Ok(()));
    let err = janggi
        .board(Some(in_check), &[], false)
        .err()
        .expect("refused for play");
    assert!(err.0.contains("side not to move is in check"), "{}", err.0);
    let horde = variant("horde").expect("built in");
    let white_king = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPK w kq - 0 1";
    let (field, message) = horde.validate(white_king, false).expect_err("no white king in horde");
    assert_eq!(field, "board");
    assert!(
        message.contains("White has 1 royal piece; the game starts with 0"),
        "{message}"
    );
    assert!(horde.board(Some(white_king), &[], false).is_err());
}

/// Only irreversible moves reset the 50-move counter (pyffish's `test.py`): a sideways pawn
/// step can be undone (pawnsideways), and pawnback's pawns reset nothing.
#[test]
fn only_irreversible_moves_reset_the_move_counter() {
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let fen_after = |name: &str, moves: &[&str]| {
        variant(name)
            .and_then(|v| v.board(Some(chess), moves, false))
            .map(|b| b.fen())
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    assert_eq!(
        fen_after("pawnsideways", &["e2e4", "g8f6", "e4d4"]),
        "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPPP1PPP/RNBQKBNR b KQkq - 2 2"
    );
    assert_eq!(
        fen_after("pawnback", &["e2e4", "e7e6"]),
        "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 2"
    );
    // A forward pawn step still resets it.
    assert_eq!(
        fen_after("pawnsideways", &["g1f3", "e7e5"]),
        "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2"
    );
}

/// A running count read with pyffish's `countStarted` (test.py's makruk and cambodian rows): the
/// FEN's `limit ply` fields after the move, as Fairy-Stockfish prints them with each argument.
#[test]
fn counts_read_as_fairy_stockfish_reads_count_started() {
    let count = |name: &str, fen: &str, mv: &str, started: i64| {
        variant(name)
            .and_then(|v| v.board_as_fairy_stockfish(Some(fen), &[mv], false))
            .unwrap_or_else(|e| panic!("{name} {fen}: {e}"))
            .count(started)
    };
    let board_count = "3k4/2m5/5M~2/4M3/3KS3/8/8/8 w - 128 0 33";
    assert_eq!(count("makruk", board_count, "d4d5", 0), Some((128, 1)));
    assert_eq!(count("makruk", board_count, "d4d5", -1), Some((128, 0)));
    let board_count_7 = "3k4/2m5/5M~2/4M3/3KS3/8/8/8 w - 128 7 33";
    assert_eq!(count("makruk", board_count_7, "d4d5", 58), Some((128, 8)));
    // a bare king: the pieces' honor count runs whatever the argument
    let bare = "8/2K3k1/5m2/4S1S1/8/8/8/8 w - 128 1 30";
    assert_eq!(count("makruk", bare, "e5f6", 58), Some((44, 8)));
    // Cambodian: the board's 63 moves cut a longer pieces' count short
    let longer = "8/2K3k1/5m2/4S1S1/8/8/8/8 w - 126 101 80";
    assert_eq!(count("cambodian", longer, "e5f6", 58), Some((126, 102)));
    // a promotion starts the pieces' count from a position whose side not to move is in check
    let promotion = "8/8/4k3/5P2/8/2RMK3/8/8 w - 126 41 50";
    assert_eq!(count("cambodian", promotion, "f5f6m", 58), Some((30, 10)));
    assert_eq!(count("chess", "8/8/4k3/8/8/8/8/4K3 w - - 0 1", "e1e2", 58), None);
    // boards for play still refuse that position
    assert!(
        variant("cambodian")
            .and_then(|v| v.board(Some(promotion), &[], false))
            .is_err()
    );
}

/// In crazyhouse a capture is not irreversible: an exchange and the drops that undo it repeat
/// the position. Fairy-Stockfish (pyffish's `is_optional_game_end`) finds the threefold
/// repetition of this ten-ply cycle (two exchanges of rooks, each rook dropped back) at its
/// second return; nue looked back only to the last capture or drop.
#[test]
fn crazyhouse_repetitions_run_through_exchanges_and_drops() {
    let fen = "rq2k3/8/8/8/8/8/8/R3K3[] w - - 0 1";
    let cycle = [
        "a1a8", "b8a8", "R@a1", "a8b8", "e1f1", "R@a8", "f1f2", "e8f8", "f2e1", "f8e8",
    ];
    let claim = |times: usize| {
        let moves: Vec<&str> = cycle.iter().copied().cycle().take(times * cycle.len()).collect();
        let board = variant("crazyhouse")
            .and_then(|v| v.board(Some(fen), &moves, false))
            .unwrap_or_else(|e| panic!("{e}"));
        (board.fen(), board.claimable_outcome(0))
    };
    let (once, claim_once) = claim(1);
    assert_eq!(once, "rq2k3/8/8/8/8/8/8/R3K3[] w - - 4 6");
    assert_eq!(claim_once, None);
    let (twice, claim_twice) = claim(2);
    assert_eq!(twice, "rq2k3/8/8/8/8/8/8/R3K3[] w - - 4 11");
    assert_eq!(claim_twice, Some(nue::core::Outcome::Draw));
}
