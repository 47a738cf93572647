//! Hostile input: every malformed message is an `Err` with the right
//! `ErrorKind`, never a panic, an abort, a stack overflow or an allocation
//! sized from a length prefix the input cannot back.
//!
//! A counting global allocator records, per thread, the largest single
//! allocation and the total allocated while a decode runs.

use std::any::type_name;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, LinkedList, VecDeque};
use std::fmt::Debug;
use std::num::{NonZeroI64, NonZeroU8};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use msgpack_core::decode::{self, ErrorKind, Found};
use msgpack_core::{
    Decode, DecodeOptions, Decoder, Ext, ExtRef, Timestamp, Value, ValueRef, from_slice, from_slice_with, to_vec,
};

// ---- allocation accounting ---------------------------------------------------

use crate::common::peak_alloc;
use peak_alloc::measure;

// ---- helpers -------------------------------------------------------------------

/// Decodes `bytes` as `T` and returns the error, failing if it decodes.
#[track_caller]
fn decode_err<'de, T: Decode<'de> + Debug>(bytes: &'de [u8], opts: &DecodeOptions) -> decode::Error {
    match from_slice_with::<T>(bytes, opts) {
        Ok(v) => panic!("{} decoded {bytes:02x?} as {v:?}", type_name::<T>()),
        Err(e) => e,
    }
}

/// Asserts that decoding `bytes` as `T` fails with exactly `kind` at `offset`.
#[track_caller]
fn expect<'de, T: Decode<'de> + Debug>(bytes: &'de [u8], kind: &ErrorKind, offset: usize) {
    let e = decode_err::<T>(bytes, &DecodeOptions::new());
    assert_eq!((e.kind(), e.offset()), (kind, offset), "{} from {bytes:02x?}: {e}", type_name::<T>());
}

/// [`expect`] for each listed type.
macro_rules! expect_all {
    ($bytes:expr, $kind:expr, $offset:expr; $($t:ty),+ $(,)?) => {$(
        expect::<$t>($bytes, &$kind, $offset);
    )+};
}

/// Asserts that `Decoder::skip` fails on `bytes` with exactly `kind` at `offset`.
#[track_caller]
fn expect_skip(bytes: &[u8], kind: &ErrorKind, offset: usize) {
    let e = Decoder::new(bytes).skip().expect_err("skip must fail");
    assert_eq!((e.kind(), e.offset()), (kind, offset), "skip of {bytes:02x?}: {e}");
}

#[track_caller]
fn assert_eof(e: &decode::Error, input_len: usize, what: &str) {
    match *e.kind() {
        ErrorKind::UnexpectedEof { needed, available } => {
            assert!(e.offset() <= input_len, "{what}: offset {} beyond the input ({input_len})", e.offset());
            assert_eq!(available, input_len - e.offset(), "{what}: {e}");
            assert!(needed > available as u64, "{what}: {e}");
        }
        _ => panic!("{what}: expected UnexpectedEof, got {e}"),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// A recursive type decoded through the library's `Vec` impl.
#[derive(Debug)]
enum Tree {
    Leaf,
    Node(Vec<Tree>),
}

impl<'de> Decode<'de> for Tree {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, decode::Error> {
        if d.try_nil()? { Ok(Tree::Leaf) } else { Vec::decode(d).map(Tree::Node) }
    }
}

/// A recursive type decoded through the library's `BTreeMap` impl.
#[derive(Debug)]
enum MapTree {
    Leaf,
    Node(BTreeMap<u8, MapTree>),
}

impl<'de> Decode<'de> for MapTree {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, decode::Error> {
        if d.try_nil()? { Ok(MapTree::Leaf) } else { BTreeMap::decode(d).map(MapTree::Node) }
    }
}

/// A recursive type decoded through the library's 1-tuple impl and `Box`.
#[derive(Debug)]
struct Chain(Option<Box<(Chain,)>>);

impl<'de> Decode<'de> for Chain {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, decode::Error> {
        Option::decode(d).map(Chain)
    }
}

/// A recursive type with a hand-written impl that calls `enter`/`leave`
/// itself, as the `Decode` docs ask.
#[derive(Debug)]
struct Nest(Vec<Nest>);

impl<'de> Decode<'de> for Nest {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, decode::Error> {
        if d.try_nil()? {
            return Ok(Nest(Vec::new()));
        }
        let len = d.array_len()?;
        d.enter()?;
        let mut items = Vec::new();
        for i in 0..len {
            items.push(Nest::decode(d).map_err(|e| e.at_index(i))?);
        }
        d.leave();
        Ok(Nest(items))
    }
}

/// How many arrays or maps deep a decoded recursive value is.
trait Depth {
    fn depth(&self) -> usize;
}

impl Depth for Tree {
    fn depth(&self) -> usize {
        match self {
            Tree::Leaf => 0,
            Tree::Node(v) => 1 + v.iter().map(Depth::depth).max().unwrap_or(0),
        }
    }
}

impl Depth for MapTree {
    fn depth(&self) -> usize {
        match self {
            MapTree::Leaf => 0,
            MapTree::Node(m) => 1 + m.values().map(Depth::depth).max().unwrap_or(0),
        }
    }
}

impl Depth for Chain {
    fn depth(&self) -> usize {
        self.0.as_ref().map_or(0, |b| 1 + b.0.depth())
    }
}

impl Depth for Nest {
    fn depth(&self) -> usize {
        // A nil and an empty array both decode to an empty `Nest`; the
        // inputs here end in nil, one level below the last array.
        self.0.iter().map(|n| 1 + n.depth()).max().unwrap_or(0)
    }
}

/// Runs `f` on a thread with a large stack: unoptimised code spends far
/// more stack per level than a release build, and these tests are about the
/// limit being enforced, not about frame sizes. Without the limit the
/// million-level inputs below would still overflow it.
fn with_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new().stack_size(64 << 20).spawn(f).unwrap().join().unwrap()
}

// ---- the messages that get truncated and mutated --------------------------------

type Nested = BTreeMap<String, Vec<(u8, String)>>;

/// Several types in one message: bin 16, ext 8, the three timestamp layouts,
/// fixext 16, a map with integer keys, a Duration, a multi-byte char, floats.
type Mixed<'a> = (
    Vec<u8>,
    Ext,
    Timestamp,
    Timestamp,
    Timestamp,
    BTreeMap<u32, Vec<String>>,
    Option<ExtRef<'a>>,
    Duration,
    char,
    f32,
    i64,
    HashMap<String, bool>,
);

