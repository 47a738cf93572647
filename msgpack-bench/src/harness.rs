//! What a workload hands the runner: [`Case`]s made of [`Row`]s.
//!
//! A row is one implementation of one case: a closure that encodes the case's
//! value into a fresh `Vec<u8>` (what `to_vec` does for a user; column (b)),
//! one that encodes it into a buffer the runner hands it again and again
//! (a preallocated slice or a cleared `Vec`, whichever is the crate's fastest
//! public way of reusing a buffer; column (a)), a closure that decodes bytes
//! into the implementation's own type and drops it, and a check that decodes
//! and compares with the source value. The runner (see [`crate::measure`])
//! checks every row before it times anything.

use std::fmt::Display;
use std::hint::black_box;
use std::rc::Rc;

/// Row names the runner, `bench_tables.py` and `BENCHMARKS.md` refer to
/// (targets, ratios).
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
    /// Our serde data format (`msgpack_core::serde`): `to_vec` / `from_slice`
    /// (structs as arrays) on the serde-derived types of the rmp-serde rows,
    /// beside [`RMP_SERDE_COMPACT`].
    pub const SERDE_PATH: &str = "ours: serde path";
    /// Our serde data format, `to_vec_named` (structs as maps) / `from_slice`,
    /// beside [`RMP_SERDE_NAMED`].
    pub const SERDE_PATH_NAMED: &str = "ours: serde path (named)";
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
    /// The owned-decode floor: clone the decoded value (the same
    /// allocations and copies, no parsing; [`floor`](crate::floor)).
    pub const ALLOC_FLOOR: &str = "alloc (floor): clone";
}

/// Which table section a row belongs to.
///
/// ```
/// use msgpack_bench::{Group, Row};
/// use msgpack_bench::harness::names;
///
/// let row = Row::new(names::RMPV, Group::Other);
/// assert_eq!(row.group, Group::Other);
/// assert_ne!(row.group, Group::Ours);
/// ```
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
    ///
    /// ```
    /// use msgpack_bench::Group;
    ///
    /// let names = [Group::Ours, Group::Other, Group::Limit].map(Group::as_str);
    /// assert_eq!(names, ["ours", "other", "limit"]);
    /// ```
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
type ReuseFn = Box<dyn Fn(&mut Vec<u8>) -> Result<usize, String>>;

/// How a row's reused-buffer encode (column (a)) reaches its buffer: each
/// crate through its fastest public way of reusing one.
///
/// ```
/// use msgpack_bench::harness::ReuseApi;
/// assert_eq!(ReuseApi::Slice.as_str(), "slice");
/// assert_eq!(ReuseApi::Vec.as_str(), "vec");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReuseApi {
    /// Into a preallocated `&mut [u8]` (the crate returns the length written).
    Slice,
    /// Appended to a `Vec<u8>` that is cleared before each operation and
    /// keeps its capacity.
    Vec,
}

impl ReuseApi {
    /// Lower-case name used in the tables and the JSON output.
    ///
    /// ```
    /// assert_eq!(msgpack_bench::harness::ReuseApi::Slice.as_str(), "slice");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ReuseApi::Slice => "slice",
            ReuseApi::Vec => "vec",
        }
    }
}

