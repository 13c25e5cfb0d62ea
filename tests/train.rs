//! Training: the data format round-trips and decodes to exactly the features the engine
//! computes; a tiny net trained on a tiny synthetic set lowers its loss; float and quantized
//! evaluations agree within the documented bound; datagen writes, appends and refuses other
//! files.

mod common;

use common::Rng;
use nue::core::Color;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::prelude::*;
use nue::game::{GenKind, Position};
use nue::nnue::accumulator::active_features;
use nue::nnue::{Activation, FeatureLayout};
use nue::train::data::{self, Codec, Sample};
use nue::train::trainer::{self, Model, TrainConfig};

/// A data file's header length and record size (bytes), read from its header.
fn header_and_record_size(file: &[u8]) -> (usize, usize) {
    let word = |at: usize| u32::from_le_bytes(file[at..at + 4].try_into().expect("4 bytes")) as usize;
    (24 + word(20), word(16))
}

/// A small one-thread datagen run of chess: `games` games of seed `seed` at 300 nodes a move.
fn small_datagen(seed: u64, games: u64) -> nue::train::datagen::DatagenConfig {
    nue::train::datagen::DatagenConfig {
        nodes: 300,
        games,
        threads: 1,
        random_plies: 6,
        seed,
        shard: (0, 1),
        first_game: 0,
        max_plies: 200,
        progress: false,
    }
}

fn layout() -> FeatureLayout {
    FeatureLayout::of::<Chess>(&ChessVariant)
}

/// Positions from random games (with captures, promotions, castling).
fn random_positions(n: usize, seed: u64) -> Vec<Chess> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Position::<Chess>::start(&ChessVariant);
        for _ in 0..rng.below(120) + 1 {
            let mut list = arrayvec::ArrayVec::<_, 256>::new();
            pos.board().generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            pos.play(list[rng.below(list.len())]);
        }
        out.push(pos.board().clone());
    }
    out
}

#[test]
fn records_round_trip_to_the_engines_features() {
    let layout = layout();
    let codec = Codec::new(&layout);
    assert!(codec.record_size <= 48, "chess record is {} bytes", codec.record_size);
    let mut record = vec![0u8; codec.record_size];
    let mut sample = Sample::default();
    for (i, board) in random_positions(500, 7).iter().enumerate() {
        let score = (i as i16 - 250) * 7;
        let result = (i % 3) as u8;
        assert!(codec.encode(board, score, result, &mut record));
        codec.decode(&record, &mut sample);
        assert_eq!(
            (sample.stm, sample.score, sample.result),
            (board.side_to_move(), score, result)
        );
        assert_eq!(sample.pieces.len(), board.piece_count());
        for persp in Color::ALL {
            let mut from_record = Vec::new();
            sample.features(&layout, persp, &mut from_record);
            let frame = layout.frame(persp, board.royal_square(persp));
            let mut from_engine = Vec::new();
            active_features(&layout, board, persp, frame, &mut from_engine);
            from_record.sort_unstable();
            from_engine.sort_unstable();
            assert_eq!(from_record, from_engine, "{}", board.to_fen());
        }
    }
}

/// A synthetic set: positions labeled with a material count, results from its sign.
fn synthetic(n: usize, codec: &Codec) -> Vec<u8> {
    let values = [100i32, 300, 320, 500, 900, 0];
    let mut records = Vec::new();
    let mut record = vec![0u8; codec.record_size];
    for board in random_positions(n, 3) {
        let mut white = 0;
        board.for_each_piece(|p, _| white += values[p.kind as usize] * p.color.sign());
        let stm = white * board.side_to_move().sign();
        let result = match white {
            w if w > 150 => 2,
            w if w < -150 => 0,
            _ => 1,
        };
        assert!(codec.encode(&board, stm.clamp(-3000, 3000) as i16, result, &mut record));
        records.extend_from_slice(&record);
    }
    records
}

