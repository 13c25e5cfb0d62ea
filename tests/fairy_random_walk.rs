//! Random games in every built-in variant, checking the interpreter's invariants at every ply:
//! incremental zobrist key == recomputed, FEN round trip (same key, check, outcome, moves), Tactical and
//! Quiet partition All, bulk count == list length, every generated move passes `is_legal` and
//! round-trips through its notation, leaves no royal piece of the mover attacked (checked from
//! scratch by parsing the position after it), random bit patterns are refused unless generated,
//! `gives_check` agrees with playing the move, and a move's origin is its written notation's.

mod common;

use common::Rng;
use nue::core::Bitboard;
use nue::game::fairy::{Fairy, FairyMove, FairyVariant};
use nue::game::prelude::*;
use nue::game::{Dirty, GenKind};
use std::sync::Arc;

fn list<B: Bitboard>(board: &Fairy<B>, kind: GenKind) -> Vec<FairyMove> {
    let mut l = <Fairy<B> as GameRules>::MoveList::default();
    board.generate(kind, &mut l);
    l.to_vec()
}

/// Checks the invariants on `board` (see the module comment) and returns its legal moves.
fn check_position<B: Bitboard>(
    board: &Fairy<B>,
    rules: &Arc<FairyVariant<B>>,
    name: &str,
    rng: &mut Rng,
) -> Vec<FairyMove> {
    let fen = board.to_fen();
    assert_eq!(board.hash(), board.hash_from_scratch(), "{name}: {fen}");
    let again = Fairy::<B>::from_fen(rules, &fen).unwrap_or_else(|e| panic!("{name}: {e}: {fen}"));
    assert_eq!(again.hash(), board.hash(), "{name}: {fen}");
    assert_eq!(again.in_check(), board.in_check(), "{name}: {fen}");
    let all = list(board, GenKind::All);
    // Ends by two passes (janggi's, ataxx's and reversi's) or by a standing bikjang are told by
    // the moves before, which a FEN does not hold (nor does Fairy-Stockfish's): there the
    // position read back goes on.
    let r = rules.rules();
    let history_end =
        (r.pass || r.pass_on_stalemate || r.bikjang) && board.outcome().is_some() && again.outcome().is_none();
    if !history_end {
        // The outcome read back is found from scratch (extinction's cached piece counts).
        assert_eq!(again.outcome(), board.outcome(), "{name}: {fen}");
        assert_eq!(list(&again, GenKind::All), all, "{name}: {fen}");
    }
    let mut parts = list(board, GenKind::Tactical);
    parts.extend(list(board, GenKind::Quiet));
    let (mut a, mut b) = (all.clone(), parts);
    a.sort_by_key(|m| m.0);
    b.sort_by_key(|m| m.0);
    assert_eq!(a, b, "{name}: {fen}");
    assert_eq!(board.count_legal(), all.len() as u64, "{name}: {fen}");
    // Each move's checks generate moves again: where there are many (duck chess: ~1,500, one
    // per duck square), an even sample of about 200 keeps the walk linear.
    for &m in all.iter().step_by(all.len().div_ceil(200).max(1)) {
        assert!(board.is_legal(m), "{name}: {fen}: {}", board.fmt_move(m));
        let mut next = board.clone();
        next.play(m, &mut Dirty::default());
        // Legality from scratch: the position after the move parses, so the mover's royal
        // pieces are not attacked (explosions aside, where kings may touch).
        if !rules.rules().blast_on_capture {
            let after = next.to_fen();
            assert!(
                Fairy::<B>::from_fen(rules, &after).is_ok(),
                "{name}: {fen}: {} leaves {after}",
                board.fmt_move(m)
            );
        }
        assert_eq!(
            board.gives_check(m),
            next.in_check(),
            "{name}: {fen}: {}",
            board.fmt_move(m)
        );
        assert_eq!(board.parse_move(&board.fmt_move(m)), Ok(m), "{name}: {fen}");
        assert_eq!(board.move_origin(m), board.move_parts(m).from, "{name}: {fen}");
    }
    for _ in 0..8 {
        let bits = FairyMove::from_bits(rng.next() as u32);
        assert_eq!(board.is_legal(bits), all.contains(&bits), "{name}: {fen}: {bits:?}");
    }
    all
}

fn walk<B: Bitboard>(rules: Arc<FairyVariant<B>>, name: &str, rng: &mut Rng) -> usize {
    let mut checked = 0;
    for _ in 0..4 {
        let mut board = Fairy::<B>::start(&rules);
        for _ in 0..120 {
            let all = check_position(&board, &rules, name, rng);
            checked += 1;
            if all.is_empty() {
                break;
            }
            let m = all[rng.below(all.len())];
            board.play(m, &mut Dirty::default());
        }
    }
    checked
}

#[test]
fn every_variant_keeps_its_invariants_on_random_games() {
    let mut rng = Rng(77);
    for name in nue::variant::builtin_names() {
        let def = nue::variant::load(name).expect("loads");
        let n = if def.files as usize * def.ranks as usize <= 64 {
            walk(FairyVariant::<u64>::compile(&def).expect("builds"), name, &mut rng)
        } else {
            walk(FairyVariant::<u128>::compile(&def).expect("builds"), name, &mut rng)
        };
        assert!(n > 20, "{name}: only {n} positions");
    }
}

/// The same invariants in a variant of pieces no built-in variant has together: initial
/// captures by riding and by a lame leap, cannons, lame horses and grasshoppers beside pawns
/// and castling.
#[test]
fn exotic_pieces_keep_the_invariants_on_random_games() {
    let text = "name = \"exotic\"\ninherits = \"chess\"\n\
                start_fen = \"rhcqkbgr/pppxyppp/8/8/8/8/PPPXYPPP/RHCQKBGR w KQkq - 0 1\"\n\
                promotion_pieces = \"qrbhcg\"\nremove_pieces = \"n\"\n[pieces]\n\
                x = { betza = \"KicnD\" }\ny = { betza = \"KicR\" }\nc = { betza = \"mRcpR\" }\n\
                h = { betza = \"nN\" }\ng = { betza = \"gQ\" }";
    let def = nue::variant::load_source(nue::variant::Source::inline("exotic.toml", text), "exotic").expect("loads");
    let rules = FairyVariant::<u64>::compile(&def).expect("builds");
    let mut rng = Rng(91);
    let n = walk(rules, "exotic", &mut rng);
    assert!(n > 100, "only {n} positions");
}

/// A pinned piece keeps to the line up to the pinning piece: a leaper may not jump past it.
/// (Pins and check evasions in chess are compared with the native generator in
/// `fairy_chess_cross`.)
#[test]
fn a_pinned_leaper_does_not_jump_past_the_pinning_piece() {
    let mut rng = Rng(5);
    let courier = FairyVariant::<u128>::compile(&nue::variant::load("courier").expect("built-in")).expect("valid");
    // The alfil on c3, pinned by the bishop on d4, could leap past it to e5.
    let board = Fairy::<u128>::from_fen(&courier, "11k/12/12/12/3b8/2E9/12/K11 w - - 0 1").expect("fen");
    let moves: Vec<String> = check_position(&board, &courier, "courier", &mut rng)
        .iter()
        .map(|&m| board.fmt_move(m))
        .collect();
    assert!(moves.iter().all(|m| m.starts_with("a1")), "{moves:?}");
    assert_eq!(moves.len(), 3, "{moves:?}");
}
