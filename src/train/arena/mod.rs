//! Matches between two external engines speaking UCI, refereed by nue's own rules of the
//! variant, so that any game nue knows can be tested engine against engine (fastchess and
//! cutechess-cli know chess and a few variants): A/B tests of two builds of nue, each change's
//! SPRT, and matches against Fairy-Stockfish or Stockfish.
//!
//! Games come in pairs from one opening with colors swapped; the result is counted per pair
//! (pentanomial) with an Elo and its 95 % interval ([`MatchReport`]) and, when asked, a
//! sequential test ([`Sprt`]) that stops the match at its decision. Openings are random plies
//! kept where a short search of nue's own calls them balanced, or lines of a FEN/EPD file. An
//! engine that crashes, hangs, overruns its clock or plays an illegal move loses the game and
//! is restarted.

pub mod adjudicate;
mod engine;
mod pgn;
pub mod spsa;

pub use engine::{Engine, EngineSpec, Reply};

use super::sprt::{Sprt, Verdict};
use super::versus::MatchReport;
use crate::core::{Color, Outcome};
use crate::engine::select::AnyEval;
use crate::game::{Game, MoveList, Position};
use crate::search::{Limits, Search, SearchOptions, Signals, Silent};
use adjudicate::Adjudicator;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// How long each move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `go nodes N`.
    Nodes(u64),
    /// `go depth N` (plies).
    Depth(u32),
    /// `go movetime MS`.
    MoveTime(u64),
    /// A clock per side: base and increment in milliseconds (`go wtime btime winc binc`).
    Clock {
        /// Starting time, milliseconds.
        base_ms: u64,
        /// Increment per move, milliseconds.
        inc_ms: u64,
    },
}

impl TimeControl {
    /// Parses `N` nodes, `depth=N`, `movetime=MS`, or a clock `BASE+INC` in seconds (`8+0.08`).
    ///
    /// # Errors
    /// A text of none of these forms.
    pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
        let seconds = |s: &str| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0 && *v < 1e7)
                .map(|v| (v * 1000.0).round() as u64)
        };
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        match (seconds(base), seconds(inc)) {
            (Some(base_ms), Some(inc_ms)) if base_ms + inc_ms > 0 => Ok(TimeControl::Clock { base_ms, inc_ms }),
            _ => Err(format!(
                "time control '{text}' is not BASE+INC in seconds (e.g. 8+0.08)"
            )),
        }
    }
}

/// Where the games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// `plies` random moves from the start position, kept where a `balance_nodes` search by
    /// nue's own evaluator scores the position within `max_cp` centipawns (0 nodes: kept as
    /// they come); pair `i`'s opening depends only on `seed` and `i`.
    Random {
        /// Random plies.
        plies: usize,
        /// Seed.
        seed: u64,
        /// Nodes of the balance search (0 for none).
        balance_nodes: u64,
        /// Largest score accepted, centipawns.
        max_cp: i32,
    },
    /// Positions in the variant's FEN dialect, used in order (pair `i` plays line `i mod n`).
    Fens(Vec<String>),
}

/// Settings of an engine match.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// Engine A and engine B.
    pub engines: [EngineSpec; 2],
    /// The `UCI_Variant` value to send, `None` for chess (no option sent).
    pub uci_variant: Option<String>,
    /// Time per move.
    pub tc: TimeControl,
    /// Game pairs at most.
    pub pairs: u64,
    /// Games played at once (each with its own two engine processes).
    pub concurrency: usize,
    /// The openings.
    pub openings: Openings,
    /// A game still running after this many plies is a draw.
    pub max_plies: usize,
    /// Resign and draw adjudication.
    pub adjudication: adjudicate::Rules,
    /// Milliseconds an engine may overrun its clock before it loses on time.
    pub time_margin_ms: u64,
    /// Stop at this test's decision.
    pub sprt: Option<Sprt>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Termination {
    /// By the rules (mate, stalemate, repetition, move rule, a variant's goal).
    Rules,
    /// Both engines agreed on a decisive score.
    Adjudication,
    /// Both engines reported scores near zero for long enough.
    DrawAdjudication,
    /// The ply limit.
    MaxPlies,
    /// An engine overran its clock.
    Time,
    /// An engine played an illegal or unreadable move.
    IllegalMove,
    /// An engine crashed or stopped answering.
    EngineFailure,
}

