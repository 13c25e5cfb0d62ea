//! The session's UCCI commands with no UCI counterpart: `go` with the side to move's and the
//! opponent's clocks in the GUI's unit, and `banmoves`.

use super::{Answer, GameSession};
use crate::game::{Game, GenKind, Position};
use crate::protocol::Flavor;
use crate::protocol::error::SessionError;
use crate::protocol::ucci::{self as text, UcciCommand, UcciGo};

impl<G: Game> GameSession<G> {
    /// Whether this session's moves are translated to UCCI's squares ([`ucci_ranks`]).
    pub(super) fn ucci_ranks(&self) -> bool {
        ucci_ranks(self.flavor, self.pos.board())
    }

    /// Carries out a UCCI command.
    ///
    /// # Errors
    /// [`SessionError`]: a banned move that is not legal here (the others are kept), or a
    /// search thread that cannot start.
    pub(super) fn ucci(&mut self, cmd: UcciCommand) -> Result<(), SessionError> {
        match cmd {
            UcciCommand::BanMoves(moves) => self.ban(&moves),
            UcciCommand::Go(go) => {
                let limits = self.ucci_limits(go);
                self.go(limits, &[], Answer::Best)
            }
        }
    }

    fn ban(&mut self, moves: &[String]) -> Result<(), SessionError> {
        let board = self.pos.board();
        let mut unknown = Vec::new();
        self.banned.clear();
        for m in moves {
            let uci = if self.ucci_ranks() {
                text::to_uci_move(m)
            } else {
                m.clone()
            };
            match board.parse_move(&uci) {
                Ok(mv) => self.banned.push(board.fmt_move(mv)),
                Err(_) => unknown.push(m.clone()),
            }
        }
        if unknown.is_empty() {
            Ok(())
        } else {
            Err(SessionError::Banned(unknown.join(" ")))
        }
    }

    /// UCI limits for a UCCI `go`: clocks to colors and milliseconds, banned moves left out
    /// of the root.
    fn ucci_limits(&self, go: UcciGo) -> crate::search::Limits {
        let unit = if self.options.use_millisec { 1 } else { 1000 };
        let mut limits = go.limits;
        let us = self.pos.board().side_to_move().index();
        for (side, clock) in [(us, go.own), (1 - us, go.opponent)] {
            limits.time[side] = clock.time.map(|t| t.saturating_mul(unit));
            limits.inc[side] = clock.increment.saturating_mul(unit);
        }
        // UCCI's `go` has no `searchmoves`: the banned moves are the only restriction.
        if !self.banned.is_empty() {
            limits.search_moves = allowed_moves(&self.pos, &self.banned);
        }
        limits
    }
}

/// Whether moves on `board` are written in UCCI's squares: UCCI on a 10-rank board.
pub(super) fn ucci_ranks<G: Game>(flavor: Flavor, board: &G) -> bool {
    flavor == Flavor::Ucci && board.dims().ranks == 10
}

/// The legal moves of `pos` other than `banned` (all in UCI's notation); all of them when every
/// one is banned, as a search needs a move to answer with.
fn allowed_moves<G: Game>(pos: &Position<G>, banned: &[String]) -> Vec<String> {
    let board = pos.board();
    let mut list = G::MoveList::default();
    board.generate(GenKind::All, &mut list);
    let all: Vec<String> = list.iter().map(|&m| board.fmt_move(m)).collect();
    let allowed: Vec<String> = all.iter().filter(|m| !banned.contains(m)).cloned().collect();
    if allowed.is_empty() { all } else { allowed }
}
