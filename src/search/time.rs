//! Time management: from the clock state of `go` to a soft limit (no new iteration is started
//! past it) and a hard limit (the search stops at once), both in milliseconds from `go`.

use super::Limits;
use crate::core::Color;

/// Soft and hard time limits in milliseconds; `None` means no time limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Time after which no new iteration starts, in milliseconds.
    pub soft: Option<u64>,
    /// Time after which the search stops, in milliseconds.
    pub hard: Option<u64>,
}

/// Computes the budget for `us` to move. `overhead` (the Move Overhead option) is kept in reserve
/// for communication delays.
///
/// With a clock: the time left for the next `movestogo` moves (40 when unknown), counting the
/// increments still to come and setting the overhead aside for each of them and two more
/// (Stockfish's `timeLeft`), shared evenly, as the soft limit, never more than a third of what
/// the clock has past one overhead; the hard limit is four soft limits, never more than half of
/// it. So a clock whose increment is smaller than the overhead (1+0.01 with 30 ms of overhead)
/// keeps a reserve instead of running down to the last milliseconds. Byoyomi adds its per-move
/// time to both limits, because it is lost when unused.
pub fn budget(limits: &Limits, us: Color, overhead: u64) -> TimeBudget {
    if let Some(mt) = limits.move_time {
        let t = mt.saturating_sub(overhead).max(1);
        return TimeBudget {
            soft: Some(t),
            hard: Some(t),
        };
    }
    let byoyomi = limits.byoyomi.unwrap_or(0);
    // A clock without our remaining time (`go byoyomi 0`, `go winc 10`) is a clock at zero.
    let remaining = limits.time[us.index()].or(limits.timed.then_some(0));
    let Some(remaining) = remaining else {
        if byoyomi > 0 {
            let t = byoyomi.saturating_sub(overhead).max(1);
            return TimeBudget {
                soft: Some(t),
                hard: Some(t),
            };
        }
        return TimeBudget { soft: None, hard: None };
    };
    let inc = limits.inc[us.index()];
    let usable = remaining.saturating_sub(overhead);
    let moves_to_go = limits.moves_to_go.map_or(40, |m| m.clamp(1, 40)) as u64;
    let time_left = (remaining + inc * (moves_to_go - 1)).saturating_sub(overhead * (2 + moves_to_go));
    let soft = (time_left / moves_to_go).min(usable / 3);
    let hard = (soft * 4).min(usable / 2).max(soft);
    let (soft, hard) = (
        soft + byoyomi.saturating_sub(overhead),
        hard + byoyomi.saturating_sub(overhead),
    );
    TimeBudget {
        soft: Some(soft.max(1)),
        hard: Some(hard.max(1)),
    }
}

/// The factor the soft limit is multiplied by after an iteration, from how settled the search
/// is: `stable_iterations` (iterations in a row that kept the best move, 0 when it just
/// changed), `best_node_share` (share, 0 to 1, of the search's nodes spent under the best move,
/// over all iterations) and `score_drop` (centipawns the best score fell below the mean of the
/// previous iterations' scores; negative when it rose).
///
/// A new best move, a best move that took few of the nodes (its rivals were hard to refute)
/// and a falling score each buy time; a long-settled, dominant best move gives it back. The
/// stability steps and the node-share line `(1.5 - share) * 1.35` are those of Ethereal and
/// the engines after it (Viridithas, Stormphrax); the score term is Stockfish's `fallingEval`
/// idea, here 1 % more time per centipawn lost, within 0.75 to 1.5.
pub fn soft_scale(stable_iterations: u32, best_node_share: f64, score_drop: i32) -> f64 {
    const STABILITY: [f64; 5] = [2.5, 1.2, 0.9, 0.8, 0.75];
    let stability = STABILITY[(stable_iterations as usize).min(STABILITY.len() - 1)];
    let nodes = (1.5 - best_node_share.clamp(0.0, 1.0)) * 1.35;
    let score = (1.0 + f64::from(score_drop.clamp(-100, 100)) / 100.0).clamp(0.75, 1.5);
    stability * nodes * score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_second_plus_increment_leaves_a_reserve() {
        let limits = Limits {
            time: [Some(1000), Some(1000)],
            inc: [10, 10],
            ..Limits::default()
        };
        let b = budget(&limits, Color::White, 10);
        let (soft, hard) = (b.soft.expect("soft"), b.hard.expect("hard"));
        assert!(soft >= 10 && soft <= hard && hard <= 495, "{b:?}");
    }

    /// At 1+0.01 with 30 ms of overhead, moves that take their soft limit plus 5 ms of delay
    /// keep a reserve on the clock over a long game (the previous scheme, an even share plus
    /// three quarters of the increment, ran it down to 45 ms, where any delay loses on time).
    #[test]
    fn a_small_increment_keeps_a_reserve() {
        let (overhead, inc, delay) = (30, 10, 5);
        let mut clock: u64 = 1000;
        for _ in 0..300 {
            let limits = Limits {
                time: [Some(clock), Some(clock)],
                inc: [inc, inc],
                ..Limits::default()
            };
            let b = budget(&limits, Color::White, overhead);
            let used = b.soft.expect("soft") + delay;
            assert!(used < clock, "clock {clock} ms, used {used} ms");
            clock = clock - used + inc;
        }
        assert!(clock >= 500, "the clock ran down to {clock} ms");
    }

    #[test]
    fn move_time_and_infinite() {
        let limits = Limits {
            move_time: Some(100),
            ..Limits::default()
        };
        assert_eq!(budget(&limits, Color::Black, 10).hard, Some(90));
        assert_eq!(budget(&Limits::default(), Color::White, 10).hard, None);
    }

    #[test]
    fn a_clock_at_zero_moves_at_once() {
        // `go byoyomi 0`, `go winc 0`: a clock, nothing on it.
        for limits in [
            Limits {
                byoyomi: Some(0),
                timed: true,
                ..Limits::default()
            },
            Limits {
                inc: [0, 0],
                timed: true,
                ..Limits::default()
            },
        ] {
            assert_eq!(budget(&limits, Color::White, 10).hard, Some(1), "{limits:?}");
        }
        // Byoyomi alone is a time per move.
        let limits = Limits {
            byoyomi: Some(1000),
            timed: true,
            ..Limits::default()
        };
        assert_eq!(budget(&limits, Color::White, 10).soft, Some(990));
    }

    #[test]
    fn unsettled_searches_get_more_time() {
        let settled = soft_scale(6, 0.9, -10);
        assert!(settled < 0.7, "{settled}");
        assert!(soft_scale(0, 0.9, 0) > soft_scale(1, 0.9, 0));
        assert!(soft_scale(3, 0.3, 0) > soft_scale(3, 0.8, 0));
        assert!(soft_scale(3, 0.6, 40) > soft_scale(3, 0.6, 0));
        // Each term is bounded: nothing past 2.5 * 2.025 * 1.5 of the soft limit.
        let most = soft_scale(0, 0.0, 1_000);
        assert!((most - 2.5 * 2.025 * 1.5).abs() < 1e-9, "{most}");
        assert!(soft_scale(9, 1.0, -1_000) > 0.3);
    }

    #[test]
    fn nearly_flagged_still_moves() {
        let limits = Limits {
            time: [Some(5), Some(5)],
            ..Limits::default()
        };
        assert_eq!(budget(&limits, Color::White, 10).hard, Some(1));
    }
}
