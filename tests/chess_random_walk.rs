//! Random-walk invariants for chess over thousands of plies: the incremental zobrist key equals
//! the key from scratch, FEN print/parse round-trips, the generator's kinds partition the legal
//! moves, bulk counting equals listing, move notation round-trips, `is_legal` agrees with the
//! generator on arbitrary bits and on every target and kind from the mover's own pieces, the key computed before a move equals the key after it (where
//! the move changes no rights), the undo stack restores every position exactly, a move's origin
//! is its written notation's, and the opponent's attacks (`threats`) are those its pieces'
//! moves reach, and each color's non-pawn key changes exactly with its pieces other than pawns.

mod common;

use common::Rng;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::prelude::*;
use nue::game::{GenKind, Position};

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqrbkrnn/pppppppp/8/8/8/8/PPPPPPPP/BQRBKRNN w FCfc - 0 1",
    "rnkbnqbr/pppppppp/8/8/8/8/PPPPPPPP/RNKBNQBR w HAha - 0 1",
];

fn sorted(moves: &[nue::game::chess::Move]) -> Vec<u16> {
    let mut v: Vec<u16> = moves.iter().map(|m| m.0).collect();
    v.sort_unstable();
    v
}

/// The squares the side not to move attacks, by walking each of its pieces' moves over the
/// board (the reference for `threats`).
fn attacked_by_walking(board: &Chess) -> u128 {
    let them = !board.side_to_move();
    let mut out = 0u128;
    let on_board = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
    board.for_each_piece(|piece, sq| {
        if piece.color != them {
            return;
        }
        let (f, r) = ((sq.index() % 8) as i32, (sq.index() / 8) as i32);
        let forward = if them == nue::core::Color::White { 1 } else { -1 };
        let knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        let king = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
        let (steps, slides): (Vec<(i32, i32)>, bool) = match piece.kind {
            0 => (vec![(-1, forward), (1, forward)], false),
            1 => (knight.to_vec(), false),
            2 => (king[1..].iter().step_by(2).copied().collect(), true),
            3 => (king.iter().step_by(2).copied().collect(), true),
            4 => (king.to_vec(), true),
            _ => (king.to_vec(), false),
        };
        for (df, dr) in steps {
            let (mut tf, mut tr) = (f + df, r + dr);
            while on_board(tf, tr) {
                let target = (tr * 8 + tf) as usize;
                out |= 1u128 << target;
                if !slides || board.piece_on(nue::core::Square(target as u8)).is_some() {
                    break;
                }
                (tf, tr) = (tf + df, tr + dr);
            }
        }
    });
    out
}

