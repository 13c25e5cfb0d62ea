//! Written notations through the game-erased API (`engine::api`), checked against what
//! Fairy-Stockfish writes for the same moves (pyffish's `get_san` with each `NOTATION_*`
//! number): SAN, LAN, shogi's Hosking and Hodges, janggi's, xiangqi's WXF and makruk's Thai.

use nue::engine::api::variant;

const MAKRUK: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

/// `mv` from `fen` in `variant`, written in pyffish's notation number `notation`.
fn san(name: &str, fen: &str, mv: &str, notation: i64) -> String {
    let v = variant(name).expect("a built-in variant");
    let board = v.board(Some(fen), &[], false).expect("a legal FEN");
    board.san(mv, notation).expect("a legal move")
}

#[test]
fn chess_san_and_lan() {
    let promo = "1r2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san("chess", promo, "c7b8q", 1), "cxb8=Q+");
    assert_eq!(san("chess", promo, "c7b8q", 2), "c7xb8=Q+");
    let rooks = "4k3/8/3R4/8/1R3R2/8/3R4/4K3 w - - 0 1";
    assert_eq!(san("chess", rooks, "b4d4", 1), "Rbd4");
    assert_eq!(san("chess", rooks, "d2d4", 1), "R2d4");
}

#[test]
fn shogi_notations() {
    let shogi = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1";
    assert_eq!(san("shogi", shogi, "i3i4", 0), "P-16");
    assert_eq!(san("shogi", shogi, "i3i4", 3), "P16");
    assert_eq!(san("shogi", shogi, "i3i4", 4), "P-1f");
    assert_eq!(san("shogi", shogi, "f1e2", 3), "G49-58");
}

#[test]
fn xiangqi_wxf_and_janggi() {
    let xiangqi = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(san("xiangqi", xiangqi, "h3e3", 7), "C2=5");
    assert_eq!(san("xiangqi", xiangqi, "h1g3", 7), "H2+3");
    // Three pawns on a file: their place from the front, then the file.
    let tandem = "rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(san("xiangqi", tandem, "e7d7", 7), "15=6");
    assert_eq!(san("xiangqi", tandem, "e6d6", 7), "25=6");
    let janggi = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    assert_eq!(san("janggi", janggi, "b1c3", 6), "H02-83");
}

#[test]
fn makruk_in_thai() {
    assert_eq!(san("makruk", MAKRUK, "e3e4", 1), "e4");
    assert_eq!(san("makruk", MAKRUK, "e3e4", 8), "จ๔");
    assert_eq!(san("makruk", MAKRUK, "e3e4", 9), "บ จ๓-จ๔");
    let capture = "r1smksnr/3n4/pppp1ppp/4p3/4PP2/PPPP2PP/8/RNSKMSNR w - - 0 1";
    assert_eq!(san("makruk", capture, "f4e5", 1), "fxe5");
    assert_eq!(san("makruk", capture, "f4e5", 8), "ฉxจ๕");
    assert_eq!(san("makruk", capture, "f4e5", 9), "บ ฉ๔xจ๕");
    let khon = "rnsm1s1r/4n1k1/1ppppppp/p7/2PPP3/PP3PPP/4N2R/RNSKMS2 b - - 1 5";
    assert_eq!(san("makruk", khon, "f8f7", 1), "Sf7");
    assert_eq!(san("makruk", khon, "f8f7", 8), "ค-ฉ๗");
    assert_eq!(san("makruk", khon, "f8f7", 9), "ค ฉ๘-ฉ๗");
    let khons = "4k3/8/8/4S3/8/2S5/8/4K3 w - - 0 1";
    assert_eq!(san("makruk", khons, "e5d4", 1), "Sed4");
    assert_eq!(san("makruk", khons, "e5d4", 8), "คจ-ง๔");
    assert_eq!(san("makruk", khons, "c3d4", 9), "ค ค๓-ง๔");
    let met = "4k3/8/4M3/4S3/8/2S5/8/4K3 w - - 0 1";
    assert_eq!(san("makruk", met, "e6d5", 8), "ม็-ง๕");
}

#[test]
fn unknown_notation_is_an_error() {
    let v = variant("chess").expect("chess");
    let board = v.board(None, &[], false).expect("start position");
    assert!(board.san("e2e4", 10).is_err());
    assert!(board.san("e2e5", 1).is_err());
}
