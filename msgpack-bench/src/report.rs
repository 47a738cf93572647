//! Tables (plain text, wide plain text or markdown), the targets of
//! `TARGETS.md` (section 8 of the team's design notes), and JSON.
//!
//! Every ratio in the output is one direction: their time ÷ ours, so above
//! 1 means ours is faster.

use std::fmt::Write as _;

use serde_json::{Value as Json, json};

use crate::alloc::Usage;
use crate::harness::Group;
use crate::measure::{CaseResult, OpStats, RowResult, Settings};

mod environment;
mod table;
mod target;
mod targets;
pub use environment::{Environment, utc_date};
pub use table::{Style, Table, WIDTH, wrap};
pub use target::{Status, Target, summary, targets_table};
pub use targets::targets;

/// A time in nanoseconds with three significant figures and the unit that
/// reads best: `9.87 ns`, `123 ns`, `12.3 us`, `1.23 ms`, `1.23 s`.
///
/// ```
/// assert_eq!(msgpack_bench::report::time(12_345.0), "12.3 us");
/// assert_eq!(msgpack_bench::report::time(9.871), "9.87 ns");
/// ```
pub fn time(ns: f64) -> String {
    let (v, unit) = match ns {
        n if n < 1e3 => (n, "ns"),
        n if n < 1e6 => (n / 1e3, "us"),
        n if n < 1e9 => (n / 1e6, "ms"),
        n => (n / 1e9, "s"),
    };
    match v {
        v if v < 9.995 => format!("{v:.2} {unit}"),
        v if v < 99.95 => format!("{v:.1} {unit}"),
        v => format!("{v:.0} {unit}"),
    }
}

/// An integer with thousands separators.
///
/// ```
/// assert_eq!(msgpack_bench::report::thousands(1305712), "1,305,712");
/// ```
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A memory amount: `512 B`, `1.5 KiB`, `12.3 MiB`.
///
/// ```
/// assert_eq!(msgpack_bench::report::memory(1536), "1.5 KiB");
/// ```
pub fn memory(bytes: u64) -> String {
    let b = bytes as f64;
    match bytes {
        0..1024 => format!("{bytes} B"),
        1024..1_048_576 => format!("{:.1} KiB", b / 1024.0),
        _ => format!("{:.1} MiB", b / 1_048_576.0),
    }
}

/// The lines that open the runner's output: date, compiler, CPU, crates,
/// settings, and what the columns and ratios mean. Wrapped at [`WIDTH`] in
/// plain text; paragraphs in markdown.
///
/// ```
/// use msgpack_bench::measure::Settings;
/// use msgpack_bench::report::{Environment, Style, WIDTH, run_header};
///
/// let env = Environment {
///     rustc: "rustc 1.95.0",
///     cpu: "Example CPU".into(),
///     cpus: 2,
///     crates: vec!["rmp-serde 1.3.1".into(), "zerompk 0.8.0".into()],
///     date: "2026-01-01".into(),
/// };
/// let text = run_header(&env, Settings::QUICK, true, Style::Text);
/// assert!(text.starts_with("msgpack-bench · 2026-01-01 · rustc 1.95.0 · Example CPU (2 logical CPUs) · QUICK"));
/// assert!(text.contains("above 1, ours is faster"));
/// assert!(text.lines().all(|l| l.chars().count() <= WIDTH));
/// ```
pub fn run_header(env: &Environment, settings: Settings, quick: bool, style: Style) -> String {
    let lines = [
        format!(
            "msgpack-bench · {} · {} · {} ({} logical CPUs) · {}",
            env.date,
            env.rustc,
            env.cpu,
            env.cpus,
            if quick { "QUICK smoke run (not for publishing)" } else { "full run" }
        ),
        format!("crates: {}", env.crates.join(", ")),
        format!(
            "settings: {} samples of ~{} ms per figure; times are medians per operation ±half the interquartile \
             range; ÷ ours = the row's time ÷ our fastest row's in that column (the floor rows excluded): above 1, \
             ours is faster (the same direction as the targets: their time ÷ ours)",
            settings.samples,
            settings.sample_time.as_millis(),
        ),
        "encode (a) = into one buffer the runner reuses for every call (each crate's fastest public way: a slice \
         or a cleared vec), encode (b) = into a new Vec, total = encode (b) + decode"
            .to_string(),
    ];
    if style.markdown() {
        return lines.join("\n\n") + "\n";
    }
    lines.iter().map(|l| wrap(l, WIDTH, 2)).collect::<Vec<_>>().join("\n") + "\n"
}

