//! Promotion: the pawns' choices per side, the zone (a rank or regions), the limits, and the
//! flags of the shogi-style (`+` forms) and sittuyin rules.

use super::context::{Ctx, get};
use super::pieces::Pieces;
use crate::core::{Color, Square, relative_rank};
use crate::variant::Promotion;

/// Compiles the variant's promotion rules.
pub(super) fn promotion(ctx: &mut Ctx, pieces: &Pieces) -> Promotion {
    let m = ctx.m;
    let (files, ranks) = (ctx.files, ctx.ranks);
    let promo_kinds = choices(ctx, pieces);
    let promotion_rank = get(&m.promotion_rank, ranks);
    if let Some(f) = &m.promotion_rank
        && !(1..=ranks).contains(&promotion_rank)
    {
        ctx.fail(f, "promotion_rank", format!("must be 1-{ranks}"));
    }
    let zone = |color: Color, first: u8| -> Vec<Square> {
        let mut v = Vec::new();
        for rel in first.saturating_sub(1)..ranks {
            let rank = relative_rank(color, rel, ranks);
            v.extend((0..files).map(|f| Square::new(f, rank, files)));
        }
        v.sort_unstable();
        v
    };
    let limits = limits(ctx, pieces);
    let given_zone = ctx.side_regions(
        [&m.promotion_region_white, &m.promotion_region_black],
        "promotion_region",
    );
    let [white_zone, black_zone] = given_zone;
    let promotion = Promotion {
        kinds: promo_kinds,
        zone: [
            white_zone.unwrap_or_else(|| zone(Color::White, promotion_rank)),
            black_zone.unwrap_or_else(|| zone(Color::Black, promotion_rank)),
        ],
        piece_mandatory: get(&m.mandatory_piece_promotion, false),
        demotion: get(&m.piece_demotion, false),
        sittuyin: get(&m.sittuyin_promotion, false),
        mandatory: get(&m.mandatory_promotion, true),
        limits,
    };
    if promotion.kinds.iter().any(|k| !k.is_empty())
        && !pieces.defs.iter().any(|p| p.pawn)
        && let Some(f) = &m.promotion_pieces
    {
        ctx.fail(
            f,
            "promotion_pieces",
            "promotion choices but no piece has `pawn = true`",
        );
    }
    promotion
}

/// The kinds a pawn of each color may promote to (the per-side keys, else the shared one); none
/// of them royal.
fn choices(ctx: &mut Ctx, pieces: &Pieces) -> [Vec<u8>; 2] {
    let m = ctx.m;
    let mut promo_kinds = [Vec::new(), Vec::new()];
    for (i, (field, key)) in [
        (&m.promotion_pieces_white, "promotion_pieces_white"),
        (&m.promotion_pieces_black, "promotion_pieces_black"),
    ]
    .into_iter()
    .enumerate()
    {
        let (field, key) = if field.is_some() {
            (field, key)
        } else {
            (&m.promotion_pieces, "promotion_pieces")
        };
        promo_kinds[i] = ctx.kinds(field, key, &pieces.letters);
        for (at, &k) in promo_kinds[i].iter().enumerate() {
            if pieces.defs[k as usize].royal
                && let Some(f) = field
            {
                ctx.fail_at(f, at + 1, key, "a pawn cannot promote to a royal piece");
            }
        }
    }
    promo_kinds
}

/// The `promotion_limits`: (kind, most pieces of it), a kind named by its letter or, for a
/// promoted form, `+` and its letter.
fn limits(ctx: &mut Ctx, pieces: &Pieces) -> Vec<(u8, u8)> {
    let m = ctx.m;
    let mut limits = Vec::new();
    if let Some(field) = &m.promotion_limits {
        for (letter, &n) in field.1.get_ref() {
            // A letter, or `+` and a letter for a promoted form.
            let form = letter.starts_with('+');
            let base = letter.trim_start_matches('+');
            match base.chars().next().filter(|_| base.chars().count() == 1).and_then(|c| {
                pieces
                    .defs
                    .iter()
                    .position(|p| p.letter == c.to_ascii_lowercase() && p.promoted_from.is_some() == form)
            }) {
                Some(k) => limits.push((k as u8, n)),
                None => ctx.fail(
                    field,
                    "promotion_limits",
                    format!("no piece with letter '{}'", letter.escape_debug()),
                ),
            }
        }
    }
    limits
}
