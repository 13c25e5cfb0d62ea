//! One external engine process spoken to over UCI: the handshake, options, new games, and a
//! search answered by `bestmove` within a deadline. Lines are read by a thread of their own,
//! so a silent or dead engine is noticed at the deadline instead of blocking the match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How to start an engine and set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Name shown in reports.
    pub name: String,
    /// The program and its arguments (split at whitespace).
    pub command: Vec<String>,
    /// UCI options sent after the handshake, in order: (name, value).
    pub options: Vec<(String, String)>,
    /// Nodes per move for this engine alone where the match is played at fixed nodes, in
    /// place of the match's count: a change that costs speed is charged for it by giving its
    /// side that much fewer nodes (`None`: the match's count).
    pub nodes: Option<u64>,
}

impl EngineSpec {
    /// A spec from a command line (`"path/to/nue --variant shogi"`) and `NAME=VALUE` options.
    ///
    /// # Errors
    /// An empty command, or an option without `=`.
    pub fn parse(name: Option<&str>, command: &str, options: &[String]) -> Result<EngineSpec, String> {
        let command: Vec<String> = command.split_whitespace().map(str::to_string).collect();
        let Some(program) = command.first() else {
            return Err("empty engine command".to_string());
        };
        let options = options
            .iter()
            .map(|o| match o.split_once('=') {
                Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.trim().to_string())),
                _ => Err(format!("engine option '{o}' is not NAME=VALUE")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let name = name.map_or_else(
            || program.rsplit('/').next().unwrap_or(program).to_string(),
            str::to_string,
        );
        Ok(EngineSpec {
            name,
            command,
            options,
            nodes: None,
        })
    }
}

/// The answer to one `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move, as the engine wrote it.
    pub best: String,
    /// The last score the engine reported, in centipawns from its side (mates as ±(32000 -
    /// plies)); `None` when it reported none.
    pub score: Option<i32>,
    /// Milliseconds from sending `go` to reading `bestmove`.
    pub elapsed_ms: u64,
}

/// A running engine.
pub struct Engine {
    /// The spec it was started from.
    pub spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The `option` lines of its `uci` answer.
    listing: Vec<String>,
}

/// The option that loads a variants file (Fairy-Stockfish's `variants.ini`, nue's `.toml`).
const VARIANT_PATH: &str = "VariantPath";

/// Refuses a variant the engine's `UCI_Variant` option (in its `uci` answer `handshake`) does
/// not list: it would play another game (chess, or whatever it falls back to), and every
/// game would end on an illegal move.
fn check_variant(name: &str, handshake: &[String], variant: &str) -> Result<(), String> {
    let combo = handshake.iter().find_map(|line| {
        let rest = line.strip_prefix("option name UCI_Variant ")?;
        Some(rest.split_whitespace().collect::<Vec<_>>())
    });
    match combo {
        None => Err(format!(
            "{name}: the engine has no UCI_Variant option, so it cannot play {variant}"
        )),
        Some(words) if !words.windows(2).any(|w| w[0] == "var" && w[1] == variant) => Err(format!(
            "{name}: the engine's UCI_Variant does not list {variant} (load its variants file: --option-a/-b {VARIANT_PATH}=FILE)"
        )),
        Some(_) => Ok(()),
    }
}

/// Lines of a handshake kept (an engine's options; more would be a runaway engine).
const KEPT_LINES: usize = 4096;

/// How long an engine may take to answer `uci` or `isready`.
const HANDSHAKE: Duration = Duration::from_secs(20);

