//! Finding and reading variants: built-in names, `.toml` paths and Fairy-Stockfish `.ini`
//! files (`FILE.ini:NAME`); a TOML variant's inheritance chain walked and merged, then compiled
//! (`compile`) into a [`Definition`].

use super::schema::{Merged, RawVariant};
use super::{Definition, Diagnostic, Diagnostics, Source, compile, ini};
use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/builtin_variants.rs"));

/// The names of the built-in variants, sorted.
pub fn builtin_names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(name, _)| *name).collect()
}

/// The text of the shipped variant file `name`.
pub fn builtin_text(name: &str) -> Option<&'static str> {
    BUILTIN
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, t)| *t)
}

fn builtin(name: &str) -> Option<Source> {
    BUILTIN
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(n, text)| Source {
            name: format!("<built-in>/{n}.toml"),
            text: (*text).to_string(),
            dir: None,
        })
}

/// Whether `spec` names a file rather than a built-in variant.
pub fn is_path(spec: &str) -> bool {
    spec.ends_with(".toml") || ini_spec(spec).is_some() || spec.contains('/') || spec.contains('\\')
}

/// A Fairy-Stockfish configuration file and the section asked for: `FILE.ini` (its only
/// section) or `FILE.ini:NAME`.
pub fn ini_spec(spec: &str) -> Option<(&str, Option<&str>)> {
    if spec.ends_with(".ini") {
        return Some((spec, None));
    }
    let at = spec.rfind(".ini:")?;
    Some((&spec[..at + 4], Some(&spec[at + 5..])))
}

/// The variants of a Fairy-Stockfish configuration file, translated ([`ini`]).
///
/// # Errors
/// An unreadable file, or every line the schema cannot express.
pub fn load_ini(path: &str) -> Result<Vec<ini::IniVariant>, Diagnostics> {
    let source = read_file(Path::new(path)).map_err(|d| Diagnostics(vec![d]))?;
    ini::translate(&source.name, &source.text, &IniLoader)
}

/// The loader as [`ini`]'s translation takes it: a section's shipped parent by name ([`load`]),
/// a translated variant compiled from its TOML ([`load_source`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct IniLoader;

impl ini::Loader for IniLoader {
    fn parent(&self, name: &str) -> Result<Definition, Diagnostics> {
        load(name)
    }

    fn compile(&self, source: Source, default_name: &str) -> Result<Definition, Diagnostics> {
        load_source(source, default_name)
    }
}

impl ini::IniVariant {
    /// Compiles the translated variant; problems point at the ini file's lines.
    ///
    /// # Errors
    /// Every problem of the translated definition.
    pub fn load(&self, file: &str) -> Result<Definition, Diagnostics> {
        self.compile(file, &IniLoader)
    }
}

/// The variant `name` of the ini file `path` (its only one when `name` is `None`).
fn load_ini_variant(path: &str, name: Option<&str>) -> Result<Definition, Diagnostics> {
    let variants = load_ini(path)?;
    let names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
    let chosen = match name {
        Some(n) => variants.iter().find(|v| v.name.eq_ignore_ascii_case(n)),
        None if variants.len() == 1 => variants.first(),
        None => None,
    };
    let Some(v) = chosen else {
        let message = match name {
            Some(n) => format!("no section [{n}] (sections: {})", names.join(", ")),
            None => format!(
                "holds {} variants ({}): choose one as {path}:NAME",
                names.len(),
                names.join(", ")
            ),
        };
        return Err(Diagnostics(vec![Diagnostic {
            file: path.to_string(),
            line: 0,
            col: 0,
            message,
        }]));
    };
    v.load(path)
}

/// Every variant of a Fairy-Stockfish configuration given as text (`file` names it in
/// messages), each loaded on its own: a section the schema cannot express does not keep the
/// others from loading.
pub fn ini_definitions(file: &str, text: &str) -> Vec<Result<Definition, Diagnostics>> {
    let (sections, problems) = ini::translate_each(file, text, &IniLoader);
    let mut out: Vec<Result<Definition, Diagnostics>> =
        sections.into_iter().map(|s| s.and_then(|v| v.load(file))).collect();
    if !problems.is_empty() {
        out.push(Err(Diagnostics(problems)));
    }
    out
}

/// One variant given as nue TOML text (`file` names it in messages; `inherits` may name a
/// built-in variant or a path relative to the current directory).
///
/// # Errors
/// Every problem found.
pub fn toml_definition(file: &str, text: &str) -> Result<Definition, Diagnostics> {
    load_source(Source::inline(file, text), "variant")
}

