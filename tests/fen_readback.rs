//! Every FEN Fairy-Stockfish prints is read back: positions from random play in pyffish
//! (`tests/data/fens/<variant>.txt`, made by `scripts/pyffish_fens.py`), for every variant file,
//! Chess960 and shogi (SFEN). The engine must accept each FEN, print it back unchanged (en-passant
//! squares in pyffish's order, counting fields, check counters) and count the same legal moves;
//! and every move around an en-passant square or a running count must lead to pyffish's FEN.

mod common;

use nue::engine::registry::{ForGame, with_definition};
use nue::game::Position;
use nue::game::chess::{Chess, ChessVariant};
use nue::game::fairy::{Fairy, FairyVariant};
use nue::game::prelude::*;
use nue::game::shogi::{Shogi, ShogiVariant};

/// The lines of `fens/<name>.txt`: (FEN, legal move count).
fn lines(name: &str) -> Vec<(String, u64)> {
    let path = common::data_dir().join("fens").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (fen, count) = l
                .rsplit_once(';')
                .unwrap_or_else(|| panic!("{name}: malformed line '{l}'"));
            let count = count
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("{name}: malformed count in '{l}'"));
            (fen.trim().to_string(), count)
        })
        .collect()
}

/// Whether `printed` is `fen` with some of its en-passant squares left out. Fairy-Stockfish
/// keeps en-passant squares that no pawn can capture on in some variants (berolina, and the
/// landing square of pawns that step sideways or back); the engine drops those, as it does in
/// chess, so that transpositions hash alike. The legal move counts show no capture went missing.
fn ep_within(printed: &str, fen: &str) -> bool {
    let (p, f): (Vec<&str>, Vec<&str>) = (printed.split(' ').collect(), fen.split(' ').collect());
    if p.len() != f.len() || p.len() < 4 || p.iter().zip(&f).enumerate().any(|(i, (a, b))| i != 3 && a != b) {
        return false;
    }
    // Squares are a letter and a rank number: `b5b6`, `e10`.
    let squares = |field: &str| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in field.chars().filter(|&c| c != '-') {
            match out.last_mut() {
                Some(sq) if c.is_ascii_digit() => sq.push(c),
                _ => out.push(c.to_string()),
            }
        }
        out
    };
    let theirs = squares(f[3]);
    squares(p[3]).iter().all(|sq| theirs.contains(sq))
}

/// The SFEN with its hand field's pieces in a fixed order: pyffish lists them in
/// Fairy-Stockfish's piece order (`Pg2pb`), the engine in the usual R B G S N L P (`Pbg2p`).
fn sorted_hand(sfen: &str) -> String {
    let mut fields: Vec<String> = sfen.split(' ').map(str::to_string).collect();
    if let Some(hand) = fields.get_mut(2) {
        let mut pieces = Vec::new();
        let mut count = String::new();
        for c in hand.chars() {
            if c.is_ascii_digit() {
                count.push(c);
            } else {
                pieces.push(format!("{c}{count}"));
                count.clear();
            }
        }
        pieces.sort();
        *hand = pieces.concat();
    }
    fields.join(" ")
}

/// Reads every line of `name` as `G`; returns the mismatches (empty when all agree).
fn read_back<G: Game>(variant: &G::Variant, name: &str) -> Vec<String> {
    let all = lines(name);
    assert!(all.len() >= 20, "{name}: only {} positions", all.len());
    let mut problems = Vec::new();
    for (fen, count) in all {
        match G::from_fen(variant, &fen) {
            Err(e) => problems.push(format!("{name}: refused '{fen}': {e}")),
            Ok(board) => {
                let printed = board.to_fen();
                let same = printed == fen
                    || ep_within(&printed, &fen)
                    || (name == "shogi.sfen" && sorted_hand(&printed) == sorted_hand(&fen));
                if !same {
                    problems.push(format!("{name}: read '{fen}', printed '{printed}'"));
                }
                if board.count_legal() != count {
                    problems.push(format!(
                        "{name}: '{fen}': {} legal moves, pyffish {count}",
                        board.count_legal()
                    ));
                }
            }
        }
    }
    problems
}

