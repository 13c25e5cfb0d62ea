//! The AXF chasing rules' view of a variant's pieces ([`Chasing`]): each kind's [`ChaseRole`],
//! read from its moves as Fairy-Stockfish's built-in xiangqi types are.

use super::build::{board_mask, region};
use crate::core::Bitboard;
use crate::variant::{Definition, PieceDef};

/// A kind's part in the AXF chasing rules, read from its moves (Fairy-Stockfish's built-in
/// xiangqi types): which attacks count as chases and which pieces are worth more.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChaseRole {
    /// The royal piece: never chases, never chased.
    General,
    /// `F`: chases the chariot, cannon and horse even when they are protected.
    Advisor,
    /// `nA`: as the advisor.
    Elephant,
    /// `nN`: chases the chariot even when protected; a horse it attacks back is no chase.
    Horse,
    /// `R`.
    Chariot,
    /// `mRcpR`: chases the chariot even when protected.
    Cannon,
    /// A pawn-like soldier: never chases, chased only across the river (in its advanced region).
    Soldier,
    /// Any other piece: chases unprotected pieces.
    Other,
}

/// The AXF chasing rules' view of a variant's pieces.
#[derive(Clone, Debug)]
pub struct Chasing<B> {
    /// Each kind's role.
    pub roles: Vec<ChaseRole>,
    /// Per color, where its soldiers count as crossed the river (chased like any piece): their
    /// advanced region, or the whole board for soldiers without one.
    pub soldiers_across: [B; 2],
}

impl<B: Bitboard> Chasing<B> {
    pub(super) fn build(def: &Definition) -> Chasing<B> {
        let role = |p: &PieceDef| match p.betza_text.as_str() {
            _ if p.royal => ChaseRole::General,
            _ if p.advanced_region.iter().any(|r| !r.is_empty()) => ChaseRole::Soldier,
            "fW" | "fsW" => ChaseRole::Soldier,
            "F" => ChaseRole::Advisor,
            "nA" => ChaseRole::Elephant,
            "nN" => ChaseRole::Horse,
            "R" => ChaseRole::Chariot,
            "mRcpR" => ChaseRole::Cannon,
            _ => ChaseRole::Other,
        };
        let board = board_mask(def.files as usize * def.ranks as usize);
        let across = |c: usize| {
            let advanced = def.pieces.iter().find(|p| !p.advanced_region[c].is_empty());
            advanced.map_or(board, |p| region(&p.advanced_region[c]))
        };
        Chasing {
            roles: def.pieces.iter().map(role).collect(),
            soldiers_across: [across(0), across(1)],
        }
    }
}
