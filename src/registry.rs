//! The games the engine knows by name, and the one place that turns a name into a concrete game
//! type: [`with_game`] runs a [`ForGame`] action monomorphised for the selected game, so
//! commands and protocols stay generic.

use crate::game::Game;
use crate::game::chess::{Chess, ChessVariant};
use crate::game::shogi::{Shogi, ShogiVariant};

/// Names accepted for each built-in game (the first is the canonical one).
pub const CHESS_NAMES: &[&str] = &["chess", "standard", "normal", "chess960", "fischerandom"];
pub const SHOGI_NAMES: &[&str] = &["shogi"];

/// Something to do with whichever game a name selects.
pub trait ForGame {
    type Output;
    /// Runs for game `G`; `name` is the canonical variant name, `embedded` its built-in net.
    fn run<G: Game>(self, variant: &G::Variant, name: &str, embedded: Option<&'static [u8]>) -> Self::Output;
}

/// Every variant name the engine accepts, canonical names first.
pub fn variant_names() -> Vec<&'static str> {
    vec![CHESS_NAMES[0], SHOGI_NAMES[0]]
}

/// Runs `action` for the game called `name` (case-insensitive).
///
/// # Errors
/// An unknown name, with the list of known ones.
pub fn with_game<A: ForGame>(name: &str, action: A) -> Result<A::Output, String> {
    let lower = name.to_ascii_lowercase();
    if CHESS_NAMES.contains(&lower.as_str()) {
        Ok(action.run::<Chess>(&ChessVariant, CHESS_NAMES[0], crate::nets::chess()))
    } else if SHOGI_NAMES.contains(&lower.as_str()) {
        Ok(action.run::<Shogi>(&ShogiVariant, SHOGI_NAMES[0], crate::nets::shogi()))
    } else {
        Err(format!(
            "unknown variant '{}' (known: {})",
            name.escape_debug(),
            [CHESS_NAMES, SHOGI_NAMES].concat().join(", ")
        ))
    }
}
