//! Matches between two evaluators of one game, for deciding whether a new net is better than
//! the best one so far: game pairs from the same random opening with colors swapped, each move
//! searched to a fixed node count (reproducible, and fair to a slower evaluator only in nodes,
//! not in time: a time-control match with `nue arena` is the final word), games played on
//! all threads. The result is counted per pair (pentanomial, as Fishtest and OpenBench count),
//! and [`MatchReport::elo`] gives the Elo difference with its 95% interval.

use crate::core::{Color, Outcome};
use crate::engine::select::AnyEval;
use crate::game::{Game, GameMove, Position};
use crate::search::{Limits, MATE_BOUND, Search, SearchOptions, Signals, Silent};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Settings of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Game pairs (each opening is played once with each color).
    pub pairs: u64,
    /// Nodes searched per move.
    pub nodes: u64,
    /// Random plies of each opening.
    pub random_plies: usize,
    /// Seed of the openings.
    pub seed: u64,
    /// Threads, each playing its own pairs.
    pub threads: usize,
    /// A game still running after this many plies is a draw.
    pub max_plies: usize,
}

/// The result of a match, from the first evaluator's (A's) point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchReport {
    /// Games A won, drew and lost.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games A lost.
    pub losses: u64,
    /// Pairs by A's points in the pair, in half points: `penta[k]` pairs scored `k / 2` points
    /// (0, 0.5, 1, 1.5, 2).
    pub penta: [u64; 5],
}

/// An Elo difference and its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// The Elo difference of a score fraction `s` in (0, 1) (logistic model).
fn elo_of(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

impl MatchReport {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// A's score fraction.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// A's Elo advantage with a 95% interval from the variance of the pair scores (the normal
    /// approximation Fishtest uses for pentanomial results).
    pub fn elo(&self) -> Elo {
        let n: u64 = self.penta.iter().sum();
        if n == 0 {
            return Elo {
                elo: 0.0,
                low: f64::NEG_INFINITY,
                high: f64::INFINITY,
            };
        }
        let x = |k: usize| k as f64 / 4.0;
        let mean: f64 = (0..5).map(|k| x(k) * self.penta[k] as f64).sum::<f64>() / n as f64;
        let var: f64 = (0..5)
            .map(|k| (x(k) - mean).powi(2) * self.penta[k] as f64)
            .sum::<f64>()
            / n as f64;
        let half = 1.96 * (var / n as f64).sqrt();
        Elo {
            elo: elo_of(mean),
            low: elo_of(mean - half),
            high: elo_of(mean + half),
        }
    }

    /// Counts one pair: A's results in its two games.
    pub fn add_pair(&mut self, first: Outcome, second: Outcome) {
        let points = |o: Outcome| match o {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        };
        for o in [first, second] {
            match o {
                Outcome::Win => self.wins += 1,
                Outcome::Draw => self.draws += 1,
                Outcome::Loss => self.losses += 1,
            }
        }
        self.penta[points(first) + points(second)] += 1;
    }
}

impl std::fmt::Display for MatchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let e = self.elo();
        write!(
            f,
            "+{} ={} -{} ({:.1}%), Elo {:+.1} (95%: [{:+.1}, {:+.1}]), pentanomial {:?}",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            e.elo,
            e.low,
            e.high,
            self.penta
        )
    }
}

/// Scores beyond this (centipawns) from both engines' searches for `ADJUDICATE_PLIES` plies in
/// a row end the game.
const WIN_SCORE: i32 = 1500;
const ADJUDICATE_PLIES: usize = 8;

/// Plays `cfg.pairs` game pairs of `a` against `b` and returns the result from `a`'s view.
/// `progress` is called after each pair with the running result. Returns early (with the
/// pairs finished) when `stop` is set.
pub fn play<G: Game>(
    variant: &G::Variant,
    a: &AnyEval<G>,
    b: &AnyEval<G>,
    cfg: &MatchConfig,
    stop: &AtomicBool,
    progress: &(dyn Fn(&MatchReport) + Sync),
) -> MatchReport {
    let next = AtomicU64::new(0);
    let report = Mutex::new(MatchReport::default());
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            let builder = std::thread::Builder::new().stack_size(crate::search::SEARCH_STACK_BYTES);
            let (next, report) = (&next, &report);
            let _ = builder.spawn_scoped(scope, move || {
                let mut searches = [Search::<G, AnyEval<G>>::new(16), Search::<G, AnyEval<G>>::new(16)];
                loop {
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    if pair >= cfg.pairs || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let Some(start) = opening::<G>(variant, cfg, pair) else {
                        continue;
                    };
                    let first = play_game(&start, [a, b], &mut searches, cfg);
                    let second = play_game(&start, [b, a], &mut searches, cfg);
                    let (Some(first), Some(second)) = (first, second) else {
                        return;
                    };
                    // `first` is from A's view (A had the first move); `second` from B's.
                    if let Ok(mut r) = report.lock() {
                        r.add_pair(first, second.flip());
                        progress(&r);
                    }
                }
            });
        }
    });
    report.into_inner().unwrap_or_default()
}

