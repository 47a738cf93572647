//! What a workload hands the runner: [`Case`]s made of [`Row`]s.
//!
//! A row is one implementation of one case: a closure that encodes the case's
//! value into a fresh `Vec<u8>` (what `to_vec` does for a user), a closure that
//! decodes bytes into the implementation's own type and drops it, and a check
//! that decodes and compares with the source value. The runner (see
//! [`crate::measure`]) checks every row before it times anything.

use std::fmt::Display;
use std::hint::black_box;

/// Row names the runner and the README refer to (targets, ratios).
pub mod names {
    /// Our derive, map form, owned fields (`String`, `Vec`).
    pub const DERIVE: &str = "ours: derive";
    /// Our derive, map form, borrowed fields (`&str`, `&[u8]`).
    pub const DERIVE_BORROWED: &str = "ours: derive, borrowed";
    /// Our derive, array form (`#[msgpack(array)]`).
    pub const DERIVE_ARRAY: &str = "ours: derive (array)";
    /// Our dynamic `Value` (owned).
    pub const VALUE: &str = "ours: Value";
    /// Our dynamic `ValueRef` (borrowed).
    pub const VALUE_REF: &str = "ours: ValueRef";
    /// Hand-written code against our low-level `Encoder` / `Decoder`.
    pub const HAND: &str = "ours: hand-written";
    /// `rmp_serde::to_vec_named` / `from_slice`.
    pub const RMP_SERDE_NAMED: &str = "rmp-serde (named)";
    /// `rmp_serde::to_vec` / `from_slice` (structs as arrays).
    pub const RMP_SERDE_COMPACT: &str = "rmp-serde (compact)";
    /// `rmpv::Value` with `rmpv::encode::write_value` / `rmpv::decode::read_value`.
    pub const RMPV: &str = "rmpv";
    /// zerompk's derive.
    pub const ZEROMPK: &str = "zerompk";
    /// zerompk's traits implemented by hand (where its derive cannot express the workload).
    pub const ZEROMPK_HAND: &str = "zerompk (hand-written)";
    /// zerompk's dynamic `Value`.
    pub const ZEROMPK_VALUE: &str = "zerompk: Value";
    /// msgpacker's derive.
    pub const MSGPACKER: &str = "msgpacker";
    /// The encode floor: copy the encoded bytes into a fresh `Vec`.
    pub const MEMCPY: &str = "memcpy (floor)";
    /// The typed-decode floor: our structural skip over the bytes.
    pub const SKIP: &str = "skip (floor)";
}

/// Which table section a row belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// msgpack-core.
    Ours,
    /// Another crate.
    Other,
    /// A physical floor (memcpy, skip).
    Limit,
}

impl Group {
    /// Lower-case name used in the JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Group::Ours => "ours",
            Group::Other => "other",
            Group::Limit => "limit",
        }
    }
}

type EncodeFn = Box<dyn Fn() -> Result<Vec<u8>, String>>;
type DecodeFn = Box<dyn Fn(&[u8]) -> Result<(), String>>;

/// One implementation of one case.
pub struct Row {
    /// Display name (see [`names`]).
    pub name: String,
    /// Table section.
    pub group: Group,
    pub(crate) encode: Option<EncodeFn>,
    pub(crate) decode: Option<DecodeFn>,
    pub(crate) check: Option<DecodeFn>,
    /// Why this row's bytes differ from the case's canonical bytes (`None`:
    /// they must be identical, and the runner fails if they are not).
    pub differs: Option<String>,
    /// Why this row cannot express the case (`Some`: nothing is timed).
    pub unsupported: Option<String>,
}

impl Row {
    /// A row with no operations yet.
    pub fn new(name: impl Into<String>, group: Group) -> Self {
        Row { name: name.into(), group, encode: None, decode: None, check: None, differs: None, unsupported: None }
    }

    /// A row that is listed with the reason it cannot express the case.
    pub fn unsupported(name: impl Into<String>, group: Group, why: impl Into<String>) -> Self {
        let mut row = Row::new(name, group);
        row.unsupported = Some(why.into());
        row
    }

    /// The encode operation: a fresh `Vec<u8>` holding the case's value, as a
    /// user's `to_vec` call would produce it.
    pub fn encode<E: Display>(mut self, f: impl Fn() -> Result<Vec<u8>, E> + 'static) -> Self {
        self.encode = Some(Box::new(move || f().map_err(|e| e.to_string())));
        self
    }

    /// The decode operation for an owned (`'static`) result type: decoded, passed
    /// through `black_box`, dropped (the drop is part of the timing).
    pub fn decode<T, E: Display>(mut self, f: impl Fn(&[u8]) -> Result<T, E> + 'static) -> Self {
        self.decode = Some(Box::new(move |bytes| {
            let value = f(bytes).map_err(|e| e.to_string())?;
            black_box(&value);
            Ok(())
        }));
        self
    }

    /// The decode operation written out, for results that borrow from the
    /// input; the closure must `black_box` what it decoded.
    pub fn decode_with(mut self, f: impl Fn(&[u8]) -> Result<(), String> + 'static) -> Self {
        self.decode = Some(Box::new(f));
        self
    }

