//! Warm starts: a training run that begins from a net's weights instead of random ones. The
//! same variant's net is copied whole (the next generation goes on from the last one); another
//! variant's net of the same activation gives the rows of the pieces both games
//! have, matched by FEN letter, king bucket by bucket (extra buckets take the source's last),
//! and hand slot by hand slot.
//!
//! A piece the net does not know and a square its board lacks are filled as [`Fill`] says: by
//! default from the net's piece nearest in exchange value, on the square at the same relative
//! place (so a second army starts with a sense of its material, and a taller board's far ranks
//! with the rows of the far ranks), or at zero. Rows that start at zero learn only as fast as
//! Adam's steps go: a few hundred thousand positions leave them near zero, and such nets lost
//! almost every game (spartan, orda, shogun).
//!
//! A net narrower than the training's width starts a wider one (function-preserving widening,
//! Net2WiderNet of Chen, Goodfellow and Shlens, "Net2Net", 2016): its neurons are copied, the
//! new neurons keep their random feature weights with zero output weights, so the wider model
//! starts out evaluating exactly as the net does and grows from it.
//!
//! This is how a variant without a net starts from the chess net (the lichess variants share
//! chess's pieces and board): the transfer learning Stockfish's nnue-pytorch offers with
//! `--resume-from-model`, extended across variants.

use super::trainer::Model;
use crate::core::{Color, Square};
use crate::game::{LayoutSpec, Piece};
use crate::nnue::network::{Network, QA, QB};
use crate::nnue::{FeatureLayout, Frame, format};

/// How a warm start fills the rows of pieces and squares the net has no counterpart for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fill {
    /// From the net's piece nearest in exchange value ([`crate::game::LayoutSpec::values`];
    /// royal from royal), and, where the boards differ in size, from the square at the same
    /// relative place: file `f` of `n` becomes `round(f * (m - 1) / (n - 1))` of the net's `m`
    /// (likewise ranks), so edges meet edges and back ranks meet back ranks.
    #[default]
    Nearest,
    /// At zero, and squares only where both boards have them (file and rank from the lower
    /// left): how every warm start worked before session 49 (`--init-fill zero`).
    Zero,
}

impl std::str::FromStr for Fill {
    type Err = String;
    fn from_str(s: &str) -> Result<Fill, String> {
        match s {
            "nearest" => Ok(Fill::Nearest),
            "zero" => Ok(Fill::Zero),
            _ => Err(format!("unknown fill `{s}` (nearest or zero)")),
        }
    }
}

/// What a warm start copied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WarmReport {
    /// Feature-transformer rows copied from the same piece (by letter) on the same square.
    pub copied: usize,
    /// Rows filled from another piece or square ([`Fill::Nearest`]).
    pub nearest: usize,
    /// Rows with no counterpart in the net, set to zero.
    pub zeroed: usize,
}

/// Where a warm start takes each row of one board dimension from.
fn axis(dst: usize, src: usize, fill: Fill) -> Vec<Option<usize>> {
    (0..dst)
        .map(|i| match fill {
            _ if dst == src => Some(i),
            Fill::Zero => (i < src).then_some(i),
            Fill::Nearest if dst == 1 => Some(0),
            Fill::Nearest => Some(((i * (src - 1)) as f64 / (dst - 1) as f64).round() as usize),
        })
        .collect()
}

/// The net's kind for each of `dst`'s kinds, and whether it is the same piece (by letter):
/// the same letter, else ([`Fill::Nearest`]) the royal kind for a royal one and the non-royal
/// kind nearest in value for the others.
fn kinds(dst: &LayoutSpec, src: &LayoutSpec, fill: Fill) -> Vec<Option<(usize, bool)>> {
    const ROYAL: i32 = 10_000;
    let value = |spec: &LayoutSpec, k: usize| spec.values.get(k).copied().unwrap_or(0);
    let royal = |spec: &LayoutSpec, k: usize| spec.royal == Some(k as u8) || value(spec, k) >= ROYAL;
    (0..usize::from(dst.piece_kinds))
        .map(|k| {
            let letter = dst.pieces.get(k);
            if let Some(same) = src.pieces.iter().position(|l| Some(l) == letter) {
                return Some((same, true));
            }
            if fill == Fill::Zero {
                return None;
            }
            let v = value(dst, k);
            (0..usize::from(src.piece_kinds))
                .filter(|&s| royal(src, s) == royal(dst, k))
                .min_by_key(|&s| (value(src, s) - v).abs())
                .map(|s| (s, false))
        })
        .collect()
}

