//! Every margin, reduction and limit of the search in one table, with a default per family of
//! games where the families differ (games with drops, where material moves between hand and
//! board and checks come from anywhere), and a range for tuning (SPSA: each parameter is
//! perturbed within its range; Stockfish's tuning framework does the same with its `TUNE`
//! macro). The names are the UCI option names of a tuning build.
//!
//! Units: centipawns for margins, plies for depths, 1/1024 ply for reductions (as Stockfish
//! writes its reductions), history units for history thresholds (see `history::MAX`).

use crate::game::Dims;

macro_rules! params {
    ($($(#[doc = $doc:literal])* $name:ident: $default:expr, $drops:expr, $min:expr, $max:expr;)*) => {
        /// The search's constants (see the module's doc for units).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Params {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl Params {
            /// The defaults of games without drops.
            pub const DEFAULT: Params = Params { $($name: $default,)* };
            /// The defaults of games with drops (shogi, crazyhouse and their kin).
            pub const DROPS: Params = Params { $($name: $drops,)* };
            /// Each parameter's name and tuning range (inclusive).
            pub const TABLE: &[(&'static str, i32, i32)] = &[$((stringify!($name), $min, $max),)*];

            /// The parameter called `name`, for a tuning option.
            pub fn get_mut(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $(stringify!($name) => Some(&mut self.$name),)*
                    _ => None,
                }
            }

            /// The value of the parameter called `name`.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($name) => Some(self.$name),)*
                    _ => None,
                }
            }

            /// Takes from `tune` the parameters it sets.
            pub fn apply(&mut self, tune: &Tune) {
                let mut bit = 1u64;
                $(
                    if tune.set & bit != 0 {
                        self.$name = tune.values.$name;
                    }
                    bit <<= 1;
                )*
                let _ = bit;
            }
        }
    };
}

