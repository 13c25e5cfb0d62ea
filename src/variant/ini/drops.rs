//! Drop keys that need the section's final pieces: `shogiPawnDropMateIllegal`,
//! `dropOppositeColoredBishop` and `sittuyinRookDrop`.

use super::keys::quoted;
use super::sections::Entry;
use super::{Draft, Piece, regions};

impl Draft<'_> {
    /// `shogiPawnDropMateIllegal`: Fairy-Stockfish's rule is about its shogi pawn type (Betza
    /// `fW`).
    pub(super) fn drop_mate(&mut self, drop_mate: Option<&Entry>, pieces: &[Piece]) {
        if let Some(e) = drop_mate
            && self.is_on(e)
        {
            let letters: String = pieces.iter().filter(|p| p.2 == "fW").map(|p| p.0).collect();
            self.lines
                .push((format!("drop_mate_illegal = {}", quoted(&letters)), e.line));
        }
    }

    /// `dropOppositeColoredBishop`: Fairy-Stockfish's bishop type, by name.
    pub(super) fn opposite_bishops(&mut self, opposite: Option<&Entry>, pieces: &[Piece]) {
        if let Some(e) = opposite
            && self.is_on(e)
        {
            match pieces.iter().find(|p| p.1 == "bishop") {
                Some(b) => self
                    .lines
                    .push((format!("drop_opposite_colored = \"{}\"", b.0), e.line)),
                None => self.at(e, "the variant has no bishop"),
            }
        }
    }

    /// `sittuyinRookDrop`: the rook's own drop region, the first rank of each side (the rook
    /// redefined with it where the parent has it), as the TOML keys of its `[pieces]` line.
    pub(super) fn rook_drop(&mut self, e: Option<&Entry>, pieces: &[Piece], parent_ranks: u8) -> Option<String> {
        let e = e?;
        if !self.is_on(e) {
            return None;
        }
        let Some(r) = pieces.iter().find(|p| p.1 == "rook") else {
            self.at(e, "the variant has no rook");
            return None;
        };
        if !self.added.iter().any(|a| a.0 == r.0) {
            self.added.push((r.0, r.1.clone(), r.2.clone(), "", e.line));
        }
        let ranks = regions::board_ranks(&self.lines, parent_ranks);
        Some(format!(
            ", drop_region_white = \"*1\", drop_region_black = \"*{ranks}\""
        ))
    }
}
