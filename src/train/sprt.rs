//! The sequential probability ratio test of a match: whether engine A is at least `elo1`
//! better than B or at most `elo0`, decided as early as the games allow. Results are counted
//! per game pair (pentanomial), as Fishtest, OpenBench and fastchess count them, and the
//! log-likelihood ratio is the normal approximation of the generalized SPRT (M. Van den Bergh,
//! "A practical introduction to the GSPRT", 2016): `LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)`
//! over `N` pairs with mean pair score `m` and variance `v`, where `s0` and `s1` are the
//! expected scores of the logistic Elo bounds.

use super::versus::MatchReport;

/// A test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo of the null hypothesis (logistic Elo).
    pub elo0: f64,
    /// Elo of the alternative hypothesis; above `elo0`.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: A is at least `elo1` better.
    H1,
    /// H0 accepted: A is at most `elo0` better.
    H0,
    /// More games are needed.
    Continue,
}

/// The expected score of a logistic Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// A test of `[elo0, elo1]` at 5 % error rates both ways (Stockfish's and OpenBench's
    /// default).
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// The lower and upper LLR bounds: `ln(beta / (1 - alpha))`, `ln((1 - beta) / alpha)`
    /// (-2.94 and 2.94 at 5 %).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs of `report`; 0 while the pair
    /// scores do not vary (no information on their spread yet).
    pub fn llr(&self, report: &MatchReport) -> f64 {
        let n: u64 = report.penta.iter().sum();
        if n == 0 {
            return 0.0;
        }
        let x = |k: usize| k as f64 / 4.0;
        let mean = (0..5).map(|k| x(k) * report.penta[k] as f64).sum::<f64>() / n as f64;
        let var = (0..5)
            .map(|k| (x(k) - mean).powi(2) * report.penta[k] as f64)
            .sum::<f64>()
            / n as f64;
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The decision the pairs of `report` allow.
    pub fn verdict(&self, report: &MatchReport) -> Verdict {
        let llr = self.llr(report);
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(penta: [u64; 5]) -> MatchReport {
        MatchReport {
            penta,
            ..MatchReport::default()
        }
    }

    #[test]
    fn bounds_at_five_percent() {
        let (low, high) = Sprt::new(0.0, 5.0).bounds();
        assert!((low + 2.944).abs() < 1e-3 && (high - 2.944).abs() < 1e-3);
    }

    #[test]
    fn a_clear_winner_accepts_h1_and_a_clear_loser_h0() {
        let sprt = Sprt::new(0.0, 5.0);
        // 400 pairs at a 60 % score: far above 5 Elo.
        let strong = report([20, 60, 120, 140, 60]);
        assert!(sprt.llr(&strong) > 2.944, "{}", sprt.llr(&strong));
        assert_eq!(sprt.verdict(&strong), Verdict::H1);
        let weak = report([60, 140, 120, 60, 20]);
        assert_eq!(sprt.verdict(&weak), Verdict::H0);
        // An even match halfway between the bounds' scores leans to H0 (its mean is below
        // (s0 + s1) / 2), but a few pairs decide nothing.
        let even = report([2, 5, 10, 5, 2]);
        assert!(sprt.llr(&even) < 0.0);
        assert_eq!(sprt.verdict(&even), Verdict::Continue);
    }

    #[test]
    fn no_spread_no_information() {
        assert_eq!(Sprt::new(0.0, 5.0).llr(&report([0, 0, 30, 0, 0])), 0.0);
        assert_eq!(Sprt::new(0.0, 5.0).llr(&report([0; 5])), 0.0);
    }

    /// The LLR of Van den Bergh's formula at a known point: 1000 pairs, mean 0.51, as computed
    /// by hand from the same variance.
    #[test]
    fn llr_matches_the_formula() {
        let r = report([50, 200, 440, 230, 80]);
        let n = 1000.0;
        let xs = [0.0, 0.25, 0.5, 0.75, 1.0];
        let ps = [0.05, 0.2, 0.44, 0.23, 0.08];
        let mean: f64 = xs.iter().zip(ps).map(|(x, p)| x * p).sum();
        let var: f64 = xs.iter().zip(ps).map(|(x, p)| (x - mean) * (x - mean) * p).sum();
        let (s0, s1) = (score_of(0.0), score_of(5.0));
        let want = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        assert!((Sprt::new(0.0, 5.0).llr(&r) - want).abs() < 1e-9);
    }
}
