//! `nue check` and the variant loader on a catalog of broken files (`tests/data/variants/`):
//! each problem is reported with its file, line, column and key, and nothing panics.

use std::path::PathBuf;
use std::process::Command;

fn data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/variants")
        .join(name)
        .display()
        .to_string()
}

/// Checks `file` and expects one problem at `line:col` whose message contains `needle`.
fn expect_problem(file: &str, line: usize, col: usize, needle: &str) {
    let path = data(file);
    let err = match nue::engine::registry::check(&path) {
        Ok(_) => panic!("{file}: accepted"),
        Err(e) => e.to_string(),
    };
    let prefix = format!("{path}:{line}:{col}: ");
    assert!(
        err.lines().any(|l| l.starts_with(&prefix) && l.contains(needle)),
        "{file}: expected '{prefix}...{needle}...', got:\n{err}"
    );
}

#[test]
fn bad_betza_points_at_the_character() {
    // `x = { betza = "NaN" }`: the `a` is the 2nd character of the string, which opens at column 16.
    expect_problem("bad_betza.toml", 3, 17, "pieces.x.betza: multi-leg moves");
}

/// `a` and `A` name one piece: a file defining both is refused, not read as one of them.
#[test]
fn a_letter_defined_in_both_cases_is_refused() {
    expect_problem("letter_twice.toml", 4, 1, "letter 'a' is defined twice");
}

#[test]
fn unknown_key_is_named() {
    expect_problem("unknown_key.toml", 2, 1, "unknown field `castle_rank`");
}

#[test]
fn wrong_type_is_named() {
    expect_problem("wrong_type.toml", 2, 9, "files: invalid type");
    expect_problem("wrong_type_inline.toml", 4, 28, "royal: invalid type: string \"yes\"");
}

/// A key read for both sides (`promotion_pieces` behind the per-side keys) is reported once.
#[test]
fn a_problem_is_reported_once() {
    let err = nue::engine::registry::check(&data("bad_promotion_letter.toml"))
        .expect_err("refused")
        .to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(":3:21: promotion_pieces: no piece with letter 'z'"),
        "{err}"
    );
}

/// An inherited value that the variant's own file breaks (a removed piece, another board
/// size) is reported against that file, with where the inherited value stands.
#[test]
fn inherited_values_broken_by_the_file_name_the_file() {
    for (file, needle) in [
        (
            "inherited_removed.toml",
            "promotion_pieces (inherited from <built-in>/chess.toml:7:21): no piece with letter 'q'",
        ),
        (
            "inherited_board.toml",
            "start_fen (inherited from <built-in>/chess.toml:6:14)",
        ),
    ] {
        let path = data(file);
        let err = nue::engine::registry::check(&path).expect_err("refused").to_string();
        assert!(err.starts_with(&format!("{path}: ")) && err.contains(needle), "{err}");
    }
}

#[test]
fn bad_start_fen_is_refused_with_the_fen_error() {
    expect_problem(
        "bad_start_fen.toml",
        2,
        14,
        "start_fen: invalid position (board): 'X' is not a piece",
    );
}

#[test]
fn region_outside_the_board() {
    // "d4 i9": the bad item starts at the 4th character of the string (column 21 + 4).
    expect_problem("region_outside.toml", 3, 25, "flag_region_white: 'i9' is not a square");
}

#[test]
fn promotion_to_a_missing_piece() {
    expect_problem(
        "missing_promotion_piece.toml",
        2,
        25,
        "promotion_pieces: no piece with letter 'z'",
    );
}

#[test]
fn inheritance_loop() {
    // The loop closes at loop_b's `inherits`, which points back to loop_a.
    let err = nue::engine::registry::check(&data("loop_a.toml"))
        .expect_err("a loop")
        .to_string();
    assert!(
        err.contains(&format!("{}:1:12: inherits: inheritance loop", data("loop_b.toml"))),
        "{err}"
    );
}

#[test]
fn no_royal_piece_and_no_other_goal() {
    expect_problem("no_royal.toml", 3, 1, "no royal piece");
}

#[test]
fn board_over_the_size_limit() {
    expect_problem("too_big.toml", 3, 9, "the limit is 128");
}

#[test]
fn a_good_file_loads_and_plays() {
    let def = nue::engine::registry::check(&data("good.toml")).expect("valid");
    assert_eq!(def.name, "testrider");
    assert_eq!(def.files, 8);
}

