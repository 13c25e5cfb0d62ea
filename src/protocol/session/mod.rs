//! A [`Session`]: the engine's state for one game kind behind a game-agnostic interface, so the
//! protocol loop never names a game. [`GameSession`] implements it for any `G: Game`: it owns
//! the position, the options, the evaluator and the searcher, runs each search (and `go perft`)
//! on its own thread, and speaks UCI or USI ([`Flavor`]) in its answers.
//!
//! The input thread never waits for a search: what needs the searcher while a search runs
//! (`Hash`, the table clear of `ucinewgame`) is noted and done when the search hands the
//! searcher back, after its `bestmove`.

mod running;
pub use running::enable_threads;
mod ucci;
mod xboard;

use xboard::XboardGame;
pub use xboard::XboardSettings;

use super::error::SessionError;
use super::options::{self, OptionKey, Setting};
use super::{Command, Flavor, Start, uci};
use crate::engine::select::{self, AnyEval};
use crate::game::{Dialect, Game, GameMove, Position, perft};
use crate::search::skill::Strength;
use crate::search::wdl::WdlModel;
use crate::search::{Info, Limits, MATE_BOUND, Reporter, Search, SearchOptions, Signals};
use running::Running;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The engine as the protocol loop sees it.
pub trait Session: Send {
    /// Carries out one command. `Ok(Some(name))` asks the loop to switch to variant `name`.
    ///
    /// # Errors
    /// [`SessionError`], for the user (`info string error: ...`); the session keeps its state.
    fn handle(&mut self, cmd: Command) -> Result<Option<String>, SessionError>;
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
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Threads, MultiPV and move overhead.
    pub search: SearchOptions,
    /// Whether pondering is on.
    pub ponder: bool,
    /// Chess960 castling notation (king takes rook).
    pub chess960: bool,
    /// The `EvalFile` setting (empty: automatic, `none`: hand-crafted).
    pub eval_file: String,
    /// USI `MaxMovesToDraw`: a game reaching this many plies is drawn (0 = no limit).
    pub max_moves_to_draw: u32,
    /// XBoard's clocks, time control and thinking output (kept when `variant` switches games).
    pub xboard: XboardSettings,
    /// `Use NNUE`: false plays on the hand-crafted evaluation whatever `EvalFile` says.
    pub use_nnue: bool,
    /// `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`.
    pub strength: Strength,
    /// `UCI_AnalyseMode`: the GUI analyses, so the strength handicap is set aside.
    pub analyse_mode: bool,
    /// `UCI_ShowWDL`: `info` lines carry win/draw/loss chances.
    pub show_wdl: bool,
    /// UCCI `usemillisec`: `go` times are milliseconds, not seconds.
    pub use_millisec: bool,
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
            xboard: XboardSettings::default(),
            use_nnue: true,
            strength: Strength::default(),
            analyse_mode: false,
            show_wdl: false,
            use_millisec: false,
        }
    }
}

/// What a search thread hands back: the searcher and the move it found.
type Finished<G> = (Search<G, AnyEval<G>>, Option<u32>);

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
    /// The running search: it hands back the searcher and the move it played (XBoard) or found.
    running: Option<Running<Finished<G>>>,
    signals: Arc<Signals>,
    /// Set by the search thread just before it prints its answer.
    reported: Arc<AtomicBool>,
    /// Set to stop a search without its answer (XBoard's `force`, `new`, `undo` while the
    /// engine thinks: the move it would have made must not be sent).
    discard: Arc<AtomicBool>,
    /// XBoard's game state (the side the engine plays, analyze mode).
    xgame: XboardGame,
    endless: bool,
    /// A `Hash` change and a `ucinewgame` table clear waiting for the running search to end.
    pending_resize: bool,
    pending_clear: bool,
    /// A running `go perft`.
    perft: Option<Running<()>>,
    /// The size of the table the searcher has, MiB (the option may ask for another).
    hash_in_use: usize,
    /// UCCI `banmoves`: moves the searches of the current position may not play.
    banned: Vec<String>,
}

