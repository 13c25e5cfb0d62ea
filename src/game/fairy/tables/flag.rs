//! The flag rule with its regions as bitboards ([`FlagRule`]).

use super::build::region;
use crate::core::Bitboard;
use crate::variant::Flag;

/// A flag rule: a side whose flag piece reaches its region wins (the definition's [`Flag`]).
#[derive(Clone, Copy, Debug)]
pub struct FlagRule<B> {
    /// The flag piece's kind.
    pub kind: u8,
    /// Where the flag piece of each color wins.
    pub region: [B; 2],
    /// Whether the second player may still draw by reaching its own region on the next move.
    pub flag_move: bool,
    /// Whether the flag piece counts only while the opponent does not attack it there.
    pub safe: bool,
}

impl<B: Bitboard> FlagRule<B> {
    pub(super) fn new(flag: &Flag) -> FlagRule<B> {
        FlagRule {
            kind: flag.kind,
            region: [region(&flag.region[0]), region(&flag.region[1])],
            flag_move: flag.flag_move,
            safe: flag.safe,
        }
    }
}