/// Our fastest row by `pick` (outside the floors), or, in a case without a
/// row of ours, the fastest row: what the `÷ ours` columns divide by.
fn fastest_ours(rows: &[RowResult], pick: impl Fn(&RowResult) -> Option<f64>) -> Option<f64> {
    let best = |group: Option<Group>| {
        rows.iter()
            .filter(|r| r.group != Group::Limit && group.is_none_or(|g| r.group == g))
            .filter_map(&pick)
            .min_by(f64::total_cmp)
    };
    best(Some(Group::Ours)).or_else(|| best(None))
}

fn usage(u: Option<Usage>) -> String {
    match u {
        None => "-".into(),
        Some(u) if u.allocs == 0 => "0".into(),
        Some(u) => format!("{} ({})", thousands(u.allocs), memory(u.bytes)),
    }
}

/// The heading of a case.
///
/// ```
/// use msgpack_bench::harness::Items;
/// use msgpack_bench::measure::CaseResult;
///
/// let case = CaseResult {
///     workload: "W1",
///     name: "n=1000".into(),
///     bytes: 130_564,
///     items: Some(Items { unit: "node", count: 1000 }),
///     show_peak: false,
///     series: None,
///     collections: None,
///     numeric_floor: false,
///     rows: Vec::new(),
/// };
/// assert_eq!(msgpack_bench::report::case_title(&case), "W1 n=1000 (130,564 bytes; 1,000 nodes)");
/// ```
pub fn case_title(c: &CaseResult) -> String {
    let mut t = format!("{} {} ({} bytes", c.workload, c.name, thousands(c.bytes as u64));
    if let Some(items) = c.items {
        let _ = write!(t, "; {} {}s", thousands(items.count), items.unit);
    }
    t.push(')');
    t
}

