//! Written move notations over any game, from each move's parts ([`MoveParts`]): SAN and
//! LAN, shogi's Hosking and Hodges (with letters or numbers for ranks), janggi's and xiangqi's
//! WXF, makruk's Thai SAN and LAN, as Fairy-Stockfish writes them (its `apiutil.h` is the reference for each rule: which
//! piece letter, when a move is disambiguated by file, rank or square, the separators, the
//! promotion and check suffixes).

use super::{Change, Dirty, Game, GameMove, GenKind, MoveParts};
use crate::core::{Color, Square};

/// A written notation (pyffish's `NOTATION_*` values, 1 to 9).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// Standard algebraic notation: `Nf3`, `exd5`, `e8=Q+`, `P@e4`, `O-O`.
    San,
    /// Long algebraic notation: `Ng1-f3`, `e5xd6`.
    Lan,
    /// Shogi, Hosking: `P76`, `P'15`, `G49-58`.
    ShogiHosking,
    /// Shogi, Hodges: `P-7f`, `B*3c`, `Bx2b+`.
    ShogiHodges,
    /// Shogi, Hodges with rank numbers: `P-76`, `B*33`.
    ShogiHodgesNumber,
    /// Janggi: rank then file from each square, `H02-83`.
    Janggi,
    /// Xiangqi, WXF: `H2+3`, `C2=5`, `R1+1`.
    XiangqiWxf,
    /// Makruk in Thai letters, SAN-like: `ค-ฉ๗`, `ฉxจ๕`.
    ThaiSan,
    /// Makruk in Thai letters, LAN-like: `บ จ๓-จ๔`.
    ThaiLan,
}

/// Thai file letters, a to l.
const THAI_FILES: [&str; 12] = ["ก", "ข", "ค", "ง", "จ", "ฉ", "ช", "ญ", "ต", "ถ", "ธ", "น"];
/// Thai rank numerals, 1 to 12.
const THAI_RANKS: [&str; 12] = ["๑", "๒", "๓", "๔", "๕", "๖", "๗", "๘", "๙", "๑๐", "๑๑", "๑๒"];

impl Style {
    /// The style of pyffish's notation number, `None` for 0 (the game's default) and the
    /// numbers it has no rules for here.
    pub fn from_number(n: i64) -> Option<Style> {
        Some(match n {
            1 => Style::San,
            2 => Style::Lan,
            3 => Style::ShogiHosking,
            4 => Style::ShogiHodges,
            5 => Style::ShogiHodgesNumber,
            6 => Style::Janggi,
            7 => Style::XiangqiWxf,
            8 => Style::ThaiSan,
            9 => Style::ThaiLan,
            _ => return None,
        })
    }

    /// The style a game writes by default: shogi's Hodges with numbers where its notation is
    /// shogi's, else SAN.
    pub fn default_for<G: Game>(board: &G) -> Style {
        if board.shogi_notation() {
            Style::ShogiHodgesNumber
        } else {
            Style::San
        }
    }

    fn thai(self) -> bool {
        matches!(self, Style::ThaiSan | Style::ThaiLan)
    }

    /// SAN's rules (pawn moves without a letter, pawn captures with their file).
    fn san_like(self) -> bool {
        matches!(self, Style::San | Style::ThaiSan)
    }

    /// LAN's rules (the origin square always written).
    fn lan_like(self) -> bool {
        matches!(self, Style::Lan | Style::ThaiLan | Style::Janggi)
    }

    fn shogi(self) -> bool {
        matches!(
            self,
            Style::ShogiHosking | Style::ShogiHodges | Style::ShogiHodgesNumber
        )
    }
}

/// `mv`, a legal move of `board`, in `style`.
pub fn write<G: Game>(board: &G, mv: G::Move, style: Style) -> String {
    if style == Style::XiangqiWxf {
        return super::wxf::write(board, mv);
    }
    let parts = board.move_parts(mv);
    let mut s = match parts.castle {
        Some(king_side) => castling(board, &parts, king_side, style),
        None => plain(board, mv, &parts, style),
    };
    if let Some(wall) = parts.wall {
        // Duck chess, as Fairy-Stockfish writes it: `e4,d5`, `O-O,e1`.
        s.push(',');
        s += &square(board, wall, style);
    }
    if !style.shogi() && board.check_marks() {
        s += check_mark(board, mv);
    }
    s
}