#[test]
fn tiny_net_learns_and_quantizes_within_bound() {
    let layout = layout();
    let codec = Codec::new(&layout);
    let all = synthetic(3000, &codec);
    let (train, validation) = trainer::split(&codec, all.clone(), 0.1, 5);
    // The split holds out whole blocks of consecutive records (whole games in datagen files).
    let block = trainer::SPLIT_BLOCK * codec.record_size;
    assert_eq!(train.len() + validation.len(), all.len());
    assert!(!validation.is_empty() && validation.len() % block == 0);
    assert!(validation.chunks(block).all(|b| all.chunks(block).any(|a| a == b)));
    let cfg = TrainConfig {
        epochs: 20,
        batch: 256,
        lr: 0.003,
        threads: 2,
        output_buckets: 2,
        ..TrainConfig::default()
    };
    let mut model = Model::<64>::new(&layout, Activation::SCReLU, cfg.output_buckets, 9);
    let before = trainer::loss(&model, &layout, &codec, &validation, cfg.lambda);
    let mut losses = Vec::new();
    trainer::train(&mut model, &layout, &codec, &train, &validation, &cfg, |_, r| {
        losses.push(r.train_loss)
    });
    let after = trainer::loss(&model, &layout, &codec, &validation, cfg.lambda);
    assert!(after < 0.8 * before, "validation loss {before:.5} -> {after:.5}");
    println!("validation loss {before:.5} -> {after:.5}");
    assert!(losses.last() < losses.first(), "training losses {losses:?}");

    // Quantization: mean error within 8 cp, largest within 40 cp (the bound documented in
    // `train::trainer`; rounding feature weights to 1/255 and output weights to 1/64).
    let net = model.quantize(&layout, "tiny");
    let q = trainer::quantization_error(&model, &net, &codec, &validation, 10_000);
    assert!(q.positions > 200);
    assert!(q.mean_abs_cp <= 8.0 && q.max_abs_cp <= 40.0, "{q:?}");
}

