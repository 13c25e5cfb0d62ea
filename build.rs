//! Embeds every `variants/*.toml` file in the binary, so the built-in variants need no files at
//! run time: writes `BUILTIN: &[(name, text)]`, sorted by name, to `$OUT_DIR/builtin_variants.rs`.

use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=variants");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter_map(|n| n.strip_suffix(".toml").map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from(
        "/// The built-in variants: (name, TOML text), sorted by name.\npub static BUILTIN: &[(&str, &str)] = &[\n",
    );
    for name in &names {
        let path = dir.join(format!("{name}.toml"));
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = writeln!(out, "    ({name:?}, include_str!({:?})),", path.display().to_string());
    }
    out.push_str("];\n");
    let target =
        std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin_variants.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
