//! The runner's report without timing anything: fixed fake results under the
//! real case and row names of every workload, rendered as the runner renders
//! them. The default output fits 120 columns, every ratio is their time ÷
//! ours (above 1: ours is faster) in the case tables and in the targets alike,
//! the summary line counts the targets, and rows of other bytes say so.

use msgpack_bench::alloc::Usage;
use msgpack_bench::harness::{Items, ReuseApi, names};
use msgpack_bench::measure::{CaseResult, OpStats, RowResult, Settings};
use msgpack_bench::report::{self, Environment, Status, Style, WIDTH};
use msgpack_bench::{Case, Group, workloads};

/// Timings of `ns` with the widest spread the runner prints (±99%).
fn stats(ns: f64) -> OpStats {
    OpStats { median: ns, q1: ns * 0.01, q3: ns * 1.99, min: ns * 0.01, max: ns * 2.0, iters: 1, samples: vec![ns] }
}

/// A row result: every operation timed at `ns` (a floor only where the floor
/// has the operation), large allocation counts, wide sizes.
fn fake_row(name: &str, group: Group, ns: f64, identical: bool, unsupported: Option<String>) -> RowResult {
    let timed = unsupported.is_none();
    let decode_only = name == names::SKIP || name == names::ALLOC_FLOOR;
    let usage = Some(Usage { allocs: 1_234_567, bytes: 999_999_999, peak: 999_999_999 });
    RowResult {
        name: name.into(),
        group,
        encode: (timed && !decode_only).then(|| stats(ns)),
        reuse: (timed && !decode_only).then(|| stats(ns * 0.9)),
        reuse_api: (timed && !decode_only).then_some(ReuseApi::Slice),
        decode: (timed && name != names::MEMCPY).then(|| stats(ns * 1.1)),
        size: if identical { 13_125_016 } else { 12_125_016 },
        identical,
        differs: (!identical).then(|| "other bytes, as declared by the workload".into()),
        unsupported,
        encode_alloc: usage,
        reuse_alloc: usage,
        decode_alloc: usage,
        borrows: name.contains("borrowed"),
    }
}

/// The results a run of `case` could give: ours at 999 ns, every other row
/// 99.9x slower (99.8 us), the floors at 10 ns: the widest cells the runner
/// prints for realistic figures.
fn fake_result(case: &Case) -> CaseResult {
    CaseResult {
        workload: case.workload,
        name: case.name.clone(),
        bytes: case.canonical.len(),
        items: case.items,
        show_peak: case.show_peak,
        series: case.series,
        collections: case.collections,
        numeric_floor: case.numeric_floor,
        rows: case
            .rows
            .iter()
            .map(|r| {
                let ns = match r.group {
                    Group::Ours => 999.0,
                    Group::Limit => 10.0,
                    _ => 99_800.0,
                };
                fake_row(&r.name, r.group, ns, r.differs.is_none(), r.unsupported.clone())
            })
            .collect(),
    }
}

/// Every case of every workload (quick sizes: the same rows and names as
/// the full run, except two W3 case names, added by hand below).
fn every_case() -> Vec<CaseResult> {
    let mut out: Vec<CaseResult> = workloads().iter().flat_map(|w| (w.cases)(true)).map(|c| fake_result(&c)).collect();
    // The full run's longest case names (W3), with the rows of a quick W3 case.
    let template = out.iter().find(|c| c.workload == "W3").expect("a W3 case").clone();
    for name in ["fields 1M", "maps 100k×16"] {
        out.push(CaseResult { name: name.into(), series: None, ..template.clone() });
    }
    out
}

fn widest(text: &str) -> (usize, String) {
    text.lines().map(|l| (l.chars().count(), l.to_string())).max().unwrap_or_default()
}

#[test]
fn default_output_fits_120_columns() {
    // W1 n = 10000 is 508 levels deep: build it on a large stack, as the runner does.
    let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(fits_120_columns).expect("a thread");
    worker.join().expect("the check passes");
}

