//! NNUE speed: nanoseconds per incremental update plus evaluation, per full refresh, and search
//! nodes/second over the bench positions with an H = 256 net against the hand-crafted
//! evaluation. The net is the embedded chess net (random weights of the same shape if it cannot
//! be read: the per-update costs do not depend on the values, the search tree does).
//! Run: `cargo bench --bench nnue`.

use nue::core::Color;
use nue::engine::select::AnyEval;
use nue::eval::Evaluator;
use nue::eval::hce::Hce;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::prelude::*;
use nue::game::{GenKind, Position};
use nue::nnue::{Activation, FeatureLayout, Network, NnueEval};
use std::sync::Arc;
use std::time::Instant;

fn random_net(layout: &FeatureLayout) -> Network<256> {
    let mut state = 7u64;
    let mut next = |range: u64| (nue::core::zobrist::splitmix64(&mut state) % (2 * range + 1)) as i64 - range as i64;
    let mut net = Network::<256>::zeroed(layout.clone(), Activation::SCReLU, 8);
    for row in &mut net.ft_weights {
        row.0.iter_mut().for_each(|w| *w = next(40) as i16);
    }
    for halves in &mut net.out_weights {
        for h in halves.iter_mut() {
            h.0.iter_mut().for_each(|w| *w = next(100) as i16);
        }
    }
    net
}

fn main() {
    let layout = FeatureLayout::of::<Chess>(&ChessVariant);
    let embedded = nue::engine::nets::chess().map(|bytes| nue::nnue::format::read::<256>(bytes, "<embedded>", &layout));
    let net = Arc::new(match embedded {
        Some(Ok(net)) => net,
        other => {
            println!(
                "no embedded 256-wide chess net ({:?}): random weights",
                other.map(|r| r.err())
            );
            random_net(&layout)
        }
    });
    let net_name = format!("NNUE {}x256", layout.inputs);

    // A long random line, replayed: each step is one push plus one evaluation.
    let mut pos = Position::<Chess>::start(&ChessVariant);
    let mut line = Vec::new();
    let mut state = 3u64;
    for _ in 0..200 {
        let mut list = arrayvec::ArrayVec::<_, 256>::new();
        pos.board().generate(GenKind::All, &mut list);
        if list.is_empty() || pos.outcome().is_some() {
            break;
        }
        let mv = list[(nue::core::zobrist::splitmix64(&mut state) % list.len() as u64) as usize];
        line.push(mv);
        pos.play(mv);
    }
    let rounds = 2000;
    let mut eval = NnueEval::<Chess, 256>::new(Arc::clone(&net));
    let mut sink = 0i64;
    let start = Instant::now();
    for _ in 0..rounds {
        let mut p = Position::<Chess>::start(&ChessVariant);
        eval.reset(&p);
        sink += eval.evaluate(&p) as i64;
        for &mv in &line {
            eval.play(&mut p, mv);
            sink += eval.evaluate(&p) as i64;
        }
    }
    let per = start.elapsed().as_nanos() as f64 / (rounds * (line.len() + 1)) as f64;
    println!("incremental update + evaluation: {per:.1} ns (includes Position::play)");

    let start = Instant::now();
    let mut p = Position::<Chess>::start(&ChessVariant);
    let mut acc = 0i64;
    for &mv in &line {
        p.play(mv);
        for persp in Color::ALL {
            acc += eval.refresh_reference(p.board(), persp).0[0] as i64;
        }
    }
    let per = start.elapsed().as_nanos() as f64 / (2 * line.len()) as f64;
    println!("full refresh of one perspective: {per:.1} ns");

    let depth = 9;
    for (name, e) in [
        ("HCE", AnyEval::Hce(Hce)),
        (net_name.as_str(), AnyEval::Nnue256(NnueEval::new(Arc::clone(&net)))),
    ] {
        let lines = nue::bench::positions::<Chess>(&ChessVariant, "chess");
        let report = nue::bench::run::<Chess, AnyEval<Chess>>(&ChessVariant, &lines, &e, depth, |_, _| {});
        match report {
            Ok(r) => println!(
                "bench depth {depth} with {name}: {} nodes, {} ms, {} nodes/s",
                r.nodes,
                r.millis,
                r.nodes * 1000 / r.millis.max(1)
            ),
            Err(e) => println!("bench failed: {e}"),
        }
    }
    println!("(checksum {})", sink + acc);
}
