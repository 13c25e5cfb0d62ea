//! Fairy-Stockfish's variant configuration files (`variants.ini`: sections `[name:parent]`,
//! `key = value` lines in its camelCase key names, its built-in piece names with a letter each,
//! `customPieceN = x:Betza`), translated into our TOML schema and then checked like any TOML
//! variant. What the schema cannot express is reported as `FILE:LINE:1: key: message`, never
//! dropped: a translated variant plays the same game as Fairy-Stockfish's or is refused.
//!
//! A section's parent is another section of the same file (its keys are applied first, as
//! Fairy-Stockfish copies the parent) or a variant we ship (`chess`, `capablanca`, ...).
//! Display-only keys (`pieceToCharTable`, `variantTemplate`, `pocketSize`) are ignored.
//! Mobility regions (`mobilityRegionWhiteFers`) go to the piece of that type: the section's own,
//! or the parent's, which is then written out again whole with its new region.

use super::{Diagnostic, Diagnostics, Source};

/// One variant of an ini file, translated.
#[derive(Clone, Debug)]
pub struct IniVariant {
    /// The section's name.
    pub name: String,
    /// The variant as our TOML (with `inherits` for a shipped parent).
    pub toml: String,
    /// For each TOML line (0-based), the ini line (1-based) it came from.
    lines: Vec<usize>,
}

/// Fairy-Stockfish's piece types with their Betza strings (its `piece.cpp`), in its enum order
/// (the order it writes hands in, [`super::Rules::hand_order`]; aliases beside their type), and
/// whether they are pawns, royal or immune to their own kind (janggi's cannon). Types whose
/// rules go beyond Betza (janggi's elephant, the immobile piece) are missing: using one is
/// reported.
pub(super) const PIECE_TYPES: &[(&str, &str, &str)] = &[
    ("pawn", "fmWfceF", "pawn"),
    ("knight", "N", ""),
    ("bishop", "B", ""),
    ("rook", "R", ""),
    ("queen", "Q", ""),
    ("fers", "F", ""),
    ("met", "F", ""),
    ("alfil", "A", ""),
    ("fersAlfil", "FA", ""),
    ("silver", "FfW", ""),
    ("khon", "FfW", ""),
    ("aiwok", "RNF", ""),
    ("bers", "RF", ""),
    ("dragon", "RF", ""),
    ("archbishop", "BN", ""),
    ("chancellor", "RN", ""),
    ("amazon", "QN", ""),
    ("knibis", "mNcB", ""),
    ("biskni", "mBcN", ""),
    ("kniroo", "mNcR", ""),
    ("rookni", "mRcN", ""),
    ("shogiPawn", "fW", ""),
    ("lance", "fR", ""),
    ("shogiKnight", "fN", ""),
    ("gold", "WfF", ""),
    ("dragonHorse", "BW", ""),
    ("clobber", "cW", ""),
    ("breakthrough", "fmWfF", ""),
    ("cannon", "mRcpR", ""),
    ("janggiCannon", "pR", "immune"),
    ("soldier", "fsW", ""),
    ("horse", "nN", ""),
    ("elephant", "nA", ""),
    ("banner", "RcpRnN", ""),
    ("wazir", "W", ""),
    ("commoner", "K", ""),
    ("centaur", "KN", ""),
    ("king", "K", "royal"),
];

/// Our names for Fairy-Stockfish's piece types where the shipped files use another one.
const NAME_ALIASES: &[(&str, &str)] = &[
    ("fers", "ferz"),
    ("met", "ferz"),
    ("silver", "khon"),
    ("commoner", "mann"),
];

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
];

/// Keys for the GUI only: read and ignored.
const DISPLAY_KEYS: &[&str] = &["pieceToCharTable", "variantTemplate", "pocketSize", "chess960"];