/// One case as a table plus its notes (why rows differ or are missing).
///
/// The columns are the three timed operations, each followed by its `÷ ours`
/// ratio: the row's time ÷ our fastest row's in that column (outside the
/// floors, [`Group::Limit`]), so above 1 means ours is faster, as in the
/// targets. Encode (a) is into the runner's reused buffer, encode (b) into
/// a new `Vec`, then decode. [`Style::Wide`] and [`Style::Markdown`] add the
/// API of encode (a) (`slice` or a cleared `vec`), the spread, total (encode
/// (b) + decode) and its ratio, the size of the row's bytes, the
/// allocations of one encode (a) / (b) and of one decode, the time per item
/// and the peak memory of a decode where the case has them. The default
/// [`Style::Text`] stays within [`WIDTH`] columns, notes wrapped. An
/// unsupported row gets a numbered note.
///
/// ```
/// # use msgpack_bench::Group;
/// # use msgpack_bench::measure::{OpStats, RowResult};
/// # fn stats(ns: f64) -> OpStats {
/// #     let samples = vec![ns];
/// #     OpStats { median: ns, q1: ns * 0.95, q3: ns * 1.05, min: ns * 0.9, max: ns * 1.1, iters: 100, samples }
/// # }
/// # // A timed row with the given encode / decode medians in ns (±5%).
/// # fn row(name: &str, group: Group, encode: Option<f64>, decode: Option<f64>) -> RowResult {
/// #     RowResult {
/// #         name: name.into(), group, encode: encode.map(stats), reuse: None, reuse_api: None,
/// #         decode: decode.map(stats), size: 132, identical: true, differs: None, unsupported: None,
/// #         encode_alloc: None, reuse_alloc: None, decode_alloc: None, borrows: false,
/// #     }
/// # }
/// use msgpack_bench::alloc::Usage;
/// use msgpack_bench::harness::{ReuseApi, names};
/// use msgpack_bench::measure::CaseResult;
/// use msgpack_bench::report::{Style, case_table};
///
/// let mut derive = row(names::DERIVE, Group::Ours, Some(100.0), Some(200.0));
/// (derive.reuse, derive.reuse_api) = (Some(stats(50.0)), Some(ReuseApi::Slice));
/// derive.reuse_alloc = Some(Usage { allocs: 0, bytes: 0, peak: 0 });
/// derive.encode_alloc = Some(Usage { allocs: 1, bytes: 132, peak: 132 });
/// let mut serde = row(names::RMP_SERDE_NAMED, Group::Other, Some(400.0), Some(700.0));
/// (serde.reuse, serde.reuse_api) = (Some(stats(300.0)), Some(ReuseApi::Vec));
/// let mut missing = row(names::MSGPACKER, Group::Other, None, None);
/// missing.unsupported = Some("no dynamic value type".into());
/// let case = CaseResult {
///     workload: "W2",
///     name: "Custom2".into(),
///     bytes: 132,
///     items: None,
///     show_peak: false,
///     series: None,
///     collections: None,
///     numeric_floor: false,
///     rows: vec![derive, serde, row(names::SKIP, Group::Limit, None, Some(50.0)), missing],
/// };
/// // Columns are at least two spaces apart.
/// fn cells(line: &str) -> Vec<&str> {
///     line.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect()
/// }
/// let table = case_table(&case, Style::Text);
/// let lines: Vec<&str> = table.lines().collect();
/// assert_eq!(
///     cells(lines[0]),
///     ["implementation", "encode (a) reused", "÷ ours", "encode (b) new Vec", "÷ ours", "decode", "÷ ours"]
/// );
/// assert_eq!(cells(lines[2]), ["ours: derive", "50.0 ns ±5%", "1.00", "100 ns ±5%", "1.00", "200 ns ±5%", "1.00"]);
/// // rmp-serde takes 6x our time into a reused buffer: ours is 6x faster.
/// assert_eq!(
///     cells(lines[3]),
///     ["rmp-serde (named)", "300 ns ±5%", "6.00", "400 ns ±5%", "4.00", "700 ns ±5%", "3.50"]
/// );
/// assert_eq!(cells(lines[4]), ["skip (floor)", "-", "-", "-", "-", "50.0 ns ±5%", "0.25"]);
/// assert_eq!(cells(lines[5]), ["msgpacker [1]", "not timed, see note"]);
/// assert_eq!(lines[6], "[1] no dynamic value type");
///
/// let wide = case_table(&case, Style::Wide);
/// let lines: Vec<&str> = wide.lines().collect();
/// assert_eq!(
///     cells(lines[0]),
///     [
///         "implementation", "encode (a) reused buffer", "÷ ours", "encode (b) new Vec", "÷ ours", "decode",
///         "÷ ours", "total", "÷ ours", "size", "allocs enc (a) / (b)", "allocs/decode",
///     ]
/// );
/// assert_eq!(
///     cells(lines[3]),
///     [
///         "rmp-serde (named)", "300 ns ±5% (vec)", "6.00", "400 ns ±5%", "4.00", "700 ns ±5%", "3.50", "1.10 us",
///         "3.67", "132 B", "- / -", "-",
///     ]
/// );
/// ```
pub fn case_table(c: &CaseResult, style: Style) -> String {
    let median = |s: &Option<OpStats>| s.as_ref().map(|s| s.median);
    let reuse_best = fastest_ours(&c.rows, |r| median(&r.reuse));
    let enc_best = fastest_ours(&c.rows, |r| median(&r.encode));
    let dec_best = fastest_ours(&c.rows, |r| median(&r.decode));
    let tot_best = fastest_ours(&c.rows, RowResult::total);
    let wide = style.wide();
    let mut head = vec![
        "implementation",
        if wide { "encode (a) reused buffer" } else { "encode (a) reused" },
        "÷ ours",
        "encode (b) new Vec",
        "÷ ours",
        "decode",
        "÷ ours",
    ];
    if wide {
        head.extend(["total", "÷ ours", "size", "allocs enc (a) / (b)", "allocs/decode"]);
    }
    let per = c.items.map(|i| format!("per {}: (a) / (b) / dec", i.unit));
    if let Some(p) = per.as_ref().filter(|_| wide) {
        head.push(p);
    }
    if c.show_peak && wide {
        head.push("peak decode mem");
    }
    let mut table = Table::new(&head);
    if !wide {
        // W3's row names carry their types: on two lines within 120 columns.
        table.wrap[0] = Some(40);
    }
    let mut notes = Vec::new();
    let ratio = |v: Option<f64>, best: Option<f64>| match (v, best) {
        (Some(v), Some(b)) if b > 0.0 => format!("{:.2}", v / b),
        _ => "-".into(),
    };
    let cell = |s: &Option<OpStats>| match s {
        Some(s) => format!("{} ±{:.0}%", time(s.median), s.spread_pct()),
        None => "-".into(),
    };
    let count = |u: Option<Usage>| u.map(|u| thousands(u.allocs)).unwrap_or_else(|| "-".into());
    for r in &c.rows {
        let mut name = r.name.clone();
        if let Some(why) = r.unsupported.as_ref().or(if r.identical { None } else { r.differs.as_ref() }) {
            notes.push(why.clone());
            let _ = write!(name, " [{}]", notes.len());
        }
        if r.unsupported.is_some() {
            let mut cells = vec![name, "not timed, see note".into()];
            cells.resize(head.len(), String::new());
            table.rows.push(cells);
            continue;
        }
        let (reuse, enc, dec) = (median(&r.reuse), median(&r.encode), median(&r.decode));
        let reuse_cell = match (&r.reuse, r.reuse_api) {
            (Some(_), Some(api)) if wide => format!("{} ({})", cell(&r.reuse), api.as_str()),
            _ => cell(&r.reuse),
        };
        let mut cells = vec![
            name,
            reuse_cell,
            ratio(reuse, reuse_best),
            cell(&r.encode),
            ratio(enc, enc_best),
            cell(&r.decode),
            ratio(dec, dec_best),
        ];
        if wide {
            cells.extend([
                r.total().map(time).unwrap_or_else(|| "-".into()),
                ratio(r.total(), tot_best),
                format!("{} B", thousands(r.size as u64)),
                format!("{} / {}", count(r.reuse_alloc), count(r.encode_alloc)),
                usage(r.decode_alloc),
            ]);
            if let Some(items) = c.items {
                let n = items.count as f64;
                let f = |v: Option<f64>| v.map(|v| time(v / n)).unwrap_or_else(|| "-".into());
                cells.push(format!("{} / {} / {}", f(reuse), f(enc), f(dec)));
            }
            if c.show_peak {
                cells.push(r.decode_alloc.map(|u| memory(u.peak)).unwrap_or_else(|| "-".into()));
            }
        }
        table.rows.push(cells);
    }
    let mut out = table.render(style.markdown());
    for (i, n) in notes.iter().enumerate() {
        let note = format!("[{}] {}", i + 1, n);
        match style {
            Style::Markdown => {
                let _ = writeln!(out, "\n{note}");
            }
            Style::Wide => {
                let _ = writeln!(out, "{note}");
            }
            Style::Text => {
                let _ = writeln!(out, "{}", wrap(&note, WIDTH, 4));
            }
        }
    }
    out
}

