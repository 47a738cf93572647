//! A named corpus of hostile inputs, one test per case, each asserting the
//! exact error: its `ErrorKind` (variant and fields), its byte offset and,
//! where it says something, its path.
//!
//! `malformed.rs` covers the core types (truncation of std containers, 0xc1 at
//! the top and in std containers, invalid UTF-8 in std strings, huge length
//! prefixes into std types, depth bombs through hand-written recursive
//! types). This file adds what it leaves out: `ValueRef` and derived types
//! (incl. recursive ones, nesting in key position), every header width of
//! every length-prefixed format against every target type, every wire
//! format of the boundary integers, the derive's handling of keys, unknown
//! fields and duplicates, and borrowed decodes of non-borrowable input.
//!
//! Three wrong errors found while writing the corpus were fixed in the
//! library; their tests say so.

use std::any::type_name;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::time::Duration;

use msgpack_core::decode::{self, ErrorKind, Found, Segment, Text};
use msgpack_core::{
    Decode, DecodeOptions, Decoder, Ext, ExtRef, MsgPack, Timestamp, Value, ValueRef, from_slice, from_slice_with,
    to_vec,
};

// ---- allocation accounting (as in hostile.rs) -------------------------------------------

use crate::common::peak_alloc;
use peak_alloc::measure;

// ---- helpers ---------------------------------------------------------------------

const DEFAULT: DecodeOptions = DecodeOptions::new();

/// Decodes `bytes` as `T` with `opts`; the error, failing if it decodes.
#[track_caller]
fn err_with<'de, T: Decode<'de> + Debug>(bytes: &'de [u8], opts: &DecodeOptions) -> decode::Error {
    match from_slice_with::<T>(bytes, opts) {
        Ok(v) => panic!("{} decoded {} as {v:?}", type_name::<T>(), hex(bytes)),
        Err(e) => e,
    }
}

/// Asserts that `bytes` as `T` fails with exactly `kind` at `offset`.
#[track_caller]
fn expect<'de, T: Decode<'de> + Debug>(bytes: &'de [u8], kind: &ErrorKind, offset: usize) -> decode::Error {
    expect_with::<T>(bytes, &DEFAULT, kind, offset)
}

#[track_caller]
fn expect_with<'de, T: Decode<'de> + Debug>(
    bytes: &'de [u8],
    opts: &DecodeOptions,
    kind: &ErrorKind,
    offset: usize,
) -> decode::Error {
    let e = err_with::<T>(bytes, opts);
    assert_eq!((e.kind(), e.offset()), (kind, offset), "{} from {}: {e}", type_name::<T>(), short_hex(bytes));
    e
}

/// [`expect`] plus the path.
#[track_caller]
fn expect_at<'de, T: Decode<'de> + Debug>(bytes: &'de [u8], kind: &ErrorKind, offset: usize, path: &str) {
    let e = expect::<T>(bytes, kind, offset);
    assert_eq!(e.path().to_string(), path, "{} from {}: {e}", type_name::<T>(), short_hex(bytes));
}

/// Asserts that `Decoder::skip` fails with exactly `kind` at `offset`.
#[track_caller]
fn expect_skip(bytes: &[u8], kind: &ErrorKind, offset: usize) {
    let e = Decoder::new(bytes).skip().expect_err("skip must fail");
    assert_eq!((e.kind(), e.offset()), (kind, offset), "skip of {}: {e}", short_hex(bytes));
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

fn short_hex(bytes: &[u8]) -> String {
    if bytes.len() <= 48 { hex(bytes) } else { format!("{} ... ({} bytes)", hex(&bytes[..48]), bytes.len()) }
}

fn str_found(s: &str) -> Found {
    Found::Str(Text::new(s))
}

fn mismatch(expected: &'static str, found: Found) -> ErrorKind {
    ErrorKind::TypeMismatch { expected, found }
}

fn eof(needed: u64, available: usize) -> ErrorKind {
    ErrorKind::UnexpectedEof { needed, available }
}

fn oor(expected: &'static str, found: Found) -> ErrorKind {
    ErrorKind::OutOfRange { expected, found }
}

/// Runs `f` on a thread with a large stack: unoptimised derived code spends
/// far more stack per level than a release build; these tests are about the
/// limit, not about frame sizes.
fn with_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new().stack_size(256 << 20).spawn(f).unwrap().join().unwrap()
}

/// A `str` item (smallest header) with `payload`.
fn str_item(payload: &[u8]) -> Vec<u8> {
    let n = payload.len();
    let mut v = match n {
        0..=31 => vec![0xa0 | n as u8],
        32..=255 => vec![0xd9, n as u8],
        _ => vec![0xda, (n >> 8) as u8, n as u8],
    };
    v.extend_from_slice(payload);
    v
}

// ---- the derived types ------------------------------------------------------------

/// Arrays all the way down (a transparent newtype).
#[derive(MsgPack, Debug, PartialEq)]
struct ANest(Vec<ANest>);

/// Maps in value position all the way down.
#[derive(MsgPack, Debug, PartialEq)]
struct MNest(BTreeMap<u8, MNest>);

/// Maps in key position all the way down: `{{{}: 0}: 0}`.
#[derive(MsgPack, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct KeyNest(Option<BTreeMap<KeyNest, u8>>);

/// A recursive struct: each level is a map and an array.
#[derive(MsgPack, Debug, PartialEq)]
struct Node {
    value: i32,
    children: Vec<Node>,
}

/// A recursive, externally tagged enum.
#[derive(MsgPack, Debug, PartialEq)]
enum Expr {
    Nil,
    Lit(i64),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    List(Vec<Expr>),
    Let { name: String, value: Box<Expr> },
}

#[derive(MsgPack, Debug, PartialEq, Clone)]
struct Inner {
    id: u32,
    name: String,
    tags: Vec<String>,
}

/// Nested fields of many kinds.
#[derive(MsgPack, Debug, PartialEq)]
struct Outer {
    inner: Inner,
    items: Vec<Inner>,
    maybe: Option<Box<Inner>>,
    at: Timestamp,
    blob: Vec<u8>,
    ext: Ext,
    counts: BTreeMap<String, i64>,
    ratio: f64,
    span: Duration,
}

#[derive(MsgPack, Debug, PartialEq)]
struct Flat {
    a: u8,
    b: Option<u8>,
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[derive(MsgPack, Debug, PartialEq)]
struct Named {
    name: String,
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(array)]
struct Pair {
    x: i32,
    y: i32,
}

#[derive(MsgPack, Debug, PartialEq)]
struct Keyed {
    #[msgpack(key = 1)]
    id: u32,
    #[msgpack(key = 2)]
    ok: bool,
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "type")]
enum Shape {
    Circle { r: u8 },
    Rect { w: u8, h: u8 },
}

#[derive(MsgPack, Debug, PartialEq)]
enum Open {
    Known(u8),
    #[msgpack(other)]
    Unknown,
}

#[derive(MsgPack, Debug, PartialEq)]
struct Stamped {
    at: Timestamp,
    maybe: Option<Timestamp>,
    all: Vec<Timestamp>,
}

#[derive(MsgPack, Debug, PartialEq)]
struct View<'a> {
    name: &'a str,
    data: &'a [u8],
}

/// Every integer target type as a field, for paths.
#[derive(MsgPack, Debug, PartialEq)]
struct Ints {
    a: u8,
    b: i8,
    c: u16,
    d: i16,
    e: u32,
    f: i32,
    g: u64,
    h: i64,
}

// ---- depth bombs ------------------------------------------------------------------

/// `levels` nested arrays, the innermost empty: `[[[]]]` is 3 levels.
fn arrays(levels: usize) -> Vec<u8> {
    let mut v = vec![0x91; levels - 1];
    v.push(0x90);
    v
}

/// `levels` nested maps in value position: `{0: {0: {}}}` is 3 levels.
fn maps(levels: usize) -> Vec<u8> {
    let mut v = [0x81, 0x00].repeat(levels - 1);
    v.push(0x80);
    v
}

/// `levels` nested maps in key position: `{{{}: 0}: 0}` is 3 levels.
fn key_maps(levels: usize) -> Vec<u8> {
    let mut v = vec![0x81; levels - 1];
    v.push(0x80);
    v.resize(v.len() + levels - 1, 0x00);
    v
}

/// `pairs` levels of `{"value": 0, "children": [..]}` (two containers each),
/// the innermost with no children.
fn nodes(pairs: usize) -> Vec<u8> {
    const LEVEL: &[u8] = b"\x82\xa5value\x00\xa8children\x91";
    let mut v = LEVEL.repeat(pairs - 1);
    v.extend_from_slice(b"\x82\xa5value\x00\xa8children\x90");
    v
}

/// `levels` of `{"Neg": ..}` around `"Nil"`.
fn negs(levels: usize) -> Vec<u8> {
    let mut v = b"\x81\xa3Neg".repeat(levels);
    v.extend_from_slice(b"\xa3Nil");
    v
}

/// Decodes `input` as `T` with `max_depth(limit)` on a big stack: `Ok(())`
/// or the error with its rendered path.
fn depth_run<T: for<'de> Decode<'de> + 'static>(input: Vec<u8>, limit: u32) -> Result<(), (decode::Error, String)> {
    with_big_stack(move || {
        from_slice_with::<T>(&input, &DecodeOptions::new().max_depth(limit)).map(drop).map_err(|e| {
            let p = e.path().to_string();
            (e, p)
        })
    })
}

fn value_ref_depth_run(input: Vec<u8>, limit: u32) -> Result<(), (decode::Error, String)> {
    with_big_stack(move || {
        from_slice_with::<ValueRef>(&input, &DecodeOptions::new().max_depth(limit)).map(drop).map_err(|e| {
            let p = e.path().to_string();
            (e, p)
        })
    })
}

/// `make(limit)` decodes; `bomb` (deeper) fails with `DepthLimitExceeded`
/// at `offset` with `path`, as `Value`, `ValueRef` and the derived `T`.
#[track_caller]
fn depth_case<T: for<'de> Decode<'de> + 'static>(
    make: fn(usize) -> Vec<u8>,
    bomb: Vec<u8>,
    limit: u32,
    offset: usize,
    path: &str,
) {
    let kind = ErrorKind::DepthLimitExceeded { limit };
    let results = [
        ("Value", depth_run::<Value>(make(limit as usize), limit), depth_run::<Value>(bomb.clone(), limit)),
        ("ValueRef", value_ref_depth_run(make(limit as usize), limit), value_ref_depth_run(bomb.clone(), limit)),
        (type_name::<T>(), depth_run::<T>(make(limit as usize), limit), depth_run::<T>(bomb, limit)),
    ];
    for (name, at_limit, too_deep) in results {
        if let Err((e, _)) = at_limit {
            panic!("{name}: {limit} levels must decode with a limit of {limit}: {e}");
        }
        let (e, p) = too_deep.expect_err(name);
        assert_eq!((e.kind(), e.offset()), (&kind, offset), "{name}: {e}");
        assert_eq!(p, path, "{name}");
    }
}

