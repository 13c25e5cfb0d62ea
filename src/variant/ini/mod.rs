//! Fairy-Stockfish's variant configuration files (`variants.ini`: sections `[name:parent]`,
//! `key = value` lines in its camelCase key names, its built-in piece names with a letter each,
//! `customPieceN = x:Betza`), translated into our TOML schema and then checked like any TOML
//! variant. What the schema cannot express is reported as `FILE:LINE:1: key: message`, never
//! dropped: a translated variant plays the same game as Fairy-Stockfish's or is refused.
//!
//! A section's parent is another section of the same file (its keys are applied first, as
//! Fairy-Stockfish copies the parent) or a variant we ship (`chess`, `capablanca`, ...).
//! Display-only keys (`pieceToCharTable`, `variantTemplate`, `pocketSize`) are ignored.
//! Mobility regions (`mobilityRegionWhiteFers`) go to the piece of that type: the section's own,
//! or the parent's, which is then written out again whole with its new region.
//!
//! A file is split into sections (`sections.rs`); a section's keys are read by family: plain
//! keys (`keys.rs`), pieces (`pieces.rs`), promotion (`promotion.rs`), drops (`drops.rs`) and
//! regions (`regions.rs`). The variant loader is not called from here: callers pass it as a
//! [`Loader`].

mod drops;
mod keys;
mod pieces;
mod promotion;
mod regions;
mod sections;
mod types;

pub use types::PIECE_TYPES;

use super::{Definition, Diagnostic, Diagnostics, Source};
use sections::Section;

/// What a translation needs of the variant loader: the shipped variant at the root of a
/// section's parents, and the compile that checks a translated variant. The loader's own is
/// [`super::IniLoader`].
pub trait Loader {
    /// The shipped variant `name`, compiled.
    ///
    /// # Errors
    /// Every problem of the variant.
    fn parent(&self, name: &str) -> Result<Definition, Diagnostics>;

    /// Compiles a variant given as TOML text (`default_name` where it names none).
    ///
    /// # Errors
    /// Every problem of the variant.
    fn compile(&self, source: Source, default_name: &str) -> Result<Definition, Diagnostics>;
}

/// One variant of an ini file, translated.
#[derive(Clone, Debug)]
pub struct IniVariant {
    /// The section's name.
    pub name: String,
    /// The variant as our TOML (with `inherits` for a shipped parent).
    pub toml: String,
    /// For each TOML line (0-based), the ini line (1-based) it came from.
    lines: Vec<usize>,
}

fn diag(file: &str, line: usize, message: impl Into<String>) -> Diagnostic {
    Diagnostic {
        file: file.to_string(),
        line,
        col: 1,
        message: message.into(),
    }
}

/// Translates every section of an ini file (`file` names it in messages); `loader` gives the
/// shipped parents and checks each translation.
///
/// # Errors
/// Every line the schema cannot express, as `FILE:LINE:1: key: message`.
pub fn translate(file: &str, text: &str, loader: &dyn Loader) -> Result<Vec<IniVariant>, Diagnostics> {
    let (sections, mut problems) = translate_each(file, text, loader);
    let mut out = Vec::new();
    for section in sections {
        match section {
            Ok(v) => out.push(v),
            Err(d) => problems.extend(d.0),
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        problems.sort_by_key(|d| d.line);
        Err(Diagnostics(problems))
    }
}

/// Translates each section of an ini file on its own: one result per section, and the
/// problems of lines outside any section.
pub fn translate_each(
    file: &str,
    text: &str,
    loader: &dyn Loader,
) -> (Vec<Result<IniVariant, Diagnostics>>, Vec<Diagnostic>) {
    let (all, problems) = sections::sections(file, text);
    let out = all.iter().map(|s| translate_section(file, s, &all, loader)).collect();
    (out, problems)
}

/// A section's piece as the section defines it: (letter, name, Betza, flags, ini line).
type NewPiece = (char, String, String, &'static str, usize);

/// One of the section's final pieces, the parent's left or its own: (letter, name, Betza).
type Piece = (char, String, String);

/// A `+` form of `promotedPieceType`: (letter, the type's name, its Betza, the type's letter).
type Form = (char, String, String, char);

/// A section's translation under way.
struct Draft<'a> {
    /// What messages call the file.
    file: &'a str,
    /// The TOML lines, each with the ini line it came from.
    lines: Vec<(String, usize)>,
    problems: Vec<Diagnostic>,
    /// Pieces: the parent's letters by piece name, changed by the section.
    removed: Vec<char>,
    added: Vec<NewPiece>,
}

impl Draft<'_> {
    /// A problem with entry `e`, as `key: message`.
    fn at(&mut self, e: &sections::Entry, message: impl std::fmt::Display) {
        self.problems
            .push(diag(self.file, e.line, format!("{}: {message}", e.key)));
    }
}

