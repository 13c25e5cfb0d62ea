//! [`GameBoard`]: the [`Board`] of a game `G`, a [`Position`] with its moves in text.

use super::{ApiError, Board, PieceAt};
use crate::core::{Color, Outcome, PositionError, Square};
use crate::engine::select::{self, AnyEval};
use crate::game::san::{self, Style};
use crate::game::{Game, GameRules, GenKind, Position};
use crate::search::{Info, Limits, Reporter, Score, Search, SearchOptions, Signals};
use std::sync::Mutex;

/// One line of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based line number (MultiPV).
    pub multipv: u32,
    /// Depth completed, plies.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// The principal variation, UCI.
    pub pv: Vec<String>,
}

/// A position of game `G` with the moves played since its FEN.
pub struct GameBoard<G: Game> {
    variant: G::Variant,
    embedded: Option<&'static [u8]>,
    pos: Position<G>,
    moves: Vec<(G::Move, String)>,
}

/// How a FEN is read: [`crate::game::Notation::from_fen`], or `from_fen_unchecked` where a side
/// not to move in check passes (Fairy-Stockfish's reading).
pub type ReadFen<G> = fn(&<G as GameRules>::Variant, &str) -> Result<G, PositionError>;

impl<G: Game> GameBoard<G> {
    /// The position of `fen` read by `read` (the start position for `None`).
    ///
    /// # Errors
    /// The variant refuses the FEN.
    pub fn new(
        variant: &G::Variant,
        embedded: Option<&'static [u8]>,
        fen: Option<&str>,
        chess960: bool,
        read: ReadFen<G>,
    ) -> Result<GameBoard<G>, ApiError> {
        let mut state = match fen {
            Some(f) => read(variant, f).map_err(|e| ApiError(format!("invalid FEN '{f}': {e}")))?,
            None => G::start(variant),
        };
        state.set_chess960(chess960);
        Ok(GameBoard {
            variant: variant.clone(),
            embedded,
            pos: Position::new(state),
            moves: Vec::new(),
        })
    }

    fn parse(&self, text: &str) -> Result<G::Move, ApiError> {
        self.pos
            .board()
            .parse_move(text)
            .map_err(|e| ApiError(format!("invalid move '{text}': {e}")))
    }
}

impl<G: Game> Clone for GameBoard<G> {
    fn clone(&self) -> Self {
        GameBoard {
            variant: self.variant.clone(),
            embedded: self.embedded,
            pos: self.pos.clone(),
            moves: self.moves.clone(),
        }
    }
}

impl<G: Game> Board for GameBoard<G> {
    fn fen(&self) -> String {
        self.pos.board().to_fen()
    }

    fn fen_showing_promoted(&self) -> String {
        let board = self.pos.board();
        let files = board.dims().files;
        super::dialect::mark_promoted(&self.fen(), board.dims().ranks, |f, r| {
            board.marked_promoted(Square::new(f, r, files))
        })
    }

    fn legal_moves(&self) -> Vec<String> {
        let board = self.pos.board();
        if board.outcome().is_some() {
            return Vec::new();
        }
        let mut list = G::MoveList::default();
        board.generate(GenKind::All, &mut list);
        list.iter().map(|&m| board.fmt_move(m)).collect()
    }

    fn push(&mut self, text: &str) -> Result<(), ApiError> {
        let mv = self.parse(text)?;
        let written = self.pos.board().fmt_move(mv);
        self.pos.play(mv);
        self.moves.push((mv, written));
        Ok(())
    }

    fn pop(&mut self) -> Option<String> {
        let (_, text) = self.moves.pop()?;
        self.pos.undo();
        Some(text)
    }

    fn moves(&self) -> Vec<String> {
        self.moves.iter().map(|(_, t)| t.clone()).collect()
    }

    fn in_check(&self) -> bool {
        self.pos.board().in_check()
    }

    fn is_capture(&self, text: &str) -> Result<bool, ApiError> {
        let mv = self.parse(text)?;
        Ok(self.pos.board().captured_piece(mv).is_some())
    }

    fn gives_check(&self, text: &str) -> Result<bool, ApiError> {
        let mv = self.parse(text)?;
        Ok(self.pos.board().gives_check(mv))
    }

    fn san(&self, text: &str, notation: i64) -> Result<String, ApiError> {
        let mv = self.parse(text)?;
        let board = self.pos.board();
        let style = match notation {
            0 => Style::default_for(board),
            n => Style::from_number(n).ok_or_else(|| ApiError(format!("notation {n} is not supported")))?,
        };
        Ok(san::write(board, mv, style))
    }

    fn pieces(&self) -> Vec<PieceAt> {
        let spec = G::layout_spec(&self.variant);
        let files = self.pos.board().dims().files;
        let mut out = Vec::new();
        self.pos.board().for_each_piece(|piece, sq| {
            out.push(PieceAt {
                color: piece.color,
                token: spec.pieces.get(usize::from(piece.kind)).cloned().unwrap_or_default(),
                file: sq.file(files),
                rank: sq.rank(files),
            });
        });
        out
    }

