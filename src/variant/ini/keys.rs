//! The keys of a section: Fairy-Stockfish's plain keys with ours and the kind of their value,
//! the keys read and ignored or refused, and the reading of a section's entries in order (the
//! keys that need the section's final pieces are kept for later).

use super::Draft;
use super::sections::Entry;
use crate::variant::Definition;

/// Fairy-Stockfish keys and ours, with the kind of value.
const KEYS: &[(&str, &str, Kind)] = &[
    ("maxRank", "ranks", Kind::Rank),
    ("maxFile", "files", Kind::File),
    ("startFen", "start_fen", Kind::Text),
    ("promotionRank", "promotion_rank", Kind::Int),
    ("promotionPieceTypes", "promotion_pieces", Kind::Letters),
    ("promotionPieceTypesWhite", "promotion_pieces_white", Kind::Letters),
    ("promotionPieceTypesBlack", "promotion_pieces_black", Kind::Letters),
    ("mandatoryPawnPromotion", "mandatory_promotion", Kind::Bool),
    ("doubleStep", "double_step", Kind::Bool),
    ("doubleStepRank", "double_step_rank", Kind::Int),
    ("doubleStepRegionWhite", "double_step_region_white", Kind::Text),
    ("doubleStepRegionBlack", "double_step_region_black", Kind::Text),
    ("enPassantRegionWhite", "en_passant_region_white", Kind::Text),
    ("enPassantRegionBlack", "en_passant_region_black", Kind::Text),
    ("castling", "castling", Kind::Bool),
    ("castlingKingsideFile", "castling_kingside_file", Kind::Text),
    ("castlingQueensideFile", "castling_queenside_file", Kind::Text),
    ("castlingKingFile", "castling_king_file", Kind::Text),
    ("castlingRank", "castling_rank", Kind::Int),
    ("castlingRookPieces", "castling_rook_pieces", Kind::Letters),
    ("castlingKingPiece", "castling_king_piece", Kind::Letters),
    ("checking", "checking", Kind::Bool),
    ("mustCapture", "must_capture", Kind::Bool),
    ("checkmateValue", "checkmate_value", Kind::Text),
    ("stalemateValue", "stalemate_value", Kind::Text),
    ("nMoveRule", "n_move_rule", Kind::Int),
    ("nFoldRule", "n_fold_rule", Kind::Int),
    ("nFoldValue", "n_fold_value", Kind::Text),
    ("perpetualCheckIllegal", "perpetual_check_illegal", Kind::Bool),
    ("extinctionValue", "extinction_value", Kind::Text),
    ("extinctionPieceTypes", "extinction_pieces", Kind::Letters),
    ("extinctionPieceCount", "extinction_piece_count", Kind::Int),
    (
        "extinctionOpponentPieceCount",
        "extinction_opponent_piece_count",
        Kind::Int,
    ),
    ("extinctionPseudoRoyal", "extinction_pseudo_royal", Kind::Bool),
    ("extinctionClaim", "extinction_claim", Kind::Bool),
    ("blastOnCapture", "blast_on_capture", Kind::Bool),
    ("flagPiece", "flag_piece", Kind::Letters),
    ("flagRegionWhite", "flag_region_white", Kind::Text),
    ("flagRegionBlack", "flag_region_black", Kind::Text),
    ("flagMove", "flag_move", Kind::Bool),
    ("checkCounting", "check_counting", Kind::Bool),
    ("twoBoards", "two_boards", Kind::Bool),
    ("countingRule", "counting_rule", Kind::Text),
    ("pieceDrops", "piece_drops", Kind::Bool),
    ("capturesToHand", "captures_to_hand", Kind::Bool),
    ("dropLoop", "drop_loop", Kind::Bool),
    ("firstRankPawnDrops", "first_rank_pawn_drops", Kind::Bool),
    ("promotionZonePawnDrops", "promotion_zone_pawn_drops", Kind::Bool),
    ("dropChecks", "drop_checks", Kind::Bool),
    ("dropRegionWhite", "drop_region_white", Kind::Text),
    ("dropRegionBlack", "drop_region_black", Kind::Text),
    ("promotionRegionWhite", "promotion_region_white", Kind::Text),
    ("promotionRegionBlack", "promotion_region_black", Kind::Text),
    ("mandatoryPiecePromotion", "mandatory_piece_promotion", Kind::Bool),
    ("pieceDemotion", "piece_demotion", Kind::Bool),
    ("immobilityIllegal", "immobility_illegal", Kind::Bool),
    ("dropPromoted", "drop_promoted", Kind::Bool),
    ("dropNoDoubled", "drop_no_doubled", Kind::Letters),
    ("dropNoDoubledCount", "drop_no_doubled_count", Kind::Int),
    ("nFoldValueAbsolute", "n_fold_value_absolute", Kind::Bool),
    ("flagPieceSafe", "flag_piece_safe", Kind::Bool),
    ("flyingGeneral", "flying_general", Kind::Bool),
    ("chasingRule", "chasing_rule", Kind::Text),
    ("pass", "pass", Kind::Bool),
    ("makpongRule", "makpong", Kind::Bool),
    ("seirawanGating", "gating", Kind::Bool),
    ("mustDrop", "must_drop", Kind::Bool),
    ("castlingDroppedPiece", "castling_dropped_piece", Kind::Bool),
    ("sittuyinPromotion", "sittuyin_promotion", Kind::Bool),
    ("dupleCheck", "duple_check", Kind::Bool),
    ("materialCounting", "material_counting", Kind::Text),
    ("stalematePieceCount", "stalemate_piece_count", Kind::Bool),
    ("adjudicateFullBoard", "adjudicate_full_board", Kind::Bool),
    ("enclosingDrop", "enclosing_drop", Kind::Text),
    ("enclosingDropStart", "enclosing_drop_start", Kind::Text),
    ("flipEnclosedPieces", "flip_enclosed_pieces", Kind::Text),
    ("passOnStalemate", "pass_on_stalemate", Kind::Bool),
    ("wallingRule", "walling_rule", Kind::Text),
];

