//! `nue.Board`: a position with its moves, for play and analysis from Python.

use crate::functions::error;
use crate::registry;
use nue::core::Outcome;
use nue::search::{Limits, Score};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A game in progress: `Board(variant="chess", fen=None, chess960=False)`.
#[pyclass(module = "nue")]
pub struct Board {
    variant: String,
    inner: Box<dyn nue::engine::api::Board>,
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant = "chess", fen = None, chess960 = false))]
    fn new(variant: &str, fen: Option<&str>, chess960: bool) -> PyResult<Board> {
        let v = registry::get(variant)?;
        let inner = v.board(fen, &[], chess960).map_err(|e| error::new_err(e.0))?;
        Ok(Board {
            variant: v.name().to_string(),
            inner,
        })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &str {
        &self.variant
    }

    /// The moves played since the start (UCI).
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.inner.moves()
    }

    /// The side to move: "w" or "b".
    #[getter]
    fn turn(&self) -> &'static str {
        if self.inner.side_to_move() == 0 { "w" } else { "b" }
    }

    /// The position's FEN.
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// Every legal move (UCI).
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays a move (UCI); ValueError if it is not legal.
    fn push(&mut self, r#move: &str) -> PyResult<()> {
        self.inner.push(r#move).map_err(|e| error::new_err(e.0))
    }

    /// Takes back the last move and returns it; IndexError when none was played.
    fn pop(&mut self) -> PyResult<String> {
        self.inner
            .pop()
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("no move to take back"))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.inner.in_check()
    }

    /// `move` in written notation (a `NOTATION_*` constant; default SAN, or shogi's Hodges
    /// with numbers for the shogi family).
    #[pyo3(signature = (r#move, notation = 0))]
    fn san(&self, r#move: &str, notation: i64) -> PyResult<String> {
        self.inner.san(r#move, notation).map_err(|e| error::new_err(e.0))
    }

    /// Whether `move` takes a piece.
    fn is_capture(&self, r#move: &str) -> PyResult<bool> {
        self.inner.is_capture(r#move).map_err(|e| error::new_err(e.0))
    }

    /// Whether `move` gives check.
    fn gives_check(&self, r#move: &str) -> PyResult<bool> {
        self.inner.gives_check(r#move).map_err(|e| error::new_err(e.0))
    }

    /// Whether the game is over by any rule (mate, stalemate, repetition, the move rule, the
    /// variant's own goals).
    fn is_game_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// The result: "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
    fn result(&self) -> &'static str {
        let Some(o) = self.inner.outcome() else { return "*" };
        let first_wins = match o {
            Outcome::Draw => return "1/2-1/2",
            Outcome::Win => self.inner.side_to_move() == 0,
            Outcome::Loss => self.inner.side_to_move() == 1,
        };
        if first_wins { "1-0" } else { "0-1" }
    }

    /// A copy of the board.
    fn copy(&self) -> Board {
        Board {
            variant: self.variant.clone(),
            inner: self.inner.clone_box(),
        }
    }

    /// Searches the position (see `nue.analyse`).
    #[pyo3(signature = (depth = None, nodes = None, movetime = None, multipv = 1, threads = 1))]
    fn analyse(
        &self,
        py: Python<'_>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<u64>,
        multipv: usize,
        threads: usize,
    ) -> PyResult<Vec<Py<PyDict>>> {
        let args = SearchArgs {
            depth,
            nodes,
            movetime,
            multipv,
            threads,
        };
        analyse_board(py, self.inner.as_ref(), &args)
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', '{}')", self.variant, self.inner.fen())
    }

    fn __str__(&self) -> String {
        self.inner.fen()
    }
}

/// The limits and width of an `analyse` call, as Python passed them.
pub struct SearchArgs {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    multipv: usize,
    threads: usize,
}

/// Searches `board` and returns one dict per line: `multipv`, `depth`, `seldepth`, `score`
/// (`{"cp": n}` or `{"mate": n}`, moves to mate, negative when being mated), `nodes`,
/// `time` (ms) and `pv` (UCI moves). Without a limit it searches to depth 12. The GIL is
/// released while it searches.
pub fn analyse_board(
    py: Python<'_>,
    board: &dyn nue::engine::api::Board,
    args: &SearchArgs,
) -> PyResult<Vec<Py<PyDict>>> {
    let &SearchArgs {
        depth,
        nodes,
        movetime,
        multipv,
        threads,
    } = args;
    if threads == 0 || threads > 256 || multipv == 0 {
        return Err(error::new_err("threads must be 1 to 256 and multipv at least 1"));
    }
    let limits = Limits {
        depth: depth.or((nodes.is_none() && movetime.is_none()).then_some(12)),
        nodes,
        move_time: movetime,
        ..Limits::default()
    };
    let copy = board.clone_box();
    let lines = py.detach(move || copy.analyse(&limits, multipv, threads, false));
    lines
        .into_iter()
        .map(|l| {
            let d = PyDict::new(py);
            d.set_item("multipv", l.multipv)?;
            d.set_item("depth", l.depth)?;
            d.set_item("seldepth", l.seldepth)?;
            let score = PyDict::new(py);
            match l.score {
                Score::Cp(cp) => score.set_item("cp", cp)?,
                Score::MatePlies(p) => score.set_item("mate", if p > 0 { (p + 1) / 2 } else { p / 2 })?,
            }
            d.set_item("score", score)?;
            d.set_item("nodes", l.nodes)?;
            d.set_item("time", l.time_ms)?;
            d.set_item("pv", l.pv)?;
            Ok(d.unbind())
        })
        .collect()
}

/// Searches a position of `variant` given by a FEN (the start position for `None`) and moves.
#[pyfunction]
#[pyo3(signature = (variant, fen = None, moves = Vec::new(), depth = None, nodes = None, movetime = None, multipv = 1, threads = 1, chess960 = false))]
#[allow(clippy::too_many_arguments)]
pub fn analyse(
    py: Python<'_>,
    variant: &str,
    fen: Option<&str>,
    moves: Vec<String>,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    multipv: usize,
    threads: usize,
    chess960: bool,
) -> PyResult<Vec<Py<PyDict>>> {
    let v = registry::get(variant)?;
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let board = v.board(fen, &moves, chess960).map_err(|e| error::new_err(e.0))?;
    let args = SearchArgs {
        depth,
        nodes,
        movetime,
        multipv,
        threads,
    };
    analyse_board(py, board.as_ref(), &args)
}

/// Registers `analyse`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyse, m)?)
}