/// `+` for a check, `#` for a check that ends the game, or nothing.
fn check_mark<G: Game>(board: &G, mv: G::Move) -> &'static str {
    let mut after = board.clone();
    after.play(mv, &mut Dirty::default());
    if !after.in_check() {
        ""
    } else if after.outcome().is_some() || after.count_legal() == 0 {
        "#"
    } else {
        "+"
    }
}

fn castling<G: Game>(board: &G, parts: &MoveParts, king_side: bool, style: Style) -> String {
    let mut s = String::from(if king_side { "O-O" } else { "O-O-O" });
    if let Some((kind, sq)) = parts.gate {
        s.push('/');
        s.push(board.piece_letter(kind));
        s += &square(board, sq, style);
    }
    s
}

fn plain<G: Game>(board: &G, mv: G::Move, parts: &MoveParts, style: Style) -> String {
    let mut s = piece(board, parts, style);
    if style == Style::ThaiLan {
        s.push(' ');
    }
    let disambiguation = match parts.from {
        Some(from) => origin(board, mv, parts, from, style),
        None => String::new(),
    };
    s += &disambiguation;
    s += match (parts.from, parts.capture) {
        (None, _) if style == Style::ShogiHosking => "'",
        (None, _) if style.shogi() => "*",
        (None, _) => "@",
        (_, true) => "x",
        _ => match style {
            Style::Lan | Style::ThaiLan | Style::Janggi | Style::ShogiHodges | Style::ShogiHodgesNumber => "-",
            Style::ShogiHosking if !disambiguation.is_empty() => "-",
            Style::ThaiSan if !board.is_chess_pawn(parts.kind) => "-",
            _ => "",
        },
    };
    s += &square(board, parts.to, style);
    s += &suffix(board, mv, parts, style);
    if let (Some((kind, _)), None) = (parts.gate, parts.castle) {
        s.push('/');
        s.push(board.piece_letter(kind));
    }
    s
}

/// The piece's letter: none for a chess pawn's move in SAN and LAN; in shogi's notations a
/// promoted piece is `+` and its base's letter.
fn piece<G: Game>(board: &G, parts: &MoveParts, style: Style) -> String {
    if style.shogi()
        && let Some(base) = board.unpromoted(parts.kind)
    {
        return format!("+{}", board.piece_letter(base));
    }
    if parts.from.is_some()
        && board.is_chess_pawn(parts.kind)
        && matches!(style, Style::San | Style::Lan | Style::ThaiSan)
    {
        return String::new();
    }
    if style.thai() {
        let promoted = parts.from.is_some_and(|from| board.marked_promoted(from));
        return thai_piece(board.piece_letter(parts.kind), promoted).to_string();
    }
    board.piece_letter(parts.kind).to_string()
}

/// A makruk piece in Thai (by Fairy-Stockfish's makruk letters): khun (king), khon, met,
/// ma (knight), ruea (rook), bia (pawn), ai-wok; `X` for any other piece. A met made by a
/// pawn's promotion is bia ngai (`ง`).
fn thai_piece(letter: char, promoted: bool) -> &'static str {
    match letter {
        'K' => "ข",
        'S' => "ค",
        'M' | 'F' if promoted => "ง",
        'M' | 'F' => "ม็",
        'N' => "ม",
        'R' => "ร",
        'P' => "บ",
        'A' => "ว",
        _ => "X",
    }
}

/// What the notation writes of the origin square.
fn origin<G: Game>(board: &G, mv: G::Move, parts: &MoveParts, from: Square, style: Style) -> String {
    let files = board.dims().files;
    if style.lan_like() {
        return square(board, from, style);
    }
    if style.san_like() && board.is_chess_pawn(parts.kind) {
        if parts.capture {
            return file_name(board, from, style);
        }
        if matches!(parts.change, Some(Change::Promotion(_)))
            && from != parts.to
            && from.file(files) != parts.to.file(files)
        {
            return square(board, from, style);
        }
    }
    let twins = twins(board, mv, parts, style);
    if twins.is_empty() {
        String::new()
    } else if style.shogi() {
        square(board, from, style)
    } else if twins.iter().all(|t| t.file(files) != from.file(files)) {
        file_name(board, from, style)
    } else if twins.iter().all(|t| t.rank(files) != from.rank(files)) {
        rank_name(board, from, style)
    } else {
        square(board, from, style)
    }
}