/// One implementation of one case.
///
/// A row is built from its operations; the runner calls them through
/// [`Row::run_encode`], [`Row::run_reuse`], [`Row::run_decode`] and
/// [`Row::run_check`]:
///
/// ```
/// use msgpack_bench::harness::{expect_eq, names};
/// use msgpack_bench::{Group, Row};
///
/// let row = Row::new(names::DERIVE, Group::Ours)
///     .encode(|| msgpack_core::to_vec(&300u16))
///     .decode(|bytes| msgpack_core::from_slice::<u16>(bytes))
///     .check(|bytes| expect_eq(&msgpack_core::from_slice::<u16>(bytes).map_err(|e| e.to_string())?, &300));
///
/// let bytes = row.run_encode().unwrap()?;
/// assert_eq!(bytes, [0xcd, 0x01, 0x2c]); // uint 16
/// assert_eq!(row.run_decode(&bytes), Some(Ok(())));
/// assert_eq!(row.run_check(&bytes), Some(Ok(())));
/// assert!(row.run_check(&[0x01]).unwrap().is_err()); // decodes to 1, not 300
/// # Ok::<(), String>(())
/// ```
pub struct Row {
    /// Display name (see [`names`]).
    pub name: String,
    /// Table section.
    pub group: Group,
    pub(crate) encode: Option<EncodeFn>,
    pub(crate) reuse: Option<(ReuseApi, ReuseFn)>,
    pub(crate) decode: Option<DecodeFn>,
    pub(crate) check: Option<DecodeFn>,
    /// Why this row's bytes differ from the case's canonical bytes (`None`:
    /// they must be identical, and the runner fails if they are not).
    pub differs: Option<String>,
    /// Why this row cannot express the case (`Some`: nothing is timed).
    pub unsupported: Option<String>,
    /// Whether the decoded value borrows from the input (set by
    /// [`Row::decode_with`]); the targets compare borrowed decodes with
    /// borrowed ones and owned with owned.
    pub borrows: bool,
}

impl Row {
    /// A row with no operations yet.
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::new("mine", Group::Ours);
    /// assert_eq!(row.name, "mine");
    /// assert!(row.run_encode().is_none() && row.run_decode(&[0xc0]).is_none());
    /// assert!(row.differs.is_none() && row.unsupported.is_none());
    /// ```
    pub fn new(name: impl Into<String>, group: Group) -> Self {
        Row {
            name: name.into(),
            group,
            encode: None,
            reuse: None,
            decode: None,
            check: None,
            differs: None,
            unsupported: None,
            borrows: false,
        }
    }

    /// A row that is listed with the reason it cannot express the case.
    ///
    /// ```
    /// use msgpack_bench::harness::names;
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::unsupported(names::MSGPACKER, Group::Other, "no dynamic value type");
    /// assert_eq!(row.unsupported.as_deref(), Some("no dynamic value type"));
    /// assert!(row.run_encode().is_none());
    /// ```
    pub fn unsupported(name: impl Into<String>, group: Group, why: impl Into<String>) -> Self {
        let mut row = Row::new(name, group);
        row.unsupported = Some(why.into());
        row
    }

    /// The encode operation: a fresh `Vec<u8>` holding the case's value, as a
    /// user's `to_vec` call would produce it.
    ///
    /// The closure's error is kept as text:
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    ///
    /// let ok = Row::new("ok", Group::Ours).encode(|| msgpack_core::to_vec(&true));
    /// assert_eq!(ok.run_encode(), Some(Ok(vec![0xc3])));
    ///
    /// let failing = Row::new("failing", Group::Other).encode(|| Err::<Vec<u8>, _>("value too large"));
    /// assert_eq!(failing.run_encode(), Some(Err("value too large".to_string())));
    /// ```
    pub fn encode<E: Display>(mut self, f: impl Fn() -> Result<Vec<u8>, E> + 'static) -> Self {
        self.encode = Some(Box::new(move || f().map_err(|e| e.to_string())));
        self
    }

    /// The decode operation for an owned (`'static`) result type: decoded, passed
    /// through `black_box`, dropped (the drop is part of the timing).
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::new("String", Group::Ours).decode(|bytes| msgpack_core::from_slice::<String>(bytes));
    /// assert_eq!(row.run_decode(&[0xa2, b'h', b'i']), Some(Ok(())));
    /// assert!(row.run_decode(&[0x2a]).unwrap().is_err()); // an integer, not a string
    /// ```
    pub fn decode<T, E: Display>(mut self, f: impl Fn(&[u8]) -> Result<T, E> + 'static) -> Self {
        self.decode = Some(Box::new(move |bytes| {
            let value = f(bytes).map_err(|e| e.to_string())?;
            black_box(&value);
            Ok(())
        }));
        self
    }

