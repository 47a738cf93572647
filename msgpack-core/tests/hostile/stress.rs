//! Deterministic seeded stress test (stable, debug build, runs in CI).
//!
//! A generator of valid messages (random nested `Value`s and encodings of
//! a few derived types, incl. a recursive enum, and the serde-parity
//! shapes: a recursive untagged enum, an adjacently tagged enum with an
//! `other` variant, a struct with a flattened struct and a catch-all map)
//! and of mutations of them
//! (bit flips, byte insertions and deletions, truncations, length prefixes
//! inflated up to `u32::MAX`). Each input is decoded as `Value`, `ValueRef`,
//! `Raw` / `RawRef`, the derived types (default options and `max_depth(16)`) and skipped. A
//! panic fails the test; a counting global allocator checks the crate's
//! documented bound on every decode (peak live bytes at most 64·n + 4 KiB
//! beyond twice the heap memory of the value returned, for an `n`-byte
//! input; "Guarantees on hostile input" in the crate docs) for `Value` and
//! `Raw`, and for the derived owned types with what their own element
//! types add; and the total requested against measured constants.
//!
//! The measured worst figures are printed (`--nocapture`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use msgpack_core::marker::Marker;
use msgpack_core::{Decode, DecodeOptions, Decoder, Ext, MsgPack, Timestamp, Value, ValueRef, from_slice, to_vec};

// ---- allocation accounting ---------------------------------------------------------

use crate::common::live_alloc;

/// Runs `f` and returns its result with the peak of bytes live above the
/// level before the call (the result, still alive, included) and the bytes
/// requested during the call.
fn measure<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
    let (r, peak, total, _) = live_alloc::measure_all(f);
    (r, peak, total)
}

/// [`measure`], and the bytes still live after the call: the heap memory
/// of the result.
fn measure_kept<R>(f: impl FnOnce() -> R) -> (R, usize, usize, usize) {
    live_alloc::measure_all(f)
}

// ---- the bounds --------------------------------------------------------------------
//
// Peak live bytes: the documented bound, 64 * n + 4 KiB beyond twice the
// heap memory of the value a decode returns (nothing, when it fails). The
// derived types add what their own element types hold beyond 32 bytes per
// item (`DERIVED_EXTRA_C`). Total requested: `C * n + K`, the worst measured
// (printed by the test) rounded up by about 1.5x; the slope comes from the
// inputs of 64 bytes or more, the constant from the shorter ones.

/// The crate's documented bound for an `n`-byte input whose decode leaves
/// `kept` bytes in the value it returns.
fn documented(n: usize, kept: usize) -> usize {
    live_alloc::bound(n, kept)
}

/// What the derived types' own elements add per input byte, beyond the
/// documented bound: `Sparse` is 112 bytes decoded from a one-byte empty
/// array, more than the 32 bytes per item that the crate reserves in full,
/// so a `Vec<Sparse>` reserves from the allowance (1 KiB + 8 per input
/// byte) and grows as its elements come: 3 x 112 per input byte while a
/// doubling reallocation copies (old and new block live). The docs say so:
/// "what a user's own types add".
const DERIVED_EXTRA_C: usize = 336;

/// `Value`, total requested bytes per input byte. Measured: 127.5 (the same
/// inputs: every capacity the `Vec` went through, tending to 4 x 32); the
/// random run's worst is 36.4.
const VALUE_TOTAL_C: usize = 192;
/// `Value`, total for inputs under 64 bytes. Measured: 2,453 bytes, an
/// array 32 of 55 small maps.
const VALUE_K: usize = 3_700;

/// The derived owned types, total requested bytes per input byte. Measured:
/// 440.7 (`Vec<Sparse>` from an array of empty arrays, tending to 4 x 112);
/// the random run's worst is 141.4 (`Tok`, an untagged enum).
const DERIVED_TOTAL_C: usize = 672;
/// The derived owned types, total for inputs under 64 bytes. Measured:
/// 6,816 bytes, `Vec<Sparse>` from an array 32 of 55 small maps; the random
/// run's worst is 8,272 bytes requested (5,223 live), `Tok` from the 9
/// bytes `cb 80 00 00 c6 00 00 00 00`: the no-match error of an untagged
/// enum, which lists each variant's reason.
const DERIVED_K: usize = 10_240;

/// Inputs shorter than this are held to `K` alone.
const SMALL: usize = 64;

// ---- the derived types ---------------------------------------------------------------

#[derive(MsgPack, Debug, Clone, PartialEq)]
struct Person {
    id: u64,
    name: String,
    email: Option<String>,
    tags: Vec<String>,
    scores: BTreeMap<String, i32>,
    avatar: Vec<u8>,
    born: Option<Timestamp>,
    ratio: f64,
    active: bool,
}

#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(array)]
struct Point {
    x: i32,
    y: i32,
    label: Option<String>,
}

/// Recursive, externally tagged.
#[derive(MsgPack, Debug, Clone, PartialEq)]
enum Expr {
    Nil,
    Lit(i64),
    Text(String),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    List(Vec<Expr>),
    Let { name: String, value: Box<Expr>, body: Box<Expr> },
}

/// Internally tagged.
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(tag = "kind")]
enum Shape {
    Circle { r: f64 },
    Rect { w: u32, h: u32 },
    Empty,
}