/// What a search prints at its end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Answer {
    /// `bestmove ...` (UCI, USI).
    Best,
    /// USI `go mate`: `checkmate ...`, within this many milliseconds (`None`: until `stop`).
    Mate(Option<u64>),
    /// XBoard: `move ...`, played on the board, then the result if the game is over.
    Move,
    /// XBoard's analyze mode: nothing.
    Nothing,
}

/// Prints each iteration's report in the protocol's form (XBoard: only after `post`).
struct Printer {
    flavor: Flavor,
    post: bool,
    /// UCCI on a 10-rank board: moves in UCCI's squares.
    ucci_ranks: bool,
    /// `UCI_ShowWDL`: the model that turns scores into win/draw/loss chances.
    wdl: Option<WdlModel>,
}

impl Reporter for Printer {
    fn info(&self, info: &Info) {
        // UCCI's and XBoard's lines carry no line number: only the best line is shown.
        if info.multipv > 1 && matches!(self.flavor, Flavor::Ucci | Flavor::Xboard) {
            return;
        }
        match self.flavor {
            Flavor::Xboard if self.post => println!("{}", super::xboard::format_thinking(info)),
            Flavor::Xboard => {}
            Flavor::Ucci => println!("{}", super::ucci::format_info(info, self.ucci_ranks)),
            flavor => {
                let wdl = self.wdl.map(|m| m.permille(info.score));
                println!("{}", uci::format_info(info, flavor == Flavor::Usi, wdl));
            }
        }
    }
}

