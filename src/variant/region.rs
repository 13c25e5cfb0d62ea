//! Square names and regions in variant files: `e4`, `a10`; regions as Fairy-Stockfish writes
//! them, a space-separated list of squares where `*` is a wildcard (`*8` = rank 8, `a*` = the
//! a-file, `*` = every square).

use crate::core::Square;
use std::fmt;

/// A file name or region item that names no square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionError {
    /// Not a file letter of a board `files` wide.
    NotAFile {
        /// The text given.
        text: String,
        /// The board's width.
        files: u8,
    },
    /// An item of a region that is no square or square pattern of the board.
    NotASquare {
        /// Byte offset of the item within the region's text.
        offset: usize,
        /// The item.
        item: String,
    },
}

impl RegionError {
    /// Byte offset of the bad item within the text (0 for a file).
    pub fn offset(&self) -> usize {
        match self {
            RegionError::NotAFile { .. } => 0,
            RegionError::NotASquare { offset, .. } => *offset,
        }
    }
}

impl fmt::Display for RegionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegionError::NotAFile { text, files } => write!(
                f,
                "'{}' is not a file of this board (a-{})",
                text.escape_debug(),
                (b'a' + files.saturating_sub(1)) as char
            ),
            RegionError::NotASquare { item, .. } => write!(
                f,
                "'{}' is not a square or square pattern of this board",
                item.escape_debug()
            ),
        }
    }
}

impl std::error::Error for RegionError {}

/// Parses a file letter (`a`..) on a board `files` wide, 0-based.
///
/// # Errors
/// [`RegionError::NotAFile`].
pub fn file(text: &str, files: u8) -> Result<u8, RegionError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='z'), None) if (c as u8 - b'a') < files => Ok(c as u8 - b'a'),
        _ => Err(RegionError::NotAFile {
            text: text.to_string(),
            files,
        }),
    }
}

/// Parses a region.
///
/// # Errors
/// [`RegionError::NotASquare`] with the byte offset of the bad item within `text`.
pub fn parse(text: &str, files: u8, ranks: u8) -> Result<Vec<Square>, RegionError> {
    let mut out = Vec::new();
    let mut offset = 0;
    for item in text.split(' ') {
        let at = offset;
        offset += item.len() + 1;
        if item.is_empty() {
            continue;
        }
        let bad = || RegionError::NotASquare {
            offset: at,
            item: item.to_string(),
        };
        let split = if item.starts_with('*') {
            1
        } else {
            item.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(item.len())
        };
        let (f, r) = if item == "*" { ("*", "*") } else { item.split_at(split) };
        let file_set: Vec<u8> = if f == "*" {
            (0..files).collect()
        } else {
            vec![file(f, files).map_err(|_| bad())?]
        };
        let rank_set: Vec<u8> = if r == "*" {
            (0..ranks).collect()
        } else {
            match r.parse::<u8>() {
                Ok(n) if (1..=ranks).contains(&n) => vec![n - 1],
                _ => return Err(bad()),
            }
        };
        for &rank in &rank_set {
            for &fl in &file_set {
                let sq = Square::new(fl, rank, files);
                if !out.contains(&sq) {
                    out.push(sq);
                }
            }
        }
    }
    out.sort_unstable();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_ranks_files_and_errors() {
        assert_eq!(parse("d4 e4", 8, 8), Ok(vec![Square(27), Square(28)]));
        assert_eq!(parse("*8", 8, 8).map(|v| v.len()), Ok(8));
        assert_eq!(parse("a*", 10, 10).map(|v| v.len()), Ok(10));
        assert_eq!(parse("j10", 10, 10), Ok(vec![Square(99)]));
        assert_eq!(parse("*", 5, 5).map(|v| v.len()), Ok(25));
        assert_eq!(parse("e4 i4", 8, 8).map_err(|e| e.offset()), Err(3));
        assert!(parse("a9", 8, 8).is_err());
        assert!(parse("4a", 8, 8).is_err());
    }
}