impl Termination {
    /// A short name, as PGN's `Termination` tag and the report show it.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Rules => "rules",
            Termination::Adjudication => "adjudication",
            Termination::DrawAdjudication => "draw adjudication",
            Termination::MaxPlies => "max plies",
            Termination::Time => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::EngineFailure => "engine failure",
        }
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The engine (0 = A, 1 = B) that moved first.
    pub first: usize,
    /// The result for the side that moved first.
    pub outcome: Outcome,
    /// How it ended.
    pub termination: Termination,
    /// What went wrong, for the failures.
    pub detail: Option<String>,
    /// The opening as a `position` argument (`startpos` or `fen ...`).
    pub start: String,
    /// The moves, opening plies first, in the protocol's notation.
    pub moves: Vec<String>,
    /// Plies of `moves` that were the opening's.
    pub opening_plies: usize,
}

/// A match's result so far.
#[derive(Clone, Debug, Default)]
pub struct ArenaReport {
    /// Wins, draws, losses and pairs from A's view.
    pub result: MatchReport,
    /// Games by how they ended.
    pub terminations: BTreeMap<Termination, u64>,
    /// The test's decision, when one was asked for and reached.
    pub verdict: Option<Verdict>,
}

impl ArenaReport {
    /// One line: the result, the Elo, and the test's state.
    pub fn line(&self, sprt: Option<&Sprt>) -> String {
        let mut s = self.result.to_string();
        if let Some(t) = sprt {
            let (low, high) = t.bounds();
            s += &format!(
                ", LLR {:.2} ({:.2}, {:.2}) [{}, {}]",
                t.llr(&self.result),
                low,
                high,
                t.elo0,
                t.elo1
            );
        }
        s
    }
}

/// Where a pair's games go as they finish (a PGN file, say).
pub type GameSink<'a> = &'a (dyn Fn(&GameRecord) + Sync);

/// Plays the match for game `G` (its variant `variant`, in the UCI dialect), calling `progress`
/// after each pair and `sink` after each game. Returns when every pair is played, the test has
/// decided, or `stop` is set.
///
/// # Errors
/// An engine cannot be started or set up (before any game), or no opening can be had.
pub fn run<G: Game>(
    variant: &G::Variant,
    embedded: Option<&'static [u8]>,
    cfg: &ArenaConfig,
    stop: &AtomicBool,
    progress: &(dyn Fn(&ArenaReport) + Sync),
    sink: GameSink,
) -> Result<ArenaReport, String> {
    let openings = OpeningSource::<G>::new(variant, embedded, &cfg.openings)?;
    // Every engine is tried once first, so a bad command is an error and not a forfeit.
    for spec in &cfg.engines {
        Engine::start(spec, cfg.uci_variant.as_deref())?;
    }
    let next = AtomicU64::new(0);
    let report = Mutex::new(ArenaReport::default());
    let decided = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            let (next, report, openings, decided) = (&next, &report, &openings, &decided);
            scope.spawn(move || {
                let mut engines: [Option<Engine>; 2] = [None, None];
                loop {
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    if pair >= cfg.pairs || stop.load(Ordering::Relaxed) || decided.load(Ordering::Relaxed) {
                        return;
                    }
                    let Some(opening) = openings.get(pair) else { continue };
                    let first = play_game(&opening, 0, &mut engines, cfg);
                    sink(&first);
                    let second = play_game(&opening, 1, &mut engines, cfg);
                    sink(&second);
                    let Ok(mut r) = report.lock() else { return };
                    r.result.add_pair(first.outcome, second.outcome.flip());
                    for g in [&first, &second] {
                        *r.terminations.entry(g.termination).or_default() += 1;
                    }
                    if let Some(t) = &cfg.sprt {
                        let v = t.verdict(&r.result);
                        if v != Verdict::Continue && r.verdict.is_none() {
                            r.verdict = Some(v);
                            decided.store(true, Ordering::Relaxed);
                        }
                    }
                    progress(&r);
                }
            });
        }
    });
    Ok(report.into_inner().unwrap_or_default())
}