#[test]
fn depth_bomb_arrays_default_limit() {
    let path = "$".to_string() + &"[0]".repeat(1024);
    depth_case::<ANest>(arrays, arrays(1_000_000), 1024, 1024, &path);
}

#[test]
fn depth_bomb_arrays_custom_limit() {
    depth_case::<ANest>(arrays, arrays(17), 16, 16, &("$".to_string() + &"[0]".repeat(16)));
    depth_case::<ANest>(arrays, arrays(1_000_000), 16, 16, &("$".to_string() + &"[0]".repeat(16)));
}

#[test]
fn depth_bomb_maps_default_limit() {
    // In value position the path names each entry by its key, 0.
    let path = "$".to_string() + &"[0]".repeat(1024);
    depth_case::<MNest>(maps, maps(1_000_000), 1024, 2048, &path);
}

#[test]
fn depth_bomb_maps_custom_limit() {
    depth_case::<MNest>(maps, maps(17), 16, 32, &("$".to_string() + &"[0]".repeat(16)));
}

#[test]
fn depth_bomb_map_keys_default_limit() {
    // In key position the path names each entry by its index, 0.
    let path = "$".to_string() + &"[0]".repeat(1024);
    depth_case::<KeyNest>(key_maps, key_maps(1_000_000), 1024, 1024, &path);
}

#[test]
fn depth_bomb_map_keys_custom_limit() {
    depth_case::<KeyNest>(key_maps, key_maps(17), 16, 16, &("$".to_string() + &"[0]".repeat(16)));
}

#[test]
fn depth_bomb_map_keys_error_segments_are_indices() {
    let (e, _) = depth_run::<KeyNest>(key_maps(5), 4).unwrap_err();
    assert_eq!(e.path_segments().collect::<Vec<_>>(), [&Segment::Index(0); 4]);
    let (e, _) = depth_run::<Value>(key_maps(5), 4).unwrap_err();
    assert_eq!(e.path_segments().collect::<Vec<_>>(), [&Segment::Index(0); 4]);
}

/// A derived struct spends two levels per nesting (its map and its
/// `children` array); the 17th container is the map of the 9th node.
#[test]
fn depth_bomb_recursive_struct_custom_limit() {
    let kind = ErrorKind::DepthLimitExceeded { limit: 16 };
    assert_eq!(depth_run::<Node>(nodes(8), 16).map_err(|(e, _)| e), Ok(()));
    let (e, p) = depth_run::<Node>(nodes(9), 16).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&kind, 18 * 8));
    assert_eq!(p, "$".to_string() + &".children[0]".repeat(8));
    // One level less: the 9th node's `children` array is the 16th container and fine;
    // with a limit of 15 it is the one too deep.
    let (e, p) = depth_run::<Node>(nodes(8), 15).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 15 }, 18 * 7 + 17));
    assert_eq!(p, "$".to_string() + &".children[0]".repeat(7) + ".children");
}

#[test]
fn depth_bomb_recursive_struct_default_limit() {
    let kind = ErrorKind::DepthLimitExceeded { limit: 1024 };
    assert_eq!(depth_run::<Node>(nodes(512), 1024).map_err(|(e, _)| e), Ok(()));
    let (e, p) = depth_run::<Node>(nodes(100_000), 1024).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&kind, 18 * 512));
    assert_eq!(p, "$".to_string() + &".children[0]".repeat(512));
}

#[test]
fn depth_bomb_recursive_enum() {
    assert_eq!(depth_run::<Expr>(negs(16), 16).map_err(|(e, _)| e), Ok(()));
    let (e, p) = depth_run::<Expr>(negs(17), 16).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 16 }, 5 * 16));
    assert_eq!(p, "$".to_string() + &".Neg".repeat(16));
    let (e, p) = depth_run::<Expr>(negs(1_000_000), 1024).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 1024 }, 5 * 1024));
    assert_eq!(p, "$".to_string() + &".Neg".repeat(1024));
}

/// A derived struct reads a key it does not know with `skip`, which is
/// iterative and not depth-limited: a million-level key or value is passed
/// over; with `deny_unknown_fields` the key is reported.
#[test]
fn depth_bomb_in_skipped_key_and_value_of_derived_struct() {
    let deep = arrays(1_000_000);
    let key_bomb = [&[0x82][..], &deep, &[0x01, 0xa1, b'a', 0x07]].concat();
    assert_eq!(from_slice::<Flat>(&key_bomb), Ok(Flat { a: 7, b: None }));
    let value_bomb = [&[0x82, 0xa1, b'z'][..], &deep, &[0xa1, b'a', 0x07]].concat();
    assert_eq!(from_slice::<Flat>(&value_bomb), Ok(Flat { a: 7, b: None }));
    // A known field holding the bomb is decoded, and limited.
    let known = [&[0x81, 0xa1, b'b'][..], &deep].concat();
    expect_at::<Flat>(&known, &mismatch("u8", Found::Array(1)), 3, "$.b");

    let key_bomb = [&[0x81][..], &deep, &[0x01]].concat();
    expect_at::<Strict>(&key_bomb, &ErrorKind::UnknownField(Found::Array(1)), 1, "$");
}

// ---- length claims: every header width at its maximum -------------------------------

/// What each target type must report for one hostile header.
struct Claim {
    /// The header (with the ext type byte), followed in the input by `ab`.
    header: &'static [u8],
    /// The claimed payload length (entries for maps).
    len: u64,
    family: Family,
}

#[derive(Clone, Copy, PartialEq)]
enum Family {
    Str,
    Bin,
    Ext,
    Array,
    Map,
}

impl Claim {
    fn input(&self) -> Vec<u8> {
        [self.header, b"ab"].concat()
    }

    /// The error a type reading this family gives: the length is checked
    /// against the two bytes left, right after the header.
    fn short(&self) -> (ErrorKind, usize) {
        let needed = if self.family == Family::Map { 2 * self.len } else { self.len };
        (eof(needed, 2), self.header.len())
    }

    /// What a type error describes: the header, since the payload is missing
    /// (a truncated str shows as `"<truncated>"`).
    fn found(&self) -> Option<Found> {
        match self.family {
            Family::Ext => Some(Found::Ext { ty: self.header[self.header.len() - 1] as i8, len: self.len as usize }),
            Family::Array => Some(Found::Array(self.len as usize)),
            Family::Map => Some(Found::Map(self.len as usize)),
            Family::Bin => Some(Found::Bin(self.len as usize)),
            Family::Str => Some(Found::Str(msgpack_core::decode::Text::new("<truncated>"))),
        }
    }
}

/// Decodes the claim as every listed type and checks the exact error, and
/// that nothing sized from the claim was allocated.
#[track_caller]
fn claim_case(c: &Claim) {
    let input = c.input();
    let (short, at) = c.short();
    #[track_caller]
    fn one<'de, T: Decode<'de> + Debug>(input: &'de [u8], c: &Claim, reads: &[Family], expected: &'static str) {
        let (e, peak, total) = measure(|| err_with::<T>(input, &DEFAULT));
        let what = format!("{} from {}", type_name::<T>(), hex(input));
        assert!(peak < 1024 && total < 4096, "{what}: allocated {peak} bytes at once, {total} in all");
        if reads.contains(&c.family) {
            let (short, at) = c.short();
            assert_eq!((e.kind(), e.offset()), (&short, at), "{what}: {e}");
        } else {
            match (e.kind(), c.found()) {
                (ErrorKind::TypeMismatch { expected: x, found }, Some(f)) => {
                    assert_eq!((*x, *found, e.offset()), (expected, f, 0), "{what}: {e}")
                }
                (ErrorKind::TypeMismatch { expected: x, .. }, None) => {
                    assert_eq!((*x, e.offset()), (expected, 0), "{what}: {e}")
                }
                _ => panic!("{what}: expected a type mismatch, got {e}"),
            }
        }
    }
    use Family as F;
    let any = &[F::Str, F::Bin, F::Ext, F::Array, F::Map];
    one::<Value>(&input, c, any, "");
    one::<ValueRef>(&input, c, any, "");
    one::<String>(&input, c, &[F::Str], "str");
    one::<&str>(&input, c, &[F::Str], "str");
    one::<Cow<str>>(&input, c, &[F::Str], "str");
    // Byte buffers read bin, and `Vec<u8>` also an array of integers.
    one::<Vec<u8>>(&input, c, &[F::Bin, F::Array], "bytes");
    one::<&[u8]>(&input, c, &[F::Bin], "bytes");
    one::<Vec<u32>>(&input, c, &[F::Array], "array");
    one::<BTreeMap<String, u32>>(&input, c, &[F::Map], "map");
    one::<Ext>(&input, c, &[F::Ext], "ext");
    one::<ExtRef>(&input, c, &[F::Ext], "ext");
    // Inside a derived struct: the same error, located at the field.
    let mut wrapped = b"\x81\xa4name".to_vec();
    wrapped.extend_from_slice(&input);
    let e = err_with::<Named>(&wrapped, &DEFAULT);
    if c.family == F::Str {
        assert_eq!((e.kind(), e.offset(), e.path().to_string()), (&short, at + 6, "$.name".into()), "{e}");
    } else {
        assert!(matches!(e.kind(), ErrorKind::TypeMismatch { expected: "str", .. }), "{e}");
        assert_eq!((e.offset(), e.path().to_string()), (6, "$.name".into()));
    }
    // Skip counts an ext's type byte as payload: it reports one byte more, one byte earlier.
    let (skip_kind, skip_at) = match c.family {
        F::Ext => (eof(c.len + 1, 3), c.header.len() - 1),
        _ => (short, at),
    };
    expect_skip(&input, &skip_kind, skip_at);
}

#[test]
fn claim_str8_max() {
    claim_case(&Claim { header: &[0xd9, 0xff], len: 0xff, family: Family::Str });
}

#[test]
fn claim_str16_max() {
    claim_case(&Claim { header: &[0xda, 0xff, 0xff], len: 0xffff, family: Family::Str });
}

#[test]
fn claim_str32_max() {
    claim_case(&Claim { header: &[0xdb, 0xff, 0xff, 0xff, 0xff], len: 0xffff_ffff, family: Family::Str });
}