fn nested() -> Nested {
    BTreeMap::from([
        ("alpha".to_string(), vec![(1, "x".to_string()), (200, "y\u{e9}".to_string())]),
        (String::new(), vec![]),
        ("k".repeat(40), vec![(255, "z".repeat(300))]),
    ])
}

fn floats() -> Vec<u8> {
    let mut m = vec![0x95];
    m.extend(to_vec(&1.5f64).unwrap());
    m.push(0xc0);
    m.extend(to_vec(&2.5f32).unwrap());
    m.extend(to_vec(&f64::NAN).unwrap());
    m.extend(to_vec(&-0.0f64).unwrap());
    m
}

fn mixed() -> Vec<u8> {
    static PAYLOAD: [u8; 16] = [7; 16];
    let value: Mixed = (
        (0..300).map(|i| i as u8).collect(),
        Ext::new(5, vec![1; 20]),
        Timestamp::new(-5, 123).unwrap(),
        Timestamp::new(1 << 33, 9).unwrap(),
        Timestamp::new(1_700_000_000, 0).unwrap(),
        BTreeMap::from([(1, vec!["a".to_string()]), (70_000, vec![]), (3, vec!["b".into(), "c\u{20ac}".into()])]),
        Some(ExtRef::new(-3, &PAYLOAD)),
        Duration::new(86_400, 999),
        '\u{20ac}',
        0.25,
        i64::MIN,
        HashMap::from([("t".to_string(), true), ("f".to_string(), false)]),
    );
    to_vec(&value).unwrap()
}

fn wide() -> Vec<u8> {
    let map: BTreeMap<u16, String> = (0..20).map(|i| (i * 1000, "v".repeat(i as usize * 2))).collect();
    let list: Vec<Option<u32>> = (0..20).map(|i| if i % 3 == 0 { None } else { Some(i << 20) }).collect();
    to_vec(&(map, list)).unwrap()
}

// ---- truncation ------------------------------------------------------------------

/// Every strict prefix of `bytes` fails to decode as `T` and to skip, with
/// `UnexpectedEof` located inside the prefix.
fn truncate_everywhere<'a, T: Decode<'a> + Debug>(bytes: &'a [u8]) {
    from_slice::<T>(bytes).unwrap_or_else(|e| panic!("the whole message must decode: {e}"));
    let mut d = Decoder::new(bytes);
    d.skip().unwrap();
    assert!(d.is_empty());
    for cut in 0..bytes.len() {
        let prefix = &bytes[..cut];
        let what = format!("{} cut at {cut} of {}", type_name::<T>(), bytes.len());
        let e = decode_err::<T>(prefix, &DecodeOptions::new());
        assert_eof(&e, cut, &what);
        let e = Decoder::new(prefix).skip().expect_err("skip of a truncated message");
        assert_eof(&e, cut, &format!("skip, {what}"));
    }
}

#[test]
fn truncation_at_every_offset() {
    let n = to_vec(&nested()).unwrap();
    truncate_everywhere::<Nested>(&n);
    truncate_everywhere::<BTreeMap<String, Vec<(u64, String)>>>(&n);
    truncate_everywhere::<Vec<Option<f64>>>(&floats());
    truncate_everywhere::<Mixed>(&mixed());
    truncate_everywhere::<(BTreeMap<u16, String>, Vec<Option<u32>>)>(&wide());
    truncate_everywhere::<(HashMap<u16, Box<str>>, VecDeque<Option<u64>>)>(&wide());
}

#[test]
fn truncated_borrowing_decodes() {
    let bytes = mixed();
    for cut in 0..bytes.len() {
        let e = decode_err::<Mixed>(&bytes[..cut], &DecodeOptions::new());
        assert_eof(&e, cut, "Mixed");
    }
    let bytes = to_vec(&("k", &b"bin"[..], ExtRef::new(1, b"e"), "z".repeat(40))).unwrap();
    for cut in 0..bytes.len() {
        let e = decode_err::<(&str, &[u8], ExtRef, Cow<str>)>(&bytes[..cut], &DecodeOptions::new());
        assert_eof(&e, cut, "borrowed tuple");
    }
}

// ---- 0xc1 ---------------------------------------------------------------------------

#[test]
fn reserved_marker_at_top_level() {
    let r = ErrorKind::ReservedMarker;
    expect_all!(&[0xc1], r, 0;
        bool, u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, u128, i128, NonZeroU8, f32, f64, char, (),
        String, &str, Cow<str>, Box<str>, Vec<u8>, &[u8], Cow<[u8]>, [u8; 2], VecDeque<u8>, Vec<u32>, [u32; 2],
        (u8, u8), BTreeMap<String, u8>, HashMap<u8, u8>, BTreeSet<u8>, Option<u8>, Box<u8>, Duration, Timestamp,
        Ext, ExtRef, Tree, Value, ValueRef,
    );
    let e = decode_err::<f64>(&[0xc1], &DecodeOptions::new().int_to_float(true));
    assert_eq!(e.kind(), &r);
    expect_skip(&[0xc1], &r, 0);
}