impl<G: Game> GameSession<G> {
    /// A session for variant `name` starting at its start position, reading and writing
    /// positions and moves in the protocol's notation ([`crate::game::Notation::in_dialect`]).
    pub fn new(
        name: &str,
        variant: G::Variant,
        embedded: Option<&'static [u8]>,
        flavor: Flavor,
        options: EngineOptions,
    ) -> GameSession<G> {
        let dialect = match flavor {
            Flavor::Uci | Flavor::Xboard | Flavor::Ucci => Dialect::Uci,
            Flavor::Usi => Dialect::Usi,
        };
        let variant = G::in_dialect(&variant, dialect);
        let mut board = G::start(&variant);
        board.set_chess960(options.chess960);
        let mut pos = Position::new(board);
        pos.set_max_game_ply(options.max_moves_to_draw);
        let hash_in_use = options.hash_mib;
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
            discard: Arc::new(AtomicBool::new(false)),
            xgame: XboardGame::default(),
            endless: false,
            pending_resize: false,
            pending_clear: false,
            perft: None,
            hash_in_use,
            banned: Vec::new(),
        }
    }

    /// Chooses the evaluator if that has not happened yet, saying which in an `info string`. An
    /// `EvalFile` that does not fit this variant (it may have been set before `UCI_Variant`, for
    /// the variant to come) is reported as an error, and the variant's own evaluator is used.
    fn ensure_eval(&mut self) -> AnyEval<G> {
        if let Some(eval) = &self.eval {
            return eval.clone();
        }
        match self.load_eval(&self.eval_setting()) {
            Ok(eval) => eval,
            Err(e) => {
                self.say(&format!("error: {e}"));
                self.load_eval("").unwrap_or_else(|e| {
                    self.say(&format!("error: {e}"));
                    let eval = AnyEval::Hce(crate::eval::hce::Hce);
                    self.eval = Some(eval.clone());
                    eval
                })
            }
        }
    }

    /// The evaluator asked for: `EvalFile`, or `none` (the hand-crafted evaluation) when
    /// `Use NNUE` is off.
    fn eval_setting(&self) -> String {
        if self.options.use_nnue {
            self.options.eval_file.clone()
        } else {
            "none".to_string()
        }
    }

    /// Chooses the evaluator for an `EvalFile` setting, saying which in an `info string`.
    fn load_eval(&mut self, eval_file: &str) -> Result<AnyEval<G>, SessionError> {
        let (eval, line) = select::choose::<G>(&self.variant, eval_file, self.embedded)?;
        self.say(&line);
        self.eval = Some(eval.clone());
        Ok(eval)
    }

    /// Whether a search or perft is running and has not given its answer yet.
    fn busy(&self) -> bool {
        (self.running.is_some() && !self.reported.load(Ordering::Acquire))
            || self.perft.as_ref().is_some_and(|p| !p.is_finished())
    }

    /// Before a new `go` or `go perft`: a search or perft still running (a GUI that sends
    /// `stop` and `go` without waiting for the `bestmove` between, or `go` during `go infinite`)
    /// is stopped and gives its answer first, as Stockfish does, so every `go` gets its own
    /// `bestmove`. The wait is for a search already told to stop.
    fn stop_running(&mut self) {
        if self.busy() {
            Session::stop(self);
        }
        self.wait();
    }

    /// Resizes the table and clears it as asked, now if the searcher is at hand, else when the
    /// running search hands it back ([`Session::wait`]).
    fn apply_pending(&mut self) {
        let Some(search) = self.search.as_mut() else { return };
        if std::mem::take(&mut self.pending_resize) {
            let mib = self.options.hash_mib;
            match search.resize_hash(mib) {
                Ok(()) => self.hash_in_use = mib,
                Err(e) => {
                    println!(
                        "info string error: option 'Hash': cannot allocate {mib} MiB ({e}); keeping {} MiB",
                        self.hash_in_use
                    );
                    self.options.hash_mib = self.hash_in_use;
                }
            }
        }
        if std::mem::take(&mut self.pending_clear) {
            search.clear();
        }
    }

    /// A message for the user: `info string ...` (UCI, USI), `# ...` (XBoard, whose GUIs
    /// ignore lines starting with `#`).
    fn say(&self, text: &str) {
        match self.flavor {
            Flavor::Xboard => println!("# {text}"),
            _ => println!("info string {text}"),
        }
    }

    fn hello(&self) {
        println!("id name nue {}", env!("CARGO_PKG_VERSION"));
        println!("id author the nue developers");
        let variants = crate::engine::registry::variant_names();
        for option in options::options() {
            if let Some(line) = option.listing(self.flavor, &self.name, &variants) {
                println!("{line}");
            }
        }
        match self.flavor {
            Flavor::Usi => println!("usiok"),
            Flavor::Ucci => println!("ucciok"),
            _ => println!("uciok"),
        }
    }

    /// Applies `setoption`; `Ok(Some(name))` asks for a switch to variant `name`.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<Option<String>, SessionError> {
        let (key, setting) = options::parse_setting(name, value)?;
        let (number, flag, text) = match setting {
            Setting::Number(n) => (n, false, String::new()),
            Setting::Flag(b) => (0, b, String::new()),
            Setting::Text(t) => (0, false, t),
        };
        // The table has checked each value against its range, so the casts below are exact.
        match key {
            OptionKey::Hash => {
                self.options.hash_mib = number as usize;
                self.pending_resize = true;
                self.apply_pending();
            }
            OptionKey::Threads => self.options.search.threads = number as usize,
            OptionKey::MultiPv => self.options.search.multipv = number as usize,
            OptionKey::MoveOverhead => self.options.search.move_overhead = number as u64,
            OptionKey::Tune(i) => self.options.search.tune.set(i, number as i32),
            OptionKey::Ponder => self.options.ponder = flag,
            OptionKey::Chess960 => self.options.chess960 = flag,
            OptionKey::MaxMovesToDraw => {
                self.options.max_moves_to_draw = number as u32;
                self.pos.set_max_game_ply(self.options.max_moves_to_draw);
            }
            OptionKey::EvalFile => {
                // A running search keeps its own copy of the evaluator. The setting is kept even
                // when the net does not fit this variant: GUIs send options in any order, and
                // it may be for the `UCI_Variant` that follows.
                self.options.eval_file.clone_from(&text);
                self.eval = None;
                self.load_eval(&self.eval_setting())?;
            }
            OptionKey::UseNnue => {
                if flag != self.options.use_nnue {
                    self.options.use_nnue = flag;
                    self.eval = None;
                    self.load_eval(&self.eval_setting())?;
                }
            }
            OptionKey::SkillLevel => self.options.strength.level = number as i32,
            OptionKey::LimitStrength => self.options.strength.limit = flag,
            OptionKey::Elo => self.options.strength.elo = number as i32,
            OptionKey::AnalyseMode => self.options.analyse_mode = flag,
            OptionKey::ShowWdl => self.options.show_wdl = flag,
            OptionKey::UseMillisec => self.options.use_millisec = flag,
            OptionKey::SyzygyPath => {
                if !text.is_empty() {
                    self.say("SyzygyPath: nue probes no endgame tablebases; the path is not read");
                }
            }
            OptionKey::VariantPath => {
                if !text.is_empty() {
                    let names = crate::engine::registry::add_variant_path(&text)?;
                    self.say(&format!("variants loaded: {}", names.join(" ")));
                }
            }
            OptionKey::Variant => {
                if self.flavor == Flavor::Xboard {
                    // XBoard's `variant fischerandom`: chess with king-takes-rook castling.
                    self.options.chess960 = ["fischerandom", "chess960"]
                        .iter()
                        .any(|n| text.eq_ignore_ascii_case(n));
                }
                if !text.eq_ignore_ascii_case(&self.name) {
                    return Ok(Some(text));
                }
            }
        }
        Ok(None)
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), SessionError> {
        let mut board = match start {
            Start::StartPos => G::start(&self.variant),
            Start::Fen(fen) => G::from_fen(&self.variant, fen)?,
        };
        board.set_chess960(self.options.chess960);
        let mut pos = Position::new(board);
        pos.set_max_game_ply(self.options.max_moves_to_draw);
        let ucci_ranks = ucci::ucci_ranks(self.flavor, pos.board());
        for (i, mv) in moves.iter().enumerate() {
            let mv = if ucci_ranks {
                super::ucci::to_uci_move(mv)
            } else {
                mv.clone()
            };
            pos.play_str(&mv)
                .map_err(|error| SessionError::Move { index: i + 1, error })?;
        }
        self.pos = pos;
        self.banned.clear();
        Ok(())
    }

    /// Starts a search whose end prints `answer`.
    fn go(&mut self, limits: Limits, warnings: &[String], answer: Answer) -> Result<(), SessionError> {
        self.stop_running();
        let eval = self.ensure_eval();
        for warning in warnings {
            println!("info string error: {warning}");
        }
        let mut limits = limits;
        if !limits.search_moves.is_empty() {
            let board = self.pos.board();
            let (legal, illegal): (Vec<String>, Vec<String>) = std::mem::take(&mut limits.search_moves)
                .into_iter()
                .partition(|m| board.parse_move(m).is_ok());
            for m in &illegal {
                println!(
                    "info string error: go searchmoves: '{}' is not a legal move here",
                    m.escape_debug()
                );
            }
            if legal.is_empty() {
                println!("info string error: go searchmoves: no legal move given; searching every move");
            }
            limits.search_moves = legal;
        }
        // The entering-king declaration needs no search.
        if answer == Answer::Best && self.flavor == Flavor::Usi && self.pos.board().declaration_win() {
            println!("bestmove win");
            return Ok(());
        }
        let limits = match answer {
            Answer::Mate(ms) => Limits {
                move_time: ms,
                infinite: ms.is_none(),
                ..Limits::default()
            },
            _ => limits,
        };
        if !running::has_threads() && !limits.bounded() {
            return Err(SessionError::Unstoppable);
        }
        self.reported.store(false, Ordering::Release);
        self.discard.store(false, Ordering::Relaxed);
        self.xgame.play_answer = answer == Answer::Move;
        let reported = Arc::clone(&self.reported);
        let discard = Arc::clone(&self.discard);
        let mut search = self.search.take().unwrap_or_else(|| Search::new(self.hash_in_use));
        self.signals.stop.store(false, Ordering::Relaxed);
        self.signals.pondering.store(limits.ponder, Ordering::Relaxed);
        self.endless = limits.infinite || limits.ponder;
        let pos = self.pos.clone();
        let mut options = self.options.search;
        // Analysis and mate searches want the best move: the strength handicap plays games only.
        let plays = matches!(answer, Answer::Best | Answer::Move);
        options.skill = (plays && !self.options.analyse_mode)
            .then(|| self.options.strength.skill(fresh_seed()))
            .flatten();
        let signals = Arc::clone(&self.signals);
        let printer = Printer {
            flavor: self.flavor,
            post: self.options.xboard.post,
            ucci_ranks: self.ucci_ranks(),
            wdl: self.options.show_wdl.then(|| WdlModel::for_variant(&self.name)),
        };
        let chess960 = self.options.chess960;
        let spawned = Running::start(Some(crate::search::SEARCH_STACK_BYTES), move || {
            let result = search.run(&pos, &eval, &limits, &options, &signals, &printer);
            // Before printing: a GUI may send the next `go` the moment it reads the answer.
            reported.store(true, Ordering::Release);
            if discard.load(Ordering::Relaxed) {
                return (search, None);
            }
            for line in answer_lines(answer, printer.flavor, chess960, &pos, &result, &signals) {
                println!("{line}");
            }
            (search, result.best)
        });
        self.running = Some(spawned.map_err(SessionError::Thread)?);
        Ok(())
    }

    /// `go perft N` on its own thread, so `stop` (a partial count), `isready` and `quit` are
    /// answered while it runs.
    fn perft(&mut self, depth: u32) -> Result<(), SessionError> {
        // Parsers refuse deeper ones (`Command::perft`); a command built otherwise too.
        if depth > perft::MAX_PERFT_DEPTH {
            return Err(super::CommandError::PerftTooDeep(depth).into());
        }
        self.stop_running();
        self.signals.stop.store(false, Ordering::Relaxed);
        let board = self.pos.board().clone();
        let threads = self.options.search.threads;
        let signals = Arc::clone(&self.signals);
        let spawned = Running::start(None, move || {
            print!("{}", perft::report(&board, depth, threads, &signals.stop, false));
        });
        self.perft = Some(spawned.map_err(SessionError::Thread)?);
        Ok(())
    }
}

