//! Warm starts (`nue train --init`): a model started from the chess net evaluates king of the
//! hill positions exactly as the chess net evaluates them as chess; Capablanca takes the rows of
//! the pieces and squares it shares with chess and (`Fill::Zero`) zeroes the rest; Spartan's
//! pieces start from the chess piece nearest in value and grand chess's far ranks from
//! Capablanca's (`Fill::Nearest`); a net of the same layout
//! comes back unchanged; the command line names the net's variant and refuses a net of no known
//! variant; a narrower net starts a wider model that evaluates as it.

mod common;

use common::Rng;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::fairy::{Fairy, FairyVariant};
use nue::game::prelude::*;
use nue::game::{GenKind, Position};
use nue::nnue::network::Network;
use nue::nnue::{Activation, FeatureLayout, format};
use nue::train::data::{Codec, Sample};
use nue::train::trainer::{self, Model, Scratch};
use nue::train::warm::{Fill, InitNet, warm_start, warm_start_from};

const CHESS_NET: &[u8] = include_bytes!("../nets/chess.nnue");

fn chess_net() -> Network<256> {
    format::read::<256>(CHESS_NET, "nets/chess.nnue", &FeatureLayout::of::<Chess>(&ChessVariant)).expect("chess net")
}

fn rules(name: &str) -> std::sync::Arc<FairyVariant<u64>> {
    FairyVariant::<u64>::compile(&nue::variant::load(name).expect("built in")).expect("builds")
}

fn sample<G: Game>(codec: &Codec, board: &G) -> Sample {
    let mut record = vec![0u8; codec.record_size];
    assert!(codec.encode(board, 0, 1, &mut record));
    let mut sample = Sample::default();
    codec.decode(&record, &mut sample);
    sample
}

#[test]
fn king_of_the_hill_started_from_the_chess_net_evaluates_as_it() {
    let net = chess_net();
    let koth = rules("kingofthehill");
    let layout = FeatureLayout::of::<Fairy<u64>>(&koth);
    assert_ne!(layout.hash, net.layout.hash);
    let mut model = Model::<256>::new(&layout, Activation::CReLU, 8, 3);
    let report = warm_start(&mut model, &layout, &net, Fill::Zero).expect("same width and activation");
    assert_eq!((report.copied, report.zeroed), (768, 0));
    let (chess_codec, koth_codec) = (Codec::new(&net.layout), Codec::new(&layout));
    let mut rng = Rng(17);
    let mut scratch = Scratch::default();
    let mut compared = 0;
    for _ in 0..40 {
        let mut pos = Position::<Chess>::start(&ChessVariant);
        for _ in 0..rng.below(60) {
            let mut list = <Chess as GameRules>::MoveList::default();
            pos.board().generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            pos.play(list[rng.below(list.len())]);
            let board = pos.board();
            let Ok(hill) = Fairy::<u64>::from_fen(&koth, &board.to_fen()) else {
                continue;
            };
            let chess_cp = trainer::quantized_eval(&net, &sample(&chess_codec, board), &mut scratch);
            let hill_cp = model.forward(&layout, &sample(&koth_codec, &hill), &mut scratch) * 400.0;
            assert!(
                (hill_cp - chess_cp as f32).abs() <= 1.5,
                "{}: chess net {chess_cp} cp, warm-started model {hill_cp} cp",
                board.to_fen()
            );
            compared += 1;
        }
    }
    assert!(compared > 500, "{compared} positions");
}

#[test]
fn capablanca_takes_the_shared_pieces_and_squares_and_zeroes_the_rest() {
    let net = chess_net();
    let capa = FairyVariant::<u128>::compile(&nue::variant::load("capablanca").expect("built in")).expect("builds");
    let layout = FeatureLayout::of::<Fairy<u128>>(&capa);
    let mut model = Model::<256>::new(&layout, Activation::CReLU, 8, 3);
    let report = warm_start(&mut model, &layout, &net, Fill::Zero).expect("warm start");
    // Six shared kinds on the 64 squares of files a-h, both colors; the archbishop, the
    // chancellor and files i-j start at zero.
    assert_eq!(report.copied, 2 * 6 * 64);
    assert_eq!(report.zeroed, layout.inputs - 2 * 6 * 64);
    let h = 256;
    let archbishop = layout.spec.pieces.iter().position(|p| p == "a").expect("archbishop");
    let row = archbishop * layout.squares + 3;
    assert!(model.ft[row * h..row * h + h].iter().all(|&w| w == 0.0));
    // The white knight on b1: capablanca's square 1 holds the chess net's row of b1.
    let knight = layout.spec.pieces.iter().position(|p| p == "n").expect("knight");
    let row = knight * layout.squares + 1;
    let chess_row = &net.ft_weights[64 + 1].0;
    for (w, q) in model.ft[row * h..row * h + h].iter().zip(chess_row) {
        assert_eq!(*w, *q as f32 / 255.0);
    }
}

