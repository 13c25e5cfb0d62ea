//! The checks that tie one concern's keys to another's, run on the assembled [`Definition`]
//! once every concern is compiled: a rule that needs castling, drops, pawns with promotion
//! choices or promoted forms the variant lacks, and a variant no side can win.

use super::context::Ctx;
use crate::variant::{Definition, Diagnostic};

/// Reports each rule of `def` that another part of it makes meaningless.
pub(super) fn check(ctx: &mut Ctx, def: &Definition) {
    let m = ctx.m;
    if let Some(f) = &m.castling_dropped_piece
        && *f.1.get_ref()
        && def.castling.is_none()
    {
        ctx.fail(f, "castling_dropped_piece", "needs castling (`castling = true`)");
    }
    if let Some(f) = &m.sittuyin_promotion
        && *f.1.get_ref()
        && (!def.pieces.iter().any(|p| p.pawn) || def.promotion.kinds.iter().all(Vec::is_empty))
    {
        ctx.fail(
            f,
            "sittuyin_promotion",
            "needs a piece with `pawn = true` and `promotion_pieces`",
        );
    }
    match (&m.drop_no_doubled_count, &def.drops) {
        (Some(f), None) => ctx.fail(f, "drop_no_doubled_count", "needs `piece_drops = true`"),
        (Some(f), Some(_)) if *f.1.get_ref() == 0 => ctx.fail(f, "drop_no_doubled_count", "must be at least 1"),
        _ => {}
    }
    if !def.pieces.iter().any(|p| p.promotes_to.is_some()) {
        // Shogi-style rules without a piece that has a `+` form would silently do nothing.
        for (field, key) in [
            (&m.mandatory_piece_promotion, "mandatory_piece_promotion"),
            (&m.piece_demotion, "piece_demotion"),
            (&m.drop_promoted, "drop_promoted"),
        ] {
            if let Some(f) = field
                && *f.1.get_ref()
            {
                ctx.fail(f, key, "no piece has a promoted form (`[pieces]` key `+x`)");
            }
        }
    }
    let royal = def.pieces.iter().any(|p| p.royal);
    if let Some(f) = &m.flip_enclosed_pieces
        && def.flip.is_some()
        && royal
    {
        ctx.fail(f, "flip_enclosed_pieces", "royal pieces cannot change color");
    }
    if let Some(f) = &m.free_drops
        && def.drops.as_ref().is_some_and(|d| d.free && d.captures_to_hand)
    {
        ctx.fail(
            f,
            "free_drops",
            "endless hands take no captured pieces (`captures_to_hand`)",
        );
    }
    if let Some(f) = &m.walling_rule
        && def.duck_walling
    {
        // As Fairy-Stockfish's parser: the duck is placed where a drop or gated piece would go,
        // and a royal piece (not a pseudo-royal one) could be left in check by the duck's lines.
        let problem = if def.drops.is_some() {
            Some("walling does not go with drops, hands or gating")
        } else if def.blast_on_capture {
            Some("walling does not go with `blast_on_capture` yet")
        } else if royal {
            Some("walling needs kings that are not royal (`royal = false`, or extinction_pseudo_royal)")
        } else {
            None
        };
        if let Some(problem) = problem {
            ctx.fail(f, "walling_rule", problem);
        }
    }
    let counted = def.end.material_counting.is_some() || def.end.stalemate_piece_count;
    if !royal && def.end.extinction.is_none() && def.flag.is_none() && !counted {
        // Point at a piece of the most derived file that defines any.
        let at = m
            .pieces
            .values()
            .max_by_key(|(s, _, _)| *s)
            .map(|(s, k, _)| (*s, k.clone()));
        match at {
            Some(at) => ctx.fail(
                &at,
                "pieces",
                "no royal piece (`royal = true`) and no other way to win (extinction, flag or counting rules)",
            ),
            None => {
                let file = ctx.own_file();
                ctx.problems.push(Diagnostic {
                    file,
                    line: 1,
                    col: 1,
                    message: "pieces: the variant defines no pieces".to_string(),
                });
            }
        }
    }
}