#[test]
fn reserved_marker_nested() {
    let r = ErrorKind::ReservedMarker;
    expect_all!(&[0x92, 0x01, 0xc1], r, 2; Vec<u8>, Vec<u32>, (u8, u8), [u8; 2], Vec<Option<u8>>, Duration, Value);
    expect_all!(&[0x92, 0xa0, 0xc1], r, 2; Vec<String>, (String, String), Vec<&str>);
    expect_all!(&[0x81, 0xc1, 0x01], r, 1; BTreeMap<String, u8>, BTreeMap<u8, u8>, HashMap<u8, u8>);
    expect_all!(&[0x81, 0x01, 0xc1], r, 2; BTreeMap<u8, u8>, BTreeMap<u8, String>, HashMap<u8, Vec<u8>>);
    expect_all!(&[0x91, 0x91, 0x91, 0xc1], r, 3; Tree, Vec<Vec<Vec<u8>>>, Chain);
    // Inside a Duration map, as key and as value.
    expect::<Duration>(&[0x81, 0xc1, 0x00], &r, 1);
    expect::<Duration>(&[0x81, 0xa4, b's', b'e', b'c', b's', 0xc1], &r, 6);
    let e = decode_err::<Vec<u8>>(&[0x92, 0x01, 0xc1], &DecodeOptions::new());
    assert_eq!(e.path().to_string(), "$[1]");

    expect_skip(&[0x92, 0x01, 0xc1], &r, 2);
    expect_skip(&[0x81, 0xc1, 0x01], &r, 1);
    expect_skip(&[0x81, 0x01, 0xc1], &r, 2);
    expect_skip(&[0x91, 0x91, 0x91, 0xc1], &r, 3);
    // A 0xc1 inside a str or bin payload is data, not a marker.
    let mut d = Decoder::new(&[0x92, 0xa1, 0xc1, 0xc4, 0x01, 0xc1]);
    d.skip().unwrap();
    assert!(d.is_empty());
}

// ---- invalid UTF-8 ----------------------------------------------------------------

const BAD_UTF8: [&[u8]; 9] = [
    &[0xc0, 0xaf],                   // overlong '/'
    &[0xe0, 0x80, 0xaf],             // overlong, three bytes
    &[0xed, 0xa0, 0x80],             // surrogate U+D800
    &[0xe2, 0x82],                   // truncated euro sign
    &[b'o', b'k', 0xc3],             // truncated at the end
    &[0xff],                         // never valid
    &[0x80],                         // lone continuation byte
    &[0xf4, 0x90, 0x80, 0x80],       // above U+10FFFF
    &[0xf8, 0x88, 0x80, 0x80, 0x80], // five-byte form
];

fn fixstr(payload: &[u8]) -> Vec<u8> {
    [&[0xa0 | payload.len() as u8][..], payload].concat()
}

#[test]
fn invalid_utf8() {
    let bad = ErrorKind::InvalidUtf8;
    for payload in BAD_UTF8 {
        for s in [fixstr(payload), [&[0xd9, payload.len() as u8][..], payload].concat()] {
            let s = &s[..];
            expect_all!(s, bad, 0; String, &str, Cow<str>, Box<str>, Rc<str>, Arc<str>, char, Option<String>);
            // The raw bytes are still reachable, and skip does not validate.
            assert_eq!(Decoder::new(s).str_bytes(), Ok(payload));
            let mut d = Decoder::new(s);
            d.skip().unwrap();
            assert!(d.is_empty());

            let key = [&[0x81][..], s, &[0x01]].concat();
            expect_all!(&key, bad, 1; BTreeMap<String, u8>, HashMap<String, u8>, BTreeMap<&str, u8>, BTreeMap<Cow<str>, u8>);
            let e = decode_err::<BTreeMap<String, u8>>(&key, &DecodeOptions::new());
            assert_eq!(e.path().to_string(), "$[0]");

            let value = [&[0x81, 0x01][..], s].concat();
            expect_all!(&value, bad, 2; BTreeMap<u8, String>, HashMap<u8, &str>);
            let e = decode_err::<BTreeMap<u8, String>>(&value, &DecodeOptions::new());
            assert_eq!(e.path().to_string(), "$[1]");

            let seq = [&[0x92, 0xa0][..], s].concat();
            expect_all!(&seq, bad, 2; Vec<String>, (String, String), (&str, char), [Box<str>; 2]);
        }
    }
}

// ---- lengths the input cannot back --------------------------------------------------

/// Decodes `bytes` as `T`, expecting `UnexpectedEof { needed, available }` at
/// `offset`, with no allocation above 1 KiB on the way.
#[track_caller]
fn expect_short<'de, T: Decode<'de> + Debug>(bytes: &'de [u8], needed: u64, offset: usize) {
    let (e, peak, _) = measure(|| decode_err::<T>(bytes, &DecodeOptions::new()));
    let kind = ErrorKind::UnexpectedEof { needed, available: bytes.len() - offset };
    assert_eq!((e.kind(), e.offset()), (&kind, offset), "{} from {bytes:02x?}: {e}", type_name::<T>());
    assert!(peak < 1024, "{} from {bytes:02x?} allocated {peak} bytes at once", type_name::<T>());
}

macro_rules! expect_short_all {
    ($bytes:expr, $needed:expr, $offset:expr; $($t:ty),+ $(,)?) => {$(
        expect_short::<$t>($bytes, $needed, $offset);
    )+};
}

#[track_caller]
fn expect_skip_short(bytes: &[u8], needed: u64, offset: usize) {
    let (e, peak, _) = measure(|| Decoder::new(bytes).skip().expect_err("skip must fail"));
    let kind = ErrorKind::UnexpectedEof { needed, available: bytes.len() - offset };
    assert_eq!((e.kind(), e.offset()), (&kind, offset), "skip of {bytes:02x?}: {e}");
    assert!(peak < 1024, "skip of {bytes:02x?} allocated {peak} bytes at once");
}

const MAX32: u64 = u32::MAX as u64;

