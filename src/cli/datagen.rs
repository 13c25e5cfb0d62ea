//! `nue datagen`: its arguments, the resumption from a data file's checkpoint, and the
//! self-play run.

use super::{CliError, eval_for, stop_on_ctrl_c, threads_or_all};
use nue::engine::registry::ForGame;
use nue::game::Game;
use nue::train::checkpoint::Checkpoint;
use nue::train::datagen::{self, DatagenConfig, DatagenReport};
use std::path::PathBuf;

/// Self-play data generation: fixed-node searches from random openings; appends quiet
/// positions with scores and results to a data file.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nue datagen --games 1000 --out chess.bin\n  nue datagen --variant shogi --games 100000 --seed 7 --out shogi.bin\n  nue datagen --games 100000 --shard 3/16 --out chess-3.bin    # one of 16 machines"
)]
pub struct DatagenArgs {
    /// Nodes per move. 1,000 by default: at equal CPU time, nets trained on more positions
    /// searched less beat nets trained on fewer searched deeper (chess and shogi at 1,000,
    /// 2,500 and 5,000 nodes; nets/README.md).
    #[arg(long, default_value_t = 1000)]
    nodes: u64,
    /// Games of the seed's sequence: the run ends before game N.
    #[arg(long)]
    games: u64,
    /// Output file (appended to if it exists).
    #[arg(long)]
    out: PathBuf,
    /// Threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Seed of the opening randomization.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Net to search with (`none` for the hand-crafted evaluation); default: the variant's net.
    #[arg(long, default_value = "")]
    eval_file: String,
    /// Play only shard I of N (`I/N`, from 0): games I, I + N, I + 2N, ... of the seed's
    /// sequence, so N machines make the data of one run (`nue train` takes all the files).
    #[arg(long, default_value = "0/1", value_parser = super::parse_shard)]
    shard: (u64, u64),
    /// Game of the seed's sequence to start from, below `--games`. Default: where the run
    /// of this seed and shard stopped, as the file's checkpoint (`OUT.resume`) records,
    /// else 0 (from game 0 a seed replays the games it already wrote, and the file would
    /// hold them twice).
    #[arg(long)]
    first_game: Option<u64>,
}

impl DatagenArgs {
    /// The run's settings as given (from `--first-game`, or 0).
    fn config(&self) -> DatagenConfig {
        DatagenConfig {
            nodes: self.nodes,
            games: self.games,
            threads: threads_or_all(self.threads),
            random_plies: self.random_plies,
            seed: self.seed,
            shard: self.shard,
            first_game: self.first_game.unwrap_or(0),
            max_plies: 400,
            progress: true,
        }
    }

    /// The checkpoint of this seed's and shard's run in `--out`, unless `--first-game` is
    /// given.
    fn checkpoint(&self) -> Result<Option<Checkpoint>, CliError> {
        match self.first_game {
            None => Checkpoint::recover(&self.out, self.seed, self.shard).map_err(CliError::Data),
            Some(_) => Ok(None),
        }
    }

    /// Refuses a run with no game to play, and warns when `--out` holds data the run may
    /// write again.
    fn check_start(&self, cfg: &DatagenConfig, resumed: bool) -> Result<(), CliError> {
        if cfg.first_game >= cfg.games {
            return Err(CliError::Data(format!(
                "--first-game {} is not below --games {}: no game to play",
                cfg.first_game, cfg.games
            )));
        }
        // Before the net is loaded: `datagen::run` checks it again for its other callers.
        cfg.check().map_err(CliError::Data)?;
        let holds_data = std::fs::metadata(&self.out).is_ok_and(|m| m.len() > 0);
        if holds_data && cfg.first_game == 0 && !resumed {
            eprintln!(
                "warning: {} already holds data and no checkpoint of seed {}; if that seed made it, its games are played again and stored twice (continue that run with --first-game, the `next game` it printed)",
                self.out.display(),
                cfg.seed
            );
        }
        Ok(())
    }
}

/// The run's totals, one `name: value` line each, then the searches' tally.
fn print_report(report: &DatagenReport) {
    println!(
        "games: {}\npositions: {}\ntime (s): {:.1}\npositions/hour: {:.0}\nnext game: {}\n{}",
        report.games,
        report.positions,
        report.seconds,
        report.positions as f64 * 3600.0 / report.seconds.max(1e-9),
        report.next_game,
        report.tally.summary(report.positions)
    );
}

impl ForGame for DatagenArgs {
    type Output = Result<(), CliError>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, embedded: Option<&'static [u8]>) -> Self::Output {
        let mut cfg = self.config();
        let resumed = self.checkpoint()?;
        if let Some(c) = resumed {
            let out = self.out.display();
            if c.next_game >= cfg.games {
                println!(
                    "{out}: the run is complete ({} games, {} positions)",
                    c.games, c.positions
                );
                return Ok(());
            }
            eprintln!(
                "continuing at game {} ({} games and {} positions already in {out})",
                c.next_game, c.games, c.positions
            );
            cfg.first_game = c.next_game;
        }
        self.check_start(&cfg, resumed.is_some())?;
        let eval = eval_for::<G>(variant, &self.eval_file, embedded)?;
        // The first Ctrl-C asks for a clean stop: finished games are kept.
        let report = datagen::run::<G>(variant, &eval, &cfg, &self.out, stop_on_ctrl_c()).map_err(CliError::Data)?;
        print_report(&report);
        let stopped = stop_on_ctrl_c().load(std::sync::atomic::Ordering::Relaxed);
        if report.games == 0 && cfg.games > 0 && !stopped {
            return Err(CliError::Data(format!(
                "no game was played: after {} random plies every opening had ended or was lopsided (try fewer --random-plies)",
                cfg.random_plies
            )));
        }
        Ok(())
    }
}
