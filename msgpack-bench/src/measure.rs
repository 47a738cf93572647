//! Checking and timing the rows of a case.
//!
//! Every row is checked before anything is timed: its bytes against the
//! case's canonical bytes (unless it declared why they differ), the bytes its
//! reused-buffer encode leaves in the buffer against the same (or, for a row
//! that differs, against its own encode output), its decode against the
//! source value. A row of ours that fails is an error (the run stops);
//! another crate's row that fails is reported as unsupported with the error
//! it gave.
//!
//! The operations timed per row are up to three: encode into a fresh `Vec`
//! (column (b)), encode into a reused buffer (column (a): the runner owns
//! one buffer per row, `vec![0u8; 2 * canonical_len + 1024]`, made before
//! timing and handed to every call of that row, never reallocated), and
//! decode.
//!
//! Timing interleaves the implementations: each sample round runs every
//! (row, operation) pair once, starting at a different pair each round, so a
//! slow phase of the machine spreads over all rows instead of hitting one.
//! Each pair runs in batches sized during calibration (which also warms the
//! caches and branch predictors) to last about `sample_time`; a pair whose
//! batch is only a few calls long gets one untimed call just before it. The
//! figure is the median over the rounds, with the quartiles as the spread.

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::alloc::{self, Usage};
use crate::harness::{Case, Group, Items, ReuseApi};

/// How long and how often to measure.
///
/// ```
/// use std::time::Duration;
/// use msgpack_bench::measure::Settings;
///
/// assert_eq!(Settings::QUICK.samples, 3);
/// // A custom run: 21 rounds of ~50 ms batches, for a quieter median.
/// let careful = Settings { samples: 21, sample_time: Duration::from_millis(50) };
/// assert!(careful.sample_time > Settings::FULL.sample_time);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Sample rounds per case (the median is taken over them).
    pub samples: usize,
    /// Target duration of one timed batch.
    pub sample_time: Duration,
}

impl Settings {
    /// The default run: 11 rounds of ~10 ms batches.
    pub const FULL: Settings = Settings { samples: 11, sample_time: Duration::from_millis(10) };
    /// The smoke run (`--quick`): 3 rounds of ~1 ms batches.
    pub const QUICK: Settings = Settings { samples: 3, sample_time: Duration::from_millis(1) };
}

/// Timing of one operation of one row.
///
/// ```
/// use std::time::Duration;
/// use msgpack_bench::harness::names;
/// use msgpack_bench::measure::{Settings, run_case};
/// use msgpack_bench::{Case, rows};
///
/// let case = Case::new("W9", "u64", vec![0x2a]).row(rows::ours::<u64>(names::DERIVE, 42));
/// let settings = Settings { samples: 5, sample_time: Duration::from_micros(200) };
/// let result = run_case(&case, settings, |_| {})?;
/// let stats = result.rows[0].decode.as_ref().unwrap();
/// assert_eq!(stats.samples.len(), 5);
/// assert!(stats.min <= stats.q1 && stats.q1 <= stats.median && stats.median <= stats.q3 && stats.q3 <= stats.max);
/// assert!(stats.iters >= 1);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub struct OpStats {
    /// Median time per operation, in nanoseconds.
    pub median: f64,
    /// First quartile, ns.
    pub q1: f64,
    /// Third quartile, ns.
    pub q3: f64,
    /// Fastest sample, ns.
    pub min: f64,
    /// Slowest sample, ns.
    pub max: f64,
    /// Operations per timed batch.
    pub iters: u64,
    /// Every sample, ns per operation, in the order taken.
    pub samples: Vec<f64>,
}

