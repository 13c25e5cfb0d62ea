//! A [`Session`]: the engine's state for one game kind behind a game-agnostic interface, so the
//! protocol loop never names a game. [`GameSession`] implements it for any `G: Game` with any
//! evaluator: it owns the position, the options and the searcher, and runs each search on its
//! own thread.

use super::{Command, Start, uci};
use crate::eval::select::{self, AnyEval};
use crate::game::{Game, GameMove, Position, perft};
use crate::nnue::FeatureLayout;
use crate::search::{Info, Limits, Reporter, Search, SearchOptions, Signals};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// The engine as the protocol loop sees it.
pub trait Session: Send {
    /// Carries out one command. Errors are for the user (`info string error: ...`); the session
    /// keeps its previous state.
    fn handle(&mut self, cmd: Command) -> Result<(), String>;
    /// Asks a running search to stop (it still prints its best move).
    fn stop(&mut self);
    /// Waits until no search runs.
    fn wait(&mut self);
    /// End of input: stops an endless search (infinite or ponder), lets a finite one finish.
    fn finish(&mut self);
}

/// The engine's UCI options.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub hash_mib: usize,
    pub search: SearchOptions,
    pub ponder: bool,
    pub chess960: bool,
    pub eval_file: String,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mib: 16,
            search: SearchOptions::default(),
            ponder: false,
            chess960: false,
            eval_file: String::new(),
        }
    }
}

/// A session for game `G`.
pub struct GameSession<G: Game> {
    /// Variant name shown in `UCI_Variant`.
    variant_name: String,
    variant: G::Variant,
    pos: Position<G>,
    /// The evaluator, once chosen (at `isready` or the first `go`).
    eval: Option<AnyEval<G>>,
    /// The variant's embedded default net, if it has one.
    embedded: Option<&'static [u8]>,
    options: EngineOptions,
    search: Option<Search<G, AnyEval<G>>>,
    running: Option<JoinHandle<Search<G, AnyEval<G>>>>,
    signals: Arc<Signals>,
    /// Set by the search thread once it has printed `bestmove` (it is then about to return).
    reported: Arc<AtomicBool>,
    endless: bool,
}

struct UciReporter;

impl Reporter for UciReporter {
    fn info(&self, info: &Info) {
        println!("{}", uci::format_info(info));
    }
}

impl<G: Game> GameSession<G> {
    /// A session for `variant`, with its embedded default net if any.
    pub fn new(
        variant_name: &str,
        variant: G::Variant,
        embedded: Option<&'static [u8]>,
    ) -> GameSession<G> {
        let options = EngineOptions::default();
        GameSession {
            variant_name: variant_name.to_string(),
            pos: Position::start(&variant),
            variant,
            eval: None,
            embedded,
            search: Some(Search::new(options.hash_mib)),
            options,
            running: None,
            signals: Arc::new(Signals::default()),
            reported: Arc::new(AtomicBool::new(false)),
            endless: false,
        }
    }

    /// Chooses the evaluator if that has not happened yet, saying which in an `info string`.
    fn ensure_eval(&mut self) -> Result<(), String> {
        if self.eval.is_none() {
            self.load_eval(&self.options.eval_file.clone())?;
        }
        Ok(())
    }

    fn load_eval(&mut self, eval_file: &str) -> Result<(), String> {
        let layout = FeatureLayout::derive(&self.pos.board().layout_spec());
        let (eval, line) =
            select::choose::<G>(eval_file, self.embedded, &layout).map_err(|e| e.to_string())?;
        println!("info string {line}");
        self.eval = Some(eval);
        Ok(())
    }

    fn searcher(&mut self) -> &mut Search<G, AnyEval<G>> {
        self.wait();
        self.search.get_or_insert_with(|| Search::new(16))
    }

