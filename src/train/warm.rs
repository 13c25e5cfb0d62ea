//! Warm starts: a training run that begins from a net's weights instead of random ones. The
//! same variant's net is copied whole (the next generation goes on from the last one); another
//! variant's net of the same width and activation gives the rows of the pieces both games
//! have, matched by FEN letter, square by square where both boards have the square (file and
//! rank from the lower left), king bucket by bucket (extra buckets take the source's last), and
//! hand slot by hand slot. Rows with no counterpart start at zero, so the copied knowledge is not
//! drowned in noise; their gradients do not depend on their values, so they learn as usual.
//!
//! This is how a variant without a net starts from the chess net (the lichess variants share
//! chess's pieces and board): the transfer learning Stockfish's nnue-pytorch offers with
//! `--resume-from-model`, extended across variants.

use super::trainer::Model;
use crate::core::{Color, Square};
use crate::game::Piece;
use crate::nnue::network::{Network, QA, QB};
use crate::nnue::{FeatureLayout, Frame};

/// What a warm start copied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WarmReport {
    /// Feature-transformer rows copied from the net.
    pub copied: usize,
    /// Rows with no counterpart in the net, set to zero.
    pub zeroed: usize,
}

/// Sets `model` (for layout `dst`) from `net`'s weights, dequantized: whole when the net was
/// made for `dst` itself, else piece by piece as the module says. Output bucket `b` of `n` takes
/// the net's bucket `b * m / n` of `m`.
///
/// # Errors
/// The activations differ (the width is fixed by `H`).
pub fn warm_start<const H: usize>(
    model: &mut Model<H>,
    dst: &FeatureLayout,
    net: &Network<H>,
) -> Result<WarmReport, String> {
    if net.activation != model.activation {
        return Err(format!(
            "the net's activation is {:?}, the training's {:?} (use --activation to match)",
            net.activation, model.activation
        ));
    }
    let ft = |row: usize, h: usize| net.ft_weights[row].0[h] as f32 / QA as f32;
    let mut report = WarmReport::default();
    let mut set_row = |model: &mut Model<H>, to: usize, from: Option<usize>| {
        for h in 0..H {
            model.ft[to * H + h] = from.map_or(0.0, |f| ft(f, h));
        }
        if from.is_some() {
            report.copied += 1;
        } else {
            report.zeroed += 1;
        }
    };
    let src = &net.layout;
    if src.hash == dst.hash {
        for row in 0..dst.inputs {
            set_row(model, row, Some(row));
        }
    } else {
        let kind_of = |letter: &String| src.spec.pieces.iter().position(|l| l == letter);
        let df = dst.spec.files as usize;
        let (sf, sr) = (src.spec.files as usize, src.spec.ranks as usize);
        for bucket in 0..dst.buckets {
            let frame = |b: usize| Frame {
                bucket: b as u8,
                mirrored: false,
            };
            let (to, from) = (frame(bucket), frame(bucket.min(src.buckets - 1)));
            for color in [Color::White, Color::Black] {
                for kind in 0..dst.spec.piece_kinds {
                    let src_kind = dst.spec.pieces.get(kind as usize).and_then(kind_of);
                    for sq in 0..dst.squares {
                        let (file, rank) = (sq % df, sq / df);
                        let row = dst.board_feature(Color::White, to, Piece::new(color, kind), Square(sq as u8));
                        let source = src_kind.filter(|_| file < sf && rank < sr).map(|k| {
                            let s = Square((rank * sf + file) as u8);
                            src.board_feature(Color::White, from, Piece::new(color, k as u8), s)
                        });
                        set_row(model, row, source);
                    }
                }
                for (kind, &slots) in dst.spec.hand_max.iter().enumerate() {
                    let src_kind = dst.spec.pieces.get(kind).and_then(kind_of);
                    for slot in 0..slots {
                        let row = dst.hand_feature(Color::White, to, color, kind as u8, slot);
                        let source = src_kind
                            .filter(|&k| src.spec.hand_max.get(k).is_some_and(|&m| slot < m))
                            .map(|k| src.hand_feature(Color::White, from, color, k as u8, slot));
                        set_row(model, row, source);
                    }
                }
            }
        }
    }
    for h in 0..H {
        model.ft_bias[h] = net.ft_bias.0[h] as f32 / QA as f32;
    }
    let (dn, sn) = (model.buckets, net.out_weights.len());
    for b in 0..dn {
        let from = b * sn / dn;
        for side in 0..2 {
            for h in 0..H {
                model.out[b * 2 * H + side * H + h] = net.out_weights[from][side].0[h] as f32 / QB as f32;
            }
        }
        model.out_bias[b] = net.out_bias[from] as f32 / (QA * QB) as f32;
    }
    Ok(report)
}

/// A net to start training from: its bytes and the layout it was made for (the training's own
/// layout, or the layout of the variant whose hash its header records).
#[derive(Clone, Debug)]
pub struct InitNet {
    /// The `.nnue` file's bytes.
    pub bytes: Vec<u8>,
    /// Where they came from (for messages).
    pub source: String,
    /// The layout the net was made for.
    pub layout: FeatureLayout,
}