impl OpStats {
    fn from_samples(samples: Vec<f64>, iters: u64) -> OpStats {
        let mut sorted = samples.clone();
        sorted.sort_by(f64::total_cmp);
        let at = |q: f64| {
            let pos = q * (sorted.len() - 1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
        };
        OpStats {
            median: at(0.5),
            q1: at(0.25),
            q3: at(0.75),
            min: sorted[0],
            max: sorted[sorted.len() - 1],
            iters,
            samples,
        }
    }

    /// Half the interquartile range relative to the median, in percent.
    ///
    /// ```
    /// use msgpack_bench::measure::OpStats;
    ///
    /// let samples = vec![90.0, 95.0, 100.0, 105.0, 110.0];
    /// let stats = OpStats { median: 100.0, q1: 95.0, q3: 105.0, min: 90.0, max: 110.0, iters: 1000, samples };
    /// assert_eq!(stats.spread_pct(), 5.0); // shown as "100 ns ±5%"
    /// ```
    pub fn spread_pct(&self) -> f64 {
        if self.median > 0.0 { 50.0 * (self.q3 - self.q1) / self.median } else { 0.0 }
    }
}

/// Everything measured for one row.
///
/// ```
/// use std::time::Duration;
/// use msgpack_bench::harness::{ReuseApi, names};
/// use msgpack_bench::measure::{Settings, run_case};
/// use msgpack_bench::{Case, rows};
///
/// let case = Case::new("W9", "pair", msgpack_core::to_vec(&(1u8, "a")).unwrap())
///     .row(rows::ours::<(u8, String)>(names::DERIVE, (1, "a".to_string())))
///     .row(rows::msgpacker::<(u8, String)>(names::MSGPACKER, (1, "a".to_string())).differs("no array header"));
/// let settings = Settings { samples: 3, sample_time: Duration::from_micros(200) };
/// let result = run_case(&case, settings, |_| {})?;
/// let (ours, msgpacker) = (&result.rows[0], &result.rows[1]);
/// assert!(ours.identical && ours.encode.is_some() && ours.reuse.is_some() && ours.decode.is_some());
/// assert_eq!(ours.reuse_api, Some(ReuseApi::Slice));
/// assert!(ours.reuse_alloc.is_some() && ours.encode_alloc.is_some() && ours.decode_alloc.is_some());
/// assert_eq!(ours.size, 4); // fixarray, fixint, fixstr of 1 byte
/// assert!(!msgpacker.identical && msgpacker.size < ours.size);
/// assert!(!ours.borrows);
/// # Ok::<(), String>(())
/// ```
///
/// The allocation figures count only under the counting allocator (see
/// [`crate::alloc`]), as in the runner:
///
/// ```standalone_crate
/// use std::time::Duration;
/// use msgpack_bench::alloc::Counting;
/// use msgpack_bench::harness::names;
/// use msgpack_bench::measure::{Settings, run_case};
/// use msgpack_bench::{Case, rows};
///
/// #[global_allocator]
/// static ALLOC: Counting = Counting;
///
/// fn main() -> Result<(), String> {
///     let value = vec!["a".to_string(), "b".to_string()];
///     let case = Case::new("W9", "strings", msgpack_core::to_vec(&value).unwrap())
///         .row(rows::ours::<Vec<String>>(names::DERIVE, value.clone()))
///         .row(rows::serde_named::<Vec<String>>(names::RMP_SERDE_NAMED, value));
///     let settings = Settings { samples: 1, sample_time: Duration::from_micros(100) };
///     let result = run_case(&case, settings, |_| {})?;
///     for row in &result.rows {
///         // Into the runner's buffer: nothing to allocate.
///         assert_eq!(row.reuse_alloc.map(|u| u.allocs), Some(0), "{}", row.name);
///         // The decoded `Vec` and its two strings.
///         assert_eq!(row.decode_alloc.map(|u| u.allocs), Some(3), "{}", row.name);
///     }
///     assert_eq!(result.rows[0].encode_alloc.map(|u| u.allocs), Some(1)); // `to_vec`: one exact buffer
///     Ok(())
/// }
/// ```
#[derive(Clone, Debug)]
pub struct RowResult {
    /// Row name.
    pub name: String,
    /// Table section.
    pub group: Group,
    /// Encode timing, into a fresh `Vec` (column (b)), if the row encodes.
    pub encode: Option<OpStats>,
    /// Encode timing into the runner's reused buffer (column (a)), if the
    /// row has that operation.
    pub reuse: Option<OpStats>,
    /// How the reused-buffer encode reaches the buffer (slice or cleared `Vec`).
    pub reuse_api: Option<ReuseApi>,
    /// Decode timing, if the row decodes.
    pub decode: Option<OpStats>,
    /// Length of the bytes the row writes (or reads, for decode-only rows).
    pub size: usize,
    /// Whether the row's bytes equal the canonical bytes.
    pub identical: bool,
    /// Why the bytes differ (declared by the workload).
    pub differs: Option<String>,
    /// Why the row was not timed.
    pub unsupported: Option<String>,
    /// Allocations of one encode into a fresh `Vec`.
    pub encode_alloc: Option<Usage>,
    /// Allocations of one reused-buffer encode (after a warm-up call).
    pub reuse_alloc: Option<Usage>,
    /// Allocations of one decode.
    pub decode_alloc: Option<Usage>,
    /// Whether the decoded value borrows from the input ([`crate::Row::borrows`]).
    pub borrows: bool,
}

impl RowResult {
    /// Encode (into a fresh `Vec`, column (b)) + decode medians, when the
    /// row has both.
    ///
    /// ```
    /// use std::time::Duration;
    /// use msgpack_bench::harness::names;
    /// use msgpack_bench::measure::{Settings, run_case};
    /// use msgpack_bench::{Case, rows};
    ///
    /// let case = Case::new("W9", "nil", vec![0xc0]).row(rows::ours::<()>(names::DERIVE, ())).with_limits();
    /// let settings = Settings { samples: 3, sample_time: Duration::from_micros(200) };
    /// let result = run_case(&case, settings, |_| {})?;
    /// let ours = &result.rows[0];
    /// assert_eq!(ours.total(), Some(ours.encode.as_ref().unwrap().median + ours.decode.as_ref().unwrap().median));
    /// assert_eq!(result.rows[2].total(), None); // the skip floor only decodes
    /// # Ok::<(), String>(())
    /// ```
    pub fn total(&self) -> Option<f64> {
        Some(self.encode.as_ref()?.median + self.decode.as_ref()?.median)
    }
}

/// Everything measured for one case.
///
/// ```
/// use std::time::Duration;
/// use msgpack_bench::harness::names;
/// use msgpack_bench::measure::{Settings, run_case};
/// use msgpack_bench::{Case, rows};
///
/// let case = Case::new("W9", "str", vec![0xa1, b'x'])
///     .row(rows::ours::<String>(names::DERIVE, "x".to_string()))
///     .items("string", 1);
/// let settings = Settings { samples: 3, sample_time: Duration::from_micros(200) };
/// let result = run_case(&case, settings, |_| {})?;
/// assert_eq!((result.workload, result.name.as_str(), result.bytes), ("W9", "str", 2));
/// assert_eq!(result.items.map(|i| i.unit), Some("string"));
/// assert_eq!(result.rows.len(), case.rows.len());
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// Workload id.
    pub workload: &'static str,
    /// Case name.
    pub name: String,
    /// Canonical encoded length.
    pub bytes: usize,
    /// Per-item unit.
    pub items: Option<Items>,
    /// Show peak decode memory.
    pub show_peak: bool,
    /// Scaling series.
    pub series: Option<&'static str>,
    /// Allocations a borrowed decode cannot avoid.
    pub collections: Option<u64>,
    /// The numeric-floor targets apply ([`Case::numeric_floor`]).
    pub numeric_floor: bool,
    /// One result per row, in the workload's order.
    pub rows: Vec<RowResult>,
}

