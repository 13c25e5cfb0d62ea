//! The command line's help shows an example for the program and every subcommand, and long
//! commands report progress as plain lines (no carriage returns, no bar) when stderr is piped.

mod common;

#[test]
fn every_help_has_examples() {
    let (code, out, _) = common::run_nue(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Examples:\n  nue"), "{out}");
    for sub in [
        "perft", "bench", "datagen", "train", "makenet", "match", "data", "variants", "check", "netinfo", "go",
    ] {
        let (code, out, err) = common::run_nue(&[sub, "--help"]);
        assert_eq!(code, 0, "{sub}: {err}");
        assert!(out.contains(&format!("Examples:\n  nue {sub}")), "{sub}: {out}");
    }
}

#[test]
fn piped_progress_is_plain_lines() {
    let dir = common::fresh_dir("cli_help_progress");
    let out = dir.join("d.bin");
    let (code, _, err) = common::run_nue(&[
        "datagen",
        "--variant",
        "gardner",
        "--games",
        "3",
        "--nodes",
        "300",
        "--threads",
        "1",
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains('\r'), "carriage returns in piped progress: {err:?}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("games ") && l.contains("/3 ") && l.contains("positions/s")),
        "{err}"
    );
}
