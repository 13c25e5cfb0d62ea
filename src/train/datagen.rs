//! Self-play data generation: games from a few random opening plies (lopsided starts skipped),
//! each move searched to a fixed node count, recording quiet positions (side to move not in
//! check, best move not a capture or promotion) with the search score, and, when the game ends,
//! its result. Decided games are adjudicated early. All threads play their own games and
//! append whole games to one file, and after each game the run's [`Checkpoint`] records where
//! it stands, so a run stopped in any way keeps every game it wrote and continues from there.
//!
//! Game `g` of a run depends only on the seed, `g` and the evaluator (each game starts from a
//! cleared table), so a run is reproducible whatever the thread count, and it can be split:
//! shard `i` of `n` plays games `i, i + n, i + 2n, ...`, on any machine, into its own file;
//! `nue train` takes all the files.

use super::checkpoint::Checkpoint;
use super::data::{Codec, open_append};
use crate::core::{Color, Outcome};
use crate::engine::select::AnyEval;
use crate::game::{Game, GameMove, GenKind, MoveList, Position};
use crate::nnue::FeatureLayout;
use crate::search::{Limits, MATE_BOUND, Search, SearchOptions, Signals, Silent};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// Settings of a datagen run.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Nodes searched per move.
    pub nodes: u64,
    /// Games to play.
    pub games: u64,
    /// Threads, each playing its own games.
    pub threads: usize,
    /// Random plies before the engines take over (one more in half the games).
    pub random_plies: usize,
    /// Seed of the random openings.
    pub seed: u64,
    /// This run plays shard `shard.0` of `shard.1` (game `k` of the run is game
    /// `k * shard.1 + shard.0` of the whole); `(0, 1)` plays every game.
    pub shard: (u64, u64),
    /// The run's first game (to resume an interrupted run: its [`DatagenReport::next_game`]).
    pub first_game: u64,
    /// A game still running after this many plies is scored a draw.
    pub max_plies: usize,
    /// Print a progress line to stderr every second.
    pub progress: bool,
}

impl DatagenConfig {
    /// Checks that every game of the run has a number in the seed's sequence: game `g` of shard
    /// `i` of `n` is game `g * n + i`, which must fit 64 bits.
    ///
    /// # Errors
    /// `games` with this `shard` numbers games past 2^64.
    pub fn check(&self) -> Result<(), String> {
        let (shard, shards) = self.shard;
        match self.games.checked_mul(shards.max(1)).and_then(|g| g.checked_add(shard)) {
            Some(_) => Ok(()),
            None => Err(format!(
                "--games {} with --shard {shard}/{shards} numbers games past 2^64",
                self.games
            )),
        }
    }
}

/// What a run produced.
#[derive(Clone, Copy, Debug, Default)]
pub struct DatagenReport {
    /// Games finished.
    pub games: u64,
    /// Positions written.
    pub positions: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Where a resumed run starts: every game before it was played or given up (a game
    /// running when the run was stopped is lost, never written twice).
    pub next_game: u64,
    /// Where the searches went (finished games, and openings given up): see [`SearchTally`].
    pub tally: SearchTally,
}

/// The searches of a run by what became of their position: kept, or dropped by the filter
/// (side to move in check, best move tactical), or spent on lopsided openings (a game's
/// balance test is the search of its first position, whose move is played) and on the
/// position where the game ended (mate found, adjudication).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchTally {
    /// Searches in all.
    pub searches: u64,
    /// Nodes in all.
    pub nodes: u64,
    /// Positions dropped: the side to move was in check.
    pub in_check: u64,
    /// Positions dropped: the best move was a capture or promotion (or the position could
    /// not be encoded).
    pub tactical: u64,
    /// Balance tests of openings found lopsided (the game was not played).
    pub openings: u64,
}

impl SearchTally {
    fn add(&mut self, other: &SearchTally) {
        self.searches += other.searches;
        self.nodes += other.nodes;
        self.in_check += other.in_check;
        self.tactical += other.tactical;
        self.openings += other.openings;
    }