struct Ready {
    index: usize,
    input: Vec<u8>,
    /// The reused-buffer encode's buffer (empty for a row without one).
    buf: Vec<u8>,
}

/// One timed operation of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Encode,
    Reuse,
    Decode,
}

/// Check every row, then time them. `progress` is called before each round.
///
/// A row of ours that fails its check stops the run with an error; another
/// crate's row that fails is reported as unsupported, with its error:
///
/// ```
/// use std::time::Duration;
/// use msgpack_bench::harness::names;
/// use msgpack_bench::measure::{Settings, run_case};
/// use msgpack_bench::{Case, Group, Row, rows};
///
/// let settings = Settings { samples: 2, sample_time: Duration::from_micros(200) };
/// let case = Case::new("W9", "u8", vec![0x07])
///     .row(rows::ours::<u8>(names::DERIVE, 7))
///     .row(Row::new("broken", Group::Other).encode(|| Err::<Vec<u8>, _>("cannot encode")));
/// let mut steps = Vec::new();
/// let result = run_case(&case, settings, |step| steps.push(step.to_string()))?;
/// assert_eq!(steps, ["calibrating", "round 1/2", "round 2/2"]);
/// assert_eq!(result.rows[1].unsupported.as_deref(), Some("encode failed: cannot encode"));
///
/// // Our row writes other bytes than the canonical ones and does not say why.
/// let wrong = Case::new("W9", "u8", vec![0x08]).row(rows::ours::<u8>(names::DERIVE, 7));
/// let err = run_case(&wrong, settings, |_| {}).unwrap_err();
/// assert!(err.starts_with("W9 u8: row \"ours: derive\": writes other bytes"), "{err}");
///
/// // Its reused-buffer encode writes other bytes than its `to_vec` does.
/// let bad_reuse = Case::new("W9", "u8", vec![0x07]).row(
///     Row::new(names::DERIVE, Group::Ours)
///         .encode(|| msgpack_core::to_vec(&7u8))
///         .encode_slice(|buf| msgpack_core::to_slice(&8u8, buf)),
/// );
/// let err = run_case(&bad_reuse, settings, |_| {}).unwrap_err();
/// assert!(err.contains("the reused-buffer encode (slice) writes other bytes"), "{err}");
/// # Ok::<(), String>(())
/// ```
pub fn run_case(case: &Case, settings: Settings, mut progress: impl FnMut(&str)) -> Result<CaseResult, String> {
    let mut results = Vec::with_capacity(case.rows.len());
    let mut ready = Vec::new();
    for (index, row) in case.rows.iter().enumerate() {
        let mut result = RowResult {
            name: row.name.clone(),
            group: row.group,
            encode: None,
            reuse: None,
            reuse_api: row.reuse_api(),
            decode: None,
            size: case.canonical.len(),
            identical: true,
            differs: row.differs.clone(),
            unsupported: row.unsupported.clone(),
            encode_alloc: None,
            reuse_alloc: None,
            decode_alloc: None,
            borrows: row.borrows,
        };
        if result.unsupported.is_none() {
            match prepare(case, index) {
                Ok(p) => {
                    result.size = p.input.len();
                    result.identical = p.identical;
                    result.encode_alloc = p.encode_alloc;
                    result.reuse_alloc = p.reuse_alloc;
                    result.decode_alloc = p.decode_alloc;
                    ready.push(Ready { index, input: p.input, buf: p.buf });
                }
                Err(e) if row.group == Group::Other => result.unsupported = Some(e),
                Err(e) => return Err(format!("{} {}: row {:?}: {e}", case.workload, case.name, row.name)),
            }
        }
        results.push(result);
    }

    // (position in `ready`, operation, iterations per batch)
    let mut ops: Vec<(usize, Op, u64)> = Vec::new();
    for (at, r) in ready.iter().enumerate() {
        let row = &case.rows[r.index];
        if row.encode.is_some() {
            ops.push((at, Op::Encode, 0));
        }
        if row.reuse.is_some() {
            ops.push((at, Op::Reuse, 0));
        }
        if row.decode.is_some() {
            ops.push((at, Op::Decode, 0));
        }
    }
    let mut run = |at: usize, op: Op, iters: u64| -> Duration {
        let r = &mut ready[at];
        let row = &case.rows[r.index];
        match op {
            Op::Encode => {
                let start = Instant::now();
                for _ in 0..iters {
                    black_box(row.run_encode());
                }
                start.elapsed()
            }
            Op::Reuse => {
                let buf = &mut r.buf;
                let start = Instant::now();
                for _ in 0..iters {
                    black_box(row.run_reuse(black_box(&mut *buf)));
                }
                start.elapsed()
            }
            Op::Decode => {
                let input = r.input.as_slice();
                let start = Instant::now();
                for _ in 0..iters {
                    black_box(row.run_decode(black_box(input)));
                }
                start.elapsed()
            }
        }
    };

    progress("calibrating");
    for op in &mut ops {
        let (at, kind) = (op.0, op.1);
        op.2 = calibrate(|iters| run(at, kind, iters), settings.sample_time);
    }
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(settings.samples); ops.len()];
    for round in 0..settings.samples {
        progress(&format!("round {}/{}", round + 1, settings.samples));
        for k in 0..ops.len() {
            let i = (k + round * 7) % ops.len();
            let (at, op, iters) = ops[i];
            if iters < 8 {
                // A slow operation (a batch of a few calls): one untimed call
                // first, so that the batch starts from the heap state this
                // row leaves rather than the one the previous row left (a
                // large buffer freed by another row can otherwise cost this
                // row its page faults again).
                run(at, op, 1);
            }
            let t = run(at, op, iters);
            samples[i].push(t.as_nanos() as f64 / iters as f64);
        }
    }
    for ((at, op, iters), s) in ops.into_iter().zip(samples) {
        let stats = OpStats::from_samples(s, iters);
        let result = &mut results[ready[at].index];
        match op {
            Op::Encode => result.encode = Some(stats),
            Op::Reuse => result.reuse = Some(stats),
            Op::Decode => result.decode = Some(stats),
        }
    }
    Ok(CaseResult {
        workload: case.workload,
        name: case.name.clone(),
        bytes: case.canonical.len(),
        items: case.items,
        show_peak: case.show_peak,
        series: case.series,
        collections: case.collections,
        numeric_floor: case.numeric_floor,
        rows: results,
    })
}