/// A seed for a strength handicap's random choices: different for every search, as a handicap
/// that played the same move in the same position every game would be easy to exploit.
fn fresh_seed() -> u64 {
    use std::sync::atomic::AtomicU64;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ COUNTER.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed)
}

/// The lines that end a search: `bestmove` (with `ponder`), USI's `checkmate` answers, or
/// XBoard's `move` followed by the result when that move ends the game (castling as `O-O` in
/// Chess960 mode, as XBoard writes it for Fischer random chess).
fn answer_lines<G: Game>(
    answer: Answer,
    flavor: Flavor,
    chess960: bool,
    pos: &Position<G>,
    result: &crate::search::SearchResult,
    signals: &Signals,
) -> Vec<String> {
    let board = pos.board();
    let line = match (answer, result.best) {
        (Answer::Nothing, _) => return Vec::new(),
        (Answer::Move, Some(bits)) => {
            let best = G::Move::from_bits(bits);
            let mut lines = vec![format!("move {}", xboard::move_text(board, best, chess960))];
            let mut next = pos.clone();
            next.play(best);
            lines.extend(xboard::result_line(&next));
            return lines;
        }
        (Answer::Move, None) => return xboard::result_line(pos).into_iter().collect(),
        (Answer::Mate(_), _) if result.score >= MATE_BOUND => {
            let pv = crate::search::pv_strings(pos, &result.pv);
            format!("checkmate {}", pv.join(" "))
        }
        (Answer::Mate(_), None) => "checkmate nomate".to_string(),
        (Answer::Mate(_), Some(_))
            if signals.stop.load(Ordering::Relaxed) && result.depth < crate::search::MAX_PLY as i32 - 4 =>
        {
            "checkmate timeout".to_string()
        }
        (Answer::Mate(_), Some(_)) => "checkmate nomate".to_string(),
        (Answer::Best, Some(bits)) => {
            let ucci_ranks = ucci::ucci_ranks(flavor, board);
            let text = |b: &G, mv| {
                let text = b.fmt_move(mv);
                if ucci_ranks {
                    super::ucci::from_uci_move(&text)
                } else {
                    text
                }
            };
            let best = G::Move::from_bits(bits);
            let mut line = format!("bestmove {}", text(board, best));
            if let Some(p) = result.ponder {
                let mut next = board.clone();
                next.play(best, &mut crate::game::Dirty::default());
                let reply = G::Move::from_bits(p);
                if next.is_legal(reply) {
                    line.push_str(&format!(" ponder {}", text(&next, reply)));
                }
            }
            line
        }
        (Answer::Best, None) => match flavor {
            Flavor::Usi => "bestmove resign".to_string(),
            Flavor::Ucci => "nobestmove".to_string(),
            _ => "bestmove 0000".to_string(),
        },
    };
    vec![line]
}

