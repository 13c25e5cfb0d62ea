//! A [`Session`]: the engine's state for one game kind behind a game-agnostic interface, so the
//! protocol loop never names a game. [`GameSession`] implements it for any `G: Game`: it owns
//! the position, the options, the evaluator and the searcher, runs each search on its own
//! thread, and speaks UCI or USI ([`Flavor`]) in its answers.

use super::{Command, Flavor, Start, uci};
use crate::engine::select::{self, AnyEval};
use crate::game::{Game, GameMove, Position, perft};
use crate::search::{Info, Limits, MATE_BOUND, Reporter, Search, SearchOptions, Signals};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// The engine as the protocol loop sees it.
pub trait Session: Send {
    /// Carries out one command. `Ok(Some(name))` asks the loop to switch to variant `name`.
    /// Errors are for the user (`info string error: ...`); the session keeps its state.
    fn handle(&mut self, cmd: Command) -> Result<Option<String>, String>;
    /// Asks a running search to stop (it still prints its best move).
    fn stop(&mut self);
    /// Waits until no search runs.
    fn wait(&mut self);
    /// End of input: stops an endless search (infinite or ponder), lets a finite one finish.
    fn finish(&mut self);
    /// The options, to carry over to a session for another variant.
    fn options(&self) -> EngineOptions;
    /// Tells a GUI about the variant just switched to (`info string variant ...`).
    fn announce(&self);
}

/// The engine's options (UCI names; USI uses `USI_Hash`, `USI_Ponder`, `MoveOverhead`).
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub hash_mib: usize,
    pub search: SearchOptions,
    pub ponder: bool,
    pub chess960: bool,
    pub eval_file: String,
    /// USI `MaxMovesToDraw`: a game reaching this many plies is drawn (0 = no limit).
    pub max_moves_to_draw: u32,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mib: 16,
            search: SearchOptions::default(),
            ponder: false,
            chess960: false,
            eval_file: String::new(),
            max_moves_to_draw: 0,
        }
    }
}

/// A session for game `G`.
pub struct GameSession<G: Game> {
    name: String,
    variant: G::Variant,
    flavor: Flavor,
    pos: Position<G>,
    /// The evaluator, once chosen (at `isready` or the first `go`).
    eval: Option<AnyEval<G>>,
    embedded: Option<&'static [u8]>,
    options: EngineOptions,
    search: Option<Search<G, AnyEval<G>>>,
    running: Option<JoinHandle<Search<G, AnyEval<G>>>>,
    signals: Arc<Signals>,
    /// Set by the search thread just before it prints its answer.
    reported: Arc<AtomicBool>,
    endless: bool,
}

struct Printer(Flavor);

impl Reporter for Printer {
    fn info(&self, info: &Info) {
        println!("{}", uci::format_info(info, self.0 == Flavor::Usi));
    }
}

