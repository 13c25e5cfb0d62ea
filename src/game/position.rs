//! [`Position`]: a game's current state plus everything that depends on history, shared by every
//! game: the copy-make undo stack, the zobrist key history, repetition (n-fold, perpetual check)
//! and n-move detection. What a move changed ([`Dirty`]) is not kept here: the caller hands
//! [`Position::play_into`] the slot to write it to (the evaluator's accumulator entry).

use super::{Dirty, GameRules, Notation};
use crate::core::{MoveError, Outcome, PositionError};

/// How repeated positions end a game. Chess: the third occurrence is a draw.
/// Shogi: the fourth is a draw, and a side that gave check with every move of the cycle loses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RepetitionRules {
    /// Occurrences of one position that end the game.
    pub fold: u8,
    /// The result for the side to move when they do.
    pub value: Outcome,
    /// Whether a side that checked with every one of its moves of the cycle loses.
    pub perpetual_check_loses: bool,
    /// Whether a side that chased with every one of its moves of the cycle loses (xiangqi's
    /// AXF rules, [`GameRules::cycle_chases`]), both chasing being a draw; perpetual check is
    /// judged first.
    pub chasing: bool,
}

/// Plies the search looks back for a repetition where the game's window is longer than its
/// reversible plies (crazyhouse: the whole game): shogi's window, enough for practical cycles.
const SEARCH_REPETITION_PLIES: usize = 64;

/// A game's state with its history. Index 0 is the position the game was set up from;
/// [`Position::set_root`] marks where a search starts, so repetitions inside the search tree can be
/// scored on their first recurrence, as Stockfish does.
pub struct Position<G: GameRules> {
    /// The states played through, `states[..len]`; the slots above `len` are kept from undone
    /// moves and copied over ([`Clone::clone_from`]) by the next ones, so that a game whose
    /// state shares data (a fairy variant's rules) pays nothing per move for it.
    states: Vec<G>,
    len: usize,
    keys: Vec<u64>,
    checked: Vec<bool>,
    root: usize,
    /// A game reaching this ply is drawn (0 = no limit): USI's `MaxMovesToDraw`.
    max_game_ply: u32,
}

impl<G: GameRules> Clone for Position<G> {
    /// A copy of the states played through (not the spare slots).
    fn clone(&self) -> Self {
        Position {
            states: self.states[..self.len].to_vec(),
            len: self.len,
            keys: self.keys.clone(),
            checked: self.checked.clone(),
            root: self.root,
            max_game_ply: self.max_game_ply,
        }
    }
}

impl<G: GameRules> Position<G> {
    /// A position with no history.
    pub fn new(state: G) -> Position<G> {
        let mut states = Vec::with_capacity(512);
        let key = state.hash();
        let check = state.in_check();
        states.push(state);
        let mut keys = Vec::with_capacity(512);
        keys.push(key);
        let mut checked = Vec::with_capacity(512);
        checked.push(check);
        Position {
            states,
            len: 1,
            keys,
            checked,
            root: 0,
            max_game_ply: 0,
        }
    }

    /// Draws games that reach `plies` plies (0 = no limit).
    pub fn set_max_game_ply(&mut self, plies: u32) {
        self.max_game_ply = plies;
    }

    /// Whether the game has passed the maximum length (a draw unless it is mate).
    #[inline]
    pub fn game_length_reached(&self) -> bool {
        self.max_game_ply > 0 && self.board().game_ply() > self.max_game_ply
    }

    /// The start position of `variant`.
    pub fn start(variant: &G::Variant) -> Position<G> {
        Position::new(G::start(variant))
    }

    /// The current state.
    #[inline(always)]
    pub fn board(&self) -> &G {
        // The stack always holds at least the initial state.
        &self.states[self.len - 1]
    }

    /// The state before the last move played, if any.
    pub fn parent(&self) -> Option<&G> {
        (self.len >= 2).then(|| &self.states[self.len - 2])
    }

    /// Plays a legal move (unchecked: the move must come from `generate` or `parse_move`).
    #[inline]
    pub fn play(&mut self, mv: G::Move) {
        self.play_into(mv, &mut Dirty::default());
    }

    /// Plays a legal move and writes what it changed on the board and in the hands into `dirty`
    /// (cleared first): the slot of the evaluator that follows the move.
    #[inline]
    pub fn play_into(&mut self, mv: G::Move, dirty: &mut Dirty) {
        let next = self.next_slot();
        dirty.clear();
        next.play(mv, dirty);
        self.push();
    }

    /// Passes the turn (null move). Returns `false`, changing nothing, where the game forbids it.
    #[inline]
    pub fn play_null(&mut self) -> bool {
        if !self.next_slot().play_null() {
            return false;
        }
        self.push();
        true
    }

    /// The slot above the current state, holding a copy of it.
    #[inline(always)]
    fn next_slot(&mut self) -> &mut G {
        let n = self.len;
        if n == self.states.len() {
            let copy = self.states[n - 1].clone();
            self.states.push(copy);
        } else {
            let (played, spare) = self.states.split_at_mut(n);
            spare[0].clone_from(&played[n - 1]);
        }
        &mut self.states[n]
    }

    /// Makes the state in the next slot the current one.
    #[inline(always)]
    fn push(&mut self) {
        let next = &self.states[self.len];
        self.keys.push(next.hash());
        self.checked.push(next.in_check());
        self.len += 1;
    }

    /// Takes back the last move or null move. Does nothing at the initial state.
    #[inline]
    pub fn undo(&mut self) {
        if self.len > 1 {
            self.len -= 1;
            self.keys.pop();
            self.checked.pop();
        }
    }