/// The opening of pair `pair`: random plies from the start position, or `None` when the game
/// ended inside them.
fn opening<G: Game>(variant: &G::Variant, cfg: &MatchConfig, pair: u64) -> Option<Position<G>> {
    let mut rng = cfg.seed ^ pair.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    super::datagen::random_opening(variant, cfg.random_plies, &mut rng)
}

/// One game from `start`: `evals[0]` moves first. Returns the result for the side that moved
/// first, or `None` if a search found no move where the rules say the game goes on.
fn play_game<G: Game>(
    start: &Position<G>,
    evals: [&AnyEval<G>; 2],
    searches: &mut [Search<G, AnyEval<G>>; 2],
    cfg: &MatchConfig,
) -> Option<Outcome> {
    let mut pos = start.clone();
    let first = pos.board().side_to_move();
    let (options, limits) = (SearchOptions::SINGLE, Limits::nodes(cfg.nodes));
    for s in searches.iter_mut() {
        s.clear();
    }
    let for_first = |o: Outcome, stm: Color| if stm == first { o } else { o.flip() };
    let mut decided = 0usize;
    for ply in 0.. {
        let stm = pos.board().side_to_move();
        if let Some(o) = pos.outcome() {
            return Some(for_first(o, stm));
        }
        if ply >= cfg.max_plies {
            return Some(Outcome::Draw);
        }
        let side = usize::from(stm != first);
        let signals = Signals::default();
        let r = searches[side].run(&pos, evals[side], &limits, &options, &signals, &Silent);
        let mv = G::Move::from_bits(r.best?);
        decided = if r.score.abs() >= WIN_SCORE { decided + 1 } else { 0 };
        if r.score.abs() >= MATE_BOUND || decided >= ADJUDICATE_PLIES {
            let o = if r.score > 0 { Outcome::Win } else { Outcome::Loss };
            return Some(for_first(o, stm));
        }
        pos.play(mv);
    }
    Some(Outcome::Draw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_interval_from_pairs() {
        let mut r = MatchReport::default();
        assert_eq!(r.elo().elo, 0.0);
        // 60 pairs won 1.5-0.5, 40 pairs drawn 1-1: score 0.65.
        for _ in 0..60 {
            r.add_pair(Outcome::Win, Outcome::Draw);
        }
        for _ in 0..40 {
            r.add_pair(Outcome::Draw, Outcome::Draw);
        }
        assert_eq!((r.wins, r.draws, r.losses), (60, 140, 0));
        assert_eq!(r.penta, [0, 0, 40, 60, 0]);
        assert!((r.score() - 0.65).abs() < 1e-12);
        let e = r.elo();
        assert!((e.elo - 107.5).abs() < 0.1, "{e:?}");
        // Pair scores 0.75 and 0.5 with p = 0.6, 0.4: sd 0.1225, half width 1.96 * 0.01225.
        assert!((e.low - elo_of(0.65 - 0.024)).abs() < 0.5 && e.low > 80.0, "{e:?}");
        assert!(e.high > e.elo && e.elo > e.low);
        // Even results give an interval around zero.
        let mut even = MatchReport::default();
        for _ in 0..25 {
            even.add_pair(Outcome::Win, Outcome::Win);
            even.add_pair(Outcome::Loss, Outcome::Loss);
            even.add_pair(Outcome::Win, Outcome::Loss);
            even.add_pair(Outcome::Draw, Outcome::Draw);
        }
        assert_eq!(even.penta, [25, 0, 50, 0, 25]);
        let e = even.elo();
        assert!(e.elo.abs() < 1e-9 && e.low < -20.0 && e.high > 20.0, "{e:?}");
        // Pairs split 1-1 every time carry no doubt about the score (the pentanomial variance
        // is zero), as opposed to the same games counted one by one.
        let mut split = MatchReport::default();
        split.add_pair(Outcome::Win, Outcome::Loss);
        split.add_pair(Outcome::Draw, Outcome::Draw);
        let e = split.elo();
        assert_eq!((e.low, e.high), (e.elo, e.elo));
    }
}