    /// The decode operation written out, for results that borrow from the
    /// input; the closure must `black_box` what it decoded. Marks the row as
    /// [`borrows`](Row::borrows).
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::new("&str", Group::Ours).decode_with(|bytes| {
    ///     let text: &str = msgpack_core::from_slice(bytes).map_err(|e| e.to_string())?;
    ///     std::hint::black_box(text);
    ///     Ok(())
    /// });
    /// assert_eq!(row.run_decode(&[0xa2, b'h', b'i']), Some(Ok(())));
    /// assert!(row.borrows);
    /// ```
    pub fn decode_with(mut self, f: impl Fn(&[u8]) -> Result<(), String> + 'static) -> Self {
        self.decode = Some(Box::new(f));
        self.borrows = true;
        self
    }

    /// Decode the bytes and compare with the case's source value; `Err` says
    /// what differs. Run once before timing.
    ///
    /// ```
    /// use msgpack_bench::harness::expect_eq;
    /// use msgpack_bench::{Group, Row};
    ///
    /// let want = vec![1u8, 2, 3];
    /// let row = Row::new("Vec<u8>", Group::Ours).check(move |bytes| {
    ///     let got: Vec<u8> = msgpack_core::from_slice(bytes).map_err(|e| e.to_string())?;
    ///     expect_eq(&got, &want)
    /// });
    /// assert_eq!(row.run_check(&[0xc4, 3, 1, 2, 3]), Some(Ok(()))); // bin 8
    /// assert!(row.run_check(&[0xc4, 2, 1, 2]).unwrap().is_err());
    /// ```
    pub fn check(mut self, f: impl Fn(&[u8]) -> Result<(), String> + 'static) -> Self {
        self.check = Some(Box::new(f));
        self
    }

    /// The reused-buffer encode (column (a)) through a preallocated slice:
    /// `f(buf)` encodes into `buf` and returns the number of bytes written.
    /// The runner hands every call the same buffer, of at least twice the
    /// canonical length plus 1 KiB, so no row is short of room.
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::new("ours", Group::Ours).encode_slice(|buf| msgpack_core::to_slice(&300u16, buf));
    /// let mut buf = vec![0; 16];
    /// assert_eq!(row.run_reuse(&mut buf), Some(Ok(3)));
    /// assert_eq!(&buf[..3], [0xcd, 0x01, 0x2c]);
    /// ```
    pub fn encode_slice<E: Display>(mut self, f: impl Fn(&mut [u8]) -> Result<usize, E> + 'static) -> Self {
        self.reuse = Some((ReuseApi::Slice, Box::new(move |buf| f(buf.as_mut_slice()).map_err(|e| e.to_string()))));
        self
    }

    /// The reused-buffer encode (column (a)) through a `Vec` that keeps its
    /// capacity: the operation clears `buf` (keeping its capacity), then `f(buf)`
    /// appends the encoding.
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::new("ours", Group::Ours).encode_reuse_vec(|buf| msgpack_core::append_to_vec(&true, buf));
    /// let mut buf = vec![0xff; 4];
    /// assert_eq!(row.run_reuse(&mut buf), Some(Ok(1)));
    /// assert_eq!(buf, [0xc3]);
    /// ```
    pub fn encode_reuse_vec<E: Display>(mut self, f: impl Fn(&mut Vec<u8>) -> Result<(), E> + 'static) -> Self {
        self.reuse = Some((
            ReuseApi::Vec,
            Box::new(move |buf| {
                buf.clear();
                f(buf).map_err(|e| e.to_string())?;
                Ok(buf.len())
            }),
        ));
        self
    }

    /// Which API the reused-buffer encode goes through, if the row has one.
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    /// use msgpack_bench::harness::ReuseApi;
    ///
    /// let row = Row::new("ours", Group::Ours).encode_slice(|buf| msgpack_core::to_slice(&1u8, buf));
    /// assert_eq!(row.reuse_api(), Some(ReuseApi::Slice));
    /// ```
    pub fn reuse_api(&self) -> Option<ReuseApi> {
        self.reuse.as_ref().map(|(api, _)| *api)
    }

    /// Runs the reused-buffer encode into `buf`; the encoding is `buf[..n]`.
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    /// assert!(Row::new("none", Group::Ours).run_reuse(&mut Vec::new()).is_none());
    /// ```
    pub fn run_reuse(&self, buf: &mut Vec<u8>) -> Option<Result<usize, String>> {
        self.reuse.as_ref().map(|(_, f)| f(buf))
    }

    /// Declare (and explain) that this row writes other bytes than the
    /// canonical encoding, e.g. an array form.
    ///
    /// ```
    /// use msgpack_bench::harness::names;
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::new(names::RMP_SERDE_COMPACT, Group::Other)
    ///     .encode(|| rmp_serde::to_vec(&(1, "a")))
    ///     .differs("structs as arrays without keys");
    /// assert_eq!(row.differs.as_deref(), Some("structs as arrays without keys"));
    /// ```
    pub fn differs(mut self, why: impl Into<String>) -> Self {
        self.differs = Some(why.into());
        self
    }

    /// Run the encode operation once.
    ///
    /// `None` when the row has no encode operation.
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::new("nil", Group::Ours).encode(|| msgpack_core::to_vec(&()));
    /// assert_eq!(row.run_encode(), Some(Ok(vec![0xc0])));
    /// assert_eq!(Row::new("decode only", Group::Ours).run_encode(), None);
    /// ```
    pub fn run_encode(&self) -> Option<Result<Vec<u8>, String>> {
        self.encode.as_ref().map(|f| f())
    }

    /// Run the decode operation once.
    ///
    /// `None` when the row has no decode operation.
    ///
    /// ```
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::new("u8", Group::Ours).decode(|bytes| msgpack_core::from_slice::<u8>(bytes));
    /// assert_eq!(row.run_decode(&[0x07]), Some(Ok(())));
    /// assert!(row.run_decode(&[0xcd, 0x01, 0x00]).unwrap().is_err()); // 256 does not fit a u8
    /// ```
    pub fn run_decode(&self, bytes: &[u8]) -> Option<Result<(), String>> {
        self.decode.as_ref().map(|f| f(bytes))
    }

    /// Run the check once.
    ///
    /// `None` when the row has no check.
    ///
    /// ```
    /// use msgpack_bench::harness::expect_eq;
    /// use msgpack_bench::{Group, Row};
    ///
    /// let row = Row::new("bool", Group::Ours)
    ///     .check(|bytes| expect_eq(&msgpack_core::from_slice::<bool>(bytes).map_err(|e| e.to_string())?, &true));
    /// assert_eq!(row.run_check(&[0xc3]), Some(Ok(())));
    /// assert!(row.run_check(&[0xc2]).unwrap().is_err());
    /// ```
    pub fn run_check(&self, bytes: &[u8]) -> Option<Result<(), String>> {
        self.check.as_ref().map(|f| f(bytes))
    }
}

/// Compare a decoded value with the expected one, for [`Row::check`].
///
/// The error shows both values' `Debug` text around the first difference.
///
/// ```
/// use msgpack_bench::harness::expect_eq;
///
/// assert_eq!(expect_eq(&vec![1, 2, 3], &vec![1, 2, 3]), Ok(()));
/// let err = expect_eq(&"abcdef", &"abcxef").unwrap_err();
/// assert_eq!(err, r#"decoded value differs from the source at char 4: got …"abcdef"…, want …"abcxef"…"#);
/// ```
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
///
/// ```
/// use msgpack_bench::Case;
///
/// let case = Case::new("W9", "three", msgpack_core::to_vec(&[1, 2, 3]).unwrap()).items("element", 3);
/// let items = case.items.unwrap();
/// assert_eq!((items.unit, items.count), ("element", 3));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Items {
    /// Singular noun: "field", "node", "map".
    pub unit: &'static str,
    /// Items per operation.
    pub count: u64,
}

/// One measured situation: a value, its canonical bytes and the rows.
///
/// ```
/// use msgpack_bench::harness::names;
/// use msgpack_bench::{Case, rows};
///
/// let value = vec![1u32, 2, 3];
/// let case = Case::new("W9", "three u32", msgpack_core::to_vec(&value).unwrap())
///     .row(rows::ours::<Vec<u32>>(names::DERIVE, value.clone()))
///     .row(rows::serde_named::<Vec<u32>>(names::RMP_SERDE_NAMED, value))
///     .items("element", 3)
///     .with_limits();
/// assert_eq!(case.canonical, [0x93, 1, 2, 3]);
/// let rows: Vec<&str> = case.rows.iter().map(|r| r.name.as_str()).collect();
/// assert_eq!(rows, [names::DERIVE, names::RMP_SERDE_NAMED, names::MEMCPY, names::SKIP]);
/// ```
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
    /// A numeric workload, close to the physical floors: the targets also
    /// ask for our reused-buffer encode within 3x of `memcpy` of the output
    /// and our borrowed decode within 2x of our `skip`.
    pub numeric_floor: bool,
}