/// Every field may be absent: one byte (`{}` or `[]`) decodes to a large struct.
#[derive(MsgPack, Debug, Clone, PartialEq)]
struct Sparse {
    a: Option<String>,
    b: Option<Vec<u32>>,
    c: Option<BTreeMap<String, u32>>,
    d: Option<Box<Expr>>,
    #[msgpack(default)]
    e: u64,
    #[msgpack(default)]
    f: Vec<Point>,
}

#[derive(MsgPack, Debug, Clone, PartialEq)]
struct Doc {
    title: String,
    people: Vec<Person>,
    points: Vec<Point>,
    expr: Expr,
    shapes: Vec<Shape>,
    attachments: BTreeMap<u32, Ext>,
    sparse: Vec<Sparse>,
}

/// Recursive and untagged: each variant starts with its own marker.
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(untagged)]
enum Tok {
    Nothing,
    Flag(bool),
    Num(i64),
    Text(String),
    List(Vec<Tok>),
    Map(BTreeMap<String, Tok>),
}

/// Adjacently tagged, recursive, keeping unknown values.
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(tag = "t", content = "c")]
enum Cmd {
    Stop,
    Say(String),
    Move(i32, i32),
    Put {
        key: String,
        value: Tok,
    },
    Batch(Vec<Cmd>),
    #[msgpack(other)]
    Unknown(msgpack_core::Raw),
}

#[derive(MsgPack, Debug, Clone, PartialEq)]
struct RecMeta {
    id: u64,
    #[msgpack(skip_if = "Option::is_none")]
    owner: Option<String>,
}

/// A flattened struct and a catch-all map.
#[derive(MsgPack, Debug, Clone, PartialEq)]
struct Rec {
    name: String,
    #[msgpack(flatten)]
    meta: RecMeta,
    #[msgpack(flatten)]
    rest: BTreeMap<String, Value>,
    cmds: Vec<Cmd>,
}

/// Borrowing (decoded for "no panic" only).
#[derive(MsgPack, Debug, Clone, PartialEq)]
struct PersonView<'a> {
    name: &'a str,
    email: Option<&'a str>,
    tags: Vec<&'a str>,
    avatar: &'a [u8],
}

#[derive(MsgPack, Debug, Clone, PartialEq)]
struct DocView<'a> {
    title: &'a str,
    people: Vec<PersonView<'a>>,
}

// ---- random generation -----------------------------------------------------------------

use crate::common::rng;
use rng::Rng;

/// The generators this file needs, beside `next` and `below`.
impl Rng {
    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
    /// A length: usually short, sometimes past a header-size boundary.
    fn len(&mut self, short: usize) -> usize {
        match self.below(16) {
            0 => 30 + self.below(5),
            1 => 250 + self.below(10),
            2 => self.below(4 * short + 1),
            _ => self.below(short + 1),
        }
    }
    /// A byte, half the time one that means something to a decoder.
    fn byte(&mut self) -> u8 {
        const INTERESTING: [u8; 26] = [
            0x00, 0x01, 0x7f, 0x80, 0x81, 0x8f, 0x90, 0x91, 0x9f, 0xa0, 0xa1, 0xbf, 0xc0, 0xc1, 0xc4, 0xc6, 0xc7, 0xc9,
            0xcb, 0xd4, 0xd6, 0xd9, 0xdc, 0xdd, 0xdf, 0xff,
        ];
        if self.next() & 1 == 0 { INTERESTING[self.below(INTERESTING.len())] } else { self.next() as u8 }
    }
    fn int(&mut self) -> i128 {
        const EDGES: [i128; 16] = [
            0,
            1,
            -1,
            -32,
            -33,
            127,
            128,
            255,
            256,
            65_535,
            65_536,
            -32_769,
            u32::MAX as i128,
            i64::MIN as i128,
            i64::MAX as i128,
            u64::MAX as i128,
        ];
        match self.below(3) {
            0 => EDGES[self.below(EDGES.len())],
            1 => self.below(200) as i128 - 50,
            _ if self.next() & 1 == 0 => self.next() as i128,
            _ => self.next() as i64 as i128,
        }
    }
    fn string(&mut self) -> String {
        const CHARS: [char; 12] = ['a', 'b', 'z', '0', ' ', '"', '\0', '\u{7f}', 'é', '€', '\u{10ffff}', '😀'];
        let n = self.len(8);
        (0..n).map(|_| CHARS[self.below(CHARS.len())]).collect()
    }
    fn bytes(&mut self) -> Vec<u8> {
        let n = self.len(8);
        (0..n).map(|_| self.next() as u8).collect()
    }
    fn f64(&mut self) -> f64 {
        match self.below(4) {
            0 => f64::from_bits(self.next()),
            1 => -0.0,
            _ => self.below(1000) as f64 / 8.0,
        }
    }
    fn timestamp(&mut self) -> Timestamp {
        let secs = match self.below(3) {
            0 => self.next() as u32 as i64,
            1 => (self.next() % (1 << 34)) as i64,
            _ => self.next() as i64,
        };
        let nanos = if self.one_in(2) { 0 } else { (self.next() % 1_000_000_000) as u32 };
        Timestamp::new(secs, nanos).unwrap()
    }
    fn ext(&mut self) -> Ext {
        const LENS: [usize; 8] = [0, 1, 2, 4, 8, 16, 3, 300];
        let len = if self.one_in(2) { LENS[self.below(LENS.len())] } else { self.len(20) };
        Ext::new(self.next() as i8, (0..len).map(|_| self.next() as u8).collect())
    }
}