/// Keys for the GUI only: read and ignored.
const DISPLAY_KEYS: &[&str] = &["pieceToCharTable", "variantTemplate", "pocketSize", "chess960"];

/// Keys of rules the schema cannot express yet, with what they need.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("mustDropType", "forced drops of one type only are not supported yet"),
    (
        "passOnStalemateWhite",
        "passing on stalemate for one side only is not supported; `passOnStalemate` sets both",
    ),
    (
        "passOnStalemateBlack",
        "passing on stalemate for one side only is not supported; `passOnStalemate` sets both",
    ),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Text,
    Letters,
    Int,
    Bool,
    Rank,
    File,
    Limits,
}

/// The side (0 White, 1 Black) and Fairy-Stockfish's piece type name (`fers`, `customPiece3`)
/// of a `mobilityRegion{White|Black}{PieceType}` key.
pub(super) fn mobility_key(key: &str) -> Option<(usize, String)> {
    let rest = key.strip_prefix("mobilityRegion")?;
    let (side, kind) = if let Some(k) = rest.strip_prefix("White") {
        (0, k)
    } else {
        (1, rest.strip_prefix("Black")?)
    };
    let mut chars = kind.chars();
    let first = chars.next()?;
    Some((side, first.to_ascii_lowercase().to_string() + chars.as_str()))
}

/// A TOML string literal.
pub(super) fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The value of an entry as TOML, or why it cannot be.
pub(super) fn value(kind: Kind, v: &str) -> Result<String, String> {
    match kind {
        Kind::Text => Ok(quoted(v)),
        Kind::Letters => Ok(quoted(if v == "-" { "" } else { v })),
        Kind::Int => v
            .parse::<u32>()
            .map(|n| n.to_string())
            .map_err(|_| format!("expected a number, found '{}'", v.escape_debug())),
        Kind::Bool => match v {
            "true" | "false" => Ok(v.to_string()),
            _ => Err(format!("expected true or false, found '{}'", v.escape_debug())),
        },
        // Fairy-Stockfish writes the last rank and file as a number or a file letter.
        Kind::Rank => v
            .parse::<u32>()
            .map(|n| n.to_string())
            .map_err(|_| format!("expected a rank number, found '{}'", v.escape_debug())),
        Kind::File => match v.as_bytes() {
            [c @ b'a'..=b'z'] => Ok((c - b'a' + 1).to_string()),
            _ => v
                .parse::<u32>()
                .map(|n| n.to_string())
                .map_err(|_| format!("expected a file letter or number, found '{}'", v.escape_debug())),
        },
        Kind::Limits => limits(v),
    }
}

