//! Runs every peer and reports: the table, the JSON file, the last line.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::json;

use crate::check::{self, Outcome, Status};
use crate::corpus::Item;
use crate::process::{self, Program, Setup};
use crate::quirks::Quirks;
use crate::redis;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The repository root (holds `interop/peers`).
    pub root: PathBuf,
    /// Peers may install what they miss.
    pub install: bool,
    /// Only these peers (all when empty).
    pub only: Vec<String>,
    /// Random values in the corpus.
    pub random: usize,
    /// Their seed.
    pub seed: u64,
}

/// One peer's row.
#[derive(Clone, Debug)]
pub struct PeerResult {
    /// Its directory name.
    pub name: String,
    /// `name version` from its setup, when it set up.
    pub version: Option<String>,
    /// Why it was skipped or failed before the checks.
    pub note: Option<String>,
    /// Overall.
    pub status: Status,
    /// The checks that ran.
    pub outcomes: Vec<Outcome>,
    /// Its declared quirks, for the report.
    pub quirks: Quirks,
    /// Seconds for setup and checks.
    pub seconds: f64,
}

/// The peers' directories, sorted by name.
///
/// # Errors
///
/// `interop/peers` cannot be read.
pub fn peers(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root.join("interop/peers"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("setup").is_file())
        .collect();
    dirs.sort();
    Ok(dirs)
}

/// Sets up and checks one peer.
pub fn run_peer(dir: &Path, opts: &Options, corpus: &[Item]) -> PeerResult {
    let start = Instant::now();
    let name = dir.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut result = PeerResult {
        name: name.clone(),
        version: None,
        note: None,
        status: Status::Passed,
        outcomes: Vec::new(),
        quirks: Quirks::default(),
        seconds: 0.0,
    };
    let quirks = match fs::read_to_string(dir.join("quirks")).map_err(|e| e.to_string()).and_then(|t| Quirks::parse(&t))
    {
        Ok(q) => q,
        Err(e) => {
            result.status = Status::Failed;
            result.note = Some(format!("quirks: {e}"));
            return result;
        }
    };
    result.quirks = quirks.clone();
    let work = opts.root.join("target/interop").join(&name);
    match process::setup(dir, &work, opts.install) {
        Setup::Ready(v) => result.version = Some(v),
        Setup::Skipped(why) => {
            result.status = Status::Skipped(why.clone());
            result.note = Some(why);
            result.seconds = start.elapsed().as_secs_f64();
            return result;
        }
        Setup::Failed(why) => {
            result.status = Status::Failed;
            result.note = Some(why);
            result.seconds = start.elapsed().as_secs_f64();
            return result;
        }
    }
    let driver = fs::read_to_string(dir.join("driver")).unwrap_or_default();
    let outcomes = if driver.trim() == "redis" {
        match redis::Server::start().and_then(|s| redis::Lua::new(dir, &s).map(|l| (s, l))) {
            Ok((server, mut lua)) => {
                if let Ok(v) = server.version() {
                    result.version = Some(format!("{} (redis-server {v})", result.version.take().unwrap_or_default()));
                }
                checks(&mut lua, &quirks, corpus)
            }
            Err(e) => {
                result.status = Status::Failed;
                result.note = Some(format!("redis-server: {e}"));
                return result;
            }
        }
    } else {
        checks(&mut Program::new(dir, &work), &quirks, corpus)
    };
    if outcomes.iter().any(|o| o.status == Status::Failed) {
        result.status = Status::Failed;
    }
    result.outcomes = outcomes;
    result.seconds = start.elapsed().as_secs_f64();
    result
}

fn checks(peer: &mut dyn check::Peer, quirks: &Quirks, corpus: &[Item]) -> Vec<Outcome> {
    let [ours, theirs] = check::ours_and_theirs(peer, quirks, corpus);
    let edge = check::edge(peer, quirks);
    let mut out = vec![ours, theirs, edge];
    let w2 = check::w2(peer, quirks);
    if !matches!(w2.status, Status::Skipped(_)) {
        out.push(w2);
    }
    out
}