impl Case {
    /// A case with canonical bytes and no rows.
    ///
    /// ```
    /// use msgpack_bench::Case;
    ///
    /// let case = Case::new("W9", "nil", vec![0xc0]);
    /// assert_eq!((case.workload, case.name.as_str()), ("W9", "nil"));
    /// assert!(case.rows.is_empty() && case.quick && !case.show_peak);
    /// ```
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
            numeric_floor: false,
        }
    }

    /// Add a row.
    ///
    /// ```
    /// use msgpack_bench::harness::names;
    /// use msgpack_bench::{Case, rows};
    ///
    /// let case = Case::new("W9", "true", vec![0xc3]).row(rows::ours::<bool>(names::DERIVE, true));
    /// assert_eq!(case.rows.len(), 1);
    /// assert_eq!(case.rows[0].run_encode(), Some(Ok(case.canonical.clone())));
    /// ```
    pub fn row(mut self, row: Row) -> Self {
        self.rows.push(row);
        self
    }

    /// Report per-item figures.
    ///
    /// ```
    /// use msgpack_bench::Case;
    ///
    /// let case = Case::new("W9", "two maps", vec![0x92, 0x80, 0x80]).items("map", 2);
    /// assert_eq!(case.items.map(|i| i.count), Some(2));
    /// ```
    pub fn items(mut self, unit: &'static str, count: u64) -> Self {
        self.items = Some(Items { unit, count });
        self
    }

    /// Show peak decode memory.
    ///
    /// ```
    /// use msgpack_bench::Case;
    ///
    /// assert!(Case::new("W9", "big", vec![0xc0]).show_peak().show_peak);
    /// ```
    pub fn show_peak(mut self) -> Self {
        self.show_peak = true;
        self
    }

    /// Put this case in a scaling series.
    ///
    /// ```
    /// use msgpack_bench::Case;
    ///
    /// let small = Case::new("W9", "n=1", vec![0x91, 0x00]).series("W9 arrays");
    /// let large = Case::new("W9", "n=2", vec![0x92, 0x00, 0x00]).series("W9 arrays");
    /// assert_eq!(small.series, large.series);
    /// ```
    pub fn series(mut self, series: &'static str) -> Self {
        self.series = Some(series);
        self
    }

    /// The allocations a borrowed decode needs (see [`Case::collections`]).
    ///
    /// ```
    /// use msgpack_bench::Case;
    ///
    /// // `[[1], []]`: one non-empty `Vec` inside the outer one.
    /// let case = Case::new("W9", "nested", vec![0x92, 0x91, 0x01, 0x90]).collections(2);
    /// assert_eq!(case.collections, Some(2));
    /// ```
    pub fn collections(mut self, n: u64) -> Self {
        self.collections = Some(n);
        self
    }

    /// Leave this case out of `--quick` runs.
    ///
    /// ```
    /// use msgpack_bench::Case;
    ///
    /// assert!(!Case::new("W9", "1 GB", vec![0xc0]).not_quick().quick);
    /// ```
    pub fn not_quick(mut self) -> Self {
        self.quick = false;
        self
    }

    /// Ask for the numeric-floor targets on this case (see
    /// [`Case::numeric_floor`]): our reused-buffer encode within 3x of
    /// `memcpy` of the output, our borrowed decode within 2x of `skip`.
    ///
    /// ```
    /// use msgpack_bench::Case;
    ///
    /// let mesh = Case::new("W9", "floats", msgpack_core::to_vec(&[0.5f32; 4]).unwrap()).numeric_floor();
    /// assert!(mesh.numeric_floor);
    /// assert!(!Case::new("W9", "nil", vec![0xc0]).numeric_floor);
    /// ```
    pub fn numeric_floor(mut self) -> Self {
        self.numeric_floor = true;
        self
    }

    /// Add the two floor rows over the canonical bytes: `memcpy` (encode into
    /// a fresh `Vec`, and into the reused slice) and our `skip` (decode).
    ///
    /// ```
    /// use msgpack_bench::Case;
    /// use msgpack_bench::harness::ReuseApi;
    ///
    /// let case = Case::new("W9", "str", vec![0xa2, b'h', b'i']).with_limits();
    /// let (memcpy, skip) = (&case.rows[0], &case.rows[1]);
    /// assert_eq!(memcpy.run_encode(), Some(Ok(case.canonical.clone())));
    /// let mut buf = vec![0; 16];
    /// assert_eq!(memcpy.reuse_api(), Some(ReuseApi::Slice));
    /// assert_eq!(memcpy.run_reuse(&mut buf), Some(Ok(3)));
    /// assert_eq!(buf[..3], case.canonical);
    /// assert!(memcpy.run_reuse(&mut vec![0; 2]).unwrap().is_err()); // no room
    /// assert_eq!(skip.run_decode(&case.canonical), Some(Ok(())));
    /// assert!(skip.run_decode(&[0xa2, b'h']).unwrap().is_err()); // truncated
    /// assert!(skip.run_decode(&[0xc0, 0xc0]).unwrap().is_err()); // trailing bytes
    /// ```
    pub fn with_limits(self) -> Self {
        let bytes = Rc::new(self.canonical.clone());
        let copy = Rc::clone(&bytes);
        self.row(
            Row::new(names::MEMCPY, Group::Limit)
                .encode(move || Ok::<_, String>(black_box(bytes.as_slice()).to_vec()))
                .encode_slice(move |buf| {
                    let src = black_box(copy.as_slice());
                    let dst = buf.get_mut(..src.len()).ok_or("the buffer is shorter than the bytes")?;
                    dst.copy_from_slice(src);
                    Ok::<_, &str>(src.len())
                })
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
///
/// ```
/// use msgpack_bench::harness::names;
/// use msgpack_bench::{Case, Workload, rows};
///
/// fn cases(quick: bool) -> Vec<Case> {
///     let sizes: &[usize] = if quick { &[10] } else { &[10, 1_000_000] };
///     sizes
///         .iter()
///         .map(|&n| {
///             let value = vec![0u8; n];
///             let canonical = msgpack_core::to_vec(&value).unwrap();
///             Case::new("W9", format!("n={n}"), canonical).row(rows::ours::<Vec<u8>>(names::DERIVE, value))
///         })
///         .collect()
/// }
///
/// let w = Workload { id: "W9", title: "zero bytes", source: "this example", cases };
/// let quick = (w.cases)(true);
/// assert_eq!(quick.len(), 1);
/// assert_eq!(quick[0].canonical, [0xc4, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]); // bin 8
/// ```
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
