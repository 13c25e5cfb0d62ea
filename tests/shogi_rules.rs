//! Shogi: perft against the oracles (`shogi.sfen.epd`, cshogi-verified) and the reference's
//! perft anchors, one test per rule engines get wrong (positions verified with cshogi), SFEN
//! errors, and random-walk
//! invariants (including a color-blind evaluation).

mod common;

use common::Rng;
use nue::core::Outcome;
use nue::eval::hce;
use nue::game::perft::perft;
use nue::game::prelude::*;
use nue::game::shogi::{Shogi, ShogiVariant};
use nue::game::{Dirty, GenKind, Position};

fn board(sfen: &str) -> Shogi {
    Shogi::from_fen(&ShogiVariant::USI, sfen).unwrap_or_else(|e| panic!("{e}: {sfen}"))
}

fn moves(sfen: &str) -> Vec<String> {
    let b = board(sfen);
    let mut list = arrayvec::ArrayVec::<_, 600>::new();
    b.generate(GenKind::All, &mut list);
    list.iter().map(|&m| b.fmt_move(m)).collect()
}

#[test]
fn oracle_perft_quick() {
    let checked = common::check_perft_suite::<Shogi>(&ShogiVariant::USI, "shogi.sfen.epd", 3_000_000, false);
    assert!(checked >= 20);
}

