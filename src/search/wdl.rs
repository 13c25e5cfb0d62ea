//! Win/draw/loss chances of a score (`UCI_ShowWDL`): a logistic model, `win = σ((s - a) / b)`
//! and `loss = σ((-s - a) / b)` for a score `s` in centipawns, the draw the rest, as Stockfish
//! reports them. `a` is the score at which a win is as likely as not; `b` how fast the chances
//! change with the score. Both are fitted to self-play results ([`fit`], which `nue data stats`
//! prints for a data file).

/// A fitted model: `a` and `b` in centipawns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// The score with even chances of a win, centipawns.
    pub a: f64,
    /// The scale of the logistic, centipawns.
    pub b: f64,
}

/// Models fitted to nue's own self-play at 5,000 nodes a move (`nue data stats` on the data
/// file), by variant; other games use chess's. Chess: 1,500 games with its net; crazyhouse: the
/// 40,000 games its net was trained on.
const MODELS: [(&str, WdlModel); 2] = [
    ("chess", WdlModel { a: 219.5, b: 200.0 }),
    ("crazyhouse", WdlModel { a: 11.0, b: 547.5 }),
];

impl WdlModel {
    /// The model for a variant (chess's for variants not fitted).
    pub fn for_variant(name: &str) -> WdlModel {
        MODELS.iter().find(|(n, _)| *n == name).map_or(MODELS[0].1, |&(_, m)| m)
    }

    /// Win, draw and loss chances in permille for `score` (centipawns for the side to move),
    /// summing to 1000. Mate scores are certain.
    pub fn permille(&self, score: super::Score) -> [u32; 3] {
        let cp = match score {
            super::Score::Cp(cp) => f64::from(cp),
            super::Score::MatePlies(p) if p > 0 => return [1000, 0, 0],
            super::Score::MatePlies(_) => return [0, 0, 1000],
        };
        let [w, _, l] = self.chances(cp);
        let win = (w * 1000.0).round() as u32;
        let loss = (l * 1000.0).round() as u32;
        [win, 1000 - win - loss, loss]
    }

    /// Win, draw and loss chances for a score in centipawns.
    pub fn chances(&self, cp: f64) -> [f64; 3] {
        let sigmoid = |x: f64| 1.0 / (1.0 + (-x).exp());
        let win = sigmoid((cp - self.a) / self.b);
        let loss = sigmoid((-cp - self.a) / self.b);
        [win, (1.0 - win - loss).max(0.0), loss]
    }
}

/// Fits a model to `(score, result)` pairs: the score in centipawns for the side to move, the
/// result for it (0 loss, 1 draw, 2 win). Maximum likelihood over 10-centipawn bins of scores
/// within ±2000 (beyond, the outcome is decided), by a coarse grid then finer ones; `None` with
/// no decisive game or no draw to fit.
pub fn fit(samples: impl Iterator<Item = (i32, u8)>) -> Option<WdlModel> {
    const BIN: i32 = 10;
    const RANGE: i32 = 2000;
    let bins = (2 * RANGE / BIN + 1) as usize;
    let mut counts = vec![[0u64; 3]; bins];
    for (score, result) in samples {
        if score.abs() <= RANGE {
            // Bins centred on multiples of BIN, so scores near 0 fall symmetrically.
            counts[((score + RANGE + BIN / 2) / BIN) as usize][usize::from(result.min(2))] += 1;
        }
    }
    let total: [u64; 3] = counts
        .iter()
        .fold([0; 3], |t, c| [t[0] + c[0], t[1] + c[1], t[2] + c[2]]);
    if total[1] == 0 || total[0] + total[2] == 0 {
        return None;
    }
    let log_likelihood = |m: WdlModel| -> f64 {
        let mut sum = 0.0;
        for (i, c) in counts.iter().enumerate() {
            let cp = f64::from(i as i32 * BIN - RANGE);
            let [w, d, l] = m.chances(cp);
            for (count, p) in [(c[0], l), (c[1], d), (c[2], w)] {
                if count > 0 {
                    sum += count as f64 * p.max(1e-9).ln();
                }
            }
        }
        sum
    };
    let mut best = WdlModel { a: 300.0, b: 150.0 };
    let mut step = 64.0;
    while step >= 0.5 {
        let mut improved = true;
        while improved {
            improved = false;
            for (da, db) in [(step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step)] {
                let next = WdlModel {
                    a: (best.a + da).max(0.0),
                    b: (best.b + db).max(1.0),
                };
                if log_likelihood(next) > log_likelihood(best) {
                    best = next;
                    improved = true;
                }
            }
        }
        step /= 2.0;
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Score;

    #[test]
    fn chances_sum_to_1000_and_follow_the_score() {
        let m = WdlModel { a: 200.0, b: 80.0 };
        let even = m.permille(Score::Cp(0));
        assert_eq!(even.iter().sum::<u32>(), 1000);
        assert_eq!(even[0], even[2]);
        assert!(m.permille(Score::Cp(300))[0] > 700);
        assert_eq!(m.permille(Score::MatePlies(3)), [1000, 0, 0]);
        assert_eq!(m.permille(Score::MatePlies(-2)), [0, 0, 1000]);
        for cp in (-3000..3000).step_by(7) {
            assert_eq!(m.permille(Score::Cp(cp)).iter().sum::<u32>(), 1000, "{cp}");
        }
    }

    #[test]
    fn fit_finds_the_model_that_made_the_results() {
        let truth = WdlModel { a: 180.0, b: 70.0 };
        // Results drawn from the true model with a fixed sequence.
        let mut state = 1u64;
        let samples: Vec<(i32, u8)> = (0..200_000)
            .map(|i| {
                let score = (i % 1201) - 600;
                let u = (crate::core::zobrist::splitmix64(&mut state) >> 11) as f64 / (1u64 << 53) as f64;
                let [w, d, _] = truth.chances(f64::from(score));
                let result = if u < w {
                    2
                } else if u < w + d {
                    1
                } else {
                    0
                };
                (score, result)
            })
            .collect();
        let m = fit(samples.into_iter()).expect("fits");
        assert!((m.a - truth.a).abs() < 8.0 && (m.b - truth.b).abs() < 5.0, "{m:?}");
        assert_eq!(fit([(0, 2), (10, 0)].into_iter()), None);
    }
}