/// The origins of the other legal moves of the same kind of piece to the same square with the
/// same effect (in shogi's notations, of pieces with the same base).
fn twins<G: Game>(board: &G, mv: G::Move, parts: &MoveParts, style: Style) -> Vec<Square> {
    let mut list = G::MoveList::default();
    board.generate(GenKind::All, &mut list);
    let base = |k: u8| board.unpromoted(k).unwrap_or(k);
    list.iter()
        .filter(|&&m| m.to_bits() != mv.to_bits())
        .map(|&m| board.move_parts(m))
        .filter(|p| {
            p.from.is_some()
                && p.from != parts.from
                && p.to == parts.to
                && p.kind == parts.kind
                && p.castle.is_none()
                && p.change == parts.change
                && p.gate == parts.gate
                && p.wall == parts.wall
                && (!style.shogi() || base(p.kind) == base(parts.kind))
        })
        .filter_map(|p| p.from)
        .collect()
}

fn suffix<G: Game>(board: &G, mv: G::Move, parts: &MoveParts, style: Style) -> String {
    match parts.change {
        Some(Change::Promotion(k)) => format!("={}", board.piece_letter(k)),
        Some(Change::Promote(_)) if style.shogi() => "+".to_string(),
        Some(Change::Demote(_)) if style.shogi() => "-".to_string(),
        Some(Change::Promote(k) | Change::Demote(k)) => format!("={}", board.piece_letter(k)),
        None if style.shogi() && could_promote(board, mv, parts) => "=".to_string(),
        None => String::new(),
    }
}

/// Whether the same piece could have made the same move with a shogi-style promotion.
fn could_promote<G: Game>(board: &G, mv: G::Move, parts: &MoveParts) -> bool {
    let mut list = G::MoveList::default();
    board.generate(GenKind::All, &mut list);
    list.iter().any(|&m| {
        let p = board.move_parts(m);
        m.to_bits() != mv.to_bits()
            && p.from == parts.from
            && p.to == parts.to
            && matches!(p.change, Some(Change::Promote(_)))
    })
}

/// A square's name in `style`.
pub fn square<G: Game>(board: &G, sq: Square, style: Style) -> String {
    let dims = board.dims();
    let (files, ranks) = (usize::from(dims.files), usize::from(dims.ranks));
    let (f, r) = (usize::from(sq.file(dims.files)), usize::from(sq.rank(dims.files)));
    match style {
        Style::ShogiHosking | Style::ShogiHodgesNumber => format!("{}{}", files - f, ranks - r),
        Style::ShogiHodges => format!("{}{}", files - f, (b'a' + (ranks - 1 - r) as u8) as char),
        Style::Janggi => format!("{}{}", (ranks - r) % 10, f + 1),
        Style::ThaiSan | Style::ThaiLan => format!("{}{}", THAI_FILES[f % 12], THAI_RANKS[r % 12]),
        _ => format!("{}{}", (b'a' + f as u8) as char, r + 1),
    }
}

fn file_name<G: Game>(board: &G, sq: Square, style: Style) -> String {
    let dims = board.dims();
    let f = usize::from(sq.file(dims.files));
    match style {
        s if s.shogi() => (usize::from(dims.files) - f).to_string(),
        s if s.thai() => THAI_FILES[f % 12].to_string(),
        _ => ((b'a' + f as u8) as char).to_string(),
    }
}

fn rank_name<G: Game>(board: &G, sq: Square, style: Style) -> String {
    let dims = board.dims();
    let r = usize::from(sq.rank(dims.files));
    match style {
        s if s.shogi() => (usize::from(dims.ranks) - r).to_string(),
        s if s.thai() => THAI_RANKS[r % 12].to_string(),
        _ => (r + 1).to_string(),
    }
}

/// The side a square's rank is counted from in WXF (each side counts from its own end).
pub(super) fn own_rank(sq: Square, files: u8, ranks: u8, color: Color) -> u8 {
    let r = sq.rank(files);
    if color == Color::White { r } else { ranks - 1 - r }
}
