//! Nets embedded in the binary as the default evaluation of their variant: `nets/chess.nnue`
//! for chess and Chess960, `nets/shogi.nnue` for shogi. The TOML variants have none yet and fall
//! back to `nets/<variant>.nnue` on disk, then to the hand-crafted evaluation (`eval::select`).

/// Bytes with 64-byte alignment (`include_bytes!` alone promises 1), so an embedded net sits
/// where a vector load of its rows would want it.
#[repr(C, align(64))]
struct Aligned<T: ?Sized>(T);

static CHESS: &Aligned<[u8]> = &Aligned(*include_bytes!("../../nets/chess.nnue"));

/// The embedded chess net (`nets/chess.nnue`; `nets/README.md` says how it was made).
pub fn chess() -> Option<&'static [u8]> {
    Some(&CHESS.0)
}

static SHOGI: &Aligned<[u8]> = &Aligned(*include_bytes!("../../nets/shogi.nnue"));

/// The embedded shogi net (`nets/shogi.nnue`; `nets/README.md` says how it was made).
pub fn shogi() -> Option<&'static [u8]> {
    Some(&SHOGI.0)
}
