//! [`Network<H>`]: the feature transformer (inputs -> `H` per perspective, `i16`), the
//! activation (SCReLU or CReLU) and an output layer with one set of weights per output bucket
//! (chosen by the number of pieces on the board), quantized as in bullet-trained engines:
//! accumulator values in units of `1/QA`, output weights in units of `1/QB`, and the result
//! scaled by `SCALE` into centipawns.

use super::layout::FeatureLayout;
use super::simd;

/// Activation range of the feature transformer's outputs.
pub const QA: i32 = 255;
/// Output weight quantization.
pub const QB: i32 = 64;
/// Centipawns per unit of network output.
pub const SCALE: i32 = 400;
/// Largest hidden width (the SIMD dot product's exactness bound).
pub const MAX_HIDDEN: usize = 2048;
/// Largest output weight magnitude (keeps `v * w` within `i16` in the SIMD kernel).
pub const MAX_OUTPUT_WEIGHT: i16 = 127;

/// The hidden layer's activation. Both are supported by inference and the trainer; CReLU is
/// the trainer's default: on chess it beat SCReLU by 60 ± 56 Elo with the same data and recipe
/// (100 games at 2+0.02, `nets/README.md`), and it is cheaper to evaluate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Activation {
    /// `clamp(x, 0, QA)`.
    CReLU = 0,
    /// `clamp(x, 0, QA)^2` (squared clipped ReLU).
    SCReLU = 1,
}

/// One row of `H` weights or activations, 64-byte aligned for vector loads.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row<const H: usize>(pub [i16; H]);

impl<const H: usize> Default for Row<H> {
    fn default() -> Row<H> {
        Row([0; H])
    }
}

/// A network of hidden width `H` over a [`FeatureLayout`].
#[derive(Clone, Debug)]
pub struct Network<const H: usize> {
    /// The input layout the net was trained for.
    pub layout: FeatureLayout,
    /// Activation of the hidden layer.
    pub activation: Activation,
    /// One row per input feature (`layout.inputs` rows, allocated for exactly those).
    pub ft_weights: Vec<Row<H>>,
    /// Feature transformer biases.
    pub ft_bias: Row<H>,
    /// Per output bucket: weights for the side to move's half, then the other half.
    pub out_weights: Vec<[Row<H>; 2]>,
    /// Per output bucket, in units of `QA * QB`.
    pub out_bias: Vec<i32>,
    /// Free text from the file's header.
    pub description: String,
    /// The output bucket by the number of pieces on the board (the layout's rule as a table).
    bucket_of_pieces: Vec<u8>,
}

impl<const H: usize> Network<H> {
    /// An all-zero network (weights to be filled in by a loader or a trainer).
    pub fn zeroed(layout: FeatureLayout, activation: Activation, output_buckets: usize) -> Network<H> {
        let bucket_of_pieces = (0..=layout.spec.max_pieces as usize + 1)
            .map(|pieces| layout.output_bucket(pieces, output_buckets.max(1)) as u8)
            .collect();
        Network {
            bucket_of_pieces,
            ft_weights: vec![Row::default(); layout.inputs],
            layout,
            activation,
            ft_bias: Row::default(),
            out_weights: vec![[Row::default(); 2]; output_buckets],
            out_bias: vec![0; output_buckets],
            description: String::new(),
        }
    }

    /// The evaluation in centipawns of accumulators `us` (side to move) and `them`, with
    /// `pieces` pieces on the board.
    #[inline]
    pub fn output(&self, us: &Row<H>, them: &Row<H>, pieces: usize) -> i32 {
        let table = &self.bucket_of_pieces;
        let bucket = table[pieces.min(table.len() - 1)] as usize;
        let w = &self.out_weights[bucket];
        let squared = self.activation == Activation::SCReLU;
        let sum = simd::activated_dot(squared, &us.0, &w[0].0, QA as i16)
            + simd::activated_dot(squared, &them.0, &w[1].0, QA as i16);
        let sum = if squared { sum / QA as i64 } else { sum };
        ((sum + self.out_bias[bucket] as i64) * SCALE as i64 / (QA * QB) as i64) as i32
    }
}
