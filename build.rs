//! Embeds every `variants/*.toml` file in the binary, so the built-in variants need no files at
//! run time: writes `BUILTIN: &[(name, text)]`, sorted by name, to `$OUT_DIR/builtin_variants.rs`;
//! and every committed net, `nets/*.nnue`, 64-byte aligned: `EMBEDDED: &[(name, bytes)]` in
//! `$OUT_DIR/embedded_nets.rs` (the engine picks among them by the layout hash in their headers).

use std::fmt::Write;

fn main() {
    variants();
    nets();
}

/// The folder `folder` of the crate (watched for changes) and the stems of its `*.extension`
/// files, sorted, each file watched. The crate's folder is read from the environment cargo
/// gives the running script, not baked in when the script was compiled: a build script reused
/// from another checkout of the same source would otherwise read a folder that may be gone.
///
/// # Panics
/// Where the folder cannot be read or holds no such file: a binary without its built-in
/// variants or nets would build and then fail at run time.
fn stems(folder: &str, extension: &str) -> (std::path::PathBuf, Vec<String>) {
    println!("cargo:rerun-if-changed={folder}");
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = std::path::Path::new(&root).join(folder);
    let suffix = format!(".{extension}");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: cannot read: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(&suffix).map(str::to_string))
        .collect();
    assert!(!names.is_empty(), "{}: no *{suffix} file", dir.display());
    names.sort();
    for name in &names {
        println!(
            "cargo:rerun-if-changed={}",
            dir.join(format!("{name}{suffix}")).display()
        );
    }
    (dir, names)
}

fn variants() {
    let (dir, names) = stems("variants", "toml");
    let mut out = String::from(
        "/// The built-in variants: (name, TOML text), sorted by name.\npub static BUILTIN: &[(&str, &str)] = &[\n",
    );
    for name in &names {
        let path = dir.join(format!("{name}.toml"));
        let _ = writeln!(out, "    ({name:?}, include_str!({:?})),", path.display().to_string());
    }
    out.push_str("];\n");
    let target =
        std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin_variants.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}

fn nets() {
    let (dir, names) = stems("nets", "nnue");
    let mut out = String::new();
    for (i, name) in names.iter().enumerate() {
        let path = dir.join(format!("{name}.nnue"));
        let _ = writeln!(
            out,
            "static NET_{i}: &Aligned<[u8]> = &Aligned(*include_bytes!({:?}));",
            path.display().to_string()
        );
    }
    out.push_str(
        "/// The committed nets: (file stem, bytes), sorted by name.\npub static EMBEDDED: &[(&str, &[u8])] = &[\n",
    );
    for (i, name) in names.iter().enumerate() {
        let _ = writeln!(out, "    ({name:?}, &NET_{i}.0),");
    }
    out.push_str("];\n");
    let target = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_nets.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
