//! The FEN forms Fairy-Stockfish reads beside its own, rewritten into its own before a variant
//! reads them, so that the API takes every FEN pyffish's callers send: lichess's pockets as a
//! ninth rank (`.../RNBQKBNR/ w`), lichess's check counts after the clocks (`0 1 +0+2`: checks
//! given), written notation's letter synonyms (janggi's `h` horse, `e` elephant) and trailing
//! empty squares past the end of a rank (`K1B6` on eight files). Anything else is left as it is
//! for the variant to judge. Fields pyffish lets one leave out are filled in: the side (`w`),
//! castling and en passant (`-`) and the clocks (`0 1`); `BOARD w 1 2` has its clocks right
//! after the side. Writing, it adds the promoted marks Fairy-Stockfish shows on request
//! ([`mark_promoted`]).

use crate::variant::{Definition, rank_cells};

/// `fen` in Fairy-Stockfish's own form for `def` (unchanged where it already is).
pub fn normalize(def: &Definition, fen: &str) -> String {
    let mut fields: Vec<String> = complete(fen).split_ascii_whitespace().map(str::to_string).collect();
    let Some(first) = fields.first_mut() else {
        return fen.to_string();
    };
    *first = board_field(def, first);
    if def.end.check_counting {
        lichess_checks(def, &mut fields);
    }
    fields.join(" ")
}

/// `fen` with the fields pyffish lets one leave out; longer FENs are left as they are.
fn complete(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let numeric = |f: &&str| f.bytes().all(|b| b.is_ascii_digit());
    match fields.as_slice() {
        [board] => format!("{board} w - - 0 1"),
        [board, side] => format!("{board} {side} - - 0 1"),
        [board, side, a, b] if numeric(a) && numeric(b) => format!("{board} {side} - - {a} {b}"),
        _ => fen.to_string(),
    }
}

/// The board field: pockets as brackets, synonyms replaced, rank overflow trimmed.
fn board_field(def: &Definition, field: &str) -> String {
    let (board, hand) = match field.find('[') {
        Some(i) => (&field[..i], Some(&field[i..])),
        None => (field, None),
    };
    let mut ranks: Vec<&str> = board.split('/').collect();
    let mut pocket = None;
    if hand.is_none() && def.drops.is_some() && ranks.len() == usize::from(def.ranks) + 1 {
        pocket = ranks.pop().map(|p| format!("[{p}]"));
    }
    let ranks: Vec<String> = ranks.iter().map(|r| trim_rank(def, &synonyms(def, r))).collect();
    let hand = hand.map(|h| synonyms(def, h)).or(pocket).unwrap_or_default();
    format!("{}{hand}", ranks.join("/"))
}

/// Letters that are no piece's FEN letter but a piece's written-notation letter, replaced by
/// that piece's FEN letter (in the same case).
fn synonyms(def: &Definition, text: &str) -> String {
    text.chars()
        .map(|c| {
            if !c.is_ascii_alphabetic() || def.kind_of(c).is_some() {
                return c;
            }
            let upper = c.to_ascii_uppercase();
            match def
                .pieces
                .iter()
                .find(|p| p.promoted_from.is_none() && p.san_letter == upper)
            {
                Some(p) if c.is_ascii_uppercase() => p.letter.to_ascii_uppercase(),
                Some(p) => p.letter,
                None => c,
            }
        })
        .collect()
}

/// A rank whose last run of empty squares runs past the board's edge, cut at the edge.
fn trim_rank(def: &Definition, rank: &str) -> String {
    let width = usize::from(def.files);
    let digits = rank.len() - rank.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (head, tail) = rank.split_at(rank.len() - digits);
    let Ok(empty) = tail.parse::<usize>() else {
        return rank.to_string();
    };
    let used = rank_cells(head).len();
    if digits == 0 || used >= width || used + empty <= width {
        return rank.to_string();
    }
    format!("{head}{}", width - used)
}

/// Lichess writes the checks each side has given as a last field `+W+B`; Fairy-Stockfish
/// writes the checks each still needs, `W+B`, after the en-passant field.
fn lichess_checks(def: &Definition, fields: &mut Vec<String>) {
    let Some(last) = fields.last() else { return };
    let Some((white, black)) = last.strip_prefix('+').and_then(|s| s.split_once('+')) else {
        return;
    };
    let (Ok(white), Ok(black)) = (white.parse::<u32>(), black.parse::<u32>()) else {
        return;
    };
    let needed = start_checks(def);
    if fields.len() != 7 || white > needed || black > needed {
        return;
    }
    fields.pop();
    fields.insert(4, format!("{}+{}", needed - white, needed - black));
}

/// The checks a side needs to win, from the start position's counters (`3+3`).
fn start_checks(def: &Definition) -> u32 {
    def.start_fen
        .split_ascii_whitespace()
        .find_map(|f| f.split_once('+').and_then(|(w, _)| w.parse().ok()))
        .unwrap_or(3)
}

/// `fen` with a `~` after each piece on a square `marked` names (0-based file, rank) that has
/// none: Fairy-Stockfish's FEN with `showPromoted`.
pub fn mark_promoted(fen: &str, ranks: u8, marked: impl Fn(u8, u8) -> bool) -> String {
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let (board, hand) = match board.find('[') {
        Some(i) => board.split_at(i),
        None => (board, ""),
    };
    let mut out = String::with_capacity(fen.len() + 8);
    for (row, rank_text) in board.split('/').enumerate() {
        if row > 0 {
            out.push('/');
        }
        let rank = ranks.saturating_sub(1 + row as u8);
        let chars: Vec<char> = rank_text.chars().collect();
        let (mut file, mut run) = (0u8, 0u8);
        for (i, &c) in chars.iter().enumerate() {
            out.push(c);
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as u8;
                continue;
            }
            file += run;
            run = 0;
            if c.is_ascii_alphabetic() {
                if marked(file, rank) && chars.get(i + 1) != Some(&'~') {
                    out.push('~');
                }
                file += 1;
            }
        }
    }
    out.push_str(hand);
    if !rest.is_empty() {
        out.push(' ');
        out.push_str(rest);
    }
    out
}