/// Sets `model` (for layout `dst`, `H` neurons) from `net`'s weights (`S` neurons, `S <= H`),
/// dequantized: whole when the net was made for `dst` itself, else piece by piece as the
/// module says, the rows without a counterpart as `fill` says. Output bucket `b` of `n` takes
/// the net's bucket `b * m / n` of `m`. Where `S < H`, neurons `S..H` keep the model's random
/// feature weights and biases and get zero output weights (the widening the module describes).
///
/// # Errors
/// The activations differ, or the net is wider than the model.
pub fn warm_start<const H: usize, const S: usize>(
    model: &mut Model<H>,
    dst: &FeatureLayout,
    net: &Network<S>,
    fill: Fill,
) -> Result<WarmReport, String> {
    if S > H {
        return Err(format!(
            "the net has {S} hidden neurons, more than the training's {H} (a net can only be widened)"
        ));
    }
    if net.activation != model.activation {
        return Err(format!(
            "the net's activation is {:?}, the training's {:?} (use --activation to match)",
            net.activation, model.activation
        ));
    }
    let ft = |row: usize, h: usize| net.ft_weights[row].0[h] as f32 / QA as f32;
    let mut report = WarmReport::default();
    // `from`: the net's row and whether it is the same piece on the same square.
    let mut set_row = |model: &mut Model<H>, to: usize, from: Option<(usize, bool)>| {
        for h in 0..S {
            model.ft[to * H + h] = from.map_or(0.0, |(f, _)| ft(f, h));
        }
        match from {
            Some((_, true)) => report.copied += 1,
            Some((_, false)) => report.nearest += 1,
            None => report.zeroed += 1,
        }
    };
    let src = &net.layout;
    if src.hash == dst.hash {
        for row in 0..dst.inputs {
            set_row(model, row, Some((row, true)));
        }
    } else {
        let kind_of = kinds(&dst.spec, &src.spec, fill);
        let df = usize::from(dst.spec.files);
        let (sf, sr) = (usize::from(src.spec.files), usize::from(src.spec.ranks));
        let (files, ranks) = (axis(df, sf, fill), axis(usize::from(dst.spec.ranks), sr, fill));
        for bucket in 0..dst.buckets {
            let frame = |b: usize| Frame {
                bucket: b as u8,
                mirrored: false,
            };
            let (to, from) = (frame(bucket), frame(bucket.min(src.buckets - 1)));
            for color in [Color::White, Color::Black] {
                for (kind, src_kind) in kind_of.iter().enumerate() {
                    for sq in 0..dst.squares {
                        let row = dst.board_feature(Color::White, to, Piece::new(color, kind as u8), Square(sq as u8));
                        let source = src_kind.and_then(|(k, same)| {
                            let (file, rank) = (files[sq % df]?, ranks[sq / df]?);
                            let s = Square((rank * sf + file) as u8);
                            let exact = same && file == sq % df && rank == sq / df;
                            Some((
                                src.board_feature(Color::White, from, Piece::new(color, k as u8), s),
                                exact,
                            ))
                        });
                        set_row(model, row, source);
                    }
                }
                for (kind, &slots) in dst.spec.hand_max.iter().enumerate() {
                    let src_kind = kind_of.get(kind).copied().flatten();
                    for slot in 0..slots {
                        let row = dst.hand_feature(Color::White, to, color, kind as u8, slot);
                        let source = src_kind
                            .filter(|&(k, _)| src.spec.hand_max.get(k).is_some_and(|&m| slot < m))
                            .map(|(k, same)| (src.hand_feature(Color::White, from, color, k as u8, slot), same));
                        set_row(model, row, source);
                    }
                }
            }
        }
    }
    for h in 0..S {
        model.ft_bias[h] = net.ft_bias.0[h] as f32 / QA as f32;
    }
    let (dn, sn) = (model.buckets, net.out_weights.len());
    for b in 0..dn {
        let from = b * sn / dn;
        for side in 0..2 {
            for h in 0..H {
                model.out[b * 2 * H + side * H + h] = if h < S {
                    net.out_weights[from][side].0[h] as f32 / QB as f32
                } else {
                    0.0
                };
            }
        }
        model.out_bias[b] = net.out_bias[from] as f32 / (QA * QB) as f32;
    }
    Ok(report)
}

/// Warm-starts `model` from `init` as [`warm_start`] does, reading the net at the width its
/// header gives (any width up to `H`).
///
/// # Errors
/// The net does not parse for its layout, has an unsupported width, or is refused by
/// [`warm_start`]; each message names `init`'s source.
pub fn warm_start_from<const H: usize>(
    model: &mut Model<H>,
    dst: &FeatureLayout,
    init: &InitNet,
    fill: Fill,
) -> Result<WarmReport, String> {
    let width = format::read_header(&init.bytes, &init.source)
        .map_err(|e| e.to_string())?
        .hidden;
    match width {
        64 => warm_start_width::<H, 64>(model, dst, init, fill),
        128 => warm_start_width::<H, 128>(model, dst, init, fill),
        256 => warm_start_width::<H, 256>(model, dst, init, fill),
        512 => warm_start_width::<H, 512>(model, dst, init, fill),
        other => Err(format!("{}: hidden width {other} is not supported", init.source)),
    }
}

fn warm_start_width<const H: usize, const S: usize>(
    model: &mut Model<H>,
    dst: &FeatureLayout,
    init: &InitNet,
    fill: Fill,
) -> Result<WarmReport, String> {
    let net = format::read::<S>(&init.bytes, &init.source, &init.layout).map_err(|e| e.to_string())?;
    warm_start(model, dst, &net, fill).map_err(|e| format!("{}: {e}", init.source))
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
