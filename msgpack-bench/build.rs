//! Records what the runner reports about its build: the compiler version and
//! the versions of the compared crates (read from the workspace's Cargo.lock).

use std::process::Command;

const CRATES: &[&str] = &["msgpack-core", "rmp-serde", "rmp", "rmpv", "zerompk", "msgpacker", "serde"];

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=BENCH_RUSTC={version}");

    let lock = concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.lock");
    println!("cargo:rerun-if-changed={lock}");
    let text = std::fs::read_to_string(lock).unwrap_or_default();
    let mut found = Vec::new();
    let mut name = None;
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_string());
        } else if let (Some(v), Some(n)) = (line.strip_prefix("version = "), name.take())
            && CRATES.contains(&n.as_str())
        {
            found.push(format!("{n} {}", v.trim_matches('"')));
        }
    }
    println!("cargo:rustc-env=BENCH_CRATES={}", found.join(";"));
    println!("cargo:rerun-if-changed=build.rs");
}