#[test]
fn huge_length_prefixes() {
    // str 32 / 16 / 8
    let s32 = [0xdb, 0xff, 0xff, 0xff, 0xff, b'a', b'b'];
    expect_short_all!(&s32, MAX32, 5; String, &str, Cow<str>, Box<str>, Arc<str>, char, Value, ValueRef);
    expect_skip_short(&s32, MAX32, 5);
    let s16 = [0xda, 0xff, 0xff, b'a'];
    expect_short_all!(&s16, 0xffff, 3; String, &str, char);
    expect_skip_short(&s16, 0xffff, 3);
    let s8 = [0xd9, 0xff, b'a'];
    expect_short_all!(&s8, 0xff, 2; String, &str);
    expect_skip_short(&s8, 0xff, 2);

    // bin 32 / 16
    let b32 = [0xc6, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02];
    expect_short_all!(&b32, MAX32, 5; Vec<u8>, &[u8], Cow<[u8]>, Box<[u8]>, [u8; 4], VecDeque<u8>, Value, ValueRef);
    expect_skip_short(&b32, MAX32, 5);
    let b16 = [0xc5, 0xff, 0xff, 0x01];
    expect_short_all!(&b16, 0xffff, 3; Vec<u8>, &[u8]);
    expect_skip_short(&b16, 0xffff, 3);

    // ext 32 / 16 (the payload follows the type byte; skip counts the type byte too)
    let e32 = [0xc9, 0xff, 0xff, 0xff, 0xff, 0x05, 0x01, 0x02];
    expect_short_all!(&e32, MAX32, 6; Ext, ExtRef, Value, ValueRef);
    let t32 = [0xc9, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02];
    expect_short::<Timestamp>(&t32, MAX32, 6);
    expect_skip_short(&e32, MAX32 + 1, 5);
    let e16 = [0xc8, 0xff, 0xff, 0x05, 0x01];
    expect_short_all!(&e16, 0xffff, 4; Ext, ExtRef);
    expect_skip_short(&e16, 0x10000, 3);

    // array 32 / 16: each element needs at least one byte.
    let a32 = [0xdd, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02, 0x03];
    expect_short_all!(&a32, MAX32, 5;
        Vec<u32>, Vec<u8>, Vec<String>, VecDeque<u32>, LinkedList<u32>, BTreeSet<u32>, HashSet<u32>, Box<[u32]>,
        [u32; 3], (u8, u8, u8), Duration, Tree, Value, ValueRef,
    );
    expect_skip_short(&a32, MAX32, 5);
    let a16 = [0xdc, 0xff, 0xff, 0x01];
    expect_short_all!(&a16, 0xffff, 3; Vec<u64>, Vec<u8>, Value);
    expect_skip_short(&a16, 0xffff, 3);

    // map 32 / 16: each entry needs at least two bytes.
    let m32 = [0xdf, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02];
    expect_short_all!(&m32, 2 * MAX32, 5;
        BTreeMap<u8, u8>, HashMap<u8, u8>, BTreeMap<String, Vec<u8>>, Duration, Value, ValueRef,
    );
    expect_skip_short(&m32, 2 * MAX32, 5);
    let m16 = [0xde, 0xff, 0xff, 0x01, 0x02];
    expect_short_all!(&m16, 0x1fffe, 3; BTreeMap<u8, u8>, HashMap<u8, u8>);
    expect_skip_short(&m16, 0x1fffe, 3);

    // Nested: the inner prefix is checked against what is left.
    let nested = [0x92, 0xa0, 0xdb, 0xff, 0xff, 0xff, 0xff, b'x'];
    expect_short::<Vec<String>>(&nested, MAX32, 7);
    let nested = [0x91, 0xdd, 0xff, 0xff, 0xff, 0xff, 0x01];
    expect_short::<Vec<Vec<u32>>>(&nested, MAX32, 6);
}

#[cfg(feature = "bytes")]
#[test]
fn huge_length_prefixes_into_bytes() {
    let b32 = [0xc6, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02];
    expect_short_all!(&b32, MAX32, 5; bytes::Bytes, bytes::BytesMut);
    let input = bytes::Bytes::copy_from_slice(&b32);
    let e = msgpack_core::from_bytes_with::<bytes::Bytes>(&input, &DecodeOptions::new()).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::UnexpectedEof { needed: MAX32, available: 2 });
}

/// A length prefix the input can back byte for byte must still not reserve
/// memory by the element's size: `[u64; 512]` is 4 KiB in memory, so
/// `Vec::with_capacity(65_535)` reserves 256 MiB for a 64 KiB input whose
/// very first element is invalid. (`Value` caps its reservation; DESIGN.md
/// section 5: no allocation sized from a length prefix beyond what the input
/// could hold.)
#[test]
fn preallocation_is_bounded_by_memory_not_just_element_count() {
    let mut input = vec![0xdc, 0xff, 0xff];
    input.resize(3 + 0xffff, 0x90); // 65,535 empty arrays: each one an invalid [u64; 512]
    let (e, peak, _) = measure(|| decode_err::<Vec<[u64; 512]>>(&input, &DecodeOptions::new()));
    assert_eq!(e.kind(), &ErrorKind::InvalidLength { expected: 512, found: 0 });
    assert!(
        peak <= 1 << 20,
        "a {}-byte input made a single allocation of {peak} bytes before its first element failed",
        input.len()
    );
}

/// Nested containers can all claim the same remaining input; a recursive
/// type lets every level reserve for it. Up-front reservations are capped
/// at 64 KiB per container (`__private::cautious_capacity`), so the total
/// stays under `max_depth * 64 KiB` (64 MiB at the default limit) instead of
/// growing with `depth * input length`.
#[test]
fn nested_preallocation_stays_bounded() {
    const LEVELS: usize = 1000;
    let mut input = Vec::new();
    for _ in 0..LEVELS {
        input.extend([0xdc, 0xff, 0xff]); // array 16 of 65,535 elements...
    }
    input.resize(input.len() + 0xffff, 0xc1); // ...backed by 65,535 bytes, which are invalid
    let total = with_big_stack(move || {
        let (e, _, total) = measure(|| decode_err::<Tree>(&input, &DecodeOptions::new()));
        assert_eq!(e.kind(), &ErrorKind::ReservedMarker);
        total
    });
    let bound = DecodeOptions::DEFAULT_MAX_DEPTH as usize * (64 << 10) + (1 << 20);
    assert!(total <= bound, "a 68 KiB input made the decoder allocate {total} bytes in total");
}

// ---- nesting depth ---------------------------------------------------------------------

fn deep_arrays(levels: usize) -> Vec<u8> {
    let mut v = vec![0x91; levels];
    v.push(0xc0);
    v
}

fn deep_maps(levels: usize) -> Vec<u8> {
    let mut v = [0x81, 0x00].repeat(levels);
    v.push(0xc0);
    v
}

/// Decodes `input` as `T` with `max_depth(limit)` (on a big stack) and
/// returns the decoded value's depth.
fn depth_result<T: for<'de> Decode<'de> + Depth + 'static>(input: Vec<u8>, limit: u32) -> Result<usize, decode::Error> {
    with_big_stack(move || from_slice_with::<T>(&input, &DecodeOptions::new().max_depth(limit)).map(|t| t.depth()))
}

/// [`depth_result`] for `Value`, which has no `Depth`: only the error matters.
fn value_depth_error(input: Vec<u8>, limit: u32) -> decode::Error {
    with_big_stack(move || {
        from_slice_with::<Value>(&input, &DecodeOptions::new().max_depth(limit)).expect_err("too deep for Value")
    })
}