#[test]
fn garbage_never_panics() {
    let dir = std::env::temp_dir().join(format!("nue-garbage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let samples = [
        "",
        "[[[",
        "pieces = 3",
        "[pieces]\nk = 3",
        "[pieces]\nkk = { betza = \"K\", royal = true }",
        "files = 0\nranks = 0",
        "files = 255",
        "inherits = \"nonexistent\"",
        "inherits = \"chess\"\nstart_fen = \"\"",
        "inherits = \"chess\"\nstart_fen = \"8/8/8/8/8/8/8/8 w - - 0 1\"",
        "inherits = \"chess\"\ncastling_king_file = \"zz\"",
        "inherits = \"chess\"\n[pieces]\np = { betza = \"pN\" }",
        "inherits = \"chess\"\ncheckmate_value = \"maybe\"",
        "\u{0}\u{1}\u{ff}",
    ];
    for (i, text) in samples.iter().enumerate() {
        let path = dir.join(format!("g{i}.toml"));
        std::fs::write(&path, text).expect("write");
        assert!(
            nue::engine::registry::check(&path.display().to_string()).is_err(),
            "sample {i} accepted: {text:?}"
        );
    }
}

#[test]
fn nue_check_prints_every_problem_and_exits_1() {
    let out = Command::new(env!("CARGO_BIN_EXE_nue"))
        .arg("check")
        .arg(data("good.toml"))
        .arg(data("bad_betza.toml"))
        .arg(data("missing_promotion_piece.toml"))
        .output()
        .expect("run nue");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("good.toml: ok"), "{stdout}");
    assert!(stdout.contains("bad_betza.toml:3:17:"), "{stdout}");
    assert!(stdout.contains("missing_promotion_piece.toml:2:25:"), "{stdout}");
    let ok = Command::new(env!("CARGO_BIN_EXE_nue"))
        .arg("check")
        .arg(data("good.toml"))
        .output()
        .expect("run nue");
    assert_eq!(ok.status.code(), Some(0));
}

#[test]
fn mobility_regions_restrict_moves_and_attacks() {
    use nue::game::fairy::{Fairy, FairyVariant};
    use nue::game::prelude::*;
    let def = nue::engine::registry::check(&data("palace.toml")).expect("valid");
    let rules = FairyVariant::<u64>::compile(&def).expect("builds");
    // White king on f3 (palace corner), black king on e6: the white king may not step to rank 4
    // or to the g-file.
    let board = Fairy::<u64>::from_fen(&rules, "8/8/4k3/8/8/5K2/8/8 w - - 0 1").expect("fen");
    let mut list = <Fairy<u64> as GameRules>::MoveList::default();
    board.generate(nue::game::GenKind::All, &mut list);
    let mut moves: Vec<String> = list.iter().map(|&m| board.fmt_move(m)).collect();
    moves.sort();
    assert_eq!(moves, ["f3e2", "f3e3", "f3f2"]);
    // Captures are moves too: the rook on e4 stands outside the white palace, so the king may
    // not take it, and the rook's e-file keeps it off e2 and e3.
    let board = Fairy::<u64>::from_fen(&rules, "4k3/8/8/8/4r3/5K2/8/8 w - - 0 1").expect("fen");
    let mut list = <Fairy<u64> as GameRules>::MoveList::default();
    board.generate(nue::game::GenKind::All, &mut list);
    let moves: Vec<String> = list.iter().map(|&m| board.fmt_move(m)).collect();
    assert_eq!(moves, ["f3f2"]);
    // And Black's king may not leave its palace either.
    let board = Fairy::<u64>::from_fen(&rules, "8/8/4k3/8/8/5K2/8/8 b - - 0 1").expect("fen");
    assert!(board.parse_move("e6e5").is_err() && board.parse_move("e6e7").is_ok());
}

#[test]
fn promotion_choices_per_side() {
    use nue::game::fairy::{Fairy, FairyVariant};
    use nue::game::prelude::*;
    // Chigorin (as pyffish has it): White promotes to c r n, Black to q r b.
    let rules =
        FairyVariant::<u64>::compile(&nue::engine::registry::check("chigorin").expect("built in")).expect("builds");
    let promotions = |fen: &str| {
        let board = Fairy::<u64>::from_fen(&rules, fen).expect("fen");
        let mut list = <Fairy<u64> as GameRules>::MoveList::default();
        board.generate(nue::game::GenKind::All, &mut list);
        let mut v: Vec<String> = list
            .iter()
            .map(|&m| board.fmt_move(m))
            .filter(|m| m.len() == 5)
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        promotions("k7/3P4/8/8/8/8/2p5/5K2 w - - 0 1"),
        ["d7d8c", "d7d8n", "d7d8r"]
    );
    assert_eq!(
        promotions("k7/3P4/8/8/8/8/2p5/5K2 b - - 0 1"),
        ["c2c1b", "c2c1q", "c2c1r"]
    );
}

/// `counting_rule` takes one of the known rules; `counting_pieces` letters of the variant.
#[test]
fn counting_rule_and_pieces_are_checked() {
    expect_problem(
        "bad_counting.toml",
        3,
        17,
        "counting_rule: 'thai' is not one of makruk, cambodian, asean, none",
    );
    expect_problem("bad_counting.toml", 4, 21, "counting_pieces: no piece with letter 'z'");
}

#[test]
fn drop_rules_are_checked() {
    expect_problem(
        "drop_rule_without_drops.toml",
        3,
        20,
        "captures_to_hand: needs `piece_drops = true`",
    );
    expect_problem(
        "drop_region_outside.toml",
        3,
        28,
        "drop_region_white: 'j3' is not a square",
    );
    expect_problem(
        "hand_in_start_fen.toml",
        3,
        14,
        "(hand): 'X' is not a piece of this variant",
    );
    expect_problem("drop_wrong_type.toml", 2, 15, "piece_drops: invalid type");
}

