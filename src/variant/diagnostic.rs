//! Where a variant's problems are: a [`Diagnostic`] names the file, line, column and key of
//! one, [`Diagnostics`] holds all of a variant's, and a [`Source`] is the text of one file
//! they point into.

use std::fmt;
use std::path::PathBuf;

/// One problem in a variant file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// The file (or built-in name) with the problem.
    pub file: String,
    /// 1-based line and column (0 when the problem has no position, e.g. a missing file).
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)
        }
    }
}

/// All problems found in a variant, one per line when displayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// The text of one file of a variant's inheritance chain.
#[derive(Clone, Debug)]
pub struct Source {
    /// What messages call it: the path, or `<built-in>/NAME.toml`.
    pub name: String,
    /// The file's text.
    pub text: String,
    /// The directory relative `inherits` paths are resolved against (none for built-ins).
    pub(super) dir: Option<PathBuf>,
}

impl Source {
    /// A variant given as text; `name` is what messages call it. Relative `inherits` paths are
    /// resolved against the current directory.
    pub fn inline(name: &str, text: &str) -> Source {
        Source {
            name: name.to_string(),
            text: text.to_string(),
            dir: None,
        }
    }

    /// 1-based line and column of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    pub(super) fn at(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.line_col(offset);
        Diagnostic {
            file: self.name.clone(),
            line,
            col,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_from_one() {
        let s = Source {
            name: "x".into(),
            text: "ab\ncd\n".into(),
            dir: None,
        };
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(4), (2, 2));
    }
}
