//! `msgpack-interop`: the interoperability matrix (run it through
//! `interop/run`; see `interop/README.md`).

use std::path::PathBuf;
use std::process::ExitCode;

use msgpack_interop::matrix::{self, Options};

const USAGE: &str = "\
Usage: interop/run [--install] [--only NAME,NAME..] [--random N] [--seed S] [--json FILE]

Runs every peer under interop/peers (or those named by --only) against msgpack-core
and prints the matrix. --install lets peers install what they miss (apt-get, npm,
pip). The JSON report goes to target/interop/matrix.json unless --json says where.
Exits 1 when any implementation failed.";

fn main() -> ExitCode {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut opts = Options { root: root.clone(), install: false, only: Vec::new(), random: 2000, seed: 0x5eed };
    let mut json_path = root.join("target/interop/matrix.json");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |what: &str| args.next().ok_or_else(|| format!("{a} needs {what}"));
        let parsed: Result<(), String> = match a.as_str() {
            "--install" => {
                opts.install = true;
                Ok(())
            }
            "--only" => value("a list of names").map(|v| opts.only = v.split(',').map(str::to_string).collect()),
            "--random" => {
                value("a number").and_then(|v| v.parse().map(|n| opts.random = n).map_err(|_| format!("--random: {v}")))
            }
            "--seed" => {
                value("a number").and_then(|v| v.parse().map(|n| opts.seed = n).map_err(|_| format!("--seed: {v}")))
            }
            "--json" => value("a file").map(|v| json_path = PathBuf::from(v)),
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => Err(format!("unknown argument {a}")),
        };
        if let Err(e) = parsed {
            eprintln!("error: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let dirs = match matrix::peers(&root) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: cannot list interop/peers: {e}");
            return ExitCode::FAILURE;
        }
    };
    let names: Vec<String> =
        dirs.iter().filter_map(|d| d.file_name().map(|n| n.to_string_lossy().into_owned())).collect();
    if let Some(unknown) = opts.only.iter().find(|o| !names.contains(o)) {
        eprintln!("error: no peer named {unknown} (peers: {})", names.join(", "));
        return ExitCode::from(2);
    }
    let corpus = msgpack_interop::corpus::corpus(opts.random, opts.seed);
    eprintln!("interop: corpus of {} values; peers: {}", corpus.len(), names.join(", "));
    let mut results = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if !opts.only.is_empty() && !opts.only.contains(&name) {
            continue;
        }
        eprintln!("interop: {name} ...");
        let r = matrix::run_peer(dir, &opts, &corpus);
        eprintln!("interop: {name}: {:?} in {:.1} s", r.status, r.seconds);
        results.push(r);
    }
    println!("{}", matrix::table(&results));
    let json = matrix::to_json(&results, corpus.len(), &opts);
    if let Some(parent) = json_path.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    if let Err(e) = std::fs::write(&json_path, serde_json::to_string_pretty(&json).unwrap_or_default() + "\n") {
        eprintln!("error: cannot write {}: {e}", json_path.display());
        return ExitCode::FAILURE;
    }
    println!("JSON: {}", json_path.display());
    let summary = matrix::summary(&results);
    println!("{summary}");
    if results.iter().any(|r| r.status == msgpack_interop::check::Status::Failed) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
