//! The NNUE: derived layouts (input counts and hand-computed indices for chess, a shogi-shaped
//! board with hands and a 10x8 board), incremental accumulators equal to a full refresh along
//! random walks (chess, the hand variants, every shipped fairy variant), evaluations equal either way, the file format's round trip, and a clear error
//! for every kind of bad net file. Nets here have random weights made in the test.

mod common;

use common::Rng;
use nue::core::{Color, Square};
use nue::engine::select::AnyEval;
use nue::eval::Evaluator;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::prelude::*;
use nue::game::{LayoutSpec, OpponentView};
use nue::game::{Piece, Position};
use nue::nnue::NnueEval;
use nue::nnue::accumulator::active_features;
use nue::nnue::format::{self, NetError};
use nue::nnue::layout::{FeatureLayout, Frame};
use nue::nnue::network::{Activation, Network, Row};
use std::sync::Arc;

/// Chess with four king buckets (the default is one; four exercise bucket changes and the
/// refresh table).
fn chess_layout() -> FeatureLayout {
    let spec = Chess::layout_spec(&ChessVariant);
    FeatureLayout::derive(&LayoutSpec {
        king_buckets: 4,
        ..spec
    })
}

fn random_net<const H: usize>(layout: &FeatureLayout, seed: u64, activation: Activation) -> Network<H> {
    let mut rng = Rng(seed);
    let mut net = Network::<H>::zeroed(layout.clone(), activation, 8);
    let mut small = |range: i64| ((rng.next() % (2 * range as u64 + 1)) as i64 - range) as i16;
    for row in &mut net.ft_weights {
        for w in row.0.iter_mut() {
            *w = small(60);
        }
    }
    for b in net.ft_bias.0.iter_mut() {
        *b = small(100);
    }
    for halves in &mut net.out_weights {
        for half in halves.iter_mut() {
            for w in half.0.iter_mut() {
                *w = small(127);
            }
        }
    }
    for b in &mut net.out_bias {
        *b = small(3000) as i32;
    }
    net.description = format!("random test net {seed}");
    net
}

#[test]
fn chess_layout_counts_and_indices() {
    // The default: one bucket (measured best at our data sizes; see nnue::layout), mirrored.
    let default = FeatureLayout::of::<Chess>(&ChessVariant);
    assert_eq!((default.buckets, default.inputs, default.spec.mirror), (1, 768, true));
    assert_eq!(default.frame(Color::White, Some(Square(60))).bucket, 0);
    assert_eq!(
        default.board_feature(
            Color::White,
            default.frame(Color::White, Some(Square(2))),
            Piece::new(Color::White, 0),
            Square(8)
        ),
        15
    );
    let l = chess_layout();
    assert_eq!(l.buckets, 4, "king buckets: rank 1, rank 2, ranks 3-4, ranks 5-8");
    assert_eq!(l.per_bucket, 2 * 6 * 64);
    assert_eq!(l.inputs, 3072);
    let wk = |sq: u8| l.frame(Color::White, Some(Square(sq)));
    let bk = |sq: u8| l.frame(Color::Black, Some(Square(sq)));
    let white = |kind| Piece::new(Color::White, kind);
    let black = |kind| Piece::new(Color::Black, kind);
    // White king e1: no mirror, bucket 0. White pawn e2 = 12; black knight f6 = 7 * 64 + 45.
    assert_eq!(
        wk(4),
        Frame {
            bucket: 0,
            mirrored: false
        }
    );
    assert_eq!(l.board_feature(Color::White, wk(4), white(0), Square(12)), 12);
    assert_eq!(l.board_feature(Color::White, wk(4), black(1), Square(45)), 493);
    // Black king e8 sees its own pawn d7 as a pawn on d2 (ranks flipped): 11.
    assert_eq!(
        bk(60),
        Frame {
            bucket: 0,
            mirrored: false
        }
    );
    assert_eq!(l.board_feature(Color::Black, bk(60), black(0), Square(51)), 11);
    // ... and White's queen d1 as an enemy queen on d8: (6 + 4) * 64 + 59.
    assert_eq!(l.board_feature(Color::Black, bk(60), white(4), Square(3)), 699);
    // White king c1 mirrors the board: a2 becomes h2.
    assert_eq!(
        wk(2),
        Frame {
            bucket: 0,
            mirrored: true
        }
    );
    assert_eq!(l.board_feature(Color::White, wk(2), white(0), Square(8)), 15);
    // King on e2 (rank 2), e4 (rank 4), e8 (rank 8): buckets 1, 2, 3.
    assert_eq!(wk(12).bucket, 1);
    assert_eq!(wk(28).bucket, 2);
    assert_eq!(
        l.board_feature(Color::White, wk(28), white(0), Square(12)),
        2 * 768 + 12
    );
    assert_eq!(wk(60).bucket, 3);
    // Black king on e1 is on its eighth rank: bucket 3.
    assert_eq!(bk(4).bucket, 3);
}