/// A `letter:count` list as a TOML inline table.
fn limits(v: &str) -> Result<String, String> {
    let mut parts = Vec::new();
    for item in v.split_whitespace() {
        let (letter, n) = item
            .split_once(':')
            .ok_or_else(|| format!("expected 'letter:count' items, found '{}'", item.escape_debug()))?;
        let n: u8 = n
            .parse()
            .map_err(|_| format!("'{}': the count is no number", item.escape_debug()))?;
        parts.push(format!("{} = {n}", quoted(letter)));
    }
    Ok(format!("{{ {} }}", parts.join(", ")))
}

/// The keys that need the section's final pieces, read after them, and its mobility regions.
#[derive(Default)]
pub(super) struct Later<'e> {
    pub(super) promoted: Option<&'e Entry>,
    pub(super) drop_mate: Option<&'e Entry>,
    pub(super) limits: Option<&'e Entry>,
    pub(super) soldier_rank: Option<&'e Entry>,
    pub(super) opposite_bishops: Option<&'e Entry>,
    pub(super) rook_drop: Option<&'e Entry>,
    pub(super) pawn_types: Option<&'e Entry>,
    /// `mobilityRegion{White|Black}{PieceType}`: (entry, side index, Fairy-Stockfish's type name).
    pub(super) mobility: Vec<(&'e Entry, usize, String)>,
}

impl Draft<'_> {
    /// Reads the section's entries (the last of each key, in order): plain keys become TOML
    /// lines and piece keys change the pieces; the keys that need the final pieces are kept.
    pub(super) fn read_entries<'e>(&mut self, last: &[&'e Entry], parent: &Definition) -> Later<'e> {
        let mut later = Later::default();
        for e in last.iter().copied() {
            if DISPLAY_KEYS.contains(&e.key.as_str()) {
                continue;
            }
            let slot = match e.key.as_str() {
                "promotedPieceType" => &mut later.promoted,
                "shogiPawnDropMateIllegal" => &mut later.drop_mate,
                "promotionLimit" => &mut later.limits,
                "soldierPromotionRank" => &mut later.soldier_rank,
                // Gates mean S-chess gating here (`seirawanGating`, read as `gating`); alone they
                // serve rules this engine expresses otherwise (cambodian's first-move rights).
                "gating" => {
                    let seirawan = last.iter().any(|x| x.key == "seirawanGating" && x.value == "true");
                    if self.is_on(e) && !seirawan {
                        self.at(e, "gates without `seirawanGating` are not supported");
                    }
                    continue;
                }
                "dropOppositeColoredBishop" => &mut later.opposite_bishops,
                "sittuyinRookDrop" => &mut later.rook_drop,
                "pawnTypes" => &mut later.pawn_types,
                _ => {
                    self.read_entry(e, parent, &mut later.mobility);
                    continue;
                }
            };
            *slot = Some(e);
        }
        later
    }

    /// Reads an entry read in order: a mobility region (kept), a key refused, a plain key or a
    /// piece key.
    fn read_entry<'e>(&mut self, e: &'e Entry, parent: &Definition, mobility: &mut Vec<(&'e Entry, usize, String)>) {
        if let Some((side, kind)) = mobility_key(&e.key) {
            mobility.push((e, side, kind));
            return;
        }
        if let Some((_, why)) = UNSUPPORTED.iter().find(|(k, _)| *k == e.key) {
            self.at(e, why);
            return;
        }
        if let Some((_, ours, kind)) = KEYS.iter().find(|(k, _, _)| *k == e.key) {
            match value(*kind, &e.value) {
                Ok(v) => self.lines.push((format!("{ours} = {v}"), e.line)),
                Err(m) => self.at(e, m),
            }
            return;
        }
        self.piece_key(e, parent);
    }

    /// Whether the boolean entry `e` is on; a value that is no boolean is a problem (and off).
    pub(super) fn is_on(&mut self, e: &Entry) -> bool {
        match value(Kind::Bool, &e.value) {
            Ok(v) => v == "true",
            Err(m) => {
                self.at(e, m);
                false
            }
        }
    }
}
