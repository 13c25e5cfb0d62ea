//! The CPU trainer for the network of [`crate::nnue`]: a float copy of the same architecture
//! (sparse feature transformer over the game's [`FeatureLayout`], SCReLU or CReLU, one output per
//! piece-count bucket), trained on [`super::data`] records.
//!
//! Loss: `(sigmoid(out) - target)^2` with `target = λ·sigmoid(score / 400) + (1 - λ)·result`
//! (the usual blend of search score and game result, as in Stockfish's nnue-pytorch and bullet),
//! where `out * 400` is the evaluation in centipawns. Optimiser: Adam (Kingma and Ba, 2015)
//! with a step-decay learning rate. Weights are clipped so that quantization (feature weights
//! times `QA`, output weights times `QB`) stays in range. Gradients of a batch are computed by
//! all threads on their own shares and summed.

use super::data::{Codec, Sample};
use crate::core::zobrist::splitmix64;
use crate::nnue::network::{Activation, MAX_OUTPUT_WEIGHT, Network, QA, QB, Row, SCALE};
use crate::nnue::{FeatureLayout, simd};
use std::time::Instant;

/// Training settings.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Passes over the training data.
    pub epochs: usize,
    /// Positions per batch.
    pub batch: usize,
    /// Adam's initial learning rate.
    pub lr: f32,
    /// Weight of the search score in the target (1 - λ for the game result).
    pub lambda: f32,
    /// Threads computing gradients.
    pub threads: usize,
    /// Activation of the hidden layer.
    pub activation: Activation,
    /// Output buckets (by piece count).
    pub output_buckets: usize,
    /// Share of the data held out for validation.
    pub validation: f32,
    /// Seed of the weight initialization and the validation split.
    pub seed: u64,
    /// Print a progress line to stderr.
    pub progress: bool,
    /// How a warm start from another variant's net fills the rows it has no counterpart for.
    pub init_fill: super::warm::Fill,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            epochs: 10,
            batch: 16384,
            lr: 0.001,
            lambda: 0.75,
            threads: 1,
            activation: Activation::CReLU,
            output_buckets: 8,
            validation: 0.02,
            seed: 1,
            progress: false,
            init_fill: super::warm::Fill::Nearest,
        }
    }
}

/// What happened in one epoch.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// Mean loss on the training positions.
    pub train_loss: f64,
    /// Mean loss on the held-out positions.
    pub validation_loss: f64,
    /// Learning rate used.
    pub lr: f32,
    /// Training speed.
    pub positions_per_second: f64,
}

/// Float and quantized evaluations compared on the validation set. Rounding feature weights to
/// 1/255 and output weights to 1/64 costs a few centipawns: the test suite holds a small net to
/// a mean difference of at most 8 cp and a largest of at most 40 cp, and `nue train` reports
/// both numbers for every net it writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuantizationReport {
    /// Mean and largest absolute difference, centipawns.
    pub mean_abs_cp: f64,
    /// Largest |quantized - float| in centipawns.
    pub max_abs_cp: f64,
    /// Positions compared.
    pub positions: usize,
}

/// Clip bound of float weights: quantized feature weights stay far inside `i16`, output weights
/// within the SIMD kernel's ±127 after scaling by `QB`.
const CLIP: f32 = MAX_OUTPUT_WEIGHT as f32 / QB as f32;
/// Centipawns per unit of `out` (the same scale as the engine's).
const EVAL_SCALE: f32 = SCALE as f32;

/// A float model of width `H`.
#[derive(Clone)]
pub struct Model<const H: usize> {
    /// Feature transformer weights, `[input * H + neuron]`.
    pub ft: Vec<f32>,
    /// Feature transformer biases.
    pub ft_bias: Vec<f32>,
    /// Per bucket, `2H` weights (side to move's half first).
    pub out: Vec<f32>,
    /// Output biases per bucket.
    pub out_bias: Vec<f32>,
    /// Activation of the hidden layer.
    pub activation: Activation,
    /// Output buckets.
    pub buckets: usize,
}

struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    fn step(&mut self, w: &mut [f32], g: &[f32], lr: f32, t: i32, clip: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        let c1 = 1.0 - B1.powi(t);
        let c2 = 1.0 - B2.powi(t);
        for i in 0..w.len() {
            let gi = g[i];
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * gi;
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * gi * gi;
            let update = lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + EPS);
            w[i] = (w[i] - update).clamp(-clip, clip);
        }
    }
}

/// One thread's gradient buffers.
struct Grad {
    ft: Vec<f32>,
    ft_bias: Vec<f32>,
    out: Vec<f32>,
    out_bias: Vec<f32>,
    /// Rows of `ft` touched this batch, each once (to sum and clear only those).
    touched: Vec<u32>,
    /// Per row of `ft`, whether it is in `touched`.
    marked: Vec<bool>,
    loss: f64,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl<const H: usize> Model<H> {
    /// A model with small random weights.
    pub fn new(layout: &FeatureLayout, activation: Activation, buckets: usize, seed: u64) -> Model<H> {
        let mut rng = seed;
        let mut uniform = |scale: f32| ((splitmix64(&mut rng) >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale;
        let ft = (0..layout.inputs * H).map(|_| uniform(0.1)).collect();
        let out = (0..buckets * 2 * H)
            .map(|_| uniform(1.0 / (2.0 * H as f32).sqrt()))
            .collect();
        Model {
            ft,
            ft_bias: vec![0.0; H],
            out,
            out_bias: vec![0.0; buckets],
            activation,
            buckets,
        }
    }

    /// Activations and their derivatives for a whole row, written branch-free so the compiler
    /// vectorises it.
    #[inline(always)]
    fn activate_row(&self, x: &[f32; H], act: &mut [f32; H], der: &mut [f32; H]) {
        let squared = self.activation == Activation::SCReLU;
        for h in 0..H {
            let c = x[h].clamp(0.0, 1.0);
            let inside = if x[h] > 0.0 && x[h] < 1.0 { 1.0 } else { 0.0 };
            act[h] = if squared { c * c } else { c };
            der[h] = inside * if squared { 2.0 * c } else { 1.0 };
        }
    }

    fn accumulate(&self, features: &[u32], acc: &mut [f32; H]) {
        acc.copy_from_slice(&self.ft_bias);
        for &f in features {
            let row = &self.ft[f as usize * H..f as usize * H + H];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The float evaluation's raw output (`* 400` for centipawns) of a sample.
    pub fn forward(&self, layout: &FeatureLayout, sample: &Sample, scratch: &mut Scratch) -> f32 {
        scratch.load(layout, sample);
        let bucket = layout.output_bucket(sample.pieces.len(), self.buckets);
        let mut us = [0f32; H];
        let mut them = [0f32; H];
        self.accumulate(&scratch.us, &mut us);
        self.accumulate(&scratch.them, &mut them);
        let w = &self.out[bucket * 2 * H..(bucket + 1) * 2 * H];
        let mut out = self.out_bias[bucket];
        let (mut act, mut der) = ([0f32; H], [0f32; H]);
        for (side, acc) in [&us, &them].into_iter().enumerate() {
            self.activate_row(acc, &mut act, &mut der);
            out += act
                .iter()
                .zip(&w[side * H..side * H + H])
                .map(|(a, w)| a * w)
                .sum::<f32>();
        }
        out
    }

    /// Adds the loss gradient of one sample to `g`; returns the sample's loss.
    fn backward(
        &self,
        layout: &FeatureLayout,
        sample: &Sample,
        lambda: f32,
        scratch: &mut Scratch,
        g: &mut Grad,
    ) -> f32 {
        scratch.load(layout, sample);
        let bucket = layout.output_bucket(sample.pieces.len(), self.buckets);
        let mut acc = [[0f32; H]; 2];
        self.accumulate(&scratch.us, &mut acc[0]);
        self.accumulate(&scratch.them, &mut acc[1]);
        let w = &self.out[bucket * 2 * H..(bucket + 1) * 2 * H];
        let mut act = [[0f32; H]; 2];
        let mut der = [[0f32; H]; 2];
        let mut out = self.out_bias[bucket];
        for side in 0..2 {
            self.activate_row(&acc[side], &mut act[side], &mut der[side]);
            out += act[side]
                .iter()
                .zip(&w[side * H..side * H + H])
                .map(|(a, w)| a * w)
                .sum::<f32>();
        }
        let p = sigmoid(out);
        let target = lambda * sigmoid(sample.score as f32 / EVAL_SCALE) + (1.0 - lambda) * sample.stm_result();
        let err = p - target;
        let grad_out = 2.0 * err * p * (1.0 - p);
        g.out_bias[bucket] += grad_out;
        let gw = &mut g.out[bucket * 2 * H..(bucket + 1) * 2 * H];
        let mut dacc = [[0f32; H]; 2];
        for side in 0..2 {
            for h in 0..H {
                gw[side * H + h] += grad_out * act[side][h];
                dacc[side][h] = grad_out * w[side * H + h] * der[side][h];
            }
        }
        for (d_side, features) in dacc.iter().zip([&scratch.us, &scratch.them]) {
            for (b, d) in g.ft_bias.iter_mut().zip(d_side) {
                *b += d;
            }
            for &f in features {
                let row = &mut g.ft[f as usize * H..f as usize * H + H];
                for (r, d) in row.iter_mut().zip(d_side) {
                    *r += d;
                }
                if !g.marked[f as usize] {
                    g.marked[f as usize] = true;
                    g.touched.push(f);
                }
            }
        }
        err * err
    }

    /// The quantized network.
    pub fn quantize(&self, layout: &FeatureLayout, description: &str) -> Network<H> {
        let mut net = Network::<H>::zeroed(layout.clone(), self.activation, self.buckets);
        let q = |w: f32, s: i32| (w * s as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        for (i, row) in net.ft_weights.iter_mut().enumerate() {
            for h in 0..H {
                row.0[h] = q(self.ft[i * H + h], QA);
            }
        }
        for h in 0..H {
            net.ft_bias.0[h] = q(self.ft_bias[h], QA);
        }
        for b in 0..self.buckets {
            for side in 0..2 {
                for h in 0..H {
                    let w = q(self.out[b * 2 * H + side * H + h], QB);
                    net.out_weights[b][side].0[h] = w.clamp(-MAX_OUTPUT_WEIGHT, MAX_OUTPUT_WEIGHT);
                }
            }
            net.out_bias[b] = (self.out_bias[b] * (QA * QB) as f32).round() as i32;
        }
        net.description = description.to_string();
        net
    }
}

/// Reusable per-thread buffers.
#[derive(Default)]
pub struct Scratch {
    us: Vec<u32>,
    them: Vec<u32>,
}

impl Scratch {
    fn load(&mut self, layout: &FeatureLayout, sample: &Sample) {
        self.us.clear();
        self.them.clear();
        sample.features(layout, sample.stm, &mut self.us);
        sample.features(layout, !sample.stm, &mut self.them);
    }
}

/// The quantized evaluation (centipawns) of a sample, computed like the engine does.
pub fn quantized_eval<const H: usize>(net: &Network<H>, sample: &Sample, scratch: &mut Scratch) -> i32 {
    scratch.load(&net.layout, sample);
    let mut acc = [Row::<H>::default(); 2];
    for (side, features) in [&scratch.us, &scratch.them].into_iter().enumerate() {
        acc[side] = net.ft_bias;
        for &f in features.iter() {
            simd::add(&mut acc[side].0, &net.ft_weights[f as usize].0);
        }
    }
    net.output(&acc[0], &acc[1], sample.pieces.len())
}

/// Compares float and quantized evaluations on up to `limit` records.
pub fn quantization_error<const H: usize>(
    model: &Model<H>,
    net: &Network<H>,
    codec: &Codec,
    records: &[u8],
    limit: usize,
) -> QuantizationReport {
    let mut sample = Sample::default();
    let mut scratch = Scratch::default();
    let (mut sum, mut max, mut n) = (0.0f64, 0.0f64, 0usize);
    for rec in records.chunks_exact(codec.record_size).take(limit) {
        codec.decode(rec, &mut sample);
        let float_cp = model.forward(&net.layout, &sample, &mut scratch) as f64 * EVAL_SCALE as f64;
        let quant_cp = quantized_eval(net, &sample, &mut scratch) as f64;
        let d = (float_cp - quant_cp).abs();
        sum += d;
        max = max.max(d);
        n += 1;
    }
    QuantizationReport {
        mean_abs_cp: sum / n.max(1) as f64,
        max_abs_cp: max,
        positions: n,
    }
}

/// Records per block of the validation split. Datagen writes a game's positions one after
/// another, so whole blocks (a few games each) keep nearly every validation game out of the
/// training set; a split by single positions would hold out near-copies of training positions
/// and reward memorizing them.
pub const SPLIT_BLOCK: usize = 512;

/// Splits records into (training, validation): a seeded choice of whole blocks of
/// [`SPLIT_BLOCK`] records, about `validation` of them (at least one when `validation > 0` and
/// there are two blocks), is held out.
pub fn split(codec: &Codec, records: Vec<u8>, validation: f32, seed: u64) -> (Vec<u8>, Vec<u8>) {
    let block_bytes = SPLIT_BLOCK * codec.record_size;
    let blocks = records.len().div_ceil(block_bytes);
    let mut order: Vec<usize> = (0..blocks).collect();
    let mut rng = seed;
    for i in (1..blocks).rev() {
        let j = (splitmix64(&mut rng) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    // At least one block when anything is to be held out and something stays for training.
    let wanted = (blocks as f32 * validation).round() as usize;
    let held = if validation > 0.0 && blocks > 1 {
        wanted.clamp(1, blocks - 1)
    } else {
        wanted.min(blocks)
    };
    let mut hold = vec![false; blocks];
    for &b in &order[..held] {
        hold[b] = true;
    }
    let (mut train, mut valid) = (Vec::with_capacity(records.len()), Vec::new());
    for (b, chunk) in records.chunks(block_bytes).enumerate() {
        if hold[b] { &mut valid } else { &mut train }.extend_from_slice(chunk);
    }
    (train, valid)
}

/// Mean loss over records (no training).
pub fn loss<const H: usize>(
    model: &Model<H>,
    layout: &FeatureLayout,
    codec: &Codec,
    records: &[u8],
    lambda: f32,
) -> f64 {
    let mut sample = Sample::default();
    let mut scratch = Scratch::default();
    let mut total = 0.0f64;
    let mut n = 0usize;
    for rec in records.chunks_exact(codec.record_size) {
        codec.decode(rec, &mut sample);
        let p = sigmoid(model.forward(layout, &sample, &mut scratch));
        let target = lambda * sigmoid(sample.score as f32 / EVAL_SCALE) + (1.0 - lambda) * sample.stm_result();
        total += ((p - target) * (p - target)) as f64;
        n += 1;
    }
    total / n.max(1) as f64
}

/// Trains `model` on `train` for `cfg.epochs` epochs, reporting each epoch to `on_epoch`
/// (which may write a checkpoint).
pub fn train<const H: usize>(
    model: &mut Model<H>,
    layout: &FeatureLayout,
    codec: &Codec,
    train: &[u8],
    validation: &[u8],
    cfg: &TrainConfig,
    mut on_epoch: impl FnMut(&Model<H>, EpochReport),
) {
    let size = codec.record_size;
    let n = train.len() / size;
    let threads = cfg.threads.max(1);
    let mut grads: Vec<Grad> = (0..threads)
        .map(|_| Grad {
            ft: vec![0.0; model.ft.len()],
            ft_bias: vec![0.0; H],
            out: vec![0.0; model.out.len()],
            out_bias: vec![0.0; model.buckets],
            touched: Vec::new(),
            marked: vec![false; layout.inputs],
            loss: 0.0,
        })
        .collect();
    let mut adam_ft = Adam::new(model.ft.len());
    let mut adam_ft_bias = Adam::new(H);
    let mut adam_out = Adam::new(model.out.len());
    let mut adam_out_bias = Adam::new(model.buckets);
    let mut total_ft = vec![0f32; model.ft.len()];
    let mut order: Vec<u32> = (0..n as u32).collect();
    let mut rng = cfg.seed;
    let mut step = 0i32;
    for epoch in 1..=cfg.epochs {
        let lr = if epoch as f32 > 0.85 * cfg.epochs as f32 {
            cfg.lr * 0.09
        } else if epoch as f32 > 0.6 * cfg.epochs as f32 {
            cfg.lr * 0.3
        } else {
            cfg.lr
        };
        for i in (1..n).rev() {
            let j = (splitmix64(&mut rng) % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        let start = Instant::now();
        let mut epoch_loss = 0.0f64;
        let report = cfg
            .progress
            .then(|| crate::core::progress::Progress::new(&format!("epoch {epoch}/{}", cfg.epochs), n as u64));
        for (b, batch) in order.chunks(cfg.batch.max(1)).enumerate() {
            let share = batch.len().div_ceil(threads);
            let model_ref = &*model;
            std::thread::scope(|scope| {
                for (g, part) in grads.iter_mut().zip(batch.chunks(share.max(1))) {
                    scope.spawn(move || {
                        let mut sample = Sample::default();
                        let mut scratch = Scratch::default();
                        g.loss = 0.0;
                        for &i in part {
                            let rec = &train[i as usize * size..(i as usize + 1) * size];
                            codec.decode(rec, &mut sample);
                            g.loss += model_ref.backward(layout, &sample, cfg.lambda, &mut scratch, g) as f64;
                        }
                    });
                }
            });
            step += 1;
            let scale = 1.0 / batch.len() as f32;
            // Sum the threads' gradients (feature rows only where touched) and step.
            let mut ft_bias = vec![0f32; H];
            let mut out = vec![0f32; model.out.len()];
            let mut out_bias = vec![0f32; model.buckets];
            for g in &mut grads {
                epoch_loss += g.loss;
                for &f in &g.touched {
                    let r = f as usize * H..f as usize * H + H;
                    for (t, x) in total_ft[r.clone()].iter_mut().zip(&mut g.ft[r]) {
                        *t += *x * scale;
                        *x = 0.0;
                    }
                }
                for (t, x) in ft_bias.iter_mut().zip(&mut g.ft_bias) {
                    *t += *x * scale;
                    *x = 0.0;
                }
                for (t, x) in out.iter_mut().zip(&mut g.out) {
                    *t += *x * scale;
                    *x = 0.0;
                }
                for (t, x) in out_bias.iter_mut().zip(&mut g.out_bias) {
                    *t += *x * scale;
                    *x = 0.0;
                }
            }
            adam_ft.step(&mut model.ft, &total_ft, lr, step, CLIP);
            total_ft.fill(0.0);
            for g in &mut grads {
                for &f in &g.touched {
                    g.marked[f as usize] = false;
                }
                g.touched.clear();
            }
            adam_ft_bias.step(&mut model.ft_bias, &ft_bias, lr, step, CLIP);
            adam_out.step(&mut model.out, &out, lr, step, CLIP);
            adam_out_bias.step(&mut model.out_bias, &out_bias, lr, step, f32::MAX);
            if let Some(report) = &report {
                let done = ((b + 1) * cfg.batch).min(n);
                report.update(
                    done as u64,
                    &format!(
                        "loss {:.5}  {:.0} positions/s",
                        epoch_loss / done.max(1) as f64,
                        done as f64 / start.elapsed().as_secs_f64().max(1e-9)
                    ),
                );
            }
        }
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        if let Some(report) = &report {
            report.finish(n as u64, &format!("loss {:.5}", epoch_loss / n.max(1) as f64));
        }
        let report = EpochReport {
            epoch,
            train_loss: epoch_loss / n.max(1) as f64,
            validation_loss: loss(model, layout, codec, validation, cfg.lambda),
            lr,
            positions_per_second: n as f64 / secs,
        };
        on_epoch(model, report);
    }
}
