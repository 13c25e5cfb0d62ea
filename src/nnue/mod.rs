//! The NNUE ("efficiently updatable neural network", Yu Nasu 2018; see the chessprogramming
//! wiki's NNUE page), written once for
//! every game: the input layout is derived from the game's rules ([`layout`]), the network is
//! generic over its hidden width ([`network`]), accumulators follow the search incrementally
//! ([`accumulator`]), the inner loops have SIMD and scalar versions ([`simd`]), and nets are
//! self-describing files ([`format`](mod@format)).

pub mod accumulator;
pub mod format;
pub mod layout;
pub mod network;
pub mod simd;

pub use accumulator::NnueEval;
pub use layout::{FeatureLayout, Frame};
pub use network::{Activation, Network, Row};
