//! The properties the fuzz targets check, shared with the stable regression
//! tests: `../tests/hostile/fuzz_regressions.rs` includes this file with `#[path]`,
//! so every input kept there runs through exactly these checks.
//!
//! Each function panics when a property fails and returns normally
//! otherwise, whatever the input.

use std::collections::BTreeMap;
use std::time::Duration;

use msgpack_core::decode::{self, ErrorKind};
use msgpack_core::encode::SliceWriter;
use msgpack_core::{
    DecodeOptions, Decoder, Encode, Encoder, Ext, MsgPack, Timestamp, Value, ValueRef, from_slice, from_slice_with,
    to_vec,
};

// ---- decode_value ----------------------------------------------------------------

/// Target `decode_value`: `data` into `Value`, `ValueRef` and
/// `Decoder::skip`, with the default options and with `max_depth(8)`.
/// Never a panic; the three agree (same success, same error kind between
/// `Value` and `ValueRef`, equal encodings); error offsets lie within the
/// input; where only the depth limit of 8 fails, the error says so.
/// Returns the `Value` result with the default options.
pub fn decode_value(data: &[u8]) -> Result<(), decode::Error> {
    let deep = decode_value_with(data, &DecodeOptions::new());
    let shallow = decode_value_with(data, &DecodeOptions::new().max_depth(8));
    match (&deep, &shallow) {
        (Err(_), Ok(())) => panic!("decodes with max_depth 8 but not with 1024"),
        // Only the limit differs, so only the limit can be what failed.
        (Ok(()), Err(e)) => assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 8 }),
        _ => {}
    }
    deep
}

/// [`decode_value`] with one set of options; returns the `Value` result.
pub fn decode_value_with(data: &[u8], opts: &DecodeOptions) -> Result<(), decode::Error> {
    let value = from_slice_with::<Value>(data, opts);
    let value_ref = from_slice_with::<ValueRef<'_>>(data, opts);

    let mut d = Decoder::with_options(data, *opts);
    let skipped = d.skip();
    let skip_end = d.position();
    assert!(skip_end <= data.len());

    for e in [value.as_ref().err(), value_ref.as_ref().err(), skipped.as_ref().err()].into_iter().flatten() {
        check_err(e, data);
    }

    match (&value, &value_ref) {
        // The same message: compare encodings (floats may be NaN).
        (Ok(v), Ok(r)) => assert_eq!(to_vec(v).unwrap(), to_vec(r).unwrap()),
        (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind(), "Value and ValueRef fail differently"),
        (a, b) => panic!("Value {:?} but ValueRef {:?}", a.as_ref().err(), b.as_ref().err()),
    }

    if let Ok(v) = &value {
        // A valid message skips exactly to its end.
        assert!(skipped.is_ok(), "Value decodes but skip fails: {skipped:?}");
        assert_eq!(skip_end, data.len());
        let _ = v.to_string();
    }
    if skipped.is_err() {
        // What skip rejects (truncation, 0xc1) no decode accepts.
        assert!(value.is_err(), "skip fails but Value decodes");
    }
    if let Some(ErrorKind::DepthLimitExceeded { limit }) = value.as_ref().err().map(decode::Error::kind) {
        assert_eq!(*limit, opts.max_depth);
    }
    value.map(|_| ())
}

/// An error's offset lies within the input, and it displays.
fn check_err(e: &decode::Error, data: &[u8]) {
    assert!(e.offset() <= data.len(), "error offset {} beyond input of {} bytes: {e}", e.offset(), data.len());
    let _ = e.to_string();
}

// ---- roundtrip_value -------------------------------------------------------------

