//! The xiangqi family as data (`variants/xiangqi.toml`, `minixiangqi`, `manchu`, `janggi`, and
//! empire's flying general along ranks, in castling and after en passant): the rules the
//! perft oracles exercise only in passing, each on a small position whose legal moves are
//! pyffish's (Fairy-Stockfish's rules library, `pyffish.legal_moves`), and the end rules:
//! stalemate and perpetual check lose. Fairy-Stockfish's AXF chasing rule is not implemented:
//! [`a_perpetual_chase_is_a_draw_here_and_a_loss_in_fairy_stockfish`] pins the difference.

use nue::core::Outcome;
use nue::game::fairy::{Fairy, FairyVariant};
use nue::game::prelude::*;
use nue::game::{GenKind, Position};
use std::sync::Arc;

fn rules(name: &str) -> Arc<FairyVariant<u128>> {
    let def = nue::variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    FairyVariant::<u128>::compile(&def).expect("builds")
}

fn legal(name: &str, fen: &str) -> Vec<String> {
    let board = Fairy::<u128>::from_fen(&rules(name), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = <Fairy<u128> as GameRules>::MoveList::default();
    board.generate(GenKind::All, &mut list);
    let mut moves: Vec<String> = list.iter().map(|&m| board.fmt_move(m)).collect();
    moves.sort();
    assert_eq!(moves.len() as u64, board.count_legal(), "{fen}: counted and listed");
    moves
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Each case: variant, FEN, pyffish's legal moves.
const CASES: &[(&str, &str, &[&str])] = &[
    // Flying general: the king may not step onto the open e-file facing the other.
    ("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", &["d1d2"]),
    // The soldier between the generals may not step off their file.
    (
        "xiangqi",
        "4k4/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1",
        &["e1d1", "e1e2", "e1f1", "e6e7"],
    ),
    // A soldier before the river steps forward only; across it, sideways too.
    (
        "xiangqi",
        "3k5/9/9/9/9/4P4/9/9/9/5K3 w - - 0 1",
        &["e5e6", "f1e1", "f1f2"],
    ),
    (
        "xiangqi",
        "3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 1",
        &["e6d6", "e6e7", "e6f6", "f1e1", "f1f2"],
    ),
    // The elephant may not cross the river, and is blocked by a piece on its eye.
    (
        "xiangqi",
        "3k5/9/9/9/9/2B6/9/9/9/5K3 w - - 0 1",
        &["c5a3", "c5e3", "f1e1", "f1f2"],
    ),
    (
        "xiangqi",
        "3k5/9/9/9/9/2B6/3p5/9/9/5K3 w - - 0 1",
        &["c5a3", "f1e1", "f1f2"],
    ),
    // The horse is blocked by a piece on its leg.
    (
        "xiangqi",
        "3k5/9/9/9/9/9/9/4p4/4N4/5K3 w - - 0 1",
        &["e2c1", "e2c3", "e2g1", "e2g3", "f1e1", "f1f2"],
    ),
    // The cannon captures only over a hurdle: here there is nothing behind it.
    (
        "xiangqi",
        "3k5/9/9/9/9/4p4/9/9/4C4/5K3 w - - 0 1",
        &[
            "e2a2", "e2b2", "e2c2", "e2d2", "e2e1", "e2e3", "e2e4", "e2f2", "e2g2", "e2h2", "e2i2", "f1e1", "f1f2",
        ],
    ),
    // Minixiangqi's soldiers step sideways from the start.
    (
        "minixiangqi",
        "3k3/7/7/7/7/3P3/2K4 w - - 0 1",
        &["c1c2", "c1d1", "d2c2", "d2d3", "d2e2"],
    ),
    // Manchu's banner: a chariot, a cannon and a horse in one.
    (
        "manchu",
        "3k5/9/9/9/4p4/9/9/9/4n4/M4K3 w - - 0 1",
        &[
            "a1a10", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1a9", "a1b1", "a1b3", "a1c1", "a1c2",
            "a1d1", "a1e1", "f1e1", "f1f2",
        ],
    ),
    // Empire: the flying general along a rank too (the knight may not leave rank 5), and in
    // castling (f8 faces the king on f1; with it on c1, Black castles).
    (
        "empire",
        "8/8/8/K3N2k/8/8/8/8 w - - 0 1",
        &["a5a4", "a5a6", "a5b4", "a5b5", "a5b6"],
    ),
    (
        "empire",
        "4k2r/8/8/8/8/8/8/5K2 b k - 0 1",
        &[
            "e8d7", "e8d8", "e8e7", "h8f8", "h8g8", "h8h1", "h8h2", "h8h3", "h8h4", "h8h5", "h8h6", "h8h7",
        ],
    ),
    (
        "empire",
        "4k2r/8/8/8/8/8/8/2K5 b k - 0 1",
        &[
            "e8d7", "e8d8", "e8e7", "e8f7", "e8f8", "e8g8", "h8f8", "h8g8", "h8h1", "h8h2", "h8h3", "h8h4", "h8h5",
            "h8h6", "h8h7",
        ],
    ),
    // Fairy-Stockfish does not test an en-passant capture for facing kings: e5d6 opens rank 5
    // and is legal; Black must then end the facing.
    (
        "empire",
        "8/8/8/K2pP2k/8/8/8/8 w - d6 0 1",
        &["a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "e5d6", "e5e6"],
    ),
    (
        "empire",
        "8/8/3P4/K6k/8/8/8/8 b - - 0 1",
        &["h5g4", "h5g6", "h5h4", "h5h6"],
    ),
    // Janggi: the palace diagonals of the guard (e2), the chariot (d1 to e2 and f3), the
    // cannon (d1 over e2 to f3, but never over a cannon), the soldier (forward only); passes
    // (`d1d1`); facing generals (bikjang) must be parted or the move passed.
    (
        "janggi",
        "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1",
        &[
            "d1d1", "d1d2", "d1e1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3",
        ],
    ),
    (
        "janggi",
        "4k4/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1",
        &[
            "d1a1", "d1b1", "d1c1", "d1d10", "d1d2", "d1d3", "d1d4", "d1d5", "d1d6", "d1d7", "d1d8", "d1d9", "d1e1",
            "d1e2", "d1f3", "f1e1", "f1e2", "f1f1", "f1f2",
        ],
    ),
    (
        "janggi",
        "3k5/9/9/9/9/9/9/9/4P4/3C1K3 w - - 0 1",
        &[
            "d1f3", "d1g1", "d1h1", "d1i1", "e2d2", "e2d3", "e2e3", "e2f2", "e2f3", "f1e1", "f1f1", "f1f2",
        ],
    ),
    (
        "janggi",
        "3k5/9/9/9/9/9/9/9/4c4/3C1K3 w - - 0 1",
        &["d1g1", "d1h1", "d1i1", "f1e1", "f1e2", "f1f1", "f1f2"],
    ),
    (
        "janggi",
        "3k5/9/9/9/9/9/9/3p5/9/4K4 b - - 0 1",
        &["d10d10", "d10d9", "d10e10", "d10e9", "d3c3", "d3d2", "d3e2", "d3e3"],
    ),
    (
        "janggi",
        "9/4P4/4k4/9/9/9/9/9/9/3K5 w - - 0 1",
        &[
            "d1d1", "d1d2", "d1e1", "d1e2", "e9d10", "e9d9", "e9e10", "e9f10", "e9f9",
        ],
    ),
    ("janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", &["e1d1", "e1e1", "e1f1"]),
];

#[test]
fn legal_moves_equal_pyffish_on_the_rules_positions() {
    for &(name, fen, want) in CASES {
        assert_eq!(legal(name, fen), sorted(want), "{name}: {fen}");
    }
}

/// The stalemated general (no move, not in check) loses, as pyffish's `game_result` says
/// (-32000 for the side to move).
#[test]
fn stalemate_loses() {
    let rules = rules("xiangqi");
    let pos = Position::<Fairy<u128>>::from_fen(&rules, "3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1").expect("fen");
    assert!(!pos.board().in_check());
    assert_eq!(pos.outcome(), Some(Outcome::Loss));
}

/// Red checks the black general forever along ranks 9 and 10: on the third occurrence the
/// checking side loses. pyffish (`is_optional_game_end`) ends the game at the same ply: 32000
/// for Black to move after the ninth ply, -32000 for Red after the tenth.
#[test]
fn perpetual_check_loses() {
    let rules = rules("xiangqi");
    let mut pos = Position::<Fairy<u128>>::from_fen(&rules, "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").expect("fen");
    pos.play_str("a1a10").expect("legal");
    let cycle = ["e10e9", "a10a9", "e9e10", "a9a10"];
    for _ in 0..2 {
        for m in cycle {
            assert_eq!(pos.repetition_by_rule(), None);
            pos.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }
    // Black to move, the position for the third time, every Red move of the cycle a check.
    assert_eq!(pos.repetition_by_rule(), Some(Outcome::Win));
    pos.play_str(cycle[0]).expect("legal");
    assert_eq!(pos.repetition_by_rule(), Some(Outcome::Loss), "Red to move loses");
}

/// Red's chariot chases the unprotected black horse between h8 and g10, never checking: under
/// the AXF chasing rule the chaser loses. `pyffish.is_optional_game_end("xiangqi", FEN, moves)`
/// answers `(True, -32000)` with Red to move after the eighth ply and `(True, 32000)` after the
/// ninth; before, no repetition ends the game.
#[test]
fn a_perpetual_chase_loses() {
    let rules = rules("xiangqi");
    let mut pos = Position::<Fairy<u128>>::from_fen(&rules, "5k3/9/7n1/9/9/9/9/9/9/3K2R2 w - - 0 1").expect("fen");
    for m in ["g1h1", "h8g10", "h1g1", "g10h8", "g1h1", "h8g10", "h1g1"] {
        pos.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(pos.repetition_by_rule(), None, "after {m}");
    }
    pos.play_str("g10h8").expect("legal");
    assert_eq!(pos.repetition_by_rule(), Some(Outcome::Loss), "Red to move, the chaser");
    pos.play_str("g1h1").expect("legal");
    assert_eq!(
        pos.repetition_by_rule(),
        Some(Outcome::Win),
        "Black to move, the chased"
    );
}

/// Fairy-Stockfish's own repetition cases (`tests/data/xiangqi_chases.txt`): direct,
/// discovered and mutual chases, fake protection by pinned pieces and the flying general,
/// chases by soldiers (none), perpetual checks against intermittent ones. Each ends the game
/// with pyffish's value for the side to move.
#[test]
fn repetitions_are_judged_as_fairy_stockfish_judges_them() {
    let rules = rules("xiangqi");
    let text = include_str!("data/xiangqi_chases.txt");
    let cases: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert!(cases.len() >= 30, "{} cases", cases.len());
    for case in cases {
        let fields: Vec<&str> = case.split(" | ").collect();
        let mut pos = Position::<Fairy<u128>>::from_fen(&rules, fields[0]).expect("fen");
        for m in fields[1].split_whitespace() {
            pos.play_str(m).unwrap_or_else(|e| panic!("{case}: {m}: {e}"));
        }
        let expected = match fields[2] {
            "win" => Outcome::Win,
            "loss" => Outcome::Loss,
            _ => Outcome::Draw,
        };
        assert_eq!(pos.repetition_by_rule(), Some(expected), "{case}");
    }
}

/// Janggi's ends by counting material, each as pyffish scores it (`game_result`): two passes
/// from the start (equal material: Black wins by its bonus); a pass that leaves the generals
/// facing (bikjang), with bare generals (Black wins) and with a White chariot (White wins);
/// a bikjang that Black must part (it may not step along the file) or pass; the n-move rule and
/// a repetition.
#[test]
fn janggi_passes_and_bikjang_end_by_counting() {
    let rules = rules("janggi");
    let play = |fen: &str, moves: &[&str]| {
        let mut pos = Position::<Fairy<u128>>::from_fen(&rules, fen).expect("fen");
        for m in moves {
            pos.play_str(m).unwrap_or_else(|e| panic!("{fen}: {m}: {e}"));
        }
        pos
    };
    let start = rules.rules().start_fen.clone();
    assert_eq!(play(&start, &["e2e2"]).outcome(), None);
    assert_eq!(
        play(&start, &["e2e2", "e9e9"]).outcome(),
        Some(Outcome::Loss),
        "White to move loses"
    );
    assert_eq!(play(&start, &["e2e2", "e9e9"]).board().count_legal(), 0);
    let bare = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        play(bare, &["e1e1"]).outcome(),
        Some(Outcome::Win),
        "Black to move wins"
    );
    let chariot = "4k4/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    assert_eq!(
        play(chariot, &["e1e1"]).outcome(),
        Some(Outcome::Loss),
        "Black to move loses"
    );
    let facing = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
    assert_eq!(
        legal("janggi", &play(facing, &["d1e1"]).board().to_fen()),
        sorted(&["e10d10", "e10e10", "e10f10"])
    );
    assert_eq!(
        play(facing, &["d1e1", "e10e10"]).outcome(),
        Some(Outcome::Win),
        "White to move wins"
    );
    assert_eq!(play(facing, &["d1e1", "e10d10"]).outcome(), None);
    // The n-move rule and a threefold repetition count material too (pyffish's
    // `is_optional_game_end`: -32000 for Black to move, 32000 for White to move).
    let fifty = play("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 99 80", &["a2a3"]);
    assert_eq!(fifty.outcome(), Some(Outcome::Loss), "Black to move loses");
    let shuffle = ["f1f2", "d10d9", "f2f1", "d9d10"];
    let again = play("3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1", &[shuffle, shuffle].concat());
    assert_eq!(again.repetition_by_rule(), Some(Outcome::Win), "White to move wins");
}

/// Under the AXF rules a side's checks past ten in the n-move count's window do not count:
/// here Red checks often enough that the 50-move rule, reached by the count at ply 50 (the FEN's
/// halfmove clock is 50), ends the game only at ply 54. pyffish's `is_optional_game_end` says
/// `False` through ply 53 and `(True, 0)` at ply 54 (random play, seed 28 of a search for such
/// a game).
#[test]
fn checks_past_ten_do_not_count_for_the_move_rule() {
    let rules = rules("xiangqi");
    let fen = "3k5/9/9/4n4/9/9/2R1R4/9/4N4/4K4 w - - 50 1";
    let moves = "c4c10 d10d9 c10c7 e7d5 c7i7 d9d10 i7i6 d5e7 e4d4 e7d5 i6h6 d10d9 h6h3 d9d10 h3h10 \
        d10d9 h10h7 d9d8 h7g7 d8d9 g7d7 d9e9 d7d9 e9e10 d9d10 e10e9 d10d9 e9e10 d9e9 e10f10 e2c1 d5e7 \
        e9c9 f10e10 c9e9 e10f10 e9d9 e7f9 e1e2 f9e7 d9d10 f10f9 d4d9 f9f8 d9g9 e7f9 g9g3 f9h8 g3g6 h8i10 \
        d10d8 f8f9 g6e6 i10g9";
    let mut pos = Position::<Fairy<u128>>::from_fen(&rules, fen).expect("fen");
    for (ply, m) in moves.split_whitespace().enumerate() {
        assert!(!pos.move_rule_reached(), "before ply {}", ply + 1);
        pos.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert!(pos.board().reversible_plies() == 104);
    assert!(pos.move_rule_reached());
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
}
