//! The `d` command's board diagram, drawn from the position's FEN (or SFEN), so it serves every
//! game and variant alike: ranks and files labeled in the protocol's coordinates (UCI: files
//! `a`.., ranks 1.. from the bottom; USI: files 9..1 from the left, ranks `a`.. from the top),
//! promoted pieces as `+P` (shogi style) or `Q~` (crazyhouse style), then the hands, the side
//! to move, the FEN and the key, as Stockfish and Fairy-Stockfish print them.

/// The diagram of `fen` (the game's FEN dialect, SFEN when `usi`), with `key` (the position's
/// zobrist key), as lines.
pub fn diagram(fen: &str, usi: bool, key: u64) -> Vec<String> {
    let mut fields = fen.split_whitespace();
    let board_field = fields.next().unwrap_or_default();
    // Fairy-Stockfish's dialect may carry the hands in brackets after the board.
    let (board, bracket_hands) = match board_field.find('[') {
        Some(i) => (
            &board_field[..i],
            Some(board_field[i..].trim_matches(|c| c == '[' || c == ']')),
        ),
        None => (board_field, None),
    };
    let side = fields.next().unwrap_or("w");
    let rows: Vec<Vec<String>> = board.split('/').map(cells).collect();
    let files = rows.iter().map(Vec::len).max().unwrap_or(0);
    let ranks = rows.len();
    let rule = format!(" +{}", "---+".repeat(files));
    let mut out = vec![String::new(), rule.clone()];
    for (i, row) in rows.iter().enumerate() {
        let mut line = String::from(" |");
        for f in 0..files {
            let cell = row.get(f).map_or("", String::as_str);
            line.push_str(&format!("{cell:^3}|"));
        }
        // UCI counts ranks from the bottom (1..), USI letters them from the top (a..).
        let label = if usi {
            char::from(b'a' + i as u8).to_string()
        } else {
            (ranks - i).to_string()
        };
        out.push(format!("{line} {label}"));
        out.push(rule.clone());
    }
    let labels: String = (0..files)
        .map(|f| {
            let label = if usi {
                (files - f).to_string()
            } else {
                char::from(b'a' + f as u8).to_string()
            };
            format!("{label:^4}")
        })
        .collect();
    out.push(format!("  {}", labels.trim_end()));
    out.push(String::new());
    // SFEN: the hands are the third field; FEN: the bracket after the board.
    let hands = if usi { fields.next() } else { bracket_hands };
    if let Some(hands) = hands.filter(|h| !h.is_empty() && *h != "-") {
        out.push(format!("Hands: {hands}"));
    }
    let to_move = match (usi, side) {
        (true, "b") => "sente (b)",
        (true, _) => "gote (w)",
        (false, "b") => "Black (b)",
        (false, _) => "White (w)",
    };
    out.push(format!("Side to move: {to_move}"));
    out.push(format!("Fen: {fen}"));
    out.push(format!("Key: {key:016X}"));
    out
}

/// The cells of one rank of a FEN board field: `""` for an empty square, else the piece with
/// its promotion mark.
fn cells(row: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d as usize;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n * 10 + d as usize;
                chars.next();
            }
            out.extend(std::iter::repeat_n(String::new(), n.min(256)));
        } else if c == '+' {
            let piece = chars.next().map(String::from).unwrap_or_default();
            out.push(format!("+{piece}"));
        } else if c == '~' {
            if let Some(last) = out.last_mut() {
                last.push('~');
            }
        } else {
            out.push(c.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_diagram_has_ranks_files_and_fields() {
        let lines = diagram(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            false,
            0xABC,
        );
        assert_eq!(lines[1], " +---+---+---+---+---+---+---+---+");
        assert_eq!(lines[2], " | r | n | b | q | k | b | n | r | 8");
        assert_eq!(lines[10], " |   |   |   |   | P |   |   |   | 4");
        assert_eq!(lines[18], "   a   b   c   d   e   f   g   h");
        assert!(lines.contains(&"Side to move: Black (b)".to_string()));
        assert!(lines.contains(&"Key: 0000000000000ABC".to_string()));
    }

    #[test]
    fn shogi_diagram_uses_usi_coordinates_and_hands() {
        let lines = diagram(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b 2Pp 1",
            true,
            1,
        );
        assert_eq!(lines[2], " | l | n | s | g | k | g | s | n | l | a");
        assert!(lines[18].starts_with(" | L | N | S | G |+K | G"), "{}", lines[18]);
        assert_eq!(lines[20], "   9   8   7   6   5   4   3   2   1");
        assert!(lines.contains(&"Hands: 2Pp".to_string()));
        assert!(lines.contains(&"Side to move: sente (b)".to_string()));
    }

    #[test]
    fn wide_boards_and_crazyhouse_marks() {
        let lines = diagram("r8r/10/10/10/10/10/10/10/10/R4Q~3R[Pp] w - - 0 1", false, 0);
        assert_eq!(lines[2].matches('|').count(), 11);
        assert!(lines[2].ends_with(" 10"));
        assert!(lines[20].contains("|Q~ |"), "{}", lines[20]);
        assert!(lines.contains(&"Hands: Pp".to_string()));
    }
}
