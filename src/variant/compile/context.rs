//! What the concerns of the compile share ([`Ctx`]): the merged variant, its files, the
//! checked board and every problem found so far; and the readers of values each concern uses
//! (piece letters to kinds, regions to squares, results), which report what they cannot read.

use crate::core::{Outcome, Square};
use crate::variant::schema::Merged;
use crate::variant::{Diagnostic, Diagnostics, MAX_SIDE, MAX_SQUARES, Source, region};
use toml::Spanned;

/// The compile's shared state.
pub(super) struct Ctx<'a> {
    /// The merged variant.
    pub(super) m: &'a Merged,
    /// The files of its inheritance chain, parent first.
    sources: &'a [Source],
    /// Every problem found so far, in the order found.
    pub(super) problems: Vec<Diagnostic>,
    /// Board width.
    pub(super) files: u8,
    /// Board height.
    pub(super) ranks: u8,
}

impl<'a> Ctx<'a> {
    /// The compile of `m` begun with its board checked: a board of no squares, or of more than
    /// a bitboard holds, ends it here.
    pub(super) fn new(m: &'a Merged, sources: &'a [Source]) -> Result<Ctx<'a>, Diagnostics> {
        let files = get(&m.files, 8);
        let ranks = get(&m.ranks, 8);
        let mut ctx = Ctx {
            m,
            sources,
            problems: Vec::new(),
            files,
            ranks,
        };
        for (field, key, size) in [(&m.files, "files", files), (&m.ranks, "ranks", ranks)] {
            if let Some(f) = field
                && !(1..=MAX_SIDE).contains(&size)
            {
                ctx.fail(f, key, format!("must be 1-{MAX_SIDE}"));
            }
        }
        if files as usize * ranks as usize > MAX_SQUARES
            && let Some(f) = m.ranks.as_ref().or(m.files.as_ref())
        {
            ctx.fail(
                f,
                "ranks",
                format!(
                    "a {files}x{ranks} board has {} squares; the limit is {MAX_SQUARES}",
                    files as usize * ranks as usize
                ),
            );
        }
        if !ctx.problems.is_empty() {
            return Err(Diagnostics(ctx.problems));
        }
        Ok(ctx)
    }

    /// Where `value` stands (`extra` bytes into it), as a diagnostic with no message yet.
    pub(super) fn at<T>(&self, value: &(usize, Spanned<T>), extra: usize) -> Diagnostic {
        self.sources[value.0].at(value.1.span().start + extra, "")
    }

    /// Reports `message` under `key` at `value`.
    pub(super) fn fail<T>(&mut self, value: &(usize, Spanned<T>), key: &str, message: impl Into<String>) {
        self.fail_at(value, 0, key, message);
    }

    /// Reports `message` under `key` at `extra` bytes into `value`.
    pub(super) fn fail_at<T>(
        &mut self,
        value: &(usize, Spanned<T>),
        extra: usize,
        key: &str,
        message: impl Into<String>,
    ) {
        let mut d = self.at(value, extra);
        d.message = format!("{key}: {}", message.into());
        // A value inherited from a parent that the variant's own file makes wrong (a removed
        // piece, another board size) is the file's problem: name it, and where the value is.
        if let Some(own) = self.sources.last()
            && value.0 + 1 != self.sources.len()
            && own.name != d.file
        {
            d = Diagnostic {
                file: own.name.clone(),
                line: 0,
                col: 0,
                message: format!(
                    "{key} (inherited from {}:{}:{}): {}",
                    d.file,
                    d.line,
                    d.col,
                    d.message.split_once(": ").map_or(d.message.as_str(), |(_, m)| m)
                ),
            };
        }
        // One key can be read twice (a shared key behind both per-side keys): say it once.
        if !self.problems.contains(&d) {
            self.problems.push(d);
        }
    }

    /// The name of the variant's own file (the last of the chain), for problems with no place.
    pub(super) fn own_file(&self) -> String {
        self.sources.last().map_or_else(String::new, |s| s.name.clone())
    }

    /// Where the start FEN was given, as the start of messages about it.
    pub(super) fn start_fen_at(&self) -> Diagnostic {
        match (&self.m.start_fen, self.sources.last()) {
            // Inherited: a start position the variant's own file breaks is its problem.
            (Some(f), Some(own)) if f.0 + 1 != self.sources.len() => {
                let at = self.at(f, 1);
                Diagnostic {
                    file: own.name.clone(),
                    line: 0,
                    col: 0,
                    message: format!("start_fen (inherited from {}:{}:{}): ", at.file, at.line, at.col),
                }
            }
            (Some(f), _) => {
                let mut d = self.at(f, 1);
                d.message = "start_fen: ".to_string();
                d
            }
            (None, _) => Diagnostic {
                file: self.own_file(),
                line: 1,
                col: 1,
                message: "start_fen (missing): ".to_string(),
            },
        }
    }

    /// Every square of the board.
    pub(super) fn all_squares(&self) -> Vec<Square> {
        (0..self.files as usize * self.ranks as usize)
            .map(|s| Square(s as u8))
            .collect()
    }

    /// A result (`win`, `loss`, `draw`), `default` where not given.
    pub(super) fn outcome(&mut self, field: &Option<(usize, Spanned<String>)>, key: &str, default: Outcome) -> Outcome {
        let Some(v) = field else { return default };
        match v.1.get_ref().as_str() {
            "win" => Outcome::Win,
            "loss" => Outcome::Loss,
            "draw" => Outcome::Draw,
            other => {
                self.fail(
                    v,
                    key,
                    format!("'{}' is not one of win, loss, draw", other.escape_debug()),
                );
                default
            }
        }
    }

    /// Piece letters to kinds; unknown letters are reported at their character.
    pub(super) fn kinds(&mut self, field: &Option<(usize, Spanned<String>)>, key: &str, letters: &[char]) -> Vec<u8> {
        let Some(v) = field else { return Vec::new() };
        let mut out = Vec::new();
        for (i, c) in v.1.get_ref().chars().enumerate() {
            match letters.iter().position(|&l| l == c.to_ascii_lowercase()) {
                Some(k) => out.push(k as u8),
                None => self.fail_at(v, i + 1, key, format!("no piece with letter '{}'", c.escape_debug())),
            }
        }
        out
    }

    /// The squares of a region.
    pub(super) fn squares(&mut self, field: &(usize, Spanned<String>), key: &str) -> Vec<Square> {
        match region::parse(field.1.get_ref(), self.files, self.ranks) {
            Ok(v) => v,
            Err(e) => {
                self.fail_at(field, e.offset() + 1, key, e.to_string());
                Vec::new()
            }
        }
    }

    /// A pair of per-side regions (`<key>_white`, `<key>_black`): the squares of each one given.
    pub(super) fn side_regions(
        &mut self,
        fields: [&Option<(usize, Spanned<String>)>; 2],
        key: &str,
    ) -> [Option<Vec<Square>>; 2] {
        let mut out = [None, None];
        for (i, (field, side)) in fields.into_iter().zip(["white", "black"]).enumerate() {
            if let Some(f) = field {
                out[i] = Some(self.squares(f, &format!("{key}_{side}")));
            }
        }
        out
    }
}

/// The value of a merged key, `default` where no file gives it.
pub(super) fn get<T: Clone>(field: &Option<(usize, Spanned<T>)>, default: T) -> T {
    field.as_ref().map_or(default, |(_, v)| v.get_ref().clone())
}