params! {
    /// Reverse futility margin per ply of depth (centipawns).
    rfp_margin: 120, 120, 40, 200;
    /// Deepest node reverse futility pruning applies to (plies).
    rfp_depth: 8, 8, 4, 14;
    /// Reverse futility pruning returns beta plus this share of the evaluation's lead
    /// (1/1024; 1024: the evaluation itself; Stockfish: a third).
    rfp_damp: 1024, 1024, 0, 1024;
    /// Reverse futility pruning not where the table move is quiet, nor in a singular test
    /// (0 off, 1 on; Stockfish's).
    rfp_guard: 0, 0, 0, 1;
    /// A non-PV node's fail-high score is drawn towards beta, `(best depth + beta) / (depth +
    /// 1)`, before it is stored and returned (0 off, 1 on; Stockfish's).
    fh_damp: 0, 0, 0, 1;
    /// Null move: base reduction (plies).
    nmp_base: 3, 3, 2, 5;
    /// Null move: plies of depth per extra ply of reduction.
    nmp_depth_div: 4, 4, 2, 6;
    /// Null move: centipawns above beta per extra ply of reduction (at most three).
    nmp_eval_div: 200, 200, 80, 400;
    /// Null move: a cut at this depth or deeper is verified by a search without null moves
    /// (plies; 100: off; Stockfish: 14).
    nmp_verify: 100, 100, 6, 100;
    /// Null move only at expected cut nodes (1; 0: at every non-PV node), as Stockfish since
    /// version 17 (its pull request 5490): at an expected all node the null move's search is
    /// mostly wasted.
    nmp_cut: 1, 0, 0, 1;
    /// Internal iterative reduction from depth 4 on, without a table move, at PV nodes
    /// (plies; Stockfish 16: 3).
    iir_pv: 1, 1, 0, 3;
    /// The same at expected cut nodes (plies; Stockfish 16: 2, from depth 8).
    iir_cut: 1, 1, 0, 3;
    /// The same at expected all nodes (plies; Stockfish 16: 0).
    iir_all: 1, 1, 0, 3;
    /// Late-move reduction table: constant term (1/1024 ply).
    lmr_base: 819, 819, 0, 1600;
    /// Late-move reduction table: divisor of `ln(depth) ln(moves)` (1/100).
    lmr_div: 230, 230, 150, 350;
    /// History that cancels one ply of reduction (history units).
    lmr_history: 8192, 8192, 2000, 20000;
    /// Late-move pruning: quiet moves tried at depth `d` are `(lmp_base + d^2) / (2 - improving)`.
    lmp_base: 3, 3, 1, 8;
    /// Late-move pruning skips quiet checks too (0 off, 1 on; Stockfish's rule, and Stockfish
    /// 11's in games with drops). It lost in every family measured: the checks, checking drops
    /// included, are what late-move pruning must keep.
    lmp_checks: 0, 0, 0, 1;
    /// Futility pruning of quiet moves: base margin (centipawns).
    fp_base: 100, 100, 20, 250;
    /// Futility pruning: margin per ply of the node's depth (centipawns; on the reduced depth, as
    /// Stockfish's, it lost its SPRT).
    fp_depth: 100, 100, 40, 200;
    /// Deepest node futility pruning applies to (plies).
    fp_max_depth: 7, 7, 3, 14;
    /// History pruning: quiet moves of history below `-hp_depth * depth` are skipped up to
    /// `hp_max_depth` (history units; Stockfish 14: continuation history below
    /// `-3000 * (depth - 1)`).
    hp_depth: 4000, 4000, 1000, 10000;
    /// Deepest node history pruning applies to (plies; 0: off).
    hp_max_depth: 0, 0, 0, 8;
    /// SEE pruning of quiet moves: threshold per ply of the node's depth (centipawns).
    see_quiet: 60, 60, 10, 150;
    /// SEE pruning of tactical moves: threshold per squared ply of depth (centipawns).
    see_tactical: 30, 30, 5, 80;
    /// SEE pruning of quiet checking moves: threshold per ply of depth (centipawns).
    /// Fairy-Stockfish judges checks as captures: 218 of its units a ply, 338 in games with
    /// drops (its pawn is 208 units: about 105 and 160 centipawns).
    see_check: 60, 60, 10, 400;
    /// Check extensions from this depth on (plies; Fairy-Stockfish, as Stockfish 14: 7).
    check_ext_depth: 0, 0, 0, 10;
    /// Check extensions only where the static evaluation is at least this far from zero
    /// (centipawns; Fairy-Stockfish: beyond 100 of its units, about 48 centipawns).
    check_ext_eval: 0, 0, 0, 300;
    /// Reduction added at an expected cut node (1/1024 ply; Stockfish 16: two plies).
    lmr_cut: 1024, 1024, 0, 3072;
    /// Late-move reductions for tactical moves too (0: off, no tactical move is reduced): a
    /// capture's reduction falls by its capture history plus 14 times the captured piece's
    /// exchange value less this offset, over `lmr_history` (history units; Stockfish 17's
    /// capture statScore: 7 of its piece values, about 14 per centipawn, less 5000).
    lmr_capture: 0, 0, 0, 12000;
    /// Reduction added where the nodes one ply down have cut off more than three times since
    /// this node's parent began (1/1024 ply; 0: off; Stockfish's cutoffCnt term: a ply).
    lmr_cutoffs: 0, 0, 0, 2048;
    /// Reduction taken off a checking move (1/1024 ply).
    lmr_check: 1024, 1024, 0, 2048;
    /// Reduction taken off every move of a node whose table entry was stored on a principal
    /// variation, PV nodes or not (1/1024 ply; Stockfish's ttPv term: 2 plies where the node
    /// is not likely to fail low).
    lmr_tt_pv: 0, 0, 0, 2048;
    /// Reduction added to quiet moves where the table move is tactical (1/1024 ply;
    /// Stockfish's ttCapture term: a ply).
    lmr_tt_capture: 0, 0, 0, 2048;
    /// A reduced move whose score beats the best so far by this much plus a centipawn a ply is
    /// re-searched a ply deeper than its full depth (centipawns; 1000: off; Stockfish's
    /// doDeeper: 43 of its units plus 2 a ply).
    lmr_deeper: 1000, 1000, 0, 1000;
    /// A reduced move whose score comes within this much of the best so far is re-searched a
    /// ply shallower than its full depth (centipawns; 0: never; Stockfish's doShallower: 11 of
    /// its units).
    lmr_shallower: 0, 0, 0, 50;
    /// Quiescence delta pruning margin (centipawns).
    delta_margin: 200, 200, 50, 500;
    /// Quiescence searches a promotion without a capture only where it gains this much
    /// (centipawns): a pawn to a queen, not to a rook or knight.
    qs_promotion: 500, 500, 200, 900;
    /// Quiescence's first ply searches the quiet checks that do not lose material too (0 off,
    /// 1 on; Fairy-Stockfish does, as Stockfish did before version 17): on in games with drops,
    /// where a checking drop is always at hand.
    qs_checks: 0, 1, 0, 1;
    /// Quiescence, not in check, where the stand-pat plus `delta_margin` is at or below alpha:
    /// only captures that win material are searched (0 off, 1 on; Stockfish's futilityBase
    /// test with its static exchange). The drops family keeps it off, unmeasured.
    qs_fp_see: 1, 0, 0, 1;
    /// Quiescence in check: quiet evasions searched once a move has scored above a mate
    /// (100: off, all of them; Stockfish 15: 2).
    qs_evasions: 100, 100, 1, 100;
    /// Correction history by pawn structure: the static evaluation moves by how far searches
    /// found it off in positions of the same pawns (Stockfish's pawn correction history; 0 off,
    /// 1 on).
    corr_pawn: 1, 1, 0, 1;
    /// Correction history by the last two moves (Stockfish's continuation correction
    /// history; 0 off, 1 on).
    corr_cont: 1, 1, 0, 1;
    /// Correction history by each color's pieces other than pawns: percent of the two tables'
    /// sum added to the correction (0 off; Stockfish's non-pawn correction history, which
    /// weighs each color's table about as its pawn table).
    corr_nonpawn: 0, 0, 0, 200;
    /// The static evaluation shrinks linearly with the n-move rule's count, to half at its limit
    /// (0 off, 1 on; Stockfish's `v -= v * rule50 / 199`).
    rule50_damp: 0, 0, 0, 1;
    /// Percent of the correction histories' sum added to the static evaluation. Each table is
    /// averaged towards the whole error, so where two agree they correct it twice, and that
    /// played better than fitting their sum to the error.
    corr_scale: 100, 100, 25, 300;
    /// Experiment: with helper threads, the move played is the threads' vote (Stockfish's best
    /// thread; 0 off: the main thread's move, 1 on).
    x_vote: 0, 0, 0, 1;
    /// Singular extensions from this depth on (plies; Stockfish 14: 7, here 6 as its later
    /// versions).
    se_depth: 6, 6, 4, 100;
    /// Singular beta margin per ply of depth (1/64 centipawn).
    se_margin: 64, 64, 16, 256;
    /// A singular table move whose excluded search fails this far below the singular beta
    /// is extended two plies, outside PV nodes (centipawns; 1000: off; Stockfish 15: 25 of
    /// its units).
    se_double: 1000, 1000, 0, 1000;
    /// History bonus of the opponent's quiet move that led to a node that failed low, in
    /// quarters of a cut's bonus (0: off; Stockfish's prior countermove bonus: 4).
    prior_bonus: 0, 0, 0, 12;
    /// ProbCut from this depth on (plies; Stockfish 14: 5).
    probcut_depth: 100, 100, 4, 100;
    /// ProbCut's margin above beta (centipawns; Fairy-Stockfish: 209 of its units, 259 with
    /// drops, its pawn being 208 units).
    probcut_margin: 100, 125, 40, 300;
    /// ProbCut's margin is this much smaller where the evaluation improves (centipawns;
    /// Fairy-Stockfish: 44 units).
    probcut_improving: 21, 21, 0, 100;
    /// Move ordering: a capture's history counts this much against its victim's exchange value
    /// (1/1024 of the history over 8 times the value in centipawns; 16: a sixty-fourth of the
    /// history, worth at most a third of a pawn). Stockfish 17 weighs it up to about 7 pawns; a
    /// quarter of the history, up to five pawns, lost here, and a sixteenth lost to this in
    /// crazyhouse.
    ord_cap_hist: 16, 16, 0, 512;
    /// Continuation histories kept apart by whether the earlier move was tactical (0 off, 1
    /// on; Stockfish's continuation history by capture). Even in chess at 8,000 nodes a move;
    /// untested deeper.
    cont_split: 0, 0, 0, 1;
    /// Move ordering: weight of a quiet move's low-ply history (its history at the same ply of
    /// this search, for the first `LOW_PLIES` plies) over `1 + 2 * ply` against the other
    /// histories' weight of 1 (0: off; Stockfish's lowPlyHistory, 8 against its main history's
    /// 2).
    low_ply: 0, 0, 0, 16;
    /// Aspiration window's first half-width (centipawns).
    aspiration: 20, 20, 8, 60;
}

