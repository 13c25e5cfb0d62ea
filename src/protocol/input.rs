//! Reading the GUI's lines: as bytes, so a line that is not UTF-8 gets an error instead of
//! ending the engine, and with a length cap, so a runaway line cannot take the memory.

use std::io::BufRead;

/// Longest line read (bytes); longer ones are skipped with an error. The longest real
/// commands (a `position` with hundreds of moves) stay far below.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of UTF-8 text, without its line end.
    Text(String),
    /// A line with bytes that are not UTF-8.
    NotUtf8,
    /// A line longer than the cap, skipped; its length in bytes.
    TooLong(usize),
}

/// The lines of `reader`, each at most `max` bytes, until end of input or a read error.
pub struct Lines<R> {
    reader: R,
    max: usize,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader` capped at `max` bytes.
    pub fn new(reader: R, max: usize) -> Lines<R> {
        Lines { reader, max }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        let mut bytes = Vec::new();
        let mut length = 0usize;
        let mut any = false;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if buf.is_empty() {
                if !any {
                    return None;
                }
                break;
            }
            any = true;
            let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1),
                None => (buf, buf.len()),
            };
            let newline = done > chunk.len();
            length += chunk.len();
            if length <= self.max {
                bytes.extend_from_slice(chunk);
            }
            self.reader.consume(done);
            if newline {
                break;
            }
        }
        if length > self.max {
            return Some(Line::TooLong(length));
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        Some(String::from_utf8(bytes).map_or(Line::NotUtf8, Line::Text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bytes_and_long_lines_are_reported_and_reading_goes_on() {
        let input: &[u8] = b"uci\r\n\xff\xfe go\nisready\n0123456789abc\nquit";
        let lines: Vec<Line> = Lines::new(input, 12).collect();
        assert_eq!(
            lines,
            [
                Line::Text("uci".into()),
                Line::NotUtf8,
                Line::Text("isready".into()),
                Line::TooLong(13),
                Line::Text("quit".into()),
            ]
        );
        assert_eq!(Lines::new(&b""[..], 12).count(), 0);
        assert_eq!(
            Lines::new(&b"\n"[..], 12).collect::<Vec<_>>(),
            [Line::Text(String::new())]
        );
    }
}
