//! `nue spsa`: tuning runs of the nue binary's own spin options, end to end (a run, a resumed
//! run, and the errors of bad parameters and of a state file of another run).

mod common;

use common::{fresh_dir, run_nue};

const NUE: &str = env!("CARGO_BIN_EXE_nue");

/// `nue spsa` tuning `Skill Level` at 200 nodes a move, with `extra` arguments.
fn spsa(extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["spsa", "--engine", NUE, "--nodes", "200", "--concurrency", "2"];
    args.extend_from_slice(extra);
    run_nue(&args)
}

#[test]
fn a_run_writes_its_state_and_a_second_one_continues_it() {
    let dir = fresh_dir("spsa-run");
    let state = dir.join("run.spsa");
    let state = state.to_str().expect("path");
    let (code, out, err) = spsa(&["--param", "Skill Level=10,2", "--iterations", "3", "--state", state]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("after 3 of 3 pairs: Skill Level="), "{out}");
    let text = std::fs::read_to_string(state).expect("state");
    assert!(
        text.contains("done = 3") && text.contains("\"Skill Level\" = "),
        "{text}"
    );

    // A state two pairs into a run of four, at a value the run must start from.
    let c_end = 40.0 / 20.0;
    let text = format!(
        "iterations = 4\ndone = 2\nseed = 1\nr_end = 0.002\n\n[c_end]\n\"Skill Level\" = {c_end}\n\n[values]\n\"Skill Level\" = 3.0\n"
    );
    std::fs::write(state, text).expect("write");
    let (code, out, err) = spsa(&["--param", "Skill Level", "--iterations", "4", "--state", state]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("after 4 of 4 pairs"), "{out}");
    let text = std::fs::read_to_string(state).expect("state");
    assert!(text.contains("done = 4"), "{text}");
    // Two pairs move a value by far less than the range: it stays near 3, not near the
    // default of 20.
    let value: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("\"Skill Level\" = "))
        .and_then(|v| v.trim().parse().ok())
        .expect("value");
    assert!((value - 3.0).abs() < 2.0, "{text}");
}

#[test]
fn bad_parameters_and_a_foreign_state_are_errors() {
    let (code, _, err) = spsa(&["--param", "No Such Option"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--param No Such Option: the engine lists no spin option"),
        "{err}"
    );
    let (code, _, err) = spsa(&["--param", "Skill Level=99"]);
    assert_eq!(code, 1);
    assert!(err.contains("START must lie in [-20, 20]"), "{err}");
    for (param, why) in [
        ("Skill Level=x", "START is not a number"),
        ("Skill Level=1,nan", "C_END is not a number"),
        ("Skill Level=1,0.1", "C_END must be at least 0.5"),
        ("Skill Level=1,2,3", "give NAME, NAME=START or NAME=START,C_END"),
    ] {
        let (code, _, err) = spsa(&["--param", param]);
        assert_eq!(code, 1, "{param}");
        assert!(err.contains(why), "{param}: {err}");
    }
    let (code, _, err) = spsa(&["--param", "Skill Level", "--param", "skill level=3"]);
    assert_eq!(code, 1);
    assert!(err.contains("given twice"), "{err}");
    let (code, _, err) = spsa(&["--param", "Skill Level", "--r-end", "0"]);
    assert_eq!(code, 1);
    assert!(err.contains("--r-end must be a positive number"), "{err}");

    let dir = fresh_dir("spsa-foreign");
    let state = dir.join("other.spsa");
    let text = "iterations = 10\ndone = 5\nseed = 1\nr_end = 0.002\n\n[c_end]\nHash = 1.0\n\n[values]\nHash = 3.0\n";
    std::fs::write(&state, text).expect("write");
    let (code, _, err) = spsa(&[
        "--param",
        "Skill Level",
        "--iterations",
        "10",
        "--state",
        state.to_str().expect("path"),
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("a run of 10 pairs, seed 1, r_end 0.002, C_END {\"Hash\": 1.0}"),
        "{err}"
    );
    // The same run continued with another seed would play other openings and signs.
    let (code, _, err) = spsa(&[
        "--param",
        "Hash",
        "--iterations",
        "10",
        "--seed",
        "2",
        "--state",
        state.to_str().expect("path"),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("this one has 10 pairs, seed 2"), "{err}");
}
