//! Checks a merged variant and compiles it into a [`Definition`]: the rules with every letter
//! resolved to a piece kind, every region to squares and every Betza string to move vectors.
//! Collects all problems instead of stopping at the first.

use super::betza::{self, Atom, Betza, Reach};
use super::schema::Merged;
use super::{Diagnostic, Diagnostics, MAX_SIDE, MAX_SQUARES, Source, region};
use crate::core::{Color, Outcome, Square, relative_rank};
use toml::Spanned;

/// Most piece kinds a variant may define.
pub const MAX_KINDS: usize = 24;

/// A piece kind.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// FEN letter, lower case.
    pub letter: char,
    /// Piece name (for messages and `nue variants`).
    pub name: String,
    /// The letter written notation uses, upper case (the schema's `san`; default the FEN
    /// letter).
    pub san_letter: char,
    /// Its moves.
    pub betza: Betza,
    /// Its moves as the file wrote them (XBoard's `piece` command sends them on).
    pub betza_text: String,
    /// Whether it is royal (may not be left attacked).
    pub royal: bool,
    /// Whether it is pawn-like (promotes, double-steps, en passant, resets the move counter).
    pub pawn: bool,
    /// Whether, as a pawn, it takes the variant's double step.
    pub double_step: bool,
    /// Whether its irreversible moves reset the n-move counter (the schema's
    /// `resets_move_rule`; pawns by default).
    pub resets_move_rule: bool,
    /// The squares the piece may stand on, per color (`None`: everywhere).
    pub region: [Option<Vec<Square>>; 2],
    /// Whether it may neither hop over nor capture a piece of its own kind (janggi's cannon).
    pub same_kind_immune: bool,
    /// The squares from which its `advanced` atoms apply, per color (the xiangqi soldier's
    /// far side of the river).
    pub advanced_region: [Vec<Square>; 2],
    /// Evaluation values given in the file (centipawns), when given.
    pub value: Option<(i32, i32)>,
    /// For a promoted form (`+p`), the kind it promoted from, which it goes back to in hand.
    pub promoted_from: Option<u8>,
    /// The kind of its promoted form, where it has one (shogi-style promotion).
    pub promotes_to: Option<u8>,
    /// Where it promotes, per color, where the piece has its own zone (`None`: the variant's).
    pub promotion_zone: [Option<Vec<Square>>; 2],
    /// Where it may be dropped, per color, within the variant's drop region (`None`: all of it).
    pub drop_region: [Option<Vec<Square>>; 2],
    /// Where it is defined: (file of the inheritance chain, parent first; byte offset). Pieces
    /// without a Fairy-Stockfish built-in type are its custom pieces, numbered in this order.
    pub defined_at: (usize, usize),
}

/// Promotion: chess-style (a pawn reaching the zone becomes one of `kinds`) and shogi-style (a
/// piece with a `+` form moving into, out of or inside the zone may become it).
#[derive(Clone, Debug, Default)]
pub struct Promotion {
    /// Kinds a pawn of each color may promote to.
    pub kinds: [Vec<u8>; 2],
    /// The zone per color.
    pub zone: [Vec<Square>; 2],
    /// Whether a pawn reaching the zone must promote.
    pub mandatory: bool,
    /// `(kind, most pieces of it)` limits.
    pub limits: Vec<(u8, u8)>,
    /// Whether shogi-style promotion (to a `+` form) is compulsory when a move may promote.
    pub piece_mandatory: bool,
    /// Whether a promoted form turns back by a move in the zone (Kyoto shogi).
    pub demotion: bool,
    /// Sittuyin's promotion: in place or by a move of the new kind, instead of by moving into
    /// the zone (see the schema's `sittuyin_promotion`).
    pub sittuyin: bool,
}

/// Castling geometry (king and rook files are 0-based).
#[derive(Clone, Debug)]
pub struct Castling {
    /// Kind of the castling king.
    pub king_kind: u8,
    /// Kinds that may castle with it.
    pub rook_kinds: Vec<u8>,
    /// The king's file.
    pub king_file: u8,
    /// The king's target file when castling kingside (towards higher files).
    pub kingside_file: u8,
    /// The king's target file when castling queenside.
    pub queenside_file: u8,
    /// The castling rank per color (absolute, 0-based).
    pub rank: [u8; 2],
    /// The files a `Q` and a `K` right look for their rook from, towards the king: the start
    /// position's outermost castling rooks (shako's b and i files; Fairy-Stockfish's
    /// `castlingRookQueensideFile`, `castlingRookKingsideFile`), the board's edges without one.
    pub rook_files: [u8; 2],
}

