//! `nue data` and its one subcommand, `nue data stats`: the arguments and the report of a
//! training data file.

use super::CliError;
use nue::engine::registry::ForGame;
use nue::game::Game;
use nue::nnue::FeatureLayout;
use nue::train::data;
use std::path::{Path, PathBuf};

/// Training data tools.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  nue data stats chess.bin")]
pub struct DataArgs {
    #[command(subcommand)]
    command: DataCommand,
}

#[derive(clap::Subcommand, Debug)]
enum DataCommand {
    Stats(StatsArgs),
}

/// Positions, results and a score histogram of a data file.
#[derive(clap::Args, Debug)]
struct StatsArgs {
    /// The data file.
    file: PathBuf,
}

impl DataArgs {
    /// Runs the data subcommand, for the variant the file's header names (else `variant`).
    ///
    /// # Errors
    /// An unknown variant or an unreadable data file.
    pub fn run(self, variant: &str) -> Result<(), CliError> {
        match self.command {
            DataCommand::Stats(stats) => super::run(&data_variant(&stats.file, variant), stats),
        }
    }
}

/// The variant a data file was made for (its header), or `fallback`.
fn data_variant(file: &Path, fallback: &str) -> String {
    data::file_variant(file).unwrap_or_else(|_| fallback.to_string())
}

/// Upper edges of the score histogram's bins, in centipawns.
const EDGES: [i32; 9] = [-1000, -400, -200, -50, 50, 200, 400, 1000, i32::MAX];

/// What `nue data stats` counts over the records of a file.
#[derive(Default)]
struct Tally {
    positions: u64,
    /// By the first player's result: loss, draw, win.
    results: [u64; 3],
    /// Scores (side to move) by [`EDGES`] bin.
    histogram: [u64; 9],
    pieces: u64,
    /// Score and result (0 loss, 1 draw, 2 win) for the side to move.
    outcomes: Vec<(i32, u8)>,
}

impl Tally {
    fn of(records: &[u8], codec: &data::Codec) -> Tally {
        let mut tally = Tally::default();
        let mut sample = data::Sample::default();
        tally.outcomes.reserve(records.len() / codec.record_size);
        for rec in records.chunks_exact(codec.record_size) {
            codec.decode(rec, &mut sample);
            tally.results[sample.result.min(2) as usize] += 1;
            // 0 loss, 1 draw, 2 win for the side to move (halves are exact in f32).
            tally
                .outcomes
                .push((i32::from(sample.score), (sample.stm_result() * 2.0) as u8));
            let bin = EDGES.iter().position(|&e| (sample.score as i32) < e).unwrap_or(8);
            tally.histogram[bin] += 1;
            tally.pieces += sample.pieces.len() as u64;
        }
        tally.positions = (records.len() / codec.record_size) as u64;
        tally
    }

    /// The score histogram, a line per bin with its share.
    fn print_histogram(&self) {
        let n = self.positions;
        println!("scores (side to move, centipawns):");
        let mut low = "-inf".to_string();
        for (edge, count) in EDGES.iter().zip(&self.histogram) {
            let high = if *edge == i32::MAX {
                "+inf".to_string()
            } else {
                edge.to_string()
            };
            println!(
                "  [{low:>5}, {high:>5}): {count:>10}  {:5.1}%",
                *count as f64 * 100.0 / n.max(1) as f64
            );
            low = high;
        }
    }
}

impl ForGame for StatsArgs {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, name: &str, _: Option<&'static [u8]>) -> Self::Output {
        let codec = data::Codec::new(&FeatureLayout::of::<G>(variant));
        let records = data::read_records(&self.file, &codec).map_err(CliError::Data)?;
        let tally = Tally::of(&records, &codec);
        let n = tally.positions;
        println!(
            "file: {} (variant {name}, {} bytes per position)",
            self.file.display(),
            codec.record_size
        );
        println!("positions: {n}");
        let results = tally.results;
        println!(
            "results for the first player: {} wins, {} draws, {} losses",
            results[2], results[1], results[0]
        );
        println!(
            "average pieces on the board: {:.1}",
            tally.pieces as f64 / n.max(1) as f64
        );
        tally.print_histogram();
        match nue::search::wdl::fit(tally.outcomes.into_iter()) {
            Some(m) => println!(
                "win/draw/loss model (UCI_ShowWDL): a = {:.1} cp, b = {:.1} cp",
                m.a, m.b
            ),
            None => println!("win/draw/loss model: not fitted (no draws or no decisive games)"),
        }
        Ok(())
    }
}