/// Target `roundtrip_value`: whatever decodes to a `Value` encodes again:
/// `to_vec` succeeds, its length is `encoded_len`, it is no longer than the
/// input (the encoder always picks the smallest form), it decodes to the
/// same value (floats compared by bit pattern, so NaN equals itself), and
/// encoding is then stable; the `ValueRef` of the input encodes to the same
/// bytes; encoding into a slice one byte too short is an error that leaves
/// a correct prefix. Returns the encoding, if `data` decoded.
pub fn roundtrip_value(data: &[u8]) -> Option<Vec<u8>> {
    let v = from_slice::<Value>(data).ok()?;
    let enc = to_vec(&v).expect("a decoded Value encodes");
    assert_eq!(v.encoded_len(), enc.len(), "encoded_len differs from the encoding");
    assert!(enc.len() <= data.len(), "re-encoding is longer than the input");

    let back: Value = from_slice(&enc).expect("the encoding of a decoded Value decodes");
    assert!(same(&v, &back), "{v:?} != {back:?}");
    assert_eq!(to_vec(&back).unwrap(), enc, "encoding is not stable");

    let r: ValueRef<'_> = from_slice(data).expect("Value decodes, ValueRef must too");
    assert_eq!(r.encoded_len(), enc.len());
    assert_eq!(to_vec(&r).unwrap(), enc);
    assert!(same(&r.to_owned_value(), &v));

    let mut buf = vec![0u8; enc.len() - 1]; // every encoding has at least one byte
    let mut w = SliceWriter::new(&mut buf);
    assert!(v.encode(&mut Encoder::new(&mut w)).is_err(), "encoding into a short slice succeeded");
    let n = w.position();
    assert!(n < enc.len());
    assert_eq!(buf[..n], enc[..n]);
    Some(enc)
}

/// Structural equality with floats compared by bits.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => x.to_bits() == y.to_bits(),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|((ka, va), (kb, vb))| same(ka, kb) && same(va, vb))
        }
        (Value::Array(_) | Value::Map(_) | Value::F32(_) | Value::F64(_), _) => false,
        _ => a == b,
    }
}

// ---- decode_derived ----------------------------------------------------------------
//
// Derived types of every shape. Whatever decodes encodes again (`to_vec`
// length equals `encoded_len`), that encoding decodes to an equal value,
// and encoding it once more gives the same bytes. The second decode uses the
// same options: no field of these types defaults to a container (a unit
// struct read from `nil` comes back as `[]`, one level deeper, but only at
// the top level), so the encoding is never deeper than the input.

/// Map form: a nested struct of [`Record`].
#[derive(MsgPack, Debug, PartialEq)]
pub struct Inner {
    id: u32,
    label: Option<String>,
    flags: Vec<bool>,
}

/// Unknown keys are errors; a defaulted field.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(deny_unknown_fields)]
pub struct Strict {
    a: u8,
    #[msgpack(default)]
    b: i16,
}

/// Unit struct: `[]`, and `nil` is read too.
#[derive(MsgPack, Debug, PartialEq)]
pub struct Unit;

/// Map form with renamed fields, nested structs, `Option`s, collections, defaults.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(rename_all = "camelCase")]
pub struct Record {
    user_name: String,
    nick: Option<String>,
    scores: Vec<i64>,
    inner: Inner,
    children: Vec<Inner>,
    maybe_inner: Option<Inner>,
    #[msgpack(default)]
    count: u16,
    #[msgpack(rename = "bytes")]
    data: Vec<u8>,
    tags: BTreeMap<String, u8>,
    strict: Option<Strict>,
    unit: Option<Unit>,
    #[msgpack(default)]
    weird: Option<(u8, bool)>,
}

/// Integer keys.
#[derive(MsgPack, Debug, PartialEq)]
pub struct Compact {
    #[msgpack(key = 1)]
    id: u64,
    #[msgpack(key = -3)]
    neg: i8,
    #[msgpack(key = 200)]
    text: Option<String>,
}

/// Array form, with a trailing default and core types of every kind.
#[derive(MsgPack, Debug)]
#[msgpack(array)]
pub struct Point {
    x: i32,
    y: i64,
    label: String,
    ch: char,
    ratio: f64,
    small: f32,
    when: Option<Timestamp>,
    dur: Duration,
    ext: Option<Ext>,
    big: u128,
    pair: (u8, String, Option<i8>),
    fixed: [u16; 3],
    #[msgpack(default)]
    z: Option<u8>,
}

