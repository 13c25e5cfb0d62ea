//! The XBoard game flow of a [`GameSession`]: the engine keeps the game, plays the side it was
//! given (`go`, `playother`, or Black after `new`) whenever that side is to move, records moves
//! in force mode, analyses in analyze mode, takes moves back, and claims the result when a move
//! ends the game. The text of the protocol is `protocol/xboard.rs`.

use super::{Answer, GameSession};
use crate::core::Outcome;
use crate::game::{Game, Position};
use crate::protocol::error::SessionError;
use crate::protocol::xboard::{self as text, XCommand};
use crate::search::Limits;
use std::sync::atomic::Ordering;

/// XBoard's time control, clocks and thinking output, carried across `variant` switches.
#[derive(Clone, Debug, Default)]
pub struct XboardSettings {
    /// `post`: print thinking lines.
    pub post: bool,
    /// `level MPS BASE INC`: moves per control (0: whole game), base and increment in
    /// milliseconds.
    pub level: Option<(u32, u64, u64)>,
    /// `st`: milliseconds per move (replaces `level`).
    pub move_time: Option<u64>,
    /// `sd`: depth limit in plies.
    pub depth: Option<u32>,
    /// `time` and `otim`: the engine's and the opponent's clocks in milliseconds.
    pub clocks: [Option<u64>; 2],
}

/// The XBoard game state of one session: the side the engine plays, analyze mode, and whether
/// the running search's answer is a move to play on the board.
#[derive(Clone, Copy, Debug)]
pub struct XboardGame {
    /// The side the engine plays (`None`: force mode).
    pub side: Option<crate::core::Color>,
    /// Analyze mode: search the position until told otherwise.
    pub analyzing: bool,
    /// The running search's move is the engine's move, to be played on the board.
    pub play_answer: bool,
}

impl Default for XboardGame {
    /// After `new` (and at start) the engine plays Black.
    fn default() -> XboardGame {
        XboardGame {
            side: Some(crate::core::Color::Black),
            analyzing: false,
            play_answer: false,
        }
    }
}

/// Whether `mv` is a castling move in king-takes-rook notation (Chess960 mode): the only move
/// whose target square, as written, holds a piece of the side to move. Returns whether the
/// rook stands on the king's right (`O-O`).
fn castling_side<G: Game>(board: &G, mv: G::Move) -> Option<bool> {
    let text = board.fmt_move(mv);
    let (from, to) = (text.get(0..2)?, text.get(2..4)?);
    let square = |t: &str| -> Option<crate::core::Square> {
        let b = t.as_bytes();
        let (f, r) = (b[0].checked_sub(b'a')?, b[1].checked_sub(b'1')?);
        let d = board.dims();
        (f < d.files && r < d.ranks && text.len() == 4).then(|| crate::core::Square::new(f, r, d.files))
    };
    let target = board.piece_on(square(to)?)?;
    (target.color == board.side_to_move()).then(|| to.as_bytes()[0] > from.as_bytes()[0])
}

/// XBoard's castling in Fischer random chess, `O-O` and `O-O-O`, as the legal castling move.
fn castling_from_xboard<G: Game>(board: &G, text: &str) -> Option<G::Move> {
    let kingside = match text {
        "O-O" => true,
        "O-O-O" => false,
        _ => return None,
    };
    let mut list = G::MoveList::default();
    board.generate(crate::game::GenKind::All, &mut list);
    list.iter()
        .copied()
        .find(|&m| castling_side(board, m) == Some(kingside))
}

/// The engine's move as XBoard reads it: castling in Fischer random chess as `O-O`/`O-O-O`
/// (king-takes-rook is how the board writes it with Chess960 on), everything else as written.
pub(super) fn move_text<G: Game>(board: &G, mv: G::Move, chess960: bool) -> String {
    match castling_side(board, mv) {
        Some(true) if chess960 => "O-O".to_string(),
        Some(false) if chess960 => "O-O-O".to_string(),
        _ => board.fmt_move(mv),
    }
}

/// When neither `level` nor `st` has been given: milliseconds per move.
const DEFAULT_MOVE_MS: u64 = 5_000;