#[test]
fn claim_bin8_max() {
    claim_case(&Claim { header: &[0xc4, 0xff], len: 0xff, family: Family::Bin });
}

#[test]
fn claim_bin16_max() {
    claim_case(&Claim { header: &[0xc5, 0xff, 0xff], len: 0xffff, family: Family::Bin });
}

#[test]
fn claim_bin32_max() {
    claim_case(&Claim { header: &[0xc6, 0xff, 0xff, 0xff, 0xff], len: 0xffff_ffff, family: Family::Bin });
}

#[test]
fn claim_ext8_max() {
    claim_case(&Claim { header: &[0xc7, 0xff, 0x05], len: 0xff, family: Family::Ext });
}

#[test]
fn claim_ext16_max() {
    claim_case(&Claim { header: &[0xc8, 0xff, 0xff, 0x05], len: 0xffff, family: Family::Ext });
}

#[test]
fn claim_ext32_max() {
    claim_case(&Claim { header: &[0xc9, 0xff, 0xff, 0xff, 0xff, 0x05], len: 0xffff_ffff, family: Family::Ext });
}

#[test]
fn claim_array16_max() {
    claim_case(&Claim { header: &[0xdc, 0xff, 0xff], len: 0xffff, family: Family::Array });
}

#[test]
fn claim_array32_max() {
    claim_case(&Claim { header: &[0xdd, 0xff, 0xff, 0xff, 0xff], len: 0xffff_ffff, family: Family::Array });
}

#[test]
fn claim_map16_max() {
    claim_case(&Claim { header: &[0xde, 0xff, 0xff], len: 0xffff, family: Family::Map });
}

#[test]
fn claim_map32_max() {
    claim_case(&Claim { header: &[0xdf, 0xff, 0xff, 0xff, 0xff], len: 0xffff_ffff, family: Family::Map });
}

/// A claim into a derived struct's map and array forms, and a recursive
/// enum's payload.
#[test]
fn claim_into_derived_types() {
    expect::<Outer>(&[0xdf, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02], &eof(2 * 0xffff_ffff, 2), 5);
    expect::<Outer>(&[0xdd, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02], &eof(0xffff_ffff, 2), 5);
    expect::<Pair>(&[0xdd, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02], &eof(0xffff_ffff, 2), 5);
    expect_at::<Expr>(b"\x81\xa4List\xdd\xff\xff\xff\xff\x01", &eof(0xffff_ffff, 1), 11, "$.List");
    expect_at::<Node>(b"\x81\xa8children\xdc\xff\xff\x01", &eof(0xffff, 1), 13, "$.children");
    // The key of an unknown field, and its value, are skipped with the same check.
    expect::<Flat>(b"\x81\xdb\xff\xff\xff\xff\x01", &eof(0xffff_ffff, 1), 6);
    expect::<Flat>(b"\x81\xa1z\xdf\xff\xff\xff\xff\x01", &eof(2 * 0xffff_ffff, 1), 8);
}

/// A type error on a `str` whose payload is cut short describes it as
/// truncated, not as invalid UTF-8 (a bug found by this corpus, fixed).
/// Input `db ff ff ff ff 61 62` as `Vec<u8>`.
#[test]
fn truncated_str_described_as_truncated() {
    for input in [&[0xdb, 0xff, 0xff, 0xff, 0xff, b'a', b'b'][..], &[0xd9, 0xff, b'a'], &[0xa5, b'a']] {
        let e = err_with::<Vec<u8>>(input, &DEFAULT);
        assert!(matches!(e.kind(), ErrorKind::TypeMismatch { expected: "bytes", .. }), "{e}");
        assert!(!e.to_string().contains("invalid UTF-8"), "{}: {e}", hex(input));
        assert!(e.to_string().contains("<truncated>"), "{}: {e}", hex(input));
    }
}

/// A type error on a `bin` whose payload is cut short describes it by its
/// header, `Found::Bin(n)`, like arrays, maps and ext items (a bug found by
/// this corpus, fixed: it said "end of input").
#[test]
fn truncated_bin_described_by_its_header() {
    let input = [0xc6, 0xff, 0xff, 0xff, 0xff, b'a', b'b'];
    expect::<String>(&input, &mismatch("str", Found::Bin(0xffff_ffff)), 0);
    expect::<Vec<u32>>(&[0xc4, 0x05, 0x01], &mismatch("array", Found::Bin(5)), 0);
}

// ---- truncation of real messages at every offset -------------------------------------

fn inner(i: u32) -> Inner {
    Inner { id: i, name: format!("n\u{e9}{i}"), tags: (0..i % 4).map(|t| "t".repeat(t as usize * 20)).collect() }
}

fn outer() -> Outer {
    Outer {
        inner: inner(2),
        items: vec![inner(0), inner(1), inner(3)],
        maybe: Some(Box::new(inner(70_000))),
        at: Timestamp::new(1 << 33, 5).unwrap(),
        blob: (0..=255).collect(),
        ext: Ext::new(7, vec![9; 20]),
        counts: BTreeMap::from([("x".into(), -1), ("y".repeat(40), i64::MIN)]),
        ratio: 0.5,
        span: Duration::new(3, 4),
    }
}

/// A map of ext items and timestamps in all three layouts, as a `Value`.
fn ext_map() -> Value {
    Value::Map(vec![
        (Value::from("ts32"), Value::from(Timestamp::new(1_700_000_000, 0).unwrap())),
        (Value::from("ts64"), Value::from(Timestamp::new(1_700_000_000, 7).unwrap())),
        (Value::from("ts96"), Value::from(Timestamp::new(-1, 999_999_999).unwrap())),
        (Value::from(5u8), Value::Ext(Ext::new(5, vec![1; 1]))),
        (Value::from(-3i8), Value::Ext(Ext::new(-3, vec![2; 16]))),
        (Value::Nil, Value::Ext(Ext::new(100, vec![3; 300]))),
        (Value::from("bin"), Value::from(&[0u8, 1, 2][..])),
    ])
}

/// Every strict prefix of `bytes` fails as `T`, with `UnexpectedEof` inside
/// the prefix (with both the default and a small depth limit).
fn every_prefix_fails<'a, T: Decode<'a> + Debug>(bytes: &'a [u8]) {
    for opts in [DEFAULT, DecodeOptions::new().max_depth(16)] {
        from_slice_with::<T>(bytes, &opts).unwrap_or_else(|e| panic!("the whole message must decode: {e}"));
        for cut in 0..bytes.len() {
            let e = err_with::<T>(&bytes[..cut], &opts);
            let what = format!("{} cut at {cut} of {}: {e}", type_name::<T>(), bytes.len());
            match *e.kind() {
                ErrorKind::UnexpectedEof { needed, available } => {
                    assert!(e.offset() <= cut, "{what}");
                    assert_eq!(available, cut - e.offset(), "{what}");
                    assert!(needed > available as u64, "{what}");
                }
                _ => panic!("{what}"),
            }
        }
    }
}

#[test]
fn truncation_derived_struct_with_nested_fields() {
    let bytes = to_vec(&outer()).unwrap();
    every_prefix_fails::<Outer>(&bytes);
    every_prefix_fails::<Value>(&bytes);
    every_prefix_fails::<ValueRef>(&bytes);
}

/// The same struct in the array form (rmp-serde's default for structs):
/// each element read by the map form's field decoders, at every depth.
#[test]
fn truncation_derived_struct_read_from_arrays() {
    // A struct's map becomes the array of its values (`counts`, a map
    // field, stays a map).
    fn array(v: &Value) -> Value {
        match v {
            Value::Map(entries) => Value::Array(entries.iter().map(|(_, v)| v.clone()).collect()),
            other => other.clone(),
        }
    }
    fn arrays(v: &Value) -> Value {
        let Value::Map(entries) = v else { panic!("Outer is a map") };
        let fields = entries.iter().map(|(k, v)| match (k.as_str(), v) {
            (Some("inner" | "maybe"), _) => array(v),
            (Some("items"), Value::Array(items)) => Value::Array(items.iter().map(array).collect()),
            _ => v.clone(),
        });
        Value::Array(fields.collect())
    }
    let value: Value = from_slice(&to_vec(&outer()).unwrap()).unwrap();
    let bytes = to_vec(&arrays(&value)).unwrap();
    assert_eq!(bytes[..2], [0x99, 0x93], "Outer, then its `inner`, as arrays");
    assert_eq!(from_slice::<Outer>(&bytes).unwrap(), outer());
    every_prefix_fails::<Outer>(&bytes);
}

#[test]
fn truncation_recursive_enum() {
    let e = Expr::Let {
        name: "x".into(),
        value: Box::new(Expr::Add(
            Box::new(Expr::Neg(Box::new(Expr::Lit(-300)))),
            Box::new(Expr::List(vec![Expr::Nil, Expr::Lit(i64::MAX), Expr::List(vec![])])),
        )),
    };
    let bytes = to_vec(&e).unwrap();
    assert_eq!(from_slice::<Expr>(&bytes), Ok(e));
    every_prefix_fails::<Expr>(&bytes);
    let n =
        Node { value: -1, children: vec![Node { value: 2, children: vec![] }, Node { value: 3, children: vec![] }] };
    every_prefix_fails::<Node>(&to_vec(&n).unwrap());
}

#[test]
fn truncation_map_with_ext_and_timestamps() {
    let bytes = to_vec(&ext_map()).unwrap();
    every_prefix_fails::<Value>(&bytes);
    every_prefix_fails::<ValueRef>(&bytes);
    let stamped = Stamped {
        at: Timestamp::new(1, 0).unwrap(),
        maybe: Some(Timestamp::new(1 << 33, 1).unwrap()),
        all: vec![Timestamp::new(-5, 5).unwrap(), Timestamp::UNIX_EPOCH],
    };
    let bytes = to_vec(&stamped).unwrap();
    every_prefix_fails::<Stamped>(&bytes);
    let exts = to_vec(&BTreeMap::from([(1u8, Ext::new(-1, vec![0; 12])), (2, Ext::new(3, vec![]))])).unwrap();
    every_prefix_fails::<BTreeMap<u8, Ext>>(&exts);
    every_prefix_fails::<BTreeMap<u8, ExtRef>>(&exts);
}

#[test]
fn truncation_borrowing_derived_struct() {
    let bytes = to_vec(&View { name: "borrowed", data: &[1, 2, 3] }).unwrap();
    every_prefix_fails::<View>(&bytes);
}

// ---- invalid UTF-8 ------------------------------------------------------------------

