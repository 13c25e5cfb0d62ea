//! Xiangqi's WXF notation (`H2+3`, `C2=5`, `R1+1`, tandem pieces `15=6`, `++7`): files
//! counted from each player's right, `+` forward, `-` back, `=` along the rank, and the
//! distance for a move along a file (the World Xiangqi Federation's rules, as
//! Fairy-Stockfish writes them).

use super::{Game, Piece, san::own_rank};
use crate::core::{Color, Square};

/// `mv` in WXF.
pub fn write<G: Game>(board: &G, mv: G::Move) -> String {
    let parts = board.move_parts(mv);
    let us = board.side_to_move();
    let dims = board.dims();
    let (files, ranks) = (dims.files, dims.ranks);
    let file_number = |sq: Square| {
        let f = sq.file(files);
        if us == Color::White { files - f } else { f + 1 }
    };
    let Some(from) = parts.from else {
        // A drop: the file and the rank from the mover's side.
        return format!(
            "{}*{}{}",
            board.piece_letter(parts.kind),
            file_number(parts.to),
            own_rank(parts.to, files, ranks, us) + 1
        );
    };
    let ours = |sq: Square| board.piece_on(sq) == Some(Piece::new(us, parts.kind));
    let on_file = |file: u8| -> Vec<Square> {
        (0..ranks)
            .map(|r| Square(r * files + file))
            .filter(|&s| ours(s))
            .collect()
    };
    let here = on_file(from.file(files));
    let crowded = (0..files).filter(|&f| on_file(f).len() >= 2).count();
    let tandem = here.len() >= 3 || (here.len() >= 2 && crowded >= 2);
    let ahead = |sq: Square| {
        here.iter()
            .filter(|&&o| own_rank(o, files, ranks, us) > own_rank(sq, files, ranks, us))
            .count()
    };
    let mut s = String::new();
    if tandem {
        // Its place on the file counted from the front, then the file (`15=6`).
        s += &(1 + ahead(from)).to_string();
        s += &file_number(from).to_string();
    } else {
        s.push(board.piece_letter(parts.kind));
        let twin = (here.len() == 2)
            .then(|| here.iter().copied().find(|&o| o != from))
            .flatten();
        let by_rank = twin.is_some_and(|t| shifted_stays(board, t, from, parts.to, parts.kind));
        if by_rank {
            s.push(if ahead(from) == 0 { '+' } else { '-' });
        } else {
            s += &file_number(from).to_string();
        }
    }
    let (r0, r1) = (own_rank(from, files, ranks, us), own_rank(parts.to, files, ranks, us));
    s.push(match r1.cmp(&r0) {
        std::cmp::Ordering::Greater => '+',
        std::cmp::Ordering::Less => '-',
        std::cmp::Ordering::Equal => '=',
    });
    if from.file(files) == parts.to.file(files) {
        s += &r0.abs_diff(r1).to_string();
    } else {
        s += &file_number(parts.to).to_string();
    }
    s
}

/// Whether the twin on `twin`, moved as the piece goes from `from` to `to`, would land on a
/// square its kind may stand on: then the two are told apart by front and back (`+`, `-`),
/// else by file. Advisors keep to the palace and elephants to their own half.
fn shifted_stays<G: Game>(board: &G, twin: Square, from: Square, to: Square, kind: u8) -> bool {
    let dims = board.dims();
    let (files, ranks) = (i32::from(dims.files), i32::from(dims.ranks));
    let f = i32::from(twin.file(dims.files)) + i32::from(to.file(dims.files)) - i32::from(from.file(dims.files));
    let r = i32::from(twin.rank(dims.files)) + i32::from(to.rank(dims.files)) - i32::from(from.rank(dims.files));
    if !(0..files).contains(&f) || !(0..ranks).contains(&r) {
        return false;
    }
    let own = if board.side_to_move() == Color::White {
        r
    } else {
        ranks - 1 - r
    };
    match board.piece_letter(kind) {
        'A' | 'K' => (3..=5).contains(&f) && own <= 2,
        'E' => own < ranks / 2,
        _ => true,
    }
}
