//! Game end: the results of checkmate, stalemate and repetition, the extinction and flag
//! rules, the chasing and counting rules, atomic captures' immune kinds, and the scoring of a
//! game ended by bikjang or passes.

use super::context::{Ctx, get};
use super::pieces::Pieces;
use crate::core::Outcome;
use crate::variant::{Counting, CountingRule, Extinction, Flag, GameEnd, MaterialCounting};

/// What the game-end rules compile to.
pub(super) struct End {
    /// The game's ends.
    pub(super) game_end: GameEnd,
    /// Kinds a neighboring explosion spares.
    pub(super) blast_immune: Vec<u8>,
    /// The flag rule, if any.
    pub(super) flag: Option<Flag>,
    /// Whether the AXF chasing rules judge repetitions.
    pub(super) axf_chasing: bool,
}

/// Compiles the variant's game-end rules.
pub(super) fn end(ctx: &mut Ctx, pieces: &Pieces) -> End {
    let m = ctx.m;
    let letters = &pieces.letters;
    let blast_immune = if m.blast_immune_pieces.is_some() {
        ctx.kinds(&m.blast_immune_pieces, "blast_immune_pieces", letters)
    } else {
        (0..pieces.defs.len() as u8)
            .filter(|&k| pieces.defs[k as usize].pawn)
            .collect()
    };
    let checkmate_value = ctx.outcome(&m.checkmate_value, "checkmate_value", Outcome::Loss);
    let stalemate_value = ctx.outcome(&m.stalemate_value, "stalemate_value", Outcome::Draw);
    let n_fold_value = ctx.outcome(&m.n_fold_value, "n_fold_value", Outcome::Draw);
    let n_fold_rule = get(&m.n_fold_rule, 3);
    if let Some(f) = &m.n_fold_rule
        && n_fold_rule < 2
    {
        ctx.fail(f, "n_fold_rule", "must be at least 2");
    }
    let extinction = extinction(ctx, letters);
    let flag = flag(ctx, letters);
    let axf_chasing = axf_chasing(ctx);
    let counting = counting(ctx, letters);
    let material_counting = material_counting(ctx, pieces);
    let game_end = GameEnd {
        checkmate_value,
        stalemate_value,
        n_move_rule: get(&m.n_move_rule, 50),
        n_fold_rule,
        n_fold_value,
        n_fold_value_absolute: get(&m.n_fold_value_absolute, false),
        perpetual_check_illegal: get(&m.perpetual_check_illegal, false),
        extinction,
        check_counting: get(&m.check_counting, false),
        counting,
        material_counting,
        stalemate_piece_count: get(&m.stalemate_piece_count, false),
        full_board: get(&m.adjudicate_full_board, false),
    };
    End {
        game_end,
        blast_immune,
        flag,
        axf_chasing,
    }
}

/// The extinction rule, with `duple_check` checked against it.
fn extinction(ctx: &mut Ctx, letters: &[char]) -> Option<Extinction> {
    let m = ctx.m;
    let extinction = match &m.extinction_value {
        Some(v) if v.1.get_ref() != "none" => {
            let value = ctx.outcome(&m.extinction_value, "extinction_value", Outcome::Loss);
            let kinds = match &m.extinction_pieces {
                Some(f) if f.1.get_ref() == "*" => None,
                Some(_) => Some(ctx.kinds(&m.extinction_pieces, "extinction_pieces", letters)),
                None => {
                    ctx.fail(v, "extinction_value", "needs `extinction_pieces`");
                    None
                }
            };
            Some(Extinction {
                value,
                kinds,
                count: get(&m.extinction_piece_count, 0),
                opponent_count: get(&m.extinction_opponent_piece_count, 0),
                pseudo_royal: get(&m.extinction_pseudo_royal, false),
                duple_check: get(&m.duple_check, false),
                claim: get(&m.extinction_claim, false),
            })
        }
        _ => None,
    };
    if let Some(f) = &m.duple_check
        && *f.1.get_ref()
        && !extinction.as_ref().is_some_and(|e| e.pseudo_royal && e.kinds.is_some())
    {
        ctx.fail(
            f,
            "duple_check",
            "needs `extinction_pseudo_royal = true` with `extinction_pieces`",
        );
    }
    extinction
}