#[test]
fn datagen_judges_openings_against_the_start_positions_own_score() {
    use nue::engine::select::AnyEval;
    use nue::game::fairy::{Fairy, FairyVariant};
    use nue::train::datagen::{DatagenConfig, run};
    use std::sync::atomic::AtomicBool;
    // The hand-crafted evaluation scores empire's start near +13 pawns for the Empire: judged
    // against zero, nearly every opening was lopsided (87 % of balance tests at 5,000 nodes).
    let empire = FairyVariant::<u64>::compile(&nue::variant::load("empire").expect("built in")).expect("builds");
    let dir = common::fresh_dir("datagen-empire");
    let cfg = DatagenConfig {
        random_plies: 8,
        max_plies: 60,
        ..small_datagen(5, 12)
    };
    let eval = AnyEval::<Fairy<u64>>::Hce(nue::eval::hce::Hce);
    let report = run::<Fairy<u64>>(&empire, &eval, &cfg, &dir.join("e.bin"), &AtomicBool::new(false)).expect("runs");
    assert!(report.tally.openings * 4 < cfg.games, "{report:?}");
    assert!(report.games * 2 > cfg.games, "{report:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn datagen_writes_appends_and_refuses_foreign_files() {
    use nue::engine::select::AnyEval;
    use nue::train::datagen::{DatagenConfig, run};
    use std::sync::atomic::AtomicBool;
    let dir = common::fresh_dir("datagen");
    let out = dir.join("d.bin");
    let cfg = DatagenConfig {
        nodes: 400,
        games: 3,
        threads: 2,
        random_plies: 6,
        seed: 3,
        shard: (0, 1),
        first_game: 0,
        max_plies: 200,
        progress: false,
    };
    let eval = AnyEval::<Chess>::Hce(nue::eval::hce::Hce);
    let stop = AtomicBool::new(false);
    let first = run::<Chess>(&ChessVariant, &eval, &cfg, &out, &stop).expect("datagen runs");
    assert!(first.games >= 1 && first.positions > 20, "{first:?}");
    // Every search is accounted for: a kept position, one dropped by the filter, a lopsided
    // opening, or a game's last position (at most one per game); each of about 400 nodes (a
    // search always finishes its first iteration).
    let t = first.tally;
    let accounted = first.positions + t.in_check + t.tactical + t.openings;
    assert!(
        t.searches >= accounted && t.searches <= accounted + first.games,
        "{first:?}"
    );
    assert!(
        t.nodes <= 420 * t.searches && t.nodes > 300 * first.positions,
        "{first:?}"
    );
    assert!(
        t.summary(first.positions)
            .starts_with(&format!("{} searches: ", t.searches))
    );
    let codec = Codec::new(&layout());
    let n1 = data::read_records(&out, &codec).expect("reads").len() / codec.record_size;
    assert_eq!(n1 as u64, first.positions);
    let second = run::<Chess>(
        &ChessVariant,
        &eval,
        &DatagenConfig { seed: 4, ..cfg.clone() },
        &out,
        &stop,
    )
    .expect("appends");
    let n2 = data::read_records(&out, &codec).expect("reads").len() / codec.record_size;
    assert_eq!(n2 as u64, first.positions + second.positions);
    // Every record decodes to a position with both kings and a result.
    let records = data::read_records(&out, &codec).expect("reads");
    let mut sample = Sample::default();
    for rec in records.chunks_exact(codec.record_size) {
        codec.decode(rec, &mut sample);
        assert_eq!(sample.pieces.iter().filter(|(p, _)| p.kind == 5).count(), 2);
        assert!(sample.result <= 2);
    }
    // A file that is not training data is refused, and nothing is written to it.
    let foreign = dir.join("foreign.bin");
    let text = b"something else entirely, long enough for a header";
    std::fs::write(&foreign, text).expect("write");
    let err = run::<Chess>(&ChessVariant, &eval, &cfg, &foreign, &stop).expect_err("refused");
    assert!(err.contains("not a nue training data file"), "{err}");
    assert_eq!(std::fs::read(&foreign).expect("read"), text);
    // The same data reads for a net with other king buckets (data depends on the board
    // format only), and not for another variant.
    let mut spec = Chess::layout_spec(&ChessVariant);
    spec.king_buckets = 4;
    let four_buckets = FeatureLayout::derive(&spec);
    assert_ne!(four_buckets.hash, layout().hash);
    let n3 = data::read_records(&out, &Codec::new(&four_buckets))
        .expect("reads")
        .len()
        / codec.record_size;
    assert_eq!(n3, n2);
    spec.variant = "other".into();
    let err = data::read_records(&out, &Codec::new(&FeatureLayout::derive(&spec))).expect_err("refused");
    assert!(err.contains("another variant or board format"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn command_line_datagen_then_train_writes_the_best_epoch() {
    let dir = common::fresh_dir("train-cli");
    let (data, net) = (dir.join("d.bin"), dir.join("n.nnue"));
    let (data, net) = (data.to_str().expect("path"), net.to_str().expect("path"));
    let (code, _, err) = common::run_nue(&[
        "datagen",
        "--games",
        "40",
        "--nodes",
        "200",
        "--threads",
        "2",
        "--out",
        data,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = common::run_nue(&[
        "train",
        "--data",
        data,
        "--hidden",
        "64",
        "--epochs",
        "3",
        "--batch",
        "64",
        "--threads",
        "2",
        "--validation",
        "0.3",
        "--out",
        net,
    ]);
    assert_eq!(code, 0, "{err}");
    let losses: Vec<f64> = out
        .lines()
        .filter_map(|l| {
            l.split("validation loss ")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .collect();
    assert_eq!(losses.len(), 3, "{out}");
    // The log prints six decimals, so epochs may tie there; the trainer decides on the full
    // value, and the epoch it names must be one of those with the lowest printed loss.
    let low = losses.iter().copied().fold(f64::INFINITY, f64::min);
    let best: usize = out
        .split("best epoch ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .expect("best epoch line");
    assert!((1..=3).contains(&best), "{out}");
    assert_eq!(losses[best - 1], low, "{out}");
    let (code, info, _) = common::run_nue(&["netinfo", net]);
    assert_eq!(code, 0);
    assert!(info.contains(&format!("epoch {best}/3")), "{info}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Game `g` of a datagen run depends only on the seed and `g`: two shards together write the
/// very positions of the whole run, whatever the thread counts.
#[test]
fn datagen_shards_add_up_to_the_whole_run() {
    use nue::engine::select::AnyEval;
    use nue::train::datagen::{DatagenConfig, run};
    use std::sync::atomic::AtomicBool;
    let dir = common::fresh_dir("shards");
    let cfg = DatagenConfig {
        nodes: 300,
        games: 4,
        threads: 2,
        random_plies: 6,
        seed: 11,
        shard: (0, 1),
        first_game: 0,
        max_plies: 120,
        progress: false,
    };
    let eval = AnyEval::<Chess>::Hce(nue::eval::hce::Hce);
    let stop = AtomicBool::new(false);
    let codec = Codec::new(&layout());
    let records = |files: &[&std::path::Path]| -> Vec<Vec<u8>> {
        let mut all: Vec<Vec<u8>> = files
            .iter()
            .flat_map(|f| {
                let bytes = data::read_records(f, &codec).expect("reads");
                bytes
                    .chunks_exact(codec.record_size)
                    .map(<[u8]>::to_vec)
                    .collect::<Vec<_>>()
            })
            .collect();
        all.sort();
        all
    };
    let whole = dir.join("whole.bin");
    let report = run::<Chess>(&ChessVariant, &eval, &cfg, &whole, &stop).expect("runs");
    assert_eq!(report.next_game, 4);
    let (a, b) = (dir.join("a.bin"), dir.join("b.bin"));
    let half = DatagenConfig {
        games: 2,
        threads: 1,
        ..cfg.clone()
    };
    run::<Chess>(
        &ChessVariant,
        &eval,
        &DatagenConfig {
            shard: (0, 2),
            ..half.clone()
        },
        &a,
        &stop,
    )
    .expect("shard 0");
    run::<Chess>(
        &ChessVariant,
        &eval,
        &DatagenConfig { shard: (1, 2), ..half },
        &b,
        &stop,
    )
    .expect("shard 1");
    let whole_records = records(&[&whole]);
    assert!(whole_records.len() > 20);
    assert_eq!(records(&[&a, &b]), whole_records);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pipeline end to end on a tiny budget: self-play, training, a gating match, the state
/// saved; run again it resumes (nothing redone); asked for one more generation it plays it
/// with the best net so far as the teacher.
#[test]
fn pipeline_runs_end_to_end_and_resumes() {
    use nue::engine::select::AnyEval;
    use nue::train::pipeline::{PipelineConfig, run};
    use nue::train::trainer::TrainConfig;
    use std::sync::atomic::AtomicBool;
    let dir = std::env::temp_dir().join(format!("nue-pipeline-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut cfg = PipelineConfig {
        dir: dir.clone(),
        variant: "chess".into(),
        generations: 1,
        games: 6,
        nodes: 300,
        random_plies: 6,
        seed: 5,
        threads: 2,
        hidden: 64,
        train: TrainConfig {
            epochs: 2,
            batch: 256,
            lr: 0.002,
            threads: 2,
            validation: 0.1,
            ..TrainConfig::default()
        },
        match_pairs: 2,
        match_nodes: 200,
        init: None,
    };
    let stop = AtomicBool::new(false);
    let mut lines = Vec::new();
    // No embedded net: the first teacher is the hand-crafted evaluation.
    let state = run::<Chess>(&ChessVariant, None, &cfg, &stop, &mut |l| lines.push(l.to_string())).expect("runs");
    assert_eq!(state.generation.len(), 1, "{lines:#?}");
    let g = &state.generation[0];
    assert_eq!(g.teacher, "default");
    assert!(g.games >= 4 && g.positions > 100 && g.trained && g.matched, "{g:?}");
    assert_eq!(g.wins + g.draws + g.losses, 4);
    assert_eq!(g.penta.iter().sum::<u64>(), 2);
    assert_eq!(state.best, if g.accepted { "gen1.nnue" } else { "default" });
    // The net is a readable net of the variant.
    let net = AnyEval::<Chess>::from_file(&dir.join("gen1.nnue"), &layout()).expect("a readable net");
    assert!(net.describe().contains("x64"));
    // The three commands that reproduce the generation.
    let commands = std::fs::read_to_string(dir.join("commands.txt")).expect("commands");
    let commands: Vec<&str> = commands.lines().collect();
    assert_eq!(commands.len(), 3, "{commands:?}");
    assert!(commands[0].starts_with("nue datagen --variant chess --games 6 --nodes 300"));
    assert!(commands[1].starts_with("nue train --variant chess --data "));
    assert!(commands[2].starts_with("nue match --variant chess --a "));
    // Run again: done already, nothing changes.
    let again = run::<Chess>(&ChessVariant, None, &cfg, &stop, &mut |_| {}).expect("resumes");
    assert_eq!(again, state);
    // One more generation: taught by the best so far.
    cfg.generations = 2;
    let more = run::<Chess>(&ChessVariant, None, &cfg, &stop, &mut |_| {}).expect("second generation");
    assert_eq!(more.generation.len(), 2);
    assert_eq!(more.generation[1].teacher, state.best);
    assert!(more.generation[1].matched);
    assert!(dir.join("gen2.nnue").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A pipeline killed in datagen (no state saved, only the data file's checkpoint) continues
/// its self-play where the checkpoint says, and its state counts every position in the file.
#[test]
fn pipeline_killed_in_datagen_continues_from_the_checkpoint() {
    use nue::engine::select::AnyEval;
    use nue::train::datagen::run as datagen;
    use nue::train::pipeline::{PipelineConfig, run};
    use nue::train::trainer::TrainConfig;
    use std::sync::atomic::AtomicBool;
    let dir = common::fresh_dir("pipeline-kill");
    let data = dir.join("gen1.data");
    // What the killed run wrote: generation 1 plays with seed + 1.
    let killed = small_datagen(12, 3);
    let (hce, stop) = (AnyEval::<Chess>::Hce(nue::eval::hce::Hce), AtomicBool::new(false));
    datagen::<Chess>(&ChessVariant, &hce, &killed, &data, &stop).expect("datagen runs");
    let before = std::fs::read(&data).expect("data");
    let cfg = PipelineConfig {
        dir: dir.clone(),
        variant: "chess".into(),
        generations: 1,
        games: 6,
        nodes: 300,
        random_plies: 6,
        seed: 11,
        threads: 1,
        hidden: 64,
        train: TrainConfig {
            epochs: 1,
            batch: 256,
            threads: 1,
            validation: 0.1,
            ..TrainConfig::default()
        },
        match_pairs: 1,
        match_nodes: 100,
        init: None,
    };
    let mut lines = Vec::new();
    let state = run::<Chess>(&ChessVariant, None, &cfg, &stop, &mut |l| lines.push(l.to_string())).expect("runs");
    assert!(lines.iter().any(|l| l.contains("continuing at game 3")), "{lines:#?}");
    let after = std::fs::read(&data).expect("data");
    assert_eq!(&after[..before.len()], &before[..], "the killed run's games are kept");
    let codec = Codec::new(&layout());
    let records = data::read_records(&data, &codec).expect("reads");
    assert_eq!(
        state.generation[0].positions,
        (records.len() / codec.record_size) as u64
    );
    // Games 3-5 were added, not games 0-2 again.
    let (header, _) = header_and_record_size(&before);
    assert_ne!(
        &after[before.len()..before.len() + codec.record_size],
        &before[header..header + codec.record_size]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `makenet --init`: generation 1 trains from the given net (here the chess net, for king of
/// the hill: another variant, matched piece by piece), every later one from the run's best net
/// once there is one; the recorded commands say so.
#[test]
fn pipeline_warm_starts_from_the_given_net_then_from_its_best() {
    use nue::game::fairy::{Fairy, FairyVariant};
    use nue::train::pipeline::{PipelineConfig, run};
    use nue::train::trainer::TrainConfig;
    use nue::train::warm::InitNet;
    use std::sync::atomic::AtomicBool;
    let dir = std::env::temp_dir().join(format!("nue-pipeline-warm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let koth = FairyVariant::<u64>::compile(&nue::variant::load("kingofthehill").expect("built in")).expect("builds");
    let chess_net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/chess.nnue");
    let cfg = PipelineConfig {
        dir: dir.clone(),
        variant: "kingofthehill".into(),
        generations: 2,
        games: 4,
        nodes: 200,
        random_plies: 6,
        seed: 7,
        threads: 2,
        hidden: 256,
        train: TrainConfig {
            epochs: 1,
            batch: 128,
            threads: 2,
            validation: 0.1,
            ..TrainConfig::default()
        },
        match_pairs: 1,
        match_nodes: 100,
        init: Some(InitNet {
            bytes: std::fs::read(chess_net).expect("the chess net"),
            source: chess_net.to_string(),
            layout: layout(),
        }),
    };
    let stop = AtomicBool::new(false);
    let mut lines = Vec::new();
    let state = run::<Fairy<u64>>(&koth, None, &cfg, &stop, &mut |l| lines.push(l.to_string())).expect("runs");
    assert_eq!(state.generation.len(), 2, "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.contains("(chess): 768 feature rows copied")),
        "{lines:#?}"
    );
    let commands = std::fs::read_to_string(dir.join("commands.txt")).expect("commands");
    let trains: Vec<&str> = commands.lines().filter(|l| l.starts_with("nue train")).collect();
    assert_eq!(trains.len(), 2, "{commands}");
    assert!(trains[0].contains(&format!("--init {chess_net} ")), "{}", trains[0]);
    let second = if state.generation[0].accepted {
        format!("--init {}/gen1.nnue ", dir.display())
    } else {
        format!("--init {chess_net} ")
    };
    assert!(trains[1].contains(&second), "{}", trains[1]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run killed mid-write (bytes of an unfinished game after its last recorded one, or half a
/// record) continues from its checkpoint: the stray bytes are cut, the counts carry on, and
/// every record stays aligned.
#[test]
fn datagen_killed_mid_write_continues_from_its_checkpoint() {
    use nue::engine::select::AnyEval;
    use nue::train::checkpoint::{self, Checkpoint};
    use nue::train::datagen::{DatagenConfig, run};
    use std::io::Write;
    use std::sync::atomic::AtomicBool;
    let dir = common::fresh_dir("datagen-kill");
    let out = dir.join("d.bin");
    let cfg = small_datagen(9, 2);
    let (eval, stop) = (AnyEval::<Chess>::Hce(nue::eval::hce::Hce), AtomicBool::new(false));
    let first = run::<Chess>(&ChessVariant, &eval, &cfg, &out, &stop).expect("datagen runs");
    let len = std::fs::metadata(&out).expect("data").len();
    let append = |bytes: &[u8]| {
        let mut f = std::fs::OpenOptions::new().append(true).open(&out).expect("open");
        f.write_all(bytes).expect("append");
    };
    append(&[1u8; 100]);
    let c = Checkpoint::recover(&out, 9, (0, 1))
        .expect("reads")
        .expect("this seed's");
    assert_eq!(
        (c.next_game, c.games, c.positions, c.bytes),
        (2, first.games, first.positions, len)
    );
    assert_eq!(
        std::fs::metadata(&out).expect("data").len(),
        len,
        "the stray bytes are cut"
    );
    let more = DatagenConfig {
        games: 4,
        first_game: c.next_game,
        ..cfg.clone()
    };
    let second = run::<Chess>(&ChessVariant, &eval, &more, &out, &stop).expect("continues");
    let c = Checkpoint::recover(&out, 9, (0, 1))
        .expect("reads")
        .expect("this seed's");
    assert_eq!((c.next_game, c.games), (4, first.games + second.games));
    assert_eq!(c.positions, first.positions + second.positions);
    // Half a record with no checkpoint of the next seed: dropped when the file is opened.
    std::fs::remove_file(checkpoint::path_for(&out)).expect("checkpoint");
    append(&[1u8; 7]);
    let third = run::<Chess>(&ChessVariant, &eval, &DatagenConfig { seed: 10, ..cfg }, &out, &stop).expect("appends");
    let bytes = std::fs::read(&out).expect("data");
    let (header, size) = header_and_record_size(&bytes);
    assert_eq!((bytes.len() - header) % size, 0, "records stay aligned");
    let total = first.positions + second.positions + third.positions;
    assert_eq!(((bytes.len() - header) / size) as u64, total);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run continues where it stopped, with no game stored twice: by itself from the file's
/// checkpoint, or from an explicit `--first-game`; without a checkpoint of its seed, starting
/// from game 0 on a file that holds data warns that its games repeat, and a first game past the
/// last is refused.
#[test]
fn command_line_datagen_continues_a_run_without_repeating_games() {
    let dir = common::fresh_dir("datagen-continue");
    let data = dir.join("d.bin");
    let data = data.to_str().expect("path");
    let datagen = |extra: &[&str]| {
        let mut args = vec![
            "datagen",
            "--nodes",
            "200",
            "--threads",
            "1",
            "--seed",
            "5",
            "--out",
            data,
        ];
        args.extend_from_slice(extra);
        common::run_nue(&args)
    };
    let records = || std::fs::read(data).expect("data");
    let (code, out, err) = datagen(&["--games", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("next game: 3"), "{out}");
    assert!(!err.contains("warning"), "{err}");
    let first = records();
    let (code, out, err) = datagen(&["--games", "6"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("continuing at game 3"), "{err}");
    assert!(out.contains("next game: 6") && !err.contains("warning"), "{out}{err}");
    let both = records();
    let (header, size) = header_and_record_size(&first);
    let (games_0_to_2, games_3_to_5) = (&first[header..], &both[first.len()..]);
    assert!(games_0_to_2.len() >= size && games_3_to_5.len() >= size);
    // The continuation added games 3-5, not games 0-2 again.
    assert_ne!(&games_3_to_5[..size], &games_0_to_2[..size]);
    let (code, out, _) = datagen(&["--games", "6"]);
    assert_eq!(code, 0);
    assert!(out.contains("the run is complete ("), "{out}");
    assert_eq!(records(), both, "nothing played again");
    let (code, _, err) = datagen(&["--games", "3", "--first-game", "0"]);
    assert_eq!(code, 0, "{err}");
    // Its checkpoint names the seed: no warning, and the games are the seed's own again.
    assert_eq!(&records()[both.len()..], games_0_to_2);
    std::fs::remove_file(format!("{data}.resume")).expect("checkpoint");
    let (code, _, err) = datagen(&["--games", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("warning") && err.contains("--first-game"), "{err}");
    let (code, _, err) = datagen(&["--games", "3", "--first-game", "3"]);
    assert_ne!(code, 0);
    assert!(err.contains("--first-game 3 is not below --games 3"), "{err}");
    let (code, _, err) = datagen(&[
        "--games",
        "18446744073709551615",
        "--first-game",
        "18446744073709551614",
        "--shard",
        "1/2",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("past 2^64"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `nue makenet --variants A,B` end to end on a tiny budget, killed while A's self-play runs
/// and then run again (the same command): A resumes from its checkpoint instead of starting
/// over, both runs end with a generation each, `summary.txt` has a line per variant, and every
/// net it names lies in `DIR/nets`.
#[test]
fn makenet_variants_resumes_after_a_kill() {
    let dir = common::fresh_dir("makenet-variants");
    let runs = dir.join("runs");
    let runs_arg = runs.display().to_string();
    let args = [
        "makenet",
        "--variants",
        "kingofthehill,3check",
        "--dir",
        &runs_arg,
        "--games",
        "200",
        "--nodes",
        "300",
        "--match-pairs",
        "2",
        "--match-nodes",
        "200",
        "--hidden",
        "64",
        "--epochs",
        "1",
        "--batch",
        "256",
        "--threads",
        "1",
        "--seed",
        "3",
    ];
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nue"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("starts");
    // Killed once the first variant's self-play has saved a checkpoint with games in it.
    let checkpoint = runs.join("kingofthehill").join("gen1.data.resume");
    let mut killed_at = None;
    for _ in 0..6000 {
        if std::fs::read_to_string(&checkpoint).is_ok_and(|text| !text.is_empty()) {
            child.kill().expect("kill");
            killed_at = Some(
                std::fs::metadata(runs.join("kingofthehill").join("gen1.data"))
                    .expect("data")
                    .len(),
            );
            break;
        }
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let _ = child.wait();
    let killed_at = killed_at.expect("the first run was still in its self-play when a game was saved");
    assert!(killed_at > 0);
    assert!(
        !runs.join("summary.txt").exists(),
        "the first run ended before the kill"
    );
    let (code, out, err) = common::run_nue(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    // Resumed from the checkpoint the kill left, not from game 0.
    assert!(out.contains("generation 1: continuing at game "), "{out}\n{err}");
    let summary = std::fs::read_to_string(runs.join("summary.txt")).expect("summary");
    let lines: Vec<&str> = summary.lines().collect();
    assert_eq!(lines.len(), 2, "{summary}");
    for (line, name) in lines.iter().zip(["kingofthehill", "3check"]) {
        assert!(line.starts_with(&format!("{name}: ")), "{line}");
        let state = std::fs::read_to_string(runs.join(name).join("state.toml")).expect("state");
        assert_eq!(state.matches("[[generation]]").count(), 1, "{state}");
        assert_eq!(
            line.contains("no net beat"),
            !runs.join("nets").join(format!("{name}.nnue")).exists(),
            "{line}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