#[test]
fn reference_perft_anchors() {
    let cases: &[(&str, &[u64])] = &[
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            &[30, 900, 25470, 719731, 19861490],
        ),
        (
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            &[207, 28684, 4809015],
        ),
        ("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", &[593, 105677]),
        ("9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", &[524, 248257]),
        (
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            &[178, 18041, 2552846],
        ),
        (
            "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
            &[180, 15217, 2067680],
        ),
        ("7k1/9/9/9/l2s5/6snb/9/9/8K b 2G 1", &[76, 2606, 201658]),
        ("7lk/9/8S/9/9/9/9/7L1/8K b P 1", &[85, 639, 10786, 167089]),
    ];
    for (sfen, counts) in cases {
        let b = board(sfen);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&b, d as u32 + 1), n, "perft {} of {sfen}", d + 1);
        }
    }
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn start_position_depth_6() {
    assert_eq!(
        perft(
            &board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
            6
        ),
        547_581_517
    );
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn oracle_perft_deep() {
    for line in common::perft_suite("shogi.sfen.epd") {
        let b = board(&line.fen);
        for &(depth, nodes) in &line.counts {
            if nodes > 3_000_000 {
                assert_eq!(perft(&b, depth), nodes, "perft {depth} of {}", line.fen);
            }
        }
    }
}

#[test]
fn uchifuzume_is_illegal() {
    let sfen = "k8/2G6/9/1N7/9/9/9/9/8K b P 1";
    assert!(!moves(sfen).contains(&"P*9b".to_string()));
    assert_eq!(moves(sfen).len(), 78);
    assert!(board(sfen).parse_move("P*9b").is_err());
    // A pawn push that mates is legal, promoted or not.
    let m = moves("k8/2G6/P8/1N7/9/9/9/9/8K b - 1");
    assert!(m.contains(&"9c9b".to_string()) && m.contains(&"9c9b+".to_string()));
    // The only capturing defender is pinned: still mate, still illegal.
    let pinned = "4kg1R1/2S6/4G4/9/9/9/9/9/4K4 b P 1";
    assert!(!moves(pinned).contains(&"P*5b".to_string()));
    assert_eq!(moves(pinned).len(), 111);
    // With the defender free, the drop is legal and the only reply takes the pawn.
    let free = "4kg3/2S6/4G4/9/9/9/9/9/4K4 b P 1";
    assert!(moves(free).contains(&"P*5b".to_string()));
    let mut b = board(free);
    let mv = b.parse_move("P*5b").expect("legal");
    b.play(mv, &mut Dirty::default());
    assert_eq!(moves(&b.to_fen()), vec!["4a5b".to_string()]);
}

#[test]
fn nifu_and_dead_drops() {
    let m = moves("k8/9/9/9/9/9/4P4/9/8K b P 1");
    assert!(!m.iter().any(|s| s.starts_with("P*5")), "no second pawn on file 5");
    assert!(m.contains(&"P*4e".to_string()));
    let m = moves("k8/9/9/9/9/9/9/9/8K b PLN 1");
    for illegal in ["P*5a", "L*5a", "N*5b", "N*5a"] {
        assert!(!m.contains(&illegal.to_string()), "{illegal}");
    }
    for legal in ["N*5c", "L*5b", "P*5b"] {
        assert!(m.contains(&legal.to_string()), "{legal}");
    }
}

#[test]
fn forced_and_optional_promotion() {
    let m = moves("4k4/9/9/P1L1N4/9/9/9/9/4K4 b - 1");
    let from = |sq: &str| -> Vec<String> {
        let mut v: Vec<String> = m.iter().filter(|s| s.starts_with(sq)).cloned().collect();
        v.sort();
        v
    };
    assert_eq!(from("5d"), vec!["5d4b+", "5d6b+"]);
    assert_eq!(from("9d"), vec!["9d9c", "9d9c+"]);
    assert_eq!(from("7d"), vec!["7d7a+", "7d7b", "7d7b+", "7d7c", "7d7c+"]);
    // Bishop non-promotion into the zone is legal (almost never good, but legal).
    let mut pos = Position::<Shogi>::start(&ShogiVariant::USI);
    for mv in ["7g7f", "3c3d", "8h2b"] {
        pos.play_str(mv).expect("legal");
    }
    assert!(pos.board().to_fen().contains('B'), "an unpromoted bishop on 2b");
}

fn play_all(pos: &mut Position<Shogi>, line: &str) {
    for mv in line.split_whitespace() {
        pos.play_str(mv).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn sennichite_is_a_draw_on_the_fourth_occurrence() {
    let mut pos = Position::<Shogi>::start(&ShogiVariant::USI);
    play_all(&mut pos, "5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a");
    assert_eq!(pos.repetition_by_rule(), None, "third occurrence");
    play_all(&mut pos, "5i5h 5a5b 5h5i 5b5a");
    assert_eq!(pos.repetition_by_rule(), Some(Outcome::Draw));
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
}

#[test]
fn perpetual_check_loses() {
    let sfen = "lnsg1gsnl/1r5b1/ppppppppp/4k4/9/5R3/PPPPPPPPP/1B7/LNSGKGSNL b - 1";
    let mut pos = Position::<Shogi>::from_fen(&ShogiVariant::USI, sfen).expect("valid");
    let cycle = "4f5f 5d4d 5f4f 4d5d";
    play_all(&mut pos, cycle);
    // In a search tree the first recurrence decides: sente, to move, checked every time.
    assert_eq!(pos.repetition(), Some(Outcome::Loss));
    play_all(&mut pos, &format!("{cycle} {cycle}"));
    assert_eq!(pos.repetition_by_rule(), Some(Outcome::Loss));
    // Seen from gote after one more move, the checking side (sente) loses: gote wins.
    let mut pos = Position::<Shogi>::from_fen(&ShogiVariant::USI, sfen).expect("valid");
    play_all(
        &mut pos,
        "4f5f 5d4d 5f4f 4d5d 4f5f 5d4d 5f4f 4d5d 4f5f 5d4d 5f4f 4d5d 4f5f",
    );
    assert_eq!(pos.repetition_by_rule(), Some(Outcome::Win));
}

#[test]
fn entering_king_declaration() {
    let valid = board("RBGGKSS2/9/NNLL5/9/9/9/9/9/4k4 b 10P2g2s2n2l8p 1");
    assert!(valid.declaration_win());
    assert_eq!(valid.outcome(), Some(Outcome::Win));
    let short = board("RBGGKSS2/9/NNLL5/9/9/9/9/9/4k4 b 9P2g2s2n2l9p 1");
    assert!(!short.declaration_win(), "27 points are not enough for sente");
    assert!(!board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").declaration_win());
}

fn rejects(sfen: &str, words: &str) {
    match Shogi::from_fen(&ShogiVariant::USI, sfen) {
        Ok(_) => panic!("accepted bad SFEN {sfen:?}"),
        Err(e) => assert!(
            e.to_string().contains(words),
            "'{e}' should mention '{words}' ({sfen:?})"
        ),
    }
}

#[test]
fn bad_sfen_gets_a_reason() {
    rejects("", "empty SFEN");
    rejects("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "found 1");
    rejects(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 extra",
        "found 5",
    );
    rejects(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
        "unknown piece letter 'X'",
    );
    rejects(
        "lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "more than 9 squares",
    );
    rejects(
        "lnsgkgsnl/1r5b1/pppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "only 8 squares",
    );
    rejects(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "expected 9 ranks",
    );
    rejects(
        "lnsg1gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "no gote king",
    );
    rejects(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSKKGSNL b - 1",
        "2 sente kings",
    );
    rejects("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move");
    rejects("L3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move");
    rejects("4k4/N8/9/9/9/9/9/9/4K4 b - 1", "could never move");
    rejects("4k4/9/9/9/9/9/9/9/n3K4 b - 1", "could never move");
    rejects("4k4/9/9/9/P8/9/P8/9/4K4 b - 1", "nifu");
    rejects("4k4/9/9/9/9/9/9/9/4K4 b 3B 1", "the set has 2");
    rejects("4k4/9/9/9/9/9/9/9/R3K4 b 2r 1", "3 pieces of kind 'R'");
    rejects("4k4/9/9/9/9/9/9/9/4K4 b P2 1", "write 2P, not P2");
    rejects("4k4/9/9/9/9/9/9/9/4K4 b K 1", "king cannot be in hand");
    rejects("4k4/9/9/9/9/9/9/9/4K4 b +P 1", "promoted pieces cannot be in hand");
    rejects("4+k4/9/9/9/9/9/9/9/4K4 b - 1", "kings and golds do not promote");
    rejects("4k4/9/9/9/9/9/9/9/3+GK4 b - 1", "kings and golds do not promote");
    rejects(
        "4k4/9/9/9/9/9/9/4r4/4K4 w - 1",
        "the side not to move (sente) is in check",
    );
    rejects("4k4/9/9/9/9/9/9/9/4K4 x - 1", "expected 'b' (sente) or 'w' (gote)");
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number");
    rejects("\u{0}\u{1}garbage\u{7f} b - 1", "expected 9 ranks");
    rejects("ÿÿÿ/9/9/9/9/9/9/9/4K4 b - 1", "unknown piece letter 'ÿ'");
}

/// `sfen` with the board turned 180 degrees, the colors of pieces, hands and the side to move
/// swapped.
fn flip_sfen(sfen: &str) -> String {
    let f: Vec<&str> = sfen.split(' ').collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    // Tokens of a rank (a piece with its '+', or a run of empty squares), reversed.
    let rank = |r: &str| {
        let mut tokens: Vec<String> = Vec::new();
        let mut plus = false;
        for c in r.chars() {
            if c == '+' {
                plus = true;
            } else {
                tokens.push(if plus {
                    format!("+{}", swap(c))
                } else {
                    swap(c).to_string()
                });
                plus = false;
            }
        }
        tokens.reverse();
        tokens.concat()
    };
    let board: Vec<String> = f[0].split('/').rev().map(rank).collect();
    let side = if f[1] == "b" { "w" } else { "b" };
    let hands = if f[2] == "-" {
        "-".to_string()
    } else {
        f[2].chars().map(swap).collect()
    };
    format!("{} {side} {hands} {}", board.join("/"), f[3])
}

/// Each color's non-pawn key (the correction history's, hand included) changes exactly where its
/// pieces other than pawns or its hand do: the mover's unless an unpromoting pawn steps without
/// taking, the other's where a piece other than a pawn of it is taken.
fn check_non_pawn_keys(b: &Shogi, next: &Shogi, mv: nue::game::shogi::Move) {
    let pawn = nue::game::shogi::attacks::PAWN as u8;
    let (before, after) = (b.non_pawn_keys().expect("keys"), next.non_pawn_keys().expect("keys"));
    let us = b.side_to_move().index();
    let parts = b.move_parts(mv);
    let pawn_step = parts.kind == pawn && parts.from.is_some() && !parts.capture && parts.change.is_none();
    let fen = b.to_fen();
    assert_eq!(before[us] == after[us], pawn_step, "mover's key after {mv:?} in {fen}");
    let took = b.captured_piece(mv).is_some_and(|p| p.kind != pawn);
    assert_eq!(before[1 - us] != after[1 - us], took, "other key after {mv:?} in {fen}");
}

#[test]
fn random_walks_keep_invariants() {
    let mut rng = Rng(17);
    let mut plies = 0;
    for _ in 0..30 {
        let mut pos = Position::<Shogi>::start(&ShogiVariant::USI);
        let mut history = Vec::new();
        for _ in 0..150 {
            let b = pos.board();
            assert_eq!(b.hash(), b.hash_from_scratch(), "{}", b.to_fen());
            let fen = b.to_fen();
            let again = Shogi::from_fen(&ShogiVariant::USI, &fen).expect("round trip");
            assert_eq!((again.to_fen(), again.hash()), (fen.clone(), b.hash()));
            let mut all = arrayvec::ArrayVec::<_, 600>::new();
            b.generate(GenKind::All, &mut all);
            let mut parts = arrayvec::ArrayVec::<_, 600>::new();
            b.generate(GenKind::Tactical, &mut parts);
            b.generate(GenKind::Quiet, &mut parts);
            assert_eq!(parts.len(), all.len(), "tactical + quiet = all in {fen}");
            assert_eq!(b.count_legal(), all.len() as u64);
            for &mv in all.iter() {
                assert!(b.is_legal(mv));
                assert_eq!(b.parse_move(&b.fmt_move(mv)), Ok(mv));
                assert_eq!(b.move_origin(mv), b.move_parts(mv).from);
                let mut next = b.clone();
                next.play(mv, &mut Dirty::default());
                assert_eq!(b.gives_check(mv), next.in_check());
                check_non_pawn_keys(b, &next, mv);
            }
            if all.is_empty() {
                break;
            }
            // The evaluation is color-blind: the board turned 180 degrees with the colors
            // swapped scores the same for the side to move.
            let mirror = board(&flip_sfen(&fen));
            assert_eq!(hce::evaluate(b), hce::evaluate(&mirror), "{fen} vs {}", mirror.to_fen());
            history.push((fen, b.hash()));
            pos.play(all[rng.below(all.len())]);
            plies += 1;
        }
        while let Some((fen, hash)) = history.pop() {
            pos.undo();
            assert_eq!((pos.board().to_fen(), pos.board().hash()), (fen, hash));
        }
    }
    assert!(plies > 3000);
}