fn check_position(board: &Chess, rng: &mut Rng) -> Vec<nue::game::chess::Move> {
    assert_eq!(
        board.hash(),
        board.hash_from_scratch(),
        "incremental hash in {}",
        board.to_fen()
    );
    let fen = board.to_fen();
    let reparsed = Chess::from_fen(&ChessVariant, &fen).unwrap_or_else(|e| panic!("{e}: {fen}"));
    assert_eq!(reparsed.to_fen(), fen);
    assert_eq!(reparsed.hash(), board.hash(), "hash after FEN round trip of {fen}");

    let mut all = arrayvec::ArrayVec::new();
    board.generate(GenKind::All, &mut all);
    let mut tactical = arrayvec::ArrayVec::new();
    board.generate(GenKind::Tactical, &mut tactical);
    let mut quiet = arrayvec::ArrayVec::new();
    board.generate(GenKind::Quiet, &mut quiet);
    let mut union: Vec<_> = tactical.iter().chain(quiet.iter()).copied().collect();
    union.sort_unstable_by_key(|m| m.0);
    assert_eq!(
        sorted(&all),
        union.iter().map(|m| m.0).collect::<Vec<_>>(),
        "partition in {fen}"
    );
    assert_eq!(board.count_legal(), all.len() as u64, "bulk count in {fen}");
    for &mv in tactical.iter() {
        assert!(board.is_tactical(mv));
    }
    for &mv in all.iter() {
        assert!(board.is_legal(mv), "generated move {mv:?} judged illegal in {fen}");
        let text = board.fmt_move(mv);
        assert_eq!(
            board.parse_move(&text),
            Ok(mv),
            "notation round trip of {text} in {fen}"
        );
        assert_eq!(board.move_origin(mv), board.move_parts(mv).from, "{text} in {fen}");
    }
    assert_eq!(board.threats(), attacked_by_walking(board), "threats in {fen}");
    // The key before the move is made (a prefetch hint) is the key after it unless the move
    // changes castling rights or gives an en-passant right (fields 3 and 4 of the FEN).
    let fields = |fen: &str| fen.split(' ').skip(2).take(2).map(str::to_string).collect::<Vec<_>>();
    for &mv in all.iter() {
        let mut child = board.clone();
        child.play(mv, &mut nue::game::Dirty::default());
        assert_eq!(board.gives_check(mv), child.in_check(), "gives_check({mv:?}) in {fen}");
        check_non_pawn_keys(board, &child, mv);
        let (after, before) = (fields(&child.to_fen()), fields(&fen));
        match board.key_after(mv) {
            Some(key) if after[0] == before[0] && after[1] == "-" => {
                assert_eq!(key, child.hash(), "key after {mv:?} in {fen}");
            }
            Some(_) => {}
            None => assert!(board.fmt_move(mv).len() == 4, "no key for {mv:?} in {fen}"),
        }
    }
    for _ in 0..20 {
        let bits = nue::game::chess::Move::from_bits(rng.next() as u32 & 0xFFFF);
        assert_eq!(board.is_legal(bits), all.contains(&bits), "is_legal({bits:?}) in {fen}");
    }
    // And every encoding (target square, kind) from two squares of the side to move, as a
    // stale table entry or a killer from a sibling could hold.
    let ours: Vec<u32> = (0..64u32)
        .filter(|&sq| {
            board
                .piece_on(nue::core::Square(sq as u8))
                .is_some_and(|p| p.color == board.side_to_move())
        })
        .collect();
    for _ in 0..2 {
        let from = ours[rng.below(ours.len())];
        for rest in 0..(64 * 8) {
            let bits = nue::game::chess::Move::from_bits(from | (rest << 6));
            assert_eq!(board.is_legal(bits), all.contains(&bits), "is_legal({bits:?}) in {fen}");
        }
    }
    all.to_vec()
}

/// Each color's non-pawn key (the correction history's) changes exactly where its pieces
/// other than pawns do: the mover's where a piece moves or a pawn promotes, the other's where
/// a piece of it is taken.
fn check_non_pawn_keys(board: &Chess, child: &Chess, mv: nue::game::chess::Move) {
    let pawn = nue::game::chess::PAWN_KIND;
    let (before, after) = (
        board.non_pawn_keys().expect("chess keys"),
        child.non_pawn_keys().expect("chess keys"),
    );
    let us = board.side_to_move().index();
    let parts = board.move_parts(mv);
    let fen = board.to_fen();
    assert_eq!(
        before[us] != after[us],
        parts.kind != pawn || parts.change.is_some(),
        "mover's key after {mv:?} in {fen}"
    );
    let took = board.captured_piece(mv).is_some_and(|p| p.kind != pawn);
    assert_eq!(before[1 - us] != after[1 - us], took, "other key after {mv:?} in {fen}");
}

/// Checks the random walks rarely reach: a discovered check along a rank that an en-passant
/// capture opens by taking two pawns off it, a check by the castling rook, a check by an
/// under-promotion that a queen would not give, discovered checks along a file and a
/// diagonal, and moves that open nothing.
#[test]
fn gives_check_sees_every_way_to_check() {
    let cases = [
        ("8/8/8/R2pP2k/8/8/8/K7 w - d6 0 1", "e5d6", true),
        ("8/8/8/R2pP2k/8/8/8/K7 w - d6 0 1", "e5e6", false),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true),
        ("8/4P3/3k4/8/8/8/8/K7 w - - 0 1", "e7e8n", true),
        ("8/4P3/3k4/8/8/8/8/K7 w - - 0 1", "e7e8q", false),
        ("4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1", "e2d3", true),
        ("4k3/8/2N5/8/B7/8/8/4K3 w - - 0 1", "c6a5", true),
        ("4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1", "e1d1", false),
    ];
    for (fen, text, check) in cases {
        let board = Chess::from_fen(&ChessVariant, fen).expect("valid");
        let mv = board.parse_move(text).expect("legal");
        let mut child = board.clone();
        child.play(mv, &mut nue::game::Dirty::default());
        assert_eq!(child.in_check(), check, "{text} in {fen}");
        assert_eq!(board.gives_check(mv), check, "{text} in {fen}");
    }
}