fn fits_120_columns() {
    let results = every_case();
    assert!(results.len() >= 20, "every workload's cases: {}", results.len());
    let env = Environment {
        rustc: "rustc 1.95.0 (59807616e 2026-04-14)",
        cpu: "AMD EPYC 7B13 64-Core Processor with a long model name".into(),
        cpus: 2,
        crates: Environment::detect().crates,
        date: "2026-12-03".into(),
    };
    let mut text = report::run_header(&env, Settings::FULL, false, Style::Text);
    for c in &results {
        text.push_str(&report::case_title(c));
        text.push('\n');
        text.push_str(&report::case_table(c, Style::Text));
    }
    text.push_str(&report::scaling_tables(&results, Style::Text));
    let targets = report::targets(&results);
    assert!(targets.len() > 100, "targets of every case: {}", targets.len());
    text.push_str(&report::targets_table(&targets, false));
    text.push_str(&report::summary(&targets));
    if std::env::var_os("REPORT_DUMP").is_some() {
        println!("{text}");
    }
    let (width, line) = widest(&text);
    assert!(width <= WIDTH, "{width} columns: {line}");

    // `--wide` and `--markdown` keep every column, so they are wider.
    let w1 = results.iter().find(|c| c.workload == "W1" && c.show_peak).expect("W1 n=10000");
    let wide = report::case_table(w1, Style::Wide);
    assert!(widest(&wide).0 > WIDTH, "{wide}");
    for column in ["total", "size", "allocs/decode", "per node: (a) / (b) / dec", "peak decode mem"] {
        assert!(wide.lines().next().unwrap().contains(column), "{column}");
    }
    let narrow = report::case_table(w1, Style::Text);
    assert!(!narrow.lines().next().unwrap().contains("allocs"), "{narrow}");
    assert!(report::case_table(w1, Style::Markdown).starts_with("| implementation | encode (a) reused buffer |"));
}

/// A W2 Custom1 result: ours 100 ns encode (b) / 200 ns decode, rmp-serde
/// 4x and 2.5x slower, zerompk faster on encode (b).
fn custom1() -> CaseResult {
    let timed = |name: &str, group, encode: f64, decode: f64| {
        let mut r = fake_row(name, group, encode, true, None);
        r.decode = Some(stats(decode));
        r.reuse = Some(stats(encode / 2.0));
        r
    };
    CaseResult {
        workload: "W2",
        name: "Custom1".into(),
        bytes: 132,
        items: None,
        show_peak: false,
        series: None,
        collections: None,
        numeric_floor: false,
        rows: vec![
            timed(names::DERIVE, Group::Ours, 100.0, 200.0),
            timed(names::RMP_SERDE_NAMED, Group::Other, 400.0, 500.0),
            timed(names::ZEROMPK, Group::Other, 80.0, 300.0),
        ],
    }
}

fn cells(line: &str) -> Vec<&str> {
    line.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect()
}

#[test]
fn one_ratio_direction_in_tables_and_targets() {
    let case = custom1();
    let table = report::case_table(&case, Style::Text);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(cells(lines[0])[2], "÷ ours");
    // encode (b) ÷ ours, decode ÷ ours: rmp-serde slower (above 1), zerompk's encode faster (below 1).
    let row = |name: &str| cells(lines.iter().find(|l| l.starts_with(name)).unwrap()).to_vec();
    assert_eq!([row("rmp-serde")[4], row("rmp-serde")[6]], ["4.00", "2.50"]);
    assert_eq!([row("zerompk")[4], row("zerompk")[6]], ["0.80", "1.50"]);
    assert_eq!([row("ours: derive")[4], row("ours: derive")[6]], ["1.00", "1.00"]);

    let targets = report::targets(&[case]);
    let find = |what: &str| {
        targets.iter().find(|t| t.what() == what).unwrap_or_else(|| panic!("no target {what:?} in {targets:#?}"))
    };
    // The same figures, the same direction, in the targets.
    let t = find("encode (b): rmp-serde (named) ÷ ours: derive");
    assert_eq!((t.measured.as_str(), t.status), ("4.00x", Status::Met));
    let t = find("decode: rmp-serde (named) ÷ ours: derive");
    assert_eq!((t.measured.as_str(), t.status), ("2.50x", Status::Missed));
    let t = find("encode (b): zerompk ÷ ours: derive");
    assert_eq!(t.measured, "0.80x");
    assert!(!t.met());
    let t = find("decode owned: zerompk ÷ ours: derive");
    assert_eq!((t.measured.as_str(), t.status), ("1.50x", Status::Met));
    // Every ratio goal is a lower bound: no target reads the other way.
    assert!(targets.iter().all(|t| !t.goal.starts_with("<=")), "{targets:#?}");
    // The header of the targets table says which way the ratios go.
    let table = report::targets_table(&targets, false);
    assert!(table.lines().next().unwrap().contains("theirs ÷ ours"), "{table}");
}

