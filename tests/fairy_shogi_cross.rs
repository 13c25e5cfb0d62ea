//! The fairy interpreter running `variants/shogi.toml` against the native shogi implementation
//! (in its UCI dialect: Fairy-Stockfish's FEN with the hand in brackets, `P@e5`, `+`), node for
//! node: on random games, both must agree on every position's legal moves, tactical moves, check
//! status and FEN, and the fairy side's incremental key must equal its recomputation; from 200
//! random positions, perft 3 must be equal; and the shogi oracle suite must hold for both.

mod common;

use common::Rng;
use nue::game::fairy::{Fairy, FairyVariant};
use nue::game::perft::perft;
use nue::game::prelude::*;
use nue::game::shogi::{Shogi, ShogiVariant};
use nue::game::{Dirty, GenKind};
use std::sync::Arc;

fn moves<G: Game>(board: &G, kind: GenKind) -> Vec<String> {
    let mut list = G::MoveList::default();
    board.generate(kind, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| board.fmt_move(m)).collect();
    v.sort();
    v
}

fn fairy_shogi() -> Arc<FairyVariant<u128>> {
    let def = nue::variant::load("variants/shogi.toml").expect("shogi.toml");
    FairyVariant::<u128>::compile(&def).expect("builds")
}

/// Plays random games on both, checking every position; returns positions sampled every
/// `sample` plies (as FEN).
fn random_games(games: usize, sample: usize, seed: u64, check: bool) -> Vec<String> {
    let rules = fairy_shogi();
    let mut rng = Rng(seed);
    let mut sampled = Vec::new();
    let mut positions = 0;
    for game in 0..games {
        let mut native = Shogi::start(&ShogiVariant::UCI);
        let mut fairy = Fairy::<u128>::start(&rules);
        for ply in 0..240 {
            let fen = native.to_fen();
            if check {
                // The native game resets the halfmove clock on pawn moves too (they are
                // irreversible); Fairy-Stockfish's shogi only on captures and drops.
                let without_clock = |f: &str| f.rsplitn(3, ' ').nth(2).map(str::to_string);
                assert_eq!(
                    without_clock(&fairy.to_fen()),
                    without_clock(&fen),
                    "game {game} ply {ply}"
                );
                assert_eq!(fairy.hash(), fairy.hash_from_scratch(), "{fen}");
                assert_eq!(fairy.in_check(), native.in_check(), "{fen}");
                assert_eq!(
                    moves(&fairy, GenKind::Tactical),
                    moves(&native, GenKind::Tactical),
                    "{fen}"
                );
            }
            let all = moves(&native, GenKind::All);
            if check {
                assert_eq!(moves(&fairy, GenKind::All), all, "{fen}");
                assert_eq!(fairy.count_legal(), all.len() as u64, "{fen}");
            }
            positions += 1;
            if ply % sample == sample - 1 {
                sampled.push(fen.clone());
            }
            if all.is_empty() {
                break;
            }
            let pick = &all[rng.below(all.len())];
            let nm = native.parse_move(pick).expect("legal in native");
            let fm = fairy.parse_move(pick).expect("legal in fairy");
            if check {
                assert!(fairy.is_legal(fm), "{fen}: {pick}");
                assert_eq!(fairy.gives_check(fm), native.gives_check(nm), "{fen}: {pick}");
                assert_eq!(fairy.is_tactical(fm), native.is_tactical(nm), "{fen}: {pick}");
            }
            native.play(nm, &mut Dirty::default());
            fairy.play(fm, &mut Dirty::default());
        }
    }
    assert!(positions > games * 20, "only {positions} positions");
    sampled
}

#[test]
fn fairy_shogi_equals_native_shogi_on_random_games() {
    random_games(60, 1000, 2026, true);
}

/// Perft 3 from 200 positions of random games (with hands, promoted pieces, checks).
#[test]
fn fairy_shogi_perft_equals_native_from_200_random_positions() {
    let rules = fairy_shogi();
    let fens = random_games(25, 12, 77, false);
    assert!(fens.len() >= 200, "{} positions", fens.len());
    for fen in fens.iter().take(200) {
        let native = Shogi::from_fen(&ShogiVariant::UCI, fen).expect("native FEN");
        let fairy = Fairy::<u128>::from_fen(&rules, fen).expect("fairy FEN");
        assert_eq!(perft(&fairy, 3), perft(&native, 3), "{fen}");
    }
}

/// Uchifuzume with a pinned defender: the pawn drop on e8 (5b) would be taken by the gold on
/// f8, but the gold is pinned by the bishop on h6 to the king on e9, so the drop would mate
/// and is illegal; with the bishop on h7 the gold may take, and the drop is legal.
#[test]
fn a_pawn_drop_mate_is_illegal_even_when_the_defender_is_pinned() {
    let rules = fairy_shogi();
    for (fen, drop, legal) in [
        // King e9 boxed in by its own pieces; the gold on f8 is pinned along h6-e9.
        ("3lkn3/3s1g3/4G4/7B1/9/9/9/9/4K4[P] w - - 0 1", "P@e8", false),
        ("3lkn3/3s1g3/4G2B1/9/9/9/9/9/4K4[P] w - - 0 1", "P@e8", true),
    ] {
        let native = Shogi::from_fen(&ShogiVariant::UCI, fen).expect("native FEN");
        let fairy = Fairy::<u128>::from_fen(&rules, fen).expect("fairy FEN");
        assert_eq!(moves(&fairy, GenKind::All), moves(&native, GenKind::All), "{fen}");
        assert_eq!(
            moves(&fairy, GenKind::All).iter().any(|m| m == drop),
            legal,
            "{fen}: {drop}"
        );
    }
}

/// Minishogi's four-fold repetition loses for the first player (sente, White in the FEN)
/// whoever is to move (`n_fold_value_absolute`); in shogi it draws.
#[test]
fn a_minishogi_repetition_loses_for_sente() {
    use nue::core::Outcome;
    use nue::game::Position;
    let cycle = ["a1b2", "e5d4", "b2a1", "d4e5"];
    for (name, with_white_to_move, with_black_to_move) in [
        ("minishogi", Outcome::Loss, Outcome::Win),
        ("gorogoro", Outcome::Draw, Outcome::Draw),
    ] {
        let def = nue::variant::load(name).expect("built in");
        let rules = FairyVariant::<u64>::compile(&def).expect("valid");
        // Gorogoro's kings stand elsewhere: the same shuffle with its own squares.
        let moves: Vec<&str> = if name == "gorogoro" {
            vec!["c1b2", "c6b5", "b2c1", "b5c6"]
        } else {
            cycle.to_vec()
        };
        let mut pos = Position::<Fairy<u64>>::start(&rules);
        for _ in 0..3 {
            assert_eq!(pos.repetition_by_rule(), None, "{name}");
            for m in &moves {
                pos.play_str(m).unwrap_or_else(|e| panic!("{name}: {m}: {e}"));
            }
        }
        assert_eq!(
            pos.repetition_by_rule(),
            Some(with_white_to_move),
            "{name}: White to move"
        );
        pos.play_str(moves[0]).expect("legal");
        assert_eq!(
            pos.repetition_by_rule(),
            Some(with_black_to_move),
            "{name}: Black to move"
        );
    }
}