    /// A line for the report: searches, the share of each use, and nodes per kept position
    /// (`kept`: positions written).
    pub fn summary(&self, kept: u64) -> String {
        let share = |n: u64| 100.0 * n as f64 / self.searches.max(1) as f64;
        let other = self
            .searches
            .saturating_sub(kept + self.in_check + self.tactical + self.openings);
        format!(
            "{} searches: {:.1} % kept, {:.1} % in check, {:.1} % tactical best move, {:.1} % lopsided openings, {:.1} % game ends; {:.0} nodes per kept position",
            self.searches,
            share(kept),
            share(self.in_check),
            share(self.tactical),
            share(self.openings),
            share(other),
            self.nodes as f64 / kept.max(1) as f64
        )
    }
}

/// Scores beyond this (centipawns, plus the start position's own score) for
/// `ADJUDICATE_PLIES` plies in a row end the game as a win.
const WIN_SCORE: i32 = 1500;
const ADJUDICATE_PLIES: usize = 6;
/// After `DRAW_FROM_PLY`, scores within this for `DRAW_PLIES` plies in a row end it as a draw.
const DRAW_SCORE: i32 = 10;
const DRAW_FROM_PLY: usize = 80;
const DRAW_PLIES: usize = 12;
/// Openings searched this much further from the start position's score, either way, are
/// skipped.
const BALANCED: i32 = 400;
/// Transposition table per thread, MiB: 65,536 entries, more than a game's recent 5,000-node
/// searches fill, and small enough to stay in the core's cache (larger tables searched fewer
/// positions a second).
const HASH_MIB: usize = 1;

struct Shared<'a> {
    started: AtomicU64,
    games: AtomicU64,
    positions: AtomicU64,
    out: Mutex<Output<'a>>,
    stop: &'a AtomicBool,
    error: Mutex<Option<String>>,
    tally: Mutex<SearchTally>,
}

/// The data file and its checkpoint, written together under one lock.
struct Output<'a> {
    file: std::io::BufWriter<std::fs::File>,
    path: &'a Path,
    checkpoint: Checkpoint,
}

impl Output<'_> {
    /// Appends one game's records and records the run's new resume point.
    fn write_game(&mut self, records: &[u8], positions: u64, next_game: u64) -> Result<(), String> {
        self.file
            .write_all(records)
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        let c = &mut self.checkpoint;
        c.bytes += records.len() as u64;
        c.games += 1;
        c.positions += positions;
        c.next_game = c.next_game.max(next_game);
        c.save(self.path)
    }
}