fn shogi_like() -> LayoutSpec {
    LayoutSpec {
        variant: "shogi-shaped".into(),
        files: 9,
        ranks: 9,
        piece_kinds: 14,
        royal: Some(13),
        royal_region: Vec::new(),
        hand_max: vec![18, 4, 4, 4, 4, 2, 2],
        view: OpponentView::Rotate180,
        mirror: false,
        king_buckets: 4,
        max_pieces: 40,
        pieces: Vec::new(),
        values: Vec::new(),
    }
}

#[test]
fn shogi_shaped_layout_with_hands() {
    let l = FeatureLayout::derive(&shogi_like());
    // 9 ranks, groups 1, 1, 2, 4 (+ the ninth rank joins the last group): 4 buckets.
    assert_eq!(l.buckets, 4);
    let hand_slots = 18 + 4 * 4 + 2 * 2;
    assert_eq!(hand_slots, 38);
    assert_eq!(l.per_bucket, 2 * 14 * 81 + 2 * 38);
    assert_eq!(l.inputs, 4 * (2268 + 76));
    // The second player's view rotates the board: its king on square 76 (its own back rank)
    // is at 80 - 76 = 4 in its view, rank 0: bucket 0.
    let f = l.frame(Color::Black, Some(Square(76)));
    assert_eq!(
        f,
        Frame {
            bucket: 0,
            mirrored: false
        }
    );
    // Its own pawn on square 60 is seen on 20.
    assert_eq!(
        l.board_feature(Color::Black, f, Piece::new(Color::Black, 0), Square(60)),
        20
    );
    // Hand: the third pawn (slot 2) the opponent holds, and its own first rook (kind 6).
    let base = 2 * 14 * 81;
    assert_eq!(l.hand_feature(Color::Black, f, Color::White, 0, 2), base + 38 + 2);
    assert_eq!(
        l.hand_feature(Color::Black, f, Color::Black, 6, 0),
        base + 18 + 4 * 4 + 2
    );
}

#[test]
fn ten_by_eight_layout() {
    let spec = LayoutSpec {
        variant: "capablanca-shaped".into(),
        files: 10,
        ranks: 8,
        piece_kinds: 8,
        royal: Some(7),
        royal_region: Vec::new(),
        hand_max: Vec::new(),
        view: OpponentView::FlipRanks,
        mirror: true,
        king_buckets: 4,
        max_pieces: 40,
        pieces: Vec::new(),
        values: Vec::new(),
    };
    let l = FeatureLayout::derive(&spec);
    assert_eq!((l.buckets, l.per_bucket, l.inputs), (4, 2 * 8 * 80, 4 * 1280));
    // King on d1 (file 3 < 5): mirrored to g1; a piece on a1 is seen on j1 (index 9).
    let f = l.frame(Color::White, Some(Square(3)));
    assert!(f.mirrored);
    assert_eq!(
        l.board_feature(Color::White, f, Piece::new(Color::White, 3), Square(0)),
        3 * 80 + 9
    );
    // Asking for every square as a bucket: 40 after mirroring (5 files x 8 ranks).
    let l = FeatureLayout::derive(&LayoutSpec {
        king_buckets: 80,
        ..spec.clone()
    });
    assert_eq!(l.buckets, 40);
    // No royal piece: one bucket, no mirroring.
    let l = FeatureLayout::derive(&LayoutSpec { royal: None, ..spec });
    assert_eq!((l.buckets, l.spec.mirror), (1, false));
    assert_ne!(l.hash, chess_layout().hash);
}

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 1",
];

