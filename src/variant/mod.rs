//! Fairy variants as data, the whole compile: TOML files (`variants/*.toml`, built into the
//! binary, plus any file a user names) found and read with their inheritance chain (`loader`),
//! parsed with their positions ([`schema`]), Betza strings parsed ([`betza`]), everything
//! checked and compiled (`compile`) into a board-independent [`Definition`] (`definition`), and
//! that is the front end's whole output: the interpreter's back end (`game::fairy::tables`)
//! compiles it into the rules it plays by, for one bitboard width. Nothing here knows the
//! interpreter.
//!
//! Fairy-Stockfish's `.ini` configuration files are translated into the same schema ([`ini`]).
//!
//! Every problem is a [`Diagnostic`] naming the file, line, column and key; `nue check` prints
//! them all, and the engine refuses a variant with the same messages.

pub mod betza;
mod compile;
mod definition;
mod diagnostic;
pub mod ini;
mod loader;
pub mod material;
mod region;
pub mod schema;

pub use definition::{
    Castling, Counting, CountingMaterial, CountingRule, Definition, Drops, Enclosing, Extinction, Flag, GameEnd,
    MAX_KINDS, MAX_SIDE, MAX_SQUARES, MaterialCounting, PieceDef, Promotion, rank_cells,
};
pub use diagnostic::{Diagnostic, Diagnostics, Source};
pub use loader::{
    BUILTIN, IniLoader, MAX_VARIANT_FILE_BYTES, builtin_names, builtin_text, ini_definitions, ini_spec, is_path, load,
    load_ini, load_source, toml_definition,
};