impl<G: Game> Session for GameSession<G> {
    fn handle(&mut self, cmd: Command) -> Result<Option<String>, SessionError> {
        if self.flavor == Flavor::Xboard && self.running.is_some() && self.reported.load(Ordering::Acquire) {
            // The engine's move is out: play it on the board before the GUI's next command.
            self.wait();
        }
        match cmd {
            Command::Xboard(x) => return self.xboard(x),
            Command::Ucci(u) => self.ucci(u)?,
            Command::Hello => self.hello(),
            Command::IsReady => {
                // Heavy initialization (loading the net) happens here, not at `uci`/`usi`.
                if self.running.is_none() {
                    self.ensure_eval();
                }
                println!("readyok");
            }
            Command::NewGame => {
                self.banned.clear();
                self.pending_clear = true;
                self.apply_pending();
                self.pos = Position::start(&self.variant);
                self.pos.set_max_game_ply(self.options.max_moves_to_draw);
            }
            Command::SetOption { name, value } => return self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => self.set_position(&start, &moves)?,
            Command::Go { limits, warnings } => self.go(limits, &warnings, Answer::Best)?,
            Command::GoMate(ms) => self.go(Limits::default(), &[], Answer::Mate(ms))?,
            Command::Perft(depth) => self.perft(depth)?,
            Command::Stop | Command::GameOver => self.stop(),
            Command::PonderHit => self.signals.pondering.store(false, Ordering::Relaxed),
            Command::Display => {
                let board = self.pos.board();
                let fen = board.to_fen();
                for line in super::diagram::diagram(&fen, self.flavor == Flavor::Usi, board.hash()) {
                    println!("{line}");
                }
                self.say(&format!("fen {fen}"));
                // The game's result by its rules, for the side to move (scripts compare it with
                // other implementations').
                let result = match self.pos.outcome() {
                    Some(crate::core::Outcome::Win) => "win",
                    Some(crate::core::Outcome::Loss) => "loss",
                    Some(crate::core::Outcome::Draw) => "draw",
                    None => "none",
                };
                self.say(&format!("result {result}"));
            }
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
                Some((search, best)) => {
                    self.search = Some(search);
                    if std::mem::take(&mut self.xgame.play_answer)
                        && let Some(bits) = best
                    {
                        self.pos.play(G::Move::from_bits(bits));
                    }
                }
                None => println!("info string error: the search thread failed"),
            }
        }
        if let Some(handle) = self.perft.take()
            && handle.join().is_none()
        {
            println!("info string error: the perft thread failed");
        }
        if self.search.is_none() {
            // The search thread failed and took the searcher with it: a small one, then the
            // size asked for.
            self.search = Some(Search::new(1));
            self.hash_in_use = 1;
            self.pending_resize = true;
        }
        self.apply_pending();
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
        if self.flavor == Flavor::Xboard {
            return self.announce_xboard();
        }
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