/// The result claim for a finished game: `1-0 {White mates}` and the like; `None` while the
/// game goes on.
pub(super) fn result_line<G: Game>(pos: &Position<G>) -> Option<String> {
    let outcome = pos.outcome()?;
    let board = pos.board();
    let white_to_move = board.side_to_move() == crate::core::Color::White;
    let score = match (outcome, white_to_move) {
        (Outcome::Draw, _) => "1/2-1/2",
        (Outcome::Win, true) | (Outcome::Loss, false) => "1-0",
        _ => "0-1",
    };
    let winner = if score == "1-0" { "White" } else { "Black" };
    let no_moves = board.outcome().is_none() && board.count_legal() == 0;
    let reason = if no_moves && board.in_check() && outcome != Outcome::Draw {
        format!("{winner} mates")
    } else if no_moves && outcome == Outcome::Draw {
        "Stalemate".to_string()
    } else if no_moves {
        format!("{winner} wins: no legal move")
    } else if board.outcome().is_some() {
        format!(
            "{} by the variant's rules",
            if outcome == Outcome::Draw { "Draw" } else { "Win" }
        )
    } else if pos.move_rule_reached() && outcome == Outcome::Draw {
        "Draw by the move rule".to_string()
    } else if pos.move_rule_reached() {
        format!("{winner} wins by the move rule's material count")
    } else if pos.game_length_reached() {
        "Draw by the game length limit".to_string()
    } else if outcome == Outcome::Draw {
        "Draw by repetition".to_string()
    } else {
        format!("{winner} wins by repetition rules")
    };
    Some(format!("{score} {{{reason}}}"))
}

impl<G: Game> GameSession<G> {
    /// Carries out an XBoard command; `Ok(Some(name))` asks for a switch to variant `name`.
    pub(super) fn xboard(&mut self, cmd: XCommand) -> Result<Option<String>, SessionError> {
        match cmd {
            XCommand::Protover => {
                for line in text::features(&crate::engine::registry::variant_names()) {
                    println!("{line}");
                }
            }
            XCommand::New => {
                self.abort();
                self.options.xboard.depth = None;
                self.options.chess960 = false;
                // `new` is standard chess; XBoard sends `variant` after it for the others.
                if self.name != "chess" {
                    return Ok(Some("chess".to_string()));
                }
                self.pending_clear = true;
                self.apply_pending();
                self.reset(G::start(&self.variant));
                self.xgame.side = Some(crate::core::Color::Black);
                self.xgame.analyzing = false;
            }
            XCommand::Force | XCommand::Result => {
                self.abort();
                self.xgame.side = None;
            }
            XCommand::Go => {
                self.abort();
                self.xgame.side = Some(self.pos.board().side_to_move());
                self.think()?;
            }
            XCommand::PlayOther => {
                self.abort();
                self.xgame.side = Some(!self.pos.board().side_to_move());
            }
            XCommand::UserMove(mv) => {
                self.abort();
                let played = match castling_from_xboard(self.pos.board(), &mv) {
                    Some(castle) => {
                        self.pos.play(castle);
                        Ok(castle)
                    }
                    None => self.pos.play_str(&mv),
                };
                if let Err(e) = played {
                    println!("Illegal move ({}): {}", e.reason, mv.escape_debug());
                    return Ok(None);
                }
                self.after_change()?;
            }
            XCommand::Clock { own, centis } => {
                self.options.xboard.clocks[usize::from(!own)] = Some(centis.saturating_mul(10));
            }
            XCommand::Level { moves, base_ms, inc_ms } => {
                self.options.xboard.level = Some((moves, base_ms, inc_ms));
                self.options.xboard.move_time = None;
            }
            XCommand::MoveTime(ms) => self.options.xboard.move_time = Some(ms),
            XCommand::Depth(d) => self.options.xboard.depth = Some(d),
            XCommand::Post(on) => self.options.xboard.post = on,
            XCommand::Analyze => {
                self.abort();
                self.xgame.analyzing = true;
                self.xgame.side = None;
                self.analyze()?;
            }
            XCommand::ExitAnalyze => {
                self.abort();
                self.xgame.analyzing = false;
            }
            XCommand::Undo(plies) => {
                self.abort();
                for _ in 0..plies {
                    self.pos.undo();
                }
                if self.xgame.analyzing {
                    self.analyze()?;
                }
            }
            XCommand::SetBoard(fen) => {
                self.abort();
                match G::from_fen(&self.variant, &fen) {
                    Ok(board) => self.reset(board),
                    Err(e) => {
                        println!("tellusererror Illegal position");
                        return Err(e.into());
                    }
                }
                if self.xgame.analyzing {
                    self.analyze()?;
                }
            }
            XCommand::MoveNow => self.signals.stop.store(true, Ordering::Relaxed),
            XCommand::Ping(n) => println!("pong {n}"),
        }
        Ok(None)
    }

