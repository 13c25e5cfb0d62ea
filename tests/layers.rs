//! The library's layers point one way: every `crate::` path in `src/` names a
//! module of a lower layer than the file's own top-level module, or that module itself. The
//! order, from the top: protocol → {train, bench} → engine (registry, nets, evaluator selection)
//! → search → nnue → eval → game → variant → core. A new top-level module must be given a layer
//! here, or the test fails.

use std::path::{Path, PathBuf};

/// Each top-level module of the library with its layer (higher may import lower).
const LAYERS: &[(&str, u8)] = &[
    ("core", 0),
    ("variant", 1),
    ("game", 2),
    ("eval", 3),
    ("nnue", 4),
    ("search", 5),
    ("engine", 6),
    ("train", 7),
    ("bench", 7),
    ("protocol", 8),
];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|&(_, l)| l)
}

/// `text` without `//` comments (doc links may name any module) and string literals.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if in_str {
                if c == '"' && prev != '\\' {
                    in_str = false;
                }
                prev = if prev == '\\' && c == '\\' { ' ' } else { c };
                continue;
            }
            if c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\'' {
                in_str = true;
            }
            out.push(c);
            prev = c;
        }
        out.push('\n');
    }
    out
}

/// The top-level modules a file's code names: `crate::m`, the names inside `crate::{...}`,
/// and, for a file directly under the crate root (`src/m.rs`, `src/m/mod.rs`), `super::m`
/// where `m` is a known module (inside an inline module `super` names the file's own items).
fn referenced_modules(code: &str, at_root: bool) -> Vec<String> {
    let mut found = Vec::new();
    let mut supers = Vec::new();
    let mut push_ident = |s: &str, from_super: bool| {
        let ident: String = s
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if ident.is_empty() || ident == "self" {
        } else if from_super {
            supers.push(ident);
        } else {
            found.push(ident);
        }
    };
    let mut prefixes = vec!["crate::"];
    if at_root {
        prefixes.push("super::");
    }
    for prefix in prefixes {
        let from_super = prefix == "super::";
        for (i, _) in code.match_indices(prefix) {
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &code[i + prefix.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                // `crate::{a::X, b}`: each top-level item of the group (nesting skipped).
                let mut depth = 0;
                let mut item_start = true;
                for (j, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => item_start = true,
                        c if item_start && !c.is_whitespace() => {
                            push_ident(&group[j..], from_super);
                            item_start = false;
                        }
                        _ => {}
                    }
                }
            } else {
                push_ident(rest, from_super);
            }
        }
    }
    found.extend(supers.into_iter().filter(|m| layer(m).is_some()));
    found
}

/// Every back edge in the files under `src`: "FILE: module A (layer a) imports B (layer b)".
fn back_edges(files: &[(PathBuf, String)], src: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for (path, text) in files {
        let rel = path.strip_prefix(src).expect("under src");
        let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        let top = parts[0].trim_end_matches(".rs").to_string();
        if matches!(top.as_str(), "lib" | "main" | "cli") {
            continue;
        }
        let Some(own) = layer(&top) else {
            problems.push(format!(
                "{}: module '{top}' has no layer in tests/layers.rs",
                rel.display()
            ));
            continue;
        };
        let at_root = parts.len() == 1 || (parts.len() == 2 && parts[1] == "mod.rs");
        for m in referenced_modules(&code_only(text), at_root) {
            if m == top {
                continue;
            }
            match layer(&m) {
                Some(l) if l < own => {}
                Some(l) => problems.push(format!(
                    "{}: '{top}' (layer {own}) imports '{m}' (layer {l})",
                    rel.display()
                )),
                None => problems.push(format!("{}: '{top}' names unknown module '{m}'", rel.display())),
            }
        }
    }
    problems.sort();
    problems.dedup();
    problems
}

fn rust_files(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("readable")
        .filter_map(Result::ok)
        .collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).expect("utf-8 source");
            out.push((p, text));
        }
    }
}

#[test]
fn no_module_imports_a_higher_layer() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 50, "found only {} source files", files.len());
    let problems = back_edges(&files, &src);
    assert!(
        problems.is_empty(),
        "imports against the layers:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_sees_back_edges_in_every_form() {
    let src = PathBuf::from("src");
    let file = |path: &str, text: &str| (src.join(path), text.to_string());
    let files = [
        file("game/a.rs", "use crate::nnue::LayoutSpec;\n"),
        file("game/b.rs", "use crate::{core::Color, protocol::Command};\n"),
        file(
            "eval/mod.rs",
            "use super::search::Limits;\nmod t {\n    use super::{helper, Hce};\n}\n",
        ),
        file("nnue/c.rs", "fn f() -> crate::engine::registry::X { todo!() }\n"),
        // Not imports: comments, strings, own module, lower layers, `super` below the root.
        file(
            "game/d.rs",
            "/// [`crate::search::Search`]\nuse crate::core::X;\nconst S: &str = \"crate::protocol\";\n",
        ),
        file(
            "search/e.rs",
            "use crate::{game::{GameRules, Dirty}, eval::Evaluator};\nuse super::worker;\n",
        ),
        file("bogus/f.rs", "\n"),
    ];
    let problems = back_edges(&files, &src);
    assert_eq!(
        problems,
        [
            "bogus/f.rs: module 'bogus' has no layer in tests/layers.rs",
            "eval/mod.rs: 'eval' (layer 3) imports 'search' (layer 5)",
            "game/a.rs: 'game' (layer 2) imports 'nnue' (layer 4)",
            "game/b.rs: 'game' (layer 2) imports 'protocol' (layer 8)",
            "nnue/c.rs: 'nnue' (layer 4) imports 'engine' (layer 6)",
        ]
    );
}

/// The fairy interpreter's runtime reads the compiled rules only: no file under
/// `src/game/fairy` but its back end (`tables/`, which compiles the rules) reaches into a
/// variant's definition (its pieces' Betza atoms, its raw keys).
#[test]
fn the_fairy_runtime_reads_compiled_rules_only() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/game/fairy");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    files.retain(|(path, _)| !path.starts_with(dir.join("tables")));
    assert!(files.len() >= 5, "found only {} files", files.len());
    let mut problems = Vec::new();
    for (path, text) in &files {
        let code = code_only(text);
        for needle in [".def.", "def.pieces", ".betza", "PieceDef", "variant::schema"] {
            if code.contains(needle) {
                problems.push(format!("{}: '{needle}'", path.display()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "definition reads in the runtime:\n{}",
        problems.join("\n")
    );
}

/// The fairy interpreter's back end (`src/game/fairy/tables`) sits below its runtime: it names
/// no module of the interpreter but its own.
#[test]
fn the_fairy_back_end_imports_no_runtime() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/game/fairy/tables");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    assert!(files.len() >= 5, "found only {} files", files.len());
    let mut problems = Vec::new();
    for (path, text) in &files {
        let code = code_only(text).replace("crate::game::fairy::tables", "");
        for needle in ["crate::game::fairy", "super::super", "crate::game::Fairy"] {
            if code.contains(needle) {
                problems.push(format!("{}: '{needle}'", path.display()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "runtime imports in the back end:\n{}",
        problems.join("\n")
    );
}