#[test]
fn a_million_levels_hit_the_depth_limit() {
    let limit = DecodeOptions::DEFAULT_MAX_DEPTH;
    assert_eq!(limit, 1024);
    let depth = ErrorKind::DepthLimitExceeded { limit };
    for (name, r) in [
        ("Tree", depth_result::<Tree>(deep_arrays(1_000_000), limit)),
        ("Nest", depth_result::<Nest>(deep_arrays(1_000_000), limit)),
        ("Chain", depth_result::<Chain>(deep_arrays(1_000_000), limit)),
        ("Value", Err(value_depth_error(deep_arrays(1_000_000), limit))),
        ("MapTree", depth_result::<MapTree>(deep_maps(1_000_000), limit)),
        ("Value", Err(value_depth_error(deep_maps(1_000_000), limit))),
    ] {
        let e = r.expect_err(name);
        assert_eq!(e.kind(), &depth, "{name}: {e}");
        // The error is raised right at the container one level too deep.
        assert!((1024..=2049).contains(&e.offset()), "{name}: {e}");
    }
    // Through the default `from_slice`, on this thread's own stack.
    let e = from_slice::<Value>(&deep_arrays(1_000_000)).unwrap_err();
    assert_eq!(e.kind(), &depth);
}

/// `Error::offset` is documented as "the byte offset of the offending item":
/// for a depth error that is the header of the container one level too deep,
/// not the byte after it.
#[test]
fn depth_error_points_at_the_container_that_is_too_deep() {
    let limit = 3;
    let depth = ErrorKind::DepthLimitExceeded { limit: 3 };
    let array16 = [0x91, 0x91, 0x91, 0xdc, 0x00, 0x01, 0xc0]; // the 4th array is an array 16, at byte 3
    let cases: [(&str, Result<usize, decode::Error>, usize); 6] = [
        ("Tree, fixarray", depth_result::<Tree>(deep_arrays(4), limit), 3),
        ("Tree, array 16", depth_result::<Tree>(array16.to_vec(), limit), 3),
        ("Nest, fixarray", depth_result::<Nest>(deep_arrays(4), limit), 3),
        ("MapTree, fixmap", depth_result::<MapTree>(deep_maps(4), limit), 6),
        ("Value, fixarray", Err(value_depth_error(deep_arrays(4), limit)), 3),
        ("Value, fixmap", Err(value_depth_error(deep_maps(4), limit)), 6),
    ];
    let mut wrong = Vec::new();
    for (name, r, offset) in cases {
        let e = r.expect_err(name);
        assert_eq!(e.kind(), &depth, "{name}");
        if e.offset() != offset {
            wrong.push(format!("{name}: offset {}, expected {offset}", e.offset()));
        }
    }
    assert!(wrong.is_empty(), "depth errors point past the container header:\n{}", wrong.join("\n"));
}

#[test]
fn skip_is_iterative() {
    for input in [deep_arrays(1_000_000), deep_maps(1_000_000)] {
        // On this test thread's ordinary stack: skip must not recurse.
        let mut d = Decoder::new(&input);
        d.skip().unwrap();
        assert!(d.is_empty());
        assert_eq!(d.depth(), 0);
        // Without the innermost value: a clean EOF.
        let e = Decoder::new(&input[..input.len() - 1]).skip().unwrap_err();
        assert_eof(&e, input.len() - 1, "deep skip");
    }
}

#[test]
fn depth_limit_is_configurable_and_exact() {
    for n in [1usize, 2, 3, 10, 100, 1024, 2000] {
        let limit = n as u32;
        let depth = ErrorKind::DepthLimitExceeded { limit };
        assert_eq!(depth_result::<Tree>(deep_arrays(n), limit), Ok(n), "Tree, {n} levels, limit {n}");
        assert_eq!(depth_result::<Nest>(deep_arrays(n), limit), Ok(n), "Nest, {n} levels, limit {n}");
        assert_eq!(depth_result::<Chain>(deep_arrays(n), limit), Ok(n), "Chain, {n} levels, limit {n}");
        assert_eq!(depth_result::<MapTree>(deep_maps(n), limit), Ok(n), "MapTree, {n} levels, limit {n}");
        let e = depth_result::<Tree>(deep_arrays(n + 1), limit).unwrap_err();
        assert_eq!(e.kind(), &depth, "Tree, {} levels, limit {n}", n + 1);
        let e = depth_result::<Nest>(deep_arrays(n + 1), limit).unwrap_err();
        assert_eq!(e.kind(), &depth);
        let e = depth_result::<Chain>(deep_arrays(n + 1), limit).unwrap_err();
        assert_eq!(e.kind(), &depth);
        let e = depth_result::<MapTree>(deep_maps(n + 1), limit).unwrap_err();
        assert_eq!(e.kind(), &depth, "MapTree, {} levels, limit {n}", n + 1);
    }
}