fn gen_value(rng: &mut Rng, depth: usize) -> Value {
    let kinds = if depth == 0 { 9 } else { 12 };
    match rng.below(kinds) {
        0 => Value::Nil,
        1 => Value::Bool(rng.one_in(2)),
        2 | 3 => {
            let v = rng.int();
            if v >= 0 { Value::from(v as u64) } else { Value::from(v as i64) }
        }
        4 => Value::F32(f32::from_bits(rng.next() as u32)),
        5 => Value::F64(rng.f64()),
        6 => Value::Str(rng.string()),
        7 => Value::Bin(rng.bytes()),
        8 if rng.one_in(2) => Value::from(rng.timestamp()),
        8 => Value::Ext(rng.ext()),
        9 | 10 => Value::Array((0..rng.len(4)).map(|_| gen_value(rng, depth - 1)).collect()),
        _ => Value::Map(
            (0..rng.len(4))
                .map(|_| {
                    let k = if rng.one_in(3) { gen_value(rng, depth - 1) } else { Value::Str(rng.string()) };
                    (k, gen_value(rng, depth - 1))
                })
                .collect(),
        ),
    }
}

fn gen_person(rng: &mut Rng) -> Person {
    Person {
        id: rng.next(),
        name: rng.string(),
        email: rng.one_in(2).then(|| rng.string()),
        tags: (0..rng.len(3)).map(|_| rng.string()).collect(),
        scores: (0..rng.len(3)).map(|_| (rng.string(), rng.next() as i32)).collect(),
        avatar: rng.bytes(),
        born: rng.one_in(2).then(|| rng.timestamp()),
        ratio: rng.f64(),
        active: rng.one_in(2),
    }
}

fn gen_point(rng: &mut Rng) -> Point {
    Point { x: rng.next() as i32, y: rng.below(100) as i32, label: rng.one_in(3).then(|| rng.string()) }
}

fn gen_expr(rng: &mut Rng, depth: usize) -> Expr {
    let b = |rng: &mut Rng| Box::new(gen_expr(rng, depth - 1));
    match rng.below(if depth == 0 { 3 } else { 7 }) {
        0 => Expr::Nil,
        1 => Expr::Lit(rng.int() as i64),
        2 => Expr::Text(rng.string()),
        3 => Expr::Neg(b(rng)),
        4 => Expr::Add(b(rng), b(rng)),
        5 => Expr::List((0..rng.len(3)).map(|_| gen_expr(rng, depth - 1)).collect()),
        _ => Expr::Let { name: rng.string(), value: b(rng), body: b(rng) },
    }
}

fn gen_shape(rng: &mut Rng) -> Shape {
    match rng.below(3) {
        0 => Shape::Circle { r: rng.f64() },
        1 => Shape::Rect { w: rng.next() as u32, h: rng.below(10) as u32 },
        _ => Shape::Empty,
    }
}

fn gen_sparse(rng: &mut Rng) -> Sparse {
    Sparse {
        a: rng.one_in(2).then(|| rng.string()),
        b: rng.one_in(2).then(|| (0..rng.len(3)).map(|_| rng.next() as u32).collect()),
        c: rng.one_in(3).then(|| (0..rng.len(2)).map(|_| (rng.string(), rng.below(9) as u32)).collect()),
        d: rng.one_in(3).then(|| Box::new(gen_expr(rng, 2))),
        e: if rng.one_in(2) { 0 } else { rng.next() },
        f: (0..rng.below(3)).map(|_| gen_point(rng)).collect(),
    }
}

fn gen_doc(rng: &mut Rng) -> Doc {
    Doc {
        title: rng.string(),
        people: (0..rng.below(3)).map(|_| gen_person(rng)).collect(),
        points: (0..rng.len(3)).map(|_| gen_point(rng)).collect(),
        expr: gen_expr(rng, 3),
        shapes: (0..rng.len(3)).map(|_| gen_shape(rng)).collect(),
        attachments: (0..rng.below(3)).map(|_| (rng.below(1000) as u32, rng.ext())).collect(),
        sparse: (0..rng.below(3)).map(|_| gen_sparse(rng)).collect(),
    }
}

fn gen_tok(rng: &mut Rng, depth: usize) -> Tok {
    match rng.below(if depth == 0 { 4 } else { 6 }) {
        0 => Tok::Nothing,
        1 => Tok::Flag(rng.one_in(2)),
        2 => Tok::Num(rng.int() as i64),
        3 => Tok::Text(rng.string()),
        4 => Tok::List((0..rng.len(3)).map(|_| gen_tok(rng, depth - 1)).collect()),
        _ => Tok::Map((0..rng.len(3)).map(|_| (rng.string(), gen_tok(rng, depth - 1))).collect()),
    }
}

