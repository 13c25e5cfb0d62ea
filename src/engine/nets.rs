//! The nets embedded in the binary: every committed `nets/*.nnue` (`build.rs` lists them), each
//! the default evaluation of the variant whose layout hash its header records. Chess (and
//! Chess960) and shogi have theirs by name as well; every other variant finds its net by hash
//! ([`for_layout`]), then on disk (`engine::select`), then falls back to the hand-crafted
//! evaluation. `nets/README.md` says how each net was made.

/// Bytes with 64-byte alignment (`include_bytes!` alone promises 1), so an embedded net sits
/// where a vector load of its rows would want it.
#[repr(C, align(64))]
struct Aligned<T: ?Sized>(T);

include!(concat!(env!("OUT_DIR"), "/embedded_nets.rs"));

/// The embedded net `nets/<name>.nnue`.
pub fn named(name: &str) -> Option<&'static [u8]> {
    EMBEDDED.iter().find(|(n, _)| *n == name).map(|(_, bytes)| *bytes)
}

/// The embedded chess net (`nets/chess.nnue`).
pub fn chess() -> Option<&'static [u8]> {
    named("chess")
}

/// The embedded shogi net (`nets/shogi.nnue`).
pub fn shogi() -> Option<&'static [u8]> {
    named("shogi")
}

/// The embedded net whose header records `layout_hash`, with its name: `nets/<variant>.nnue`
/// first when several do.
pub fn for_layout(variant: &str, layout_hash: u64) -> Option<(&'static str, &'static [u8])> {
    let matches = |bytes: &[u8]| {
        crate::nnue::format::read_header(bytes, "<embedded>").is_ok_and(|h| h.layout_hash == layout_hash)
    };
    EMBEDDED
        .iter()
        .filter(|(_, bytes)| matches(bytes))
        .min_by_key(|(name, _)| *name != variant)
        .copied()
}
