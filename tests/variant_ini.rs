//! Fairy-Stockfish's variant configuration files: sections of `tests/data/ini/fsf-examples.ini`
//! (orda from Fairy-Stockfish's example file, shipped variants written as ini sections, a
//! section inheriting from another) load and match the perft oracles of their variants; rules
//! the schema lacks and malformed lines are refused as `FILE:LINE:1: key: message`; `nue
//! variants --toml` prints a TOML file that loads back; `VariantPath` takes an ini file.

mod common;

use common::engine::Engine;
use nue::engine::registry::{ForGame, with_definition};
use nue::game::Game;
use std::time::Duration;

struct Check<'a>(&'a str);

impl ForGame for Check<'_> {
    type Output = usize;
    fn run<G: Game>(self, variant: &G::Variant, _: &str, _: Option<&'static [u8]>) -> usize {
        common::check_perft_suite::<G>(variant, &format!("{}.epd", self.0), 1_000_000, false)
    }
}

fn ini(name: &str) -> String {
    common::data_dir().join("ini").join(name).display().to_string()
}

#[test]
fn sections_match_the_oracles_of_their_variants() {
    let file = ini("fsf-examples.ini");
    for (section, oracle) in [
        ("orda", "orda"),
        ("empire", "empire"),
        ("synochess", "synochess"),
        ("kingofthehill", "kingofthehill"),
        ("3check", "3check"),
        ("horde", "horde"),
        ("gardner", "gardner"),
        ("shogun", "shogun"),
        ("minishogi-ini", "minishogi"),
        ("seirawan-ini", "seirawan"),
        ("shouse-ini", "shouse"),
        ("placement-ini", "placement"),
        ("sittuyin-ini", "sittuyin"),
        ("xiangqi-ini", "xiangqi"),
    ] {
        let mut def = nue::variant::load(&format!("{file}:{section}")).unwrap_or_else(|e| panic!("{section}: {e}"));
        assert_eq!(def.name, section);
        // `shogiPawnDropMateIllegal` became the drop-mate rule on the shogi pawn; the oracle
        // counts those drops, as `tests/fairy_perft.rs` explains, so it is checked without it.
        if let Some(drops) = def.drops.as_mut()
            && !drops.mate_illegal.is_empty()
        {
            let pawn = def.pieces.iter().position(|p| p.letter == 'p').map(|k| k as u8);
            assert_eq!(drops.mate_illegal, pawn.into_iter().collect::<Vec<_>>(), "{section}");
            drops.mate_illegal.clear();
        }
        let checked = with_definition(def, Check(oracle)).unwrap_or_else(|e| panic!("{section}: {e}"));
        assert!(checked > 0, "{section}: no counts checked");
    }
    // A section whose parent is another section of the file: gardner's board, with a flag.
    let def = nue::variant::load(&format!("{file}:minihill")).expect("minihill");
    assert_eq!((def.files, def.ranks), (5, 5));
    assert!(def.flag.is_some());
    // A file of several variants needs the section named.
    let err = nue::variant::load(&file).expect_err("several sections").to_string();
    assert!(err.contains("holds 16 variants") && err.contains(":NAME"), "{err}");
}

/// Fairy-Stockfish's `mobilityRegion{White|Black}{Type}` confine pieces: xiangqi built from chess
/// by them matches xiangqi's oracle (above); three sections of Fairy-Stockfish's variants.ini
/// that give a parent's pieces new regions (xiangqihouse, crowdedxiangqi, whose soldier rank
/// redefines xiangqi's soldier on a 5-rank board) or confine a section's own king (chennis, whose
/// pychess start FEN has no en-passant field) match perft counts from pyffish 0.0.90 reading
/// the same file (`tests/data/perft/{xiangqihouse,crowdedxiangqi,chennis}.epd`: start positions
/// and positions after random plies, by `legal_moves` recursion). Debian's fairy-stockfish
/// ignores these drop regions (xiangqihouse perft 4: 3,624,114).
#[test]
fn mobility_regions_confine_pieces_as_pyffish_does() {
    let file = ini("fsf-mobility.ini");
    for section in ["xiangqihouse", "crowdedxiangqi", "chennis"] {
        let def = nue::variant::load(&format!("{file}:{section}")).unwrap_or_else(|e| panic!("{section}: {e}"));
        let checked = with_definition(def, Check(section)).unwrap_or_else(|e| panic!("{section}: {e}"));
        assert!(checked >= 9, "{section}: {checked} counts checked");
    }
}

