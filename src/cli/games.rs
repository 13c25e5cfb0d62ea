//! The conditions of engine-against-engine games that `nue arena` and `nue spsa` share: the
//! limit per move, concurrency, openings, adjudication and clock margin, as command-line
//! arguments and as the match configuration they make.

use super::CliError;
use nue::train::arena::{ArenaConfig, EngineSpec, Openings, TimeControl, adjudicate};
use std::path::PathBuf;

/// How the games are played.
#[derive(clap::Args, Debug)]
pub struct GameArgs {
    /// Nodes per move (`go nodes`): results that do not depend on the machine's load.
    #[arg(long, group = "limit")]
    nodes: Option<u64>,
    /// A clock per side, BASE+INC in seconds (`8+0.08`).
    #[arg(long, group = "limit", value_parser = TimeControl::parse_clock)]
    tc: Option<TimeControl>,
    /// Milliseconds per move (`go movetime`).
    #[arg(long, group = "limit")]
    movetime: Option<u64>,
    /// Plies per move (`go depth`).
    #[arg(long, group = "limit")]
    depth: Option<u32>,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = super::parse_threads)]
    concurrency: usize,
    /// A file of openings, one FEN (or EPD) per line in the variant's dialect; default random
    /// plies.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Random plies of each opening (without `--openings`).
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Largest score, centipawns, of a random opening by a `--balance-nodes` search of nue's
    /// own evaluator: an opening scored further from zero is drawn again (up to 64 times).
    /// Tighter bounds give fewer pairs that each side wins once, so an SPRT learns more per
    /// pair (most in drop games, where a random opening often decides the game).
    #[arg(long, default_value_t = 150)]
    balance_cp: i32,
    /// Nodes of the balance search of random openings (0: openings kept as drawn).
    #[arg(long, default_value_t = 2000)]
    balance_nodes: u64,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Resign adjudication: centipawns both engines must agree on for `--resign-plies` plies
    /// (0: off).
    #[arg(long, default_value_t = 1000)]
    resign_cp: i32,
    /// Plies of agreement for resign adjudication.
    #[arg(long, default_value_t = 8)]
    resign_plies: usize,
    /// Draw adjudication: centipawns within which both engines' scores must stay for
    /// `--draw-plies` plies, from ply `--draw-after` on (0: off; fishtest uses 20).
    #[arg(long, default_value_t = 0)]
    draw_cp: i32,
    /// Plies of scores near zero for draw adjudication (fishtest: 16, eight moves each).
    #[arg(long, default_value_t = 16)]
    draw_plies: usize,
    /// The ply from which draws are adjudicated, the opening's included (fishtest: 68, move 34).
    #[arg(long, default_value_t = 68)]
    draw_after: usize,
    /// Milliseconds an engine may overrun its clock before losing on time.
    #[arg(long, default_value_t = 100)]
    time_margin: u64,
}

impl GameArgs {
    /// The match configuration of `engines` (one pair and no test: the caller sets `pairs` and
    /// `sprt`); `uci_variant` is the `UCI_Variant` to send, `None` for chess.
    ///
    /// # Errors
    /// No limit per move was given, or the openings file cannot be read.
    pub fn config(&self, engines: [EngineSpec; 2], uci_variant: Option<String>) -> Result<ArenaConfig, CliError> {
        let tc = match (self.nodes, self.tc, self.movetime, self.depth) {
            (Some(n), ..) => TimeControl::Nodes(n.max(1)),
            (_, Some(tc), ..) => tc,
            (_, _, Some(ms), _) => TimeControl::MoveTime(ms.max(1)),
            (.., Some(d)) => TimeControl::Depth(d.max(1)),
            _ => {
                return Err(CliError::Argument(
                    "give --nodes, --tc, --movetime or --depth".to_string(),
                ));
            }
        };
        Ok(ArenaConfig {
            engines,
            uci_variant,
            tc,
            pairs: 1,
            concurrency: self.concurrency,
            openings: self.openings()?,
            max_plies: self.max_plies,
            adjudication: adjudicate::Rules {
                resign: (self.resign_cp > 0).then_some((self.resign_cp, self.resign_plies.max(1))),
                draw: (self.draw_cp > 0).then_some(adjudicate::DrawRule {
                    after: self.draw_after,
                    plies: self.draw_plies.max(1),
                    max_cp: self.draw_cp,
                }),
            },
            time_margin_ms: self.time_margin,
            sprt: None,
        })
    }

    /// The seed of the random openings (and of whatever else a command draws).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    fn openings(&self) -> Result<Openings, CliError> {
        let Some(path) = &self.openings else {
            return Ok(Openings::Random {
                plies: self.random_plies,
                seed: self.seed,
                balance_nodes: self.balance_nodes,
                max_cp: self.balance_cp.max(0),
            });
        };
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Data(format!("{}: cannot read: {e}", path.display())))?;
        Ok(Openings::Fens(text.lines().filter_map(opening_fen).collect()))
    }
}

/// The FEN of an openings file's line: the text before an EPD's first `;`, with a halfmove
/// clock and move number added to an EPD's four fields; `None` for blank and `#` lines.
fn opening_fen(line: &str) -> Option<String> {
    let fen = line.split(';').next().unwrap_or("").trim();
    if fen.is_empty() || fen.starts_with('#') {
        return None;
    }
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let number = |f: &str| f.parse::<u32>().is_ok();
    // An EPD: four FEN fields (the fourth an en passant square, not a clock), perhaps followed
    // by operations (`bm Nf3`).
    if fields.len() >= 4 && !number(fields[3]) && fields.get(4).is_none_or(|f| !number(f)) {
        return Some(format!("{} 0 1", fields[..4].join(" ")));
    }
    Some(fen.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_lines() {
        assert_eq!(
            opening_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ;c0 \"x\""),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_string())
        );
        assert_eq!(
            opening_fen("8/8/8/8/8/8/8/K6k w - - bm Ka2;"),
            Some("8/8/8/8/8/8/8/K6k w - - 0 1".to_string())
        );
        assert_eq!(
            opening_fen("8/8/8/8/8/8/8/K6k w - - 3 40"),
            Some("8/8/8/8/8/8/8/K6k w - - 3 40".to_string())
        );
        assert_eq!(opening_fen("   "), None);
        assert_eq!(opening_fen("# comment"), None);
    }
}
