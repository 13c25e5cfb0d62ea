//! Initial moves and castling: where double steps and other initial (`i`) moves may start, the
//! pawns' double step added to their moves, the en passant squares, castling's geometry read
//! against the start position, and the kinds whose attack on a royal piece takes its
//! first-move right.

use super::context::{Ctx, get};
use super::pieces::Pieces;
use crate::core::{Color, Square};
use crate::variant::betza::{Atom, Reach};
use crate::variant::{Castling, PieceDef, rank_cells, region};
use toml::Spanned;

/// What initial moves and castling compile to.
pub(super) struct Initial {
    /// Where pawns' double steps and other initial moves may start, per color.
    pub(super) region: [Vec<Square>; 2],
    /// Target squares where each color may capture en passant.
    pub(super) en_passant_region: [Vec<Square>; 2],
    /// Castling, if the variant has it.
    pub(super) castling: Option<Castling>,
    /// Kinds whose attack on a royal piece removes its first-move right.
    pub(super) royal_right_lost_to: Vec<u8>,
}

/// Compiles the variant's initial moves and castling; the pawns' double step is added to their
/// moves.
pub(super) fn initial(ctx: &mut Ctx, pieces: &mut Pieces) -> Initial {
    let m = ctx.m;
    let region = initial_region(ctx);
    if get(&m.double_step, true) {
        double_steps(&mut pieces.defs);
    }
    let all = ctx.all_squares();
    let en_passant_region = ctx
        .side_regions(
            [&m.en_passant_region_white, &m.en_passant_region_black],
            "en_passant_region",
        )
        .map(|r| r.unwrap_or_else(|| all.clone()));
    let castling = if get(&m.castling, true) {
        castling(ctx, &pieces.letters)
    } else {
        None
    };
    let royal_right_lost_to = ctx.kinds(&m.royal_right_lost_to, "royal_right_lost_to", &pieces.letters);
    Initial {
        region,
        en_passant_region,
        castling,
        royal_right_lost_to,
    }
}

/// Where initial moves may start, per color: the regions given, else the double-step rank.
fn initial_region(ctx: &mut Ctx) -> [Vec<Square>; 2] {
    let m = ctx.m;
    let (files, ranks) = (ctx.files, ctx.ranks);
    let double_rank = get(&m.double_step_rank, 2);
    if let Some(f) = &m.double_step_rank
        && !(1..=ranks).contains(&double_rank)
    {
        ctx.fail(f, "double_step_rank", format!("must be 1-{ranks}"));
    }
    let given = ctx.side_regions(
        [&m.double_step_region_white, &m.double_step_region_black],
        "double_step_region",
    );
    [Color::White, Color::Black].map(|color| {
        given[color.index()].clone().unwrap_or_else(|| {
            if (1..=ranks).contains(&double_rank) {
                let rank = match color {
                    Color::White => double_rank - 1,
                    Color::Black => ranks - double_rank,
                };
                (0..files).map(|f| Square::new(f, rank, files)).collect()
            } else {
                Vec::new()
            }
        })
    })
}

/// Gives each pawn that double-steps and has a quiet single step forward the chess pawn's
/// double step: an initial, lame, quiet two-square step forward.
fn double_steps(pieces: &mut [PieceDef]) {
    for p in pieces.iter_mut().filter(|p| p.pawn && p.double_step) {
        let single = p
            .betza
            .atoms
            .iter()
            .any(|a| (a.df, a.dr) == (0, 1) && a.quiet && a.reach == Reach::Leap);
        if single {
            p.betza.atoms.push(Atom {
                df: 0,
                dr: 2,
                reach: Reach::Lame,
                quiet: true,
                capture: false,
                initial: true,
                advanced: false,
                on_lines: false,
            });
        }
    }
}

/// Castling's geometry: the king and rook kinds, the king's files, the castling rank, and the
/// files the rooks castle from in the start position; `None` without a king and a rook kind on
/// the board.
fn castling(ctx: &mut Ctx, letters: &[char]) -> Option<Castling> {
    let m = ctx.m;
    let (files, ranks) = (ctx.files, ctx.ranks);
    let king = ctx.kinds(&m.castling_king_piece, "castling_king_piece", letters);
    let king_kind = match &m.castling_king_piece {
        Some(_) => king.first().copied(),
        None => letters.iter().position(|&l| l == 'k').map(|k| k as u8),
    };
    let rook_kinds = if m.castling_rook_pieces.is_some() {
        ctx.kinds(&m.castling_rook_pieces, "castling_rook_pieces", letters)
    } else {
        letters
            .iter()
            .position(|&l| l == 'r')
            .map(|k| vec![k as u8])
            .unwrap_or_default()
    };
    let mut file_of = |field: &Option<(usize, Spanned<String>)>, key: &str, default: u8| -> u8 {
        match field {
            Some(f) => match region::file(f.1.get_ref(), files) {
                Ok(x) => x,
                Err(e) => {
                    ctx.fail(f, key, e.to_string());
                    default
                }
            },
            None => default.min(files.saturating_sub(1)),
        }
    };
    let king_file = file_of(&m.castling_king_file, "castling_king_file", 4);
    let kingside_file = file_of(&m.castling_kingside_file, "castling_kingside_file", 6);
    let queenside_file = file_of(&m.castling_queenside_file, "castling_queenside_file", 2);
    let rank = get(&m.castling_rank, 1);
    if let Some(f) = &m.castling_rank
        && !(1..=ranks).contains(&rank)
    {
        ctx.fail(f, "castling_rank", format!("must be 1-{ranks}"));
    }
    match king_kind {
        Some(king_kind) if !rook_kinds.is_empty() && (1..=ranks).contains(&rank) => {
            let row = rank_letters(&get(&m.start_fen, String::new()), ranks - rank);
            let rook_at = |f: &usize| {
                row.get(*f).copied().flatten().is_some_and(|c| {
                    c.is_ascii_uppercase()
                        && letters
                            .iter()
                            .position(|&l| l == c.to_ascii_lowercase())
                            .is_some_and(|k| rook_kinds.contains(&(k as u8)))
                })
            };
            let king = usize::from(king_file);
            let queenside = (0..king).find(rook_at).unwrap_or(0) as u8;
            let kingside = (king + 1..usize::from(files))
                .rev()
                .find(rook_at)
                .unwrap_or(usize::from(files) - 1) as u8;
            Some(Castling {
                king_kind,
                rook_kinds,
                king_file,
                kingside_file,
                queenside_file,
                rank: [rank - 1, ranks - rank],
                rook_files: [queenside, kingside],
            })
        }
        _ => None,
    }
}

/// The letters of a FEN placement's row `row` (0: the top rank), one per square, `None` for
/// an empty square (promotion marks dropped).
fn rank_letters(fen: &str, row: u8) -> Vec<Option<char>> {
    let placement = fen.split(['[', ' ']).next().unwrap_or("");
    rank_cells(placement.split('/').nth(usize::from(row)).unwrap_or(""))
}