fn gen_cmd(rng: &mut Rng, depth: usize) -> Cmd {
    match rng.below(if depth == 0 { 4 } else { 6 }) {
        0 => Cmd::Stop,
        1 => Cmd::Say(rng.string()),
        2 => Cmd::Move(rng.int() as i32, rng.below(9) as i32),
        3 => Cmd::Put { key: rng.string(), value: gen_tok(rng, 2) },
        4 => Cmd::Batch((0..rng.len(3)).map(|_| gen_cmd(rng, depth - 1)).collect()),
        // An unknown variant, content first or last.
        _ => {
            let tag = Value::from(format!("X{}", rng.string()));
            let content = gen_value(rng, 2);
            let entries = if rng.one_in(2) {
                vec![("t".into(), tag), ("c".into(), content)]
            } else {
                vec![("c".into(), content), ("t".into(), tag)]
            };
            Cmd::Unknown(msgpack_core::Raw::new(to_vec(&Value::Map(entries)).unwrap()).unwrap())
        }
    }
}

fn gen_rec(rng: &mut Rng) -> Rec {
    Rec {
        name: rng.string(),
        meta: RecMeta { id: rng.next(), owner: rng.one_in(2).then(|| rng.string()) },
        // Keys that are no field's.
        rest: (0..rng.len(3)).map(|_| (format!("_{}", rng.string()), gen_value(rng, 2))).collect(),
        cmds: (0..rng.len(2)).map(|_| gen_cmd(rng, 2)).collect(),
    }
}

/// A valid message of a random kind. Each must decode as its own type and
/// encode back to the same bytes.
fn gen_message(rng: &mut Rng) -> Vec<u8> {
    fn check<T: for<'de> Decode<'de> + msgpack_core::Encode>(bytes: Vec<u8>) -> Vec<u8> {
        let back: T = from_slice(&bytes).unwrap_or_else(|e| panic!("a generated message fails: {e}: {}", hex(&bytes)));
        assert_eq!(to_vec(&back).unwrap(), bytes, "a generated message does not round-trip");
        bytes
    }
    match rng.below(11) {
        0 | 1 => check::<Value>(to_vec(&gen_value(rng, 4)).unwrap()),
        8 => check::<Tok>(to_vec(&gen_tok(rng, 5)).unwrap()),
        9 => check::<Vec<Cmd>>(to_vec(&(0..rng.len(3)).map(|_| gen_cmd(rng, 3)).collect::<Vec<_>>()).unwrap()),
        10 => check::<Rec>(to_vec(&gen_rec(rng)).unwrap()),
        2 => check::<Person>(to_vec(&gen_person(rng)).unwrap()),
        3 => check::<Vec<Point>>(to_vec(&(0..rng.len(4)).map(|_| gen_point(rng)).collect::<Vec<_>>()).unwrap()),
        4 => check::<Expr>(to_vec(&gen_expr(rng, 5)).unwrap()),
        5 => check::<Vec<Shape>>(to_vec(&(0..rng.len(4)).map(|_| gen_shape(rng)).collect::<Vec<_>>()).unwrap()),
        6 => check::<Vec<Sparse>>(to_vec(&(0..rng.len(3)).map(|_| gen_sparse(rng)).collect::<Vec<_>>()).unwrap()),
        _ => check::<Doc>(to_vec(&gen_doc(rng)).unwrap()),
    }
}

// ---- mutation ------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq)]
enum Family {
    Str,
    Bin,
    Ext(i8),
    Array,
    Map,
}

/// A length-prefixed header in a valid message.
#[derive(Debug, Clone, Copy)]
struct Header {
    at: usize,
    /// Header bytes (an ext's type byte included).
    len: usize,
    family: Family,
}

/// The headers of the valid message `bytes`, in order.
fn headers(bytes: &[u8]) -> Vec<Header> {
    fn walk(d: &mut Decoder<'_>, out: &mut Vec<Header>) {
        let at = d.position();
        let (family, payload) = match d.peek().unwrap() {
            Marker::Array => {
                let n = d.array_len().unwrap();
                out.push(Header { at, len: d.position() - at, family: Family::Array });
                (0..n).for_each(|_| walk(d, out));
                return;
            }
            Marker::Map => {
                let n = d.map_len().unwrap();
                out.push(Header { at, len: d.position() - at, family: Family::Map });
                (0..2 * n).for_each(|_| walk(d, out));
                return;
            }
            Marker::Str => (Family::Str, d.str_bytes().unwrap().len()),
            Marker::Bin => (Family::Bin, d.bin().unwrap().len()),
            Marker::Ext => {
                let x = d.ext().unwrap();
                (Family::Ext(x.ty), x.data.len())
            }
            _ => {
                d.skip().unwrap();
                return;
            }
        };
        out.push(Header { at, len: d.position() - payload - at, family });
    }
    let mut d = Decoder::new(bytes);
    let mut out = Vec::new();
    walk(&mut d, &mut out);
    assert!(d.is_empty());
    out
}

/// A header of `family` claiming `n` (payload bytes, elements or entries),
/// in the smallest form that holds it or in the 32-bit form.
fn header_bytes(family: Family, n: u32, wide: bool) -> Vec<u8> {
    let be16 = |tag: u8| [&[tag][..], &(n as u16).to_be_bytes()].concat();
    let be32 = |tag: u8| [&[tag][..], &n.to_be_bytes()].concat();
    let (fix, fix_max, w8, w16, w32) = match family {
        Family::Str => (Some(0xa0u8), 31, Some(0xd9u8), 0xda, 0xdb),
        Family::Bin => (None, 0, Some(0xc4), 0xc5, 0xc6),
        Family::Array => (Some(0x90), 15, None, 0xdc, 0xdd),
        Family::Map => (Some(0x80), 15, None, 0xde, 0xdf),
        Family::Ext(ty) => {
            let mut h = match (wide, n) {
                (false, 1) => vec![0xd4],
                (false, 2) => vec![0xd5],
                (false, 4) => vec![0xd6],
                (false, 8) => vec![0xd7],
                (false, 16) => vec![0xd8],
                (false, 0..=255) => vec![0xc7, n as u8],
                (false, 256..=65_535) => be16(0xc8),
                _ => be32(0xc9),
            };
            h.push(ty as u8);
            return h;
        }
    };
    match (wide, fix, w8) {
        (false, Some(tag), _) if n <= fix_max => vec![tag | n as u8],
        (false, _, Some(tag)) if n <= 255 => vec![tag, n as u8],
        (false, _, _) if n <= 65_535 => be16(w16),
        _ => be32(w32),
    }
}