/// Internally tagged.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "type", rename_all = "lowercase")]
pub enum Shape {
    Circle { r: u32 },
    Rect { w: u16, h: u16, name: Option<String> },
    Empty,
    Wrapped(Inner),
}

/// Externally tagged, every variant shape, recursive through `Box`.
#[derive(MsgPack, Debug, PartialEq)]
pub enum Message {
    Ping,
    Data(Vec<u8>),
    Pair(u8, String),
    Move { x: i32, y: i32 },
    Nested(Box<Message>),
    Many(Vec<Message>),
}

/// Unit-only enum as integers.
#[derive(MsgPack, Debug, PartialEq)]
pub enum Level {
    Low = 1,
    High = 10,
}

/// Recursive through `Vec`, `Box`, `Option<Box>` and a map.
#[derive(MsgPack, Debug, PartialEq)]
pub enum Tree {
    Leaf(i64),
    Node(Vec<Tree>),
    Boxed(Box<Tree>),
    Named { name: String, kids: Vec<Tree>, next: Option<Box<Tree>> },
    Table(BTreeMap<String, Tree>),
    Lvl(Level),
}

/// Recursive struct, array form.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(array)]
pub struct List {
    head: u8,
    tail: Option<Box<List>>,
}

/// Borrowed fields.
#[derive(MsgPack, Debug, PartialEq)]
pub struct Borrowed<'a> {
    name: &'a str,
    raw: &'a [u8],
    parts: Vec<&'a str>,
    opt: Option<&'a str>,
    map: BTreeMap<&'a str, &'a [u8]>,
    any: Option<ValueRef<'a>>,
}

/// Internally tagged, borrowed, recursive.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "kind")]
pub enum BorrowedTagged<'a> {
    Text { s: &'a str },
    Blob { b: &'a [u8], inner: Option<Box<BorrowedTagged<'a>>> },
}

/// `assert_eq!` for types whose `PartialEq` is an equivalence (no floats).
macro_rules! eq_if {
    (true, $a:expr, $b:expr) => {
        assert_eq!($a, $b)
    };
    (false, $a:expr, $b:expr) => {};
}

/// Decodes `$data` as `$ty`; on success re-encodes, decodes again and
/// compares (with `PartialEq` when `$eq`, always by encoding and `Debug`).
macro_rules! roundtrip {
    ($ty:ty, $data:expr, $opts:expr, $eq:tt) => {{
        let opts: &DecodeOptions = $opts;
        match from_slice_with::<$ty>($data, opts) {
            Ok(v) => {
                let enc = to_vec(&v).expect("a decoded value encodes");
                assert_eq!(enc.len(), v.encoded_len(), "encoded_len of {v:?}");
                let back = match from_slice_with::<$ty>(&enc, opts) {
                    Ok(b) => b,
                    Err(e) => panic!("{v:?} encodes to {enc:02x?} which fails to decode: {e}"),
                };
                eq_if!($eq, back, v);
                assert_eq!(format!("{back:?}"), format!("{v:?}"));
                assert_eq!(to_vec(&back).unwrap(), enc, "encoding of {v:?} is not stable");
                // The encoding is a well-formed message.
                assert!(from_slice_with::<Value>(&enc, opts).is_ok());
                Ok(())
            }
            Err(e) => {
                check_err(&e, $data);
                Err(e)
            }
        }
    }};
}

/// The derived types [`decode_derived_with`] tries, in its order.
pub const DERIVED_TYPES: [&str; 12] = [
    "Record",
    "Compact",
    "Point",
    "Shape",
    "Message",
    "Tree",
    "Vec<Tree>",
    "List",
    "Borrowed",
    "BorrowedTagged",
    "Strict",
    "Unit",
];