#[test]
fn depth_counts_every_array_and_map() {
    type Alternating = BTreeMap<u8, Vec<BTreeMap<u8, Vec<u8>>>>;
    // {0: [{0: [1]}]}: map, array, map, array.
    let four = [0x81, 0x00, 0x91, 0x81, 0x00, 0x91, 0x01];
    let opts = |n| DecodeOptions::new().max_depth(n);
    assert!(from_slice_with::<Alternating>(&four, &opts(4)).is_ok());
    let e = from_slice_with::<Alternating>(&four, &opts(3)).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 3 });
    // The same with the innermost bytes as bin: three containers.
    let three = [0x81, 0x00, 0x91, 0x81, 0x00, 0xc4, 0x01, 0x01];
    assert!(from_slice_with::<Alternating>(&three, &opts(3)).is_ok());
    assert!(from_slice_with::<Alternating>(&three, &opts(2)).is_err());

    // Sequences, sets, tuples, fixed arrays, byte arrays read from arrays.
    let zero = opts(0);
    let depth0 = ErrorKind::DepthLimitExceeded { limit: 0 };
    for (name, r) in [
        ("Vec<u8> from array", from_slice_with::<Vec<u8>>(&[0x90], &zero).map(drop)),
        ("Vec<u16>", from_slice_with::<Vec<u16>>(&[0x90], &zero).map(drop)),
        ("[u8; 0] from array", from_slice_with::<[u8; 0]>(&[0x90], &zero).map(drop)),
        ("[u16; 1]", from_slice_with::<[u16; 1]>(&[0x91, 0x01], &zero).map(drop)),
        ("(u8,)", from_slice_with::<(u8,)>(&[0x91, 0x01], &zero).map(drop)),
        ("BTreeSet<u8>", from_slice_with::<BTreeSet<u8>>(&[0x90], &zero).map(drop)),
        ("HashSet<u8>", from_slice_with::<HashSet<u8>>(&[0x90], &zero).map(drop)),
        ("LinkedList<u8>", from_slice_with::<LinkedList<u8>>(&[0x90], &zero).map(drop)),
        ("BTreeMap<u8, u8>", from_slice_with::<BTreeMap<u8, u8>>(&[0x80], &zero).map(drop)),
        ("HashMap<u8, u8>", from_slice_with::<HashMap<u8, u8>>(&[0x80], &zero).map(drop)),
        ("Duration as array", from_slice_with::<Duration>(&[0x92, 0x01, 0x02], &zero).map(drop)),
    ] {
        let e = r.expect_err(name);
        assert_eq!(e.kind(), &depth0, "{name}");
    }
    // Byte buffers read from bin are not containers.
    assert!(from_slice_with::<Vec<u8>>(&[0xc4, 0x00], &zero).is_ok());
    assert!(from_slice_with::<[u8; 1]>(&[0xc4, 0x01, 0x07], &zero).is_ok());
}

/// `Duration` read from its map form `{"secs", "nanos"}` is a map like any
/// other (DESIGN.md section 5: the limit counts every array and map); read
/// from its array form it already counts.
#[test]
fn duration_map_form_counts_depth() {
    let map = [0x82, 0xa4, b's', b'e', b'c', b's', 0x01, 0xa5, b'n', b'a', b'n', b'o', b's', 0x02];
    let one = DecodeOptions::new().max_depth(1);
    let list_of_maps = [&[0x91][..], &map].concat();
    let list_of_arrays = [0x91, 0x92, 0x01, 0x02];
    let e = from_slice_with::<Vec<Duration>>(&list_of_arrays, &one).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 1 });
    let e = from_slice_with::<Vec<Duration>>(&list_of_maps, &one).expect_err("[{secs, nanos}] is 2 levels deep");
    assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 1 });
    assert_eq!(from_slice_with::<Duration>(&map, &one), Ok(Duration::new(1, 2)));
}

// ---- timestamps ---------------------------------------------------------------------

#[test]
fn invalid_timestamps() {
    let bad = ErrorKind::InvalidTimestamp;
    for len in [0usize, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 16, 255] {
        let mut ext8 = vec![0xc7, len as u8, 0xff];
        ext8.resize(3 + len, 0);
        expect::<Timestamp>(&ext8, &bad, 0);
        expect::<Vec<Timestamp>>(&[&[0x91][..], &ext8].concat(), &bad, 1);
    }
    expect::<Timestamp>(&[0xd4, 0xff, 0x00], &bad, 0); // fixext 1
    expect::<Timestamp>(&[0xd5, 0xff, 0x00, 0x00], &bad, 0); // fixext 2
    expect::<Timestamp>(&[[0xd8, 0xff].as_slice(), &[0; 16]].concat(), &bad, 0); // fixext 16
    expect::<Timestamp>(&[0xc8, 0x00, 0x05, 0xff, 1, 2, 3, 4, 5], &bad, 0); // ext 16 of 5

    // 64-bit layout: 30 bits of nanoseconds can exceed 999,999,999.
    for nanos in [1_000_000_000u64, (1 << 30) - 1] {
        let v = (nanos << 34) | 5;
        expect::<Timestamp>(&[[0xd7, 0xff].as_slice(), &v.to_be_bytes()].concat(), &bad, 0);
    }
    let ok = (999_999_999u64 << 34) | ((1 << 34) - 1);
    let t: Timestamp = from_slice(&[[0xd7, 0xff].as_slice(), &ok.to_be_bytes()].concat()).unwrap();
    assert_eq!((t.secs(), t.nanos()), ((1 << 34) - 1, 999_999_999));

    // 96-bit layout.
    for nanos in [1_000_000_000u32, u32::MAX] {
        let bytes = [[0xc7, 12, 0xff].as_slice(), &nanos.to_be_bytes(), &(-1i64).to_be_bytes()].concat();
        expect::<Timestamp>(&bytes, &bad, 0);
    }

    // Another ext type, or not an ext at all.
    let e = decode_err::<Timestamp>(&[0xd6, 0x05, 0, 0, 0, 1], &DecodeOptions::new());
    assert_eq!(
        (e.kind(), e.offset()),
        (&ErrorKind::TypeMismatch { expected: "timestamp", found: Found::Ext { ty: 5, len: 4 } }, 0)
    );
    let e = decode_err::<Timestamp>(&[0x05], &DecodeOptions::new());
    assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "timestamp", found: Found::UInt(5) });
    // A valid timestamp is just an ext to the Ext types.
    assert_eq!(from_slice::<Ext>(&[0xd6, 0xff, 0, 0, 0, 1]), Ok(Ext::new(-1, vec![0, 0, 0, 1])));
}

// ---- integers out of range -------------------------------------------------------------

