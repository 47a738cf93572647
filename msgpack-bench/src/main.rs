//! `cargo run --release -p msgpack-bench -- [OPTIONS]`: times msgpack-core
//! against other MessagePack crates on the workloads of published benchmarks
//! and prints the tables (see the crate's `WORKLOADS.md` and the repository's
//! `BENCHMARKS.md`).

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use msgpack_bench::measure::{self, CaseResult, Settings};
use msgpack_bench::report::{self, Environment, Style};
use msgpack_bench::{alloc, workloads};

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

const USAGE: &str = "\
usage: msgpack-bench [OPTIONS]

  --quick             smoke run: 3 short samples per figure, small cases only (CI)
  --workload LIST     comma-separated workload ids to run, e.g. W1,W3 (default: all)
  --samples N         sample rounds per case (default 11; --quick 3)
  --json PATH         write every figure, the toolchain, CPU and crate versions as JSON
  --wide              every column (totals, sizes, allocations, per item, peak memory):
                      wider than the default 120 columns
  --markdown          print the tables as markdown, every column (for the reports)
  --dump-data DIR     write each case's canonical bytes and a manifest.json to DIR, then exit
  --profile ID        run one operation in a loop for a profiler, ID = workload/case/row/operation,
                      operation = encode (a new Vec), reuse (the reused buffer) or decode
                      (e.g. 'W1/n=1000/ours: derive/decode'; the criterion bench ids), with --iters N
  --iters N           iterations for --profile (default 1000)
  --help              this text";

struct Options {
    quick: bool,
    workloads: Option<Vec<String>>,
    samples: Option<usize>,
    json: Option<PathBuf>,
    markdown: bool,
    wide: bool,
    dump: Option<PathBuf>,
    profile: Option<String>,
    iters: u64,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        quick: false,
        workloads: None,
        samples: None,
        json: None,
        markdown: false,
        wide: false,
        dump: None,
        profile: None,
        iters: 1000,
    };
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--quick" => o.quick = true,
            "--markdown" => o.markdown = true,
            "--wide" => o.wide = true,
            "--workload" => {
                o.workloads = Some(value("--workload")?.split(',').map(|s| s.trim().to_uppercase()).collect())
            }
            "--samples" => {
                let n = value("--samples")?;
                o.samples = Some(n.parse().ok().filter(|&n| n > 0).ok_or(format!("--samples: bad count {n:?}"))?)
            }
            "--json" => o.json = Some(value("--json")?.into()),
            "--dump-data" => o.dump = Some(value("--dump-data")?.into()),
            "--profile" => o.profile = Some(value("--profile")?),
            "--iters" => {
                let n = value("--iters")?;
                o.iters = n.parse().map_err(|_| format!("--iters: bad count {n:?}"))?
            }
            "--bench" => {} // passed by `cargo bench`; harmless here
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let opts = match parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("msgpack-bench: {e}\n");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(if e.is_empty() { 0 } else { 2 });
        }
    };
    // W1 n = 10000 is 508 levels deep and serde's internally tagged enums
    // recurse through buffered content: give the run a large stack (only the
    // touched part is ever committed).
    let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(move || run(&opts));
    match worker.map(|h| h.join()) {
        Ok(Ok(Ok(()))) => ExitCode::SUCCESS,
        Ok(Ok(Err(e))) => {
            eprintln!("\nmsgpack-bench: error: {e}");
            ExitCode::FAILURE
        }
        _ => {
            eprintln!("\nmsgpack-bench: the run panicked");
            ExitCode::FAILURE
        }
    }
}

fn slug(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '-' { c } else { '-' }).collect()
}

