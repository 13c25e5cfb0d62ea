//! Regions that confine pieces: mobility regions (`mobilityRegionWhiteFers`) on the section's
//! pieces or the parent's (written out again whole), and the soldier's sideways steps from
//! `soldierPromotionRank` on.

use super::keys::quoted;
use super::sections::Entry;
use super::types::{PIECE_TYPES, names_type};
use super::{Draft, NewPiece, Piece, diag};
use crate::variant::Definition;

/// A piece's mobility regions from the section, by side: the region's text and its line.
pub(super) type SideRegions<'a> = [Option<(&'a str, usize)>; 2];

/// Our keys of a piece's mobility region, by side.
pub(super) const REGION_KEYS: [&str; 2] = ["region_white", "region_black"];

/// The letter of the piece of Fairy-Stockfish's type `kind`: one the section defines, else
/// the parent's piece of that name (or of ours for it), its royal piece for `king`, or its
/// only piece moving as the type does (xiangqi's advisor is Fairy-Stockfish's `fers`).
/// `pieces` are the section's pieces as (letter, name, Betza), `parent` the shipped parent.
fn mobility_target(kind: &str, added: &[NewPiece], pieces: &[Piece], parent: &Definition) -> Option<char> {
    if let Some(a) = added.iter().find(|a| a.1 == kind) {
        return Some(a.0);
    }
    let kept: Vec<&Piece> = pieces.iter().filter(|p| !added.iter().any(|a| a.0 == p.0)).collect();
    if let Some(p) = kept.iter().find(|p| names_type(&p.1, kind)) {
        return Some(p.0);
    }
    if kind == "king" {
        let royal = |l: char| parent.pieces.iter().any(|p| p.letter == l && p.royal);
        return kept.iter().find(|p| royal(p.0)).map(|p| p.0);
    }
    let betza = PIECE_TYPES.iter().find(|t| t.0 == kind)?.1;
    match kept.iter().filter(|p| p.2 == betza).collect::<Vec<_>>()[..] {
        [p] => Some(p.0),
        _ => None,
    }
}

/// Piece `letter` of shipped variant `root` as its file writes it (following `inherits`).
fn shipped_piece(root: &str, letter: char) -> Option<toml::Table> {
    let mut name = root.to_string();
    for _ in 0..16 {
        let table: toml::Table = toml::from_str(crate::variant::builtin_text(&name)?).ok()?;
        let found = table.get("pieces").and_then(|p| p.as_table()).and_then(|p| {
            p.iter()
                .find(|(k, _)| k.len() == 1 && k.eq_ignore_ascii_case(&letter.to_string()))
                .and_then(|(_, v)| v.as_table().cloned())
        });
        if found.is_some() {
            return found;
        }
        name = table.get("inherits")?.as_str()?.to_string();
    }
    None
}

/// The section's board height: its last `ranks = N` line, else the parent's.
pub(super) fn board_ranks(lines: &[(String, usize)], parent_ranks: u8) -> u8 {
    lines
        .iter()
        .rev()
        .find_map(|(l, _)| l.strip_prefix("ranks = ")?.parse::<u8>().ok())
        .unwrap_or(parent_ranks)
}

/// The TOML keys that give a soldier its sideways steps from rank `e.value` on (`None` from the
/// first rank: it has them everywhere), for the board's ranks (`ranks = N` in `lines`, else
/// the parent's); an error where the section defines no soldier or the rank is off the board.
fn soldier_regions(
    e: &Entry,
    lines: &[(String, usize)],
    parent_ranks: u8,
    added: &[NewPiece],
) -> Result<Option<String>, String> {
    let ranks = board_ranks(lines, parent_ranks);
    let rank: u8 = e
        .value
        .parse()
        .map_err(|_| format!("expected a rank number, found '{}'", e.value.escape_debug()))?;
    if rank == 0 || rank > ranks {
        return Err(format!("rank {rank} is not on a board of {ranks} ranks"));
    }
    if !added.iter().any(|a| a.1 == "soldier") {
        return Err("the section defines no soldier (`soldier = p`) for it to apply to".to_string());
    }
    if rank == 1 {
        return Ok(None);
    }
    let list = |from: u8, to: u8| (from..=to).map(|r| format!("*{r}")).collect::<Vec<_>>().join(" ");
    Ok(Some(format!(
        ", advanced_betza = \"sW\", advanced_region_white = {}, advanced_region_black = {}",
        quoted(&list(rank, ranks)),
        quoted(&list(1, ranks + 1 - rank))
    )))
}

impl Draft<'_> {
    /// `soldierPromotionRank = N`: the soldier (`fsW`) steps sideways only from its N-th rank on,
    /// an advanced region of `sW`, returned as the TOML keys of its `[pieces]` line.
    /// The parent's soldier (xiangqi's) is redefined with it where the section keeps it.
    pub(super) fn soldier(&mut self, e: Option<&Entry>, pieces: &[Piece], parent_ranks: u8) -> Option<String> {
        let e = e?;
        if !self.added.iter().any(|a| a.1 == "soldier")
            && let Some(p) = pieces.iter().find(|p| p.1 == "soldier")
        {
            self.added.push((p.0, p.1.clone(), "fsW".to_string(), "", e.line));
        }
        soldier_regions(e, &self.lines, parent_ranks, &self.added).unwrap_or_else(|m| {
            self.at(e, m);
            None
        })
    }

    /// Mobility regions, by piece letter and side (the region's text and its line).
    pub(super) fn mobility_regions<'e>(
        &mut self,
        mobility: &[(&'e Entry, usize, String)],
        pieces: &[Piece],
        parent: &Definition,
    ) -> Vec<(char, SideRegions<'e>)> {
        let mut regions: Vec<(char, SideRegions)> = Vec::new();
        for (e, side, kind) in mobility {
            let Some(letter) = mobility_target(kind, &self.added, pieces, parent) else {
                self.at(e, format!("the variant has no piece of type {kind}"));
                continue;
            };
            let at = match regions.iter().position(|r| r.0 == letter) {
                Some(i) => i,
                None => {
                    regions.push((letter, [None, None]));
                    regions.len() - 1
                }
            };
            regions[at].1[*side] = Some((e.value.as_str(), e.line));
        }
        regions
    }

    /// A parent's piece with a new region is written out again, whole (a `[pieces]` entry
    /// replaces the inherited one).
    pub(super) fn write_parent_regions(&mut self, regions: &[(char, SideRegions)], root: &str, section_line: usize) {
        for (letter, sides) in regions.iter().filter(|r| !self.added.iter().any(|a| a.0 == r.0)) {
            let line = sides.iter().flatten().map(|r| r.1).max().unwrap_or(section_line);
            let Some(mut table) = shipped_piece(root, *letter) else {
                self.problems.push(diag(
                    self.file,
                    line,
                    format!("piece '{letter}' of '{root}' cannot be given a region"),
                ));
                continue;
            };
            for (side, region) in sides.iter().enumerate() {
                if let Some((text, _)) = region {
                    table.insert(REGION_KEYS[side].to_string(), toml::Value::String(text.to_string()));
                }
            }
            self.lines
                .push((format!("{letter} = {}", toml::Value::Table(table)), line));
        }
    }
}