/// (name, payload) of each malformed sequence.
const BAD_UTF8: [(&str, &[u8]); 7] = [
    ("overlong NUL C0 80", &[0xc0, 0x80]),
    ("overlong three-byte E0 80 80", &[0xe0, 0x80, 0x80]),
    ("UTF-16 surrogate ED A0 80", &[0xed, 0xa0, 0x80]),
    ("truncated three-byte E2 82", &[0xe2, 0x82]),
    ("truncated four-byte F0 9F 98", &[b'a', 0xf0, 0x9f, 0x98]),
    ("0xFF", &[0xff]),
    ("0xFF after 40 ASCII bytes (str 8)", b"0123456789012345678901234567890123456789\xff"),
];

#[test]
fn invalid_utf8_in_str_values() {
    for (_, payload) in BAD_UTF8 {
        let s = str_item(payload);
        let bad = ErrorKind::InvalidUtf8;
        expect::<Value>(&s, &bad, 0);
        expect::<ValueRef>(&s, &bad, 0);
        // In an array, as a map value, as a map key.
        let arr = [&[0x92, 0xc0][..], &s].concat();
        expect_at::<Value>(&arr, &bad, 2, "$[1]");
        expect_at::<ValueRef>(&arr, &bad, 2, "$[1]");
        let val = [&[0x81, 0x07][..], &s].concat();
        expect_at::<Value>(&val, &bad, 2, "$[7]");
        expect_at::<ValueRef>(&val, &bad, 2, "$[7]");
        let key = [&[0x81][..], &s, &[0x07]].concat();
        expect_at::<Value>(&key, &bad, 1, "$[0]");
        expect_at::<ValueRef>(&key, &bad, 1, "$[0]");
        // A field of a derived struct, owned and borrowed.
        let field = [&b"\x81\xa4name"[..], &s].concat();
        expect_at::<Named>(&field, &bad, 6, "$.name");
        let view = [&b"\x82\xa4data\xc4\x00\xa4name"[..], &s].concat();
        expect_at::<View>(&view, &bad, 13, "$.name");
        // A recursive enum's payload.
        let let_ = [&b"\x81\xa3Let\x82\xa4name"[..], &s, b"\xa5value\xa3Nil"].concat();
        expect_at::<Expr>(&let_, &bad, 11, "$.Let.name");
    }
}

/// A derived struct compares raw key bytes against its field names and
/// never validates a key's UTF-8: a malformed key is just an unknown field,
/// skipped; with `deny_unknown_fields` it is `UnknownField` with the key
/// shown as `"<invalid UTF-8>"`. An enum tag that is malformed is an
/// unknown variant, shown the same way.
#[test]
fn invalid_utf8_in_derived_map_keys() {
    for (name, payload) in BAD_UTF8 {
        let k = str_item(payload);
        let input = [&[0x82][..], &k, &[0x01, 0xa1, b'a', 0x02]].concat();
        assert_eq!(from_slice::<Flat>(&input), Ok(Flat { a: 2, b: None }), "{name}");
        // After the known field (the fast path is left for the general loop).
        let input = [&[0x82, 0xa1, b'a', 0x02][..], &k, &[0x01]].concat();
        assert_eq!(from_slice::<Flat>(&input), Ok(Flat { a: 2, b: None }), "{name}");

        let input = [&[0x82][..], &k, &[0x01, 0xa1, b'a', 0x02]].concat();
        expect_at::<Strict>(&input, &ErrorKind::UnknownField(str_found("<invalid UTF-8>")), 1, "$");

        let unknown = ErrorKind::UnknownVariant { enum_name: "Expr", found: str_found("<invalid UTF-8>") };
        expect_at::<Expr>(&k, &unknown, 0, "$");
        let tagged = [&[0x81][..], &k, &[0xc0]].concat();
        expect_at::<Expr>(&tagged, &unknown, 1, "$");
        // An internal tag's value.
        let shape = [&b"\x82\xa4type"[..], &k, b"\xa1r\x01"].concat();
        let unknown = ErrorKind::UnknownVariant { enum_name: "Shape", found: str_found("<invalid UTF-8>") };
        expect_at::<Shape>(&shape, &unknown, 6, "$.type");
    }
}

/// A key that is the UTF-8 of a field name followed by garbage is not that
/// field.
#[test]
fn invalid_utf8_key_sharing_a_field_prefix() {
    expect_at::<Strict>(b"\x81\xa2a\xff\x01", &ErrorKind::UnknownField(str_found("<invalid UTF-8>")), 1, "$");
    assert_eq!(from_slice::<Flat>(b"\x82\xa2a\xc0\x01\xa1a\x02"), Ok(Flat { a: 2, b: None }));
}

// ---- the reserved byte 0xc1 ----------------------------------------------------------

const RESERVED: ErrorKind = ErrorKind::ReservedMarker;

#[test]
fn reserved_at_top_level() {
    for input in [&[0xc1][..], &[0xc1, 0xc0]] {
        expect::<ValueRef>(input, &RESERVED, 0);
        expect::<Outer>(input, &RESERVED, 0);
        expect::<Expr>(input, &RESERVED, 0);
        expect::<Pair>(input, &RESERVED, 0);
        expect::<Shape>(input, &RESERVED, 0);
        expect::<Node>(input, &RESERVED, 0);
        expect::<KeyNest>(input, &RESERVED, 0);
        expect::<ANest>(input, &RESERVED, 0);
        expect::<View>(input, &RESERVED, 0);
        expect::<Open>(input, &RESERVED, 0);
    }
}

#[test]
fn reserved_inside_an_array() {
    expect_at::<ValueRef>(&[0x93, 0x01, 0x02, 0xc1], &RESERVED, 3, "$[2]");
    expect_at::<Pair>(&[0x92, 0x01, 0xc1], &RESERVED, 2, "$.y");
    expect_at::<ANest>(&[0x92, 0x90, 0xc1], &RESERVED, 2, "$[1]");
    expect_at::<Expr>(b"\x81\xa4List\x92\xa3Nil\xc1", &RESERVED, 11, "$.List[1]");
    expect_at::<Outer>(b"\x81\xa5items\x91\xc1", &RESERVED, 8, "$.items[0]");
}

#[test]
fn reserved_as_a_map_key() {
    expect_at::<ValueRef>(&[0x82, 0x01, 0x02, 0xc1, 0x03], &RESERVED, 3, "$[1]");
    // A derived struct reads keys with `read_key`: 0xc1 is not a str or an
    // int, so it goes to `skip`, which rejects it.
    expect_at::<Flat>(&[0x81, 0xc1, 0x01], &RESERVED, 1, "$");
    expect_at::<Flat>(&[0x82, 0xa1, b'a', 0x01, 0xc1, 0x01], &RESERVED, 4, "$");
    expect_at::<Strict>(&[0x81, 0xc1, 0x01], &RESERVED, 1, "$");
    expect_at::<Keyed>(&[0x81, 0xc1, 0x01], &RESERVED, 1, "$");
    expect_at::<KeyNest>(&[0x81, 0xc1, 0x01], &RESERVED, 1, "$[0]");
    // The tag position of an externally tagged enum.
    expect_at::<Expr>(&[0x81, 0xc1, 0xc0], &RESERVED, 1, "$");
}

#[test]
fn reserved_as_a_map_value() {
    expect_at::<ValueRef>(&[0x81, 0xa1, b'k', 0xc1], &RESERVED, 3, "$[\"k\"]");
    expect_at::<Flat>(&[0x81, 0xa1, b'a', 0xc1], &RESERVED, 3, "$.a");
    expect_at::<Flat>(&[0x81, 0xa1, b'b', 0xc1], &RESERVED, 3, "$.b");
    expect_at::<Keyed>(&[0x81, 0x02, 0xc1], &RESERVED, 2, "$.2");
    expect_at::<Expr>(b"\x81\xa3Lit\xc1", &RESERVED, 5, "$.Lit");
    expect_at::<Shape>(b"\x82\xa4type\xa6Circle\xa1r\xc1", &RESERVED, 15, "$.r");
    expect_at::<Shape>(b"\x81\xa4type\xc1", &RESERVED, 6, "$.type");
}

#[test]
fn reserved_inside_skipped_unknown_field() {
    // As the whole value, and deep inside one.
    expect_at::<Flat>(b"\x82\xa1z\xc1\xa1a\x01", &RESERVED, 3, "$");
    expect_at::<Flat>(b"\x82\xa1z\x92\x91\x80\xc1\xa1a\x01", &RESERVED, 6, "$");
    expect_at::<Flat>(b"\x82\xa1a\x01\xa1z\x81\x01\xc1", &RESERVED, 8, "$");
    // Extra elements of an array-form struct are skipped.
    #[derive(MsgPack, Debug)]
    #[msgpack(array)]
    struct Short {
        x: u8,
    }
    expect_at::<Short>(&[0x93, 0x01, 0x02, 0xc1], &RESERVED, 3, "$");
    // The payload of an unknown variant caught by `other`.
    expect::<Open>(b"\x81\xa3Zzz\x91\xc1", &RESERVED, 6);
    // An internal tag that is not first: the entries before it are skipped
    // while looking for it.
    expect::<Shape>(b"\x82\xa1r\xc1\xa4type\xa6Circle", &RESERVED, 3);
}

/// After a 0xc1 in a skipped field, nothing else is decoded: the fields
/// after it do not turn the error into `MissingField`.
#[test]
fn reserved_in_skipped_field_wins_over_missing_field() {
    expect::<Strict>(&[0x81, 0xa1, b'z', 0xc1], &ErrorKind::UnknownField(str_found("z")), 1);
    expect::<Flat>(&[0x81, 0xa1, b'z', 0xc1], &RESERVED, 3);
}

// ---- timestamps ----------------------------------------------------------------------

/// `item` is an ext -1 that is not a valid timestamp: `InvalidTimestamp` at
/// the ext header as a `Timestamp` field, in an `Option`, in a `Vec`; a
/// `Value` keeps it as an `Ext` and `as_timestamp` gives `None`.
#[track_caller]
fn bad_timestamp(item: &[u8]) {
    let bad = ErrorKind::InvalidTimestamp;
    let at = [&b"\x81\xa2at"[..], item].concat();
    expect_at::<Stamped>(&at, &bad, 4, "$.at");
    let maybe = [&b"\x81\xa5maybe"[..], item].concat();
    expect_at::<Stamped>(&maybe, &bad, 7, "$.maybe");
    let all = [&b"\x81\xa3all\x92\xd6\xff\x00\x00\x00\x01"[..], item].concat();
    expect_at::<Stamped>(&all, &bad, 12, "$.all[1]");
    let v: Value = from_slice(item).unwrap();
    assert!(matches!(&v, Value::Ext(x) if x.ty == -1), "{v:?}");
    assert_eq!(v.as_timestamp(), None);
    let r: ValueRef = from_slice(item).unwrap();
    assert_eq!(r.as_timestamp(), None);
    let mut d = Decoder::new(item);
    d.skip().unwrap();
    assert!(d.is_empty());
}

