//! Checks a merged variant and compiles it into a [`Definition`]: the rules with every letter
//! resolved to a piece kind, every region to squares and every Betza string to move vectors.
//! Collects all problems instead of stopping at the first.
//!
//! One file a concern, in the order they run: `pieces`, `promotion`, `initial` moves and
//! castling, game `end`, `drops`. They share a `context::Ctx` (the merged variant, the board,
//! the problems so far) and the compiled `pieces::Pieces`. Keys taken as written (flags,
//! counts) are read where the `Definition` is put together, and the checks across concerns
//! (`cross`) run on it.

mod context;
mod cross;
mod drops;
mod end;
mod initial;
mod pieces;
mod promotion;

use super::schema::Merged;
use super::{Definition, Diagnostics, Source};
use context::{Ctx, get};

/// Compiles a merged variant.
pub fn compile(m: &Merged, sources: &[Source], default_name: &str) -> Result<Definition, Diagnostics> {
    let name = get(&m.name, default_name.to_string());
    let mut ctx = Ctx::new(m, sources)?;
    let mut pieces = pieces::pieces(&mut ctx);
    let promotion = promotion::promotion(&mut ctx, &pieces);
    let initial = initial::initial(&mut ctx, &mut pieces);
    let end = end::end(&mut ctx, &pieces);
    let drops = drops::drops(&mut ctx, &pieces);
    let definition = Definition {
        name,
        files: ctx.files,
        ranks: ctx.ranks,
        start_fen: get(&m.start_fen, String::new()),
        pieces: pieces.defs,
        promotion,
        initial_region: initial.region,
        en_passant: get(&m.en_passant, true),
        first_move_rights: get(&m.first_move_rights, false),
        royal_right_lost_to: initial.royal_right_lost_to,
        en_passant_region: initial.en_passant_region,
        castling: initial.castling,
        checking: get(&m.checking, true),
        must_capture: get(&m.must_capture, false),
        blast_on_capture: get(&m.blast_on_capture, false),
        blast_immune: end.blast_immune,
        flying_general: get(&m.flying_general, false),
        axf_chasing: end.axf_chasing,
        makpong: get(&m.makpong, false),
        diagonal_lines: pieces.diagonal_lines,
        pass: get(&m.pass, false),
        pass_on_stalemate: get(&m.pass_on_stalemate, false),
        duck_walling: drops::duck_walling(&mut ctx, &m.walling_rule),
        flip: drops::enclosing(&mut ctx, &m.flip_enclosed_pieces, "flip_enclosed_pieces"),
        bikjang: get(&m.bikjang, false),
        immobility_illegal: get(&m.immobility_illegal, false),
        flag: end.flag,
        two_boards: get(&m.two_boards, false),
        king_buckets: get(&m.king_buckets, 0),
        drops,
        end: end.game_end,
        start_fen_at: ctx.start_fen_at(),
    };
    cross::check(&mut ctx, &definition);
    if !ctx.problems.is_empty() {
        return Err(Diagnostics(ctx.problems));
    }
    Ok(definition)
}
