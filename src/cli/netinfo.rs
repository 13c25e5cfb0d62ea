//! `nue netinfo`: its arguments and the report of a net file's header.

use super::{CliError, LayoutOf};
use nue::engine::registry::{variant_names, with_game};
use nue::engine::select;
use nue::nnue::format::{self, NetError};
use std::path::PathBuf;

/// Prints the header of a net file.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  nue netinfo nets/chess.nnue")]
pub struct NetinfoArgs {
    /// The `.nnue` file.
    file: PathBuf,
}

impl NetinfoArgs {
    /// Prints the header, once the whole file is checked.
    ///
    /// # Errors
    /// The file cannot be read or its header is refused.
    pub fn run(self) -> Result<(), CliError> {
        let source = self.file.display().to_string();
        let bytes = nue::core::fs::read_capped(&self.file, select::MAX_NET_BYTES).map_err(|e| NetError {
            source: source.clone(),
            message: format!("cannot read: {e}"),
        })?;
        let h = format::read_header(&bytes, &source)?;
        // The whole file, not the header alone: its length must be what the header implies.
        format::check_shape(&bytes, &h, &source)?;
        if !select::WIDTHS.contains(&(h.hidden as usize)) {
            return Err(NetError {
                source,
                message: format!("hidden width {} is not supported", h.hidden),
            }
            .into());
        }
        let matches: Vec<String> = variant_names()
            .into_iter()
            .filter(|name| with_game(name, LayoutOf).is_ok_and(|layout| layout.hash == h.layout_hash))
            .collect();
        println!("file: {source} ({} bytes)", bytes.len());
        println!("format version: {}", h.version);
        println!("layout hash: {:016x}", h.layout_hash);
        println!(
            "layout matches: {}",
            if matches.is_empty() {
                "no known variant".to_string()
            } else {
                matches.join(", ")
            }
        );
        println!("inputs: {}", h.inputs);
        println!("hidden width: {}", h.hidden);
        println!("output buckets: {}", h.output_buckets);
        println!("activation: {:?}", h.activation);
        println!("quantization: QA {} QB {} SCALE {}", h.qa, h.qb, h.scale);
        println!("description: {}", h.description);
        println!("kernels in this build: {}", nue::nnue::simd::KERNELS);
        Ok(())
    }
}
