//! Move-ordering statistics learned during search: killer moves, piece-to history (by whether
//! the move's origin and target are attacked), capture history and continuation history
//! (Stockfish's `ButterflyHistory`, `CapturePieceToHistory`, `ContinuationHistory`; the threat
//! index is Ethereal's and Viridithas'). Tables are sized at run time from the game's
//! dimensions, so a 9x9 board with 28 pieces gets bigger tables than chess; the continuation
//! table is capped and folded by index beyond that.

use crate::game::Dims;

/// Values are kept within `±MAX` by the "history gravity" update
/// `h += bonus - h * |bonus| / MAX` (chessprogramming wiki, "History Heuristic").
pub const MAX: i32 = 16_384;

/// Piece-to indices of the moves 1, 2 and 4 plies back (`None` where there is no such move,
/// or it was a null move): the continuation histories a quiet move is scored by.
pub type Prev = [Option<usize>; 3];

/// Piece-to tables of quiet moves, one per [`threat_index`].
pub const THREAT_KINDS: usize = 4;

/// Which piece-to table a quiet move's history is kept in: 2 where the square it leaves is
/// attacked by the opponent, plus 1 where the square it goes to is (`threats` from
/// [`crate::game::EvalKnowledge::threats`]; a drop leaves no square). A move from an attacked
/// square to a safe one is an escape, the reverse a blunder waiting to happen, and the two
/// learn apart.
#[inline(always)]
pub fn threat_index(threats: u128, origin: Option<usize>, target: usize) -> usize {
    let hit = |sq: usize| usize::from(sq < 128 && threats >> sq & 1 != 0);
    2 * origin.map_or(0, hit) + hit(target)
}

/// Where the continuation-history rows of the moves of a [`Prev`] start
/// ([`History::cont_rows`]): a quiet move's entry under each is `start + piece_to`, a row of
/// zeros standing in for a missing move. Found once per node, not once per move.
#[derive(Clone, Copy, Debug)]
pub struct ContRows([usize; 3]);

/// Continuation tables by the kind of the earlier move: quiet or tactical (Stockfish keeps
/// its continuation history apart by whether that move captured). A [`Prev`] entry of a
/// tactical move is its piece-to index plus [`History::piece_to_count`].
pub const CONT_KINDS: usize = 2;

/// Plies from the root that keep a low-ply history (Stockfish's `LOW_PLY_HISTORY_SIZE`).
pub const LOW_PLIES: usize = 4;

/// Largest continuation table, in entries (32 MiB of `i16`).
const CONTINUATION_CAP: usize = 16 << 20;

#[inline(always)]
fn gravity(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-MAX, MAX);
    let v = *entry as i32;
    *entry = (v + bonus - v * bonus.abs() / MAX) as i16;
}

/// The bonus (and, negated, the malus) for a move at `depth` plies.
#[inline(always)]
pub fn bonus(depth: i32) -> i32 {
    (depth * 170 - 100).clamp(0, 1600)
}

/// Entries per color of the correction history (a power of two).
const CORRECTION_SIZE: usize = 1 << 14;
/// Correction entries are in 1/256 centipawn, within `±CORRECTION_MAX`.
const CORRECTION_GRAIN: i32 = 256;
const CORRECTION_MAX: i32 = 64 * CORRECTION_GRAIN;
/// Largest continuation correction table, in entries (16 MiB of `i32`).
const CONT_CORRECTION_CAP: usize = 4 << 20;

/// Index `i` of a pair table folded into its `len` entries, only where the game's table is
/// capped below the pairs it would need (a division on every probe cost more than the probe).
#[inline(always)]
fn fold(i: usize, len: usize) -> usize {
    if i < len { i } else { i % len }
}

/// Moves a correction entry towards `diff` centipawns: a running average whose weight grows
/// with `depth` (plies) up to 1/16.
#[inline(always)]
fn average_toward(entry: &mut i32, diff: i32, depth: i32) {
    let weight = (depth + 1).clamp(1, 16);
    let target = diff.clamp(-CORRECTION_MAX / CORRECTION_GRAIN, CORRECTION_MAX / CORRECTION_GRAIN) * CORRECTION_GRAIN;
    *entry = ((*entry * (256 - weight) + target * weight) / 256).clamp(-CORRECTION_MAX, CORRECTION_MAX);
}