impl Engine {
    /// Starts the engine, runs the UCI handshake, sets `UCI_Variant` (unless `variant` is
    /// `None`) and the spec's options, and waits for `readyok`.
    ///
    /// # Errors
    /// The program cannot be started, or does not finish the handshake within 20 seconds.
    pub fn start(spec: &EngineSpec, variant: Option<&str>) -> Result<Engine, String> {
        let mut command = Command::new(&spec.command[0]);
        command
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // A process group of its own: a Ctrl-C at the terminal stops the match (which then
        // finishes its games) instead of killing the engines in the middle of them.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("{}: cannot start '{}': {e}", spec.name, spec.command[0]))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("{}: no pipes to the engine", spec.name));
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            listing: Vec::new(),
        };
        engine.send("uci")?;
        let handshake = engine.read_until("uciok", Instant::now() + HANDSHAKE)?;
        engine.listing = handshake.iter().filter(|l| l.starts_with("option ")).cloned().collect();
        // A variants file comes first: its variants exist only once it is loaded.
        let (files, others): (Vec<_>, Vec<_>) = spec
            .options
            .clone()
            .into_iter()
            .partition(|(name, _)| name.eq_ignore_ascii_case(VARIANT_PATH));
        for (name, value) in files.iter().chain(&others) {
            check_option(&spec.name, &engine.listing, name, value)?;
        }
        for (name, value) in &files {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        if let Some(v) = variant {
            if files.is_empty() {
                check_variant(&spec.name, &handshake, v)?;
            }
            engine.send(&format!("setoption name UCI_Variant value {v}"))?;
        }
        for (name, value) in others {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// The default, minimum and maximum of the engine's spin option `name` (as its `uci` answer
    /// listed it), if it has one.
    pub fn spin_option(&self, name: &str) -> Option<(i64, i64, i64)> {
        self.listing.iter().find_map(|line| spin_of(line, name))
    }

    /// Reads lines until one whose first word is `word`; returns the lines before it (the
    /// first [`KEPT_LINES`]).
    fn read_until(&mut self, word: &str, deadline: Instant) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        loop {
            let line = self.wait_line(word, deadline)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(lines);
            }
            if lines.len() < KEPT_LINES {
                lines.push(line);
            }
        }
    }