    fn hand_total(&self, color: Color) -> u32 {
        let board = self.pos.board();
        (0..board.dims().hand_kinds)
            .map(|k| u32::from(board.hand_count(color, k)))
            .sum()
    }

    fn last_capture(&self) -> Option<char> {
        let &(mv, _) = self.moves.last()?;
        let parent = self.pos.parent()?;
        let piece = parent.captured_piece(mv)?;
        let spec = G::layout_spec(&self.variant);
        // A piece made by a pawn's promotion goes back as a pawn (`Q~` in crazyhouse).
        let kind = if parent.marked_promoted(parent.move_target(mv)) {
            (0..parent.dims().piece_kinds)
                .find(|&k| parent.is_chess_pawn(k))
                .unwrap_or(piece.kind)
        } else {
            piece.kind
        };
        let letter = spec.pieces.get(usize::from(kind))?.chars().last()?;
        Some(if piece.color == Color::White {
            letter.to_ascii_uppercase()
        } else {
            letter.to_ascii_lowercase()
        })
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        self.pos.board().outcome()
    }

    fn no_move_outcome(&self) -> Outcome {
        self.pos.board().outcome_without_moves()
    }

    fn claimable_outcome(&self, count_started: i64) -> Option<Outcome> {
        let board = self.pos.board();
        let has_moves = || board.count_legal() > 0;
        let count_run_out = self.count(count_started).is_some_and(|(limit, ply)| ply > limit);
        let claim = self.pos.n_move_rule_reached() || count_run_out || board.draw_claimable();
        if claim && (!board.in_check() || has_moves()) {
            return Some(board.drawn_outcome());
        }
        self.pos.repetition_by_rule()
    }

    fn count(&self, count_started: i64) -> Option<(u16, u16)> {
        let board = self.pos.board();
        let count = board.count()?;
        if count_started == 0 {
            return Some((count.limit, count.ply));
        }
        // Fairy-Stockfish's board_honor_counting_ply, counting_limit and counting_ply.
        const CAMBODIAN_BOARD_LIMIT: i64 = 126;
        let game_ply = i64::from(board.game_ply()) - 1;
        let board_ply = if count_started < 0 {
            0
        } else {
            (1 + game_ply - count_started).max(0)
        };
        let shorter = count.board_honor_shortens
            && CAMBODIAN_BOARD_LIMIT - board_ply < i64::from(count.limit) - i64::from(count.ply);
        let (mut pawns, mut pieces) = (0, [0u32; 2]);
        board.for_each_piece(|piece, _| {
            pieces[piece.color.index()] += 1;
            pawns += u32::from(board.is_chess_pawn(piece.kind));
        });
        let pieces_honor = pawns == 0 && pieces.iter().any(|&n| n <= 1);
        let limit = if shorter {
            CAMBODIAN_BOARD_LIMIT as u16
        } else {
            count.limit
        };
        let ply = if pieces_honor && !shorter {
            count.ply
        } else {
            u16::try_from(board_ply).unwrap_or(u16::MAX)
        };
        Some((limit, ply))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn side_to_move(&self) -> usize {
        self.pos.board().side_to_move().index()
    }

    fn analyse(&self, limits: &Limits, multipv: usize, threads: usize, hce: bool) -> Vec<Line> {
        let setting = if hce { "none" } else { "" };
        let eval: AnyEval<G> = match select::choose::<G>(&self.variant, setting, self.embedded) {
            Ok((eval, _)) => eval,
            Err(_) => AnyEval::Hce(Default::default()),
        };
        let options = SearchOptions {
            threads: threads.max(1),
            multipv: multipv.max(1),
            move_overhead: 0,
            ..SearchOptions::default()
        };
        let lines = Collect(Mutex::new(Vec::new()));
        let mut search = Search::<G, AnyEval<G>>::new(16);
        search.run(&self.pos, &eval, limits, &options, &Signals::default(), &lines);
        let mut out = lines.0.into_inner().unwrap_or_default();
        // The last report of each line, best line first.
        out.sort_by_key(|l| (l.multipv, std::cmp::Reverse(l.depth)));
        out.dedup_by_key(|l| l.multipv);
        out
    }

    fn clone_box(&self) -> Box<dyn Board> {
        Box::new(self.clone())
    }
}

/// A reporter that keeps every line of every iteration.
struct Collect(Mutex<Vec<Line>>);

impl Reporter for Collect {
    fn info(&self, info: &Info) {
        if let Ok(mut lines) = self.0.lock() {
            // A later report of the same line and depth (the final one) replaces the earlier.
            lines.retain(|l| !(l.multipv == info.multipv && l.depth == info.depth));
            lines.push(Line {
                multipv: info.multipv,
                depth: info.depth,
                seldepth: info.seldepth,
                score: info.score,
                nodes: info.nodes,
                time_ms: info.time_ms,
                pv: info.pv.clone(),
            });
        }
    }
}