/// The extinction rule.
#[derive(Clone, Debug)]
pub struct Extinction {
    /// The result for the side that meets the rule.
    pub value: Outcome,
    /// Kinds counted one by one; `None`: all pieces counted together.
    pub kinds: Option<Vec<u8>>,
    /// Pieces a side must keep (fewer ends the game).
    pub count: u8,
    /// Pieces the opponent must keep.
    pub opponent_count: u8,
    /// The last piece of a counted kind is royal.
    pub pseudo_royal: bool,
    /// With `pseudo_royal`: a side may not leave all its pieces of the counted kinds attacked,
    /// however many (spartan's two kings; Fairy-Stockfish's `dupleCheck`).
    pub duple_check: bool,
    /// A bared side to move may still answer (see the schema's `extinction_claim`).
    pub claim: bool,
}

/// The flag rule.
#[derive(Clone, Debug)]
pub struct Flag {
    /// The flag piece's kind.
    pub kind: u8,
    /// Where it wins, per color.
    pub region: [Vec<Square>; 2],
    /// Whether reaching the region wins only on the next move (not at once).
    pub flag_move: bool,
    /// Whether the flag piece counts only while the opponent does not attack it.
    pub safe: bool,
}

/// Which counting endgame rule (Fairy-Stockfish's `countingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Thai makruk: the board's honor count (64 moves) and the pieces' honor counts.
    Makruk,
    /// Khmer ouk chaktrang: makruk's counts one move shorter, the board's honor count only while
    /// the stronger side has at most three pieces.
    Cambodian,
    /// ASEAN chess: only the pieces' honor count, from zero.
    Asean,
}

/// The counting endgame rule and the kinds its limits are measured in.
#[derive(Clone, Copy, Debug)]
pub struct Counting {
    /// The rule.
    pub rule: CountingRule,
    /// The rook, khon (silver) and knight kinds, where the variant has them.
    pub rook: Option<u8>,
    /// See `rook`.
    pub khon: Option<u8>,
    /// See `rook`.
    pub knight: Option<u8>,
}

/// The material a counting limit depends on, for the side that would count (the weaker one)
/// and its opponent.
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingMaterial {
    /// Pawns of both sides on the board.
    pub pawns: u32,
    /// All pieces (the royal one included) of the counting side.
    pub own: u32,
    /// All pieces of the opponent.
    pub theirs: u32,
    /// The opponent's rooks, khons and knights.
    pub rooks: u32,
    /// See `rooks`.
    pub khons: u32,
    /// See `rooks`.
    pub knights: u32,
}

impl Counting {
    /// The counting limit in full moves for the side with material `m`, 0 where that side does
    /// not count. The numbers are the Thai, Khmer and ASEAN rules as Fairy-Stockfish applies
    /// them (`Position::count_limit`).
    pub fn limit(&self, m: CountingMaterial) -> u16 {
        // The pieces' honor limits: (rooks > 1, one rook, khons > 1, knights > 1, one khon, else).
        let honor = |table: [u16; 6]| {
            if m.rooks > 1 {
                table[0]
            } else if m.rooks == 1 {
                table[1]
            } else if m.khons > 1 {
                table[2]
            } else if m.knights > 1 {
                table[3]
            } else if m.khons == 1 {
                table[4]
            } else {
                table[5]
            }
        };
        match self.rule {
            CountingRule::Makruk => {
                if m.pawns > 0 || m.theirs == 1 {
                    0
                } else if m.own > 1 {
                    64
                } else {
                    honor([8, 16, 22, 32, 44, 64])
                }
            }
            CountingRule::Cambodian => {
                if m.own > 3 || m.theirs == 1 {
                    0
                } else if m.own > 1 {
                    63
                } else if m.pawns > 0 {
                    0
                } else {
                    honor([7, 15, 21, 31, 43, 63])
                }
            }
            CountingRule::Asean => {
                if m.pawns > 0 || m.own > 1 {
                    0
                } else if m.rooks > 0 {
                    16
                } else if m.khons > 0 {
                    44
                } else if m.knights > 0 {
                    64
                } else {
                    0
                }
            }
        }
    }
}

