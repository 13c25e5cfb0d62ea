//! nue: one engine for many games. Native chess, native shogi and TOML-defined fairy variants
//! implement one [`game::Game`] trait and share one search and one NNUE evaluation.
//!
//! Layers, from the top (a module imports only from lower ones; `tests/layers.rs` checks it):
//! protocol, then train and bench, engine (registry, nets, evaluator selection), search, nnue,
//! eval, game, variant, core.

#![deny(clippy::unwrap_used)]
#![warn(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod bench;
pub mod core;
pub mod engine;
pub mod eval;
pub mod game;
pub mod nnue;
pub mod protocol;
pub mod search;
pub mod train;
pub mod variant;