/// Keys of rules the schema cannot express yet, with what they need.
const UNSUPPORTED: &[(&str, &str)] = &[("mustDropType", "forced drops of one type only are not supported yet")];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Text,
    Letters,
    Int,
    Bool,
    Rank,
    File,
    Limits,
}

/// A `key = value` line of a section.
#[derive(Clone, Debug)]
struct Entry {
    key: String,
    value: String,
    line: usize,
}

#[derive(Clone, Debug)]
struct Section {
    name: String,
    parent: Option<String>,
    line: usize,
    entries: Vec<Entry>,
}

fn diag(file: &str, line: usize, message: impl Into<String>) -> Diagnostic {
    Diagnostic {
        file: file.to_string(),
        line,
        col: 1,
        message: message.into(),
    }
}

/// Splits the file into sections; lines outside any section, and malformed lines, are
/// problems (the lines of a section whose header is malformed are skipped with it).
fn sections(file: &str, text: &str) -> (Vec<Section>, Vec<Diagnostic>) {
    let mut out: Vec<Section> = Vec::new();
    let mut problems = Vec::new();
    let mut skipping = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if let Some(head) = t.strip_prefix('[') {
            skipping = true;
            let Some(head) = head.strip_suffix(']') else {
                problems.push(diag(file, line, "a section header needs a closing ']'"));
                continue;
            };
            let (name, parent) = match head.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
                None => (head.trim(), None),
            };
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                problems.push(diag(
                    file,
                    line,
                    format!(
                        "section name '{}': letters, digits, '-' and '_' only",
                        name.escape_debug()
                    ),
                ));
                continue;
            }
            skipping = false;
            out.push(Section {
                name: name.to_string(),
                parent,
                line,
                entries: Vec::new(),
            });
            continue;
        }
        if skipping {
            continue;
        }
        let Some((key, value)) = t.split_once('=') else {
            problems.push(diag(
                file,
                line,
                format!("expected 'key = value', found '{}'", t.escape_debug()),
            ));
            continue;
        };
        let Some(section) = out.last_mut() else {
            problems.push(diag(file, line, "a key before the first [section]"));
            continue;
        };
        // A comment may follow the value.
        let value = value.split(['#', ';']).next().unwrap_or_default().trim();
        section.entries.push(Entry {
            key: key.trim().to_string(),
            value: value.to_string(),
            line,
        });
    }
    (out, problems)
}

/// A TOML string literal.
fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The value of an entry as TOML, or why it cannot be.
fn value(kind: Kind, v: &str) -> Result<String, String> {
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
        Kind::Limits => {
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
    }
}

/// Translates every section of an ini file (`file` names it in messages).
///
/// # Errors
/// Every line the schema cannot express, as `FILE:LINE:1: key: message`.
pub fn translate(file: &str, text: &str) -> Result<Vec<IniVariant>, Diagnostics> {
    let (sections, mut problems) = translate_each(file, text);
    let mut out = Vec::new();
    for section in sections {
        match section {
            Ok(v) => out.push(v),
            Err(d) => problems.extend(d.0),
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        problems.sort_by_key(|d| d.line);
        Err(Diagnostics(problems))
    }
}

/// Translates each section of an ini file on its own: one result per section, and the
/// problems of lines outside any section.
pub fn translate_each(file: &str, text: &str) -> (Vec<Result<IniVariant, Diagnostics>>, Vec<Diagnostic>) {
    let (all, problems) = sections(file, text);
    let out = all.iter().map(|s| translate_section(file, s, &all)).collect();
    (out, problems)
}

/// The section's entries with its in-file ancestors' first, and the shipped variant at the
/// root of the chain.
fn flatten<'a>(file: &str, section: &'a Section, all: &'a [Section]) -> Result<(Vec<&'a Entry>, String), Diagnostics> {
    let mut chain = vec![section];
    let mut root = None;
    let mut cur = section;
    while let Some(parent) = &cur.parent {
        match all.iter().find(|s| s.name.eq_ignore_ascii_case(parent)) {
            Some(p) if chain.iter().any(|c| std::ptr::eq(*c, p)) => {
                return Err(Diagnostics(vec![diag(
                    file,
                    section.line,
                    format!("[{}]: inheritance loop through '{parent}'", section.name),
                )]));
            }
            Some(p) => {
                chain.push(p);
                cur = p;
            }
            None => {
                root = Some(parent.to_ascii_lowercase());
                break;
            }
        }
    }
    let root = root.unwrap_or_else(|| "chess".to_string());
    let root = if root == "normal" { "chess".to_string() } else { root };
    if !super::builtin_names().contains(&root.as_str()) {
        return Err(Diagnostics(vec![diag(
            file,
            cur.line,
            format!(
                "[{}]: parent variant '{root}' is not one this engine ships ({})",
                cur.name,
                super::builtin_names().join(", ")
            ),
        )]));
    }
    let entries = chain.iter().rev().flat_map(|s| s.entries.iter()).collect();
    Ok((entries, root))
}

