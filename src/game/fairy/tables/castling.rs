//! Castling's squares as bitboards ([`CastlePath`]), for every file a king and a rook may start
//! on (Chess960 and its kin included).

use crate::core::{Bitboard, Square};
use crate::variant::Castling;

/// One castling's squares, for a king and a rook on given files of the castling rank
/// (side 0 = towards higher files).
#[derive(Clone, Copy, Debug)]
pub struct CastlePath<B> {
    /// Where the king ends.
    pub king_to: Square,
    /// Where the rook ends.
    pub rook_to: Square,
    /// The squares that must be empty: the king's and the rook's paths, targets included, their
    /// own squares excepted.
    pub empty: B,
    /// The squares the king passes, its own and its target excepted: none may be attacked
    /// before the move (the target is tested with the rook moved).
    pub passed: B,
}

/// [`Rules::castle_paths`](super::Rules::castle_paths) for `castling` on a board `files` wide.
pub(super) fn castle_paths<B: Bitboard>(castling: &Castling, files: u8) -> [Vec<Option<CastlePath<B>>>; 2] {
    let span = |a: Square, b: Square| (a.0.min(b.0)..=a.0.max(b.0)).fold(B::EMPTY, |m, s| m | B::square(Square(s)));
    std::array::from_fn(|color| {
        let base = castling.rank[color] * files;
        let mut out = Vec::with_capacity(2 * usize::from(files) * usize::from(files));
        for side in 0..2 {
            let king_file = if side == 0 {
                castling.kingside_file
            } else {
                castling.queenside_file
            };
            let rook_file = if side == 0 {
                king_file.checked_sub(1)
            } else {
                Some(king_file + 1).filter(|&f| f < files)
            };
            for king in 0..files {
                for rook in 0..files {
                    out.push(rook_file.map(|rook_file| {
                        let (king, rook) = (Square(base + king), Square(base + rook));
                        let (king_to, rook_to) = (Square(base + king_file), Square(base + rook_file));
                        let own = B::square(king) | B::square(rook);
                        CastlePath {
                            king_to,
                            rook_to,
                            empty: (span(king, king_to) | span(rook, rook_to)) & !own,
                            passed: span(king, king_to) & !B::square(king) & !B::square(king_to),
                        }
                    }));
                }
            }
        }
        out
    })
}