/// A game's starting point: the `position` argument, the opening's moves, and the position
/// they reach.
struct Opening<G: Game> {
    base: String,
    moves: Vec<String>,
    pos: Position<G>,
}

impl<G: Game> Clone for Opening<G> {
    fn clone(&self) -> Self {
        Opening {
            base: self.base.clone(),
            moves: self.moves.clone(),
            pos: self.pos.clone(),
        }
    }
}

enum OpeningSource<'a, G: Game> {
    Random {
        variant: &'a G::Variant,
        eval: Box<AnyEval<G>>,
        plies: usize,
        seed: u64,
        balance_nodes: u64,
        max_cp: i32,
    },
    Fens(Vec<Opening<G>>),
}

/// Attempts at a balanced random opening before one is taken as it is.
const BALANCE_TRIES: u64 = 64;

impl<'a, G: Game> OpeningSource<'a, G> {
    fn new(variant: &'a G::Variant, embedded: Option<&'static [u8]>, o: &Openings) -> Result<Self, String> {
        match o {
            Openings::Random {
                plies,
                seed,
                balance_nodes,
                max_cp,
            } => {
                let (eval, _) = crate::engine::select::choose::<G>(variant, "", embedded).map_err(|e| e.to_string())?;
                Ok(OpeningSource::Random {
                    variant,
                    eval: Box::new(eval),
                    plies: *plies,
                    seed: *seed,
                    balance_nodes: *balance_nodes,
                    max_cp: *max_cp,
                })
            }
            Openings::Fens(fens) => {
                let list = fens
                    .iter()
                    .enumerate()
                    .map(|(i, fen)| {
                        Position::<G>::from_fen(variant, fen)
                            .map(|pos| Opening {
                                base: format!("fen {fen}"),
                                moves: Vec::new(),
                                pos,
                            })
                            .map_err(|e| format!("opening {}: {e} in '{fen}'", i + 1))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if list.is_empty() {
                    return Err("the openings file has no positions".to_string());
                }
                Ok(OpeningSource::Fens(list))
            }
        }
    }

    /// The opening of pair `pair`; `None` where random plies end the game every time.
    fn get(&self, pair: u64) -> Option<Opening<G>> {
        match self {
            OpeningSource::Fens(list) => Some(list[(pair % list.len() as u64) as usize].clone()),
            OpeningSource::Random {
                variant,
                eval,
                plies,
                seed,
                balance_nodes,
                max_cp,
            } => {
                let mut fallback = None;
                for attempt in 0..BALANCE_TRIES {
                    let mut rng =
                        seed ^ (pair.wrapping_mul(BALANCE_TRIES) + attempt + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let Some(o) = random_opening::<G>(variant, *plies, &mut rng) else {
                        continue;
                    };
                    if *balance_nodes == 0 || balanced(&o.pos, eval, *balance_nodes, *max_cp) {
                        return Some(o);
                    }
                    fallback.get_or_insert(o);
                }
                fallback
            }
        }
    }
}

/// `plies` random legal moves from the start position; `None` if the game ends inside them.
fn random_opening<G: Game>(variant: &G::Variant, plies: usize, rng: &mut u64) -> Option<Opening<G>> {
    let mut pos = Position::<G>::start(variant);
    let mut moves = Vec::with_capacity(plies);
    let mut list = G::MoveList::default();
    for _ in 0..plies {
        list.clear();
        pos.board().generate(crate::game::GenKind::All, &mut list);
        if list.is_empty() {
            return None;
        }
        let mv = list[(crate::core::zobrist::splitmix64(rng) % list.len() as u64) as usize];
        moves.push(pos.board().fmt_move(mv));
        pos.play(mv);
    }
    pos.outcome().is_none().then(|| Opening {
        base: "startpos".to_string(),
        moves,
        pos,
    })
}

fn balanced<G: Game>(pos: &Position<G>, eval: &AnyEval<G>, nodes: u64, max_cp: i32) -> bool {
    let mut search = Search::<G, AnyEval<G>>::new(1);
    let r = search.run(
        pos,
        eval,
        &Limits::nodes(nodes),
        &SearchOptions::SINGLE,
        &Signals::default(),
        &Silent,
    );
    r.score.abs() <= max_cp
}

/// Engine `who`'s limit per move: its own node count where it has one and the match is
/// played at fixed nodes, else the match's.
fn engine_tc(cfg: &ArenaConfig, who: usize) -> TimeControl {
    match (cfg.tc, cfg.engines[who].nodes) {
        (TimeControl::Nodes(_), Some(n)) => TimeControl::Nodes(n.max(1)),
        (tc, _) => tc,
    }
}

/// The `go` line and the deadline of one move; `clocks` are indexed by color.
fn go_line(tc: TimeControl, clocks: [u64; 2]) -> (String, Duration) {
    match tc {
        TimeControl::Nodes(n) => (format!("go nodes {n}"), Duration::from_secs(60)),
        TimeControl::Depth(d) => (format!("go depth {d}"), Duration::from_secs(600)),
        TimeControl::MoveTime(ms) => (format!("go movetime {ms}"), Duration::from_millis(ms * 2 + 2000)),
        TimeControl::Clock { inc_ms, .. } => (
            format!("go wtime {} btime {} winc {inc_ms} binc {inc_ms}", clocks[0], clocks[1]),
            Duration::ZERO,
        ),
    }
}

/// Plays one game from `opening`, engine `first` (0 = A) moving first; starts or restarts
/// the engines it needs and drops the ones that failed.
fn play_game<G: Game>(
    opening: &Opening<G>,
    first: usize,
    engines: &mut [Option<Engine>; 2],
    cfg: &ArenaConfig,
) -> GameRecord {
    let mut record = GameRecord {
        first,
        outcome: Outcome::Draw,
        termination: Termination::Rules,
        detail: None,
        start: opening.base.clone(),
        moves: opening.moves.clone(),
        opening_plies: opening.moves.len(),
    };
    let mut pos = opening.pos.clone();
    let first_color = pos.board().side_to_move();
    // From the first mover's view.
    let for_first = |o: Outcome, stm: Color| if stm == first_color { o } else { o.flip() };
    for (i, slot) in engines.iter_mut().enumerate() {
        let ready = match slot {
            Some(e) => e.new_game().is_ok(),
            None => false,
        };
        if !ready {
            *slot = None;
            match Engine::start(&cfg.engines[i], cfg.uci_variant.as_deref()) {
                Ok(e) => *slot = Some(e),
                Err(e) => return forfeit(record, i == first, Termination::EngineFailure, e),
            }
        }
    }
    let (base_ms, inc_ms) = match cfg.tc {
        TimeControl::Clock { base_ms, inc_ms } => (base_ms, inc_ms),
        _ => (0, 0),
    };
    let mut clocks = [base_ms; 2];
    let mut adjudicator = Adjudicator::new(cfg.adjudication);
    for ply in 0.. {
        let stm = pos.board().side_to_move();
        if let Some(o) = pos.outcome() {
            record.outcome = for_first(o, stm);
            return record;
        }
        if ply >= cfg.max_plies {
            record.termination = Termination::MaxPlies;
            return record;
        }
        let mover_is_first = stm == first_color;
        let who = if mover_is_first { first } else { 1 - first };
        let Some(engine) = engines[who].as_mut() else {
            return forfeit(
                record,
                mover_is_first,
                Termination::EngineFailure,
                "no engine".to_string(),
            );
        };
        let (go, mut timeout) = go_line(engine_tc(cfg, who), clocks);
        if let TimeControl::Clock { .. } = cfg.tc {
            timeout = Duration::from_millis(clocks[stm.index()] + cfg.time_margin_ms + 1000);
        }
        let position = if record.moves.is_empty() {
            format!("position {}", record.start)
        } else {
            format!("position {} moves {}", record.start, record.moves.join(" "))
        };
        let reply = match engine.go(&position, &go, timeout) {
            Ok(r) => r,
            Err(e) => {
                engines[who] = None;
                return forfeit(record, mover_is_first, Termination::EngineFailure, e);
            }
        };
        if let TimeControl::Clock { .. } = cfg.tc {
            let clock = &mut clocks[stm.index()];
            if reply.elapsed_ms > *clock + cfg.time_margin_ms {
                let detail = format!("{} ms used with {} ms left", reply.elapsed_ms, clock);
                return forfeit(record, mover_is_first, Termination::Time, detail);
            }
            *clock = clock.saturating_sub(reply.elapsed_ms) + inc_ms;
        }
        let mv = match pos.board().parse_move(&reply.best) {
            Ok(mv) if pos.board().is_legal(mv) => mv,
            _ => {
                let detail = format!("'{}' in {}", reply.best, pos.board().to_fen());
                return forfeit(record, mover_is_first, Termination::IllegalMove, detail);
            }
        };
        record.moves.push(pos.board().fmt_move(mv));
        pos.play(mv);
        if let Some(o) = adjudicator.record(record.moves.len(), reply.score, mover_is_first)
            && pos.outcome().is_none()
        {
            record.outcome = o;
            record.termination = if o == Outcome::Draw {
                Termination::DrawAdjudication
            } else {
                Termination::Adjudication
            };
            return record;
        }
    }
    record
}

/// The game lost by the first mover (`first_lost`) or the second, for `why`.
fn forfeit(mut record: GameRecord, first_lost: bool, why: Termination, detail: String) -> GameRecord {
    record.outcome = if first_lost { Outcome::Loss } else { Outcome::Win };
    record.termination = why;
    record.detail = Some(detail);
    record
}

pub use pgn::write_pgn;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_parse() {
        assert_eq!(
            TimeControl::parse_clock("8+0.08"),
            Ok(TimeControl::Clock {
                base_ms: 8000,
                inc_ms: 80
            })
        );
        assert_eq!(
            TimeControl::parse_clock("60"),
            Ok(TimeControl::Clock {
                base_ms: 60_000,
                inc_ms: 0
            })
        );
        assert!(TimeControl::parse_clock("0+0").is_err());
        assert!(TimeControl::parse_clock("fast").is_err());
        assert!(TimeControl::parse_clock("1+x").is_err());
        assert!(TimeControl::parse_clock("-1+1").is_err());
    }

    /// A tighter `max_cp` gives openings whose balance search scores within it.
    #[test]
    fn openings_are_balanced_within_max_cp() {
        use crate::game::chess::{Chess, ChessVariant};
        let source = |max_cp| {
            let o = Openings::Random {
                plies: 8,
                seed: 3,
                balance_nodes: 300,
                max_cp,
            };
            OpeningSource::<Chess>::new(&ChessVariant, crate::engine::nets::chess(), &o).expect("source")
        };
        let (tight, loose) = (source(25), source(1_000));
        let OpeningSource::Random { eval, .. } = &tight else {
            panic!("random openings")
        };
        let mut differ = false;
        for pair in 0..6 {
            let t = tight.get(pair).expect("an opening");
            assert!(balanced(&t.pos, eval, 300, 25), "pair {pair}: {:?}", t.moves);
            differ |= loose.get(pair).expect("an opening").moves != t.moves;
        }
        assert!(differ, "the bound changed no opening");
    }

    /// An engine's own node count replaces the match's at fixed nodes and nowhere else.
    #[test]
    fn an_engine_may_have_its_own_node_count() {
        let spec = |nodes| EngineSpec {
            nodes,
            ..EngineSpec::parse(None, "nue", &[]).expect("spec")
        };
        let mut cfg = ArenaConfig {
            engines: [spec(Some(750)), spec(None)],
            uci_variant: None,
            tc: TimeControl::Nodes(800),
            pairs: 1,
            concurrency: 1,
            openings: Openings::Fens(Vec::new()),
            max_plies: 10,
            adjudication: adjudicate::Rules::default(),
            time_margin_ms: 0,
            sprt: None,
        };
        assert_eq!(engine_tc(&cfg, 0), TimeControl::Nodes(750));
        assert_eq!(engine_tc(&cfg, 1), TimeControl::Nodes(800));
        cfg.tc = TimeControl::Depth(3);
        assert_eq!(engine_tc(&cfg, 0), TimeControl::Depth(3));
    }

    #[test]
    fn go_lines() {
        assert_eq!(go_line(TimeControl::Nodes(5000), [0, 0]).0, "go nodes 5000");
        assert_eq!(
            go_line(
                TimeControl::Clock {
                    base_ms: 8000,
                    inc_ms: 80
                },
                [7000, 6500]
            )
            .0,
            "go wtime 7000 btime 6500 winc 80 binc 80"
        );
    }
}
