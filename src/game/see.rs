//! The swap loop of static exchange evaluation (the algorithm of Stockfish's `see_ge`; the
//! chessprogramming wiki, "SEE - The Swap Algorithm"), shared by every game: the game supplies
//! the exchange on one square through [`Exchange`].

use crate::core::Color;

/// The next capturer on the target square.
pub enum Capturer {
    /// A piece worth this many centipawns (already taken off the exchange).
    Piece(i32),
    /// The king (left in place: the exchange ends with it).
    King,
}

/// One game's view of the captures on a square.
pub trait Exchange {
    /// `color`'s least valuable attacker of the square, taken off the board of the exchange
    /// (revealing what stood behind it), or `None` when `color` has no attacker left.
    fn next(&mut self, color: Color) -> Option<Capturer>;
    /// Whether `color` still attacks the square.
    fn has_attacker(&self, color: Color) -> bool;
}

/// Whether the exchange that starts with `side` capturing a piece worth `victim` with a piece
/// worth `mover` nets at least `threshold` centipawns for `side`.
pub fn exchange_at_least(victim: i32, mover: i32, threshold: i32, side: Color, exchange: &mut impl Exchange) -> bool {
    let mut swap = victim - threshold;
    if swap < 0 {
        return false;
    }
    swap = mover - swap;
    if swap <= 0 {
        return true;
    }
    let mut stm = side;
    let mut result = true;
    loop {
        stm = !stm;
        let Some(capturer) = exchange.next(stm) else { break };
        result = !result;
        match capturer {
            // The king may only take if the opponent has no attacker left.
            Capturer::King => return if exchange.has_attacker(!stm) { !result } else { result },
            Capturer::Piece(value) => {
                swap = value - swap;
                if swap < i32::from(result) {
                    break;
                }
            }
        }
    }
    result
}
