//! The games the engine knows by name, and the one place that turns a name into a concrete game
//! type: [`with_game`] runs a [`ForGame`] action monomorphised for the selected game, so
//! commands and protocols stay generic.
//!
//! Chess and shogi have native implementations; every other name (or a path to a `.toml` file)
//! is a fairy variant, played by `Fairy<u64>` on boards of up to 64 squares and `Fairy<u128>` on
//! larger ones.

use crate::core::PositionError;
use crate::game::Game;
use crate::game::chess::{Chess, ChessVariant};
use crate::game::fairy::{Fairy, FairyVariant};
use crate::game::shogi::{Shogi, ShogiVariant};
use crate::variant::{self, Definition, Diagnostic, Diagnostics};
use std::fmt;
use std::sync::{Arc, Mutex};

/// Why a variant cannot be selected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegistryError {
    /// No built-in or loaded variant has this name, and it is no path to a `.toml` file.
    UnknownVariant {
        /// The name asked for.
        name: String,
        /// Every name that is known.
        known: Vec<String>,
    },
    /// The variant's files have problems, each `FILE:LINE:COL: key: message`.
    Invalid(Diagnostics),
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegistryError::UnknownVariant { name, known } => write!(
                f,
                "unknown variant '{}' (known: {}; or a path to a .toml file)",
                name.escape_debug(),
                known.join(", ")
            ),
            RegistryError::Invalid(problems) => write!(f, "{problems}"),
        }
    }
}

impl std::error::Error for RegistryError {}

impl From<Diagnostics> for RegistryError {
    fn from(d: Diagnostics) -> RegistryError {
        RegistryError::Invalid(d)
    }
}

/// Names accepted for each built-in game (the first is the canonical one).
pub const CHESS_NAMES: &[&str] = &["chess", "standard", "normal", "chess960", "fischerandom"];
/// Names accepted for native shogi.
pub const SHOGI_NAMES: &[&str] = &["shogi"];