    fn hello(&self) {
        println!("id name nue {}", env!("CARGO_PKG_VERSION"));
        println!("id author the nue developers");
        println!("option name Hash type spin default 16 min 1 max 65536");
        println!("option name Threads type spin default 1 min 1 max 256");
        println!("option name MultiPV type spin default 1 min 1 max 256");
        println!("option name Move Overhead type spin default 10 min 0 max 5000");
        println!("option name Ponder type check default false");
        println!("option name EvalFile type string default <empty>");
        println!(
            "option name UCI_Variant type combo default {0} var {0}",
            self.variant_name
        );
        println!("option name UCI_Chess960 type check default false");
        println!("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            let v = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
            match v.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(format!(
                    "option '{name}': expected a number from {min} to {max}, found '{}'",
                    v.escape_debug()
                )),
            }
        };
        let check = || -> Result<bool, String> {
            match value {
                Some("true") => Ok(true),
                Some("false") => Ok(false),
                _ => Err(format!("option '{name}': expected true or false")),
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mib = spin(1, 65536)? as usize;
                self.options.hash_mib = mib;
                self.searcher().resize_hash(mib);
            }
            "threads" => self.options.search.threads = spin(1, 256)? as usize,
            "multipv" => self.options.search.multipv = spin(1, 256)? as usize,
            "move overhead" => self.options.search.move_overhead = spin(0, 5000)?,
            "ponder" => self.options.ponder = check()?,
            "uci_chess960" => self.options.chess960 = check()?,
            "evalfile" => {
                let file = value.unwrap_or_default().to_string();
                self.wait();
                self.load_eval(&file)?;
                self.options.eval_file = file;
            }
            "uci_variant" => {
                let v = value.unwrap_or_default();
                if !v.eq_ignore_ascii_case(&self.variant_name) {
                    return Err(format!(
                        "unknown variant '{}' (available: {})",
                        v.escape_debug(),
                        self.variant_name
                    ));
                }
            }
            _ => return Err(format!("unknown option '{}'", name.escape_debug())),
        }
        Ok(())
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), String> {
        let mut board = match start {
            Start::StartPos => G::start(&self.variant),
            Start::Fen(fen) => G::from_fen(&self.variant, fen).map_err(|e| e.to_string())?,
        };
        board.set_chess960(self.options.chess960);
        let mut pos = Position::new(board);
        for (i, mv) in moves.iter().enumerate() {
            pos.play_str(mv)
                .map_err(|e| format!("move {} of the list: {e}", i + 1))?;
        }
        self.pos = pos;
        Ok(())
    }

    fn go(&mut self, limits: Limits) -> Result<(), String> {
        if self.running.is_some() {
            if !self.reported.load(Ordering::Acquire) {
                return Err("a search is already running".into());
            }
            self.wait();
        }
        self.ensure_eval()?;
        let eval = self.eval.clone().ok_or("no evaluator")?;
        self.reported.store(false, Ordering::Release);
        let reported = Arc::clone(&self.reported);
        let mut search = self
            .search
            .take()
            .unwrap_or_else(|| Search::new(self.options.hash_mib));
        self.signals.stop.store(false, Ordering::Relaxed);
        self.signals
            .pondering
            .store(limits.ponder, Ordering::Relaxed);
        self.endless = limits.infinite || limits.ponder;
        let pos = self.pos.clone();
        let options = self.options.search;
        let signals = Arc::clone(&self.signals);
        let spawned = std::thread::Builder::new()
            .stack_size(crate::search::SEARCH_STACK_BYTES)
            .spawn(move || {
                let result = search.run(&pos, &eval, &limits, &options, &signals, &UciReporter);
                let board = pos.board();
                // Before printing: a GUI may send the next `go` the moment it reads `bestmove`.
                reported.store(true, Ordering::Release);
                match result.best {
                    Some(bits) => {
                        let best = G::Move::from_bits(bits);
                        let mut line = format!("bestmove {}", board.fmt_move(best));
                        if let Some(p) = result.ponder {
                            let mut next = board.clone();
                            next.play(best, &mut crate::game::Dirty::default());
                            let reply = G::Move::from_bits(p);
                            if next.is_legal(reply) {
                                line.push_str(&format!(" ponder {}", next.fmt_move(reply)));
                            }
                        }
                        println!("{line}");
                    }
                    None => println!("bestmove 0000"),
                }
                search
            });
        self.running = Some(spawned.map_err(|e| format!("cannot start the search thread: {e}"))?);
        Ok(())
    }
}

impl<G: Game> Session for GameSession<G> {
    fn handle(&mut self, cmd: Command) -> Result<(), String> {
        match cmd {
            Command::Hello => self.hello(),
            Command::IsReady => {
                // Heavy initialisation (loading the net) happens here, not at `uci`.
                if self.running.is_none() {
                    self.ensure_eval()?;
                }
                println!("readyok");
            }
            Command::NewGame => {
                self.searcher().clear();
                self.pos = Position::start(&self.variant);
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::Position { start, moves } => self.set_position(&start, &moves)?,
            Command::Go(limits) => self.go(limits)?,
            Command::Perft(depth) => {
                let start = std::time::Instant::now();
                let lines =
                    perft::divide(self.pos.board(), depth.max(1), self.options.search.threads);
                let mut total = 0;
                for (mv, n) in &lines {
                    println!("{mv}: {n}");
                    total += n;
                }
                println!(
                    "\nNodes searched: {total}\nTime (ms): {}",
                    start.elapsed().as_millis()
                );
            }
            Command::Stop => self.stop(),
            Command::PonderHit => self.signals.pondering.store(false, Ordering::Relaxed),
            Command::Display => println!("info string fen {}", self.pos.board().to_fen()),
            Command::Quit | Command::Ignore => {}
        }
        Ok(())
    }

    fn stop(&mut self) {
        self.signals.stop.store(true, Ordering::Relaxed);
        self.signals.pondering.store(false, Ordering::Relaxed);
    }

    fn wait(&mut self) {
        if let Some(handle) = self.running.take() {
            match handle.join() {
                Ok(search) => self.search = Some(search),
                Err(_) => println!("info string error: the search thread failed"),
            }
        }
    }

    fn finish(&mut self) {
        if self.endless {
            self.stop();
        }
        self.wait();
    }
}
