//! Training a net from data files to a `.nnue` file, as `nue train` and the net pipeline do it:
//! read the records, hold out whole games for validation, train, keep the epoch with the
//! lowest validation loss (with few games the later epochs memorize them: a 4-epoch chess net
//! beat a 12-epoch one by 135 Elo on the same data), quantize and write it. A checkpoint of the
//! latest epoch is written beside the output while training runs.

use super::data::{self, Codec};
use super::trainer::{self, Model, QuantizationReport, TrainConfig};
use super::warm::{self, InitNet};
use crate::engine::select::WIDTHS;
use crate::nnue::FeatureLayout;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What a training run produced.
#[derive(Clone, Debug)]
pub struct FitReport {
    /// Positions trained on.
    pub positions: usize,
    /// Positions held out for validation.
    pub held_out: usize,
    /// The epoch written, from 1.
    pub best_epoch: usize,
    /// Its validation loss (NaN without a validation set).
    pub validation_loss: f64,
    /// The written net against the float model on validation positions.
    pub quantization: QuantizationReport,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Training positions per second over all epochs.
    pub positions_per_second: f64,
}

/// Trains a net of width `hidden` for `layout` on `data_files` and writes it to `out`, from
/// random weights or from `init`'s ([`warm`]). `log` receives one line per epoch.
///
/// # Errors
/// An unsupported width, unreadable or foreign data, no positions, an `init` net wider than
/// `hidden` or of another activation, or an unwritable output.
pub fn fit(
    layout: &FeatureLayout,
    data_files: &[PathBuf],
    out: &Path,
    hidden: usize,
    cfg: &TrainConfig,
    init: Option<&InitNet>,
    log: &mut dyn FnMut(&str),
) -> Result<FitReport, String> {
    match hidden {
        64 => fit_width::<64>(layout, data_files, out, cfg, init, log),
        128 => fit_width::<128>(layout, data_files, out, cfg, init, log),
        256 => fit_width::<256>(layout, data_files, out, cfg, init, log),
        512 => fit_width::<512>(layout, data_files, out, cfg, init, log),
        other => Err(format!("hidden width {other} is not supported ({WIDTHS:?})")),
    }
}

fn fit_width<const H: usize>(
    layout: &FeatureLayout,
    data_files: &[PathBuf],
    out: &Path,
    cfg: &TrainConfig,
    init: Option<&InitNet>,
    log: &mut dyn FnMut(&str),
) -> Result<FitReport, String> {
    let codec = Codec::new(layout);
    let mut records = Vec::new();
    for file in data_files {
        records.extend_from_slice(&data::read_records(file, &codec)?);
    }
    let positions = records.len() / codec.record_size;
    if positions == 0 {
        return Err("no positions in the data files".into());
    }
    let (train, validation) = trainer::split(&codec, records, cfg.validation, cfg.seed);
    log(&format!(
        "training {}x{H} ({:?}, {} output buckets) on {} positions, {} held out",
        layout.inputs,
        cfg.activation,
        cfg.output_buckets,
        train.len() / codec.record_size,
        validation.len() / codec.record_size
    ));
    let mut model = Model::<H>::new(layout, cfg.activation, cfg.output_buckets, cfg.seed);
    if let Some(init) = init {
        let r = warm::warm_start_from(&mut model, layout, init, cfg.init_fill)?;
        log(&format!(
            "starting from {} ({}): {} feature rows copied, {} from the nearest piece or square, {} set to zero",
            init.source, init.layout.spec.variant, r.copied, r.nearest, r.zeroed
        ));
    }
    let checkpoint = out.with_extension("checkpoint.nnue");
    let description = |epoch: usize| {
        format!(
            "{} {}x{H} {:?}, {positions} positions, epoch {epoch}/{}",
            layout.spec.variant, layout.inputs, cfg.activation, cfg.epochs
        )
    };
    let start = Instant::now();
    let mut write_error = None;
    let mut best: Option<(f64, usize, Model<H>)> = None;
    let mut speed = 0.0;
    trainer::train(&mut model, layout, &codec, &train, &validation, cfg, |m, r| {
        log(&format!(
            "epoch {:>3}: train loss {:.6}  validation loss {:.6}  lr {:.6}  {:.0} positions/s  {:.0} s",
            r.epoch,
            r.train_loss,
            r.validation_loss,
            r.lr,
            r.positions_per_second,
            start.elapsed().as_secs_f64()
        ));
        speed = r.positions_per_second;
        let net = m.quantize(layout, &description(r.epoch));
        if let Err(e) = std::fs::write(&checkpoint, crate::nnue::format::write(&net)) {
            write_error = Some(format!("{}: {e}", checkpoint.display()));
        }
        if validation.is_empty() || best.as_ref().is_none_or(|(loss, _, _)| r.validation_loss < *loss) {
            best = Some((r.validation_loss, r.epoch, m.clone()));
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    let (loss, epoch, model) = best.map_or((f64::NAN, cfg.epochs, model), |b| b);
    let net = model.quantize(layout, &description(epoch));
    let quantization = trainer::quantization_error(&model, &net, &codec, &validation, 100_000);
    std::fs::write(out, crate::nnue::format::write(&net)).map_err(|e| format!("{}: {e}", out.display()))?;
    let _ = std::fs::remove_file(&checkpoint);
    Ok(FitReport {
        positions: train.len() / codec.record_size,
        held_out: validation.len() / codec.record_size,
        best_epoch: epoch,
        validation_loss: loss,
        quantization,
        seconds: start.elapsed().as_secs_f64(),
        positions_per_second: speed,
    })
}