impl<G: Game> GameSession<G> {
    pub fn new(
        name: &str,
        variant: G::Variant,
        embedded: Option<&'static [u8]>,
        flavor: Flavor,
        options: EngineOptions,
    ) -> GameSession<G> {
        let mut pos = Position::start(&variant);
        pos.set_max_game_ply(options.max_moves_to_draw);
        GameSession {
            name: name.to_string(),
            pos,
            variant,
            flavor,
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
        let (eval, line) = select::choose::<G>(&self.variant, eval_file, self.embedded).map_err(|e| e.to_string())?;
        println!("info string {line}");
        self.eval = Some(eval);
        Ok(())
    }

    fn searcher(&mut self) -> &mut Search<G, AnyEval<G>> {
        self.wait();
        let mib = self.options.hash_mib;
        self.search.get_or_insert_with(|| Search::new(mib))
    }

    fn hello(&self) {
        println!("id name nue {}", env!("CARGO_PKG_VERSION"));
        println!("id author the nue developers");
        let variants = crate::engine::registry::variant_names()
            .iter()
            .map(|v| format!(" var {v}"))
            .collect::<String>();
        match self.flavor {
            Flavor::Uci => {
                println!("option name Hash type spin default 16 min 1 max 65536");
                println!("option name Threads type spin default 1 min 1 max 256");
                println!("option name MultiPV type spin default 1 min 1 max 256");
                println!("option name Move Overhead type spin default 10 min 0 max 5000");
                println!("option name Ponder type check default false");
                println!("option name EvalFile type string default <empty>");
                println!("option name UCI_Variant type combo default {}{variants}", self.name);
                println!("option name UCI_Chess960 type check default false");
                println!("option name VariantPath type string default <empty>");
                println!("uciok");
            }
            Flavor::Usi => {
                println!("option name USI_Hash type spin default 16 min 1 max 65536");
                println!("option name USI_Ponder type check default false");
                println!("option name Threads type spin default 1 min 1 max 256");
                println!("option name MultiPV type spin default 1 min 1 max 256");
                println!("option name MoveOverhead type spin default 10 min 0 max 5000");
                println!("option name EvalFile type filename default <empty>");
                println!("option name MaxMovesToDraw type spin default 0 min 0 max 100000");
                println!("option name USI_Variant type combo default {}{variants}", self.name);
                println!("usiok");
            }
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<Option<String>, String> {
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
        let key = name.to_ascii_lowercase();
        match key.trim_start_matches("usi_") {
            "hash" => {
                let mib = spin(1, 65536)? as usize;
                self.options.hash_mib = mib;
                self.searcher().resize_hash(mib);
            }
            "threads" => self.options.search.threads = spin(1, 256)? as usize,
            "multipv" => self.options.search.multipv = spin(1, 256)? as usize,
            "move overhead" | "moveoverhead" => self.options.search.move_overhead = spin(0, 5000)?,
            "ponder" => self.options.ponder = check()?,
            "uci_chess960" => self.options.chess960 = check()?,
            "maxmovestodraw" => {
                self.options.max_moves_to_draw = spin(0, 100_000)? as u32;
                self.pos.set_max_game_ply(self.options.max_moves_to_draw);
            }
            "evalfile" => {
                let file = value.unwrap_or_default().to_string();
                self.wait();
                self.load_eval(&file)?;
                self.options.eval_file = file;
            }
            "variantpath" => {
                let path = value.unwrap_or_default();
                if !path.is_empty() && path != "<empty>" {
                    let names = crate::engine::registry::add_variant_path(path)?;
                    println!("info string variants loaded: {}", names.join(" "));
                }
            }
            "uci_variant" | "variant" => {
                let v = value.unwrap_or_default();
                if v.eq_ignore_ascii_case(&self.name) {
                    return Ok(None);
                }
                return Ok(Some(v.to_string()));
            }
            _ => return Err(format!("unknown option '{}'", name.escape_debug())),
        }
        Ok(None)
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), String> {
        let mut board = match start {
            Start::StartPos => G::start(&self.variant),
            Start::Fen(fen) => G::from_fen(&self.variant, fen).map_err(|e| e.to_string())?,
        };
        board.set_chess960(self.options.chess960);
        let mut pos = Position::new(board);
        pos.set_max_game_ply(self.options.max_moves_to_draw);
        for (i, mv) in moves.iter().enumerate() {
            pos.play_str(mv)
                .map_err(|e| format!("move {} of the list: {e}", i + 1))?;
        }
        self.pos = pos;
        Ok(())
    }

    /// Starts a search; `mate` turns it into a USI mate search with that time limit.
    fn go(&mut self, limits: Limits, mate: Option<Option<u64>>) -> Result<(), String> {
        if self.running.is_some() {
            if !self.reported.load(Ordering::Acquire) {
                return Err("a search is already running".into());
            }
            self.wait();
        }
        self.ensure_eval()?;
        let eval = self.eval.clone().ok_or("no evaluator")?;
        // The entering-king declaration needs no search.
        if mate.is_none() && self.flavor == Flavor::Usi && self.pos.board().declaration_win() {
            println!("bestmove win");
            return Ok(());
        }
        self.reported.store(false, Ordering::Release);
        let reported = Arc::clone(&self.reported);
        let mut search = self.search.take().unwrap_or_else(|| Search::new(self.options.hash_mib));
        self.signals.stop.store(false, Ordering::Relaxed);
        self.signals.pondering.store(limits.ponder, Ordering::Relaxed);
        self.endless = limits.infinite || limits.ponder || mate == Some(None);
        let limits = match mate {
            Some(ms) => Limits {
                move_time: ms,
                infinite: ms.is_none(),
                ..Limits::default()
            },
            None => limits,
        };
        let pos = self.pos.clone();
        let options = self.options.search;
        let signals = Arc::clone(&self.signals);
        let flavor = self.flavor;
        let spawned = std::thread::Builder::new()
            .stack_size(crate::search::SEARCH_STACK_BYTES)
            .spawn(move || {
                let result = search.run(&pos, &eval, &limits, &options, &signals, &Printer(flavor));
                let board = pos.board();
                // Before printing: a GUI may send the next `go` the moment it reads the answer.
                reported.store(true, Ordering::Release);
                let line = match (mate, result.best) {
                    (Some(_), _) if result.score >= MATE_BOUND => {
                        let pv = crate::search::pv_strings(board, &result.pv);
                        format!("checkmate {}", pv.join(" "))
                    }
                    (Some(_), None) => "checkmate nomate".to_string(),
                    (Some(_), Some(_))
                        if signals.stop.load(Ordering::Relaxed) && result.depth < crate::search::MAX_PLY as i32 - 4 =>
                    {
                        "checkmate timeout".to_string()
                    }
                    (Some(_), Some(_)) => "checkmate nomate".to_string(),
                    (None, Some(bits)) => {
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
                        line
                    }
                    (None, None) => match flavor {
                        Flavor::Uci => "bestmove 0000".to_string(),
                        Flavor::Usi => "bestmove resign".to_string(),
                    },
                };
                println!("{line}");
                search
            });
        self.running = Some(spawned.map_err(|e| format!("cannot start the search thread: {e}"))?);
        Ok(())
    }
}

impl<G: Game> Session for GameSession<G> {
    fn handle(&mut self, cmd: Command) -> Result<Option<String>, String> {
        match cmd {
            Command::Hello => self.hello(),
            Command::IsReady => {
                // Heavy initialisation (loading the net) happens here, not at `uci`/`usi`.
                if self.running.is_none() {
                    self.ensure_eval()?;
                }
                println!("readyok");
            }
            Command::NewGame => {
                self.searcher().clear();
                self.pos = Position::start(&self.variant);
                self.pos.set_max_game_ply(self.options.max_moves_to_draw);
            }
            Command::SetOption { name, value } => return self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => self.set_position(&start, &moves)?,
            Command::Go(limits) => self.go(limits, None)?,
            Command::GoMate(ms) => self.go(Limits::default(), Some(ms))?,
            Command::Perft(depth) => print!(
                "{}",
                perft::report(self.pos.board(), depth, self.options.search.threads)
            ),
            Command::Stop | Command::GameOver => self.stop(),
            Command::PonderHit => self.signals.pondering.store(false, Ordering::Relaxed),
            Command::Display => println!("info string fen {}", self.pos.board().to_fen()),
            Command::Quit | Command::Ignore => {}
        }
        Ok(None)
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

    fn options(&self) -> EngineOptions {
        self.options.clone()
    }

    fn announce(&self) {
        let b = self.pos.board();
        let d = b.dims();
        println!(
            "info string variant {} files {} ranks {} pocket {} startpos {}",
            self.name,
            d.files,
            d.ranks,
            d.hand_kinds,
            b.to_fen()
        );
    }
}