#[test]
fn timestamp_of_1_byte() {
    bad_timestamp(&[0xd4, 0xff, 0x00]);
}

#[test]
fn timestamp_of_2_bytes() {
    bad_timestamp(&[0xd5, 0xff, 0x00, 0x00]);
}

#[test]
fn timestamp_of_3_bytes() {
    bad_timestamp(&[0xc7, 0x03, 0xff, 0x00, 0x00, 0x00]);
}

#[test]
fn timestamp_of_5_bytes() {
    bad_timestamp(&[0xc7, 0x05, 0xff, 0x00, 0x00, 0x00, 0x00, 0x01]);
}

#[test]
fn timestamp_of_16_bytes() {
    bad_timestamp(&[[0xd8, 0xff].as_slice(), &[0; 16]].concat());
}

#[test]
fn timestamp64_nanoseconds_of_1e9() {
    let v = (1_000_000_000u64 << 34) | 1;
    bad_timestamp(&[[0xd7, 0xff].as_slice(), &v.to_be_bytes()].concat());
    // 999,999,999 is the largest valid value.
    let v = (999_999_999u64 << 34) | 1;
    let t: Timestamp = from_slice(&[[0xd7, 0xff].as_slice(), &v.to_be_bytes()].concat()).unwrap();
    assert_eq!((t.secs(), t.nanos()), (1, 999_999_999));
}

#[test]
fn timestamp96_nanoseconds_of_1e9() {
    for nanos in [1_000_000_000u32, 1 << 31] {
        bad_timestamp(&[[0xc7, 12, 0xff].as_slice(), &nanos.to_be_bytes(), &i64::MIN.to_be_bytes()].concat());
    }
    let ok = [[0xc7, 12, 0xff].as_slice(), &999_999_999u32.to_be_bytes(), &i64::MIN.to_be_bytes()].concat();
    assert_eq!(from_slice::<Timestamp>(&ok).map(|t| (t.secs(), t.nanos())), Ok((i64::MIN, 999_999_999)));
}

// ---- duplicate keys -------------------------------------------------------------------

#[test]
fn duplicate_field_immediately() {
    // The first `a` is read on the in-order fast path, the second by the general loop.
    expect_at::<Flat>(b"\x82\xa1a\x01\xa1a\x02", &ErrorKind::DuplicateField("a"), 4, "$");
}

#[test]
fn duplicate_field_after_other_fields() {
    expect_at::<Flat>(b"\x83\xa1b\x01\xa1a\x02\xa1b\x03", &ErrorKind::DuplicateField("b"), 7, "$");
    expect_at::<Flat>(b"\x84\xa1z\xc0\xa1a\x02\xa1z\xc0\xa1a\x03", &ErrorKind::DuplicateField("a"), 10, "$");
    // A duplicate is an error even when both values are nil.
    expect_at::<Flat>(b"\x83\xa1a\x01\xa1b\xc0\xa1b\xc0", &ErrorKind::DuplicateField("b"), 7, "$");
}

#[test]
fn duplicate_field_in_nested_struct() {
    let input = b"\x81\xa5inner\x84\xa2id\x01\xa4name\xa0\xa4tags\x90\xa2id\x02";
    expect_at::<Outer>(input, &ErrorKind::DuplicateField("id"), 24, "$.inner");
}

#[test]
fn duplicate_integer_key() {
    expect_at::<Keyed>(&[0x83, 0x01, 0x05, 0x02, 0xc3, 0x01, 0x06], &ErrorKind::DuplicateField("1"), 5, "$");
    // The same key in another integer format is the same key.
    expect_at::<Keyed>(
        &[0x83, 0x01, 0x05, 0x02, 0xc3, 0xcd, 0x00, 0x01, 0x06],
        &ErrorKind::DuplicateField("1"),
        5,
        "$",
    );
}

#[test]
fn duplicate_field_in_enum_struct_variant() {
    let input = b"\x81\xa3Let\x83\xa4name\xa1x\xa5value\xa3Nil\xa4name\xa1y";
    expect_at::<Expr>(input, &ErrorKind::DuplicateField("name"), 23, "$.Let");
}

#[test]
fn duplicate_field_in_internally_tagged_variant() {
    let input = b"\x83\xa4type\xa4Rect\xa1w\x01\xa1w\x02";
    expect_at::<Shape>(input, &ErrorKind::DuplicateField("w"), 14, "$");
}

#[test]
fn duplicate_field_of_duration_map_form() {
    let input = b"\x83\xa4secs\x01\xa5nanos\x02\xa4secs\x03";
    expect::<Duration>(input, &ErrorKind::DuplicateField("secs"), 14);
}

/// The internal tag of a `tag = "type"` enum appearing twice is a
/// duplicate field, with the tag first (fast path) or not (found ahead by
/// `find_tag`). This was a bug found by this corpus: the second tag was
/// skipped as an unknown field.
#[test]
fn duplicate_internal_tag_is_rejected() {
    let first = b"\x83\xa4type\xa6Circle\xa1r\x01\xa4type\xa4Rect";
    expect::<Shape>(first, &ErrorKind::DuplicateField("type"), 16);
    let later = b"\x83\xa1r\x01\xa4type\xa6Circle\xa4type\xa4Rect";
    expect::<Shape>(later, &ErrorKind::DuplicateField("type"), 16);
}

// ---- integers out of range, in every wire format ------------------------------------------

/// Every encoding of the non-negative `v` (unsigned formats, and signed
/// formats that hold it).
fn uint_forms(v: u64) -> Vec<Vec<u8>> {
    let mut f = Vec::new();
    if v < 0x80 {
        f.push(vec![v as u8]);
    }
    if v <= u8::MAX as u64 {
        f.push(vec![0xcc, v as u8]);
    }
    if v <= u16::MAX as u64 {
        f.push([&[0xcd][..], &(v as u16).to_be_bytes()].concat());
    }
    if v <= u32::MAX as u64 {
        f.push([&[0xce][..], &(v as u32).to_be_bytes()].concat());
    }
    f.push([&[0xcf][..], &v.to_be_bytes()].concat());
    if v <= i8::MAX as u64 {
        f.push(vec![0xd0, v as u8]);
    }
    if v <= i16::MAX as u64 {
        f.push([&[0xd1][..], &(v as i16).to_be_bytes()].concat());
    }
    if v <= i32::MAX as u64 {
        f.push([&[0xd2][..], &(v as i32).to_be_bytes()].concat());
    }
    if v <= i64::MAX as u64 {
        f.push([&[0xd3][..], &(v as i64).to_be_bytes()].concat());
    }
    f
}

/// Every encoding of the negative `v`.
fn neg_forms(v: i64) -> Vec<Vec<u8>> {
    assert!(v < 0);
    let mut f = Vec::new();
    if v >= -32 {
        f.push(vec![v as u8]);
    }
    if v >= i8::MIN as i64 {
        f.push(vec![0xd0, v as u8]);
    }
    if v >= i16::MIN as i64 {
        f.push([&[0xd1][..], &(v as i16).to_be_bytes()].concat());
    }
    if v >= i32::MIN as i64 {
        f.push([&[0xd2][..], &(v as i32).to_be_bytes()].concat());
    }
    f.push([&[0xd3][..], &v.to_be_bytes()].concat());
    f
}

/// The forms of any integer in `i64::MIN..=u64::MAX`.
fn int_forms(v: i128) -> Vec<Vec<u8>> {
    if v >= 0 { uint_forms(v as u64) } else { neg_forms(v as i64) }
}