/// Rewrites one header of the valid `msg` to claim more.
fn inflate(rng: &mut Rng, msg: &[u8]) -> Vec<u8> {
    let hs = headers(msg);
    if hs.is_empty() {
        return msg.to_vec();
    }
    let h = hs[rng.below(hs.len())];
    let rest = (msg.len() - h.at - h.len) as u64;
    let n = match rng.below(8) {
        0 => rest + 1,
        1 => rest,
        2 => rest * 2 + 1,
        3 => 0xffff,
        4 => u32::MAX as u64,
        5 => rng.next() as u32 as u64,
        6 => rng.below(300) as u64,
        _ => (rest / 2).max(1),
    }
    .min(u32::MAX as u64) as u32;
    let mut out = msg[..h.at].to_vec();
    out.extend(header_bytes(h.family, n, rng.one_in(2)));
    out.extend_from_slice(&msg[h.at + h.len..]);
    out
}

/// Applies a length inflation (a third of the time) and then up to three
/// random edits.
fn mutate(rng: &mut Rng, msg: &[u8]) -> Vec<u8> {
    let mut m = if rng.one_in(3) { inflate(rng, msg) } else { msg.to_vec() };
    for _ in 0..rng.below(4) {
        if m.is_empty() {
            m.push(rng.byte());
            continue;
        }
        let i = rng.below(m.len());
        match rng.below(5) {
            0 => m[i] ^= 1 << rng.below(8),
            1 => m.insert(i, rng.byte()),
            2 => {
                m.remove(i);
            }
            3 => m.truncate(i),
            _ => m[i] = rng.byte(),
        }
    }
    m
}

// ---- decoding and accounting -------------------------------------------------------------------

fn hex(bytes: &[u8]) -> String {
    let shown = &bytes[..bytes.len().min(64)];
    let mut s = shown.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x} ");
        s
    });
    if bytes.len() > shown.len() {
        let _ = write!(s, "... ({} bytes)", bytes.len());
    }
    s
}

/// The worst allocation seen for one class of decodes.
#[derive(Default)]
struct Worst {
    name: &'static str,
    /// What the types add per input byte to the documented peak.
    extra_c: usize,
    total_c: usize,
    k: usize,
    /// Largest bytes / n over inputs of `SMALL` bytes or more, with the input.
    peak_ratio: (f64, String),
    total_ratio: (f64, String),
    /// Largest bytes over shorter inputs.
    small_peak: (usize, String),
    small_total: (usize, String),
    decodes: usize,
}

impl Worst {
    fn new(name: &'static str, extra_c: usize, total_c: usize, k: usize) -> Self {
        Worst { name, extra_c, total_c, k, ..Default::default() }
    }

    #[track_caller]
    fn record(&mut self, what: &str, input: &[u8], peak: usize, total: usize, kept: usize) {
        let n = input.len();
        self.decodes += 1;
        let tag = || format!("{what} from {}", hex(input));
        if n >= SMALL {
            if peak as f64 / n as f64 > self.peak_ratio.0 {
                self.peak_ratio = (peak as f64 / n as f64, tag());
            }
            if total as f64 / n as f64 > self.total_ratio.0 {
                self.total_ratio = (total as f64 / n as f64, tag());
            }
        } else {
            if peak > self.small_peak.0 {
                self.small_peak = (peak, tag());
            }
            if total > self.small_total.0 {
                self.small_total = (total, tag());
            }
        }
        let bound = documented(n, kept) + self.extra_c * n;
        assert!(
            peak <= bound,
            "{}: {what}: a {n}-byte input had {peak} bytes live, {kept} kept (bound {bound}): {}",
            self.name,
            hex(input)
        );
        assert!(
            total <= self.total_c * n + self.k,
            "{}: {what}: a {n}-byte input made {total} bytes of requests (bound {} * n + {}): {}",
            self.name,
            self.total_c,
            self.k,
            hex(input)
        );
    }

    fn report(&self) {
        eprintln!("{} ({} decodes):", self.name, self.decodes);
        eprintln!("  peak live per byte  (n >= {SMALL}): {:8.1}  {}", self.peak_ratio.0, self.peak_ratio.1);
        eprintln!("  total req. per byte (n >= {SMALL}): {:8.1}  {}", self.total_ratio.0, self.total_ratio.1);
        eprintln!("  peak live           (n <  {SMALL}): {:8}  {}", self.small_peak.0, self.small_peak.1);
        eprintln!("  total requested     (n <  {SMALL}): {:8}  {}", self.small_total.0, self.small_total.1);
    }
}

struct Stats {
    value: Worst,
    derived: Worst,
    accepted: BTreeMap<&'static str, usize>,
}

