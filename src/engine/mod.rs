//! The engine's glue between the protocols and the search: which games exist by name and how a
//! name becomes a game type ([`registry`]), the nets built into the binary ([`nets`]), and the
//! choice of evaluator for a session ([`select`]: hand-crafted or an NNUE of the right width).

pub mod api;
pub mod nets;
pub mod registry;
pub mod select;
