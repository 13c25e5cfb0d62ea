//! The pieces: `remove_pieces` and the `[pieces]` table, each key checked and compiled into a
//! [`PieceDef`] (its letter, Betza moves with the advanced and diagonal ones added, regions,
//! flags, values), promoted forms tied to their bases; and the variant's diagonal lines, which
//! the pieces' diagonal moves need.

use super::context::{Ctx, get};
use crate::core::Square;
use crate::variant::betza::{self, Atom, Betza, Reach};
use crate::variant::schema::RawPiece;
use crate::variant::{MAX_KINDS, PieceDef};
use toml::Spanned;

/// The compiled pieces and what the later concerns need of them.
pub(super) struct Pieces {
    /// The piece kinds, in kind order.
    pub(super) defs: Vec<PieceDef>,
    /// Their FEN letters, in kind order (what other keys name kinds by).
    pub(super) letters: Vec<char>,
    /// The squares of the diagonal lines the pieces' `diagonal_betza` moves go along.
    pub(super) diagonal_lines: Vec<Square>,
    /// The pieces' own drop regions (where, key), checked once the variant's hands are known.
    pub(super) drop_regions: Vec<((usize, Spanned<String>), String)>,
}

/// Compiles the variant's pieces.
pub(super) fn pieces(ctx: &mut Ctx) -> Pieces {
    let m = ctx.m;
    let removed: Vec<char> = get(&m.remove_pieces, String::new())
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if let Some(field) = &m.remove_pieces {
        for (i, c) in field.1.get_ref().chars().enumerate() {
            if !m.pieces.contains_key(&c.to_ascii_lowercase().to_string()) {
                ctx.fail_at(
                    field,
                    i + 1,
                    "remove_pieces",
                    format!("no inherited piece '{}'", c.escape_debug()),
                );
            }
        }
    }
    for at in &m.twice {
        ctx.fail(
            at,
            "pieces",
            format!(
                "letter '{}' is defined twice (a piece's letter is the same in both cases)",
                at.1.get_ref().escape_debug()
            ),
        );
    }
    let mut defs: Vec<PieceDef> = Vec::new();
    // The first `diagonal_betza`, for the message if the variant has no lines.
    let mut diagonal_at: Option<(usize, Spanned<String>)> = None;
    let mut drop_regions: Vec<((usize, Spanned<String>), String)> = Vec::new();
    // `remove_pieces` removes inherited pieces (and their promoted forms); the file's own
    // definitions stay.
    let removed_at = m.remove_pieces.as_ref().map_or(0, |(s, _)| *s);
    // Base pieces first, then the promoted forms (`+p`), which name their base.
    let (base_keys, promoted_keys): (Vec<_>, Vec<_>) = m.pieces.iter().partition(|(k, _)| !k.starts_with('+'));
    for (key_text, (source, key, raw)) in base_keys.into_iter().chain(promoted_keys) {
        let key_at = (*source, key.clone());
        let Some(letter) = letter(ctx, key_text, &key_at) else {
            continue;
        };
        if removed.contains(&letter) && *source < removed_at {
            continue;
        }
        let Some(def) = piece(ctx, &defs, (letter, key_text, &key_at), raw) else {
            continue;
        };
        for (field, side) in [(&raw.drop_region_white, "white"), (&raw.drop_region_black, "black")] {
            if let Some(f) = field {
                drop_regions.push(((*source, f.clone()), format!("pieces.{key_text}.drop_region_{side}")));
            }
        }
        // Where to complain if the variant has no lines (the piece key as the message).
        if let Some(text) = &raw.diagonal_betza
            && diagonal_at.is_none()
        {
            diagonal_at = Some((*source, Spanned::new(text.span(), key_text.to_string())));
        }
        if let Some(b) = def.promoted_from {
            let kind = defs.len() as u8;
            defs[usize::from(b)].promotes_to = Some(kind);
        }
        defs.push(def);
    }
    if defs.len() > MAX_KINDS {
        let at = m.pieces.values().last().map(|(s, k, _)| (*s, k.clone()));
        if let Some(at) = at {
            ctx.fail(
                &at,
                "pieces",
                format!("{} piece kinds; the limit is {MAX_KINDS}", defs.len()),
            );
        }
    }
    let letters = defs.iter().map(|p| p.letter).collect();
    let diagonal_lines = diagonal_lines(ctx, diagonal_at);
    Pieces {
        defs,
        letters,
        diagonal_lines,
        drop_regions,
    }
}

/// The letter of a piece key (`p`, or `+p` for a promoted form), located at `key_at`.
fn letter(ctx: &mut Ctx, key_text: &str, key_at: &(usize, Spanned<String>)) -> Option<char> {
    let mut chars = key_text.chars();
    if key_text.starts_with('+') {
        chars.next();
    }
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        ctx.fail(
            key_at,
            "pieces",
            "a piece is named by one letter, or `+` and its base's letter for a promoted form",
        );
        return None;
    };
    Some(letter)
}

