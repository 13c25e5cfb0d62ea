//! Every kind of malformed chess FEN gets an `Err` naming the field and the problem.

use nue::game::chess::{Chess, ChessVariant};
use nue::game::prelude::*;

fn rejects(fen: &str, field: &str, words: &str) {
    match Chess::from_fen(&ChessVariant, fen) {
        Ok(_) => panic!("accepted bad FEN {fen:?}"),
        Err(e) => {
            assert_eq!(e.field, field, "field for {fen:?}: {e}");
            assert!(
                e.message.contains(words),
                "message for {fen:?} should mention '{words}': {e}"
            );
        }
    }
}

#[test]
fn empty_string() {
    rejects("", "position", "empty");
    rejects("   ", "position", "empty");
}

#[test]
fn wrong_field_count() {
    rejects("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "position", "found 2");
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "position",
        "found 7",
    );
}

#[test]
fn bad_piece_letters() {
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "board",
        "unknown piece letter 'X'",
    );
}

#[test]
fn ranks_too_long_or_short() {
    rejects(
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "board",
        "more than 8 squares",
    );
    rejects(
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "board",
        "bad empty-square count",
    );
    rejects(
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "board",
        "only 7 squares",
    );
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "board",
        "expected 8 ranks",
    );
}

#[test]
fn kings_missing_or_doubled() {
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
            .replace('K', "Q")
            .as_str(),
        "board",
        "no white king",
    );
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",
        "board",
        "2 white kings",
    );
    rejects("4k3/8/8/8/8/8/8/8 w - - 0 1", "board", "no white king");
}

#[test]
fn pawns_on_first_or_last_rank() {
    rejects(
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1",
        "board",
        "pawn on h8",
    );
    rejects("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "board", "pawn on a1");
}

#[test]
fn castling_rights_without_king_or_rook() {
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1",
        "castling",
        "no white rook",
    );
    rejects("4k3/8/8/8/8/8/4K3/R6R w Q - 0 1", "castling", "not on its first rank");
    rejects("4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "castling", "no black rook");
    rejects("4k3/8/8/8/8/8/8/R3K2R w KC - 0 1", "castling", "no white rook");
    rejects("4k3/8/8/8/8/8/8/R3K2R w KX - 0 1", "castling", "unexpected character");
    rejects("4k3/8/8/8/8/8/8/R3K2R w K1 - 0 1", "castling", "unexpected character");
}

#[test]
fn impossible_en_passant_square() {
    rejects(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
        "en passant",
        "rank 3",
    );
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
        "en passant",
        "double step",
    );
    rejects(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq z9 0 1",
        "en passant",
        "expected '-' or a square",
    );
}

#[test]
fn side_not_to_move_in_check() {
    rejects("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "position", "white) is in check");
    rejects("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", "position", "black) is in check");
}

#[test]
fn bad_side_and_clocks() {
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "side to move",
        "'x'",
    );
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1",
        "halfmove clock",
        "'-3'",
    );
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "fullmove number",
        "'0'",
    );
}

#[test]
fn binary_garbage() {
    rejects("\u{0}\u{1}\u{7f}\u{fffd}", "position", "expected 6 fields");
    rejects(
        "\u{0}\u{1}\u{fffd}/8/8/8/8/8/8/8 w - - 0 1",
        "board",
        "unknown piece letter '\\0'",
    );
    rejects("ÿÿÿÿ/8/8/8/8/8/8/8 w - - 0 1", "board", "unknown piece letter 'ÿ'");
}

#[test]
fn too_many_pieces_or_pawns() {
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w - - 0 1",
        "board",
        "more than 16 white pieces",
    );
    rejects(
        "4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1",
        "board",
        "more than 8 white pawns",
    );
}