/// Pieces in hand: drops, gating and their rules.
#[derive(Clone, Debug)]
pub struct Drops {
    /// Whether pieces in hand may be dropped (`piece_drops`; without it, gating is their only
    /// way onto the board).
    pub allowed: bool,
    /// S-chess gating (see the schema's `gating`).
    pub gating: bool,
    /// Whether a side with pieces in hand must drop while a drop is legal.
    pub must_drop: bool,
    /// The kinds whose pieces must be dropped evenly on both square colours.
    pub opposite_colored: Vec<u8>,
    /// Whether a king or rook dropped on its castling square gets its castling right.
    pub castling_dropped_piece: bool,
    /// Whether captured pieces go to the capturer's hand.
    pub captures_to_hand: bool,
    /// Whether promoted pieces keep their promoted kind in hand (no demotion).
    pub drop_loop: bool,
    /// Whether pawns may be dropped on their side's first rank.
    pub first_rank_pawn_drops: bool,
    /// Whether pawns may be dropped into their promotion zone.
    pub promotion_zone_pawn_drops: bool,
    /// Where each color may drop.
    pub region: [Vec<Square>; 2],
    /// Whether a drop may give check.
    pub checks: bool,
    /// Whether pieces with a `+` form may be dropped as it.
    pub promoted: bool,
    /// The kinds that may not be dropped on a file holding `no_doubled_count` unpromoted pieces
    /// of that kind of the dropping side (nifu).
    pub no_doubled: Vec<u8>,
    /// See `no_doubled`.
    pub no_doubled_count: u8,
    /// The kinds whose drop may not checkmate (uchifuzume).
    pub mate_illegal: Vec<u8>,
}

/// The letters of a FEN placement's row `row` (0: the top rank), one per square, `None` for
/// an empty square (promotion marks dropped).
fn rank_letters(fen: &str, row: u8) -> Vec<Option<char>> {
    let placement = fen.split(['[', ' ']).next().unwrap_or("");
    rank_cells(placement.split('/').nth(usize::from(row)).unwrap_or(""))
}

/// One rank of a FEN placement (`r1b+p2Q~*`), a cell per square: the piece letter, `None` for
/// an empty square or a wall (`+` and `~` marks dropped).
pub fn rank_cells(text: &str) -> Vec<Option<char>> {
    let mut out = Vec::new();
    let mut run = 0;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            run = run * 10 + d as usize;
            continue;
        }
        out.extend(std::iter::repeat_n(None, run));
        run = 0;
        if c.is_ascii_alphabetic() {
            out.push(Some(c));
        } else if c == '*' {
            out.push(None);
        }
    }
    out.extend(std::iter::repeat_n(None, run));
    out
}

/// A checked, compiled variant, independent of the bitboard width.
#[derive(Clone, Debug)]
pub struct Definition {
    /// Variant name.
    pub name: String,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Start position in the variant's FEN dialect.
    pub start_fen: String,
    /// The piece kinds, in kind order.
    pub pieces: Vec<PieceDef>,
    /// Promotion rules.
    pub promotion: Promotion,
    /// Where pawns' double steps and other initial (`i`) moves may start, per color.
    pub initial_region: [Vec<Square>; 2],
    /// Whether pawns capture en passant.
    pub en_passant: bool,
    /// First-move rights instead of the initial region, and the kinds whose attack on a royal
    /// piece removes its right.
    pub first_move_rights: bool,
    /// Kinds whose attack on a royal piece removes its first-move right.
    pub royal_right_lost_to: Vec<u8>,
    /// Target squares where each color may capture en passant.
    pub en_passant_region: [Vec<Square>; 2],
    /// Castling, if the variant has it.
    pub castling: Option<Castling>,
    /// Whether checks matter (false: royal pieces may be captured).
    pub checking: bool,
    /// Whether captures are compulsory.
    pub must_capture: bool,
    /// Atomic captures, and the kinds a neighboring explosion spares.
    pub blast_on_capture: bool,
    /// Kinds a neighboring explosion spares.
    pub blast_immune: Vec<u8>,
    /// The result for the side checkmated.
    pub checkmate_value: Outcome,
    /// The result for the side stalemated.
    pub stalemate_value: Outcome,
    /// The n-move rule in full moves (0: none).
    pub n_move_rule: u16,
    /// Occurrences of a position that end the game.
    pub n_fold_rule: u8,
    /// The result for the side to move when they do.
    pub n_fold_value: Outcome,
    /// Whether `n_fold_value` is White's result whoever is to move.
    pub n_fold_value_absolute: bool,
    /// Whether a perpetual check is illegal (loses).
    pub perpetual_check_illegal: bool,
    /// Whether the royal pieces may not face each other on an open file or rank.
    pub flying_general: bool,
    /// Whether the AXF chasing rules judge repetitions (the schema's `chasing_rule = "axf"`).
    pub axf_chasing: bool,
    /// Whether a king in check may move only to take its single checker (makpong).
    pub makpong: bool,
    /// The squares of the diagonal lines (janggi's palace diagonals) that [`Atom::on_lines`]
    /// atoms move along.
    pub diagonal_lines: Vec<Square>,
    /// Whether a side may pass (not in check); two passes in a row end the game.
    pub pass: bool,
    /// The bikjang rule: facing royal pieces must be parted (or the move passed); a facing that
    /// stands for a second position ends the game.
    pub bikjang: bool,
    /// How a game ended by bikjang or two passes is scored: (kind, points) and Black's bonus;
    /// `None`: a draw.
    pub material_count: Option<(Vec<(u8, u8)>, u8)>,
    /// Whether a move or drop may not leave a piece where it could never move again.
    pub immobility_illegal: bool,
    /// The extinction rule, if any.
    pub extinction: Option<Extinction>,
    /// The flag rule, if any.
    pub flag: Option<Flag>,
    /// Whether the game counts checks (n-check variants).
    pub check_counting: bool,
    /// Whether pieces also come to hand from a partner's board (bughouse).
    pub two_boards: bool,
    /// The counting endgame rule, if any.
    pub counting: Option<Counting>,
    /// King buckets requested for the NNUE (0: the default).
    pub king_buckets: u8,
    /// Pieces in hand and drops, if the variant has them.
    pub drops: Option<Drops>,
    /// Where the start FEN was given, for messages about it.
    pub start_fen_at: Diagnostic,
}

