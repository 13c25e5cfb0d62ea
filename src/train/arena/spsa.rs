//! SPSA tuning of an engine's spin options by game pairs (simultaneous perturbation stochastic
//! approximation, J. C. Spall, "Implementation of the simultaneous perturbation algorithm for
//! stochastic optimization", IEEE Trans. Aerospace and Electronic Systems 1998; the schedule
//! and its `c_end`/`r_end` parameters as fishtest's SPSA uses them).
//!
//! Each iteration perturbs every parameter at once by `±c_k` (a random sign per parameter),
//! plays one game pair of the engine with `θ + c_k Δ` against itself with `θ - c_k Δ` (colors
//! swapped, one opening), and moves `θ` along `Δ` by the pair's result (wins minus losses of
//! the plus side): `θ_i += a_k / c_k · result · Δ_i`, with `c_k = c / k^0.101` and
//! `a_k = a / (A + k)^0.602`, `A` a tenth of the iterations, `c = c_end · N^0.101` and
//! `a = r_end · c_end² · (A + N)^0.602` for `N` iterations.

use super::{ArenaConfig, Engine, OpeningSource, play_game};
use crate::core::Outcome;
use crate::core::zobrist::splitmix64;
use crate::game::Game;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The exponent of `c_k`'s decay (Spall's `γ`).
const GAMMA: f64 = 0.101;
/// The exponent of `a_k`'s decay (Spall's `α`).
const ALPHA: f64 = 0.602;

/// One tuned parameter: a spin option of the engine.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The option's name.
    pub name: String,
    /// The current value (fractional between iterations; sent rounded).
    pub value: f64,
    /// The option's range.
    pub min: f64,
    /// The option's range.
    pub max: f64,
    /// The perturbation at the last iteration, in the option's units.
    pub c_end: f64,
    /// The step at the last iteration relative to `c_end²` (fishtest's default is 0.002).
    pub r_end: f64,
}

/// The tuner's state: the parameters and their gains for a run of `iterations` pairs.
#[derive(Clone, Debug)]
pub struct Spsa {
    /// The parameters, their current values.
    pub params: Vec<Param>,
    /// Pairs in the whole run (`N`).
    pub iterations: u64,
    /// Pairs whose results have been applied.
    pub done: u64,
}

/// The values one iteration plays: the plus side, the minus side, and the signs.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// `θ + c_k Δ`, rounded and clamped to each range.
    pub plus: Vec<i64>,
    /// `θ - c_k Δ`, rounded and clamped.
    pub minus: Vec<i64>,
    /// `Δ`, each +1 or -1.
    pub signs: Vec<f64>,
}

impl Spsa {
    /// A run of `iterations` pairs from the parameters' values.
    pub fn new(params: Vec<Param>, iterations: u64) -> Spsa {
        Spsa {
            params,
            iterations: iterations.max(1),
            done: 0,
        }
    }

    fn big_a(&self) -> f64 {
        0.1 * self.iterations as f64
    }

    /// `c_k` of parameter `p` at iteration `k` (1-based).
    fn c_k(&self, p: &Param, k: u64) -> f64 {
        p.c_end * (self.iterations as f64).powf(GAMMA) / (k as f64).powf(GAMMA)
    }

    /// `a_k` of parameter `p` at iteration `k` (1-based).
    fn a_k(&self, p: &Param, k: u64) -> f64 {
        let a_end = p.r_end * p.c_end * p.c_end;
        let a = a_end * (self.big_a() + self.iterations as f64).powf(ALPHA);
        a / (self.big_a() + k as f64).powf(ALPHA)
    }

    /// The perturbation of iteration `k` (1-based), its signs drawn from `seed` and `k` alone.
    pub fn perturb(&self, k: u64, seed: u64) -> Perturbation {
        let mut rng = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let signs: Vec<f64> = self
            .params
            .iter()
            .map(|_| if splitmix64(&mut rng) & 1 == 0 { 1.0 } else { -1.0 })
            .collect();
        let side = |sign: f64| -> Vec<i64> {
            self.params
                .iter()
                .zip(&signs)
                .map(|(p, d)| (p.value + sign * d * self.c_k(p, k)).clamp(p.min, p.max).round() as i64)
                .collect()
        };
        Perturbation {
            plus: side(1.0),
            minus: side(-1.0),
            signs,
        }
    }

    /// Applies iteration `k`'s `result` (wins minus losses of the plus side over its pair, -2
    /// to 2) with its `signs`.
    pub fn update(&mut self, k: u64, signs: &[f64], result: f64) {
        let steps: Vec<f64> = self
            .params
            .iter()
            .zip(signs)
            .map(|(p, d)| self.a_k(p, k) / self.c_k(p, k) * result * d)
            .collect();
        for (p, step) in self.params.iter_mut().zip(steps) {
            p.value = (p.value + step).clamp(p.min, p.max);
        }
        self.done += 1;
    }
}

/// The plus side's wins minus losses over a pair whose first game the plus side began.
fn pair_result(first: Outcome, second: Outcome) -> f64 {
    let score = |o: Outcome| match o {
        Outcome::Win => 1.0,
        Outcome::Draw => 0.0,
        Outcome::Loss => -1.0,
    };
    score(first) - score(second)
}

/// `cfg` with `values` of the tuned `params` added to engine `side`'s options.
fn with_values(cfg: &ArenaConfig, side: usize, params: &[Param], values: &[i64]) -> ArenaConfig {
    let mut cfg = cfg.clone();
    for (p, v) in params.iter().zip(values) {
        cfg.engines[side].options.push((p.name.clone(), v.to_string()));
    }
    cfg
}

