//! Drives the `nue` binary over stdin/stdout for protocol tests: send lines, wait for answers
//! with a deadline, never hang a test run.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nue"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin: Some(stdin),
            lines: rx,
            transcript: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Sends raw bytes (for lines that are not UTF-8), then a newline.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.write_all(b"\n").expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Reads lines until one satisfies `done`; returns all lines read, the last one matching.
    /// Panics with the transcript if `timeout` passes first.
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("timed out; transcript:\n{}", self.transcript.join("\n"))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine exited; transcript:\n{}", self.transcript.join("\n"))
                }
            }
        }
    }

    /// Sends `line` and returns the lines up to and including the first starting with `prefix`.
    pub fn ask(&mut self, line: &str, prefix: &str) -> Vec<String> {
        self.send(line);
        self.until(Duration::from_secs(30), |l| l.starts_with(prefix))
    }

    /// Sends `isready` and returns the lines before `readyok` (errors show up there).
    pub fn sync(&mut self) -> Vec<String> {
        let mut lines = self.ask("isready", "readyok");
        lines.pop();
        lines
    }

    /// Sends `quit` and waits for the process to exit; returns its exit code.
    pub fn quit(mut self) -> i32 {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code().unwrap_or(-1);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("engine did not quit");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Engine {
    /// Sends `line`, then asserts an `info string error` mentioning `words` comes back before
    /// `readyok`.
    pub fn expect_error(&mut self, line: &str, words: &str) {
        self.send(line);
        let lines = self.sync();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: ") && l.contains(words)),
            "'{line}' should answer an error mentioning '{words}', got {lines:?}"
        );
    }

    /// Closes stdin (end of input), then collects every line until the engine exits; returns
    /// them with the exit code.
    pub fn close(mut self) -> (Vec<String>, i32) {
        self.stdin = None;
        let mut seen = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(30)) {
            seen.push(line);
        }
        let code = self.child.wait().expect("exit").code().unwrap_or(-1);
        (seen, code)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether no line reports an error.
pub fn no_errors(lines: &[String]) -> bool {
    lines.iter().all(|l| !l.contains("error"))
}