/// Plays `cfg.games` games of `G` and appends their positions to `out`, rewriting `out`'s
/// [`Checkpoint`] after each. Returns when done or when `stop` is set (then only finished
/// games are written). To continue a run, take `cfg.first_game` from
/// [`Checkpoint::recover`], which also cuts what a killed run wrote past its last game.
///
/// # Errors
/// The configuration fails [`DatagenConfig::check`], or the output file cannot be opened or
/// written, or holds another variant's data.
pub fn run<G: Game>(
    variant: &G::Variant,
    eval: &AnyEval<G>,
    cfg: &DatagenConfig,
    out: &Path,
    stop: &AtomicBool,
) -> Result<DatagenReport, String> {
    cfg.check()?;
    let layout = FeatureLayout::of::<G>(variant);
    let codec = Codec::new(&layout);
    // A checkpoint of this seed's run carries its counts on; any other starts from this file.
    let previous = Checkpoint::recover(out, cfg.seed, cfg.shard)?.unwrap_or_default();
    let file = open_append(out, &codec)?;
    let bytes = file.metadata().map_err(|e| format!("{}: {e}", out.display()))?.len();
    let checkpoint = Checkpoint {
        seed: cfg.seed,
        shard: [cfg.shard.0, cfg.shard.1],
        next_game: cfg.first_game,
        bytes,
        ..previous
    };
    let shared = Shared {
        started: AtomicU64::new(cfg.first_game),
        games: AtomicU64::new(0),
        positions: AtomicU64::new(0),
        out: Mutex::new(Output {
            file: std::io::BufWriter::new(file),
            path: out,
            checkpoint,
        }),
        stop,
        error: Mutex::new(None),
        tally: Mutex::new(SearchTally::default()),
    };
    let start = Instant::now();
    // Dropped when the workers are done: the reporter wakes at once instead of finishing its
    // sleep (which the run's time would include).
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let report = cfg
        .progress
        .then(|| crate::core::progress::Progress::new("games", cfg.games.saturating_sub(cfg.first_game)));
    std::thread::scope(|scope| {
        let mut workers = Vec::new();
        for _ in 0..cfg.threads.max(1) {
            let (shared, codec) = (&shared, &codec);
            let builder = std::thread::Builder::new().stack_size(crate::search::SEARCH_STACK_BYTES);
            if let Ok(h) = builder.spawn_scoped(scope, move || play_games::<G>(variant, eval, cfg, codec, shared)) {
                workers.push(h);
            }
        }
        if let Some(report) = &report {
            let shared = &shared;
            scope.spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = done_rx.recv_timeout(Duration::from_millis(250)) {
                    let (games, message) = progress(shared, start);
                    report.update(games, &message);
                }
            });
        }
        for w in workers {
            let _ = w.join();
        }
        drop(done_tx);
    });
    if let Some(report) = &report {
        let (games, message) = progress(&shared, start);
        report.finish(games, &message);
    }
    if let Some(e) = shared.error.lock().ok().and_then(|mut e| e.take()) {
        return Err(e);
    }
    let next_game = shared.started.load(Ordering::Relaxed).min(cfg.games);
    // The last games may have been openings given up, which wrote nothing.
    let mut output = shared.out.lock().map_err(|_| "output lock poisoned".to_string())?;
    output.checkpoint.next_game = output.checkpoint.next_game.max(next_game);
    output.checkpoint.save(out)?;
    drop(output);
    Ok(DatagenReport {
        games: shared.games.load(Ordering::Relaxed),
        positions: shared.positions.load(Ordering::Relaxed),
        seconds: start.elapsed().as_secs_f64(),
        next_game,
        tally: shared.tally.lock().map(|t| *t).unwrap_or_default(),
    })
}

/// Games played so far and the progress message: positions, positions/s and per hour.
fn progress(shared: &Shared, start: Instant) -> (u64, String) {
    let games = shared.games.load(Ordering::Relaxed);
    let positions = shared.positions.load(Ordering::Relaxed);
    let secs = start.elapsed().as_secs_f64().max(1e-3);
    (
        games,
        format!(
            "positions {positions}  {:.0} positions/s  {:.0} per hour",
            positions as f64 / secs,
            positions as f64 / secs * 3600.0
        ),
    )
}

/// The position after `plies` random legal moves from the start (drawn with `rng`), or `None`
/// when the game ended on the way.
pub(crate) fn random_opening<G: Game>(variant: &G::Variant, plies: usize, rng: &mut u64) -> Option<Position<G>> {
    let mut pos = Position::<G>::start(variant);
    let mut list = G::MoveList::default();
    for _ in 0..plies {
        list.clear();
        pos.board().generate(GenKind::All, &mut list);
        if list.is_empty() {
            return None;
        }
        let mv = list[(crate::core::zobrist::splitmix64(rng) % list.len() as u64) as usize];
        pos.play(mv);
    }
    pos.outcome().is_none().then_some(pos)
}