/// Compiles the piece `raw` with letter `letter`, key `key_text` at `key_at`, given the pieces
/// before it (`defs`); `None` where it cannot be compiled at all.
fn piece(
    ctx: &mut Ctx,
    defs: &[PieceDef],
    (letter, key_text, key_at): (char, &String, &(usize, Spanned<String>)),
    raw: &RawPiece,
) -> Option<PieceDef> {
    let source = key_at.0;
    let promoted = key_text.starts_with('+');
    if !letter.is_ascii_alphabetic() {
        ctx.fail(key_at, "pieces", "a piece is named by one letter");
        return None;
    }
    let base = if promoted {
        Some(promoted_base(ctx, defs, letter, key_at, raw)?)
    } else {
        None
    };
    let Some(text) = &raw.betza else {
        ctx.fail(key_at, &format!("pieces.{key_text}"), "missing key 'betza'");
        return None;
    };
    let mut betza = match betza::parse(text.get_ref()) {
        Ok(b) => b,
        Err(e) => {
            // +1 for the opening quote.
            ctx.fail_at(
                &(source, text.clone()),
                e.at + 1,
                &format!("pieces.{key_text}.betza"),
                e.message,
            );
            return None;
        }
    };
    let value = match (&raw.value_mg, &raw.value_eg) {
        (None, None) => None,
        (mg, eg) => {
            let mg = mg.as_ref().map(|v| *v.get_ref());
            let eg = eg.as_ref().map(|v| *v.get_ref());
            Some((mg.or(eg).unwrap_or(0), eg.or(mg).unwrap_or(0)))
        }
    };
    // A piece's own per-side regions, located in its file.
    let mut piece_regions = |pair: [&Option<Spanned<String>>; 2], key: &str| {
        let located = pair.map(|f| f.clone().map(|v| (source, v)));
        ctx.side_regions([&located[0], &located[1]], &format!("pieces.{key_text}.{key}"))
    };
    let region = piece_regions([&raw.region_white, &raw.region_black], "region");
    let promotion_zone = piece_regions(
        [&raw.promotion_region_white, &raw.promotion_region_black],
        "promotion_region",
    );
    let advanced_region = piece_regions(
        [&raw.advanced_region_white, &raw.advanced_region_black],
        "advanced_region",
    );
    let drop_region = piece_regions([&raw.drop_region_white, &raw.drop_region_black], "drop_region");
    advanced_moves(ctx, (source, key_text), raw, &advanced_region, &mut betza);
    if let Some(text) = &raw.diagonal_betza {
        diagonal_moves(ctx, (source, text), key_text, &mut betza);
    }
    let advanced_region = advanced_region.map(Option::unwrap_or_default);
    let same_kind_immune = match &raw.same_kind_immune {
        Some(v) if *v.get_ref() && !betza.atoms.iter().any(|a| matches!(a.reach, Reach::Hop(_))) => {
            ctx.fail(
                &(source, v.clone()),
                &format!("pieces.{key_text}.same_kind_immune"),
                "the piece has no hopping move ('p') for the rule to restrict",
            );
            false
        }
        Some(v) => *v.get_ref(),
        None => false,
    };
    Some(PieceDef {
        letter,
        defined_at: (source, key_at.1.span().start),
        promoted_from: base,
        promotes_to: None,
        promotion_zone,
        drop_region,
        region,
        advanced_region,
        same_kind_immune,
        name: raw
            .name
            .as_ref()
            .map_or_else(|| key_text.clone(), |n| n.get_ref().clone()),
        san_letter: san_letter(ctx, source, raw, letter, key_text),
        betza,
        betza_text: text.get_ref().clone(),
        royal: !promoted && raw.royal.as_ref().is_some_and(|v| *v.get_ref()),
        pawn: !promoted && raw.pawn.as_ref().is_some_and(|v| *v.get_ref()),
        double_step: raw.double_step.as_ref().is_none_or(|v| *v.get_ref()),
        resets_move_rule: match &raw.resets_move_rule {
            Some(v) => *v.get_ref(),
            None => !promoted && raw.pawn.as_ref().is_some_and(|v| *v.get_ref()),
        },
        value,
    })
}

/// The kind the promoted form `+letter` (`raw`, at `key_at`) promotes from, among `defs`: an
/// unpromoted piece that is not royal; the form itself may be neither royal nor a pawn.
fn promoted_base(
    ctx: &mut Ctx,
    defs: &[PieceDef],
    letter: char,
    key_at: &(usize, Spanned<String>),
    raw: &RawPiece,
) -> Option<u8> {
    let Some(b) = defs
        .iter()
        .position(|p| p.letter == letter && p.promoted_from.is_none())
    else {
        ctx.fail(key_at, "pieces", format!("'+{letter}': no piece '{letter}' to promote"));
        return None;
    };
    for (flag, name) in [(&raw.royal, "royal"), (&raw.pawn, "pawn")] {
        if let Some(v) = flag
            && *v.get_ref()
        {
            ctx.fail(
                &(key_at.0, v.clone()),
                &format!("pieces.+{letter}.{name}"),
                "a promoted form cannot be royal or a pawn",
            );
        }
    }
    if defs[b].royal {
        ctx.fail(key_at, "pieces", format!("'+{letter}': a royal piece does not promote"));
    }
    Some(b as u8)
}