    /// A new game from `board` (with the Chess960 setting and the game-length limit).
    fn reset(&mut self, mut board: G) {
        board.set_chess960(self.options.chess960);
        self.pos = Position::new(board);
        self.pos.set_max_game_ply(self.options.max_moves_to_draw);
    }

    /// Stops a running search without its move (XBoard's commands that change the game).
    fn abort(&mut self) {
        if self.running.is_some() && !self.reported.load(Ordering::Acquire) {
            self.discard.store(true, Ordering::Relaxed);
        }
        crate::protocol::Session::stop(self);
        crate::protocol::Session::wait(self);
    }

    /// After a move or a new position: claim the result if the game is over, else analyse or
    /// think when the engine is to move.
    fn after_change(&mut self) -> Result<(), SessionError> {
        if !self.xgame.analyzing
            && let Some(line) = result_line(&self.pos)
        {
            println!("{line}");
            self.xgame.side = None;
            return Ok(());
        }
        if self.xgame.analyzing {
            self.analyze()
        } else if self.xgame.side == Some(self.pos.board().side_to_move()) {
            self.think()
        } else {
            Ok(())
        }
    }

    /// Searches for the engine's move on the clock (`level`, `time`/`otim`), or `st`'s fixed
    /// time, within `sd`'s depth; the move is sent and played when the search ends.
    fn think(&mut self) -> Result<(), SessionError> {
        if let Some(line) = result_line(&self.pos) {
            println!("{line}");
            self.xgame.side = None;
            return Ok(());
        }
        let settings = &self.options.xboard;
        let us = self.pos.board().side_to_move();
        let mut limits = Limits {
            depth: settings.depth,
            ..Limits::default()
        };
        match (settings.move_time, settings.level) {
            (Some(ms), _) => limits.move_time = Some(ms),
            (None, Some((moves, base, inc))) => {
                let [own, theirs] = settings.clocks;
                limits.time[us.index()] = Some(own.unwrap_or(base));
                limits.time[(!us).index()] = Some(theirs.unwrap_or(base));
                limits.inc = [inc; 2];
                limits.timed = true;
                if moves > 0 {
                    // Moves the engine has made in this game, as the move counter tells.
                    let made = (self.pos.board().game_ply().saturating_sub(1) / 2) % moves;
                    limits.moves_to_go = Some(moves - made);
                }
            }
            (None, None) if settings.depth.is_some() => {}
            (None, None) => limits.move_time = Some(DEFAULT_MOVE_MS),
        }
        self.go(limits, &[], Answer::Move)
    }

    /// Analyze mode: search until the position changes or analysis ends, printing thinking
    /// lines whatever `post` says.
    fn analyze(&mut self) -> Result<(), SessionError> {
        if self.pos.outcome().is_some() {
            return Ok(());
        }
        self.options.xboard.post = true;
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.go(limits, &[], Answer::Nothing)
    }

    /// After a `variant` switch: the `setup` and `piece` lines for a variant XBoard does not
    /// know.
    pub(super) fn announce_xboard(&self) {
        if let Ok(def) = crate::engine::registry::check(&self.name) {
            for line in text::setup_lines(&def) {
                println!("{line}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::{Chess, ChessVariant};
    use crate::game::prelude::*;

    #[test]
    fn fischer_random_castling_is_written_o_o() {
        // King f1, rooks b1 and g1 (Shredder rights GB): both castlings legal.
        let mut board = Chess::from_fen(&ChessVariant, "4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1").expect("fen");
        board.set_chess960(true);
        let short = castling_from_xboard(&board, "O-O").expect("O-O legal");
        let long = castling_from_xboard(&board, "O-O-O").expect("O-O-O legal");
        assert_eq!(move_text(&board, short, true), "O-O");
        assert_eq!(move_text(&board, long, true), "O-O-O");
        assert_eq!(board.fmt_move(short), "f1g1");
        // Outside Chess960 the board's own notation; no castling move for a non-castling word.
        assert_eq!(move_text(&board, short, false), "f1g1");
        assert!(castling_from_xboard(&board, "O-O-O-O").is_none());
        let quiet = board.parse_move("f1f2").expect("legal");
        assert_eq!(move_text(&board, quiet, true), "f1f2");
    }
}
