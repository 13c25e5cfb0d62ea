//! `nue train`: its arguments, the training settings it shares with `nue makenet`
//! ([`TrainSettings`]), the `--init` net ([`init_net`]) and the fit.

use super::{CliError, known_layouts, threads_or_all};
use nue::engine::registry::ForGame;
use nue::engine::select;
use nue::game::Game;
use nue::nnue::FeatureLayout;
use nue::nnue::format::NetError;
use nue::train::warm::InitNet;
use nue::train::{fit, trainer};
use std::path::{Path, PathBuf};

/// Trains a net on data files and writes it quantized.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nue train --data chess.bin --out chess.nnue --hidden 256 --epochs 4\n  nue train --variant shogi --data s1.bin s2.bin --out shogi.nnue --hidden 128"
)]
pub struct TrainArgs {
    /// Data files (`nue datagen` output) for the variant.
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Output net file.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    train: TrainSettings,
    /// Threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
}

impl TrainArgs {
    /// Trains for `variant`'s game.
    ///
    /// # Errors
    /// A setting out of range (before the variant is looked up), an unknown variant, an
    /// unusable `--init` net or unreadable data.
    pub fn run(self, variant: &str) -> Result<(), CliError> {
        let cfg = self.train.config(threads_or_all(self.threads))?;
        super::run(variant, Fit { args: &self, cfg })
    }
}

/// The training settings `nue train` and `nue makenet` share.
#[derive(clap::Args, Clone, Debug)]
pub struct TrainSettings {
    /// Hidden width (64, 128, 256 or 512).
    #[arg(long, default_value_t = 256)]
    pub hidden: usize,
    /// Passes over the data (the epoch with the lowest validation loss is written).
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    /// Positions per batch.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Initial learning rate (Adam).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Weight of the search score in the target; the game result gets the rest.
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Output buckets by piece count.
    #[arg(long, default_value_t = 8)]
    pub buckets: usize,
    /// `crelu` or `screlu` (CReLU measured stronger on chess: see nets/README.md).
    #[arg(long, default_value = "crelu")]
    pub activation: String,
    /// Share of positions held out for validation (whole games).
    #[arg(long, default_value_t = 0.02)]
    pub validation: f32,
    /// Seed of the weights, the validation split (and of the pipeline's games).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start from this net's weights: the variant's own net (a next generation), or another
    /// variant's net of the same activation, matched piece by piece (FEN letters) and square
    /// by square, the rest as `--init-fill` says. A net narrower than `--hidden` is widened:
    /// its neurons are copied and the new ones start with zero output weights.
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// How `--init` fills the rows of pieces and squares the net lacks: `nearest` (its piece
    /// nearest in value, its square at the same relative place) or `zero` (before session 49).
    #[arg(long, default_value = "nearest")]
    pub init_fill: nue::train::warm::Fill,
}

impl TrainSettings {
    /// The trainer's settings.
    ///
    /// # Errors
    /// An unknown activation or a value out of range.
    pub fn config(&self, threads: usize) -> Result<trainer::TrainConfig, CliError> {
        let activation = self.activation()?;
        if self.buckets == 0 || self.buckets > 64 {
            return Err(CliError::Argument("--buckets must be from 1 to 64".into()));
        }
        if !(0.0..=1.0).contains(&self.lambda) || !(0.0..0.5).contains(&self.validation) {
            return Err(CliError::Argument(
                "--lambda must be in [0, 1] and --validation in [0, 0.5)".into(),
            ));
        }
        if !select::WIDTHS.contains(&self.hidden) {
            return Err(CliError::Argument(format!(
                "--hidden {} is not supported (64, 128, 256 or 512)",
                self.hidden
            )));
        }
        if self.epochs == 0 || self.batch == 0 {
            return Err(CliError::Argument("--epochs and --batch must be at least 1".into()));
        }
        Ok(trainer::TrainConfig {
            epochs: self.epochs,
            batch: self.batch,
            lr: self.lr,
            lambda: self.lambda,
            threads,
            activation,
            output_buckets: self.buckets,
            validation: self.validation,
            seed: self.seed,
            progress: true,
            init_fill: self.init_fill,
        })
    }

    /// `--activation`, in any case.
    fn activation(&self) -> Result<nue::nnue::Activation, CliError> {
        match self.activation.to_ascii_lowercase().as_str() {
            "crelu" => Ok(nue::nnue::Activation::CReLU),
            "screlu" => Ok(nue::nnue::Activation::SCReLU),
            other => Err(CliError::Argument(format!(
                "unknown activation '{other}' (screlu or crelu)"
            ))),
        }
    }
}

/// The net at `path` to start training a net of `layout` from, with the layout it was made
/// for: `layout` itself when its header records `layout`'s hash, else the layout of the known
/// variant (built-in or loaded) whose hash it records.
///
/// # Errors
/// The file cannot be read, is no net, or was made for no variant this engine knows.
pub fn init_net(path: &Path, layout: &FeatureLayout) -> Result<InitNet, CliError> {
    let source = path.display().to_string();
    let bytes = nue::core::fs::read_capped(path, select::MAX_NET_BYTES).map_err(|e| {
        CliError::Net(NetError {
            source: source.clone(),
            message: format!("cannot read: {e}"),
        })
    })?;
    let header = nue::nnue::format::read_header(&bytes, &source)?;
    let found = if header.layout_hash == layout.hash {
        Some(layout.clone())
    } else {
        known_layouts().find(|l| l.hash == header.layout_hash)
    };
    let layout = found.ok_or_else(|| {
        CliError::Net(NetError {
            source: source.clone(),
            message: format!(
                "its layout hash {:016x} is no known variant's (a net of a variant file: load it with VariantPath first)",
                header.layout_hash
            ),
        })
    })?;
    Ok(InitNet { bytes, source, layout })
}

/// The training of `nue train` for one game, with its checked settings.
struct Fit<'a> {
    args: &'a TrainArgs,
    cfg: trainer::TrainConfig,
}

impl ForGame for Fit<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> Self::Output {
        let args = self.args;
        let layout = FeatureLayout::of::<G>(variant);
        let init = args.train.init.as_deref().map(|p| init_net(p, &layout)).transpose()?;
        let report = fit::fit(
            &layout,
            &args.data,
            &args.out,
            args.train.hidden,
            &self.cfg,
            init.as_ref(),
            &mut |line| println!("{line}"),
        )
        .map_err(CliError::Data)?;
        println!(
            "best epoch {} (validation loss {:.6})",
            report.best_epoch, report.validation_loss
        );
        println!(
            "quantized vs float on {} validation positions: mean |diff| {:.2} cp, max {:.1} cp",
            report.quantization.positions, report.quantization.mean_abs_cp, report.quantization.max_abs_cp
        );
        println!("wrote {}", args.out.display());
        Ok(())
    }
}