    /// Decode the bytes and compare with the case's source value; `Err` says
    /// what differs. Run once before timing.
    pub fn check(mut self, f: impl Fn(&[u8]) -> Result<(), String> + 'static) -> Self {
        self.check = Some(Box::new(f));
        self
    }

    /// Declare (and explain) that this row writes other bytes than the
    /// canonical encoding, e.g. an array form.
    pub fn differs(mut self, why: impl Into<String>) -> Self {
        self.differs = Some(why.into());
        self
    }

    /// Run the encode operation once.
    pub fn run_encode(&self) -> Option<Result<Vec<u8>, String>> {
        self.encode.as_ref().map(|f| f())
    }

    /// Run the decode operation once.
    pub fn run_decode(&self, bytes: &[u8]) -> Option<Result<(), String>> {
        self.decode.as_ref().map(|f| f(bytes))
    }

    /// Run the check once.
    pub fn run_check(&self, bytes: &[u8]) -> Option<Result<(), String>> {
        self.check.as_ref().map(|f| f(bytes))
    }
}

/// Compare a decoded value with the expected one, for [`Row::check`].
pub fn expect_eq<T: PartialEq + std::fmt::Debug>(got: &T, want: &T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        let (g, w) = (format!("{got:?}"), format!("{want:?}"));
        let at = g.bytes().zip(w.bytes()).take_while(|(a, b)| a == b).count();
        let from = at.saturating_sub(40);
        let clip = |s: &str| s.get(from..(at + 60).min(s.len())).unwrap_or("").to_string();
        Err(format!("decoded value differs from the source at char {at}: got …{}…, want …{}…", clip(&g), clip(&w)))
    }
}

/// How many of something one operation handles, for per-item figures
/// (W3's "per field", W1's "per node").
#[derive(Clone, Copy, Debug)]
pub struct Items {
    /// Singular noun: "field", "node", "map".
    pub unit: &'static str,
    /// Items per operation.
    pub count: u64,
}

/// One measured situation: a value, its canonical bytes and the rows.
pub struct Case {
    /// Workload id: "W1" … "W4".
    pub workload: &'static str,
    /// Short name, unique within the workload: "n=1000", "Custom1".
    pub name: String,
    /// The bytes every row marked identical must produce; what `skip` and
    /// `memcpy` work on, and what `--dump-data` writes.
    pub canonical: Vec<u8>,
    /// The implementations.
    pub rows: Vec<Row>,
    /// Per-item figures, if the workload reports them.
    pub items: Option<Items>,
    /// Show peak memory per decode in the table (the large cases).
    pub show_peak: bool,
    /// Cases sharing a series name form a scaling table (time per item vs size).
    pub series: Option<&'static str>,
    /// The allocations a borrowed decode of this value cannot avoid: one per
    /// non-empty collection (`Vec`, `BTreeMap` of up to 11 entries) it holds.
    pub collections: Option<u64>,
    /// Included in `--quick` runs.
    pub quick: bool,
}

impl Case {
    /// A case with canonical bytes and no rows.
    pub fn new(workload: &'static str, name: impl Into<String>, canonical: Vec<u8>) -> Self {
        Case {
            workload,
            name: name.into(),
            canonical,
            rows: Vec::new(),
            items: None,
            show_peak: false,
            series: None,
            collections: None,
            quick: true,
        }
    }

    /// Add a row.
    pub fn row(mut self, row: Row) -> Self {
        self.rows.push(row);
        self
    }

    /// Report per-item figures.
    pub fn items(mut self, unit: &'static str, count: u64) -> Self {
        self.items = Some(Items { unit, count });
        self
    }

    /// Show peak decode memory.
    pub fn show_peak(mut self) -> Self {
        self.show_peak = true;
        self
    }

    /// Put this case in a scaling series.
    pub fn series(mut self, series: &'static str) -> Self {
        self.series = Some(series);
        self
    }

    /// The allocations a borrowed decode needs (see [`Case::collections`]).
    pub fn collections(mut self, n: u64) -> Self {
        self.collections = Some(n);
        self
    }

    /// Leave this case out of `--quick` runs.
    pub fn not_quick(mut self) -> Self {
        self.quick = false;
        self
    }

    /// Add the two floor rows over the canonical bytes: `memcpy` (encode) and
    /// our `skip` (decode).
    pub fn with_limits(self) -> Self {
        let bytes = self.canonical.clone();
        self.row(
            Row::new(names::MEMCPY, Group::Limit)
                .encode(move || Ok::<_, String>(black_box(bytes.as_slice()).to_vec()))
                .differs("not an encoder: a copy of the canonical bytes"),
        )
        .row(Row::new(names::SKIP, Group::Limit).decode_with(|bytes| {
            let mut d = msgpack_core::decode::Decoder::new(bytes);
            d.skip().map_err(|e| e.to_string())?;
            d.finish().map_err(|e| e.to_string())?;
            Ok(())
        }))
    }
}

/// A workload: an id, a title, where it comes from, and its cases.
pub struct Workload {
    /// "W1" … "W4".
    pub id: &'static str,
    /// One-line title.
    pub title: &'static str,
    /// Where the workload comes from (the published benchmark).
    pub source: &'static str,
    /// The cases, built on demand (W1 n=10000 and W3 are large).
    pub cases: fn(quick: bool) -> Vec<Case>,
}
