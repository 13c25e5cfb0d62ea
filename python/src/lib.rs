//! The `nue` Python module: Fairy-Stockfish's `pyffish` API over nue's rules (same function
//! names, arguments, return values and constants, so that `import nue as sf` replaces
//! `import pyffish as sf`), a `Board` class, and `analyse`, a search that releases the GIL.
//!
//! Differences from pyffish, on purpose: bad input (an unknown variant, a malformed FEN, an
//! illegal move in a move list) raises `ValueError` with a message instead of crashing the
//! interpreter or raising `SystemError`; a shogi pawn-drop mate is not a legal move (the rule
//! forbids it; pyffish lists it and then scores the mated side as the winner).

mod board;
mod fen;
mod functions;
mod registry;

use pyo3::prelude::*;

/// The notation constants (pyffish's values).
const NOTATIONS: [(&str, i32); 10] = [
    ("NOTATION_DEFAULT", 0),
    ("NOTATION_SAN", 1),
    ("NOTATION_LAN", 2),
    ("NOTATION_SHOGI_HOSKING", 3),
    ("NOTATION_SHOGI_HODGES", 4),
    ("NOTATION_SHOGI_HODGES_NUMBER", 5),
    ("NOTATION_JANGGI", 6),
    ("NOTATION_XIANGQI_WXF", 7),
    ("NOTATION_THAI_SAN", 8),
    ("NOTATION_THAI_LAN", 9),
];

#[pymodule]
#[pyo3(name = "_nue")]
fn nue_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("VALUE_MATE", functions::VALUE_MATE)?;
    m.add("VALUE_DRAW", 0)?;
    m.add("FEN_OK", fen::FEN_OK)?;
    m.add("FEN_INVALID_PROMOTED_PIECE", fen::FEN_INVALID_PROMOTED_PIECE)?;
    for (name, value) in NOTATIONS {
        m.add(name, value)?;
    }
    functions::register(m)?;
    m.add_class::<board::Board>()?;
    board::register(m)?;
    Ok(())
}