/// Hoppers of limited range (`pB2`: at most two squares from the start, the hurdle's
/// included), as Fairy-Stockfish's cannon shogi uses them, on a chess board
/// (`tests/data/ini/fsf-hoppers.ini`): the moves of a hopper and of a short cannon, and perft
/// counts from pyffish 0.0.90 reading the same section (`tests/data/perft/shorthoppers.epd`).
#[test]
fn limited_hoppers_move_as_pyffish_moves_them() {
    let file = ini("fsf-hoppers.ini");
    let def = nue::variant::load(&format!("{file}:shorthoppers")).expect("shorthoppers");
    let checked = with_definition(def, Check("shorthoppers")).expect("shorthoppers");
    assert!(checked >= 15, "{checked} counts checked");
    let text = std::fs::read_to_string(&file).expect("ini");
    let (loaded, problems) = nue::engine::api::load_config(&text);
    assert!(problems.is_empty(), "{problems:?}");
    let (_, v) = loaded.into_iter().find(|(n, _)| n == "shorthoppers").expect("loaded");
    let moves_from = |fen: &str, from: &str| -> Vec<String> {
        let board = v.board(Some(fen), &[], false).expect("a position");
        let mut moves: Vec<String> = board
            .legal_moves()
            .into_iter()
            .filter(|m| m.starts_with(from))
            .collect();
        moves.sort();
        moves
    };
    // mFpB2 on c3, a hurdle on d4: e5 is two squares away, f6 three.
    assert_eq!(
        moves_from("4k3/8/8/8/3p4/2A5/8/4K3 w - - 0 1", "c3"),
        ["c3b2", "c3b4", "c3d2", "c3e5"]
    );
    // mRcpR2mW on c2: takes c4 over c3, not c5 over c4 (three squares away).
    let file_moves = |fen| {
        moves_from(fen, "c2")
            .into_iter()
            .filter(|m| m.starts_with("c2c"))
            .collect::<Vec<_>>()
    };
    assert_eq!(file_moves("4k3/8/8/8/2p5/2p5/2C5/4K3 w - - 0 1"), ["c2c1", "c2c4"]);
    assert_eq!(file_moves("4k3/8/8/2p5/2p5/8/2C5/4K3 w - - 0 1"), ["c2c1", "c2c3"]);
}

#[test]
fn unsupported_rules_and_malformed_lines_name_file_and_line() {
    let (code, out, _) = common::run_nue(&["check", &ini("unsupported.ini"), &ini("malformed.ini")]);
    assert_eq!(code, 1, "{out}");
    let u = ini("unsupported.ini");
    let m = ini("malformed.ini");
    for expected in [
        format!("{u}:5:1: gating: gates without `seirawanGating` are not supported"),
        format!("{u}:6:1: mustDropType: forced drops of one type only are not supported yet"),
        format!("{m}:2:1: checking: expected true or false, found 'maybe'"),
        format!("{m}:3:1: a section header needs a closing ']'"),
        format!("{m}:7:1: frobnicate: not a key this engine knows"),
        format!("{m}:8:1: maxFile: expected a file letter or number, found '99x'"),
        format!("{m}:10:1: mobilityRegionWhiteQueen: the variant has no piece of type queen"),
        format!("{m}:13:1: pieces.a.region_black: 'z99' is not a square"),
    ] {
        assert!(
            out.lines().any(|l| l.starts_with(&expected)),
            "missing '{expected}' in:\n{out}"
        );
    }
}

#[test]
fn variants_toml_prints_a_file_that_loads_back() {
    let dir = common::fresh_dir("variant_ini_toml");
    for spec in [
        format!("{}:orda", ini("fsf-examples.ini")),
        format!("{}:shogun", ini("fsf-examples.ini")),
        "capablanca".to_string(),
        "kyotoshogi".to_string(),
    ] {
        let (code, text, err) = common::run_nue(&["variants", "--toml", &spec]);
        assert_eq!(code, 0, "{spec}: {err}");
        let path = dir.join("v.toml");
        std::fs::write(&path, &text).expect("write");
        let a = nue::variant::load(path.to_str().expect("path")).unwrap_or_else(|e| panic!("{spec}: {e}\n{text}"));
        let b = nue::variant::load(&spec).expect("original");
        assert_eq!(
            (a.files, a.ranks, a.start_fen.clone()),
            (b.files, b.ranks, b.start_fen.clone())
        );
        assert_eq!(a.pieces.len(), b.pieces.len(), "{spec}");
        let forms = |d: &nue::variant::Definition| d.pieces.iter().filter(|p| p.promoted_from.is_some()).count();
        assert_eq!(forms(&a), forms(&b), "{spec}");
    }
    let (code, _, err) = common::run_nue(&["variants", "--toml", "nosuchvariant"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown variant 'nosuchvariant'"), "{err}");
}

#[test]
fn variant_path_loads_every_section_of_an_ini_file() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until(Duration::from_secs(10), |l| l == "uciok");
    e.send(&format!("setoption name VariantPath value {}", ini("fsf-examples.ini")));
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string variants loaded:") && l.contains("orda") && l.contains("minihill")),
        "{lines:?}"
    );
    e.send("setoption name UCI_Variant value orda");
    e.send("go perft 3");
    let lines = e.until(Duration::from_secs(30), |l| l.starts_with("Nodes searched"));
    // Fairy-Stockfish's orda: 20, 560, 12,462.
    assert_eq!(lines.last().expect("count"), "Nodes searched: 12462");
    assert_eq!(e.quit(), 0);
}