fn walk<const H: usize>(activation: Activation) {
    let net = Arc::new(random_net::<H>(&chess_layout(), 99 + H as u64, activation));
    let mut rng = Rng(5);
    let mut plies = 0;
    let mut king_moves = 0;
    let mut nulls = 0;
    for game in 0..40 {
        let mut pos = Position::<Chess>::from_fen(&ChessVariant, STARTS[game % STARTS.len()]).expect("valid");
        let mut eval = NnueEval::<Chess, H>::new(Arc::clone(&net));
        eval.reset(&pos);
        for _ in 0..100 {
            let mut list = arrayvec::ArrayVec::<_, 256>::new();
            pos.board().generate(nue::game::GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            // Sometimes evaluate before moving, sometimes not, so updates span several plies.
            if rng.below(3) == 0 {
                check(&mut eval, &pos);
            }
            let mv = list[rng.below(list.len())];
            if pos.board().moved_piece(mv).kind == 5 {
                king_moves += 1;
            }
            eval.play(&mut pos, mv);
            plies += 1;
            // Now and then a null move (as the search's null-move pruning plays), checked and
            // taken back: its entry must carry no changes from an earlier ply.
            if rng.below(6) == 0 && eval.play_null(&mut pos) {
                nulls += 1;
                check(&mut eval, &pos);
                eval.undo(&mut pos);
            }
            // Now and then take a move back and play another.
            if rng.below(8) == 0 {
                eval.undo(&mut pos);
                check(&mut eval, &pos);
            }
        }
        check(&mut eval, &pos);
    }
    assert!(
        plies > 2500 && king_moves > 200 && nulls > 200,
        "{plies} plies, {king_moves} king moves, {nulls} null moves"
    );
}

/// Both perspectives' incremental accumulators of `pos`, in a game of variant `name`, equal a
/// refresh; returns them.
fn assert_refreshed<G: Game, const H: usize>(eval: &mut NnueEval<G, H>, pos: &Position<G>, name: &str) -> [Row<H>; 2] {
    let got = eval.accumulators(pos);
    let board = pos.board();
    for persp in Color::ALL {
        let want = eval.refresh_reference(board, persp);
        assert_eq!(
            got[persp.index()],
            want,
            "{name}: accumulator of {persp:?} in {}",
            board.to_fen()
        );
    }
    got
}

fn check<const H: usize>(eval: &mut NnueEval<Chess, H>, pos: &Position<Chess>) {
    let got = assert_refreshed(eval, pos, "chess");
    let board = pos.board();
    let stm = board.side_to_move().index();
    let expected = eval.network().output(&got[stm], &got[1 - stm], board.piece_count());
    assert_eq!(eval.evaluate(pos), expected);
}

#[test]
fn incremental_accumulators_equal_refresh_screlu_256() {
    walk::<256>(Activation::SCReLU);
}

#[test]
fn incremental_accumulators_equal_refresh_crelu_64() {
    walk::<64>(Activation::CReLU);
}

#[test]
fn incremental_accumulators_equal_refresh_crelu_512() {
    walk::<512>(Activation::CReLU);
}

#[test]
fn file_round_trip_gives_identical_evaluations() {
    let layout = chess_layout();
    let net = random_net::<128>(&layout, 3, Activation::SCReLU);
    let bytes = format::write(&net);
    let back = format::read::<128>(&bytes, "mem", &layout).expect("reads back");
    assert_eq!(back.ft_weights, net.ft_weights);
    assert_eq!(back.out_weights, net.out_weights);
    assert_eq!(back.out_bias, net.out_bias);
    assert_eq!(back.description, net.description);
    let mut a = NnueEval::<Chess, 128>::new(Arc::new(net));
    let mut b = AnyEval::<Chess>::from_bytes(&bytes, "mem", &layout).expect("loads");
    for fen in STARTS {
        let pos = Position::<Chess>::from_fen(&ChessVariant, fen).expect("valid");
        a.reset(&pos);
        b.reset(&pos);
        assert_eq!(a.evaluate(&pos), b.evaluate(&pos), "{fen}");
    }
}

fn refused(bytes: &[u8], words: &str) {
    match AnyEval::<Chess>::from_bytes(bytes, "test.nnue", &chess_layout()) {
        Ok(_) => panic!("accepted a bad net (expected '{words}')"),
        Err(NetError { source, message }) => {
            assert_eq!(source, "test.nnue");
            assert!(message.contains(words), "'{message}' should mention '{words}'");
        }
    }
}

#[test]
fn bad_net_files_are_refused_with_the_reason() {
    let layout = chess_layout();
    let good = format::write(&random_net::<64>(&layout, 4, Activation::SCReLU));
    assert!(AnyEval::<Chess>::from_bytes(&good, "ok", &layout).is_ok());

    refused(&good[..good.len() - 1], "truncated");
    refused(&good[..20], "truncated");
    refused(&[], "truncated");
    let mut padded = good.clone();
    padded.extend_from_slice(&[0, 0]);
    refused(&padded, "trailing bytes");
    let mut magic = good.clone();
    magic[0] = b'X';
    refused(&magic, "not a nue net");
    let mut version = good.clone();
    version[8] = 9;
    refused(&version, "format version 9");
    let other = FeatureLayout::derive(&shogi_like());
    refused(
        &format::write(&random_net::<64>(&other, 4, Activation::SCReLU)),
        "another variant",
    );
    // A width the engine does not support, and a supported width that disagrees with the data.
    let mut width = good.clone();
    width[24..28].copy_from_slice(&96u32.to_le_bytes());
    refused(&width, "hidden width 96 is not supported");
    let mut width = good.clone();
    width[24..28].copy_from_slice(&128u32.to_le_bytes());
    refused(&width, "where the header implies");
    let mut activation = good.clone();
    activation[32] = 7;
    refused(&activation, "unknown activation 7");
    let mut weights = random_net::<64>(&layout, 4, Activation::SCReLU);
    weights.out_weights[2][1].0[5] = 500;
    refused(&format::write(&weights), "output weight 500");
    refused(
        b"garbage that is not a net at all, with some more bytes to fill it up",
        "not a nue net",
    );
}

/// Nets are found under `nets/` by the layout hash in their headers, not by their names: the
/// variant's own name first, files for other layouts and files that are no nets left out; with
/// no net for the variant the hand-crafted evaluation is chosen, and an `EvalFile` of another
/// variant is refused with the reason.
#[test]
fn nets_are_chosen_by_layout_hash() {
    use nue::engine::select::{choose, find_nets};
    use nue::game::shogi::{Shogi, ShogiVariant};
    let dir = common::fresh_dir("net-select");
    let chess = chess_layout();
    let shogi = FeatureLayout::of::<Shogi>(&ShogiVariant::USI);
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).expect("write");
    write(
        "mine.nnue",
        &format::write(&random_net::<64>(&chess, 1, Activation::CReLU)),
    );
    // A shogi net under chess's name, a file that is no net, and one that is no `.nnue`.
    write(
        "chess.nnue",
        &format::write(&random_net::<64>(&shogi, 2, Activation::CReLU)),
    );
    write("junk.nnue", b"not a net at all");
    write(
        "other.bin",
        &format::write(&random_net::<64>(&chess, 3, Activation::CReLU)),
    );
    let dirs = [dir.clone()];
    assert_eq!(find_nets(&dirs, "chess", chess.hash), [dir.join("mine.nnue")]);
    assert_eq!(find_nets(&dirs, "shogi", shogi.hash), [dir.join("chess.nnue")]);
    // The variant's own name comes first among several nets of its layout.
    write(
        "shogi.nnue",
        &format::write(&random_net::<64>(&shogi, 4, Activation::CReLU)),
    );
    assert_eq!(
        find_nets(&dirs, "shogi", shogi.hash),
        [dir.join("shogi.nnue"), dir.join("chess.nnue")]
    );
    // Nothing for a layout no file has.
    let other = FeatureLayout::derive(&shogi_like());
    assert!(find_nets(&dirs, "shogi", other.hash).is_empty());
    // EvalFile naming a net of another variant: refused, with the reason.
    let err = choose::<Chess>(&ChessVariant, &dir.join("chess.nnue").display().to_string(), None)
        .err()
        .expect("refused");
    assert!(err.to_string().contains("another variant"), "{err}");
    // A variant with no net anywhere (none embedded, none under nets/): the hand-crafted
    // evaluation, said in the line.
    use nue::game::fairy::{Fairy, FairyVariant};
    let rules =
        FairyVariant::<u64>::compile(&nue::engine::registry::check("grasshopper").expect("built in")).expect("builds");
    let (eval, line) = choose::<Fairy<u64>>(&rules, "", None).expect("chooses");
    assert!(matches!(eval, AnyEval::Hce(_)), "{line}");
    assert!(line.contains("no net for variant 'grasshopper'"), "{line}");
    // Chess finds its embedded net by the layout hash when the caller names none.
    let (eval, line) = choose::<Chess>(&ChessVariant, "", None).expect("chooses");
    assert!(
        !matches!(eval, AnyEval::Hce(_)) && line.contains("embedded") && line.contains("nets/chess.nnue"),
        "{line}"
    );
    let (eval, line) = choose::<Chess>(&ChessVariant, "none", None).expect("chooses");
    assert!(
        matches!(eval, AnyEval::Hce(_)) && line.contains("EvalFile none"),
        "{line}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Hand features (thermometers per kind) and the board's features follow captures to hand,
/// demotions (crazyhouse's `~`, a `+` form going back as its base), promotions and drops (in
/// promoted form too) incrementally, equal to a refresh at every checked ply, in a random walk
/// of variant `name` whose hands hold `hand_slots` pieces in all.
fn hand_features_equal_refresh<B: nue::core::Bitboard>(name: &str, hand_slots: u32) {
    use nue::game::fairy::{Fairy, FairyVariant};
    let variant = FairyVariant::<B>::compile(&nue::engine::registry::check(name).expect("built in")).expect("valid");
    let spec = Fairy::<B>::layout_spec(&variant);
    assert_eq!(
        spec.hand_max.iter().map(|&n| u32::from(n)).sum::<u32>(),
        hand_slots,
        "{name}: {:?}",
        spec.hand_max
    );
    let layout = FeatureLayout::derive(&LayoutSpec {
        king_buckets: 4,
        ..spec
    });
    let net = Arc::new(random_net::<64>(&layout, 7, Activation::CReLU));
    let mut rng = Rng(11);
    let (mut drops, mut held) = (0, 0);
    for _ in 0..30 {
        let mut pos = Position::<Fairy<B>>::start(&variant);
        let mut eval = NnueEval::<Fairy<B>, 64>::new(Arc::clone(&net));
        eval.reset(&pos);
        for _ in 0..120 {
            let mut list = <Fairy<B> as GameRules>::MoveList::default();
            pos.board().generate(nue::game::GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            // Drops and captures half the time, so that hands fill and empty.
            let wanted: Vec<_> = list
                .iter()
                .copied()
                .filter(|&m| pos.board().fmt_move(m).contains('@') || pos.board().captured_piece(m).is_some())
                .collect();
            let mv = if !wanted.is_empty() && rng.below(2) == 0 {
                wanted[rng.below(wanted.len())]
            } else {
                list[rng.below(list.len())]
            };
            drops += usize::from(pos.board().fmt_move(mv).contains('@'));
            eval.play(&mut pos, mv);
            held += usize::from(
                pos.board()
                    .to_fen()
                    .split(['[', ']'])
                    .nth(1)
                    .is_some_and(|h| !h.is_empty()),
            );
            if rng.below(3) == 0 {
                assert_refreshed(&mut eval, &pos, name);
            }
            if rng.below(8) == 0 {
                eval.undo(&mut pos);
            }
        }
    }
    assert!(
        drops > 300 && held > 1000,
        "{name}: {drops} drops, {held} plies with pieces in hand"
    );
}

#[test]
fn crazyhouse_hand_features_equal_refresh() {
    hand_features_equal_refresh::<u64>("crazyhouse", 30);
}

/// Shogi-style promoted forms on the board and hands of their base kinds; Kyoto's drops in
/// promoted form and demotions.
#[test]
fn shogi_family_hand_features_equal_refresh() {
    hand_features_equal_refresh::<u64>("minishogi", 10);
    hand_features_equal_refresh::<u64>("kyotoshogi", 8);
    hand_features_equal_refresh::<u128>("shogi", 38);
}

/// Every committed net is embedded and chosen, by its layout hash, for the variant its file is
/// named after: a change of the rules that changes a variant's layout would leave its net unused
/// (and fail here) instead of going unnoticed.
#[test]
fn every_committed_net_is_its_variants_default() {
    use nue::engine::registry::{ForGame, with_game};
    use nue::engine::select::choose;
    struct Chosen;
    impl ForGame for Chosen {
        type Output = (bool, String);
        fn run<G: Game>(self, variant: &G::Variant, _: &str, embedded: Option<&'static [u8]>) -> (bool, String) {
            let (eval, line) = choose::<G>(variant, "", embedded).expect("the embedded net loads");
            (!matches!(eval, AnyEval::Hce(_)), line)
        }
    }
    let committed: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/nets"))
        .expect("nets/")
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .into_string()
                .ok()?
                .strip_suffix(".nnue")
                .map(str::to_string)
        })
        .collect();
    assert!(committed.len() >= 2, "{committed:?}");
    assert_eq!(nue::engine::nets::EMBEDDED.len(), committed.len());
    for name in &committed {
        let (nnue, line) = with_game(name, Chosen).expect("a known variant");
        assert!(nnue && line.contains("embedded"), "{name}: {line}");
    }
}

/// N-check variants feed the checks each side has left to the net, as one more hand kind
/// (a thermometer capped at the start count): the layout has it, giving check updates it
/// incrementally, equal to a refresh, and training records carry it (their features equal the
/// engine's).
#[test]
fn checks_left_are_features_in_three_check() {
    use nue::game::fairy::{Fairy, FairyVariant};
    use nue::train::data::{Codec, Sample};
    let variant =
        FairyVariant::<u64>::compile(&nue::engine::registry::check("3check").expect("built in")).expect("valid");
    let spec = Fairy::<u64>::layout_spec(&variant);
    assert_eq!(spec.hand_max, [0, 0, 0, 0, 0, 0, 3]);
    let layout = FeatureLayout::derive(&spec);
    assert_eq!(layout.inputs, 768 + 2 * 3);
    let codec = Codec::new(&layout);
    let net = Arc::new(random_net::<64>(&layout, 5, Activation::CReLU));
    let mut rng = Rng(23);
    let (mut record, mut sample) = (vec![0u8; codec.record_size], Sample::default());
    let mut counted = 0;
    for _ in 0..40 {
        let mut pos = Position::<Fairy<u64>>::start(&variant);
        let mut eval = NnueEval::<Fairy<u64>, 64>::new(Arc::clone(&net));
        eval.reset(&pos);
        for _ in 0..80 {
            let mut list = <Fairy<u64> as GameRules>::MoveList::default();
            pos.board().generate(nue::game::GenKind::All, &mut list);
            if list.is_empty() || pos.board().outcome().is_some() {
                break;
            }
            // Checking moves half the time, so that the counters run down.
            let checks: Vec<_> = list.iter().copied().filter(|&m| pos.board().gives_check(m)).collect();
            let mv = if !checks.is_empty() && rng.below(2) == 0 {
                checks[rng.below(checks.len())]
            } else {
                list[rng.below(list.len())]
            };
            eval.play(&mut pos, mv);
            let board = pos.board();
            counted += usize::from(board.hand_count(Color::White, 6) < 3 || board.hand_count(Color::Black, 6) < 3);
            let got = eval.accumulators(&pos);
            for persp in Color::ALL {
                assert_eq!(
                    got[persp.index()],
                    eval.refresh_reference(board, persp),
                    "{}",
                    board.to_fen()
                );
                assert!(codec.encode(board, 0, 1, &mut record));
                codec.decode(&record, &mut sample);
                let (mut from_record, mut from_engine) = (Vec::new(), Vec::new());
                sample.features(&layout, persp, &mut from_record);
                let frame = layout.frame(persp, board.royal_square(persp));
                active_features(&layout, board, persp, frame, &mut from_engine);
                from_record.sort_unstable();
                from_engine.sort_unstable();
                assert_eq!(from_record, from_engine, "{}", board.to_fen());
            }
        }
    }
    assert!(counted > 500, "{counted} positions with checks given");
}

/// Racing kings: both kings race to the eighth rank, so the opponent's view keeps the squares
/// (a rank flip would show a king about to win as one at its start). A position and the same
/// squares with the colors and the side to move swapped evaluate alike; king of the hill, whose
/// goal is its own rank mirror, keeps the flipped view.
#[test]
fn racing_kings_opponent_sees_the_board_as_it_is() {
    use nue::game::fairy::{Fairy, FairyVariant};
    let compile = |name: &str| {
        FairyVariant::<u64>::compile(&nue::engine::registry::check(name).expect("built in")).expect("valid")
    };
    assert_eq!(
        Fairy::<u64>::layout_spec(&compile("kingofthehill")).view,
        OpponentView::FlipRanks
    );
    let variant = compile("racingkings");
    let spec = Fairy::<u64>::layout_spec(&variant);
    assert_eq!(spec.view, OpponentView::Same);
    let layout = FeatureLayout::derive(&spec);
    let net = Arc::new(random_net::<64>(&layout, 9, Activation::CReLU));
    let mut eval = NnueEval::<Fairy<u64>, 64>::new(Arc::clone(&net));
    let mut rng = Rng(31);
    let mut compared = 0;
    for _ in 0..20 {
        let mut pos = Position::<Fairy<u64>>::start(&variant);
        for _ in 0..40 {
            let mut list = <Fairy<u64> as GameRules>::MoveList::default();
            pos.board().generate(nue::game::GenKind::All, &mut list);
            if list.is_empty() || pos.board().outcome().is_some() {
                break;
            }
            pos.play(list[rng.below(list.len())]);
            let fen = pos.board().to_fen();
            let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
            fields[0] = fields[0]
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string();
            let Ok(swapped) = Position::<Fairy<u64>>::from_fen(&variant, &fields.join(" ")) else {
                continue;
            };
            eval.reset(&pos);
            let a = eval.evaluate(&pos);
            eval.reset(&swapped);
            assert_eq!(a, eval.evaluate(&swapped), "{fen} against {}", fields.join(" "));
            compared += 1;
        }
    }
    assert!(compared > 300, "{compared} positions compared");
}

/// Accumulators of a random net follow every move type of fairy variant `def` incrementally
/// (captures, promotions, castling, en passant, explosions, drops, gating, the checks left),
/// equal to a refresh at every checked ply of a few random games with undos.
fn fairy_features_equal_refresh<B: nue::core::Bitboard>(def: &nue::variant::Definition) {
    use nue::game::fairy::{Fairy, FairyVariant};
    let variant = FairyVariant::<B>::compile(def).expect("valid");
    let layout = FeatureLayout::derive(&LayoutSpec {
        king_buckets: 4,
        ..Fairy::<B>::layout_spec(&variant)
    });
    let net = Arc::new(random_net::<64>(&layout, 7, Activation::CReLU));
    let mut rng = Rng(13);
    for _ in 0..4 {
        let mut pos = Position::<Fairy<B>>::start(&variant);
        let mut eval = NnueEval::<Fairy<B>, 64>::new(Arc::clone(&net));
        eval.reset(&pos);
        for _ in 0..100 {
            let mut list = <Fairy<B> as GameRules>::MoveList::default();
            pos.board().generate(nue::game::GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            eval.play(&mut pos, list[rng.below(list.len())]);
            assert_refreshed(&mut eval, &pos, &def.name);
            if rng.below(8) == 0 {
                eval.undo(&mut pos);
            }
        }
    }
}

/// [`fairy_features_equal_refresh`] for every variant shipped.
#[test]
fn every_fairy_variant_keeps_its_accumulators_equal_to_a_refresh() {
    for name in nue::variant::builtin_names() {
        let def = nue::engine::registry::check(name).expect("built in");
        if usize::from(def.files) * usize::from(def.ranks) <= 64 {
            fairy_features_equal_refresh::<u64>(&def);
        } else {
            fairy_features_equal_refresh::<u128>(&def);
        }
    }
}