/// Tables of time per item across the cases of each series (W1 n = 100,
/// 1000, 10000): the last column is the per-item time at the smallest size
/// ÷ at the largest, the direction of every ratio of the report (1.00 =
/// linear, below 1 = slower per item at the largest size).
///
/// ```
/// # use msgpack_bench::Group;
/// # use msgpack_bench::measure::{OpStats, RowResult};
/// # fn stats(ns: f64) -> OpStats {
/// #     let samples = vec![ns];
/// #     OpStats { median: ns, q1: ns * 0.95, q3: ns * 1.05, min: ns * 0.9, max: ns * 1.1, iters: 100, samples }
/// # }
/// # // A timed row with the given encode / decode medians in ns (±5%).
/// # fn row(name: &str, group: Group, encode: Option<f64>, decode: Option<f64>) -> RowResult {
/// #     RowResult {
/// #         name: name.into(), group, encode: encode.map(stats), reuse: None, reuse_api: None,
/// #         decode: decode.map(stats), size: 132, identical: true, differs: None, unsupported: None,
/// #         encode_alloc: None, reuse_alloc: None, decode_alloc: None, borrows: false,
/// #     }
/// # }
/// use msgpack_bench::harness::{Items, names};
/// use msgpack_bench::measure::CaseResult;
/// use msgpack_bench::report::Style;
///
/// // Decode time per node: 10 ns at n = 100, 11 ns at n = 1000.
/// let case = |n: u64, decode: f64| CaseResult {
///     workload: "W1",
///     name: format!("n={n}"),
///     bytes: 0,
///     items: Some(Items { unit: "node", count: n }),
///     show_peak: false,
///     series: Some("W1 filesystem"),
///     collections: None,
///     numeric_floor: false,
///     rows: vec![row(names::DERIVE, Group::Ours, Some(decode / 2.0), Some(decode))],
/// };
/// let text = msgpack_bench::report::scaling_tables(&[case(100, 1_000.0), case(1000, 11_000.0)], Style::Markdown);
/// assert!(text.contains("Scaling: W1 filesystem, decode (encode) time per node"));
/// assert!(text.ends_with("| ours: derive | 10.0 ns (5.00 ns) | 11.0 ns (5.50 ns) | 0.91 |\n"));
/// ```
pub fn scaling_tables(cases: &[CaseResult], style: Style) -> String {
    let markdown = style.markdown();
    let mut out = String::new();
    let mut series: Vec<&'static str> = cases.iter().filter_map(|c| c.series).collect();
    series.dedup();
    for s in series {
        let members: Vec<&CaseResult> = cases.iter().filter(|c| c.series == Some(s)).collect();
        if members.len() < 2 {
            continue;
        }
        let unit = members[0].items.map(|i| i.unit).unwrap_or("op");
        // The encode times too where there is room (`--wide`, markdown).
        let what = if style.wide() { "decode (encode)" } else { "decode" };
        let _ = writeln!(out, "\n{}Scaling: {s}, {what} time per {unit}\n", if markdown { "#### " } else { "" });
        let mut head = vec!["implementation".to_string()];
        head.extend(members.iter().map(|c| c.name.clone()));
        head.push("first ÷ last".into());
        let head: Vec<&str> = head.iter().map(String::as_str).collect();
        let mut table = Table::new(&head);
        for r in &members[0].rows {
            let mut cells = vec![r.name.clone()];
            let mut per = Vec::new();
            for c in &members {
                let n = c.items.map(|i| i.count as f64).unwrap_or(1.0);
                let row = c.rows.iter().find(|x| x.name == r.name && x.unsupported.is_none());
                let d = row.and_then(|x| x.decode.as_ref()).map(|s| s.median / n);
                let e = row.and_then(|x| x.encode.as_ref()).map(|s| s.median / n);
                per.push(d);
                cells.push(match (d, e) {
                    (Some(d), Some(e)) if style.wide() => format!("{} ({})", time(d), time(e)),
                    (Some(d), _) => time(d),
                    (None, Some(e)) if style.wide() => format!("({})", time(e)),
                    _ => "-".into(),
                });
            }
            cells.push(match (per.first().copied().flatten(), per.last().copied().flatten()) {
                (Some(a), Some(b)) if b > 0.0 => format!("{:.2}", a / b),
                _ => "-".into(),
            });
            table.rows.push(cells);
        }
        out.push_str(&table.render(markdown));
    }
    out
}

