//! One alpha-beta search for every game (nothing here names a game): iterative deepening with
//! aspiration windows, principal variation search, quiescence search, a shared lock-free
//! transposition table, staged move ordering with killer, history and continuation-history
//! tables, null-move pruning, late-move reductions, reverse futility, futility and late-move
//! pruning, check extensions, mate-distance pruning, repetition and n-move draws, Lazy SMP
//! threads and MultiPV. The ideas and most constants follow Stockfish and the chessprogramming
//! wiki pages of the same names.

mod driver;
pub mod history;
pub mod params;
mod picker;
pub mod skill;
mod stats;
pub mod time;
pub mod tt;
mod vote;
pub mod wdl;
mod worker;

pub use driver::{SEARCH_STACK_BYTES, Search, SearchOptions, SearchResult, pv_strings};
pub use skill::Skill;
pub use stats::SearchStats;
pub use tt::TranspositionTable;
pub use worker::{Signals, Worker};

use crate::core::Outcome;

/// Deepest ply the search reaches (stack and PV sizes).
pub const MAX_PLY: usize = 128;
/// Larger than any score.
pub const INFINITE: i32 = 32_001;
/// The score of delivering mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this magnitude are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The score of a game result at `ply` plies from the root, for the side to move.
#[inline]
pub fn outcome_score(outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Win => MATE - ply as i32,
        Outcome::Loss => -MATE + ply as i32,
        Outcome::Draw => 0,
    }
}

/// A score as a protocol shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many plies; negative when the side to move is being mated.
    MatePlies(i32),
}

impl Score {
    /// The score for an internal value (mates become plies to mate).
    pub fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::MatePlies(MATE - v)
        } else if v <= -MATE_BOUND {
            Score::MatePlies(-(MATE + v))
        } else {
            Score::Cp(v)
        }
    }
}

/// What `go` asked for. Times in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Remaining clock time per color (index 0 = the first player) and increments.
    pub time: [Option<u64>; 2],
    /// Increment per move in milliseconds, per player.
    pub inc: [u64; 2],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// Shogi byoyomi: time per move once the main time is used up.
    pub byoyomi: Option<u64>,
    /// Fixed time for this move in milliseconds.
    pub move_time: Option<u64>,
    /// Depth limit in plies.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Stop at a mate found within this many moves.
    pub mate: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder: search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the root to these moves (protocol notation).
    pub search_moves: Vec<String>,
    /// A clock was given (`wtime`, `btime`, `winc`, `binc` or `byoyomi`): the search stops on
    /// time even when the side to move's remaining time is missing (counted as 0).
    pub timed: bool,
}

impl Limits {
    /// Whether the search ends by itself: a clock, a move time, a depth or node limit, and
    /// neither `infinite` nor `ponder` (a mate limit alone may never be met).
    pub fn bounded(&self) -> bool {
        !self.infinite
            && !self.ponder
            && (self.timed || self.move_time.is_some() || self.depth.is_some() || self.nodes.is_some())
    }

    /// A search of `nodes` nodes and no other limit.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// One `info` report: the search's state after an iteration (or at its end).
#[derive(Clone, Debug)]
pub struct Info {
    /// Depth completed, in plies.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1-based line number for MultiPV.
    pub multipv: u32,
    /// The score.
    pub score: Score,
    /// `Some(true)` when the score is only a lower bound, `Some(false)` an upper bound.
    pub lower_bound: Option<bool>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The principal variation, in the protocol's notation.
    pub pv: Vec<String>,
}

/// Where the search sends its reports; the protocol formats them.
pub trait Reporter: Sync {
    /// Called for every completed iteration (and MultiPV line).
    fn info(&self, info: &Info);

    /// Whether [`Reporter::info`] is wanted at all: a search for a reporter that returns false
    /// skips building the lines (the PV in notation, the hash fill).
    fn wants_info(&self) -> bool {
        true
    }
}

/// A reporter that discards everything (bench, datagen, tests).
pub struct Silent;

impl Reporter for Silent {
    fn info(&self, _: &Info) {}

    fn wants_info(&self) -> bool {
        false
    }
}