impl Definition {
    /// The kind with FEN letter `c` (either case).
    pub fn kind_of(&self, c: char) -> Option<u8> {
        let lower = c.to_ascii_lowercase();
        self.pieces.iter().position(|p| p.letter == lower).map(|k| k as u8)
    }

    /// Whether the last piece of kind `kind` is royal (an extinction kind with
    /// `extinction_pseudo_royal`).
    pub fn pseudo_royal_kind(&self, kind: u8) -> bool {
        self.extinction
            .as_ref()
            .is_some_and(|e| e.pseudo_royal && e.kinds.as_ref().is_some_and(|k| k.contains(&kind)))
    }

    /// `relative` rank (0-based, counted from `color`'s side) as an absolute rank.
    pub fn absolute_rank(&self, color: Color, relative: u8) -> u8 {
        relative_rank(color, relative, self.ranks)
    }
}

struct Ctx<'a> {
    sources: &'a [Source],
    problems: Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn at<T>(&self, value: &(usize, Spanned<T>), extra: usize) -> Diagnostic {
        self.sources[value.0].at(value.1.span().start + extra, "")
    }

    fn fail<T>(&mut self, value: &(usize, Spanned<T>), key: &str, message: impl Into<String>) {
        self.fail_at(value, 0, key, message);
    }

    fn fail_at<T>(&mut self, value: &(usize, Spanned<T>), extra: usize, key: &str, message: impl Into<String>) {
        let mut d = self.at(value, extra);
        d.message = format!("{key}: {}", message.into());
        // A value inherited from a parent that the variant's own file makes wrong (a removed
        // piece, another board size) is the file's problem: name it, and where the value is.
        if let Some(own) = self.sources.last()
            && value.0 + 1 != self.sources.len()
            && own.name != d.file
        {
            d = Diagnostic {
                file: own.name.clone(),
                line: 0,
                col: 0,
                message: format!(
                    "{key} (inherited from {}:{}:{}): {}",
                    d.file,
                    d.line,
                    d.col,
                    d.message.split_once(": ").map_or(d.message.as_str(), |(_, m)| m)
                ),
            };
        }
        // One key can be read twice (a shared key behind both per-side keys): say it once.
        if !self.problems.contains(&d) {
            self.problems.push(d);
        }
    }
}

fn get<T: Clone>(field: &Option<(usize, Spanned<T>)>, default: T) -> T {
    field.as_ref().map_or(default, |(_, v)| v.get_ref().clone())
}

