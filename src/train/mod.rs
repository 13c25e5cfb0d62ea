//! Building nets: self-play data generation ([`datagen`], resumable by its [`checkpoint`]), the training data format
//! ([`data`]), the CPU trainer ([`trainer`]) and a whole training run from data files to a
//! `.nnue` ([`fit`]), matches between evaluators with an Elo and its interval ([`versus`]),
//! the pipeline that chains them generation by generation ([`pipeline`]), and warm starts from
//! a net of the same or another variant ([`warm`]), and matches between external engines
//! refereed by nue's rules ([`arena`]) with a sequential test ([`sprt`]).

pub mod arena;
pub mod checkpoint;
pub mod data;
pub mod datagen;
pub mod fit;
pub mod pipeline;
pub mod sprt;
pub mod trainer;
pub mod versus;
pub mod warm;