impl Stats {
    fn new() -> Self {
        Stats {
            value: Worst::new("Value", 0, VALUE_TOTAL_C, VALUE_K),
            derived: Worst::new("derived owned types", DERIVED_EXTRA_C, DERIVED_TOTAL_C, DERIVED_K),
            accepted: BTreeMap::new(),
        }
    }
}

/// Decodes `input` as an owned `T`, measured; the result is dropped after
/// the measurement.
fn owned<T: for<'de> Decode<'de>>(name: &'static str, input: &[u8], opts: &DecodeOptions, w: &mut Worst) -> bool {
    let (r, peak, total, kept) = measure_kept(|| msgpack_core::from_slice_with::<T>(input, opts));
    w.record(name, input, peak, total, kept);
    check_error(name, input, r.as_ref().err());
    r.is_ok()
}

#[track_caller]
fn check_error(name: &str, input: &[u8], e: Option<&msgpack_core::decode::Error>) {
    if let Some(e) = e {
        assert!(e.offset() <= input.len(), "{name}: offset {} past the input: {}", e.offset(), hex(input));
    }
}

/// Every decode of `input`. A panic anywhere fails the test.
fn decode_all(input: &[u8], stats: &mut Stats) {
    let default = DecodeOptions::new();
    let ok = owned::<Value>("Value", input, &default, &mut stats.value);
    *stats.accepted.entry("Value").or_default() += usize::from(ok);

    let r = msgpack_core::from_slice_with::<ValueRef>(input, &default);
    check_error("ValueRef", input, r.as_ref().err());
    assert_eq!(r.is_ok(), ok, "Value and ValueRef disagree on {}", hex(input));

    let mut d = Decoder::new(input);
    let skipped = d.skip();
    check_error("skip", input, skipped.as_ref().err());
    if ok {
        assert!(skipped.is_ok() && d.is_empty(), "skip disagrees with Value on {}", hex(input));
    }
    // Raw values accept exactly what the structural skip accepts as one
    // whole message (strings unvalidated), owned within the same bounds.
    let whole = skipped.is_ok() && d.is_empty();
    let raw_ok = owned::<msgpack_core::Raw>("Raw", input, &default, &mut stats.value);
    assert_eq!(raw_ok, whole, "Raw disagrees with skip on {}", hex(input));
    let r = msgpack_core::RawRef::new(input);
    check_error("RawRef", input, r.as_ref().err());
    assert_eq!(r.is_ok(), whole, "RawRef disagrees with skip on {}", hex(input));

    for opts in [default, DecodeOptions::new().max_depth(16)] {
        let w = &mut stats.derived;
        let results = [
            ("Person", owned::<Person>("Person", input, &opts, w)),
            ("Vec<Point>", owned::<Vec<Point>>("Vec<Point>", input, &opts, w)),
            ("Expr", owned::<Expr>("Expr", input, &opts, w)),
            ("Vec<Shape>", owned::<Vec<Shape>>("Vec<Shape>", input, &opts, w)),
            ("Vec<Sparse>", owned::<Vec<Sparse>>("Vec<Sparse>", input, &opts, w)),
            ("Doc", owned::<Doc>("Doc", input, &opts, w)),
            ("Tok", owned::<Tok>("Tok", input, &opts, w)),
            ("Vec<Cmd>", owned::<Vec<Cmd>>("Vec<Cmd>", input, &opts, w)),
            ("Rec", owned::<Rec>("Rec", input, &opts, w)),
        ];
        for (name, ok) in results {
            *stats.accepted.entry(name).or_default() += usize::from(ok);
        }
        let r = msgpack_core::from_slice_with::<DocView>(input, &opts);
        check_error("DocView", input, r.as_ref().err());
        let r = msgpack_core::from_slice_with::<Vec<PersonView>>(input, &opts);
        check_error("Vec<PersonView>", input, r.as_ref().err());
        capacity_limited(input, &opts);
    }
}

/// The std types of issue 14 and (with their features) the containers of
/// a fixed capacity: no panic, errors inside the input.
fn capacity_limited(input: &[u8], opts: &DecodeOptions) {
    type Std = Vec<(std::net::IpAddr, std::ops::Range<u32>, Result<u8, String>)>;
    let r = msgpack_core::from_slice_with::<Std>(input, opts);
    check_error("Vec<(IpAddr, Range<u32>, Result<u8, String>)>", input, r.as_ref().err());
    #[cfg(feature = "heapless")]
    {
        type Fixed = heapless::Vec<heapless::String<8>, 4>;
        type FixedMap = heapless::index_map::FnvIndexMap<heapless::String<8>, heapless::Vec<u8, 4>, 4>;
        let r = msgpack_core::from_slice_with::<Fixed>(input, opts);
        check_error("heapless::Vec<String<8>, 4>", input, r.as_ref().err());
        let r = msgpack_core::from_slice_with::<FixedMap>(input, opts);
        check_error("FnvIndexMap<String<8>, Vec<u8, 4>, 4>", input, r.as_ref().err());
    }
    #[cfg(feature = "arrayvec")]
    {
        let r = msgpack_core::from_slice_with::<arrayvec::ArrayVec<arrayvec::ArrayString<8>, 4>>(input, opts);
        check_error("ArrayVec<ArrayString<8>, 4>", input, r.as_ref().err());
    }
}

