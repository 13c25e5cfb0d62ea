//! Playing below full strength (`Skill Level`, `UCI_LimitStrength` + `UCI_Elo`): the search
//! runs with at least [`Skill::LINES`] principal variations, and at depth
//! [`Skill::pick_depth`] one of them is chosen by a rule that gives weaker levels a larger,
//! partly random, tolerance for worse moves. The rule (a deterministic push towards worse moves
//! plus a random one, both growing with the weakness) is Heinz van Saanen's, as Stockfish and
//! Fairy-Stockfish use it; levels run from -20 (weakest) to 20 (full strength) as in
//! Fairy-Stockfish.

use crate::core::zobrist::splitmix64;

/// A strength handicap: the level and the random state of its choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    level: i32,
    rng: u64,
}

/// The value of a pawn in the search's centipawns: the random push never exceeds it.
const PAWN: i32 = 100;

/// The weakest level; levels below [`FULL_STRENGTH`] are handicapped.
pub const MIN_LEVEL: i32 = -20;
/// Full strength: no handicap.
pub const FULL_STRENGTH: i32 = 20;

/// `UCI_Elo`'s range (Fairy-Stockfish's).
pub const MIN_ELO: i32 = 500;
/// See [`MIN_ELO`]; asking more than full strength gives full strength.
pub const MAX_ELO: i32 = 2850;

/// `(Elo, level)` points, Elo rising: the level at which nue scores about half against
/// Stockfish 15.1 playing at that `UCI_Elo`, in chess at 10+0.1 (matches of nue at fixed
/// levels against Stockfish's `UCI_LimitStrength` at 1,500, 2,000 and 2,500; the points below
/// 1,500 extend that slope). nue's levels play weaker than Stockfish's levels of the same number
/// (its four-line search reaches less depth in the same time), so each Elo takes a higher
/// level. Full strength scored 45.5 % against `UCI_Elo` 2,500, the top of what nue reaches, so
/// every Elo from 2,400 up plays at full strength; the floor, -20 at 500, is Fairy-Stockfish's.
const ELO_LADDER: [(f64, f64); 7] = [
    (500.0, -20.0),
    (1000.0, -2.0),
    (1350.0, 1.9),
    (1500.0, 3.8),
    (2000.0, 13.9),
    (2400.0, 20.0),
    (2850.0, 20.0),
];

/// The (fractional) level that plays at `elo`, interpolated in `ELO_LADDER`.
pub fn level_for_elo(elo: i32) -> f64 {
    let elo = f64::from(elo);
    let ladder = ELO_LADDER;
    let at = ladder
        .iter()
        .position(|&(e, _)| e >= elo)
        .unwrap_or(ladder.len() - 1)
        .max(1);
    let ((e0, l0), (e1, l1)) = (ladder[at - 1], ladder[at]);
    let t = ((elo - e0) / (e1 - e0)).clamp(0.0, 1.0);
    l0 + t * (l1 - l0)
}

/// The strength options as the GUI set them: `Skill Level`, and `UCI_LimitStrength` with
/// `UCI_Elo`, which overrides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// `Skill Level`, -20 ..= 20.
    pub level: i32,
    /// `UCI_LimitStrength`: play at [`Strength::elo`].
    pub limit: bool,
    /// `UCI_Elo`, [`MIN_ELO`] ..= [`MAX_ELO`].
    pub elo: i32,
}

/// `UCI_Elo`'s default (Fairy-Stockfish's).
pub const DEFAULT_ELO: i32 = 1350;

impl Default for Strength {
    fn default() -> Strength {
        Strength {
            level: FULL_STRENGTH,
            limit: false,
            elo: DEFAULT_ELO,
        }
    }
}

impl Strength {
    /// The handicap for one search (`None` at full strength); `seed` starts its random choices.
    pub fn skill(&self, seed: u64) -> Option<Skill> {
        let level = if self.limit {
            level_for_elo(self.elo)
        } else {
            f64::from(self.level)
        };
        Skill::new(level, seed)
    }
}

impl Skill {
    /// Principal variations searched to choose among.
    pub const LINES: usize = 4;