/// `pawnTypes = ps`: the listed pieces promote, are taken en passant and reset the move counter
/// as pawns do, but only Fairy-Stockfish's pawn type double-steps. The pawn must stay listed.
fn pawn_types_of(
    file: &str,
    e: &Entry,
    pieces: &[(char, String, String)],
    added: &mut Vec<(char, String, String, &str, usize)>,
    problems: &mut Vec<Diagnostic>,
) {
    let at = |m: String| diag(file, e.line, format!("{}: {m}", e.key));
    let letters: Vec<char> = e.value.trim().chars().map(|c| c.to_ascii_lowercase()).collect();
    for p in pieces.iter().filter(|p| p.1 == "pawn" && !letters.contains(&p.0)) {
        problems.push(at(format!(
            "the pawn '{}' must be listed (removing pawns from pawnTypes is not supported)",
            p.0
        )));
    }
    for letter in letters {
        let Some(p) = pieces.iter().find(|p| p.0 == letter) else {
            problems.push(at(format!("'{}': no piece with this letter", letter.escape_debug())));
            continue;
        };
        if p.1 == "pawn" {
            continue;
        }
        match added.iter_mut().find(|a| a.0 == letter) {
            Some(a) => a.3 = "pawn type",
            None => added.push((p.0, p.1.clone(), p.2.clone(), "pawn type", e.line)),
        }
    }
}