/// Parameters set by tuning options (a tuning build's `setoption`), on top of the game
/// family's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tune {
    /// The values set.
    pub values: Params,
    /// Which: bit `i` for `Params::TABLE[i]`.
    pub set: u64,
}

impl Default for Tune {
    fn default() -> Tune {
        Tune {
            values: Params::DEFAULT,
            set: 0,
        }
    }
}

impl Tune {
    /// Sets `Params::TABLE[index]` to `value`.
    pub fn set(&mut self, index: usize, value: i32) {
        if let Some(slot) = Params::TABLE
            .get(index)
            .and_then(|&(name, ..)| self.values.get_mut(name))
        {
            *slot = value;
            self.set |= 1 << index;
        }
    }
}

impl Params {
    /// The defaults for a game of `dims`.
    pub fn for_game(dims: Dims) -> Params {
        if dims.hand_kinds > 0 {
            Params::DROPS
        } else {
            Params::DEFAULT
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges() {
        for defaults in [Params::DEFAULT, Params::DROPS] {
            let mut p = defaults;
            for &(name, min, max) in Params::TABLE {
                let v = p.get(name).expect("every name in the table is a field");
                assert_eq!(p.get_mut(name).copied(), Some(v));
                assert!((min..=max).contains(&v), "{name} = {v} outside {min}..={max}");
            }
        }
        assert!(Params::DEFAULT.clone().get_mut("no_such_parameter").is_none());
        assert!(Params::TABLE.len() <= 64, "Tune keeps one bit per parameter");
    }

    #[test]
    fn tuning_sets_only_what_it_names() {
        let mut tune = Tune::default();
        let i = Params::TABLE
            .iter()
            .position(|&(n, ..)| n == "rfp_margin")
            .expect("listed");
        tune.set(i, 77);
        let mut p = Params::DROPS;
        p.apply(&tune);
        assert_eq!(p.rfp_margin, 77);
        assert_eq!(p.fp_base, Params::DROPS.fp_base);
    }
}