    /// Writes one line to the engine.
    ///
    /// # Errors
    /// The engine has closed its input (it died).
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{}: cannot write to the engine: {e}", self.spec.name))
    }

    /// The engine's next line, waiting for `word` until `deadline`.
    fn wait_line(&mut self, word: &str, deadline: Instant) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(format!("{}: no '{word}' in time", self.spec.name)),
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("{}: the engine exited (waiting for '{word}')", self.spec.name))
            }
        }
    }

    /// `isready`, answered by `readyok`.
    ///
    /// # Errors
    /// No `readyok` within 20 seconds.
    pub fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.read_until("readyok", Instant::now() + HANDSHAKE).map(|_| ())
    }

    /// `ucinewgame`, then `isready`.
    ///
    /// # Errors
    /// As [`Engine::ready`].
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Sends `position` and `go` lines and waits for `bestmove` until `timeout` has passed.
    ///
    /// # Errors
    /// The engine died, or gave no `bestmove` in time (it is then asked to stop).
    pub fn go(&mut self, position: &str, go: &str, timeout: Duration) -> Result<Reply, String> {
        self.send(position)?;
        let start = Instant::now();
        self.send(go)?;
        let deadline = start + timeout;
        let mut score = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.send("stop");
                    return Err(format!(
                        "{}: no bestmove within {} ms",
                        self.spec.name,
                        timeout.as_millis()
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(format!("{}: the engine exited", self.spec.name)),
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    if let Some(s) = info_score(&line) {
                        score = Some(s);
                    }
                }
                Some("bestmove") => {
                    let best = words.next().unwrap_or("(none)").to_string();
                    return Ok(Reply {
                        best,
                        score,
                        elapsed_ms: start.elapsed().as_millis() as u64,
                    });
                }
                _ => {}
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A polite engine exits at once; one that does not is killed after a short wait.
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Refuses an option the engine's `uci` answer (its `option` lines, `listing`) does not list, or
/// a spin option's value that is no number in its range: an engine that ignores it (as UCI
/// lets it) would play a whole match without it.
fn check_option(engine: &str, listing: &[String], name: &str, value: &str) -> Result<(), String> {
    let listed = listing
        .iter()
        .any(|line| option_of(line).is_some_and(|(option, _)| option.eq_ignore_ascii_case(name)));
    if !listed {
        return Err(format!(
            "{engine}: the engine lists no option '{name}' in its 'uci' answer"
        ));
    }
    match listing.iter().find_map(|line| spin_of(line, name)) {
        Some((_, min, max)) if !value.parse::<i64>().is_ok_and(|v| (min..=max).contains(&v)) => Err(format!(
            "{engine}: option '{name}' takes a number from {min} to {max}, not '{value}'"
        )),
        _ => Ok(()),
    }
}

/// The name of an `option name NAME type ...` line and what follows `type `.
fn option_of(line: &str) -> Option<(&str, &str)> {
    line.strip_prefix("option name ")?.split_once(" type ")
}

/// The default, minimum and maximum of an `option name NAME type spin default D min A max B`
/// line, where it is spin option `name` (UCI option names ignore case).
fn spin_of(line: &str, name: &str) -> Option<(i64, i64, i64)> {
    let (option, rest) = option_of(line)?;
    if !option.eq_ignore_ascii_case(name) {
        return None;
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.first() != Some(&"spin") {
        return None;
    }
    let after = |key: &str| -> Option<i64> {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1)?.parse().ok()
    };
    Some((after("default")?, after("min")?, after("max")?))
}

/// The score of an `info` line (`score cp N` or `score mate N`), centipawns from the engine's
/// side, mate in `n` moves as `32000 - (2n - 1)` plies; bounds count as scores.
fn info_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w != "score" {
            continue;
        }
        let kind = words.next()?;
        let value: i32 = words.next()?.parse().ok()?;
        return match kind {
            "cp" => Some(value),
            "mate" if value > 0 => Some(32_000 - (2 * value - 1)),
            "mate" => Some(-32_000 - 2 * value),
            _ => None,
        };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spin_options_from_the_listing() {
        let line = "option name lmr_base type spin default 819 min 0 max 1600";
        assert_eq!(spin_of(line, "lmr_base"), Some((819, 0, 1600)));
        assert_eq!(spin_of(line, "LMR_base"), Some((819, 0, 1600)));
        assert_eq!(spin_of(line, "lmr"), None);
        assert_eq!(spin_of("option name Ponder type check default false", "Ponder"), None);
        assert_eq!(spin_of("option name Hash type spin default 16 min 1", "Hash"), None);
    }

    #[test]
    fn options_checked_against_the_listing() {
        let listing = [
            "option name Move Overhead type spin default 10 min 0 max 5000".to_string(),
            "option name EvalFile type string default <empty>".to_string(),
        ];
        assert_eq!(check_option("a", &listing, "move overhead", "30"), Ok(()));
        assert_eq!(check_option("a", &listing, "EvalFile", "x.nnue"), Ok(()));
        for (name, value) in [("Move Overhead", "5001"), ("Move Overhead", "ten"), ("Hash", "16")] {
            let err = check_option("a", &listing, name, value).expect_err("refused");
            assert!(err.starts_with("a: ") && err.contains(name), "{err}");
        }
    }

    #[test]
    fn scores_from_info_lines() {
        assert_eq!(info_score("info depth 5 score cp -34 nodes 100 pv e2e4"), Some(-34));
        assert_eq!(info_score("info depth 9 score mate 3 pv a1a8"), Some(32_000 - 5));
        assert_eq!(info_score("info depth 9 score mate -2 pv a1a8"), Some(-32_000 + 4));
        assert_eq!(info_score("info depth 3 score cp 12 lowerbound"), Some(12));
        assert_eq!(info_score("info string no score here"), None);
        assert_eq!(info_score("info score cp x"), None);
    }

    #[test]
    fn specs_parse_commands_and_options() {
        let s = EngineSpec::parse(None, " ./bin/nue  --variant shogi", &["Hash=64".to_string()]).expect("spec");
        assert_eq!(s.name, "nue");
        assert_eq!(s.command, ["./bin/nue", "--variant", "shogi"]);
        assert_eq!(s.options, [("Hash".to_string(), "64".to_string())]);
        assert!(EngineSpec::parse(None, "  ", &[]).is_err());
        assert!(EngineSpec::parse(Some("x"), "nue", &["Hash".to_string()]).is_err());
    }
}