fn stats_json(s: &Option<OpStats>) -> Json {
    match s {
        None => Json::Null,
        Some(s) => json!({
            "median_ns": s.median, "q1_ns": s.q1, "q3_ns": s.q3, "min_ns": s.min, "max_ns": s.max,
            "iters_per_sample": s.iters, "samples_ns": s.samples,
        }),
    }
}

fn usage_json(u: Option<Usage>) -> Json {
    u.map(|u| json!({"allocs": u.allocs, "bytes": u.bytes, "peak_bytes": u.peak})).unwrap_or(Json::Null)
}

/// Every figure of the run, machine-readable.
///
/// ```
/// # use msgpack_bench::Group;
/// # use msgpack_bench::measure::{OpStats, RowResult};
/// # fn stats(ns: f64) -> OpStats {
/// #     let samples = vec![ns];
/// #     OpStats { median: ns, q1: ns * 0.95, q3: ns * 1.05, min: ns * 0.9, max: ns * 1.1, iters: 100, samples }
/// # }
/// # // A timed row with the given encode / decode medians in ns (±5%).
/// # fn row(name: &str, group: Group, encode: Option<f64>, decode: Option<f64>) -> RowResult {
/// #     RowResult {
/// #         name: name.into(), group, encode: encode.map(stats), reuse: None, reuse_api: None,
/// #         decode: decode.map(stats), size: 132, identical: true, differs: None, unsupported: None,
/// #         encode_alloc: None, reuse_alloc: None, decode_alloc: None, borrows: false,
/// #     }
/// # }
/// use msgpack_bench::alloc::Usage;
/// use msgpack_bench::harness::{ReuseApi, names};
/// use msgpack_bench::measure::{CaseResult, Settings};
/// use msgpack_bench::report::{Environment, to_json};
///
/// let env = Environment {
///     rustc: "rustc 1.95.0",
///     cpu: "Example CPU".into(),
///     cpus: 2,
///     crates: vec![],
///     date: "2026-01-01".into(),
/// };
/// let mut ours = row(names::DERIVE_ARRAY, Group::Ours, Some(20.0), Some(30.0));
/// (ours.reuse, ours.reuse_api) = (Some(stats(10.0)), Some(ReuseApi::Slice));
/// ours.reuse_alloc = Some(Usage { allocs: 0, bytes: 0, peak: 0 });
/// let case = CaseResult {
///     workload: "W4",
///     name: "small".into(),
///     bytes: 10,
///     items: None,
///     show_peak: false,
///     series: None,
///     collections: None,
///     numeric_floor: false,
///     rows: vec![ours],
/// };
/// let json = to_json(&env, Settings::QUICK, true, &[case], &[]);
/// assert_eq!(json["samples"], 3);
/// assert_eq!(json["cases"][0]["case"], "small");
/// let row = &json["cases"][0]["rows"][0];
/// assert_eq!(row["group"], "ours");
/// assert_eq!(row["decode"]["median_ns"], 30.0);
/// assert!(row["decode_alloc"].is_null());
/// // Column (a): the reused-buffer encode, its API and its allocations.
/// assert_eq!(row["reuse"]["median_ns"], 10.0);
/// assert_eq!(row["reuse_api"], "slice");
/// assert_eq!(row["reuse_alloc"]["allocs"], 0);
/// ```
pub fn to_json(env: &Environment, settings: Settings, quick: bool, cases: &[CaseResult], targets: &[Target]) -> Json {
    json!({
        "generator": "msgpack-bench",
        "date": env.date,
        "rustc": env.rustc,
        "cpu": env.cpu,
        "cpus": env.cpus,
        "crates": env.crates,
        "quick": quick,
        "samples": settings.samples,
        "sample_time_ms": settings.sample_time.as_secs_f64() * 1e3,
        "cases": cases.iter().map(|c| json!({
            "workload": c.workload,
            "case": c.name,
            "bytes": c.bytes,
            "items": c.items.map(|i| json!({"unit": i.unit, "count": i.count})),
            "numeric_floor": c.numeric_floor,
            "rows": c.rows.iter().map(|r| json!({
                "name": r.name,
                "group": r.group.as_str(),
                "unsupported": r.unsupported,
                "differs": if r.identical { None } else { r.differs.clone() },
                "size": r.size,
                "borrows": r.borrows,
                "encode": stats_json(&r.encode),
                "reuse": stats_json(&r.reuse),
                "reuse_api": r.reuse_api.map(|a| a.as_str()),
                "decode": stats_json(&r.decode),
                "encode_alloc": usage_json(r.encode_alloc),
                "reuse_alloc": usage_json(r.reuse_alloc),
                "decode_alloc": usage_json(r.decode_alloc),
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "targets": targets.iter().map(|t| json!({
            "target": t.what(), "operation": t.operation, "theirs": t.theirs, "ours": t.ours, "note": t.note,
            "case": t.case, "measured": t.measured, "goal": t.goal, "met": t.met(), "status": t.status.json(),
        })).collect::<Vec<_>>(),
        "ratios": "their time ÷ ours (above 1: ours is faster)",
    })
}