/// `T`'s bounds decode in every form; one past each bound (when
/// MessagePack can express it) is `OutOfRange` at 0 in every form, also
/// as a `Vec` element.
#[track_caller]
fn int_bounds<T>(name: &'static str, min: i128, max: i128)
where
    T: for<'de> Decode<'de> + Debug + TryFrom<i128> + PartialEq,
    <T as TryFrom<i128>>::Error: Debug,
{
    const WIRE_MIN: i128 = i64::MIN as i128;
    const WIRE_MAX: i128 = u64::MAX as i128;
    for v in [min.max(WIRE_MIN), max.min(WIRE_MAX), 0, -1, 127, 128, 255, 256] {
        let expected = T::try_from(v);
        for bytes in int_forms(v) {
            match &expected {
                Ok(x) => assert_eq!(from_slice::<T>(&bytes).as_ref(), Ok(x), "{name} from {}", hex(&bytes)),
                Err(_) => assert!(from_slice::<T>(&bytes).is_err(), "{name} from {}", hex(&bytes)),
            }
        }
    }
    let mut past = Vec::new();
    if max < WIRE_MAX {
        past.push(max + 1);
    }
    if min > WIRE_MIN {
        past.push(min - 1);
    }
    for v in past {
        let found = if v >= 0 { Found::UInt(v as u64) } else { Found::NegInt(v as i64) };
        for bytes in int_forms(v) {
            expect::<T>(&bytes, &oor(name, found), 0);
            let in_vec = [&[0x92, 0x00][..], &bytes].concat();
            expect_at::<Vec<T>>(&in_vec, &oor(name, found), 2, "$[1]");
        }
    }
}

#[test]
fn int_bounds_u8() {
    int_bounds::<u8>("u8", 0, u8::MAX.into());
}

#[test]
fn int_bounds_u16() {
    int_bounds::<u16>("u16", 0, u16::MAX.into());
}

#[test]
fn int_bounds_u32() {
    int_bounds::<u32>("u32", 0, u32::MAX.into());
}

#[test]
fn int_bounds_u64() {
    int_bounds::<u64>("u64", 0, u64::MAX.into());
}

#[test]
fn int_bounds_usize() {
    int_bounds::<usize>("usize", 0, usize::MAX as i128);
}

#[test]
fn int_bounds_u128() {
    int_bounds::<u128>("u128", 0, i128::MAX);
}

#[test]
fn int_bounds_i8() {
    int_bounds::<i8>("i8", i8::MIN.into(), i8::MAX.into());
}

#[test]
fn int_bounds_i16() {
    int_bounds::<i16>("i16", i16::MIN.into(), i16::MAX.into());
}

#[test]
fn int_bounds_i32() {
    int_bounds::<i32>("i32", i32::MIN.into(), i32::MAX.into());
}

#[test]
fn int_bounds_i64() {
    int_bounds::<i64>("i64", i64::MIN.into(), i64::MAX.into());
    // u64::MAX, the largest MessagePack integer.
    expect::<i64>(&[0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], &oor("i64", Found::UInt(u64::MAX)), 0);
}

#[test]
fn int_bounds_isize() {
    int_bounds::<isize>("isize", isize::MIN as i128, isize::MAX as i128);
}

/// `i128` holds every MessagePack integer: nothing is out of range.
#[test]
fn int_bounds_i128() {
    int_bounds::<i128>("i128", i128::MIN, i128::MAX);
    for v in [i64::MIN as i128, u64::MAX as i128] {
        for bytes in int_forms(v) {
            assert_eq!(from_slice::<i128>(&bytes), Ok(v));
        }
    }
}

/// Out of range in a derived struct's fields: the path names the field.
#[test]
fn int_out_of_range_in_derived_fields() {
    let ok = Ints { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0, g: 0, h: 0 };
    let base = to_vec(&ok).unwrap();
    assert_eq!(from_slice::<Ints>(&base), Ok(ok));
    // (field, wire value, expected type, found)
    let cases: [(&str, &[u8], &str, Found); 12] = [
        ("a", &[0xcd, 0x01, 0x00], "u8", Found::UInt(256)),
        ("a", &[0xff], "u8", Found::NegInt(-1)),
        ("b", &[0xcc, 0x80], "i8", Found::UInt(128)),
        ("b", &[0xd1, 0xff, 0x7f], "i8", Found::NegInt(-129)),
        ("c", &[0xce, 0x00, 0x01, 0x00, 0x00], "u16", Found::UInt(65_536)),
        ("d", &[0xd2, 0xff, 0xff, 0x7f, 0xff], "i16", Found::NegInt(-32_769)),
        ("e", &[0xcf, 0, 0, 0, 1, 0, 0, 0, 0], "u32", Found::UInt(1 << 32)),
        ("e", &[0xd0, 0xff], "u32", Found::NegInt(-1)),
        ("f", &[0xce, 0x80, 0, 0, 0], "i32", Found::UInt(1 << 31)),
        ("f", &[0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff], "i32", Found::NegInt(-(1 << 31) - 1)),
        ("g", &[0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0], "u64", Found::NegInt(i64::MIN)),
        ("h", &[0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0], "i64", Found::UInt(1 << 63)),
    ];
    for (field, wire, ty, found) in cases {
        let input = [&[0x81, 0xa1, field.as_bytes()[0]][..], wire].concat();
        expect_at::<Ints>(&input, &oor(ty, found), 3, &format!("$.{field}"));
    }
}

// ---- borrowed decodes of input that cannot be borrowed ---------------------------------

/// `&str` borrows a `str` item's payload; nothing else is a `str`.
#[test]
fn borrowed_str_from_bin() {
    expect::<&str>(&[0xc4, 0x02, b'a', b'b'], &mismatch("str", Found::Bin(2)), 0);
    expect::<Cow<str>>(&[0xc4, 0x02, b'a', b'b'], &mismatch("str", Found::Bin(2)), 0);
    expect_at::<View>(b"\x81\xa4name\xc4\x01a", &mismatch("str", Found::Bin(1)), 6, "$.name");
}

#[test]
fn borrowed_str_from_array_of_chars() {
    expect::<&str>(&[0x92, 0xa1, b'a', 0xa1, b'b'], &mismatch("str", Found::Array(2)), 0);
    expect::<&str>(&[0xd4, 0x01, b'a'], &mismatch("str", Found::Ext { ty: 1, len: 1 }), 0);
}

/// Every valid `str` can be borrowed (MessagePack has no escapes), however
/// long its header and whatever characters it holds.
#[test]
fn borrowed_str_from_any_str_header() {
    for input in [&b"\xa2h\xc3"[..], b"\xd9\x02hi", b"\xda\x00\x02hi", b"\xdb\x00\x00\x00\x02hi"] {
        let r = from_slice::<&str>(input);
        if input[0] == 0xa2 {
            assert_eq!(r.unwrap_err().kind(), &ErrorKind::InvalidUtf8);
        } else {
            let s = r.unwrap();
            assert_eq!((s, s.as_ptr()), ("hi", input[input.len() - 2..].as_ptr()));
        }
    }
}

/// `&[u8]` borrows a `bin`; a byte array written as an array of integers
/// (as serde writes `Vec<u8>` without `serde_bytes`) cannot be borrowed.
#[test]
fn borrowed_bytes_from_array_of_integers() {
    expect::<&[u8]>(&[0x92, 0x01, 0x02], &mismatch("bytes", Found::Array(2)), 0);
    expect_at::<View>(b"\x82\xa4name\xa0\xa4data\x92\x01\x02", &mismatch("bytes", Found::Array(2)), 12, "$.data");
    // `Cow<[u8]>` accepts both, borrowing only the bin.
    assert!(matches!(from_slice::<Cow<[u8]>>(&[0x92, 0x01, 0x02]), Ok(Cow::Owned(v)) if v == [1, 2]));
    assert!(matches!(from_slice::<Cow<[u8]>>(&[0xc4, 0x01, 0x07]), Ok(Cow::Borrowed([7]))));
    // ... and the integers must be bytes.
    expect_at::<Cow<[u8]>>(&[0x92, 0x01, 0xcd, 0x01, 0x00], &oor("u8", Found::UInt(256)), 2, "$[1]");
}

#[test]
fn borrowed_bytes_from_str() {
    expect::<&[u8]>(&[0xa2, b'a', b'b'], &mismatch("bytes", str_found("ab")), 0);
    expect::<&[u8]>(&[0xc0], &mismatch("bytes", Found::Nil), 0);
    expect::<Cow<[u8]>>(&[0xa2, b'a', b'b'], &mismatch("bytes", str_found("ab")), 0);
}

#[test]
fn borrowed_ext_from_bin() {
    expect::<ExtRef>(&[0xc4, 0x01, 0x07], &mismatch("ext", Found::Bin(1)), 0);
    expect::<ExtRef>(&[0x92, 0x01, 0xc4], &mismatch("ext", Found::Array(2)), 0);
}

// ---- the serde-parity shapes: untagged, adjacently tagged, flatten -----------------------

/// A recursive untagged enum whose variants start with different markers:
/// each value is tried by one variant at most.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(untagged)]
enum Tok {
    Nothing,
    Flag(bool),
    Num(i64),
    Text(String),
    List(Vec<Tok>),
    Map(BTreeMap<String, Tok>),
}

/// A recursive untagged enum whose two variants read the same values: a
/// failure deep inside is met by both at every level.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(untagged)]
enum Amb {
    A(Vec<Amb>),
    B(Vec<Amb>),
}

/// A recursive adjacently tagged enum.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "t", content = "c")]
enum Cmd {
    Stop,
    Say(String),
    Nest(Box<Cmd>),
    Many(Vec<Cmd>),
}

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "t", content = "c")]
enum CmdOther {
    Stop,
    #[msgpack(other)]
    Unknown(msgpack_core::Raw),
}

#[derive(MsgPack, Debug, PartialEq)]
struct FlatMeta {
    id: u32,
    note: Option<String>,
}

/// A recursive struct with a flattened struct and a catch-all map.
#[derive(MsgPack, Debug, PartialEq)]
struct FlatNode {
    name: String,
    #[msgpack(flatten)]
    meta: FlatMeta,
    #[msgpack(flatten)]
    rest: BTreeMap<String, Value>,
    children: Vec<FlatNode>,
}

#[derive(MsgPack, Debug, PartialEq)]
struct Pairs {
    #[msgpack(as_map)]
    list: Vec<(String, u32)>,
}

fn no_variant(enum_name: &'static str, e: &decode::Error) -> String {
    match e.kind() {
        ErrorKind::NoVariantMatched { enum_name: n, reasons } if *n == enum_name => reasons.to_string(),
        _ => panic!("expected no variant of {enum_name} to match, got {e}"),
    }
}

/// `levels` of `{"t": "Nest", "c": ..}` around `{"t": "Stop"}`, the tag
/// first or the content first.
fn nests(levels: usize, content_first: bool) -> Vec<u8> {
    let mut v = Vec::new();
    for _ in 0..levels {
        v.extend_from_slice(if content_first { b"\x82\xa1c" } else { b"\x82\xa1t\xa4Nest\xa1c" });
    }
    v.extend_from_slice(b"\x81\xa1t\xa4Stop");
    if content_first {
        for _ in 0..levels {
            v.extend_from_slice(b"\xa1t\xa4Nest");
        }
    }
    v
}

/// `levels` of `{"name": "", "id": 0, "children": [..]}` around `[]`.
fn flat_nodes(levels: usize) -> Vec<u8> {
    const LEVEL: &[u8] = b"\x83\xa4name\xa0\xa2id\x00\xa8children\x91";
    let mut v = LEVEL.repeat(levels - 1);
    v.extend_from_slice(b"\x83\xa4name\xa0\xa2id\x00\xa8children\x90");
    v
}

/// An untagged enum tries its variants on a decoder copy that shares the
/// depth count: a depth bomb fails every variant, each at the limit, and
/// the error is the enum's, at the start.
#[test]
fn depth_bomb_untagged_enum() {
    let opts = DecodeOptions::new().max_depth(16);
    assert!(from_slice_with::<Tok>(&arrays(16), &opts).is_ok());
    for input in [arrays(17), arrays(1_000_000)] {
        let e = err_with::<Tok>(&input, &opts);
        assert_eq!(e.offset(), 0, "{e}");
        let reasons = no_variant("Tok", &e);
        assert!(reasons.starts_with("Nothing: cannot start with array of 1 elements; "), "{reasons}");
        assert!(reasons.contains("; List: "), "{reasons}");
    }
    // In a map value: the same, deep inside.
    let bomb = [&b"\x81\xa1k"[..], &arrays(1_000_000)].concat();
    let e = err_with::<Tok>(&bomb, &opts);
    assert_eq!(e.offset(), 0, "{e}");
}

#[test]
fn depth_bomb_adjacently_tagged() {
    for content_first in [false, true] {
        let opts = DecodeOptions::new().max_depth(16);
        assert_eq!(from_slice_with::<Cmd>(&nests(15, content_first), &opts).map(drop), Ok(()));
        let (e, p) = with_big_stack(move || {
            let e = from_slice_with::<Cmd>(&nests(1_000_000, content_first), &opts).unwrap_err();
            let p = e.path().to_string();
            (e, p)
        });
        let level = if content_first { 3 } else { 10 };
        assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 16 }, 16 * level), "{e}");
        assert_eq!(p, "$".to_string() + &".c".repeat(16));
    }
}

