//! A section's pieces: Fairy-Stockfish's piece types and the keys that give them letters
//! (`knight = n`, `customPieceN = x:Betza`), the parent's pieces they replace, `pawnTypes`, and
//! the `[pieces]` table written out.

use super::keys::quoted;
use super::regions::{REGION_KEYS, SideRegions};
use super::sections::Entry;
use super::types::{PIECE_TYPES, names_type};
use super::{Draft, Form, NewPiece, Piece};
use crate::variant::Definition;

/// What a piece key says: the letter's text, the Betza string, the flags and the type's name
/// (`customPieceN` for a custom piece); an error where the key is no piece key or the value
/// is malformed.
fn piece_type(e: &Entry) -> Result<(&str, String, &'static str, String), String> {
    let custom = e
        .key
        .strip_prefix("customPiece")
        .is_some_and(|n| n.parse::<u8>().is_ok());
    let builtin_type = PIECE_TYPES.iter().find(|(n, _, _)| *n == e.key);
    if !custom && builtin_type.is_none() {
        return Err("not a key this engine knows (or not supported yet)".to_string());
    }
    if custom {
        return match e.value.split_once(':') {
            Some((l, b)) => Ok((l.trim(), b.trim().to_string(), "", e.key.clone())),
            None => Err(format!("expected 'letter:Betza', found '{}'", e.value.escape_debug())),
        };
    }
    let (n, b, f) = builtin_type.copied().unwrap_or_default();
    // `king = k:W`: a royal piece with its own moves (xiangqi's general).
    Ok(match e.value.split_once(':') {
        Some((l, b)) if n == "king" => (l.trim(), b.trim().to_string(), f, n.to_string()),
        _ => (e.value.as_str(), b.to_string(), f, n.to_string()),
    })
}