fn play_games<G: Game>(variant: &G::Variant, eval: &AnyEval<G>, cfg: &DatagenConfig, codec: &Codec, shared: &Shared) {
    let mut search = Search::<G, AnyEval<G>>::new(HASH_MIB);
    let (options, limits) = (SearchOptions::SINGLE, Limits::nodes(cfg.nodes));
    let signals = Signals::default();
    let mut records: Vec<u8> = Vec::new();
    let mut record = vec![0u8; codec.record_size];
    // The evaluation's own score of the start position (first player's view): openings are
    // judged against it, so an army the evaluation overvalues (empire's, +1,350 cp at 5,000
    // nodes) does not make nearly every opening look lopsided, nor end games as won.
    let start = Position::<G>::start(variant);
    let start_score = search.run(&start, eval, &limits, &options, &signals, &Silent).score;
    let start_white = start_score * start.board().side_to_move().sign();
    let win_score = WIN_SCORE + start_white.abs();
    loop {
        let game = shared.started.fetch_add(1, Ordering::Relaxed);
        if game >= cfg.games || shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let global = game * cfg.shard.1.max(1) + cfg.shard.0;
        let mut rng = cfg.seed ^ global.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let plies = cfg.random_plies + (crate::core::zobrist::splitmix64(&mut rng) % 2) as usize;
        let Some(mut pos) = random_opening::<G>(variant, plies, &mut rng) else {
            continue;
        };
        search.clear();
        // Each search ends by setting `stop` for its helpers: clear it before the next.
        signals.stop.store(false, Ordering::Relaxed);
        let first = search.run(&pos, eval, &limits, &options, &signals, &Silent);
        let expected = start_white * pos.board().side_to_move().sign();
        if (first.score - expected).abs() > BALANCED {
            shared.count(&SearchTally {
                searches: 1,
                nodes: first.nodes,
                openings: 1,
                ..SearchTally::default()
            });
            continue;
        }
        let mut tally = SearchTally::default();
        // The balance test is the search of the game's first position: its move is played.
        let mut first = Some(first);
        records.clear();
        let mut colors: Vec<Color> = Vec::new();
        let mut win_run = 0usize;
        let mut draw_run = 0usize;
        let result_white: u8 = 'game: loop {
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            let stm = pos.board().side_to_move();
            let white_view = |o: Outcome| -> u8 {
                let stm_points = match o {
                    Outcome::Win => 2,
                    Outcome::Draw => 1,
                    Outcome::Loss => 0,
                };
                if stm == Color::White {
                    stm_points
                } else {
                    2 - stm_points
                }
            };
            if let Some(o) = pos.outcome() {
                break 'game white_view(o);
            }
            if pos.history_len() >= cfg.max_plies {
                break 'game 1;
            }
            let r = first.take().unwrap_or_else(|| {
                signals.stop.store(false, Ordering::Relaxed);
                search.run(&pos, eval, &limits, &options, &signals, &Silent)
            });
            tally.searches += 1;
            tally.nodes += r.nodes;
            let Some(bits) = r.best else {
                break 'game white_view(pos.board().outcome_without_moves());
            };
            let score = r.score;
            win_run = if score.abs() >= win_score { win_run + 1 } else { 0 };
            if score.abs() >= MATE_BOUND || win_run >= ADJUDICATE_PLIES {
                break 'game white_view(if score > 0 { Outcome::Win } else { Outcome::Loss });
            }
            draw_run = if pos.history_len() >= DRAW_FROM_PLY && score.abs() <= DRAW_SCORE {
                draw_run + 1
            } else {
                0
            };
            if draw_run >= DRAW_PLIES {
                break 'game 1;
            }
            let mv = G::Move::from_bits(bits);
            let board = pos.board();
            if board.in_check() {
                tally.in_check += 1;
            } else if !board.is_tactical(mv) && codec.encode(board, score.clamp(-32000, 32000) as i16, 0, &mut record) {
                records.extend_from_slice(&record);
                colors.push(stm);
            } else {
                tally.tactical += 1;
            }
            pos.play(mv);
        };
        // Fill in the result (first player's view) in each record's flag byte.
        for rec in records.chunks_exact_mut(codec.record_size) {
            rec[0] = (rec[0] & 1) | (result_white << 1);
        }
        let n = colors.len() as u64;
        let next_game = shared.started.load(Ordering::Relaxed).min(cfg.games);
        let written = shared
            .out
            .lock()
            .map_err(|_| "output lock poisoned".to_string())
            .and_then(|mut f| f.write_game(&records, n, next_game));
        if let Err(e) = written {
            if let Ok(mut slot) = shared.error.lock() {
                *slot = Some(format!("writing training data: {e}"));
            }
            shared.stop_all();
            return;
        }
        shared.games.fetch_add(1, Ordering::Relaxed);
        shared.positions.fetch_add(n, Ordering::Relaxed);
        shared.count(&tally);
    }
}

impl Shared<'_> {
    fn count(&self, tally: &SearchTally) {
        if let Ok(mut t) = self.tally.lock() {
            t.add(tally);
        }
    }

    fn stop_all(&self) {
        self.started.store(u64::MAX / 2, Ordering::Relaxed);
    }
}