#[test]
fn depth_bomb_flattened_struct() {
    const LEVEL: usize = 21;
    let opts = DecodeOptions::new().max_depth(16);
    assert_eq!(from_slice_with::<FlatNode>(&flat_nodes(8), &opts).map(drop), Ok(()));
    let e = with_big_stack(|| from_slice_with::<FlatNode>(&flat_nodes(100_000), &DecodeOptions::new().max_depth(16)))
        .unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 16 }, 8 * LEVEL), "{e}");
    assert_eq!(e.path().to_string(), "$".to_string() + &".children[0]".repeat(8));
    // A deep value in the catch-all: decoded (as `Value`), and limited.
    let bomb = [&b"\x83\xa4name\xa0\xa2id\x00\xa1z"[..], &arrays(1_000_000)].concat();
    let e = err_with::<FlatNode>(&bomb, &opts);
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimitExceeded { limit: 16 }, 13 + 15), "{e}");
    assert!(e.path().to_string().starts_with("$[\"z\"][0]"), "{}", e.path());
}

/// A key no field knows is skipped without recursion, in an adjacently
/// tagged map and in a struct with a flattened struct (no catch-all).
#[test]
fn depth_bomb_in_skipped_keys() {
    #[derive(MsgPack, Debug, PartialEq)]
    struct NoCatchAll {
        name: String,
        #[msgpack(flatten)]
        meta: FlatMeta,
    }
    let deep = arrays(1_000_000);
    let adjacent = [&b"\x82"[..], &deep, b"\x01\xa1t\xa4Stop"].concat();
    assert_eq!(from_slice::<Cmd>(&adjacent), Ok(Cmd::Stop));
    let flat = [&b"\x83\xa4name\xa0\xa2id\x01\xa1z"[..], &deep].concat();
    assert_eq!(
        from_slice::<NoCatchAll>(&flat),
        Ok(NoCatchAll { name: String::new(), meta: FlatMeta { id: 1, note: None } })
    );
    // The content of an unknown tag, met before the tag, is skipped too.
    let unknown = [&b"\x82\xa1c"[..], &deep, b"\xa1t\xa1Q"].concat();
    let v: CmdOther = from_slice(&unknown).unwrap();
    assert!(matches!(v, CmdOther::Unknown(_)));
}

/// Length claims into the new shapes: checked against the input before
/// anything is reserved.
#[test]
fn claims_into_new_shapes() {
    let claim = |prefix: &[u8], header: &[u8]| [prefix, header, b"\x01\x02"].concat();
    for (input, needed, at) in [
        (claim(b"", b"\xdf\xff\xff\xff\xff"), 2 * 0xffff_ffffu64, 5),
        (claim(b"\x82\xa1t\xa4Many\xa1c", b"\xdd\xff\xff\xff\xff"), 0xffff_ffff, 15),
    ] {
        let (e, peak, total) = measure(|| err_with::<Cmd>(&input, &DEFAULT));
        assert_eq!((e.kind(), e.offset()), (&eof(needed, 2), at), "{e}");
        assert!(peak < 1024 && total < 4096, "Cmd from {}: {peak} at once, {total} in all", hex(&input));
    }
    for (input, needed, at) in [
        (claim(b"", b"\xdf\xff\xff\xff\xff"), 2 * 0xffff_ffffu64, 5),
        (claim(b"\x83\xa4name\xa0\xa2id\x00\xa1z", b"\xdd\xff\xff\xff\xff"), 0xffff_ffff, 18),
        (claim(b"\x83\xa4name\xa0\xa2id\x00\xa8children", b"\xdd\xff\xff\xff\xff"), 0xffff_ffff, 25),
    ] {
        let (e, peak, total) = measure(|| err_with::<FlatNode>(&input, &DEFAULT));
        assert_eq!((e.kind(), e.offset()), (&eof(needed, 2), at), "{e}");
        assert!(peak < 1024 && total < 4096, "FlatNode from {}: {peak} at once, {total} in all", hex(&input));
    }
    let input = claim(b"\x81\xa4list", b"\xdf\xff\xff\xff\xff");
    let (e, peak, total) = measure(|| err_with::<Pairs>(&input, &DEFAULT));
    assert_eq!((e.kind(), e.offset()), (&eof(2 * 0xffff_ffff, 2), 11), "{e}");
    assert!(peak < 1024 && total < 4096, "Pairs: {peak} at once, {total} in all");
    // Into an untagged enum: every variant that may read a map is tried and
    // fails the same way; nothing sized from the claim.
    let input = claim(b"", b"\xdf\xff\xff\xff\xff");
    let (e, peak, total) = measure(|| err_with::<Tok>(&input, &DEFAULT));
    let reasons = no_variant("Tok", &e);
    assert!(reasons.contains("Map: unexpected end of input"), "{reasons}");
    assert!(peak < 1024 && total < 4096, "Tok: {peak} at once, {total} in all");
}

#[test]
fn truncation_of_new_shapes() {
    let cmd = Cmd::Many(vec![Cmd::Say("hello".into()), Cmd::Nest(Box::new(Cmd::Stop)), Cmd::Many(vec![])]);
    every_prefix_fails::<Cmd>(&to_vec(&cmd).unwrap());
    every_prefix_fails::<Cmd>(&nests(5, true));
    let node = FlatNode {
        name: "root".into(),
        meta: FlatMeta { id: 70_000, note: Some("n".into()) },
        rest: BTreeMap::from([("a".into(), Value::from(1u8)), ("zz".into(), ext_map())]),
        children: vec![FlatNode {
            name: String::new(),
            meta: FlatMeta { id: 0, note: None },
            rest: BTreeMap::new(),
            children: vec![],
        }],
    };
    every_prefix_fails::<FlatNode>(&to_vec(&node).unwrap());
    every_prefix_fails::<Pairs>(&to_vec(&Pairs { list: vec![("a".into(), 1), ("a".into(), u32::MAX)] }).unwrap());
    // An untagged enum reports the prefix as no variant matching, at the
    // start.
    let tok = Tok::List(vec![
        Tok::Num(-300),
        Tok::Map(BTreeMap::from([("k".into(), Tok::Text("v".into())), ("n".into(), Tok::Nothing)])),
        Tok::Flag(true),
    ]);
    let bytes = to_vec(&tok).unwrap();
    assert_eq!(from_slice::<Tok>(&bytes), Ok(tok));
    for cut in 0..bytes.len() {
        let e = err_with::<Tok>(&bytes[..cut], &DEFAULT);
        let reasons = no_variant("Tok", &e);
        if cut == 0 || cut == 1 {
            assert!(reasons.contains("end of input"), "cut {cut}: {reasons}");
        }
        assert_eq!(e.offset(), 0);
    }
}

/// Hostile bytes inside the new shapes: the exact error, where it is.
#[test]
fn hostile_items_in_new_shapes() {
    // 0xc1 as the content read late, as an unknown key, as a catch-all value.
    expect_at::<Cmd>(b"\x82\xa1c\xc1\xa1t\xa3Say", &RESERVED, 3, "$");
    expect_at::<Cmd>(b"\x82\xc1\x00\xa1t\xa4Stop", &RESERVED, 1, "$");
    expect_at::<FlatNode>(b"\x84\xa4name\xa0\xa2id\x00\xa1z\xc1\xa8children\x90", &RESERVED, 13, "$[\"z\"]");
    // Invalid UTF-8: a tag (compared as bytes: no tag), a content read
    // late, a catch-all key.
    let bad_tag = ErrorKind::UnknownVariant { enum_name: "Cmd", found: str_found("<invalid UTF-8>") };
    expect_at::<Cmd>(b"\x81\xa1t\xa2\xff\xfe", &bad_tag, 3, "$.t");
    expect_at::<Cmd>(b"\x82\xa1c\xa2\xff\xfe\xa1t\xa3Say", &ErrorKind::InvalidUtf8, 3, "$.c");
    expect::<FlatNode>(b"\x84\xa4name\xa0\xa2id\x00\xa2\xff\xfe\x01\xa8children\x90", &ErrorKind::InvalidUtf8, 11);
    // A duplicate tag or content; the tag given twice with the content between.
    expect::<Cmd>(b"\x83\xa1t\xa4Stop\xa1c\xc0\xa1t\xa4Stop", &ErrorKind::DuplicateField("t"), 11);
    expect::<Cmd>(b"\x83\xa1c\xc0\xa1c\xc0\xa1t\xa4Stop", &ErrorKind::DuplicateField("c"), 4);
    // Invalid UTF-8 in an untagged `Text`: that variant's reason.
    let e = err_with::<Tok>(b"\xa2\xff\xfe", &DEFAULT);
    assert!(no_variant("Tok", &e).contains("Text: invalid UTF-8"), "{e}");
    // An untagged enum's failed attempts leave the decoder where it was:
    // the next element is read from the right place.
    let v: Vec<Tok> = from_slice(b"\x93\x81\xa1k\xc0\xa1x\x92\x01\xc2").unwrap();
    assert_eq!(v[2], Tok::List(vec![Tok::Num(1), Tok::Flag(false)]));
}

/// A recursive untagged enum's error lists the reasons of the outer level
/// only (a nested enum says it is not listed): the message and the
/// allocations stay small however deep the failure. This was a bug found
/// by this corpus: every level's message was built anew around the one
/// below, so 1,000 nested arrays around an ext (1,003 bytes) allocated
/// about 458 MB in all for a 293 KB message. Fixed by listing one level.
#[test]
fn untagged_error_size_bounded_in_depth() {
    for levels in [10usize, 1_000, 100_000] {
        let mut input = vec![0x91; levels];
        input.extend_from_slice(&[0xd4, 0x01, 0x00]);
        let n = input.len();
        let (r, peak, total) = with_big_stack(move || {
            measure(|| {
                from_slice::<Tok>(&input).map(drop).map_err(|e| (e.offset(), no_variant("Tok", &e), e.to_string()))
            })
        });
        let (at, reasons, text) = r.unwrap_err();
        assert_eq!(at, 0);
        assert!(
            reasons.contains("List: no variant of untagged enum Tok matched (not listed inside the reasons"),
            "{reasons}"
        );
        assert!(text.len() <= 1024, "{levels} levels: a {}-byte message", text.len());
        assert!(peak <= 4096, "{levels} levels: {peak} bytes at once");
        assert!(total <= 128 * n + 10_240, "{levels} levels: a {n}-byte input allocated {total} bytes in all");
    }
}