impl Draft<'_> {
    /// Reads a piece key: the parent's piece of its type goes, and the section's takes its
    /// letter (none for `-`).
    pub(super) fn piece_key(&mut self, e: &Entry, parent: &Definition) {
        let (letter_text, betza, flags, name) = match piece_type(e) {
            Ok(t) => t,
            Err(m) => return self.at(e, m),
        };
        // The parent's piece of this type, under its own letter, goes first.
        if let Some(p) = parent.pieces.iter().find(|p| names_type(&p.name, &name)) {
            self.removed.push(p.letter);
        }
        if letter_text == "-" {
            return;
        }
        let mut chars = letter_text.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return self.at(
                e,
                format!("expected one piece letter, found '{}'", letter_text.escape_debug()),
            );
        };
        if !letter.is_ascii_alphabetic() {
            return self.at(e, format!("expected a piece letter, found '{letter}'"));
        }
        self.added
            .push((letter.to_ascii_lowercase(), name, betza, flags, e.line));
    }

    /// Writes the parent's pieces the section takes away (`remove_pieces`) and returns the
    /// section's pieces as (letter, name, Betza): the parent's left, then its own.
    pub(super) fn pieces(&mut self, parent: &Definition, section_line: usize) -> Vec<Piece> {
        // A letter taken over by another type is that type's now.
        let added = &self.added;
        self.removed.retain(|l| !added.iter().any(|a| a.0 == *l));
        let removed_text: String = self.removed.iter().collect();
        if !removed_text.is_empty() {
            self.lines
                .push((format!("remove_pieces = {}", quoted(&removed_text)), section_line));
        }
        let mut pieces: Vec<Piece> = parent
            .pieces
            .iter()
            .filter(|p| {
                p.promoted_from.is_none() && !self.removed.contains(&p.letter) && !added.iter().any(|a| a.0 == p.letter)
            })
            .map(|p| (p.letter, p.name.clone(), p.betza_text.clone()))
            .collect();
        pieces.extend(added.iter().map(|(l, n, b, _, _)| (*l, n.clone(), b.clone())));
        pieces
    }

    /// `pawnTypes = ps`: the listed pieces promote, are taken en passant and reset the move
    /// counter as pawns do, but only Fairy-Stockfish's pawn type double-steps. The pawn must stay
    /// listed.
    pub(super) fn pawn_types(&mut self, e: Option<&Entry>, pieces: &[Piece]) {
        let Some(e) = e else { return };
        let letters: Vec<char> = e.value.trim().chars().map(|c| c.to_ascii_lowercase()).collect();
        for p in pieces.iter().filter(|p| p.1 == "pawn" && !letters.contains(&p.0)) {
            self.at(
                e,
                format!(
                    "the pawn '{}' must be listed (removing pawns from pawnTypes is not supported)",
                    p.0
                ),
            );
        }
        for letter in letters {
            let Some(p) = pieces.iter().find(|p| p.0 == letter) else {
                self.at(e, format!("'{}': no piece with this letter", letter.escape_debug()));
                continue;
            };
            if p.1 == "pawn" {
                continue;
            }
            match self.added.iter_mut().find(|a| a.0 == letter) {
                Some(a) => a.3 = "pawn type",
                None => self.added.push((p.0, p.1.clone(), p.2.clone(), "pawn type", e.line)),
            }
        }
    }

    /// Writes the `[pieces]` table where the section changes any piece: the `+` forms of
    /// `promotedPieceType` (`promoted`), then the section's own pieces with their regions.
    pub(super) fn write_pieces(
        &mut self,
        section_line: usize,
        promoted: Option<&Entry>,
        forms: &[Form],
        regions: &[(char, SideRegions)],
        extra_regions: &PieceRegions,
    ) {
        if self.added.is_empty() && forms.is_empty() && regions.is_empty() {
            return;
        }
        self.lines.push(("[pieces]".to_string(), section_line));
        if let Some(e) = promoted {
            // Written notation names a promoted form by the type it becomes, as
            // Fairy-Stockfish does (shogun's `+b` is written `A`).
            for (letter, name, betza, target) in forms {
                self.lines.push((
                    format!(
                        "\"+{letter}\" = {{ name = {}, betza = {}, san = \"{target}\" }}",
                        quoted(name),
                        quoted(betza)
                    ),
                    e.line,
                ));
            }
        }
        let region_of = |letter: char| regions.iter().find(|r| r.0 == letter).map(|r| r.1);
        let written: Vec<(String, usize)> = self
            .added
            .iter()
            .map(|piece| (piece_line(piece, region_of(piece.0), extra_regions), piece.4))
            .collect();
        self.lines.extend(written);
    }
}

/// The regions some keys give one piece: the soldier's advanced region
/// (`soldierPromotionRank`) and the rook's drop region (`sittuyinRookDrop`), as the TOML keys
/// that follow its Betza.
pub(super) struct PieceRegions {
    pub(super) soldier_advance: Option<String>,
    pub(super) rook_region: Option<String>,
}

/// A section's piece as its `[pieces]` line, with its mobility regions (`regions`).
fn piece_line(piece: &NewPiece, regions: Option<SideRegions>, extra: &PieceRegions) -> String {
    let (letter, name, betza, flags, _) = piece;
    let mut extra_keys = match *flags {
        "pawn" => ", pawn = true",
        "pawn type" => ", pawn = true, double_step = false",
        "royal" => ", royal = true",
        "immune" => ", same_kind_immune = true",
        _ => "",
    }
    .to_string();
    let mut betza = betza.as_str();
    if name == "soldier"
        && let Some(advanced) = &extra.soldier_advance
    {
        betza = "fW";
        extra_keys.push_str(advanced);
    }
    if name == "rook"
        && let Some(region) = &extra.rook_region
    {
        extra_keys.push_str(region);
    }
    for (side, region) in regions.unwrap_or_default().iter().enumerate() {
        if let Some((text, _)) = region {
            extra_keys.push_str(&format!(", {} = {}", REGION_KEYS[side], quoted(text)));
        }
    }
    format!(
        "{letter} = {{ name = {}, betza = {}{extra_keys} }}",
        quoted(name),
        quoted(betza)
    )
}