/// Target `decode_derived`: `data` into each derived type, with the default
/// options and with `max_depth(8)`. Returns, per type of [`DERIVED_TYPES`],
/// the result with the default options.
pub fn decode_derived(data: &[u8]) -> [Result<(), decode::Error>; 12] {
    let deep = decode_derived_with(data, &DecodeOptions::new());
    let shallow = decode_derived_with(data, &DecodeOptions::new().max_depth(8));
    for (i, (d, s)) in deep.iter().zip(&shallow).enumerate() {
        match (d, s) {
            (Err(_), Ok(())) => panic!("{} decodes with max_depth 8 but not 1024", DERIVED_TYPES[i]),
            // Only the limit differs, so only the limit can be what failed.
            (Ok(()), Err(e)) => {
                assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 8 }, "{}", DERIVED_TYPES[i])
            }
            _ => {}
        }
    }
    deep
}

/// [`decode_derived`] with one set of options.
pub fn decode_derived_with(data: &[u8], opts: &DecodeOptions) -> [Result<(), decode::Error>; 12] {
    [
        roundtrip!(Record, data, opts, true),
        roundtrip!(Compact, data, opts, true),
        roundtrip!(Point, data, opts, false),
        roundtrip!(Shape, data, opts, true),
        roundtrip!(Message, data, opts, true),
        roundtrip!(Tree, data, opts, true),
        roundtrip!(Vec<Tree>, data, opts, true),
        roundtrip!(List, data, opts, true),
        roundtrip!(Borrowed<'_>, data, opts, false),
        roundtrip!(BorrowedTagged<'_>, data, opts, true),
        roundtrip!(Strict, data, opts, true),
        roundtrip!(Unit, data, opts, true),
    ]
}

// ---- framing -----------------------------------------------------------------------

/// Target `framing`: `decode::message_len`, a `decode::Framer` fed the
/// input in growing prefixes (the step taken from the first byte), and
/// `Decoder::skip` agree on where the first message ends. Never a panic;
/// a complete message has the length `skip` finds; "need more bytes" is
/// exactly `skip`'s end of input; other errors have `skip`'s kind, except
/// the framer's depth limit (`skip` has none: it is iterative) and an error
/// the framer finds where `skip` already gave up for lack of input.
/// Resuming gives the answer starting over gives. Returns that answer.
pub fn framing(data: &[u8]) -> Result<Option<usize>, decode::Error> {
    let opts = DecodeOptions::new().max_depth(64);
    let whole = decode::message_len(data, &opts);
    let mut d = Decoder::new(data);
    let skipped = d.skip().map(|()| d.position());
    match (&whole, &skipped) {
        (Ok(Some(n)), Ok(m)) => assert_eq!(n, m, "message_len and skip disagree on the length"),
        (Ok(None), Err(e)) => {
            assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. }), "framer wants more bytes, skip says {e}")
        }
        (Err(e), _) if matches!(e.kind(), ErrorKind::DepthLimitExceeded { .. }) => {}
        // `skip` stops at end of input as soon as the pending elements
        // cannot fit in what is left (one byte each at least); the framer
        // reads on and may find a byte that no continuation can fix.
        (Err(_), Err(s)) if matches!(s.kind(), ErrorKind::UnexpectedEof { .. }) => {}
        (Err(e), Err(s)) => {
            assert_eq!(e.kind(), s.kind(), "framer and skip fail differently");
            assert!(e.offset() <= data.len(), "error offset {} past the input", e.offset());
        }
        (w, s) => panic!("framer says {w:?}, skip says {s:?}"),
    }
    let step = data.first().map_or(1, |b| usize::from(*b % 7) + 1);
    let mut framer = decode::Framer::new(opts);
    let mut end = 0;
    let resumed = loop {
        end = (end + step).min(data.len());
        match framer.message_len(&data[..end]) {
            Ok(None) if end < data.len() => {
                assert!(framer.needed() > end as u64, "needed {} with {end} bytes", framer.needed());
            }
            r => break r,
        }
    };
    assert_eq!(format!("{resumed:?}"), format!("{whole:?}"), "resumed and started-over framing differ");
    whole
}
