//! FEN forms pyffish prints beside the plain FEN: SFEN, the fog-of-war view, and the codes of
//! `validate_fen`.

use nue::engine::api::Board;

/// `validate_fen`'s answer for a valid FEN.
pub const FEN_OK: i32 = 1;
/// `validate_fen`'s answer for a `+` before a piece that has no promoted form.
pub const FEN_INVALID_PROMOTED_PIECE: i32 = -12;

/// pyffish's code for a FEN refused in `field` with `message` (its `FEN_INVALID_*` values).
pub fn error_code(field: &str, message: &str) -> i32 {
    let m = message.to_ascii_lowercase();
    match field {
        "board" if m.contains("promot") || m.contains("'++'") => FEN_INVALID_PROMOTED_PIECE,
        "board" if m.contains("royal piece") => -3,
        "board" if m.contains("unknown piece") || m.contains("letter") => -10,
        "board" if m.contains("rank") || m.contains("file") || m.contains("square") => -8,
        "board" => -10,
        "hand" => -7,
        "side to move" => -6,
        "castling" => -5,
        "en passant" => -4,
        "position" if m.contains("touch") || m.contains("adjacent") => -9,
        "position" => -3,
        "halfmove clock" => -2,
        "check counters" => -13,
        _ => -1,
    }
}

/// The board and hand fields of a FEN's first field: `BOARD[HAND]` or `BOARD`.
fn split_hand(first: &str) -> (&str, Option<&str>) {
    match first.find('[') {
        Some(i) => (&first[..i], Some(first[i + 1..].trim_end_matches(']'))),
        None => (first, None),
    }
}

/// The position in SFEN as pyffish writes it: the board, the side (`b` for the first player),
/// the hand with counts (`-` when empty) and the ply number plus one.
pub fn sfen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (board, hand) = split_hand(fields.first().copied().unwrap_or(""));
    let black = fields.get(1) == Some(&"b");
    let fullmove: u32 = fields.last().and_then(|f| f.parse().ok()).unwrap_or(1).max(1);
    let ply = 2 * (fullmove - 1) + u32::from(black);
    let mut counted = String::new();
    let letters: Vec<char> = hand.unwrap_or("").chars().filter(|c| c.is_ascii_alphabetic()).collect();
    let mut i = 0;
    while i < letters.len() {
        let run = letters[i..].iter().take_while(|&&c| c == letters[i]).count();
        if run > 1 {
            counted += &run.to_string();
        }
        counted.push(letters[i]);
        i += run;
    }
    if counted.is_empty() {
        counted.push('-');
    }
    format!("{board} {} {counted} {}", if black { 'w' } else { 'b' }, ply + 1)
}

/// One square of a FEN board: a piece's text (`P`, `+p`, `Q~`), a wall (`*`) or empty.
#[derive(Clone, PartialEq)]
enum Cell {
    Piece(String),
    Wall,
    Empty,
}

/// The board's ranks, top first, each left to right.
fn cells(board: &str) -> Vec<Vec<Cell>> {
    board
        .split('/')
        .map(|rank| {
            let mut row = Vec::new();
            let mut chars = rank.chars().peekable();
            let mut prefix = String::new();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c.to_digit(10).unwrap_or(0);
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n * 10 + d;
                        chars.next();
                    }
                    row.extend(std::iter::repeat_n(Cell::Empty, n as usize));
                } else if c == '+' {
                    prefix.push(c);
                } else if c == '*' {
                    row.push(Cell::Wall);
                } else if c == '~' {
                    if let Some(Cell::Piece(p)) = row.last_mut() {
                        p.push(c);
                    }
                } else {
                    row.push(Cell::Piece(format!("{prefix}{c}")));
                    prefix.clear();
                }
            }
            row
        })
        .collect()
}

/// The (file, rank from the top) of a square name like `e4` or `a10` on a board of `ranks`.
fn square(name: &str, ranks: usize) -> Option<(usize, usize)> {
    let file = name.chars().next()?;
    let rank: usize = name.get(1..)?.parse().ok()?;
    let f = (file as usize).checked_sub('a' as usize)?;
    Some((f, ranks.checked_sub(rank)?))
}

/// The target square of a UCI move: after `@` for a drop, else its second square.
fn target(mv: &str) -> Option<&str> {
    if let Some((_, to)) = mv.split_once('@') {
        return Some(to);
    }
    let bytes = mv.as_bytes();
    let mut i = 1;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    let rest = &mv[i..];
    let end = rest
        .char_indices()
        .skip(1)
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(rest.len(), |(j, _)| j);
    rest.get(..end)
}

/// pyffish's `get_fog_fen`: the FEN with every square the side to move neither occupies nor
/// can move to shown as `*`.
pub fn fog(board: &dyn Board) -> String {
    let fen = board.fen();
    let mut fields = fen.splitn(2, ' ');
    let first = fields.next().unwrap_or("");
    let rest = fields.next().unwrap_or("");
    let (placement, hand) = split_hand(first);
    let mut grid = cells(placement);
    let ranks = grid.len();
    let white = board.side_to_move() == 0;
    let mut seen = vec![vec![false; grid.first().map_or(0, Vec::len)]; ranks];
    for (r, row) in grid.iter().enumerate() {
        for (f, cell) in row.iter().enumerate() {
            if let Cell::Piece(p) = cell {
                let letter = p.chars().find(char::is_ascii_alphabetic).unwrap_or(' ');
                if letter.is_ascii_uppercase() == white && f < seen[r].len() {
                    seen[r][f] = true;
                }
            }
        }
    }
    for mv in board.legal_moves() {
        if let Some((f, r)) = target(&mv).and_then(|t| square(t, ranks))
            && r < ranks
            && f < seen[r].len()
        {
            seen[r][f] = true;
        }
    }
    for (r, row) in grid.iter_mut().enumerate() {
        for (f, cell) in row.iter_mut().enumerate() {
            if !seen[r].get(f).copied().unwrap_or(false) {
                *cell = Cell::Wall;
            }
        }
    }
    let text: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    Cell::Empty => empty += 1,
                    other => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        match other {
                            Cell::Piece(p) => s += p,
                            _ => s.push('*'),
                        }
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    let hand = hand.map_or(String::new(), |h| format!("[{h}]"));
    format!("{}{hand} {rest}", text.join("/"))
}

/// `fen` (as nue writes it, a count running) with its counting limit (the en passant field) and
/// its count (the halfmove field) replaced: pyffish's `get_fen` with `count_started`.
pub fn with_count(fen: &str, (limit, ply): (u16, u16)) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
    let n = fields.len();
    if n >= 6 {
        fields[3] = limit.to_string();
        fields[n - 2] = ply.to_string();
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_from_fen() {
        assert_eq!(
            sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
        );
        assert_eq!(sfen("8/8/8/8/8/8/8/8[PPPPpr] b - - 0 5"), "8/8/8/8/8/8/8/8 w 4Ppr 10");
    }

    #[test]
    fn targets_of_moves() {
        assert_eq!(target("e2e4"), Some("e4"));
        assert_eq!(target("a10b10"), Some("b10"));
        assert_eq!(target("P@e5"), Some("e5"));
        assert_eq!(target("b2h8+"), Some("h8"));
        assert_eq!(target("e7e8q"), Some("e8"));
    }
}