/// Fairy-Stockfish's drop keys translate: a section with `pieceDrops` and `capturesToHand` is
/// crazyhouse, perft for perft from a position with pieces in hand.
#[test]
fn drop_keys_load_as_crazyhouse() {
    let dir = common::fresh_dir("variant_ini_drops");
    let path = dir.join("drops.ini");
    std::fs::write(
        &path,
        "[drops:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n\
         pieceDrops = true\ncapturesToHand = true\n",
    )
    .expect("write");
    let fen = "rn1k2q1/pp2p2r/2pp3p/PbP1bPQn/1P1P4/N3PP1P/RBP4R/4KBN1[P] b - - 0 21";
    let spec = format!("{}:drops", path.display());
    let (code, out, err) = common::run_nue(&["perft", "--variant", &spec, "--fen", fen, "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Nodes searched: 2765"), "{out}");
}

/// `soldierPromotionRank = 5`: the soldier steps sideways from its fifth rank on, forward
/// only before it.
#[test]
fn a_soldier_steps_sideways_from_its_promotion_rank() {
    use nue::game::fairy::{Fairy, FairyVariant};
    use nue::game::prelude::*;
    let def = nue::variant::load(&format!("{}:soldiers", ini("fsf-examples.ini"))).expect("soldiers");
    let rules = FairyVariant::<u64>::compile(&def).expect("builds");
    let board = Fairy::<u64>::from_fen(&rules, &def.start_fen).expect("fen");
    let mut list = <Fairy<u64> as GameRules>::MoveList::default();
    board.generate(nue::game::GenKind::All, &mut list);
    let mut soldier: Vec<String> = list
        .iter()
        .map(|&m| board.fmt_move(m))
        .filter(|m| !m.starts_with("e1"))
        .collect();
    soldier.sort();
    assert_eq!(soldier, ["d3d4", "e5d5", "e5e6", "e5f5"]);
}

/// Knights cut to a half (`lhN`, `rhN`) and to a chiral set (`hlN`, `hrN`) in a variant whose
/// start position has no royal piece (`tests/data/ini/fsf-betza.ini`, Fairy-Stockfish's own
/// test): each moves as pyffish's `legal_moves` answers. Where the start position has a royal
/// piece, a position without one is still refused.
#[test]
fn half_and_chiral_knights_move_as_pyffish_moves_them_without_a_king() {
    let text = std::fs::read_to_string(ini("fsf-betza.ini")).expect("ini");
    let (loaded, problems) = nue::engine::api::load_config(&text);
    assert!(problems.is_empty(), "{problems:?}");
    let (_, v) = loaded.into_iter().find(|(n, _)| n == "betzatest").expect("loaded");
    for (letter, expected) in [
        ('A', ["d4b3", "d4b5", "d4c2", "d4c6"]),
        ('B', ["d4e2", "d4e6", "d4f3", "d4f5"]),
        ('C', ["d4b3", "d4c6", "d4e2", "d4f5"]),
        ('D', ["d4b5", "d4c2", "d4e6", "d4f3"]),
    ] {
        let fen = format!("7/7/7/3{letter}3/7/7/7 w - - 0 1");
        let mut moves = v.board(Some(&fen), &[], false).expect("a position").legal_moves();
        moves.sort();
        assert_eq!(moves, expected, "{letter}");
    }
    let capablanca = nue::engine::api::variant("capablanca").expect("capablanca");
    let fen = "10/10/10/3N6/10/10/10/4K5 b - - 0 1";
    let err = capablanca.board(Some(fen), &[], false).err().expect("refused");
    assert!(err.0.contains("Black has no royal piece"), "{}", err.0);
}

/// Reversi on a 6x6 board written with Fairy-Stockfish's keys for enclosing drops, flips,
/// passing on stalemate and counting (`tests/data/ini/fsf-reversi.ini`, a section without a
/// parent that removes chess's pieces) matches perft counts from pyffish 0.0.90 reading the same
/// section (`tests/data/perft/reversi6.epd`: the start and three positions after random plies).
#[test]
fn reversi_keys_load_and_match_pyffish() {
    let file = ini("fsf-reversi.ini");
    let def = nue::variant::load(&format!("{file}:reversi6")).expect("reversi6");
    assert_eq!((def.files, def.ranks), (6, 6));
    let checked = with_definition(def, Check("reversi6")).expect("reversi6");
    assert!(checked >= 18, "{checked} counts checked");
}