#[test]
fn integers_out_of_range() {
    fn oor(expected: &'static str, found: Found) -> ErrorKind {
        ErrorKind::OutOfRange { expected, found }
    }
    use Found::{NegInt, UInt};
    const U64_MAX: [u8; 9] = [0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
    const I64_MIN: [u8; 9] = [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0];

    expect::<u8>(&[0xcd, 0x01, 0x00], &oor("u8", UInt(256)), 0);
    expect::<u8>(&[0xff], &oor("u8", NegInt(-1)), 0);
    expect::<u16>(&[0xce, 0, 1, 0, 0], &oor("u16", UInt(65_536)), 0);
    expect::<u16>(&[0xd0, 0xff], &oor("u16", NegInt(-1)), 0);
    expect::<u32>(&[0xcf, 0, 0, 0, 1, 0, 0, 0, 0], &oor("u32", UInt(1 << 32)), 0);
    expect::<u32>(&[0xe0], &oor("u32", NegInt(-32)), 0);
    expect::<u64>(&[0xff], &oor("u64", NegInt(-1)), 0);
    expect::<u64>(&I64_MIN, &oor("u64", NegInt(i64::MIN)), 0);
    expect::<usize>(&[0xd1, 0xff, 0x7f], &oor("usize", NegInt(-129)), 0);
    expect::<u128>(&[0xff], &oor("u128", NegInt(-1)), 0);
    expect::<i8>(&[0xcc, 0x80], &oor("i8", UInt(128)), 0);
    expect::<i8>(&[0xd1, 0xff, 0x7f], &oor("i8", NegInt(-129)), 0);
    expect::<i16>(&[0xcd, 0x80, 0x00], &oor("i16", UInt(32_768)), 0);
    expect::<i16>(&[0xd2, 0xff, 0xff, 0x7f, 0xff], &oor("i16", NegInt(-32_769)), 0);
    expect::<i32>(&[0xce, 0x80, 0, 0, 0], &oor("i32", UInt(1 << 31)), 0);
    expect::<i32>(&[0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff], &oor("i32", NegInt(-(1 << 31) - 1)), 0);
    expect::<i64>(&U64_MAX, &oor("i64", UInt(u64::MAX)), 0);
    expect::<i64>(&[0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0], &oor("i64", UInt(1 << 63)), 0);
    expect::<isize>(&U64_MAX, &oor("isize", UInt(u64::MAX)), 0);
    expect::<NonZeroU8>(&[0x00], &oor("NonZeroU8", UInt(0)), 0);
    expect::<NonZeroI64>(&[0xd3, 0, 0, 0, 0, 0, 0, 0, 0], &oor("NonZeroI64", UInt(0)), 0);

    // Nested, with the path.
    expect::<Vec<u8>>(&[0x92, 0x01, 0xcd, 0x01, 0x00], &oor("u8", UInt(256)), 2);
    expect::<BTreeMap<u8, i8>>(&[0x81, 0x01, 0xcc, 0xc8], &oor("i8", UInt(200)), 2);
    expect::<(u16, i8)>(&[0x92, 0x01, 0xd1, 0xff, 0x00], &oor("i8", NegInt(-256)), 2);
    let e = decode_err::<BTreeMap<u8, i8>>(&[0x81, 0x01, 0xcc, 0xc8], &DecodeOptions::new());
    assert_eq!(e.to_string(), "expected i8, found int 200 (out of range) at $[1] (byte 2)");
}

// ---- trailing bytes and fixed lengths --------------------------------------------------

#[test]
fn trailing_bytes() {
    let t = |count| ErrorKind::TrailingBytes { count };
    expect::<u8>(&[0x01, 0x02], &t(1), 1);
    expect::<String>(&[0xa1, b'x', 0xc0, 0xc0], &t(2), 2);
    expect::<Vec<u8>>(&[0x90, 0x90], &t(1), 1);
    expect::<()>(&[0xc0, 0xc1], &t(1), 1); // not parsed, so not a ReservedMarker
    expect::<Option<u8>>(&[0xc0, 0x00], &t(1), 1);
    expect::<Value>(&[0x91, 0x01, 0x01], &t(1), 2);
    expect::<BTreeMap<u8, u8>>(&[0x81, 0x01, 0x02, 0x03, 0x04], &t(2), 3);
}

#[test]
fn fixed_length_mismatches() {
    let len = |expected, found| ErrorKind::InvalidLength { expected, found };
    expect::<(u8, u8)>(&[0x93, 0x01, 0x02, 0x03], &len(2, 3), 0);
    expect::<(u8, u8)>(&[0x91, 0x01], &len(2, 1), 0);
    expect::<(u8,)>(&[0x90], &len(1, 0), 0);
    expect::<[u8; 4]>(&[0xc4, 0x03, 1, 2, 3], &len(4, 3), 0);
    expect::<[u8; 4]>(&[0xc4, 0x05, 1, 2, 3, 4, 5], &len(4, 5), 0);
    expect::<[u8; 4]>(&[0x93, 1, 2, 3], &len(4, 3), 0);
    expect::<[u32; 2]>(&[0x93, 1, 2, 3], &len(2, 3), 0);
    let fifteen = [[0xdc, 0x00, 0x0f].as_slice(), &[0x01; 15]].concat();
    type Sixteen = (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8);
    // (No Debug for tuples this long, so no `decode_err`.)
    let e = from_slice::<Sixteen>(&fifteen).err().expect("15 elements are not 16");
    assert_eq!((e.kind(), e.offset()), (&len(16, 15), 0));
    expect::<Vec<(u8, u8)>>(&[0x92, 0x92, 1, 2, 0x93, 1, 2, 3], &len(2, 3), 4);
    let e = decode_err::<Vec<(u8, u8)>>(&[0x92, 0x92, 1, 2, 0x93, 1, 2, 3], &DecodeOptions::new());
    assert_eq!(e.to_string(), "expected 2 elements, found 3 at $[1] (byte 4)");
}

// ---- fuzzing -------------------------------------------------------------------------

use crate::common::rng;
use rng::Rng;

/// The generators this file needs, beside `next` and `below`.
impl Rng {
    /// A byte, half the time one that means something to a decoder (this
    /// file's table; `stress.rs`, in the same binary, has its own `byte`).
    fn edit_byte(&mut self) -> u8 {
        const INTERESTING: [u8; 24] = [
            0x00, 0x01, 0x7f, 0x80, 0x81, 0x8f, 0x90, 0x91, 0x9f, 0xa0, 0xa1, 0xbf, 0xc0, 0xc1, 0xc4, 0xc7, 0xca, 0xcb,
            0xcd, 0xd6, 0xd9, 0xdc, 0xdf, 0xff,
        ];
        if self.next() & 1 == 0 { INTERESTING[self.below(INTERESTING.len())] } else { self.next() as u8 }
    }
}

/// Applies one to four random edits to `msg`.
fn mutate(rng: &mut Rng, msg: &[u8]) -> Vec<u8> {
    let mut m = msg.to_vec();
    for _ in 0..1 + rng.below(4) {
        if m.is_empty() {
            m.push(rng.edit_byte());
            continue;
        }
        let i = rng.below(m.len());
        match rng.below(7) {
            0 => m[i] ^= 1 << rng.below(8),
            1 => m[i] = rng.edit_byte(),
            2 => m.truncate(i),
            3 => m.insert(i, rng.edit_byte()),
            4 => {
                m.remove(i);
            }
            5 => {
                // Inflate a length: make the bytes after a marker all 0xff.
                let n = 1 + rng.below(4);
                for b in m.iter_mut().skip(i + 1).take(n) {
                    *b = 0xff;
                }
            }
            _ => {
                // Duplicate a chunk (repeated headers, doubled entries).
                let end = (i + 1 + rng.below(16)).min(m.len());
                let chunk = m[i..end].to_vec();
                m.splice(i..i, chunk);
            }
        }
    }
    m
}

/// Every decoder the fuzz loop runs, with the input; returns whether a
/// typed decode accepted it.
fn decode_everything(input: &[u8]) -> bool {
    fn one<'de, T: Decode<'de>>(input: &'de [u8], opts: &DecodeOptions) -> bool {
        match from_slice_with::<T>(input, opts) {
            Ok(_) => true,
            Err(e) => {
                assert!(e.offset() <= input.len(), "{}: offset {} past the input", type_name::<T>(), e.offset());
                assert!(!e.to_string().is_empty());
                false
            }
        }
    }
    let o = DecodeOptions::new();
    let shallow = DecodeOptions::new().max_depth(64);
    let floats = DecodeOptions::new().int_to_float(true);
    let results = [
        one::<Nested>(input, &o),
        one::<BTreeMap<String, Vec<(u64, String)>>>(input, &o),
        one::<Vec<Option<f64>>>(input, &o),
        one::<Vec<Option<f64>>>(input, &floats),
        one::<Mixed>(input, &o),
        one::<(BTreeMap<u16, String>, Vec<Option<u32>>)>(input, &o),
        one::<HashMap<String, Vec<u8>>>(input, &o),
        one::<(u8, &str, &[u8], ExtRef, Cow<str>)>(input, &o),
        one::<Vec<Timestamp>>(input, &o),
        one::<Vec<Duration>>(input, &o),
        one::<BTreeMap<u64, Vec<Option<i32>>>>(input, &o),
        one::<Vec<(char, [u8; 2], Ext)>>(input, &o),
        one::<Tree>(input, &shallow),
        one::<MapTree>(input, &shallow),
        one::<Value>(input, &shallow),
        one::<ValueRef>(input, &shallow),
    ];
    let accepted = results.iter().any(|&ok| ok);

    // Skip: every value a typed decoder accepts is one well-formed value.
    let mut d = Decoder::new(input);
    match d.skip() {
        Ok(()) => {
            if accepted {
                assert!(d.is_empty(), "a typed decoder accepted more than skip consumed");
            }
        }
        Err(e) => {
            assert!(!accepted, "a typed decoder accepted what skip rejects: {e}");
            assert!(e.offset() <= input.len());
        }
    }
    accepted
}

#[test]
fn fuzz_never_panics() {
    let corpus = [
        to_vec(&nested()).unwrap(),
        floats(),
        mixed(),
        wide(),
        to_vec(&("k", &b"bin"[..], ExtRef::new(1, b"e"), "z".repeat(40))).unwrap(),
        to_vec(&vec![Timestamp::new(-1, 5).unwrap(), Timestamp::new(1, 0).unwrap()]).unwrap(),
        to_vec(&vec![Duration::new(1, 2)]).unwrap(),
        to_vec(&BTreeMap::from([(1u64, vec![Some(-1i32), None])])).unwrap(),
        to_vec(&vec![('x', [1u8, 2], Ext::new(3, vec![4]))]).unwrap(),
        deep_arrays(70),
        deep_maps(70),
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut accepted = 0;
    for i in 0..20_000 {
        let input = if i % 4 == 0 {
            (0..rng.below(48)).map(|_| rng.edit_byte()).collect()
        } else {
            let pick = rng.below(corpus.len());
            mutate(&mut rng, &corpus[pick])
        };
        let run = catch_unwind(AssertUnwindSafe(|| measure(|| decode_everything(&input))));
        match run {
            Ok((ok, peak, _)) => {
                accepted += usize::from(ok);
                assert!(
                    peak <= 256 * input.len() + 4096,
                    "iteration {i}: a {}-byte input made an allocation of {peak} bytes: {}",
                    input.len(),
                    hex(&input)
                );
            }
            Err(_) => panic!("iteration {i}: decoding panicked on input [{}]", hex(&input)),
        }
    }
    // The mutations must leave some inputs valid, or the loop tests little.
    assert!(accepted > 500, "only {accepted} inputs were accepted");
}

/// The ASCII fast path of UTF-8 validation and the general path agree:
/// valid multi-byte text passes, a high byte anywhere fails, in fixstr and
/// in str8 / str16.
#[test]
fn utf8_validation_in_every_str_format() {
    use msgpack_core::{from_slice, to_vec};
    for len in [0usize, 1, 7, 8, 15, 16, 31, 32, 255, 256, 1000] {
        let ascii: String = (0..len).map(|i| (b'a' + (i % 26) as u8) as char).collect();
        let bytes = to_vec(&ascii).unwrap();
        assert_eq!(from_slice::<&str>(&bytes).unwrap(), ascii);
        let multi: String = ascii.chars().take(len.saturating_sub(2)).chain(['é']).collect();
        assert_eq!(from_slice::<String>(&to_vec(&multi).unwrap()).unwrap(), multi);
        for bad_at in [0, len / 2, len.saturating_sub(1)] {
            if len == 0 {
                continue;
            }
            let mut bad = bytes.clone();
            let payload = bytes.len() - len;
            bad[payload + bad_at] = 0xff;
            assert!(from_slice::<&str>(&bad).is_err(), "len {len}, 0xff at {bad_at}");
            bad[payload + bad_at] = 0xc3; // a lead byte without its continuation (or a truncated one)
            if bad_at + 1 < len {
                bad[payload + bad_at + 1] = b'a';
            }
            assert!(from_slice::<String>(&bad).is_err(), "len {len}, lone lead byte at {bad_at}");
        }
    }
}