/// The flag rule: a flag piece and a region for each side.
fn flag(ctx: &mut Ctx, letters: &[char]) -> Option<Flag> {
    let m = ctx.m;
    let f = m.flag_piece.as_ref()?;
    let kind = ctx.kinds(&m.flag_piece, "flag_piece", letters).first().copied();
    let given = ctx.side_regions([&m.flag_region_white, &m.flag_region_black], "flag_region");
    for (r, side) in given.iter().zip(["white", "black"]) {
        if r.is_none() {
            ctx.fail(f, "flag_piece", format!("needs `flag_region_{side}`"));
        }
    }
    let region = given.map(Option::unwrap_or_default);
    kind.map(|kind| Flag {
        kind,
        region,
        flag_move: get(&m.flag_move, false),
        safe: get(&m.flag_piece_safe, false),
    })
}

/// Whether the AXF chasing rules judge repetitions (`chasing_rule`).
fn axf_chasing(ctx: &mut Ctx) -> bool {
    let m = ctx.m;
    let Some(v) = &m.chasing_rule else {
        return false;
    };
    match v.1.get_ref().as_str() {
        "axf" => true,
        "none" => false,
        other => {
            ctx.fail(
                v,
                "chasing_rule",
                format!("'{}' is not one of axf, none", other.escape_debug()),
            );
            false
        }
    }
}

/// The counting endgame rule and the kinds its limits are measured in.
fn counting(ctx: &mut Ctx, letters: &[char]) -> Option<Counting> {
    let m = ctx.m;
    let v = m.counting_rule.as_ref()?;
    let rule = match v.1.get_ref().as_str() {
        "makruk" => Some(CountingRule::Makruk),
        "cambodian" => Some(CountingRule::Cambodian),
        "asean" => Some(CountingRule::Asean),
        "none" => None,
        other => {
            ctx.fail(
                v,
                "counting_rule",
                format!(
                    "'{}' is not one of makruk, cambodian, asean, none",
                    other.escape_debug()
                ),
            );
            None
        }
    };
    let roles: Vec<Option<u8>> = match &m.counting_pieces {
        Some(f) if f.1.get_ref().chars().count() != 3 => {
            ctx.fail(f, "counting_pieces", "needs three letters: rook, khon, knight");
            vec![None; 3]
        }
        Some(_) => ctx
            .kinds(&m.counting_pieces, "counting_pieces", letters)
            .into_iter()
            .map(Some)
            .collect(),
        None => "rsn"
            .chars()
            .map(|c| letters.iter().position(|&l| l == c).map(|k| k as u8))
            .collect(),
    };
    rule.map(|rule| Counting {
        rule,
        rook: roles.first().copied().flatten(),
        khon: roles.get(1).copied().flatten(),
        knight: roles.get(2).copied().flatten(),
    })
}

/// How a drawn game is decided: `material_counting`'s rule, or `material_count_values`'
/// points; both is a mistake.
fn material_counting(ctx: &mut Ctx, pieces: &Pieces) -> Option<MaterialCounting> {
    let m = ctx.m;
    let points = material_points(ctx, pieces);
    let Some(field) = m.material_counting.as_ref() else {
        return points;
    };
    let rule = match field.1.get_ref().replace('_', "").to_ascii_lowercase().as_str() {
        "none" => return points,
        "unweighted" => MaterialCounting::Unweighted,
        "whitedrawodds" => MaterialCounting::WhiteDrawOdds,
        "blackdrawodds" => MaterialCounting::BlackDrawOdds,
        other => {
            let why = format!(
                "'{}' is not one of unweighted, white_draw_odds, black_draw_odds, none (points: material_count_values)",
                other.escape_debug()
            );
            ctx.fail(field, "material_counting", why);
            return points;
        }
    };
    if points.is_some() {
        ctx.fail(
            field,
            "material_counting",
            "given with material_count_values: choose one",
        );
    }
    Some(rule)
}

/// The `material_count_values` (points per unpromoted kind) and Black's bonus.
fn material_points(ctx: &mut Ctx, pieces: &Pieces) -> Option<MaterialCounting> {
    let m = ctx.m;
    m.material_count_values.as_ref().map(|field| {
        let mut values = Vec::new();
        for (letter, &points) in field.1.get_ref() {
            match letter
                .chars()
                .next()
                .filter(|_| letter.chars().count() == 1)
                .and_then(|c| {
                    pieces
                        .defs
                        .iter()
                        .position(|p| p.letter == c.to_ascii_lowercase() && p.promoted_from.is_none())
                }) {
                Some(k) => values.push((k as u8, points)),
                None => ctx.fail(
                    field,
                    "material_count_values",
                    format!("no piece with letter '{}'", letter.escape_debug()),
                ),
            }
        }
        MaterialCounting::Points {
            values,
            black_bonus: get(&m.material_count_black_bonus, 0),
        }
    })
}