/// Runs `f` on a thread with a large stack (unoptimised derived code uses
/// several KiB of stack per level of a recursive enum).
fn with_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new().stack_size(256 << 20).spawn(f).unwrap().join().unwrap()
}

// ---- dedicated worst cases ----------------------------------------------------------------------

/// An array 32 of `n` copies of `item`.
fn array_of(n: usize, item: &[u8]) -> Vec<u8> {
    let mut v = [&[0xdd][..], &(n as u32).to_be_bytes()].concat();
    for _ in 0..n {
        v.extend_from_slice(item);
    }
    v
}

/// Flat inputs that maximise allocation per input byte, and length claims
/// the input cannot back.
fn worst_cases() -> Vec<(String, Vec<u8>)> {
    let mut cases = Vec::new();
    // Vecs reserve up to 64 KiB up front (2,048 `Value`s, 1,024 map entries,
    // 585 `Sparse`s) and then double: one element past a power of two times
    // that is the worst case for the peak, and the total tends to 4x.
    for n in [1usize, 10, 100, 1_025, 2_049, 4_097, 9_361, 65_537] {
        cases.push((format!("{n} empty arrays"), array_of(n, &[0x90])));
        cases.push((format!("{n} empty maps"), array_of(n, &[0x80])));
        cases.push((format!("{n} nils"), array_of(n, &[0xc0])));
        cases.push((format!("{n} 1-byte strings"), array_of(n, &[0xa1, b'x'])));
        cases.push((format!("{n} empty strings"), array_of(n, &[0xa0])));
        cases.push((format!("{n} empty bins"), array_of(n, &[0xc4, 0x00])));
        cases.push((format!("{n} 1-byte exts"), array_of(n, &[0xd4, 0x01, 0x00])));
        cases.push((format!("{n} [nil]"), array_of(n, &[0x91, 0xc0])));
        cases.push((format!("{n} Expr::Nil"), array_of(n, b"\xa3Nil")));
        cases.push((format!("{n} Points"), array_of(n, &[0x92, 0x00, 0x00])));
        let mut map = [&[0xdf][..], &(n as u32).to_be_bytes()].concat();
        for _ in 0..n {
            map.extend_from_slice(&[0xc0, 0xc0]);
        }
        cases.push((format!("map of {n} nil: nil"), map));
        // The last element is bad: everything before it is live when it fails.
        let mut bad = array_of(n, &[0x90]);
        bad.push(0xc1);
        let len = n as u32 + 1;
        bad[1..5].copy_from_slice(&len.to_be_bytes());
        cases.push((format!("{n} empty arrays, then 0xc1"), bad));
    }
    // Length claims: the header claims more than there is, or all there is.
    for tail in [0usize, 1, 100, 65_535] {
        for header in [&[0xdd, 0xff, 0xff, 0xff, 0xff][..], &[0xdf, 0xff, 0xff, 0xff, 0xff], &[0xdc, 0xff, 0xff]] {
            let mut v = header.to_vec();
            v.resize(v.len() + tail, 0x90);
            cases.push((format!("claim {header:02x?} with {tail} bytes"), v));
            let mut v = header.to_vec();
            v.resize(v.len() + tail, 0xc1);
            cases.push((format!("claim {header:02x?} with {tail} bytes of 0xc1"), v));
        }
        for header in [
            &[0xdb, 0xff, 0xff, 0xff, 0xff][..],
            &[0xc6, 0xff, 0xff, 0xff, 0xff],
            &[0xc9, 0xff, 0xff, 0xff, 0xff, 0x01],
        ] {
            let mut v = header.to_vec();
            v.resize(v.len() + tail, b'a');
            cases.push((format!("claim {header:02x?} with {tail} bytes"), v));
        }
    }
    cases
}

/// `levels` array 16 headers, each claiming every byte after it, then
/// `tail` empty arrays and a 0xc1: every level reserves up front for the
/// elements it claims, and all the reservations are live when the 0xc1 is
/// reached.
fn nested_claims(levels: usize, tail: usize) -> Vec<u8> {
    let mut v = Vec::new();
    for i in 0..levels {
        let rest = (3 * (levels - i - 1) + tail + 1).min(0xffff) as u16;
        v.push(0xdc);
        v.extend_from_slice(&rest.to_be_bytes());
    }
    v.resize(v.len() + tail, 0x90);
    v.push(0xc1);
    v
}

// ---- the tests -------------------------------------------------------------------------------

const SEED: u64 = 0x5eed_0006_d1ce_cafe;
const ITERATIONS: usize = 6_000;

#[test]
fn seeded_stress() {
    with_big_stack(|| {
        let mut rng = Rng(SEED);
        let mut stats = Stats::new();
        let mut valid = 0;
        for _ in 0..ITERATIONS {
            let msg = gen_message(&mut rng);
            let input = if rng.one_in(8) {
                valid += 1;
                msg
            } else {
                mutate(&mut rng, &msg)
            };
            decode_all(&input, &mut stats);
        }
        eprintln!("seeded stress: {ITERATIONS} inputs ({valid} unmutated), seed {SEED:#x}");
        eprintln!("accepted: {:?}", stats.accepted);
        stats.value.report();
        stats.derived.report();
        // The mutations must leave some inputs valid, or the loop tests little.
        assert!(stats.accepted["Value"] > ITERATIONS / 4, "{:?}", stats.accepted);
        for name in ["Person", "Vec<Point>", "Expr", "Vec<Shape>", "Vec<Sparse>", "Doc", "Tok", "Vec<Cmd>", "Rec"] {
            assert!(stats.accepted[name] > 50, "{name}: {:?}", stats.accepted);
        }
    });
}

