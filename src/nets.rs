//! Nets embedded in the binary as the default evaluation of their variant (none yet: each
//! variant falls back to `nets/<variant>.nnue` on disk, then to the hand-crafted evaluation).

/// The embedded chess net.
pub fn chess() -> Option<&'static [u8]> {
    None
}

/// The embedded shogi net.
pub fn shogi() -> Option<&'static [u8]> {
    None
}