/// Model row `row` equals the net's row `src` (dequantized).
fn same_row(model: &Model<256>, row: usize, net: &Network<256>, src: usize) -> bool {
    let h = 256;
    let q = &net.ft_weights[src].0;
    model.ft[row * h..row * h + h]
        .iter()
        .zip(q)
        .all(|(w, q)| *w == *q as f32 / 255.0)
}

#[test]
fn spartan_pieces_start_from_the_chess_piece_nearest_in_value() {
    let net = chess_net();
    let spartan = rules("spartan");
    let layout = FeatureLayout::of::<Fairy<u64>>(&spartan);
    let mut model = Model::<256>::new(&layout, Activation::CReLU, 8, 3);
    let report = warm_start(&mut model, &layout, &net, Fill::Nearest).expect("warm start");
    // Chess's six letters are copied; the five Spartan kinds take a chess piece's rows.
    assert_eq!(
        (report.copied, report.nearest, report.zeroed),
        (2 * 6 * 64, 2 * 5 * 64, 0)
    );
    let kind = |letter: &str| layout.spec.pieces.iter().position(|p| p == letter).expect(letter);
    let (w, b) = (layout.spec.piece_kinds as usize, 6);
    // A hoplite (a pawn) on e4 holds the chess pawn's e4 row, for both colors.
    for color in 0..2 {
        let row = (color * w + kind("h")) * 64 + 28;
        assert!(
            same_row(&model, row, &net, (color * b) * 64 + 28),
            "hoplite of color {color}"
        );
    }
    // The general (rook and ferz) is valued nearer chess's rook (500) than its queen (950).
    let general = layout.spec.values[kind("g")];
    assert!((600..725).contains(&general), "{general}");
    assert!(same_row(&model, (w + kind("g")) * 64 + 3, &net, (b + 3) * 64 + 3));
    // The old fill left all five at zero.
    let mut zero = Model::<256>::new(&layout, Activation::CReLU, 8, 3);
    let report = warm_start(&mut zero, &layout, &net, Fill::Zero).expect("warm start");
    assert_eq!((report.copied, report.nearest, report.zeroed), (768, 0, 640));
}

#[test]
fn a_taller_board_takes_its_far_ranks_from_the_nets_far_ranks() {
    let capa_rules =
        FairyVariant::<u128>::compile(&nue::variant::load("capablanca").expect("built in")).expect("builds");
    let capa = FeatureLayout::of::<Fairy<u128>>(&capa_rules);
    let bytes = include_bytes!("../nets/capablanca.nnue");
    let net = format::read::<256>(bytes, "nets/capablanca.nnue", &capa).expect("capablanca net");
    let grand = FairyVariant::<u128>::compile(&nue::variant::load("grand").expect("built in")).expect("builds");
    let layout = FeatureLayout::of::<Fairy<u128>>(&grand);
    let mut model = Model::<256>::new(&layout, Activation::CReLU, 8, 3);
    let report = warm_start(&mut model, &layout, &net, Fill::Nearest).expect("warm start");
    assert_eq!(report.zeroed, 0);
    let of = |spec: &nue::game::LayoutSpec| spec.pieces.iter().position(|p| p == "r").expect("rook");
    let rook = (of(&layout.spec), of(&capa.spec));
    let (w, cw) = (layout.spec.piece_kinds as usize, capa.spec.piece_kinds as usize);
    // Black's rook on a10 (grand's rank index 9 of 10) holds the row of a8 (index 7 of 8);
    // on a1 it holds a1's: edges meet edges.
    assert!(same_row(&model, (w + rook.0) * 100 + 90, &net, (cw + rook.1) * 80 + 70));
    assert!(same_row(&model, (w + rook.0) * 100, &net, (cw + rook.1) * 80));
}

#[test]
fn the_same_layout_comes_back_unchanged_and_activations_must_match() {
    let net = chess_net();
    let layout = net.layout.clone();
    let mut model = Model::<256>::new(&layout, Activation::CReLU, 8, 5);
    warm_start(&mut model, &layout, &net, Fill::Zero).expect("warm start");
    let again = model.quantize(&layout, "again");
    assert!(again.ft_weights.iter().zip(&net.ft_weights).all(|(a, b)| a.0 == b.0));
    assert_eq!(again.ft_bias.0, net.ft_bias.0);
    assert_eq!(again.out_bias, net.out_bias);
    let mut screlu = Model::<256>::new(&layout, Activation::SCReLU, 8, 5);
    let err = warm_start(&mut screlu, &layout, &net, Fill::Zero).expect_err("activations differ");
    assert!(err.contains("activation"), "{err}");
}

