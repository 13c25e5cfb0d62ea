//! nue in the browser: the engine compiled for `wasm32-wasip1` and run by a WASI shim in a Web
//! Worker (`web/nue-worker.js`). The worker writes the GUI's lines to the module's stdin and
//! calls [`nue_step`], which carries out every line waiting there, as the native engine's
//! protocol loop does (the first line picks UCI, USI, UCCI or XBoard); answers go to stdout,
//! which the worker posts back line by line. The build has no threads: a search runs to its
//! limit inside `nue_step`, and searches without one (`go infinite`) are refused.

use nue::protocol::Protocol;
use nue::protocol::input::{Line, Lines, MAX_LINE_BYTES};
use std::cell::RefCell;

thread_local! {
    /// The protocol loop's state, from the first line on.
    static ENGINE: RefCell<Option<Protocol>> = const { RefCell::new(None) };
}

/// Carries out the lines waiting on stdin, in order. Returns 1 once `quit` has been read (the
/// worker may then drop the module), 0 otherwise.
// SAFETY: `nue_step` is the only symbol this crate exports under its own name; it takes no
// arguments and touches no memory the caller owns.
#[unsafe(no_mangle)]
pub extern "C" fn nue_step() -> i32 {
    let stdin = std::io::stdin();
    let lines = Lines::new(stdin.lock(), MAX_LINE_BYTES);
    ENGINE.with(|cell| {
        let mut engine = cell.borrow_mut();
        for line in lines {
            if engine.is_none() {
                match &line {
                    Line::Text(text) if text.trim().is_empty() => continue,
                    Line::Text(text) => match Protocol::new(text, None) {
                        Ok(protocol) => *engine = Some(protocol),
                        Err(e) => {
                            println!("info string error: {e}");
                            continue;
                        }
                    },
                    _ => continue,
                }
            }
            if let Some(protocol) = engine.as_mut()
                && !protocol.line(line)
            {
                return 1;
            }
        }
        0
    })
}