/// The variant's `diagonal_lines`; a piece that moves along them (the first, `diagonal_at`)
/// needs some.
fn diagonal_lines(ctx: &mut Ctx, diagonal_at: Option<(usize, Spanned<String>)>) -> Vec<Square> {
    let m = ctx.m;
    let diagonal_lines = match &m.diagonal_lines {
        Some(f) => ctx.squares(f, "diagonal_lines"),
        None => Vec::new(),
    };
    if diagonal_lines.is_empty()
        && let Some((source, at)) = &diagonal_at
    {
        ctx.fail(
            &(*source, at.clone()),
            &format!("pieces.{}.diagonal_betza", at.get_ref()),
            "needs the variant's 'diagonal_lines'",
        );
    }
    diagonal_lines
}

/// A piece's written-notation letter, upper case: its `san` key, checked to be one ASCII
/// letter, or its FEN letter.
fn san_letter(ctx: &mut Ctx, source: usize, raw: &RawPiece, letter: char, key_text: &str) -> char {
    let Some(v) = &raw.san else {
        return letter.to_ascii_uppercase();
    };
    let text = v.get_ref();
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
        _ => {
            let message = format!("expected one letter, found '{}'", text.escape_debug());
            ctx.fail(&(source, v.clone()), &format!("pieces.{key_text}.san"), message);
            letter.to_ascii_uppercase()
        }
    }
}

/// Adds a piece's `advanced_betza` to its moves, as atoms marked [`Atom::advanced`]: leaps and
/// lame leaps only (the tables filter them by origin square), and only with an advanced region.
fn advanced_moves(
    ctx: &mut Ctx,
    (source, key_text): (usize, &str),
    raw: &RawPiece,
    regions: &[Option<Vec<Square>>; 2],
    betza: &mut Betza,
) {
    let key = format!("pieces.{key_text}.advanced_betza");
    let Some(text) = &raw.advanced_betza else {
        if let Some(r) = raw
            .advanced_region_white
            .as_ref()
            .or(raw.advanced_region_black.as_ref())
        {
            ctx.fail(
                &(source, r.clone()),
                &format!("pieces.{key_text}.advanced_region"),
                "an advanced region needs 'advanced_betza'",
            );
        }
        return;
    };
    let located = (source, text.clone());
    if regions.iter().all(Option::is_none) {
        ctx.fail(
            &located,
            &key,
            "needs 'advanced_region_white' or 'advanced_region_black'",
        );
        return;
    }
    add_marked_moves(
        ctx,
        &located,
        &key,
        |r| matches!(r, Reach::Leap | Reach::Lame),
        "advanced moves may only be leaps and lame leaps (no riders, hoppers, 'i' or 'e')",
        |a| a.advanced = true,
        betza,
    );
}

/// Adds a piece's `diagonal_betza` to its moves, as atoms marked [`Atom::on_lines`]: leaps,
/// riders and hoppers.
fn diagonal_moves(ctx: &mut Ctx, (source, text): (usize, &Spanned<String>), key_text: &str, betza: &mut Betza) {
    add_marked_moves(
        ctx,
        &(source, text.clone()),
        &format!("pieces.{key_text}.diagonal_betza"),
        |r| matches!(r, Reach::Leap | Reach::Ride(_) | Reach::Hop(_)),
        "moves along the lines may only be leaps, riders and hoppers (no lame leaps, grasshoppers, 'i' or 'e')",
        |a| a.on_lines = true,
        betza,
    );
}

/// Parses a piece's extra Betza string (`located`, under `key`) and adds its atoms to `betza`,
/// each marked by `mark`; an atom whose reach `allowed` refuses, an `i` or an `e` is reported
/// with `refusal`.
fn add_marked_moves(
    ctx: &mut Ctx,
    located: &(usize, Spanned<String>),
    key: &str,
    allowed: impl Fn(Reach) -> bool,
    refusal: &str,
    mark: impl Fn(&mut Atom),
    betza: &mut Betza,
) {
    match betza::parse(located.1.get_ref()) {
        Ok(extra) => {
            if extra.en_passant || extra.atoms.iter().any(|a| a.initial || !allowed(a.reach)) {
                ctx.fail(located, key, refusal);
                return;
            }
            for mut a in extra.atoms {
                mark(&mut a);
                if !betza.atoms.contains(&a) {
                    betza.atoms.push(a);
                }
            }
        }
        Err(e) => ctx.fail_at(located, e.at + 1, key, e.message),
    }
}