/// The dedicated worst cases, against the same bounds, with the figures of
/// each.
#[test]
fn worst_case_inputs() {
    with_big_stack(|| {
        let mut all = Stats::new();
        for (name, input) in worst_cases() {
            let mut one = Stats::new();
            decode_all(&input, &mut one);
            decode_all(&input, &mut all);
            let n = input.len();
            let (_, vpeak, vtotal) = measure(|| from_slice::<Value>(&input).map(drop));
            let (_, dpeak, dtotal) = measure(|| from_slice::<Vec<Sparse>>(&input).map(drop));
            eprintln!(
                "{name:>46} ({n:>6} B): Value peak {:5.1}/B total {:5.1}/B; Vec<Sparse> peak {:5.1}/B total {:5.1}/B",
                vpeak as f64 / n as f64,
                vtotal as f64 / n as f64,
                dpeak as f64 / n as f64,
                dtotal as f64 / n as f64,
            );
        }
        eprintln!("worst cases:");
        all.value.report();
        all.derived.report();
    });
}

/// `levels` of `{"List": [..]}`, each array 16 claiming every byte after it,
/// then `"Nil"`s and a 0xc1: the derived `Vec<Expr>` of every level
/// reserves up front, as `nested_claims` does for `Value`.
fn expr_nested_claims(levels: usize, tail: usize) -> Vec<u8> {
    let mut v = Vec::new();
    for i in 0..levels {
        let rest = (9 * (levels - i - 1) + 4 * tail + 1).min(0xffff) as u16;
        v.extend_from_slice(b"\x81\xa4List\xdc");
        v.extend_from_slice(&rest.to_be_bytes());
    }
    for _ in 0..tail {
        v.extend_from_slice(b"\xa3Nil");
    }
    v.push(0xc1);
    v
}

/// Nested length claims: every level asks to reserve for the elements it
/// claims, all live at once; the reservations come out of one allowance per
/// decode, so they stay within it whatever the depth.
#[test]
fn nested_claims_reserve_within_the_decode_allowance() {
    with_big_stack(|| {
        for (levels, tail) in [(16usize, 2_048usize), (100, 2_048), (1_000, 2_048), (1_000, 65_535)] {
            let input = nested_claims(levels, tail);
            let n = input.len();
            let (r, peak, total) = measure(|| from_slice::<Value>(&input));
            assert_eq!(r.unwrap_err().kind(), &msgpack_core::decode::ErrorKind::ReservedMarker);
            eprintln!(
                "Value, {levels} nested claims, {n} bytes: peak {peak} B ({:.0}/B), total {total} B ({:.0}/B)",
                peak as f64 / n as f64,
                total as f64 / n as f64
            );
            assert!(peak <= documented(n, 0), "{levels} levels: peak {peak}");
            assert!(total <= VALUE_TOTAL_C * n + VALUE_K, "{levels} levels: total {total}");

            let input = expr_nested_claims(levels, tail);
            let n = input.len();
            for opts in [DecodeOptions::new(), DecodeOptions::new().max_depth(16)] {
                let (r, peak, total) = measure(|| msgpack_core::from_slice_with::<Expr>(&input, &opts));
                assert!(r.is_err());
                eprintln!(
                    "Expr (max_depth {}), {levels} nested claims, {n} bytes: peak {peak} B ({:.0}/B), total {total} B",
                    opts.max_depth,
                    peak as f64 / n as f64
                );
                assert!(peak <= documented(n, 0), "{levels} levels: peak {peak}");
                assert!(total <= DERIVED_TOTAL_C * n + DERIVED_K, "{levels} levels: total {total}");
            }
        }
    });
}

/// Decoding n bytes allocates at most C * n + K even when nested length
/// claims make every level ask to reserve ahead. This was a bug found by
/// this test: each level reserved up to 64 KiB on its own. With
/// `nested_claims(1000, 2048)` (1,000 x `dc hh ll`, each claiming every
/// byte after it, then 2,048 x `90` and a `c1`; 5,049 bytes) a `Value`
/// decode has 65.5 MB live, about 13,000 bytes per input byte, against
/// 64/B for any flat input; `expr_nested_claims(1000, 2048)` does the same
/// to a derived recursive enum. Fixed by one reservation allowance per
/// decode (`Decoder::capacity_for`).
#[test]
fn nested_claims_stay_within_the_linear_bound() {
    with_big_stack(|| {
        let input = nested_claims(1_000, 2_048);
        let n = input.len();
        let (_, peak, total) = measure(|| from_slice::<Value>(&input).map(drop));
        assert!(peak <= documented(n, 0), "Value: a {n}-byte input had {peak} bytes live");
        assert!(total <= VALUE_TOTAL_C * n + VALUE_K, "Value: a {n}-byte input requested {total} bytes");
        let input = expr_nested_claims(1_000, 2_048);
        let n = input.len();
        let (_, peak, _) = measure(|| from_slice::<Expr>(&input).map(drop));
        assert!(peak <= documented(n, 0), "Expr: a {n}-byte input had {peak} bytes live");
    });
}