fn run(opts: &Options) -> Result<(), String> {
    let all = workloads();
    if let Some(ids) = &opts.workloads
        && let Some(bad) = ids.iter().find(|id| !all.iter().any(|w| &w.id == id))
    {
        return Err(format!(
            "unknown workload {bad:?} (have {})",
            all.iter().map(|w| w.id).collect::<Vec<_>>().join(", ")
        ));
    }
    let selected: Vec<_> =
        all.into_iter().filter(|w| opts.workloads.as_ref().is_none_or(|ids| ids.iter().any(|id| id == w.id))).collect();

    if let Some(dir) = &opts.dump {
        return dump(dir, &selected, opts.quick);
    }
    if let Some(id) = &opts.profile {
        return profile(id, opts.iters);
    }

    let mut settings = if opts.quick { Settings::QUICK } else { Settings::FULL };
    if let Some(n) = opts.samples {
        settings.samples = n;
    }
    let env = Environment::detect();
    let style = match (opts.markdown, opts.wide) {
        (true, _) => Style::Markdown,
        (false, true) => Style::Wide,
        (false, false) => Style::Text,
    };
    let md = style.markdown();
    let mut out = std::io::stdout().lock();
    let mut say = |s: String| {
        let _ = out.write_all(s.as_bytes());
        let _ = out.flush();
    };
    say(report::run_header(&env, settings, opts.quick, style));
    if !alloc::installed() {
        return Err("the counting allocator is not installed".into());
    }

    // Progress on stderr only when a person watches it: redirected to a
    // file or a pipe (CI), it would be control codes in a log.
    let progress = std::io::stderr().is_terminal();
    let mut results: Vec<CaseResult> = Vec::new();
    for w in &selected {
        let title = format!("{} {}: {} (from {})", if md { "##" } else { "==" }, w.id, w.title, w.source);
        say(format!("\n{}\n", if md { title } else { report::wrap(&title, report::WIDTH, 3) }));
        let cases: Vec<_> = (w.cases)(opts.quick).into_iter().filter(|c| !opts.quick || c.quick).collect();
        for case in &cases {
            let label = format!("{} {}", case.workload, case.name);
            let result = measure::run_case(case, settings, |stage| {
                if progress {
                    eprint!("\r\x1b[2K[{label}] {stage}");
                }
            })?;
            if progress {
                eprint!("\r\x1b[2K");
            }
            say(format!("\n{}{}\n\n", if md { "### " } else { "" }, report::case_title(&result)));
            say(report::case_table(&result, style));
            results.push(result);
        }
    }
    say(report::scaling_tables(&results, style));
    let targets = report::targets(&results);
    if !targets.is_empty() {
        say(format!(
            "\n{}Targets (msgpack-bench/TARGETS.md; their time ÷ ours, above 1: ours is faster)\n\n",
            if md { "## " } else { "== " }
        ));
        say(report::targets_table(&targets, md));
    }
    say(format!("\n{}\n", report::summary(&targets)));
    if let Some(path) = &opts.json {
        let json = report::to_json(&env, settings, opts.quick, &results, &targets);
        let text = serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("writing {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

fn dump(dir: &std::path::Path, selected: &[msgpack_bench::Workload], quick: bool) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let mut manifest = Vec::new();
    for w in selected {
        for case in (w.cases)(quick).into_iter().filter(|c| !quick || c.quick) {
            let file = format!("{}_{}.msgpack", case.workload, slug(&case.name));
            std::fs::write(dir.join(&file), &case.canonical).map_err(|e| format!("writing {file}: {e}"))?;
            manifest.push(serde_json::json!({
                "workload": case.workload,
                "case": case.name,
                "file": file,
                "bytes": case.canonical.len(),
                "items": case.items.map(|i| serde_json::json!({"unit": i.unit, "count": i.count})),
            }));
        }
    }
    let text = serde_json::to_string_pretty(&serde_json::json!({"generator": "msgpack-bench", "cases": manifest}))
        .map_err(|e| e.to_string())?;
    std::fs::write(dir.join("manifest.json"), text).map_err(|e| e.to_string())?;
    eprintln!("wrote {} cases and manifest.json to {}", manifest.len(), dir.display());
    Ok(())
}

/// Runs one operation of one row `iters` times (for perf / callgrind).
fn profile(id: &str, iters: u64) -> Result<(), String> {
    let parts: Vec<&str> = id.splitn(4, '/').collect();
    let [workload, case_name, row_name, op] = parts[..] else {
        return Err(format!("--profile {id:?}: want workload/case/row/operation"));
    };
    let w = workloads().into_iter().find(|w| w.id.eq_ignore_ascii_case(workload)).ok_or("no such workload")?;
    let case = (w.cases)(false).into_iter().find(|c| c.name == case_name).ok_or("no such case")?;
    let row = case.rows.iter().find(|r| r.name == row_name).ok_or("no such row")?;
    let input = match row.run_encode() {
        Some(bytes) => bytes?,
        None => case.canonical.clone(),
    };
    // The reused-buffer encode's buffer, as the runner makes it.
    let mut buf = vec![0u8; 2 * case.canonical.len() + 1024];
    let start = std::time::Instant::now();
    for _ in 0..iters {
        match op {
            "encode" => drop(std::hint::black_box(row.run_encode().ok_or("the row does not encode")??)),
            "reuse" => {
                std::hint::black_box(row.run_reuse(&mut buf).ok_or("the row has no reused-buffer encode")??);
            }
            "decode" => row.run_decode(std::hint::black_box(&input)).ok_or("the row does not decode")??,
            _ => return Err(format!("operation {op:?}: want encode, reuse or decode")),
        }
    }
    eprintln!(
        "{id}: {} per operation over {iters} iterations",
        report::time(start.elapsed().as_nanos() as f64 / iters as f64)
    );
    Ok(())
}