fn cell(o: Option<&Outcome>) -> String {
    match o {
        None => "-".into(),
        Some(o) => {
            let word = match &o.status {
                Status::Passed => "passed",
                Status::Failed => "FAILED",
                Status::Skipped(_) => "skipped",
            };
            let mut s = format!("{word} {}", o.values);
            if o.differ > 0 {
                let _ = write!(s, " ({} differ as declared)", o.differ);
            }
            if o.failed > 0 {
                let _ = write!(s, " ({} failed)", o.failed);
            }
            if o.skipped_values > 0 {
                let _ = write!(s, " [{} not sent]", o.skipped_values);
            }
            s
        }
    }
}

/// The matrix as a Markdown table, then the failures' samples.
pub fn table(results: &[PeerResult]) -> String {
    let mut s = String::from(
        "| implementation | version | 1. ours → them → ours | 2. theirs → us | 3. their edge cases | W2 typed | declared |\n|---|---|---|---|---|---|---|\n",
    );
    for r in results {
        let find = |c: &str| r.outcomes.iter().find(|o| o.check == c);
        let declared: Vec<String> = r
            .quirks
            .skip
            .iter()
            .map(|f| format!("skip {f}"))
            .chain(r.quirks.differ.iter().map(|q| format!("differ {q}")))
            .collect();
        match &r.status {
            Status::Skipped(why) => {
                let _ = writeln!(s, "| {} | - | skipped: {} | | | | |", r.name, why.replace('|', "/"));
            }
            _ if r.outcomes.is_empty() => {
                let _ = writeln!(
                    s,
                    "| {} | {} | FAILED: {} | | | | |",
                    r.name,
                    r.version.as_deref().unwrap_or("-"),
                    r.note.as_deref().unwrap_or("").replace('|', "/")
                );
            }
            _ => {
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {} | {} | {} |",
                    r.name,
                    r.version.as_deref().unwrap_or("-"),
                    cell(find("ours")),
                    cell(find("theirs")),
                    cell(find("edge")),
                    cell(find("w2")),
                    declared.join(", ")
                );
            }
        }
    }
    for r in results {
        for o in &r.outcomes {
            for sample in &o.samples {
                let _ = writeln!(s, "\n{} / {}: {sample}", r.name, o.check);
            }
        }
    }
    s
}

/// The matrix as JSON.
pub fn to_json(results: &[PeerResult], corpus_len: usize, opts: &Options) -> serde_json::Value {
    let peers: Vec<serde_json::Value> = results
        .iter()
        .map(|r| {
            let status = match &r.status {
                Status::Passed => "passed",
                Status::Failed => "failed",
                Status::Skipped(_) => "skipped",
            };
            json!({
                "name": r.name,
                "version": r.version,
                "status": status,
                "note": r.note,
                "seconds": (r.seconds * 10.0).round() / 10.0,
                "skip": r.quirks.skip.iter().map(|f| f.name()).collect::<Vec<String>>(),
                "differ": r.quirks.differ.iter().map(|q| q.name()).collect::<Vec<_>>(),
                "checks": r.outcomes.iter().map(|o| json!({
                    "check": o.check,
                    "status": match &o.status { Status::Passed => "passed".to_string(), Status::Failed => "failed".to_string(), Status::Skipped(w) => format!("skipped: {w}") },
                    "values": o.values,
                    "identical": o.identical,
                    "differ": o.differ,
                    "failed": o.failed,
                    "not_sent": o.skipped_values,
                    "samples": o.samples,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "corpus": { "values": corpus_len, "random": opts.random, "seed": opts.seed },
        "peers": peers,
    })
}

/// `interop: N implementations passed, M failed, K skipped`.
pub fn summary(results: &[PeerResult]) -> String {
    let count = |f: fn(&Status) -> bool| results.iter().filter(|r| f(&r.status)).count();
    format!(
        "interop: {} implementations passed, {} failed, {} skipped",
        count(|s| *s == Status::Passed),
        count(|s| *s == Status::Failed),
        count(|s| matches!(s, Status::Skipped(_)))
    )
}