/// A piece's written-notation letter, upper case: its `san` key, checked to be one ASCII
/// letter, or its FEN letter.
fn san_letter(ctx: &mut Ctx, source: usize, raw: &super::schema::RawPiece, letter: char, key_text: &str) -> char {
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

fn outcome(ctx: &mut Ctx, field: &Option<(usize, Spanned<String>)>, key: &str, default: Outcome) -> Outcome {
    let Some(v) = field else { return default };
    match v.1.get_ref().as_str() {
        "win" => Outcome::Win,
        "loss" => Outcome::Loss,
        "draw" => Outcome::Draw,
        other => {
            ctx.fail(
                v,
                key,
                format!("'{}' is not one of win, loss, draw", other.escape_debug()),
            );
            default
        }
    }
}

/// Piece letters to kinds; unknown letters are reported at their character.
fn kinds(ctx: &mut Ctx, field: &Option<(usize, Spanned<String>)>, key: &str, letters: &[char]) -> Vec<u8> {
    let Some(v) = field else { return Vec::new() };
    let mut out = Vec::new();
    for (i, c) in v.1.get_ref().chars().enumerate() {
        match letters.iter().position(|&l| l == c.to_ascii_lowercase()) {
            Some(k) => out.push(k as u8),
            None => ctx.fail_at(v, i + 1, key, format!("no piece with letter '{}'", c.escape_debug())),
        }
    }
    out
}

fn squares(ctx: &mut Ctx, field: &(usize, Spanned<String>), key: &str, files: u8, ranks: u8) -> Vec<Square> {
    match region::parse(field.1.get_ref(), files, ranks) {
        Ok(v) => v,
        Err(e) => {
            ctx.fail_at(field, e.offset() + 1, key, e.to_string());
            Vec::new()
        }
    }
}

/// A pair of per-side regions (`<key>_white`, `<key>_black`): the squares of each one given.
fn side_regions(
    ctx: &mut Ctx,
    fields: [&Option<(usize, Spanned<String>)>; 2],
    key: &str,
    files: u8,
    ranks: u8,
) -> [Option<Vec<Square>>; 2] {
    let mut out = [None, None];
    for (i, (field, side)) in fields.into_iter().zip(["white", "black"]).enumerate() {
        if let Some(f) = field {
            out[i] = Some(squares(ctx, f, &format!("{key}_{side}"), files, ranks));
        }
    }
    out
}

/// Adds a piece's `advanced_betza` to its moves, as atoms marked [`Atom::advanced`]: leaps and
/// lame leaps only (the tables filter them by origin square), and only with an advanced region.
fn advanced_moves(
    ctx: &mut Ctx,
    (source, key_text): (usize, &str),
    raw: &super::schema::RawPiece,
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

/// Compiles a merged variant.
pub fn compile(m: &Merged, sources: &[Source], default_name: &str) -> Result<Definition, Diagnostics> {
    let mut ctx = Ctx {
        sources,
        problems: Vec::new(),
    };
    let name = get(&m.name, default_name.to_string());
    let files = get(&m.files, 8);
    let ranks = get(&m.ranks, 8);
    for (field, key, size) in [(&m.files, "files", files), (&m.ranks, "ranks", ranks)] {
        if let Some(f) = field
            && !(1..=MAX_SIDE).contains(&size)
        {
            ctx.fail(f, key, format!("must be 1-{MAX_SIDE}"));
        }
    }
    if files as usize * ranks as usize > MAX_SQUARES
        && let Some(f) = m.ranks.as_ref().or(m.files.as_ref())
    {
        ctx.fail(
            f,
            "ranks",
            format!(
                "a {files}x{ranks} board has {} squares; the limit is {MAX_SQUARES}",
                files as usize * ranks as usize
            ),
        );
    }
    if !ctx.problems.is_empty() {
        return Err(Diagnostics(ctx.problems));
    }

    // Pieces.
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
    let mut pieces: Vec<PieceDef> = Vec::new();
    // The first `diagonal_betza`, for the message if the variant has no lines.
    let mut diagonal_at: Option<(usize, Spanned<String>)> = None;
    // Pieces with a drop region of their own, checked once the variant's hands are known.
    let mut piece_drop_regions: Vec<((usize, Spanned<String>), String)> = Vec::new();
    // Base pieces first, then the promoted forms (`+p`), which name their base.
    let (base_keys, promoted_keys): (Vec<_>, Vec<_>) = m.pieces.iter().partition(|(k, _)| !k.starts_with('+'));
    for (key_text, (source, key, raw)) in base_keys.into_iter().chain(promoted_keys) {
        let mut chars = key_text.chars();
        let promoted = key_text.starts_with('+');
        if promoted {
            chars.next();
        }
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            ctx.fail(
                &(*source, key.clone()),
                "pieces",
                "a piece is named by one letter, or `+` and its base's letter for a promoted form",
            );
            continue;
        };
        // `remove_pieces` removes inherited pieces (and their promoted forms); the file's own
        // definitions stay.
        let removed_at = m.remove_pieces.as_ref().map_or(0, |(s, _)| *s);
        if removed.contains(&letter) && *source < removed_at {
            continue;
        }
        let key_at = (*source, key.clone());
        if !letter.is_ascii_alphabetic() {
            ctx.fail(&key_at, "pieces", "a piece is named by one letter");
            continue;
        }
        let base = if promoted {
            let Some(b) = pieces
                .iter()
                .position(|p| p.letter == letter && p.promoted_from.is_none())
            else {
                ctx.fail(
                    &key_at,
                    "pieces",
                    format!("'+{letter}': no piece '{letter}' to promote"),
                );
                continue;
            };
            for (flag, name) in [(&raw.royal, "royal"), (&raw.pawn, "pawn")] {
                if let Some(v) = flag
                    && *v.get_ref()
                {
                    ctx.fail(
                        &(*source, v.clone()),
                        &format!("pieces.+{letter}.{name}"),
                        "a promoted form cannot be royal or a pawn",
                    );
                }
            }
            if pieces[b].royal {
                ctx.fail(
                    &key_at,
                    "pieces",
                    format!("'+{letter}': a royal piece does not promote"),
                );
            }
            Some(b as u8)
        } else {
            None
        };
        let Some(text) = &raw.betza else {
            ctx.fail(&key_at, &format!("pieces.{key_text}"), "missing key 'betza'");
            continue;
        };
        let mut betza = match betza::parse(text.get_ref()) {
            Ok(b) => b,
            Err(e) => {
                // +1 for the opening quote.
                ctx.fail_at(
                    &(*source, text.clone()),
                    e.at + 1,
                    &format!("pieces.{key_text}.betza"),
                    e.message,
                );
                continue;
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
            let located = pair.map(|f| f.clone().map(|v| (*source, v)));
            side_regions(
                &mut ctx,
                [&located[0], &located[1]],
                &format!("pieces.{key_text}.{key}"),
                files,
                ranks,
            )
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
        for (field, side) in [(&raw.drop_region_white, "white"), (&raw.drop_region_black, "black")] {
            if let Some(f) = field {
                piece_drop_regions.push(((*source, f.clone()), format!("pieces.{key_text}.drop_region_{side}")));
            }
        }
        advanced_moves(&mut ctx, (*source, key_text), raw, &advanced_region, &mut betza);
        if let Some(text) = &raw.diagonal_betza {
            diagonal_moves(&mut ctx, (*source, text), key_text, &mut betza);
            // Where to complain if the variant has no lines (the piece key as the message).
            if diagonal_at.is_none() {
                diagonal_at = Some((*source, Spanned::new(text.span(), key_text.to_string())));
            }
        }
        let advanced_region = advanced_region.map(Option::unwrap_or_default);
        let same_kind_immune = match &raw.same_kind_immune {
            Some(v) if *v.get_ref() && !betza.atoms.iter().any(|a| matches!(a.reach, Reach::Hop(_))) => {
                ctx.fail(
                    &(*source, v.clone()),
                    &format!("pieces.{key_text}.same_kind_immune"),
                    "the piece has no hopping move ('p') for the rule to restrict",
                );
                false
            }
            Some(v) => *v.get_ref(),
            None => false,
        };
        if let Some(b) = base {
            let kind = pieces.len() as u8;
            pieces[usize::from(b)].promotes_to = Some(kind);
        }
        pieces.push(PieceDef {
            letter,
            defined_at: (*source, key.span().start),
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
            san_letter: san_letter(&mut ctx, *source, raw, letter, key_text),
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
        });
    }
    if pieces.len() > MAX_KINDS {
        let at = m.pieces.values().last().map(|(s, k, _)| (*s, k.clone()));
        if let Some(at) = at {
            ctx.fail(
                &at,
                "pieces",
                format!("{} piece kinds; the limit is {MAX_KINDS}", pieces.len()),
            );
        }
    }
    let letters: Vec<char> = pieces.iter().map(|p| p.letter).collect();

    // Promotion.
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
        promo_kinds[i] = kinds(&mut ctx, field, key, &letters);
        for (at, &k) in promo_kinds[i].iter().enumerate() {
            if pieces[k as usize].royal
                && let Some(f) = field
            {
                ctx.fail_at(f, at + 1, key, "a pawn cannot promote to a royal piece");
            }
        }
    }
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
    let diagonal_lines = match &m.diagonal_lines {
        Some(f) => squares(&mut ctx, f, "diagonal_lines", files, ranks),
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
    let material_count = m.material_count_values.as_ref().map(|field| {
        let mut values = Vec::new();
        for (letter, &points) in field.1.get_ref() {
            match letter
                .chars()
                .next()
                .filter(|_| letter.chars().count() == 1)
                .and_then(|c| {
                    pieces
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
        (values, get(&m.material_count_black_bonus, 0))
    });
    let mut limits = Vec::new();
    if let Some(field) = &m.promotion_limits {
        for (letter, &n) in field.1.get_ref() {
            // A letter, or `+` and a letter for a promoted form.
            let form = letter.starts_with('+');
            let base = letter.trim_start_matches('+');
            match base.chars().next().filter(|_| base.chars().count() == 1).and_then(|c| {
                pieces
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
    let given_zone = side_regions(
        &mut ctx,
        [&m.promotion_region_white, &m.promotion_region_black],
        "promotion_region",
        files,
        ranks,
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
        && !pieces.iter().any(|p| p.pawn)
        && let Some(f) = &m.promotion_pieces
    {
        ctx.fail(
            f,
            "promotion_pieces",
            "promotion choices but no piece has `pawn = true`",
        );
    }

    // Double steps and initial moves.
    let double_rank = get(&m.double_step_rank, 2);
    if let Some(f) = &m.double_step_rank
        && !(1..=ranks).contains(&double_rank)
    {
        ctx.fail(f, "double_step_rank", format!("must be 1-{ranks}"));
    }
    let given = side_regions(
        &mut ctx,
        [&m.double_step_region_white, &m.double_step_region_black],
        "double_step_region",
        files,
        ranks,
    );
    let initial_region = [Color::White, Color::Black].map(|color| {
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
    });
    if get(&m.double_step, true) {
        // The chess pawn's double step is an initial, lame, quiet two-square step forward.
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

    let all: Vec<Square> = (0..files as usize * ranks as usize).map(|s| Square(s as u8)).collect();
    let en_passant_region = side_regions(
        &mut ctx,
        [&m.en_passant_region_white, &m.en_passant_region_black],
        "en_passant_region",
        files,
        ranks,
    )
    .map(|r| r.unwrap_or_else(|| all.clone()));

    // Castling.
    let castling = if get(&m.castling, true) {
        let king = kinds(&mut ctx, &m.castling_king_piece, "castling_king_piece", &letters);
        let king_kind = match &m.castling_king_piece {
            Some(_) => king.first().copied(),
            None => letters.iter().position(|&l| l == 'k').map(|k| k as u8),
        };
        let rook_kinds = if m.castling_rook_pieces.is_some() {
            kinds(&mut ctx, &m.castling_rook_pieces, "castling_rook_pieces", &letters)
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
    } else {
        None
    };

    let royal_right_lost_to = kinds(&mut ctx, &m.royal_right_lost_to, "royal_right_lost_to", &letters);
    let blast_immune = if m.blast_immune_pieces.is_some() {
        kinds(&mut ctx, &m.blast_immune_pieces, "blast_immune_pieces", &letters)
    } else {
        (0..pieces.len() as u8).filter(|&k| pieces[k as usize].pawn).collect()
    };

    // Game end.
    let checkmate_value = outcome(&mut ctx, &m.checkmate_value, "checkmate_value", Outcome::Loss);
    let stalemate_value = outcome(&mut ctx, &m.stalemate_value, "stalemate_value", Outcome::Draw);
    let n_fold_value = outcome(&mut ctx, &m.n_fold_value, "n_fold_value", Outcome::Draw);
    let n_fold_rule = get(&m.n_fold_rule, 3);
    if let Some(f) = &m.n_fold_rule
        && n_fold_rule < 2
    {
        ctx.fail(f, "n_fold_rule", "must be at least 2");
    }
    let extinction = match &m.extinction_value {
        Some(v) if v.1.get_ref() != "none" => {
            let value = outcome(&mut ctx, &m.extinction_value, "extinction_value", Outcome::Loss);
            let kinds = match &m.extinction_pieces {
                Some(f) if f.1.get_ref() == "*" => None,
                Some(_) => Some(kinds(&mut ctx, &m.extinction_pieces, "extinction_pieces", &letters)),
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
    let flag = match &m.flag_piece {
        Some(f) => {
            let kind = kinds(&mut ctx, &m.flag_piece, "flag_piece", &letters).first().copied();
            let given = side_regions(
                &mut ctx,
                [&m.flag_region_white, &m.flag_region_black],
                "flag_region",
                files,
                ranks,
            );
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
        None => None,
    };
    let axf_chasing = match &m.chasing_rule {
        Some(v) => match v.1.get_ref().as_str() {
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
        },
        None => false,
    };
    let counting = match &m.counting_rule {
        Some(v) => {
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
                Some(_) => kinds(&mut ctx, &m.counting_pieces, "counting_pieces", &letters)
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
        None => None,
    };
    let allowed = get(&m.piece_drops, false);
    let gating = get(&m.gating, false);
    let drops = if allowed || gating {
        let given = side_regions(
            &mut ctx,
            [&m.drop_region_white, &m.drop_region_black],
            "drop_region",
            files,
            ranks,
        );
        Some(Drops {
            allowed,
            gating,
            must_drop: get(&m.must_drop, false),
            opposite_colored: kinds(&mut ctx, &m.drop_opposite_colored, "drop_opposite_colored", &letters),
            castling_dropped_piece: get(&m.castling_dropped_piece, false),
            captures_to_hand: get(&m.captures_to_hand, false),
            drop_loop: get(&m.drop_loop, false),
            first_rank_pawn_drops: get(&m.first_rank_pawn_drops, false),
            promotion_zone_pawn_drops: get(&m.promotion_zone_pawn_drops, false),
            region: given.map(|r| r.unwrap_or_else(|| all.clone())),
            checks: get(&m.drop_checks, true),
            promoted: get(&m.drop_promoted, false),
            no_doubled: kinds(&mut ctx, &m.drop_no_doubled, "drop_no_doubled", &letters),
            no_doubled_count: get(&m.drop_no_doubled_count, 1),
            mate_illegal: kinds(&mut ctx, &m.drop_mate_illegal, "drop_mate_illegal", &letters),
        })
    } else {
        None
    };
    // A drop rule without drops (or a hand rule without hands) is a mistake in the file, not a
    // silent no-op: a rule turned on, or a region given. Each as (where, key, whether it
    // needs drops rather than just hands).
    let on = |f: &Option<(usize, Spanned<bool>)>| {
        f.as_ref()
            .filter(|f| *f.1.get_ref())
            .map(|f| (f.0, Spanned::new(f.1.span(), ())))
    };
    let given = |f: &Option<(usize, Spanned<String>)>| f.as_ref().map(|f| (f.0, Spanned::new(f.1.span(), ())));
    let hand_rules = [
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
    ];
    for (at, key, needs_drops) in hand_rules {
        let Some(at) = at else { continue };
        if needs_drops && !allowed {
            ctx.fail(&at, key, "needs `piece_drops = true`");
        } else if drops.is_none() {
            ctx.fail(&at, key, "needs `piece_drops = true` or `gating = true`");
        }
    }
    if drops.is_none() {
        for (at, key) in &piece_drop_regions {
            ctx.fail(at, key, "needs `piece_drops = true` or `gating = true`");
        }
    }
    if let Some(f) = &m.castling_dropped_piece
        && *f.1.get_ref()
        && castling.is_none()
    {
        ctx.fail(f, "castling_dropped_piece", "needs castling (`castling = true`)");
    }
    if let Some(f) = &m.sittuyin_promotion
        && *f.1.get_ref()
        && (!pieces.iter().any(|p| p.pawn) || promotion.kinds.iter().all(Vec::is_empty))
    {
        ctx.fail(
            f,
            "sittuyin_promotion",
            "needs a piece with `pawn = true` and `promotion_pieces`",
        );
    }
    match (&m.drop_no_doubled_count, &drops) {
        (Some(f), None) => ctx.fail(f, "drop_no_doubled_count", "needs `piece_drops = true`"),
        (Some(f), Some(_)) if *f.1.get_ref() == 0 => ctx.fail(f, "drop_no_doubled_count", "must be at least 1"),
        _ => {}
    }
    if !pieces.iter().any(|p| p.promotes_to.is_some()) {
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
    let royal = pieces.iter().any(|p| p.royal);
    if !royal && extinction.is_none() && flag.is_none() {
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
                "no royal piece (`royal = true`) and no other way to win (extinction or flag rules)",
            ),
            None => ctx.problems.push(Diagnostic {
                file: sources.last().map_or_else(String::new, |s| s.name.clone()),
                line: 1,
                col: 1,
                message: "pieces: the variant defines no pieces".to_string(),
            }),
        }
    }
    let start_fen_at = match (&m.start_fen, sources.last()) {
        // Inherited: a start position the variant's own file breaks is its problem.
        (Some(f), Some(own)) if f.0 + 1 != sources.len() => {
            let at = ctx.at(f, 1);
            Diagnostic {
                file: own.name.clone(),
                line: 0,
                col: 0,
                message: format!("start_fen (inherited from {}:{}:{}): ", at.file, at.line, at.col),
            }
        }
        (Some(f), _) => {
            let mut d = ctx.at(f, 1);
            d.message = "start_fen: ".to_string();
            d
        }
        (None, _) => Diagnostic {
            file: sources.last().map_or_else(String::new, |s| s.name.clone()),
            line: 1,
            col: 1,
            message: "start_fen (missing): ".to_string(),
        },
    };
    if !ctx.problems.is_empty() {
        return Err(Diagnostics(ctx.problems));
    }
    Ok(Definition {
        name,
        files,
        ranks,
        start_fen: get(&m.start_fen, String::new()),
        pieces,
        promotion,
        initial_region,
        en_passant: get(&m.en_passant, true),
        first_move_rights: get(&m.first_move_rights, false),
        royal_right_lost_to,
        en_passant_region,
        castling,
        checking: get(&m.checking, true),
        must_capture: get(&m.must_capture, false),
        blast_on_capture: get(&m.blast_on_capture, false),
        blast_immune,
        checkmate_value,
        stalemate_value,
        n_move_rule: get(&m.n_move_rule, 50),
        n_fold_rule,
        n_fold_value,
        n_fold_value_absolute: get(&m.n_fold_value_absolute, false),
        perpetual_check_illegal: get(&m.perpetual_check_illegal, false),
        flying_general: get(&m.flying_general, false),
        axf_chasing,
        makpong: get(&m.makpong, false),
        diagonal_lines,
        pass: get(&m.pass, false),
        bikjang: get(&m.bikjang, false),
        material_count,
        immobility_illegal: get(&m.immobility_illegal, false),
        extinction,
        flag,
        check_counting: get(&m.check_counting, false),
        two_boards: get(&m.two_boards, false),
        counting,
        king_buckets: get(&m.king_buckets, 0),
        drops,
        start_fen_at,
    })
}