#[test]
fn random_walks_keep_every_invariant() {
    let mut rng = Rng(0x5EED);
    let mut plies = 0;
    for game in 0..60 {
        let mut pos = Position::<Chess>::from_fen(&ChessVariant, STARTS[game % STARTS.len()]).expect("valid start");
        let mut history: Vec<(String, u64)> = Vec::new();
        for _ in 0..120 {
            let moves = check_position(pos.board(), &mut rng);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            history.push((pos.board().to_fen(), pos.board().hash()));
            pos.play(moves[rng.below(moves.len())]);
            plies += 1;
        }
        // Unwinding the undo stack restores each position exactly.
        while let Some((fen, hash)) = history.pop() {
            pos.undo();
            assert_eq!(pos.board().to_fen(), fen);
            assert_eq!(pos.board().hash(), hash);
        }
    }
    assert!(plies > 3000, "only {plies} plies walked");
}

#[test]
fn repetition_and_move_rules() {
    let mut pos = Position::<Chess>::start(&ChessVariant);
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        pos.play_str(mv).expect("legal");
    }
    // Second occurrence: a draw inside a search tree rooted at the start, not yet by rule.
    assert_eq!(pos.repetition(), Some(nue::core::Outcome::Draw));
    assert_eq!(pos.repetition_by_rule(), None);
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        pos.play_str(mv).expect("legal");
    }
    assert_eq!(pos.repetition_by_rule(), Some(nue::core::Outcome::Draw));
    assert_eq!(pos.outcome(), Some(nue::core::Outcome::Draw));

    // Rooted after the first cycle, a single recurrence before the root is not yet a draw.
    let mut pos = Position::<Chess>::start(&ChessVariant);
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        pos.play_str(mv).expect("legal");
    }
    pos.set_root();
    pos.play_str("e2e4").expect("legal");
    assert_eq!(pos.repetition(), None);

    let mut pos = Position::<Chess>::from_fen(&ChessVariant, "4k3/8/8/8/8/8/8/4K2R w - - 99 80").expect("valid");
    assert!(!pos.move_rule_reached());
    pos.play_str("h1h2").expect("legal");
    assert!(pos.move_rule_reached());
    assert_eq!(pos.outcome(), Some(nue::core::Outcome::Draw));
    // Checkmate on the 100th ply takes precedence over the 50-move rule.
    let mut pos = Position::<Chess>::from_fen(&ChessVariant, "7k/8/6K1/8/8/8/8/R7 w - - 99 80").expect("valid");
    pos.play_str("a1a8").expect("legal");
    assert_eq!(pos.outcome(), Some(nue::core::Outcome::Loss));
}

#[test]
fn insufficient_material_and_game_ends() {
    use nue::core::Outcome::{Draw, Loss};
    let outcome = |fen: &str| {
        Position::<Chess>::from_fen(&ChessVariant, fen)
            .expect("valid")
            .outcome()
    };
    assert_eq!(outcome("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), Some(Draw));
    assert_eq!(outcome("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"), Some(Draw));
    assert_eq!(outcome("4k3/8/8/8/8/8/8/4KN2 b - - 0 1"), Some(Draw));
    assert_eq!(
        outcome("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        Some(Draw),
        "bishops on one color"
    );
    assert_eq!(
        outcome("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        None,
        "bishops on both colors"
    );
    assert_eq!(outcome("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"), None, "two knights can mate");
    assert_eq!(outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), Some(Draw), "stalemate");
    assert_eq!(outcome("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), Some(Loss), "checkmate");
    assert_eq!(
        outcome("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        None
    );
}

#[test]
fn castling_notation_follows_the_chess960_flag() {
    let mut board = Chess::from_fen(&ChessVariant, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid");
    let short = board.parse_move("e1g1").expect("castling");
    assert_eq!(board.fmt_move(short), "e1g1");
    assert_eq!(board.parse_move("e1h1"), Ok(short), "king-takes-rook is accepted too");
    board.set_chess960(true);
    assert_eq!(board.fmt_move(short), "e1h1");
    assert_eq!(board.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    board.set_chess960(false);
    assert_eq!(board.fmt_move(short), "e1g1");
    // A Chess960 setup keeps king-takes-rook notation: f1g1 would be ambiguous.
    let mut board = <Chess as Notation>::from_fen(&ChessVariant, "4k3/8/8/8/8/8/8/5KR1 w G - 0 1").expect("valid");
    board.set_chess960(false);
    let castle = board.parse_move("f1g1").expect("castling");
    assert_eq!(board.fmt_move(castle), "f1g1");
    assert!(board.chess960());
}