/// History tables of one search thread.
pub struct History {
    /// `pieces * squares` (piece-to indices).
    piece_to: usize,
    kinds: usize,
    quiet: Vec<i16>,
    capture: Vec<i16>,
    /// The continuation rows, then one row of zeros (never updated) for a [`Prev`] entry with
    /// no move.
    continuation: Vec<i16>,
    /// Piece-to history of the quiet moves at each of the first [`LOW_PLIES`] plies of the
    /// current search (Stockfish's `lowPlyHistory`), cleared at each search's start.
    low_ply: Vec<i16>,
    /// How far searches found the static evaluation off, by side to move and pawn structure
    /// (Stockfish's pawn correction history), in 1/256 centipawn.
    correction: Vec<i32>,
    /// How far searches found the static evaluation off, by the color whose pieces other than
    /// pawns the key is of, side to move and that key (Stockfish's non-pawn correction
    /// history), in 1/256 centipawn.
    non_pawn_correction: Vec<i32>,
    /// How far searches found the static evaluation off after a pair of moves (the piece-to
    /// indices of the last two), Stockfish's continuation correction history; in 1/256
    /// centipawn, folded by index beyond its cap.
    cont_correction: Vec<i32>,
}

impl History {
    /// Tables sized for a game of `dims`, zeroed.
    pub fn new(dims: Dims) -> History {
        let piece_to = dims.pieces() * dims.squares();
        let continuation = (CONT_KINDS * piece_to * piece_to).min(CONTINUATION_CAP);
        History {
            piece_to,
            kinds: dims.piece_kinds as usize,
            quiet: vec![0; THREAT_KINDS * piece_to],
            capture: vec![0; piece_to * dims.piece_kinds as usize],
            continuation: vec![0; continuation + piece_to],
            low_ply: vec![0; LOW_PLIES * piece_to],
            correction: vec![0; 2 * CORRECTION_SIZE],
            non_pawn_correction: vec![0; 4 * CORRECTION_SIZE],
            cont_correction: vec![0; (piece_to * piece_to).min(CONT_CORRECTION_CAP)],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.capture.fill(0);
        self.continuation.fill(0);
        self.low_ply.fill(0);
        self.correction.fill(0);
        self.non_pawn_correction.fill(0);
        self.cont_correction.fill(0);
    }

    #[inline(always)]
    fn correction_index(stm: usize, pawn_key: u64) -> usize {
        stm * CORRECTION_SIZE + (pawn_key as usize & (CORRECTION_SIZE - 1))
    }

    /// The correction to add to a static evaluation, centipawns, for side `stm` (0 or 1) with
    /// pawn structure `pawn_key`.
    #[inline]
    pub fn correction(&self, stm: usize, pawn_key: u64) -> i32 {
        self.correction[Self::correction_index(stm, pawn_key)] / CORRECTION_GRAIN
    }

    /// Moves the correction of (`stm`, `pawn_key`) towards `diff` (search score minus static
    /// evaluation, centipawns), the more the deeper the search (`depth` plies).
    #[inline]
    pub fn update_correction(&mut self, stm: usize, pawn_key: u64, diff: i32, depth: i32) {
        average_toward(&mut self.correction[Self::correction_index(stm, pawn_key)], diff, depth);
    }

    /// The non-pawn correction to add to a static evaluation, centipawns, for side `stm` where
    /// the colors' pieces other than pawns have `keys` (White's first): both colors' entries.
    #[inline]
    pub fn non_pawn_correction(&self, stm: usize, keys: [u64; 2]) -> i32 {
        let t = &self.non_pawn_correction;
        (t[Self::correction_index(stm, keys[0])] + t[Self::correction_index(2 + stm, keys[1])]) / CORRECTION_GRAIN
    }

    /// Moves both colors' non-pawn corrections of side `stm` under `keys` towards `diff`, as
    /// [`History::update_correction`].
    #[inline]
    pub fn update_non_pawn_correction(&mut self, stm: usize, keys: [u64; 2], diff: i32, depth: i32) {
        for (color, key) in keys.into_iter().enumerate() {
            average_toward(
                &mut self.non_pawn_correction[Self::correction_index(2 * color + stm, key)],
                diff,
                depth,
            );
        }
    }

    #[inline(always)]
    fn cont_correction_index(&self, (before, last): (usize, usize)) -> usize {
        fold(before * self.piece_to + last, self.cont_correction.len())
    }

    /// The correction to add to a static evaluation, centipawns, after the moves of piece-to
    /// indices `before` and then `last`.
    #[inline]
    pub fn cont_correction(&self, moves: (usize, usize)) -> i32 {
        self.cont_correction[self.cont_correction_index(moves)] / CORRECTION_GRAIN
    }

    /// Moves the correction after `moves` towards `diff` centipawns, as
    /// [`History::update_correction`].
    #[inline]
    pub fn update_cont_correction(&mut self, moves: (usize, usize), diff: i32, depth: i32) {
        let i = self.cont_correction_index(moves);
        average_toward(&mut self.cont_correction[i], diff, depth);
    }

    /// Number of piece-to indices; a valid piece-to index is below it.
    pub fn piece_to_count(&self) -> usize {
        self.piece_to
    }

    /// Where the continuation row of the earlier move of piece-to index `prev` starts: the
    /// entry of (`prev`, `cur`) is `start + cur`. Rows past a capped table's end are folded
    /// into it whole (a division, once per row rather than once per entry).
    #[inline(always)]
    fn cont_row(&self, prev: usize) -> usize {
        let start = prev * self.piece_to;
        // The last row that fits before the row of zeros.
        let last = self.continuation.len() - 2 * self.piece_to;
        if start <= last { start } else { start % (last + 1) }
    }

    /// The continuation rows of the moves of `prev`, for [`History::quiet_score_in`].
    #[inline(always)]
    pub fn cont_rows(&self, prev: Prev) -> ContRows {
        let zeros = self.continuation.len() - self.piece_to;
        let row = |p: Option<usize>| p.map_or(zeros, |p| self.cont_row(p));
        ContRows([row(prev[0]), row(prev[1]), row(prev[2])])
    }

    /// Quiet-move score: piece-to history (of the move's [`threat_index`] `threat`) plus
    /// continuation history from the moves of `prev` (the search finds the rows once per node).
    #[cfg(test)]
    fn quiet_score(&self, piece_to: usize, threat: usize, prev: Prev) -> i32 {
        self.quiet_score_in(self.cont_rows(prev), piece_to, threat)
    }

    /// [`History::quiet_score`] with the continuation rows found beforehand, for scoring
    /// every quiet move of a node.
    #[inline(always)]
    pub fn quiet_score_in(&self, rows: ContRows, piece_to: usize, threat: usize) -> i32 {
        let cont: i32 = rows
            .0
            .iter()
            .map(|&start| self.continuation[start + piece_to] as i32)
            .sum();
        self.quiet[threat * self.piece_to + piece_to] as i32 + cont
    }

    /// The capture history score of a piece arriving on a square (`piece_to`) taking `captured_kind`.
    #[inline]
    pub fn capture_score(&self, piece_to: usize, captured_kind: usize) -> i32 {
        self.capture[piece_to * self.kinds + captured_kind] as i32
    }

    /// Rewards (positive `bonus`) or punishes a quiet move (of [`threat_index`] `threat`).
    #[inline]
    pub fn update_quiet(&mut self, piece_to: usize, threat: usize, prev: Prev, bonus: i32) {
        gravity(&mut self.quiet[threat * self.piece_to + piece_to], bonus);
        for p in prev.into_iter().flatten() {
            let i = self.cont_row(p) + piece_to;
            gravity(&mut self.continuation[i], bonus);
        }
    }

    /// The low-ply history of a quiet move (`piece_to`) at `ply` plies from the root; 0 from
    /// [`LOW_PLIES`] on.
    #[inline]
    pub fn low_ply_score(&self, ply: usize, piece_to: usize) -> i32 {
        if ply < LOW_PLIES {
            self.low_ply[ply * self.piece_to + piece_to] as i32
        } else {
            0
        }
    }

    /// Rewards (positive `bonus`) or punishes a quiet move's low-ply history at `ply`, where
    /// that ply keeps one.
    #[inline]
    pub fn update_low_ply(&mut self, ply: usize, piece_to: usize, bonus: i32) {
        if ply < LOW_PLIES {
            gravity(&mut self.low_ply[ply * self.piece_to + piece_to], bonus);
        }
    }

    /// Forgets the low-ply history (a new search: its plies are a new root's).
    pub fn clear_low_ply(&mut self) {
        self.low_ply.fill(0);
    }

    /// Moves the capture history of (`piece_to`, `captured_kind`) towards `bonus` (gravity update).
    #[inline]
    pub fn update_capture(&mut self, piece_to: usize, captured_kind: usize, bonus: i32) {
        gravity(&mut self.capture[piece_to * self.kinds + captured_kind], bonus);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHESS: Dims = Dims {
        files: 8,
        ranks: 8,
        piece_kinds: 6,
        hand_kinds: 0,
    };

    #[test]
    fn gravity_keeps_values_bounded() {
        let mut h = History::new(CHESS);
        for _ in 0..1000 {
            h.update_quiet(5, 0, [Some(3), None, None], bonus(20));
        }
        assert!(h.quiet_score(5, 0, [None; 3]) <= MAX);
        assert!(h.quiet_score(5, 0, [Some(3), None, None]) > h.quiet_score(5, 0, [None; 3]));
        for _ in 0..1000 {
            h.update_quiet(5, 0, [None; 3], -bonus(20));
        }
        assert!(h.quiet_score(5, 0, [None; 3]) >= -MAX);
    }

    /// The same piece-to move learns apart by threat index; the continuation history it
    /// shares across them.
    #[test]
    fn threat_indices_learn_apart() {
        assert_eq!(threat_index(0, Some(12), 28), 0);
        let attacked = (1u128 << 12) | (1u128 << 100);
        assert_eq!(threat_index(attacked, Some(12), 28), 2);
        assert_eq!(threat_index(attacked, Some(28), 12), 1);
        assert_eq!(threat_index(attacked, Some(12), 100), 3);
        assert_eq!(threat_index(attacked, None, 100), 1, "a drop leaves no square");
        let mut h = History::new(CHESS);
        let pt = h.piece_to_count() - 1;
        for threat in 0..THREAT_KINDS {
            h.update_quiet(pt, threat, [None; 3], bonus(8) * (threat as i32 + 1));
        }
        let scores: Vec<i32> = (0..THREAT_KINDS).map(|t| h.quiet_score(pt, t, [None; 3])).collect();
        assert!(scores.windows(2).all(|w| w[0] < w[1]), "{scores:?}");
        h.update_quiet(pt, 3, [Some(7), None, None], bonus(8));
        let cont = h.quiet_score(pt, 0, [Some(7), None, None]) - h.quiet_score(pt, 0, [None; 3]);
        assert!(cont > 0, "the continuation entry is shared");
    }

    /// A tactical earlier move keys continuation entries of its own (past the quiet moves'
    /// piece-to indices), and in chess the table holds them all without folding.
    #[test]
    fn tactical_continuations_learn_apart() {
        let mut h = History::new(CHESS);
        let n = h.piece_to_count();
        assert!(h.continuation.len() >= CONT_KINDS * n * n);
        let (earlier, pt) = (n - 1, n - 2);
        h.update_quiet(pt, 0, [Some(earlier + n), None, None], bonus(8));
        let alone = h.quiet_score(pt, 0, [None; 3]);
        assert!(h.quiet_score(pt, 0, [Some(earlier + n), None, None]) > alone);
        assert_eq!(h.quiet_score(pt, 0, [Some(earlier), None, None]), alone);
    }

    /// A game too large for a whole continuation table folds its late rows into it: every
    /// earlier move's row, the last included, is found whole and learns.
    #[test]
    fn folded_continuation_rows_learn() {
        let big = Dims {
            files: 16,
            ranks: 16,
            piece_kinds: 12,
            hand_kinds: 0,
        };
        let mut h = History::new(big);
        let n = h.piece_to_count();
        assert!(h.continuation.len() < CONT_KINDS * n * n, "the table is capped");
        let pt = n - 1;
        let cont =
            |h: &History, earlier| h.quiet_score(pt, 0, [Some(earlier), None, None]) - h.quiet_score(pt, 0, [None; 3]);
        for earlier in [0, n / 2, n, CONT_KINDS * n - 1] {
            let before = cont(&h, earlier);
            h.update_quiet(pt, 0, [Some(earlier), None, None], bonus(8));
            assert!(cont(&h, earlier) > before, "row of {earlier}");
        }
        let zeros = h.continuation.len() - n;
        assert!(
            h.continuation[zeros..].iter().all(|&v| v == 0),
            "the row of zeros stays zero"
        );
    }

    /// A correction after a pair of moves approaches what the searches found, stays within
    /// its bound, and is the pair's own: the same moves in the other order have none.
    #[test]
    fn continuation_correction_follows_the_searches() {
        let mut h = History::new(CHESS);
        for _ in 0..500 {
            h.update_cont_correction((7, 300), 40, 12);
        }
        assert!(
            (37..=40).contains(&h.cont_correction((7, 300))),
            "{}",
            h.cont_correction((7, 300))
        );
        assert_eq!(h.cont_correction((300, 7)), 0);
        for _ in 0..500 {
            h.update_cont_correction((7, 300), -5_000, 20);
        }
        assert!(
            (-64..=-60).contains(&h.cont_correction((7, 300))),
            "bounded at CORRECTION_MAX"
        );
        h.clear();
        assert_eq!(h.cont_correction((7, 300)), 0);
    }

    /// A non-pawn correction approaches what the searches found through both colors' entries,
    /// each the side to move's own: the other side, and keys that share only one color's
    /// pieces, get half or none of it.
    #[test]
    fn non_pawn_correction_follows_the_searches() {
        let mut h = History::new(CHESS);
        let keys = [0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321];
        for _ in 0..500 {
            h.update_non_pawn_correction(0, keys, 30, 12);
        }
        let full = h.non_pawn_correction(0, keys);
        assert!((58..=60).contains(&full), "{full}");
        assert_eq!(h.non_pawn_correction(1, keys), 0);
        let half = h.non_pawn_correction(0, [keys[0], keys[1] ^ 1]);
        assert!((29..=30).contains(&half), "{half}");
        assert_eq!(h.non_pawn_correction(0, [keys[1], keys[0]]), 0);
        h.clear();
        assert_eq!(h.non_pawn_correction(0, keys), 0);
    }
}