/// Widening: a 512-neuron model started from the 256-neuron chess net evaluates as the net
/// (its new neurons start at zero output weight), and keeps those neurons' random feature
/// weights; a net is never narrowed.
#[test]
fn a_wider_model_started_from_a_narrower_net_evaluates_as_it() {
    let net = chess_net();
    let layout = net.layout.clone();
    let fresh = Model::<512>::new(&layout, Activation::CReLU, 8, 9);
    let mut model = fresh.clone();
    let init = InitNet {
        bytes: CHESS_NET.to_vec(),
        source: "nets/chess.nnue".into(),
        layout: layout.clone(),
    };
    let report = warm_start_from(&mut model, &layout, &init, Fill::Zero).expect("widens");
    assert_eq!((report.copied, report.zeroed), (768, 0));
    let (h, row) = (512, 3 * 64 + 28);
    assert_eq!(model.ft[row * h + 255], net.ft_weights[row].0[255] as f32 / 255.0);
    assert_eq!(
        model.ft[row * h + 256..row * h + h],
        fresh.ft[row * h + 256..row * h + h]
    );
    assert!(model.ft[row * h + 256..row * h + h].iter().any(|&w| w != 0.0));
    assert!(
        model
            .out
            .chunks(256)
            .skip(1)
            .step_by(2)
            .all(|new| new.iter().all(|&w| w == 0.0))
    );
    let codec = Codec::new(&layout);
    let (mut rng, mut scratch) = (Rng(23), Scratch::default());
    let mut pos = Position::<Chess>::start(&ChessVariant);
    for _ in 0..200 {
        let mut list = <Chess as GameRules>::MoveList::default();
        pos.board().generate(GenKind::All, &mut list);
        if list.is_empty() {
            pos = Position::<Chess>::start(&ChessVariant);
            continue;
        }
        pos.play(list[rng.below(list.len())]);
        let s = sample(&codec, pos.board());
        let (net_cp, wide_cp) = (
            trainer::quantized_eval(&net, &s, &mut scratch),
            model.forward(&layout, &s, &mut scratch) * 400.0,
        );
        assert!(
            (wide_cp - net_cp as f32).abs() <= 1.5,
            "{}: {net_cp} vs {wide_cp}",
            pos.board().to_fen()
        );
    }
    let mut narrow = Model::<128>::new(&layout, Activation::CReLU, 8, 9);
    let err = warm_start_from(&mut narrow, &layout, &init, Fill::Zero).expect_err("never narrowed");
    assert!(err.contains("nets/chess.nnue") && err.contains("widened"), "{err}");
}

#[test]
fn command_line_names_the_init_nets_variant_and_refuses_unknown_layouts() {
    let dir = common::fresh_dir("warm-cli");
    let (data, net, bad) = (dir.join("k.bin"), dir.join("k.nnue"), dir.join("bad.nnue"));
    let (data, net, bad) = (
        data.to_str().expect("path"),
        net.to_str().expect("path"),
        bad.to_str().expect("path"),
    );
    let (code, _, err) = common::run_nue(&[
        "datagen",
        "--variant",
        "kingofthehill",
        "--games",
        "6",
        "--nodes",
        "200",
        "--threads",
        "2",
        "--eval-file",
        "none",
        "--out",
        data,
    ]);
    assert_eq!(code, 0, "{err}");
    let chess = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/chess.nnue");
    let train = |init: &str| {
        common::run_nue(&[
            "train",
            "--variant",
            "kingofthehill",
            "--data",
            data,
            "--hidden",
            "256",
            "--epochs",
            "1",
            "--batch",
            "64",
            "--threads",
            "2",
            "--init",
            init,
            "--out",
            net,
        ])
    };
    let (code, out, err) = train(chess);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("(chess): 768 feature rows copied, 0 from the nearest piece or square, 0 set to zero"),
        "{out}"
    );
    let (code, info, _) = common::run_nue(&["netinfo", net]);
    assert_eq!(code, 0);
    assert!(info.contains("kingofthehill"), "{info}");
    // A layout hash no variant has (one byte of the header's hash changed).
    let mut bytes = CHESS_NET.to_vec();
    bytes[12] ^= 0x5a;
    std::fs::write(bad, &bytes).expect("writes");
    let (code, _, err) = train(bad);
    assert_ne!(code, 0);
    assert!(err.contains("no known variant"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