    /// Marks the current state as the root of a search.
    pub fn set_root(&mut self) {
        self.root = self.len - 1;
    }

    /// Plies played since the initial state.
    #[inline]
    pub fn history_len(&self) -> usize {
        self.len - 1
    }

    /// The repetition result for the side to move, if the current position repeats an earlier
    /// one: within the search tree the first recurrence counts (nothing new can come of it), before
    /// the root only the game's n-fold rule does. Perpetual check is judged over the last cycle.
    pub fn repetition(&self) -> Option<Outcome> {
        self.find_repetition(true)
    }

    /// The repetition result under the game's rules alone (n-fold), for adjudication.
    pub fn repetition_by_rule(&self) -> Option<Outcome> {
        self.find_repetition(false)
    }

    fn find_repetition(&self, in_tree_counts: bool) -> Option<Outcome> {
        let cur = self.len - 1;
        let mut window = (self.board().repetition_plies() as usize).min(cur);
        if in_tree_counts {
            // Not a whole game's window at every node of the search.
            window = window.min(SEARCH_REPETITION_PLIES.max(self.board().reversible_plies() as usize));
        }
        if window < 4 {
            return None;
        }
        let rules = self.board().repetition_rules();
        let key = self.keys[cur];
        let mut count = 1u8;
        let mut i = cur - 4;
        loop {
            if self.keys[i] == key {
                count += 1;
                if count >= rules.fold || (in_tree_counts && i >= self.root) {
                    return Some(self.cycle_outcome(i, cur, rules));
                }
            }
            if i < 2 || i - 2 < cur - window {
                return None;
            }
            i -= 2;
        }
    }

    /// The result of the repetition cycle from state `from` to `to` (same side to move).
    fn cycle_outcome(&self, from: usize, to: usize, rules: RepetitionRules) -> Outcome {
        let mut both_checked = false;
        if rules.perpetual_check_loses {
            // States reached by the opponent's moves (same side to move as `to`) all in check:
            // the opponent checked perpetually and loses. States reached by our moves: we lose.
            let they_checked = (from + 2..=to).step_by(2).all(|j| self.checked[j]);
            let we_checked = (from + 1..to).step_by(2).all(|j| self.checked[j]);
            match (they_checked, we_checked) {
                (true, false) => return Outcome::Win,
                (false, true) => return Outcome::Loss,
                (both, _) => both_checked = both,
            }
        }
        if rules.chasing && !both_checked {
            match G::cycle_chases(&self.states[..=to], from) {
                [true, false] => return Outcome::Win,
                [false, true] => return Outcome::Loss,
                [true, true] => return self.board().drawn_outcome(),
                [false, false] => {}
            }
        }
        match rules.value {
            Outcome::Draw => self.board().drawn_outcome(),
            value => value,
        }
    }

    /// Whether the n-move rule has been reached, or another rule lets the side to move claim a
    /// draw (a count run out, [`GameRules::draw_claimable`]; the caller gives checkmate
    /// precedence).
    #[inline]
    pub fn move_rule_reached(&self) -> bool {
        let b = self.board();
        self.n_move_rule_reached() || b.count().is_some_and(|c| c.run_out()) || b.draw_claimable()
    }

    /// Whether the n-move rule has been reached, the AXF check allowance counted.
    #[inline]
    pub fn n_move_rule_reached(&self) -> bool {
        let b = self.board();
        b.move_rule_plies().is_some_and(|limit| {
            let plies = b.reversible_plies();
            // The plain count first: the allowance walks the history, and only a count at
            // its limit needs it.
            plies >= limit && plies >= limit + self.check_allowance()
        })
    }

    /// Under the AXF chasing rules, plies the n-move count leaves out: two for each check past
    /// ten that the side giving more of them gave in the count's window (Fairy-Stockfish's
    /// reading, from 20 plies of history on).
    #[inline(never)]
    fn check_allowance(&self) -> u32 {
        let cur = self.len - 1;
        if !self.board().repetition_rules().chasing || cur < 20 {
            return 0;
        }
        let end = (self.board().reversible_plies() as usize).min(cur);
        // Checks given into the current position and every second one before (theirs), and
        // into the positions between (ours).
        let theirs = (0..end).step_by(2).filter(|&k| self.checked[cur - k]).count();
        let ours = (1..=end).step_by(2).filter(|&k| self.checked[cur - k]).count();
        let most = theirs.max(ours) as u32;
        2 * most.saturating_sub(10)
    }

    /// The game's result in the current position, by every rule, if it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let b = self.board();
        if let Some(o) = b.outcome() {
            return Some(o);
        }
        let has_moves = b.count_legal() > 0;
        if !has_moves {
            return Some(b.outcome_without_moves());
        }
        if self.move_rule_reached() {
            return Some(b.drawn_outcome());
        }
        if self.game_length_reached() {
            return Some(Outcome::Draw);
        }
        self.repetition_by_rule()
    }
}

impl<G: Notation> Position<G> {
    /// Parses a FEN in the game's dialect.
    ///
    /// # Errors
    /// The game's [`PositionError`].
    pub fn from_fen(variant: &G::Variant, fen: &str) -> Result<Position<G>, PositionError> {
        G::from_fen(variant, fen).map(Position::new)
    }

    /// Parses `text` and plays it.
    ///
    /// # Errors
    /// [`MoveError`] when the move is malformed or illegal; the position is unchanged.
    pub fn play_str(&mut self, text: &str) -> Result<G::Move, MoveError> {
        let mv = self.board().parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }
}