/// Sends the tuned values to a running engine; drops it where it cannot take them (the game
/// then starts it afresh with the values in its options).
fn set_values(slot: &mut Option<Engine>, params: &[Param], values: &[i64]) {
    let Some(engine) = slot.as_mut() else { return };
    let sent = params
        .iter()
        .zip(values)
        .all(|(p, v)| engine.send(&format!("setoption name {} value {v}", p.name)).is_ok());
    if !sent {
        *slot = None;
    }
}

/// Runs SPSA from `spsa`'s state until it has done its iterations or `stop` is set, one game
/// pair per iteration with `cfg`'s time control, openings, adjudication and concurrency (its
/// `engines[0]` is the engine tuned; `engines[1]` is ignored). `progress` is called after each
/// pair with the state. Pair `k`'s opening and signs depend only on `seed` and `k`.
///
/// # Errors
/// The engine cannot be started, or no opening can be had.
pub fn run<G: Game>(
    variant: &G::Variant,
    embedded: Option<&'static [u8]>,
    cfg: &ArenaConfig,
    spsa: Spsa,
    seed: u64,
    stop: &AtomicBool,
    progress: &(dyn Fn(&Spsa) + Sync),
) -> Result<Spsa, String> {
    let openings = OpeningSource::<G>::new(variant, embedded, &cfg.openings)?;
    Engine::start(&cfg.engines[0], cfg.uci_variant.as_deref())?;
    let mut base = cfg.clone();
    base.engines[1] = cfg.engines[0].clone();
    let next = AtomicU64::new(spsa.done + 1);
    let state = Mutex::new(spsa);
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            let (next, state, openings, base) = (&next, &state, &openings, &base);
            scope.spawn(move || {
                let mut engines: [Option<Engine>; 2] = [None, None];
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let (perturbation, params) = {
                        let Ok(s) = state.lock() else { return };
                        if k > s.iterations {
                            return;
                        }
                        (s.perturb(k, seed), s.params.clone())
                    };
                    let Some(opening) = openings.get(k) else {
                        // No opening: the iteration counts, and moves nothing.
                        let Ok(mut s) = state.lock() else { return };
                        s.update(k, &perturbation.signs, 0.0);
                        continue;
                    };
                    let sides = [&perturbation.plus, &perturbation.minus];
                    let pair_cfg = with_values(&with_values(base, 0, &params, sides[0]), 1, &params, sides[1]);
                    for (slot, values) in engines.iter_mut().zip(sides) {
                        set_values(slot, &params, values);
                    }
                    let first = play_game(&opening, 0, &mut engines, &pair_cfg);
                    let second = play_game(&opening, 1, &mut engines, &pair_cfg);
                    let Ok(mut s) = state.lock() else { return };
                    s.update(k, &perturbation.signs, pair_result(first.outcome, second.outcome));
                    progress(&s);
                }
            });
        }
    });
    state.into_inner().map_err(|_| "a tuning thread panicked".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(name: &str, value: f64) -> Param {
        Param {
            name: name.to_string(),
            value,
            min: 0.0,
            max: 200.0,
            c_end: 10.0,
            r_end: 0.002,
        }
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        let s = Spsa::new(vec![param("x", 100.0)], 1000);
        let p = &s.params[0];
        assert!((s.c_k(p, 1000) - 10.0).abs() < 1e-9);
        assert!((s.a_k(p, 1000) - 0.002 * 100.0).abs() < 1e-9);
        // Larger steps and perturbations at the start.
        assert!(s.c_k(p, 1) > s.c_k(p, 1000) && s.a_k(p, 1) > s.a_k(p, 1000));
    }

    #[test]
    fn perturbations_are_symmetric_clamped_and_reproducible() {
        let s = Spsa::new(vec![param("x", 100.0), param("y", 199.0)], 100);
        let p = s.perturb(7, 42);
        assert_eq!(p, s.perturb(7, 42));
        let c = s.c_k(&s.params[0], 7);
        assert_eq!((p.plus[0] - 100) as f64, (p.signs[0] * c).round());
        assert_eq!(p.plus[0] + p.minus[0], 200);
        assert!(p.plus[1] <= 200 && p.minus[1] <= 200);
        assert!(p.signs.iter().all(|&d| d == 1.0 || d == -1.0));
        // Different iterations draw different signs somewhere over a few tries.
        assert!((1..20).any(|k| s.perturb(k, 42).signs != p.signs));
    }

    /// On a noisy game whose expected result favors the side nearer 60 in `x` and 140 in `y`,
    /// the tuner moves both from their starts to near the optimum.
    #[test]
    fn it_climbs_a_noisy_objective() {
        let n = 20_000;
        let mut s = Spsa::new(vec![param("x", 20.0), param("y", 190.0)], n);
        let quality = |v: &[i64]| -((v[0] - 60) as f64).powi(2) - ((v[1] - 140) as f64).powi(2);
        let mut rng = 7u64;
        for k in 1..=n {
            let p = s.perturb(k, 1);
            // A pair: each game won by the better side with a probability growing with the
            // difference (a logistic model), else drawn or lost.
            let diff = (quality(&p.plus) - quality(&p.minus)) / 400.0;
            let win = 1.0 / (1.0 + (-diff).exp());
            let mut result = 0.0;
            for _ in 0..2 {
                let u = (splitmix64(&mut rng) >> 11) as f64 / (1u64 << 53) as f64;
                result += if u < win * 0.6 {
                    1.0
                } else if u > 1.0 - (1.0 - win) * 0.6 {
                    -1.0
                } else {
                    0.0
                };
            }
            s.update(k, &p.signs, result);
        }
        assert_eq!(s.done, n);
        let (x, y) = (s.params[0].value, s.params[1].value);
        assert!((x - 60.0).abs() < 12.0 && (y - 140.0).abs() < 12.0, "x {x}, y {y}");
    }
}
