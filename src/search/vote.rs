//! Lazy SMP's choice of the thread whose move is played. Each thread's best move gets votes
//! weighted by how far the thread's score lies above the lowest score of all threads and by
//! the depth the thread completed, so a move that several threads found, deep and with good
//! scores, wins over the main thread's alone; a mate score decides by itself (Stockfish's
//! `ThreadPool::get_best_thread`).

use super::{INFINITE, MATE_BOUND};

/// Added to every vote, so the thread with the lowest score still votes with its depth
/// (Stockfish's constant).
const VOTE_FLOOR: i64 = 14;

/// One thread's answer after its search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ballot {
    /// Its best move (bits).
    pub mv: u32,
    /// That move's score (centipawns or mate; `-INFINITE` where the thread has none).
    pub score: i32,
    /// The deepest iteration it completed, in plies (0: none).
    pub depth: i32,
}

impl Ballot {
    fn counts(&self) -> bool {
        self.depth > 0 && self.score > -INFINITE
    }

    /// This thread's weight in its move's votes, given the lowest score of all.
    fn weight(&self, min: i32) -> i64 {
        (i64::from(self.score) - i64::from(min) + VOTE_FLOOR) * i64::from(self.depth)
    }
}

/// The index in `ballots` (one per thread, the main thread's first) of the thread whose best
/// move is played: the mate score that is best for us where any thread has one (the
/// shortest win, a draw or better over a loss, the longest loss); otherwise the thread
/// whose move has the most votes, and among those the thread with the largest weight.
/// 0 where no thread counts (none completed an iteration with a score).
pub fn best_thread(ballots: &[Ballot]) -> usize {
    let Some(min) = ballots.iter().filter(|b| b.counts()).map(|b| b.score).min() else {
        return 0;
    };
    let votes = |mv: u32| -> i64 {
        ballots
            .iter()
            .filter(|b| b.counts() && b.mv == mv)
            .map(|b| b.weight(min))
            .sum()
    };
    let mut best = ballots.iter().position(Ballot::counts).unwrap_or(0);
    for (i, b) in ballots.iter().enumerate().skip(best + 1) {
        if !b.counts() {
            continue;
        }
        let cur = &ballots[best];
        let better = if cur.score.abs() >= MATE_BOUND || b.score.abs() >= MATE_BOUND {
            b.score > cur.score
        } else {
            let (vb, vc) = (votes(b.mv), votes(cur.mv));
            vb > vc || (vb == vc && b.weight(min) > cur.weight(min))
        };
        if better {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    fn ballot(mv: u32, score: i32, depth: i32) -> Ballot {
        Ballot { mv, score, depth }
    }

    #[test]
    fn one_thread_or_no_answer_is_the_main_threads() {
        assert_eq!(best_thread(&[ballot(7, 30, 10)]), 0);
        assert_eq!(best_thread(&[]), 0);
        assert_eq!(best_thread(&[ballot(7, -INFINITE, 0), ballot(8, -INFINITE, 0)]), 0);
    }

    #[test]
    fn a_move_two_threads_agree_on_outvotes_a_lone_one() {
        // Main: move 1 at +40, depth 12. Two helpers: move 2 at +30, depth 12 and 13.
        let b = [ballot(1, 40, 12), ballot(2, 30, 12), ballot(2, 30, 13)];
        assert_eq!(b[2].weight(30) + b[1].weight(30), (14 * 12) + (14 * 13));
        assert_eq!(b[0].weight(30), 24 * 12);
        assert_eq!(
            best_thread(&b),
            2,
            "move 2 wins, through the helper with the larger weight"
        );
    }

    #[test]
    fn a_better_score_outweighs_agreement() {
        // Move 1's margin over the lowest score outweighs two votes at the floor.
        let b = [ballot(1, 100, 12), ballot(2, 30, 12), ballot(2, 30, 12)];
        assert_eq!(best_thread(&b), 0);
    }

    #[test]
    fn a_thread_without_an_iteration_does_not_vote() {
        let b = [ballot(1, 20, 10), ballot(2, 900, 0), ballot(3, -INFINITE, 11)];
        assert_eq!(best_thread(&b), 0);
        // Where the main thread has nothing, the first helper that has stands in.
        let b = [ballot(1, -INFINITE, 0), ballot(2, 5, 9), ballot(3, 6, 9)];
        assert_eq!(best_thread(&b), 2);
    }

    #[test]
    fn mates_decide_by_score() {
        let win_in_5 = MATE - 5;
        let win_in_9 = MATE - 9;
        let loss_in_4 = -MATE + 4;
        let loss_in_8 = -MATE + 8;
        // The shortest win, however few votes.
        let b = [
            ballot(1, 50, 20),
            ballot(1, 50, 20),
            ballot(2, win_in_9, 14),
            ballot(3, win_in_5, 12),
        ];
        assert_eq!(best_thread(&b), 3);
        // A win is kept over later threads' ordinary scores.
        let b = [ballot(1, win_in_9, 10), ballot(2, 60, 30), ballot(2, 60, 30)];
        assert_eq!(best_thread(&b), 0);
        // Anything over a loss; the longest loss over a shorter one.
        let b = [ballot(1, loss_in_4, 10), ballot(2, -300, 9)];
        assert_eq!(best_thread(&b), 1);
        let b = [ballot(1, loss_in_4, 10), ballot(2, loss_in_8, 9)];
        assert_eq!(best_thread(&b), 1);
    }
}