/// Fails listing every problem, if there are any.
fn assert_none(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Plays every move of `fens/<name>.moves` (`FEN ; move ; FEN after`, the moves around an
/// en-passant square or a running count) and compares the FEN after it; a missing file is no
/// moves.
fn replay<G: Game>(variant: &G::Variant, name: &str) -> Vec<String> {
    let path = common::data_dir().join("fens").join(format!("{name}.moves"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(" ; ").collect();
        let [before, mv, after] = fields[..] else {
            panic!("{name}: malformed line '{line}'")
        };
        let mut pos = Position::<G>::from_fen(variant, before).expect("the FEN before reads");
        match pos.play_str(mv) {
            Err(e) => problems.push(format!("{name}: '{before}': {mv} refused: {e}")),
            Ok(_) => {
                let printed = pos.board().to_fen();
                if printed != after && !ep_within(&printed, after) {
                    problems.push(format!("{name}: '{before}' + {mv}: '{printed}', pyffish '{after}'"));
                }
            }
        }
    }
    problems
}

/// Both checks of this file for one game, as a [`ForGame`] action: the FENs of
/// `fens/<name>.txt` read back, and the moves of `fens/<name>.moves` replayed.
struct ReadBack<'a>(&'a str);

impl ForGame for ReadBack<'_> {
    type Output = Vec<String>;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> Vec<String> {
        let mut problems = read_back::<G>(variant, self.0);
        problems.extend(replay::<G>(variant, self.0));
        problems
    }
}

#[test]
fn every_variant_reads_back_what_pyffish_prints() {
    let mut problems = Vec::new();
    for name in nue::variant::builtin_names() {
        let def = nue::variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        problems.extend(with_definition(def, ReadBack(name)).expect("valid"));
    }
    assert_none(&problems);
}

#[test]
fn chess_and_chess960_read_back_what_pyffish_prints() {
    let mut problems = ReadBack("chess").run::<Chess>(&ChessVariant, "chess", None);
    problems.extend(ReadBack("chess960").run::<Chess>(&ChessVariant, "chess", None));
    assert_none(&problems);
}

#[test]
fn shogi_reads_back_the_sfen_pyffish_prints() {
    let problems = read_back::<Shogi>(&ShogiVariant::USI, "shogi.sfen");
    assert_none(&problems);
}

/// The FENs the issue named, each refused before: atomic kings side by side, berolina's
/// diagonal double step (`c5b6`: the pawn and the square it passed, in square order; no pawn can
/// take it, so it is printed as `-`; `d5c6` can be taken by the pawn on d5 and is kept),
/// makruk's counting field.
#[test]
fn reference_engine_fens_that_were_refused() {
    for (name, fen, printed) in [
        ("atomic", "8/8/8/3kK3/8/8/8/8 w - - 0 1", None),
        (
            "berolina",
            "rnbqkbnr/1ppppppp/8/2p5/8/1P6/PP1PPPPP/RNBQKBNR w KQkq c5b6 0 2",
            Some("rnbqkbnr/1ppppppp/8/2p5/8/1P6/PP1PPPPP/RNBQKBNR w KQkq - 0 2"),
        ),
        (
            "berolina",
            "rnbqkbnr/p1pppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 0 3",
            None,
        ),
        ("makruk", "3k4/8/5M2/6s1/8/m7/3K1n2/8 b - 128 0 73", None),
        ("cambodian", "3k4/8/5M2/6s1/8/m7/3K1n2/8 b - 126 3 73", None),
    ] {
        let def = nue::variant::load(name).expect("built in");
        let rules = FairyVariant::<u64>::compile(&def).expect("valid");
        let board = Fairy::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{name}: '{fen}' refused: {e}"));
        assert_eq!(board.to_fen(), printed.unwrap_or(fen), "{name}");
    }
}

/// Makruk's counting rule: a count past its limit draws (checkmate first); a capture that bares
/// a side starts the pieces' honor count, as pyffish does.
#[test]
fn makruk_counting_draws_and_starts() {
    let def = nue::variant::load("makruk").expect("built in");
    let rules = FairyVariant::<u64>::compile(&def).expect("valid");
    // 16 plies counted of a 16-ply limit: one more ply ends it.
    let mut pos = Position::<Fairy<u64>>::from_fen(&rules, "k7/8/8/8/8/8/1R6/4K3 w - 16 16 80").expect("valid");
    assert_eq!(pos.outcome(), None);
    pos.play_str("e1e2").expect("legal");
    assert_eq!(pos.outcome(), Some(nue::core::Outcome::Draw));
    // Rook takes Black's last piece but the king: the count starts at 2 * 16 plies, from the
    // number of pieces (pyffish: `k7/8/8/8/8/8/1R6/4K3 b - 32 6 61`).
    let mut pos = Position::<Fairy<u64>>::from_fen(&rules, "k7/8/8/8/8/8/1R3n2/4K3 w - - 0 61").expect("valid");
    pos.play_str("b2f2").expect("legal");
    assert_eq!(pos.board().to_fen(), "k7/8/8/8/8/8/5R2/4K3 b - 32 6 61");
}