/// Largest variant file read (bytes); the biggest real ones are a few KiB.
pub const MAX_VARIANT_FILE_BYTES: u64 = 1 << 20;

fn read_file(path: &Path) -> Result<Source, Diagnostic> {
    let text = crate::core::fs::read_text_capped(path, MAX_VARIANT_FILE_BYTES).map_err(|e| Diagnostic {
        file: path.display().to_string(),
        line: 0,
        col: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    Ok(Source {
        name: path.display().to_string(),
        text,
        dir: path.parent().map(Path::to_path_buf),
    })
}

/// The key a TOML value at byte `offset` belongs to: the last `key =` on its line before it
/// (`files = "eight"`, `q = { betza = 5 }` → `betza`), for messages that name no key.
fn key_before(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = text.get(line_start..offset)?;
    let eq = before.rfind('=')?;
    let key: String = before[..eq]
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '"'))
        .collect::<String>()
        .chars()
        .rev()
        .filter(|&c| c != '"')
        .collect();
    (!key.is_empty()).then_some(key)
}

/// Loads a variant by built-in name or by path to a `.toml` file, resolving inheritance and
/// checking everything.
///
/// # Errors
/// Every problem found, each with its file, line and column.
pub fn load(spec: &str) -> Result<Definition, Diagnostics> {
    if let Some((path, name)) = ini_spec(spec) {
        return load_ini_variant(path, name);
    }
    let first = if is_path(spec) {
        read_file(Path::new(spec)).map_err(|d| Diagnostics(vec![d]))?
    } else {
        builtin(spec).ok_or_else(|| {
            Diagnostics(vec![Diagnostic {
                file: spec.to_string(),
                line: 0,
                col: 0,
                message: format!("unknown variant (built-in: {})", builtin_names().join(", ")),
            }])
        })?
    };
    let default_name = if is_path(spec) {
        Path::new(spec)
            .file_stem()
            .map_or(spec.to_string(), |s| s.to_string_lossy().into_owned())
    } else {
        spec.to_ascii_lowercase()
    };
    load_source(first, &default_name)
}

/// Parses and compiles a variant from text (tests, and the `VariantPath` loader).
///
/// # Errors
/// Every problem found.
pub fn load_source(first: Source, default_name: &str) -> Result<Definition, Diagnostics> {
    // Walk the inheritance chain, child first.
    let mut chain: Vec<(Source, RawVariant)> = Vec::new();
    let mut next = Some(first);
    while let Some(source) = next.take() {
        let raw: RawVariant = toml::from_str(&source.text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            let message = e.message().trim();
            let message = match key_before(&source.text, offset) {
                Some(key) if !message.contains(&format!("`{key}`")) => format!("{key}: {message}"),
                _ => message.to_string(),
            };
            Diagnostics(vec![source.at(offset, message)])
        })?;
        if let Some(parent) = &raw.inherits {
            let spec = parent.get_ref();
            let at = |msg: String| Diagnostics(vec![source.at(parent.span().start, msg)]);
            let parent_source = if is_path(spec) {
                let path = source
                    .dir
                    .as_ref()
                    .map_or_else(|| PathBuf::from(spec), |d| d.join(spec));
                read_file(&path).map_err(|d| at(format!("inherits: {}", d.message)))?
            } else {
                builtin(spec).ok_or_else(|| at(format!("inherits: unknown variant '{}'", spec.escape_debug())))?
            };
            if chain.iter().any(|(s, _)| s.name == parent_source.name) || parent_source.name == source.name {
                return Err(at(format!(
                    "inherits: inheritance loop through '{}'",
                    parent_source.name
                )));
            }
            next = Some(parent_source);
        }
        chain.push((source, raw));
    }
    // A name belongs to its own file: a child without one is not called after its parent.
    let own_name = chain.first().and_then(|(_, raw)| raw.name.clone());
    let mut merged = Merged::default();
    let mut sources = Vec::new();
    for (i, (source, raw)) in chain.into_iter().rev().enumerate() {
        merged.overlay(i, raw);
        sources.push(source);
    }
    merged.name = own_name.map(|n| (sources.len() - 1, n));
    compile::compile(&merged, &sources, default_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_variant_loads() {
        assert!(!BUILTIN.is_empty());
        for name in builtin_names() {
            if let Err(e) = load(name) {
                panic!("{name}: {e}");
            }
        }
    }
}