/// With two variants that read the same values, a failure deep inside is
/// met by both variants at every level: the attempts would double with
/// each level. This was a bug found by this corpus: 16 nested arrays
/// around `nil` (17 bytes) gave an 11.6 MB message and 750 MB of
/// allocations, 30 levels would have taken terabytes. Fixed by a budget of
/// bytes failed attempts may read (`decode::SPECULATION_PER_BYTE` per input
/// byte plus `decode::SPECULATION_BASE`): past it, `SpeculationLimit`.
#[test]
fn untagged_error_size_bounded_with_ambiguous_variants() {
    use msgpack_core::decode::{SPECULATION_BASE, SPECULATION_PER_BYTE};
    // Shallow: every attempt is made, the reasons listed one level deep.
    let input = [&[0x91; 4][..], &[0xc0]].concat();
    let e = err_with::<Amb>(&input, &DEFAULT);
    assert_eq!(
        no_variant("Amb", &e),
        "A: no variant of untagged enum Amb matched (not listed inside the reasons of an enclosing untagged enum) at $[0] (byte 1); \
         B: no variant of untagged enum Amb matched (not listed inside the reasons of an enclosing untagged enum) at $[0] (byte 1)"
    );
    for levels in [16usize, 64, 1_000] {
        let mut input = vec![0x91; levels];
        input.push(0xc0);
        let n = input.len();
        let (r, peak, total) = with_big_stack(move || {
            measure(|| {
                let t = std::time::Instant::now();
                from_slice::<Amb>(&input).map(drop).map_err(|e| (e, t.elapsed()))
            })
        });
        let (e, took) = r.unwrap_err();
        let budget = (SPECULATION_BASE + SPECULATION_PER_BYTE * n) as u64;
        assert_eq!((e.kind(), e.offset()), (&ErrorKind::SpeculationLimit { budget }, 0), "{levels} levels: {e}");
        assert!(peak <= 4096, "{levels} levels: {peak} bytes at once");
        assert!(total <= 1024 * n + (128 << 10), "{levels} levels: a {n}-byte input allocated {total} bytes in all");
        assert!(took < std::time::Duration::from_secs(5), "{levels} levels: {took:?}");
    }
}

/// The same ambiguous enum reads what one of its variants reads: a valid
/// deep input is linear (the first variant succeeds at every level).
#[test]
fn ambiguous_untagged_enum_reads_deep_valid_input() {
    let input = arrays(500);
    let v = with_big_stack(move || from_slice::<Amb>(&input).map(|_| ()));
    assert_eq!(v, Ok(()));
}

// ---- capacity-limited containers and lossy conversions (issue 14) ------------------------

/// A container of a fixed capacity given more: `CapacityExceeded` at its
/// header, before any element is read, in every header width; a claim
/// longer than the input is `UnexpectedEof` first (checked before the
/// capacity). Never a panic; nothing allocated but the error.
#[cfg(all(feature = "arrayvec", feature = "heapless"))]
#[test]
fn over_capacity_in_every_header_width() {
    use arrayvec::{ArrayString, ArrayVec};
    let cap = |capacity, found| ErrorKind::CapacityExceeded { capacity, found };
    let five_u8 = |header: &[u8]| [header, &[1, 2, 3, 4, 5][..]].concat();
    for header in [&[0x95][..], &[0xdc, 0, 5], &[0xdd, 0, 0, 0, 5]] {
        let input = five_u8(header);
        expect::<ArrayVec<u8, 4>>(&input, &cap(4, 5), 0);
        expect::<ArrayVec<u64, 4>>(&input, &cap(4, 5), 0);
        expect::<heapless::Vec<u8, 4>>(&input, &cap(4, 5), 0);
        expect::<heapless::Vec<i16, 4, u8>>(&input, &cap(4, 5), 0);
        // Nothing is allocated but the error itself.
        let (r, peak, _) = measure(|| from_slice::<heapless::Vec<u32, 4>>(&input).map(drop));
        assert_eq!(r.map_err(|e| e.kind().clone()), Err(cap(4, 5)));
        assert!(peak <= 128, "{peak}");
        let full = [&[0x94][..], &[1, 2, 3, 4]].concat();
        let (r, peak, total) = measure(|| from_slice::<heapless::Vec<u32, 4>>(&full).map(|v| v.len()));
        assert_eq!((r, peak, total), (Ok(4), 0, 0));
    }
    for header in [&[0xc4, 5][..], &[0xc5, 0, 5], &[0xc6, 0, 0, 0, 5]] {
        expect::<ArrayVec<u8, 4>>(&five_u8(header), &cap(4, 5), 0);
        expect::<heapless::Vec<u8, 4>>(&five_u8(header), &cap(4, 5), 0);
    }
    for header in [&[0xa5][..], &[0xd9, 5], &[0xda, 0, 5], &[0xdb, 0, 0, 0, 5]] {
        let input = [header, b"hello"].concat();
        expect::<ArrayString<4>>(&input, &cap(4, 5), 0);
        expect::<heapless::String<4>>(&input, &cap(4, 5), 0);
    }
    for header in [&[0x85][..], &[0xde, 0, 5], &[0xdf, 0, 0, 0, 5]] {
        let input = [header, &[1, 1, 2, 2, 3, 3, 4, 4, 5, 5][..]].concat();
        expect::<heapless::index_map::FnvIndexMap<u8, u8, 4>>(&input, &cap(4, 5), 0);
    }
    // Claims past the input: the input length is checked first.
    expect::<ArrayVec<u8, 4>>(&[0xdd, 0xff, 0xff, 0xff, 0xff], &eof(u32::MAX as u64, 0), 5);
    expect::<heapless::String<4>>(&[0xdb, 0xff, 0xff, 0xff, 0xff], &eof(u32::MAX as u64, 0), 5);
    // Inside a derived struct and a sequence: located.
    #[derive(MsgPack, Debug)]
    struct Frame {
        #[allow(dead_code)]
        tags: heapless::Vec<heapless::String<3>, 2>,
    }
    expect_at::<Frame>(b"\x81\xa4tags\x92\xa1a\xa4abcd", &cap(3, 4), 9, "$.tags[1]");
    expect_at::<Frame>(b"\x81\xa4tags\x93\xa1a\xa1b\xa1c", &cap(2, 3), 6, "$.tags");
    expect_at::<Vec<ArrayVec<u8, 1>>>(&[0x92, 0xc4, 1, 7, 0xc4, 2, 7, 8], &cap(1, 2), 4, "$[1]");
}

/// Conversions that would lose or invent information are errors: a zero
/// `NonZero`, an octet or port out of range (never wrapped, `Wrapping`
/// included), a NUL inside a `CString`, a `Decimal` past 96 bits.
#[test]
fn lossy_conversions_are_rejected() {
    use std::net::{IpAddr, Ipv4Addr, SocketAddrV4};
    use std::num::{NonZeroI128, NonZeroU8, Wrapping};
    expect::<NonZeroU8>(&[0xcc, 0x00], &oor("NonZeroU8", Found::UInt(0)), 0);
    expect::<NonZeroI128>(&[0xd3, 0, 0, 0, 0, 0, 0, 0, 0], &oor("NonZeroI128", Found::UInt(0)), 0);
    expect::<Wrapping<u8>>(&[0xcd, 0x01, 0x00], &oor("u8", Found::UInt(256)), 0);
    expect_at::<Ipv4Addr>(&[0x94, 1, 2, 3, 0xcd, 0x01, 0x00], &oor("u8", Found::UInt(256)), 4, "$[3]");
    expect_at::<Ipv4Addr>(&[0x94, 1, 2, 3, 0xff], &oor("u8", Found::NegInt(-1)), 4, "$[3]");
    expect_at::<IpAddr>(
        b"\x81\xa2V4\x95\x01\x02\x03\x04\x05",
        &ErrorKind::InvalidLength { expected: 4, found: 5 },
        4,
        "$.V4",
    );
    let port = [&b"\x92\x94\x01\x02\x03\x04"[..], &[0xce, 0, 1, 0, 0]].concat();
    expect_at::<SocketAddrV4>(&port, &oor("u16", Found::UInt(65_536)), 6, "$[1]");
    let e = err_with::<std::ffi::CString>(&[0xc4, 2, 0, b'a'], &DEFAULT);
    assert!(matches!(e.kind(), ErrorKind::Conversion { into: "CString", .. }) && e.offset() == 0, "{e}");
    #[cfg(feature = "rust_decimal")]
    {
        let e = err_with::<rust_decimal::Decimal>(b"\xbe792281625142643375935439503350", &DEFAULT);
        assert!(matches!(e.kind(), ErrorKind::Conversion { into: "Decimal", .. }), "{e}");
        expect::<rust_decimal::Decimal>(
            &[0xcb, 0x3f, 0xb9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a],
            &mismatch("Decimal", Found::F64(0.1)),
            0,
        );
    }
}

/// `flatten` in `array` form: short arrays, huge length claims, wrong
/// types and every truncation of a valid message are errors (never a
/// panic), and a map is refused (flattened fields are positions).
#[test]
fn array_form_flatten_on_hostile_input() {
    #[derive(msgpack_core::MsgPack, Debug, PartialEq)]
    #[msgpack(array)]
    struct Pos {
        x: i32,
        y: i32,
    }
    #[derive(msgpack_core::MsgPack, Debug, PartialEq)]
    #[msgpack(array)]
    struct Sprite {
        name: String,
        #[msgpack(flatten)]
        pos: Pos,
        #[msgpack(default)]
        z: u8,
    }
    let good = msgpack_core::to_vec(&Sprite { name: "n".into(), pos: Pos { x: 1, y: 2 }, z: 3 }).unwrap();
    assert!(from_slice::<Sprite>(&good).is_ok());
    for cut in 0..good.len() {
        assert!(from_slice::<Sprite>(&good[..cut]).is_err(), "cut at {cut}");
    }
    for bad in [
        &b"\x92\xa1n\x01"[..],                           // the flattened struct's second element missing
        b"\xdd\xff\xff\xff\xff\xa1n",                    // a length claim far past the input
        b"\x94\xa1n\xa1x\x02\x03",                       // a wrong type inside the flattened part
        b"\x84\xa4name\xa1n\xa1x\x01\xa1y\x02\xa1z\x03", // a map: positions only
        b"\x90",
    ] {
        let e = from_slice::<Sprite>(bad).unwrap_err();
        assert!(e.offset() <= bad.len(), "{e}");
    }
}
