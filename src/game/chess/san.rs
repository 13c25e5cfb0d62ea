//! Standard algebraic notation (SAN, FIDE Laws of Chess appendix C; PGN standard section 8.2.3)
//! for showing moves to people and reading test suites.

use super::{Chess, EMPTY, K, Move, MoveKind, P, bit, square_name};
use crate::game::{Dirty, GameRules, GenKind};
use arrayvec::ArrayVec;

const LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

impl Chess {
    /// The move in SAN, with `+` or `#` when it checks or mates. `mv` must be legal.
    pub fn san(&self, mv: Move) -> String {
        let mut s = String::new();
        let from = mv.from();
        let kind = self.board[from as usize] as usize % 6;
        match mv.kind() {
            MoveKind::Castle => {
                s.push_str(if mv.to() > from { "O-O" } else { "O-O-O" });
            }
            _ => {
                let to = mv.to();
                let capture = self.board[to as usize] != EMPTY || mv.kind() == MoveKind::EnPassant;
                if kind == P {
                    if capture {
                        s.push((b'a' + from % 8) as char);
                    }
                } else {
                    s.push(LETTERS[kind]);
                    // Disambiguate among other pieces of the kind that can reach the square.
                    let mut list = ArrayVec::<Move, 256>::new();
                    self.generate_into(GenKind::All, self.pieces(self.side, kind) & !bit(from), &mut list);
                    let rivals: Vec<u8> = list
                        .iter()
                        .filter(|m| m.to() == to && m.kind() == MoveKind::Normal)
                        .map(|m| m.from())
                        .collect();
                    if kind != K && !rivals.is_empty() {
                        let same_file = rivals.iter().any(|r| r % 8 == from % 8);
                        let same_rank = rivals.iter().any(|r| r / 8 == from / 8);
                        if !same_file {
                            s.push((b'a' + from % 8) as char);
                        } else if !same_rank {
                            s.push((b'1' + from / 8) as char);
                        } else {
                            s.push_str(&square_name(from));
                        }
                    }
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&square_name(to));
                if let MoveKind::Promotion(k) = mv.kind() {
                    s.push('=');
                    s.push(LETTERS[k as usize]);
                }
            }
        }
        let mut next = self.clone();
        next.play(mv, &mut Dirty::default());
        if next.in_check() {
            s.push(if next.count_legal() == 0 { '#' } else { '+' });
        }
        s
    }

    /// The legal move whose SAN is `text` (check marks and annotations optional).
    pub fn parse_san(&self, text: &str) -> Option<Move> {
        let clean = |t: &str| t.trim_end_matches(['+', '#', '!', '?']).replace('0', "O");
        let wanted = clean(text);
        let mut list = ArrayVec::<Move, 256>::new();
        self.generate(GenKind::All, &mut list);
        list.into_iter().find(|&m| clean(&self.san(m)) == wanted)
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Notation;
    use crate::game::chess::{Chess, ChessVariant};

    #[test]
    fn san_round_trips_with_disambiguation_and_checks() {
        let b = Chess::from_fen(
            &ChessVariant,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .expect("valid");
        for (san, uci) in [
            ("O-O", "e1g1"),
            ("O-O-O", "e1c1"),
            ("Nxd7", "e5d7"),
            ("Bxa6", "e2a6"),
            ("Qxf6", "f3f6"),
            ("gxh3", "g2h3"),
            ("Rb1", "a1b1"),
        ] {
            let mv = b.parse_san(san).unwrap_or_else(|| panic!("{san}"));
            assert_eq!(b.fmt_move(mv), uci);
            assert_eq!(b.san(mv), san);
        }
        let b = Chess::from_fen(&ChessVariant, "7k/6pp/8/8/8/8/8/R3R1K1 w - - 0 1").expect("valid");
        let mv = b.parse_san("Rad1").expect("rook a1 to d1");
        assert_eq!(b.fmt_move(mv), "a1d1");
        assert_eq!(b.san(b.parse_move("e1e8").expect("legal")), "Re8#");
        let b = Chess::from_fen(&ChessVariant, "8/P6k/8/8/8/8/8/K7 w - - 0 1").expect("valid");
        assert_eq!(b.san(b.parse_move("a7a8q").expect("legal")), "a8=Q");
    }
}
