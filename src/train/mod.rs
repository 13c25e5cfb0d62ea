//! Building nets: self-play data generation ([`datagen`]), the training data format
//! ([`data`]), and the CPU trainer ([`trainer`]).

pub mod data;
pub mod datagen;
pub mod trainer;