fn translate_section(file: &str, section: &Section, all: &[Section]) -> Result<IniVariant, Diagnostics> {
    let (entries, root) = flatten(file, section, all)?;
    let parent = super::load(&root)?;
    let mut problems = Vec::new();
    let mut lines: Vec<(String, usize)> = vec![
        (format!("name = {}", quoted(&section.name)), section.line),
        (format!("inherits = {}", quoted(&root)), section.line),
    ];
    // Pieces: the parent's letters by piece name, changed by the section.
    let mut removed: Vec<char> = Vec::new();
    let mut added: Vec<(char, String, String, &str, usize)> = Vec::new();
    // Later entries win, as in Fairy-Stockfish: keep the last of each key.
    let mut seen = std::collections::HashSet::new();
    let last: Vec<&Entry> = entries
        .iter()
        .rev()
        .filter(|e| seen.insert(e.key.clone()))
        .copied()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    // Keys that need the section's final pieces, read after them.
    let mut promoted: Option<&Entry> = None;
    let mut drop_mate: Option<&Entry> = None;
    let mut limits: Option<&Entry> = None;
    let mut soldier_rank: Option<&Entry> = None;
    let mut opposite_bishops: Option<&Entry> = None;
    let mut rook_drop: Option<&Entry> = None;
    let mut pawn_types: Option<&Entry> = None;
    // `mobilityRegion{White|Black}{PieceType}`: (entry, side index, Fairy-Stockfish's type name).
    let mut mobility: Vec<(&Entry, usize, String)> = Vec::new();
    for e in last.iter().copied() {
        let at = |m: String| diag(file, e.line, format!("{}: {m}", e.key));
        if DISPLAY_KEYS.contains(&e.key.as_str()) {
            continue;
        }
        match e.key.as_str() {
            "promotedPieceType" => {
                promoted = Some(e);
                continue;
            }
            "shogiPawnDropMateIllegal" => {
                drop_mate = Some(e);
                continue;
            }
            "promotionLimit" => {
                limits = Some(e);
                continue;
            }
            "soldierPromotionRank" => {
                soldier_rank = Some(e);
                continue;
            }
            // Gates mean S-chess gating here (`seirawanGating`, read as `gating`); alone they
            // serve rules this engine expresses otherwise (cambodian's first-move rights).
            "gating" => {
                let seirawan = last.iter().any(|x| x.key == "seirawanGating" && x.value == "true");
                if is_on(file, e, &mut problems) && !seirawan {
                    problems.push(at("gates without `seirawanGating` are not supported".to_string()));
                }
                continue;
            }
            "dropOppositeColoredBishop" => {
                opposite_bishops = Some(e);
                continue;
            }
            "sittuyinRookDrop" => {
                rook_drop = Some(e);
                continue;
            }
            "pawnTypes" => {
                pawn_types = Some(e);
                continue;
            }
            _ => {}
        }
        if let Some((side, kind)) = mobility_key(&e.key) {
            mobility.push((e, side, kind));
            continue;
        }
        if let Some((_, why)) = UNSUPPORTED.iter().find(|(k, _)| *k == e.key) {
            problems.push(at(why.to_string()));
            continue;
        }
        if let Some((_, ours, kind)) = KEYS.iter().find(|(k, _, _)| *k == e.key) {
            match value(*kind, &e.value) {
                Ok(v) => lines.push((format!("{ours} = {v}"), e.line)),
                Err(m) => problems.push(at(m)),
            }
            continue;
        }
        let custom = e
            .key
            .strip_prefix("customPiece")
            .is_some_and(|n| n.parse::<u8>().is_ok());
        let builtin_type = PIECE_TYPES.iter().find(|(n, _, _)| *n == e.key);
        if !custom && builtin_type.is_none() {
            problems.push(at("not a key this engine knows (or not supported yet)".to_string()));
            continue;
        }
        let (letter_text, betza, flags, name) = if custom {
            match e.value.split_once(':') {
                Some((l, b)) => (l.trim(), b.trim().to_string(), "", e.key.clone()),
                None => {
                    problems.push(at(format!(
                        "expected 'letter:Betza', found '{}'",
                        e.value.escape_debug()
                    )));
                    continue;
                }
            }
        } else {
            let (n, b, f) = builtin_type.copied().unwrap_or_default();
            // `king = k:W`: a royal piece with its own moves (xiangqi's general).
            match e.value.split_once(':') {
                Some((l, b)) if n == "king" => (l.trim(), b.trim().to_string(), f, n.to_string()),
                _ => (e.value.as_str(), b.to_string(), f, n.to_string()),
            }
        };
        // The parent's piece of this type, under its own letter, goes first.
        if let Some(p) = parent.pieces.iter().find(|p| names_type(&p.name, &name)) {
            removed.push(p.letter);
        }
        if letter_text == "-" {
            continue;
        }
        let mut chars = letter_text.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            problems.push(at(format!(
                "expected one piece letter, found '{}'",
                letter_text.escape_debug()
            )));
            continue;
        };
        if !letter.is_ascii_alphabetic() {
            problems.push(at(format!("expected a piece letter, found '{letter}'")));
            continue;
        }
        added.push((letter.to_ascii_lowercase(), name, betza, flags, e.line));
    }
    // A letter taken over by another type is that type's now.
    removed.retain(|l| !added.iter().any(|a| a.0 == *l));
    let removed_text: String = removed.iter().collect();
    if !removed_text.is_empty() {
        lines.push((format!("remove_pieces = {}", quoted(&removed_text)), section.line));
    }
    // The section's pieces: the parent's left, then its own.
    let mut pieces: Vec<(char, String, String)> = parent
        .pieces
        .iter()
        .filter(|p| p.promoted_from.is_none() && !removed.contains(&p.letter) && !added.iter().any(|a| a.0 == p.letter))
        .map(|p| (p.letter, p.name.clone(), p.betza_text.clone()))
        .collect();
    pieces.extend(added.iter().map(|(l, n, b, _, _)| (*l, n.clone(), b.clone())));
    if let Some(e) = pawn_types {
        pawn_types_of(file, e, &pieces, &mut added, &mut problems);
    }
    // Fairy-Stockfish's rule is about its shogi pawn type (Betza `fW`).
    if let Some(e) = drop_mate
        && is_on(file, e, &mut problems)
    {
        let letters: String = pieces.iter().filter(|p| p.2 == "fW").map(|p| p.0).collect();
        lines.push((format!("drop_mate_illegal = {}", quoted(&letters)), e.line));
    }
    // `promotedPieceType = p:g s:g`: each piece gets a `+` form moving as the named type.
    let mut forms = Vec::new();
    if let Some(e) = promoted {
        for item in e.value.split_whitespace() {
            let at = |m: String| diag(file, e.line, format!("{}: {m}", e.key));
            let pair = item
                .split_once(':')
                .and_then(|(a, b)| Some((a.chars().next()?, b.chars().next()?)));
            let Some((from, to)) = pair.filter(|_| item.len() == 3) else {
                problems.push(at(format!(
                    "expected 'letter:letter' items, found '{}'",
                    item.escape_debug()
                )));
                continue;
            };
            let find = |c: char| pieces.iter().find(|p| p.0 == c.to_ascii_lowercase());
            match (find(from), find(to)) {
                (Some(_), Some(target)) => {
                    forms.push((from.to_ascii_lowercase(), target.1.clone(), target.2.clone(), target.0))
                }
                _ => problems.push(at(format!(
                    "'{}': no piece with one of these letters",
                    item.escape_debug()
                ))),
            }
        }
    }
    // A limit on a type holds for the `+` forms that move as it too: Fairy-Stockfish counts
    // its pieces of the type, and a promoted form is one.
    if let Some(e) = limits {
        let text = e
            .value
            .split_whitespace()
            .flat_map(|item| {
                let letter = item.split(':').next().and_then(|l| l.chars().next());
                let count = item.split_once(':').map_or("", |(_, n)| n).to_string();
                let extra: Vec<String> = forms
                    .iter()
                    .filter(|f| Some(f.3) == letter.map(|l| l.to_ascii_lowercase()))
                    .map(|f| format!("+{}:{count}", f.0))
                    .collect();
                std::iter::once(item.to_string()).chain(extra)
            })
            .collect::<Vec<_>>()
            .join(" ");
        match value(Kind::Limits, &text) {
            Ok(v) => lines.push((format!("promotion_limits = {v}"), e.line)),
            Err(m) => problems.push(diag(file, e.line, format!("{}: {m}", e.key))),
        }
    }
    // `dropOppositeColoredBishop`: Fairy-Stockfish's bishop type, by name.
    if let Some(e) = opposite_bishops
        && is_on(file, e, &mut problems)
    {
        match pieces.iter().find(|p| p.1 == "bishop") {
            Some(b) => lines.push((format!("drop_opposite_colored = \"{}\"", b.0), e.line)),
            None => problems.push(diag(file, e.line, format!("{}: the variant has no bishop", e.key))),
        }
    }
    // `sittuyinRookDrop`: the rook's own drop region, the first rank of each side (the rook
    // redefined with it where the parent has it).
    let mut rook_region = None;
    if let Some(e) = rook_drop
        && is_on(file, e, &mut problems)
    {
        match pieces.iter().find(|p| p.1 == "rook") {
            Some(r) => {
                if !added.iter().any(|a| a.0 == r.0) {
                    added.push((r.0, r.1.clone(), r.2.clone(), "", e.line));
                }
                let ranks = board_ranks(&lines, parent.ranks);
                rook_region = Some(format!(
                    ", drop_region_white = \"*1\", drop_region_black = \"*{ranks}\""
                ));
            }
            None => problems.push(diag(file, e.line, format!("{}: the variant has no rook", e.key))),
        }
    }
    // `soldierPromotionRank = N`: the soldier (`fsW`) steps sideways only from its N-th rank on,
    // an advanced region of `sW`.
    // The parent's soldier (xiangqi's) is redefined with it where the section keeps it.
    if let Some(e) = soldier_rank
        && !added.iter().any(|a| a.1 == "soldier")
        && let Some(p) = pieces.iter().find(|p| p.1 == "soldier")
    {
        added.push((p.0, p.1.clone(), "fsW".to_string(), "", e.line));
    }
    let soldier_advance = match soldier_rank {
        Some(e) => soldier_regions(e, &lines, parent.ranks, &added).unwrap_or_else(|m| {
            problems.push(diag(file, e.line, format!("{}: {m}", e.key)));
            None
        }),
        None => None,
    };
    // Mobility regions, by piece letter and side (the region's text and its line).
    let mut regions: Vec<(char, SideRegions)> = Vec::new();
    for (e, side, kind) in &mobility {
        let Some(letter) = mobility_target(kind, &added, &pieces, &parent) else {
            problems.push(diag(
                file,
                e.line,
                format!("{}: the variant has no piece of type {kind}", e.key),
            ));
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
    let region_of = |letter: char| regions.iter().find(|r| r.0 == letter).map(|r| r.1);
    if !added.is_empty() || !forms.is_empty() || !regions.is_empty() {
        lines.push(("[pieces]".to_string(), section.line));
        if let Some(e) = promoted {
            // Written notation names a promoted form by the type it becomes, as
            // Fairy-Stockfish does (shogun's `+b` is written `A`).
            for (letter, name, betza, target) in &forms {
                lines.push((
                    format!(
                        "\"+{letter}\" = {{ name = {}, betza = {}, san = \"{target}\" }}",
                        quoted(name),
                        quoted(betza)
                    ),
                    e.line,
                ));
            }
        }
        for (letter, name, betza, flags, line) in &added {
            let mut extra = match *flags {
                "pawn" => ", pawn = true",
                "pawn type" => ", pawn = true, double_step = false",
                "royal" => ", royal = true",
                "immune" => ", same_kind_immune = true",
                _ => "",
            }
            .to_string();
            let mut betza = betza.as_str();
            if name == "soldier"
                && let Some(advanced) = &soldier_advance
            {
                betza = "fW";
                extra.push_str(advanced);
            }
            if name == "rook"
                && let Some(region) = &rook_region
            {
                extra.push_str(region);
            }
            for (side, region) in region_of(*letter).unwrap_or_default().iter().enumerate() {
                if let Some((text, _)) = region {
                    extra.push_str(&format!(", {} = {}", REGION_KEYS[side], quoted(text)));
                }
            }
            lines.push((
                format!(
                    "{letter} = {{ name = {}, betza = {}{extra} }}",
                    quoted(name),
                    quoted(betza)
                ),
                *line,
            ));
        }
    }
    // A parent's piece with a new region is written out again, whole (a `[pieces]` entry
    // replaces the inherited one).
    for (letter, sides) in regions.iter().filter(|r| !added.iter().any(|a| a.0 == r.0)) {
        let line = sides.iter().flatten().map(|r| r.1).max().unwrap_or(section.line);
        let Some(mut table) = shipped_piece(&root, *letter) else {
            problems.push(diag(
                file,
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
        lines.push((format!("{letter} = {}", toml::Value::Table(table)), line));
    }
    if !problems.is_empty() {
        return Err(Diagnostics(problems));
    }
    let toml = lines.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>().join("\n") + "\n";
    let variant = IniVariant {
        name: section.name.clone(),
        toml,
        lines: lines.iter().map(|(_, n)| *n).collect(),
    };
    // Checked now, so a file's every problem is reported at once, by its ini line.
    variant.load(file)?;
    Ok(variant)
}

/// A piece's mobility regions from the section, by side: the region's text and its line.
type SideRegions<'a> = [Option<(&'a str, usize)>; 2];

/// Our keys of a piece's mobility region, by side.
const REGION_KEYS: [&str; 2] = ["region_white", "region_black"];

/// The side (0 White, 1 Black) and Fairy-Stockfish's piece type name (`fers`, `customPiece3`)
/// of a `mobilityRegion{White|Black}{PieceType}` key.
fn mobility_key(key: &str) -> Option<(usize, String)> {
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

/// Whether our piece name `ours` is Fairy-Stockfish's type `fsf`: the same name, or the one
/// the shipped files use for it ([`NAME_ALIASES`]).
fn names_type(ours: &str, fsf: &str) -> bool {
    let alias = NAME_ALIASES.iter().find(|(f, _)| *f == fsf).map_or(fsf, |(_, o)| o);
    ours.eq_ignore_ascii_case(fsf) || ours.eq_ignore_ascii_case(alias)
}

/// The letter of the piece of Fairy-Stockfish's type `kind`: one the section defines, else
/// the parent's piece of that name (or of ours for it), its royal piece for `king`, or its
/// only piece moving as the type does (xiangqi's advisor is Fairy-Stockfish's `fers`).
/// `pieces` are the section's pieces as (letter, name, Betza), `parent` the shipped parent.
fn mobility_target(
    kind: &str,
    added: &[(char, String, String, &str, usize)],
    pieces: &[(char, String, String)],
    parent: &super::Definition,
) -> Option<char> {
    if let Some(a) = added.iter().find(|a| a.1 == kind) {
        return Some(a.0);
    }
    let kept: Vec<&(char, String, String)> = pieces.iter().filter(|p| !added.iter().any(|a| a.0 == p.0)).collect();
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
        let table: toml::Table = toml::from_str(super::builtin_text(&name)?).ok()?;
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

/// Whether the boolean entry `e` is on; a value that is no boolean is a problem (and off).
fn is_on(file: &str, e: &Entry, problems: &mut Vec<Diagnostic>) -> bool {
    match value(Kind::Bool, &e.value) {
        Ok(v) => v == "true",
        Err(m) => {
            problems.push(diag(file, e.line, format!("{}: {m}", e.key)));
            false
        }
    }
}

/// The section's board height: its last `ranks = N` line, else the parent's.
fn board_ranks(lines: &[(String, usize)], parent_ranks: u8) -> u8 {
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
    added: &[(char, String, String, &str, usize)],
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

impl IniVariant {
    /// Compiles the translated variant; problems point at the ini file's lines.
    ///
    /// # Errors
    /// Every problem of the translated definition.
    pub fn load(&self, file: &str) -> Result<super::Definition, Diagnostics> {
        let marker = format!("{file}[{}]", self.name);
        let to_ini = |mut x: Diagnostic| {
            if x.file == marker {
                x.file = file.to_string();
                x.line = self.lines.get(x.line.saturating_sub(1)).copied().unwrap_or(0);
                x.col = 1;
            }
            x
        };
        let mut def = super::load_source(Source::inline(&marker, &self.toml), &self.name)
            .map_err(|d| Diagnostics(d.0.into_iter().map(to_ini).collect()))?;
        // The start position is checked against the rules later; its problems must point here.
        def.start_fen_at = to_ini(def.start_fen_at);
        Ok(def)
    }
}
