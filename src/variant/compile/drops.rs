//! Pieces in hand: drops and gating, their regions and rules; and that no drop or hand rule
//! (a variant's or a piece's) is given to a variant without drops or hands.

use super::context::{Ctx, get};
use super::pieces::Pieces;
use crate::variant::{Drops, Enclosing};
use toml::Spanned;

/// Compiles the variant's hands and drops.
pub(super) fn drops(ctx: &mut Ctx, pieces: &Pieces) -> Option<Drops> {
    let m = ctx.m;
    let letters = &pieces.letters;
    let allowed = get(&m.piece_drops, false);
    let gating = get(&m.gating, false);
    let drops = if allowed || gating {
        let given = ctx.side_regions([&m.drop_region_white, &m.drop_region_black], "drop_region");
        let all = ctx.all_squares();
        Some(Drops {
            allowed,
            gating,
            must_drop: get(&m.must_drop, false),
            opposite_colored: ctx.kinds(&m.drop_opposite_colored, "drop_opposite_colored", letters),
            castling_dropped_piece: get(&m.castling_dropped_piece, false),
            captures_to_hand: get(&m.captures_to_hand, false),
            drop_loop: get(&m.drop_loop, false),
            first_rank_pawn_drops: get(&m.first_rank_pawn_drops, false),
            promotion_zone_pawn_drops: get(&m.promotion_zone_pawn_drops, false),
            region: given.map(|r| r.unwrap_or_else(|| all.clone())),
            checks: get(&m.drop_checks, true),
            promoted: get(&m.drop_promoted, false),
            no_doubled: ctx.kinds(&m.drop_no_doubled, "drop_no_doubled", letters),
            no_doubled_count: get(&m.drop_no_doubled_count, 1),
            mate_illegal: ctx.kinds(&m.drop_mate_illegal, "drop_mate_illegal", letters),
            free: get(&m.free_drops, false),
            enclosing: enclosing(ctx, &m.enclosing_drop, "enclosing_drop"),
            enclosing_start: match &m.enclosing_drop_start {
                Some(f) => ctx.squares(f, "enclosing_drop_start"),
                None => Vec::new(),
            },
        })
    } else {
        None
    };
    hand_rules(ctx, allowed, drops.is_some());
    if drops.is_none() {
        for (at, key) in &pieces.drop_regions {
            ctx.fail(at, key, "needs `piece_drops = true` or `gating = true`");
        }
    }
    drops
}

/// An enclosing rule (`ataxx`, `reversi`; `none` or not given: `None`).
pub(super) fn enclosing(ctx: &mut Ctx, field: &Option<(usize, Spanned<String>)>, key: &str) -> Option<Enclosing> {
    let f = field.as_ref()?;
    match f.1.get_ref().as_str() {
        "ataxx" => Some(Enclosing::Ataxx),
        "reversi" => Some(Enclosing::Reversi),
        "none" => None,
        other => {
            ctx.fail(
                f,
                key,
                format!("'{}' is not one of ataxx, reversi, none", other.escape_debug()),
            );
            None
        }
    }
}

/// Whether `walling_rule` asks for the duck: `duck`, or `none` (the default). Fairy-Stockfish's
/// `arrow`, `edge`, `past` and `static` rules are not supported.
pub(super) fn duck_walling(ctx: &mut Ctx, field: &Option<(usize, Spanned<String>)>) -> bool {
    let Some(f) = field.as_ref() else {
        return false;
    };
    match f.1.get_ref().as_str() {
        "duck" => true,
        "none" => false,
        other => {
            ctx.fail(
                f,
                "walling_rule",
                format!(
                    "'{}' is not one of duck, none (the others are not supported)",
                    other.escape_debug()
                ),
            );
            false
        }
    }
}

/// A drop rule without drops (or a hand rule without hands) is a mistake in the file, not a
/// silent no-op: a rule turned on, or a region given. `allowed`: pieces may be dropped;
/// `hands`: the variant has pieces in hand.
fn hand_rules(ctx: &mut Ctx, allowed: bool, hands: bool) {
    let m = ctx.m;
    let on = |f: &Option<(usize, Spanned<bool>)>| {
        f.as_ref()
            .filter(|f| *f.1.get_ref())
            .map(|f| (f.0, Spanned::new(f.1.span(), ())))
    };
    let given = |f: &Option<(usize, Spanned<String>)>| f.as_ref().map(|f| (f.0, Spanned::new(f.1.span(), ())));
    // Each as (where, key, whether it needs drops rather than just hands).
    let rules = [
        (on(&m.captures_to_hand), "captures_to_hand", false),
        (on(&m.drop_loop), "drop_loop", false),
        (given(&m.drop_region_white), "drop_region_white", false),
        (given(&m.drop_region_black), "drop_region_black", false),
        (on(&m.first_rank_pawn_drops), "first_rank_pawn_drops", true),
        (on(&m.promotion_zone_pawn_drops), "promotion_zone_pawn_drops", true),
        (on(&m.drop_checks), "drop_checks", true),
        (on(&m.drop_promoted), "drop_promoted", true),
        (on(&m.must_drop), "must_drop", true),
        (on(&m.castling_dropped_piece), "castling_dropped_piece", true),
        (given(&m.drop_no_doubled), "drop_no_doubled", true),
        (given(&m.drop_mate_illegal), "drop_mate_illegal", true),
        (given(&m.drop_opposite_colored), "drop_opposite_colored", true),
        (on(&m.free_drops), "free_drops", true),
        (given(&m.enclosing_drop), "enclosing_drop", true),
        (given(&m.enclosing_drop_start), "enclosing_drop_start", true),
    ];
    for (at, key, needs_drops) in rules {
        let Some(at) = at else { continue };
        if needs_drops && !allowed {
            ctx.fail(&at, key, "needs `piece_drops = true`");
        } else if !hands {
            ctx.fail(&at, key, "needs `piece_drops = true` or `gating = true`");
        }
    }
}