fn translate_section(
    file: &str,
    section: &Section,
    all: &[Section],
    loader: &dyn Loader,
) -> Result<IniVariant, Diagnostics> {
    let (entries, root) = sections::flatten(file, section, all)?;
    let parent = loader.parent(&root)?;
    let mut d = Draft {
        file,
        lines: vec![
            (format!("name = {}", keys::quoted(&section.name)), section.line),
            (format!("inherits = {}", keys::quoted(&root)), section.line),
        ],
        problems: Vec::new(),
        removed: Vec::new(),
        added: Vec::new(),
    };
    let later = d.read_entries(&sections::last_of_each(&entries), &parent);
    // The keys that need the section's final pieces.
    let pieces = d.pieces(&parent, section.line);
    d.pawn_types(later.pawn_types, &pieces);
    d.drop_mate(later.drop_mate, &pieces);
    let forms = d.promoted_forms(later.promoted, &pieces);
    d.promotion_limits(later.limits, &forms);
    d.opposite_bishops(later.opposite_bishops, &pieces);
    let rook_region = d.rook_drop(later.rook_drop, &pieces, parent.ranks);
    let soldier_advance = d.soldier(later.soldier_rank, &pieces, parent.ranks);
    let regions = d.mobility_regions(&later.mobility, &pieces, &parent);
    let extra = pieces::PieceRegions {
        soldier_advance,
        rook_region,
    };
    d.write_pieces(section.line, later.promoted, &forms, &regions, &extra);
    d.write_parent_regions(&regions, &root, section.line);
    if !d.problems.is_empty() {
        return Err(Diagnostics(d.problems));
    }
    let toml = d.lines.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>().join("\n") + "\n";
    let variant = IniVariant {
        name: section.name.clone(),
        toml,
        lines: d.lines.iter().map(|(_, n)| *n).collect(),
    };
    // Checked now, so a file's every problem is reported at once, by its ini line.
    variant.compile(file, loader)?;
    Ok(variant)
}

impl IniVariant {
    /// Compiles the translated variant with `loader`; problems point at the ini file's lines.
    ///
    /// # Errors
    /// Every problem of the translated definition.
    pub(super) fn compile(&self, file: &str, loader: &dyn Loader) -> Result<Definition, Diagnostics> {
        let marker = format!("{file}[{}]", self.name);
        let to_ini = |mut x: Diagnostic| {
            if x.file == marker {
                x.file = file.to_string();
                x.line = self.lines.get(x.line.saturating_sub(1)).copied().unwrap_or(0);
                x.col = 1;
            }
            x
        };
        let mut def = loader
            .compile(Source::inline(&marker, &self.toml), &self.name)
            .map_err(|d| Diagnostics(d.0.into_iter().map(to_ini).collect()))?;
        // The start position is checked against the rules later; its problems must point here.
        def.start_fen_at = to_ini(def.start_fen_at);
        Ok(def)
    }
}