#[test]
fn floors_read_as_theirs() {
    // A numeric case: our reused-buffer encode 3x memcpy's (goal: within 1.5x).
    let mut case = custom1();
    case.numeric_floor = true;
    let mut memcpy = fake_row(names::MEMCPY, Group::Limit, 50.0, true, None);
    memcpy.reuse = Some(stats(50.0 / 3.0));
    case.rows.push(memcpy);
    let targets = report::targets(&[case]);
    let t = targets.iter().find(|t| t.operation == "encode (a)" && t.theirs == names::MEMCPY).expect("floor target");
    assert_eq!((t.measured.as_str(), t.goal.as_str(), t.status), ("0.33x", ">= 0.67x", Status::Missed));
}

#[test]
fn alloc_floor_reads_as_theirs() {
    // Our owned decode (200 ns) against cloning the value: 160 ns is within
    // 1.3x (met), 100 ns is 2x (missed); without the row, no target.
    let target = |floor_ns: Option<f64>| {
        let mut case = custom1();
        if let Some(ns) = floor_ns {
            let mut floor = fake_row(names::ALLOC_FLOOR, Group::Limit, ns, true, None);
            (floor.encode, floor.reuse, floor.decode) = (None, None, Some(stats(ns)));
            case.rows.push(floor);
        }
        report::targets(&[case])
            .into_iter()
            .find(|t| t.theirs == names::ALLOC_FLOOR)
            .map(|t| (t.operation, t.ours, t.measured, t.goal, t.status))
    };
    let row = |m: &str, s| Some(("decode owned".into(), names::DERIVE.into(), m.into(), ">= 0.77x".into(), s));
    assert_eq!(target(Some(160.0)), row("0.80x", Status::Met));
    assert_eq!(target(Some(100.0)), row("0.50x", Status::Missed));
    assert_eq!(target(None), None);
}

#[test]
fn summary_line_counts_met_missed_and_not_evaluated() {
    let mut case = custom1();
    // Our serde path's rows exist but could not be timed: their targets are not evaluated.
    case.rows.push(fake_row(names::SERDE_PATH_NAMED, Group::Ours, 1.0, true, Some("cannot".into())));
    let targets = report::targets(&[case]);
    let count = |s: Status| targets.iter().filter(|t| t.status == s).count();
    let (met, missed, not) = (count(Status::Met), count(Status::Missed), count(Status::NotEvaluated));
    assert!(met > 0 && missed > 0 && not > 0, "{targets:#?}");
    let line = report::summary(&targets);
    assert!(line.starts_with(&format!("targets: {met} met, {missed} missed, {not} not evaluated (of ")), "{line}");
    assert!(line.contains(&format!("of {} with a goal", met + missed + not)), "{line}");
    let not_evaluated = targets.iter().find(|t| t.status == Status::NotEvaluated).unwrap();
    assert_eq!(not_evaluated.measured, "-");
}

#[test]
fn other_bytes_of_the_same_size_say_so() {
    let theirs = |size: usize| {
        let mut r = fake_row(names::MSGPACKER, Group::Other, 200.0, false, None);
        r.size = size;
        r
    };
    let ours = |size: usize| {
        let mut r = fake_row(names::DERIVE, Group::Ours, 100.0, true, None);
        r.size = size;
        r
    };
    let case = |their_size: usize| CaseResult {
        workload: "W5",
        name: "save file".into(),
        bytes: 427_622,
        items: Some(Items { unit: "player", count: 500 }),
        show_peak: false,
        series: None,
        collections: None,
        numeric_floor: false,
        rows: vec![ours(427_622), theirs(their_size)],
    };
    let note = |their_size| {
        let targets = report::targets(&[case(their_size)]);
        let t = targets.iter().find(|t| t.theirs == names::MSGPACKER).expect("a msgpacker target");
        t.note.clone().expect("a note")
    };
    assert_eq!(note(427_622), "other bytes of the same size, 427,622 B");
    assert_eq!(note(400_000), "other bytes: theirs 400,000 B, ours 427,622 B");
    // In the table the note is numbered once, below it.
    let table = report::targets_table(&report::targets(&[case(427_622)]), false);
    assert!(table.contains("msgpacker [1]"), "{table}");
    assert_eq!(table.matches("other bytes of the same size").count(), 1, "{table}");
}
