//! Adjudication of a running game from the scores its engines report: resign (both engines
//! agree that one side wins by a margin) and draw (both engines report scores near zero late in
//! the game), as cutechess's and fastchess's `-resign` and `-draw` options do. Adjudicated games
//! save the time an SPRT would spend on decided or dead-drawn endings.

use crate::core::Outcome;

/// Draw adjudication: from ply `after` on, a game whose last `plies` reported scores (both
/// engines') were all within `max_cp` centipawns of zero is a draw. Fishtest's setting is
/// `movenumber=34 movecount=8 score=20`: `after` 68, `plies` 16, `max_cp` 20.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// Plies the game must have (opening included) before a draw is adjudicated.
    pub after: usize,
    /// Consecutive plies of scores near zero.
    pub plies: usize,
    /// Largest score counted as near zero, centipawns.
    pub max_cp: i32,
}

/// The adjudication rules of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// Resign: every score reported over the last `.1` plies (both engines') gives the same side
    /// at least `.0` centipawns.
    pub resign: Option<(i32, usize)>,
    /// Draw, as [`DrawRule`] says.
    pub draw: Option<DrawRule>,
}

/// The streaks of one game.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: Rules,
    /// The side the resign streak favors (+1: the first mover, -1: the other) and its length.
    resign: (i32, usize),
    /// Consecutive scores near zero.
    draw: usize,
}

impl Adjudicator {
    /// A game's adjudicator, no score seen yet.
    pub fn new(rules: Rules) -> Adjudicator {
        Adjudicator {
            rules,
            resign: (0, 0),
            draw: 0,
        }
    }

    /// Takes the score (centipawns from the mover's side; `None` where the engine gave none,
    /// which breaks both streaks) of the move that made the game `plies` plies long, the mover
    /// being the first mover where `mover_is_first`. Returns the adjudicated result from the
    /// first mover's view, if the game is decided now.
    pub fn record(&mut self, plies: usize, score: Option<i32>, mover_is_first: bool) -> Option<Outcome> {
        let Some(score) = score else {
            (self.resign, self.draw) = ((0, 0), 0);
            return None;
        };
        if let Some((cp, needed)) = self.rules.resign {
            let winner = match score {
                s if s >= cp => 1,
                s if s <= -cp => -1,
                _ => 0,
            };
            let winner = if mover_is_first { winner } else { -winner };
            self.resign = if winner != 0 && winner == self.resign.0 {
                (winner, self.resign.1 + 1)
            } else {
                (winner, usize::from(winner != 0))
            };
            if self.resign.1 >= needed {
                return Some(if self.resign.0 > 0 { Outcome::Win } else { Outcome::Loss });
            }
        }
        if let Some(rule) = self.rules.draw {
            self.draw = if score.abs() <= rule.max_cp { self.draw + 1 } else { 0 };
            if self.draw >= rule.plies && plies >= rule.after {
                return Some(Outcome::Draw);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(rules: Rules, scores: &[Option<i32>]) -> Option<(usize, Outcome)> {
        let mut a = Adjudicator::new(rules);
        scores
            .iter()
            .enumerate()
            .find_map(|(i, &s)| a.record(i + 1, s, i % 2 == 0).map(|o| (i + 1, o)))
    }

    #[test]
    fn resign_needs_both_engines_to_agree() {
        let rules = Rules {
            resign: Some((500, 4)),
            draw: None,
        };
        // The first mover reports +600, the other -600: four plies agree.
        let agree = [Some(600), Some(-600), Some(700), Some(-650)];
        assert_eq!(feed(rules, &agree), Some((4, Outcome::Win)));
        // The second mover winning, seen from its side.
        let lost = [Some(-600), Some(600), Some(-700), Some(650)];
        assert_eq!(feed(rules, &lost), Some((4, Outcome::Loss)));
        // Both think they are winning: no agreement.
        assert_eq!(feed(rules, &[Some(600); 8]), None);
        // A missing score breaks the streak.
        let gap = [Some(600), Some(-600), None, Some(-650), Some(600), Some(-600)];
        assert_eq!(feed(rules, &gap), None);
    }

    #[test]
    fn draw_needs_a_streak_near_zero_after_the_given_ply() {
        let rules = Rules {
            resign: None,
            draw: Some(DrawRule {
                after: 6,
                plies: 3,
                max_cp: 20,
            }),
        };
        // Near zero from the start: adjudicated at ply 6, not before.
        assert_eq!(feed(rules, &[Some(0); 10]), Some((6, Outcome::Draw)));
        // A score outside the band restarts the count.
        let scores = [
            Some(0),
            Some(5),
            Some(-20),
            Some(0),
            Some(21),
            Some(3),
            Some(-3),
            Some(20),
        ];
        assert_eq!(feed(rules, &scores), Some((8, Outcome::Draw)));
        assert_eq!(feed(rules, &[Some(30); 12]), None);
        // No rule, no adjudication.
        assert_eq!(feed(Rules::default(), &[Some(0); 100]), None);
    }
}
