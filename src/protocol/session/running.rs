//! A search or perft in progress: on its own thread where the platform has threads, so the
//! input loop answers `stop` and `isready` meanwhile; run to its end at once where it has none
//! (the single-threaded WebAssembly build), where only finite searches are allowed.

use std::thread::JoinHandle;

/// A job started by [`Running::start`].
pub enum Running<T> {
    /// On its own thread.
    Thread(JoinHandle<T>),
    /// Already done (no threads).
    Done(T),
}

/// Whether this build can run a search beside the input loop.
pub const HAS_THREADS: bool = !cfg!(target_family = "wasm");

impl<T: Send + 'static> Running<T> {
    /// Starts `job` with a stack of `stack_bytes` (the default when `None`).
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn start(stack_bytes: Option<usize>, job: impl FnOnce() -> T + Send + 'static) -> std::io::Result<Running<T>> {
        if !HAS_THREADS {
            return Ok(Running::Done(job()));
        }
        let builder = std::thread::Builder::new();
        let builder = match stack_bytes {
            Some(bytes) => builder.stack_size(bytes),
            None => builder,
        };
        builder.spawn(job).map(Running::Thread)
    }

    /// Whether the job has ended.
    pub fn is_finished(&self) -> bool {
        match self {
            Running::Thread(handle) => handle.is_finished(),
            Running::Done(_) => true,
        }
    }

    /// Waits for the job's end; `None` if its thread panicked.
    pub fn join(self) -> Option<T> {
        match self {
            Running::Thread(handle) => handle.join().ok(),
            Running::Done(value) => Some(value),
        }
    }
}