/// Something to do with whichever game a name selects.
pub trait ForGame {
    /// What the action returns.
    type Output;
    /// Runs for game `G`; `name` is the canonical variant name, `embedded` its built-in net.
    fn run<G: Game>(self, variant: &G::Variant, name: &str, embedded: Option<&'static [u8]>) -> Self::Output;
}

/// Every variant name the engine accepts: the native games, the built-in fairy variants, then
/// the ones loaded with [`add_variant_path`].
pub fn variant_names() -> Vec<String> {
    let native = [CHESS_NAMES[0], SHOGI_NAMES[0]];
    let mut names: Vec<String> = native
        .into_iter()
        .chain(variant::builtin_names().into_iter().filter(|n| !native.contains(n)))
        .map(str::to_string)
        .collect();
    if let Ok(user) = USER.lock() {
        for (n, _) in user.iter() {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
    }
    names
}

/// Variants loaded from files at run time (the `VariantPath` option): name and path.
static USER: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// Checks a variant (built-in name or `.toml` path) completely, start position included.
///
/// # Errors
/// Every problem, one per line, each as `FILE:LINE:COL: key: message`.
pub fn check(spec: &str) -> Result<Definition, RegistryError> {
    load_fairy(spec, |def, _| def.clone())
}

/// The variants `spec` names: one for a name, a `.toml` file or `FILE.ini:NAME`; every
/// section of a Fairy-Stockfish `.ini` file, each as `FILE.ini:NAME`.
///
/// # Errors
/// An unreadable file, or every line of an ini file the schema cannot express.
pub fn expand(spec: &str) -> Result<Vec<String>, RegistryError> {
    match variant::ini_spec(spec) {
        Some((path, None)) => Ok(variant::load_ini(path)?
            .into_iter()
            .map(|v| format!("{path}:{}", v.name))
            .collect()),
        _ => Ok(vec![spec.to_string()]),
    }
}

/// The TOML text of a variant: a shipped variant's file, a `.toml` file's text, or an ini
/// section translated, for a user to start a variant file from.
///
/// # Errors
/// An unknown name or an unreadable or invalid file.
pub fn toml_text(spec: &str) -> Result<String, RegistryError> {
    let user = USER.lock().ok().and_then(|u| {
        u.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(spec))
            .map(|(_, p)| p.clone())
    });
    let spec = user.as_deref().unwrap_or(spec);
    if let Some((path, name)) = variant::ini_spec(spec) {
        let variants = variant::load_ini(path)?;
        return Ok(variants
            .iter()
            .filter(|v| name.is_none_or(|n| v.name.eq_ignore_ascii_case(n)))
            .map(|v| v.toml.clone())
            .collect::<Vec<_>>()
            .join("\n"));
    }
    let lower = spec.to_ascii_lowercase();
    if CHESS_NAMES.contains(&lower.as_str()) || variant::builtin_names().contains(&lower.as_str()) {
        return variant::builtin_text(if CHESS_NAMES.contains(&lower.as_str()) {
            "chess"
        } else {
            &lower
        })
        .map(str::to_string)
        .ok_or_else(|| RegistryError::UnknownVariant {
            name: spec.to_string(),
            known: variant_names(),
        });
    }
    if variant::is_path(spec) {
        return crate::core::fs::read_text_capped(std::path::Path::new(spec), variant::MAX_VARIANT_FILE_BYTES).map_err(
            |e| {
                RegistryError::Invalid(Diagnostics(vec![Diagnostic {
                    file: spec.to_string(),
                    line: 0,
                    col: 0,
                    message: format!("cannot read the file: {e}"),
                }]))
            },
        );
    }
    Err(RegistryError::UnknownVariant {
        name: spec.to_string(),
        known: variant_names(),
    })
}

/// Loads the variant files at `path` (a `.toml` file, or a directory of them) so that their
/// names can be selected; returns the names loaded.
///
/// # Errors
/// An unreadable path, or the problems of the files that do not check (the others are loaded).
pub fn add_variant_path(path: &str) -> Result<Vec<String>, RegistryError> {
    let p = std::path::Path::new(path);
    let files: Vec<String> = if p.is_dir() {
        let mut v: Vec<String> = std::fs::read_dir(p)
            .map_err(|e| {
                RegistryError::Invalid(Diagnostics(vec![Diagnostic {
                    file: path.to_string(),
                    line: 0,
                    col: 0,
                    message: format!("cannot read the directory: {e}"),
                }]))
            })?
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|f| f.extension().is_some_and(|x| x == "toml" || x == "ini"))
            .map(|f| f.display().to_string())
            .collect();
        v.sort();
        v
    } else {
        vec![path.to_string()]
    };
    let mut loaded = Vec::new();
    let mut problems = Vec::new();
    // An ini file holds several variants: each section is loaded as FILE.ini:NAME.
    let mut specs = Vec::new();
    for file in files {
        match expand(&file) {
            Ok(v) => specs.extend(v),
            Err(RegistryError::Invalid(d)) => problems.extend(d.0),
            Err(e @ RegistryError::UnknownVariant { .. }) => return Err(e),
        }
    }
    for file in specs {
        match check(&file) {
            Ok(def) => {
                if let Ok(mut user) = USER.lock() {
                    user.retain(|(n, _)| *n != def.name);
                    user.push((def.name.clone(), file));
                }
                loaded.push(def.name);
            }
            Err(RegistryError::Invalid(d)) => problems.extend(d.0),
            Err(e @ RegistryError::UnknownVariant { .. }) => return Err(e),
        }
    }
    if problems.is_empty() {
        Ok(loaded)
    } else {
        Err(RegistryError::Invalid(Diagnostics(problems)))
    }
}

/// A fairy variant compiled for its bitboard width.
#[derive(Clone)]
enum Compiled {
    Small(Arc<FairyVariant<u64>>),
    Large(Arc<FairyVariant<u128>>),
}

/// Variants compiled lately (built-ins by name, files by path and text) with their definitions,
/// the most recently used last: a GUI that switches between variants compiles each once. The
/// cache holds at most [`CACHE_SIZE`], so that loading a file again and again as it is edited
/// does not grow memory; a variant dropped from it is freed with its last position.
static COMPILED: Mutex<Vec<(String, Definition, Compiled)>> = Mutex::new(Vec::new());

/// Most variants [`COMPILED`] keeps.
const CACHE_SIZE: usize = 8;

/// Compiles `def` for its bitboard width (`u64` up to 64 squares, `u128` beyond) and reads its
/// start position.
fn compile(def: &Definition) -> Result<Compiled, Diagnostics> {
    let at_start = |e: PositionError| {
        let mut d = def.start_fen_at.clone();
        d.message.push_str(&e.to_string());
        Diagnostics(vec![d])
    };
    if def.files as usize * def.ranks as usize <= 64 {
        FairyVariant::<u64>::compile(def).map(Compiled::Small).map_err(at_start)
    } else {
        FairyVariant::<u128>::compile(def)
            .map(Compiled::Large)
            .map_err(at_start)
    }
}

