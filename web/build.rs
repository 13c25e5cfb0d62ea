//! Tells the threaded WebAssembly build from the single-threaded one: rustc gives
//! `wasm32-wasip1` and `wasm32-wasip1-threads` the same cfgs (`target_feature = "atomics"` is
//! unstable), so this sets `wasm_threads` for the second, which needs a start of its own
//! (`_initialize` in src/lib.rs).

fn main() {
    println!("cargo:rustc-check-cfg=cfg(wasm_threads)");
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("TARGET").as_deref() == Ok("wasm32-wasip1-threads") {
        println!("cargo:rustc-cfg=wasm_threads");
    }
}