/// Shogi-style promotion: a `+x` form needs a base `x` that is not royal, is neither royal nor a
/// pawn itself; the shogi rules need a piece with a form, a drop rule needs drops; zones and
/// letters are checked like every other.
#[test]
fn shogi_style_keys_are_checked() {
    expect_problem(
        "promoted_form_without_base.toml",
        4,
        1,
        "pieces: '+x': no piece 'x' to promote",
    );
    expect_problem("promoted_form_royal.toml", 4, 1, "'+k': a royal piece does not promote");
    expect_problem(
        "promoted_form_royal.toml",
        5,
        30,
        "pieces.+g.pawn: a promoted form cannot be royal or a pawn",
    );
    for (line, col, key) in [(3, 29, "mandatory_piece_promotion"), (4, 17, "drop_promoted")] {
        expect_problem(
            "piece_rules_without_forms.toml",
            line,
            col,
            &format!("{key}: no piece has a promoted form"),
        );
    }
    expect_problem("nifu_bad.toml", 3, 20, "drop_no_doubled: no piece with letter 'x'");
    expect_problem("nifu_bad.toml", 4, 25, "drop_no_doubled_count: must be at least 1");
    expect_problem(
        "nifu_without_drops.toml",
        3,
        21,
        "drop_mate_illegal: needs `piece_drops = true`",
    );
    expect_problem(
        "nifu_without_drops.toml",
        4,
        25,
        "drop_no_doubled_count: needs `piece_drops = true`",
    );
    expect_problem(
        "promotion_region_outside.toml",
        3,
        30,
        "promotion_region_white: '*6' is not a square",
    );
    expect_problem(
        "promotion_region_outside.toml",
        5,
        48,
        "pieces.s.promotion_region_black: 'a0' is not a square",
    );
}

#[test]
fn advanced_moves_immunity_and_the_flying_general_are_checked() {
    let leaps_only = "advanced moves may only be leaps and lame leaps";
    expect_problem(
        "advanced_bad.toml",
        5,
        38,
        &format!("pieces.p.advanced_betza: {leaps_only}"),
    );
    expect_problem(
        "advanced_bad.toml",
        6,
        37,
        "pieces.a.advanced_betza: needs 'advanced_region_white' or 'advanced_region_black'",
    );
    expect_problem(
        "advanced_bad.toml",
        7,
        45,
        "pieces.b.advanced_region: an advanced region needs 'advanced_betza'",
    );
    expect_problem(
        "advanced_bad.toml",
        8,
        69,
        "pieces.n.advanced_region_white: '*11' is not a square",
    );
    expect_problem(
        "advanced_bad.toml",
        9,
        41,
        &format!("pieces.c.advanced_betza: {leaps_only}"),
    );
    expect_problem(
        "advanced_bad.toml",
        10,
        39,
        "pieces.r.same_kind_immune: the piece has no hopping move ('p') for the rule to restrict",
    );
    expect_problem(
        "flying_general_type.toml",
        3,
        18,
        "flying_general: invalid type: string \"yes\", expected a boolean",
    );
}

#[test]
fn palace_lines_and_material_counts_are_checked() {
    expect_problem(
        "janggi_bad.toml",
        3,
        25,
        "material_count_values: no piece with letter 'x'",
    );
    expect_problem(
        "janggi_bad.toml",
        5,
        37,
        "pieces.a.diagonal_betza: needs the variant's 'diagonal_lines'",
    );
    expect_problem(
        "janggi_bad.toml",
        6,
        38,
        "pieces.n.diagonal_betza: moves along the lines may only be leaps, riders and hoppers",
    );
}

/// Gating, setup phases, sittuyin's promotion and the duple check: each rule that cannot apply
/// is refused at its key.
#[test]
fn setup_and_gating_rules_are_checked() {
    let needs_drops = "needs `piece_drops = true`";
    expect_problem("setup_bad.toml", 4, 13, &format!("must_drop: {needs_drops}"));
    expect_problem(
        "setup_bad.toml",
        5,
        25,
        &format!("drop_opposite_colored: {needs_drops}"),
    );
    expect_problem(
        "setup_bad.toml",
        6,
        22,
        "sittuyin_promotion: needs a piece with `pawn = true` and `promotion_pieces`",
    );
    expect_problem(
        "setup_bad.toml",
        7,
        15,
        "duple_check: needs `extinction_pseudo_royal = true` with `extinction_pieces`",
    );
    expect_problem(
        "setup_bad.toml",
        9,
        26,
        "castling_dropped_piece: needs castling (`castling = true`)",
    );
    expect_problem(
        "setup_bad.toml",
        13,
        59,
        "pieces.r.drop_region_white: '*9' is not a square",
    );
    expect_problem(
        "hand_region_without_hands.toml",
        5,
        55,
        "pieces.r.drop_region_white: needs `piece_drops = true` or `gating = true`",
    );
}