/// The variant `spec` names, compiled (from the cache when it is there): what `take` takes of
/// its definition and compiled rules.
fn load_fairy<T>(spec: &str, take: impl Fn(&Definition, &Compiled) -> T) -> Result<T, RegistryError> {
    // Files are cached by their text too, so an edited file is compiled afresh and an unchanged
    // one (checked, then selected, then selected again) only once.
    let key = if variant::is_path(spec) {
        let file = variant::ini_spec(spec).map_or(spec, |(path, _)| path);
        let text = crate::core::fs::read_text_capped(std::path::Path::new(file), variant::MAX_VARIANT_FILE_BYTES);
        format!("{spec}\0{}", text.unwrap_or_default())
    } else {
        if !variant::builtin_names().iter().any(|n| n.eq_ignore_ascii_case(spec)) {
            return Err(RegistryError::UnknownVariant {
                name: spec.to_string(),
                known: variant_names(),
            });
        }
        spec.to_ascii_lowercase()
    };
    if let Ok(mut cache) = COMPILED.lock()
        && let Some(i) = cache.iter().position(|(k, _, _)| *k == key)
    {
        let entry = cache.remove(i);
        let found = take(&entry.1, &entry.2);
        cache.push(entry);
        return Ok(found);
    }
    let def = variant::load(spec)?;
    let compiled = compile(&def)?;
    let found = take(&def, &compiled);
    if let Ok(mut cache) = COMPILED.lock() {
        if cache.len() >= CACHE_SIZE {
            cache.remove(0);
        }
        cache.push((key, def, compiled));
    }
    Ok(found)
}

/// Runs `action` for the game called `name` (case-insensitive), or defined by the `.toml` file
/// at path `name`.
///
/// # Errors
/// An unknown name, or every problem of a variant file.
pub fn with_game<A: ForGame>(name: &str, action: A) -> Result<A::Output, RegistryError> {
    let lower = name.to_ascii_lowercase();
    if CHESS_NAMES.contains(&lower.as_str()) {
        return Ok(action.run::<Chess>(&ChessVariant, CHESS_NAMES[0], crate::engine::nets::chess()));
    }
    if SHOGI_NAMES.contains(&lower.as_str()) {
        return Ok(action.run::<Shogi>(&ShogiVariant::USI, SHOGI_NAMES[0], crate::engine::nets::shogi()));
    }
    let user = USER.lock().ok().and_then(|u| {
        u.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, p)| p.clone())
    });
    Ok(run_compiled(
        &load_fairy(user.as_deref().unwrap_or(name), |_, compiled| compiled.clone())?,
        action,
    ))
}

/// Compiles `def` for its bitboard width (`Fairy<u64>` up to 64 squares, `Fairy<u128>` beyond)
/// and runs `action` with it, whatever its name: the interpreter's own variant even where a
/// native game has the name (`chess.toml`). The compiled rules are freed with the action's last
/// position.
///
/// # Errors
/// Every problem of the definition (a start position the rules refuse).
pub fn with_definition<A: ForGame>(def: Definition, action: A) -> Result<A::Output, Diagnostics> {
    Ok(run_compiled(&compile(&def)?, action))
}

fn run_compiled<A: ForGame>(compiled: &Compiled, action: A) -> A::Output {
    match compiled {
        Compiled::Small(v) => action.run::<Fairy<u64>>(v, &v.rules().name, None),
        Compiled::Large(v) => action.run::<Fairy<u128>>(v, &v.rules().name, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Weak;

    fn weak(compiled: &Compiled) -> Weak<FairyVariant<u64>> {
        match compiled {
            Compiled::Small(v) => Arc::downgrade(v),
            Compiled::Large(_) => unreachable!("an 8x8 variant"),
        }
    }

    /// A file loaded again and again, unchanged or edited each time, is compiled once per text
    /// and kept only while the bounded cache (or a position) holds it: the variants compiled
    /// before the last [`CACHE_SIZE`] texts are freed.
    #[test]
    fn loading_a_file_again_and_again_does_not_grow_memory() {
        let dir = std::env::temp_dir().join(format!("nue-registry-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("edited.toml");
        let spec = path.to_str().expect("utf-8 path");
        let mut seen = Vec::new();
        for edit in 0..3 * CACHE_SIZE {
            std::fs::write(
                &path,
                format!("inherits = \"chess\"\nname = \"edited\"\n# edit {edit}\n"),
            )
            .expect("write");
            let first = load_fairy(spec, |_, c| weak(c)).expect("loads");
            for _ in 0..3 {
                let again = load_fairy(spec, |_, c| weak(c)).expect("loads");
                assert!(
                    again.ptr_eq(&first) || first.upgrade().is_none(),
                    "edit {edit} compiled twice"
                );
            }
            seen.push(first);
        }
        let live = seen.iter().filter(|w| w.upgrade().is_some()).count();
        assert!(live <= CACHE_SIZE, "{live} compiled variants alive");
        assert!(seen[0].upgrade().is_none(), "the first text's variant is still alive");
        assert!(COMPILED.lock().expect("cache").len() <= CACHE_SIZE);
        std::fs::remove_dir_all(&dir).ok();
    }
}
