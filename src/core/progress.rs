//! Progress of long commands (datagen, training, matches): a bar with rate and ETA on a
//! terminal (indicatif), and a plain line at most every [`PLAIN_EVERY`] when stderr is piped to a
//! file or a scheduler's log, so logs stay readable.

use bar::Bar;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a plain progress line is printed when stderr is not a terminal.
pub const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// A progress report on stderr for `total` steps.
pub struct Progress {
    label: String,
    total: u64,
    /// The bar, on a terminal only.
    bar: Option<Bar>,
    start: Instant,
    /// Whether plain lines are printed when stderr is piped.
    plain: bool,
    /// When the last plain line was printed (piped stderr).
    last_plain: Mutex<Option<Instant>>,
}

impl Progress {
    /// A report labelled `label` (`games`, `epoch 2/6`, `pairs`) for `total` steps.
    pub fn new(label: &str, total: u64) -> Progress {
        Progress::with_plain(label, total, true)
    }

    /// A bar on a terminal and nothing when piped, for commands whose output already says how
    /// far they are (perft's and bench's lines).
    pub fn terminal_only(label: &str, total: u64) -> Progress {
        Progress::with_plain(label, total, false)
    }

    fn with_plain(label: &str, total: u64, plain: bool) -> Progress {
        let bar = bar::on_terminal(label, total);
        Progress {
            label: label.to_string(),
            total,
            bar,
            start: Instant::now(),
            plain,
            last_plain: Mutex::new(None),
        }
    }

    /// `done` steps of the total, with `message` (rates, losses) beside them.
    pub fn update(&self, done: u64, message: &str) {
        match &self.bar {
            Some(bar) => {
                bar.set_position(done);
                bar.set_message(message.to_string());
            }
            None if !self.plain => {}
            None => {
                let Ok(mut last) = self.last_plain.lock() else { return };
                if last.is_none_or(|t| t.elapsed() >= PLAIN_EVERY) {
                    *last = Some(Instant::now());
                    self.plain_line(done, message);
                }
            }
        }
    }

    /// The last report: the bar completed, or a final plain line.
    pub fn finish(&self, done: u64, message: &str) {
        match &self.bar {
            Some(bar) => {
                bar.set_position(done);
                bar.finish_with_message(message.to_string());
            }
            None if !self.plain => {}
            None => self.plain_line(done, message),
        }
    }

    fn plain_line(&self, done: u64, message: &str) {
        let elapsed = self.start.elapsed().as_secs_f64();
        // The rest at the rate so far; unknown before the first step.
        let eta = if done > 0 && done < self.total {
            format!(", ETA {}", clock(elapsed * (self.total - done) as f64 / done as f64))
        } else {
            String::new()
        };
        eprintln!(
            "{} {done}/{}  {message}  ({} elapsed{eta})",
            self.label,
            self.total,
            clock(elapsed)
        );
    }
}

/// The terminal's bar (indicatif).
#[cfg(not(target_family = "wasm"))]
mod bar {
    pub use indicatif::ProgressBar as Bar;
    use indicatif::{ProgressDrawTarget, ProgressStyle};
    use std::io::IsTerminal;

    /// A bar labelled `label` when stderr is a terminal.
    pub fn on_terminal(label: &str, total: u64) -> Option<Bar> {
        std::io::stderr().is_terminal().then(|| {
            let bar = Bar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(4));
            let style = ProgressStyle::with_template("{prefix} [{bar:24}] {pos}/{len}  {msg}  ETA {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("#>.");
            bar.set_style(style);
            bar.set_prefix(label.to_string());
            bar
        })
    }
}

/// WebAssembly has no terminal: never a bar.
#[cfg(target_family = "wasm")]
mod bar {
    /// No bar can exist.
    pub enum Bar {}

    impl Bar {
        pub fn set_position(&self, _: u64) {
            match *self {}
        }
        pub fn set_message(&self, _: String) {
            match *self {}
        }
        pub fn finish_with_message(&self, _: String) {
            match *self {}
        }
    }

    pub fn on_terminal(_: &str, _: u64) -> Option<Bar> {
        None
    }
}

/// Seconds as `HH:MM:SS`.
fn clock(seconds: f64) -> String {
    let s = seconds.min(1e9) as u64;
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::clock;

    #[test]
    fn clock_prints_hours_minutes_seconds() {
        assert_eq!(clock(0.4), "00:00:00");
        assert_eq!(clock(3725.0), "01:02:05");
        assert_eq!(clock(f64::INFINITY), clock(1e9));
    }
}