    /// The handicap of a level, `None` at full strength (20 and above). A fractional level is
    /// rounded up or down at random so that the average is the level asked for; `seed` starts
    /// the random choices (give each search a fresh one).
    pub fn new(level: f64, seed: u64) -> Option<Skill> {
        let mut rng = seed;
        let level = level.clamp(MIN_LEVEL as f64, FULL_STRENGTH as f64);
        let whole = level.floor();
        let up = (level - whole) * 1024.0 > (splitmix64(&mut rng) % 1024) as f64;
        let level = whole as i32 + i32::from(up);
        (level < FULL_STRENGTH).then_some(Skill { level, rng })
    }

    /// The iteration (plies) whose lines the move is chosen from: deeper for stronger levels;
    /// negative levels choose from depth 1 with a larger tolerance.
    pub fn pick_depth(&self) -> i32 {
        1 + self.level.max(0)
    }

    /// Chooses a move among `lines` (move, score in centipawns for the side to move), sorted
    /// best first and not empty. Each line's score gets a push of `weakness` times its distance
    /// from the best plus a random share of the spread of the lines (at most a pawn), both
    /// over 128; the highest pushed score wins. Level 19 nearly always keeps the best move;
    /// below level -4 the weakness passes 128 and worse lines are preferred.
    pub fn pick(&mut self, lines: &[(u32, i32)]) -> u32 {
        let top = lines[0].1;
        let spread = (top - lines[lines.len() - 1].1).min(PAWN);
        let weakness = 120 - 2 * self.level;
        let mut best = lines[0].0;
        let mut best_score = i32::MIN;
        for &(mv, score) in lines {
            let random = (splitmix64(&mut self.rng) % weakness as u64) as i32;
            let push = (weakness * (top - score) + spread * random) / 128;
            if score + push >= best_score {
                best_score = score + push;
                best = mv;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_strength_has_no_handicap_and_fractions_round_both_ways() {
        assert_eq!(Skill::new(20.0, 1), None);
        assert_eq!(Skill::new(35.0, 1), None);
        assert_eq!(Skill::new(-99.0, 1).map(|s| s.level), Some(MIN_LEVEL));
        let ups = (0..1000)
            .filter(|&seed| Skill::new(3.25, seed).expect("below 20").level == 4)
            .count();
        assert!((150..350).contains(&ups), "3.25 rounded up {ups} times in 1000");
        assert_eq!(Skill::new(5.0, 7).map(|s| s.pick_depth()), Some(6));
        assert_eq!(Skill::new(-5.0, 7).map(|s| s.pick_depth()), Some(1));
    }

    #[test]
    fn elo_rises_with_level_and_full_strength_tops_the_scale() {
        let levels: Vec<f64> = (MIN_ELO..=MAX_ELO).step_by(50).map(level_for_elo).collect();
        assert!(levels.windows(2).all(|w| w[0] <= w[1]), "{levels:?}");
        assert_eq!(level_for_elo(MIN_ELO), f64::from(MIN_LEVEL));
        assert!((level_for_elo(1500) - 3.8).abs() < 1e-9);
        let strength = |elo| Strength {
            level: 0,
            limit: true,
            elo,
        };
        assert_eq!(strength(2400).skill(1), None);
        assert!(strength(2000).skill(1).is_some());
    }

    /// How often each level gives up the best move when the second line is 30 cp worse.
    fn misses(level: f64) -> usize {
        let lines = [(1, 50), (2, 20), (3, -40), (4, -300)];
        (0..2000)
            .filter(|&seed| Skill::new(level, seed).expect("below 20").pick(&lines) != 1)
            .count()
    }

    #[test]
    fn weaker_levels_leave_the_best_move_more_often() {
        let counts: Vec<usize> = [-20.0, -10.0, 0.0, 10.0, 19.0].iter().map(|&l| misses(l)).collect();
        assert!(counts.windows(2).all(|w| w[0] > w[1]), "{counts:?}");
        assert!(counts[0] > 400, "{counts:?}");
    }

    #[test]
    fn strong_levels_never_choose_a_lost_move() {
        // From level 15 up the push makes up less than 3/4 of the loss plus a pawn.
        let lines = [(1, 0), (2, -10), (3, -400)];
        for seed in 0..500 {
            let mut skill = Skill::new(15.0, seed).expect("below 20");
            assert_ne!(skill.pick(&lines), 3);
        }
    }
}