/// Iterations per batch so that one batch lasts about `target`; the doubling
/// runs are the warm-up.
fn calibrate(mut time: impl FnMut(u64) -> Duration, target: Duration) -> u64 {
    let mut iters = 1u64;
    loop {
        let t = time(iters);
        if t >= target / 2 || iters >= 1 << 30 {
            let per = t.as_secs_f64() / iters as f64;
            return ((target.as_secs_f64() / per.max(1e-12)).round() as u64).clamp(1, 1 << 30);
        }
        iters *= 2;
    }
}

/// What checking one row leaves for the timing.
struct Prepared {
    /// The row's bytes (its encode output, or the canonical bytes).
    input: Vec<u8>,
    identical: bool,
    encode_alloc: Option<Usage>,
    reuse_alloc: Option<Usage>,
    decode_alloc: Option<Usage>,
    /// The reused-buffer encode's buffer (empty for a row without one).
    buf: Vec<u8>,
}

/// Where two byte strings first differ, for the error messages.
fn first_difference(got: &[u8], want: &[u8]) -> String {
    let at = got.iter().zip(want).take_while(|(a, b)| a == b).count();
    format!("{} vs {} bytes, first difference at byte {at}", got.len(), want.len())
}

/// Run one row once: its bytes, whether they are canonical, its check, the
/// bytes of its reused-buffer encode, and what one encode, one reused-buffer
/// encode and one decode allocate.
fn prepare(case: &Case, index: usize) -> Result<Prepared, String> {
    let row = &case.rows[index];
    let (input, encode_alloc) = match row.encode {
        Some(_) => {
            let out = row.run_encode().expect("encode is set").map_err(|e| format!("encode failed: {e}"))?;
            // Measured on a second call, as for decode below.
            let (_, usage) = alloc::measure(|| black_box(row.run_encode()));
            (out, Some(usage))
        }
        None => (case.canonical.clone(), None),
    };
    let identical = input == case.canonical;
    if !identical && row.differs.is_none() {
        return Err(format!(
            "writes other bytes than the canonical encoding ({}) and does not say why",
            first_difference(&input, &case.canonical)
        ));
    }
    if let Some(check) = row.run_check(&input) {
        check.map_err(|e| format!("round trip failed: {e}"))?;
    }
    let (buf, reuse_alloc) = match row.reuse_api() {
        Some(api) => {
            let what = format!("the reused-buffer encode ({})", api.as_str());
            let mut buf = vec![0u8; 2 * case.canonical.len() + 1024];
            let (len, capacity, at) = (buf.len(), buf.capacity(), buf.as_ptr());
            let n = row.run_reuse(&mut buf).expect("reuse is set").map_err(|e| format!("{what} failed: {e}"))?;
            if buf.capacity() != capacity || buf.as_ptr() != at {
                return Err(format!(
                    "{what} reallocated the runner's buffer (capacity {capacity} bytes, now {}): it must encode \
                     into the buffer it is given",
                    buf.capacity()
                ));
            }
            let out = buf.get(..n).ok_or_else(|| format!("{what} says it wrote {n} bytes into a {len}-byte buffer"))?;
            if row.differs.is_none() || row.encode.is_some() {
                // The canonical bytes, or this row's own (differing) encoding.
                let (want, whose) = if row.differs.is_none() {
                    (case.canonical.as_slice(), "the canonical encoding")
                } else {
                    (input.as_slice(), "its own encode (into a new Vec)")
                };
                if out != want {
                    return Err(format!("{what} writes other bytes than {whose} ({})", first_difference(out, want)));
                }
            } else if let Some(check) = row.run_check(out) {
                check.map_err(|e| format!("{what}: round trip failed: {e}"))?;
            }
            // The first call was the warm-up.
            let (out, usage) = alloc::measure(|| row.run_reuse(&mut buf));
            out.expect("reuse is set").map_err(|e| format!("{what} failed: {e}"))?;
            (buf, Some(usage))
        }
        None => (Vec::new(), None),
    };
    let decode_alloc = match row.decode {
        Some(_) => {
            // Once untimed so lazy statics and caches do not count as the row's allocations.
            row.run_decode(&input).expect("decode is set").map_err(|e| format!("decode failed: {e}"))?;
            let (out, usage) = alloc::measure(|| row.run_decode(&input));
            out.expect("decode is set").map_err(|e| format!("decode failed: {e}"))?;
            Some(usage)
        }
        None => None,
    };
    Ok(Prepared { input, identical, encode_alloc, reuse_alloc, decode_alloc, buf })
}
