//! Differential tests against rmpv 1.3 and rmp-serde 1.3, in-process.
//!
//! A seeded xorshift generator (deterministic: the same values on every run)
//! builds nested [`Value`]s covering nil, bools, integers at every format
//! boundary, f32/f64 (NaNs with payloads, infinities, -0.0, subnormals),
//! strings whose UTF-8 byte length sits on the fixstr/str8/str16/str32
//! boundaries (multi-byte characters included), binaries, arrays and maps at
//! the fix/16/32-bit header boundaries, maps with keys of every type
//! (arrays and maps as keys too), ext items of every fixext size and ext
//! 8/16/32, and timestamps (ext -1) in their 32/64/96-bit layouts. For each:
//!
//! - our bytes equal `rmpv::encode::write_value` of the same rmpv value, and
//!   rmp-serde's serialisation of that rmpv value (both write smallest forms,
//!   and neither changes a float's width: no difference was found);
//! - rmpv (`read_value`, `read_value_ref`, and through serde with
//!   `rmp_serde::from_slice`) decodes our bytes to the same value, and we
//!   decode rmpv's bytes to the same value (`Value` and `ValueRef`), floats
//!   compared by their bits;
//! - timestamps: our payload is the one the spec's algorithm gives (rmpv has
//!   no timestamp type; to it they are ext -1 items like any other).
//!
//! Typed: structs and enums deriving both serde's traits and `MsgPack`, in
//! map form (against `rmp_serde::to_vec_named`) and array form (against
//! `rmp_serde::to_vec`), filled with random field values: the same bytes,
//! and each side decodes the other's output to an equal value. Fixed-value
//! cases of the same rules (and the two documented differences: `u128`, and
//! `Vec<u8>` without `serde_bytes`) are in `msgpack-derive/tests/rmp_serde.rs`;
//! here byte buffers use a local `serde_bytes`-like `with` module.

use msgpack_core::{Encode, Ext};
use msgpack_core::{Timestamp, Value, ValueRef, from_slice, to_vec};

// ---------------------------------------------------------------------------
// Deterministic generator

/// xorshift64* (Vigna): small, fast, and the same sequence on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (n > 0; the modulo bias is irrelevant here).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `num / den`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// Integer format boundaries (each is also tried +-1 and +-2).
const INT_BOUNDS: [i128; 22] = [
    0,
    127,
    128,
    255,
    256,
    65535,
    65536,
    (1 << 32) - 1,
    1 << 32,
    i64::MAX as i128,
    1 << 63,
    u64::MAX as i128,
    -1,
    -32,
    -33,
    -128,
    -129,
    -32768,
    -32769,
    -(1 << 31),
    -(1 << 31) - 1,
    i64::MIN as i128,
];

/// Byte lengths of strings, binaries and ext payloads around the 8-bit
/// boundaries (fixstr 31/32, str8/bin8/ext8 255/256) and the fixext sizes.
const SMALL_LENS: [usize; 27] =
    [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 18, 30, 31, 32, 33, 100, 253, 254, 255, 256, 257, 258, 1000, 4095, 4096];
/// Around the 16-bit boundary; rare (each such item is 64 KiB).
const BIG_LENS: [usize; 4] = [65534, 65535, 65536, 65537];

/// Characters by UTF-8 width: 1, 2, 3 and 4 bytes (with the extremes of each).
const CHARS: [&[char]; 4] = [
    &['a', 'Z', '0', ' ', '\0', '\t', '"', '\\', '\x7f', '~'],
    &['\u{80}', '\u{e9}', '\u{3b1}', '\u{416}', '\u{5d0}', '\u{7ff}'],
    &['\u{800}', '\u{2028}', '\u{65e5}', '\u{672c}', '\u{d7ff}', '\u{e000}', '\u{feff}', '\u{ffff}'],
    &['\u{10000}', '\u{1f600}', '\u{1f64f}', '\u{20000}', '\u{10ffff}'],
];

/// Timestamp seconds on the layout boundaries: 32-bit up to 2^32-1 (no
/// nanoseconds), 64-bit up to 2^34-1, 96-bit for the rest and negatives.
const TS_SECS: [i64; 11] =
    [0, 1, (1 << 32) - 1, 1 << 32, (1 << 34) - 1, 1 << 34, -1, -(1 << 31), 1_700_000_000, i64::MAX, i64::MIN];

struct Gen {
    rng: Rng,
    /// Nodes still allowed in the current value (keeps values small).
    budget: i64,
}

impl Gen {
    fn int(&mut self) -> Value {
        let r = &mut self.rng;
        let n: i128 = match r.below(10) {
            0..=3 => (r.pick(&INT_BOUNDS) + r.below(5) as i128 - 2).clamp(i64::MIN as i128, u64::MAX as i128),
            4 => r.below(128) as i128,
            5 => -(r.below(32) as i128) - 1,
            6 => (r.next() >> r.below(64)) as i128,
            7 => (r.next() as i64 >> r.below(64)) as i128,
            8 => r.next() as i128,
            _ => r.next() as i64 as i128,
        };
        Value::Int(n.try_into().unwrap())
    }

    fn f32(&mut self) -> f32 {
        let r = &mut self.rng;
        match r.below(4) {
            0 => r.pick(&[
                0.0,
                -0.0,
                1.0,
                -1.5,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::NAN,
                f32::MAX,
                f32::MIN,
                f32::MIN_POSITIVE,
                f32::EPSILON,
                f32::from_bits(1),           // smallest subnormal
                f32::from_bits(0x7fc0_0001), // quiet NaN with a payload
                f32::from_bits(0x7f80_0001), // signalling NaN
                f32::from_bits(0xffc0_0000), // negative NaN
            ]),
            1 => (r.next() as i32 >> r.below(32)) as f32,
            _ => f32::from_bits(r.next() as u32),
        }
    }

    fn f64(&mut self) -> f64 {
        let r = &mut self.rng;
        match r.below(4) {
            0 => r.pick(&[
                0.0,
                -0.0,
                1.0,
                0.1,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NAN,
                f64::MAX,
                f64::MIN,
                f64::MIN_POSITIVE,
                f64::from_bits(1),
                f64::from_bits(0x7ff8_0000_0000_0123),
                f64::from_bits(0x7ff0_0000_0000_0001),
                f64::from_bits(0xfff8_0000_0000_0000),
                18446744073709551616.0, // 2^64: an integral float outside u64
            ]),
            1 => (r.next() as i64 >> r.below(64)) as f64,
            _ => f64::from_bits(r.next()),
        }
    }

    fn len(&mut self) -> usize {
        match self.rng.below(150) {
            0 => self.rng.pick(&BIG_LENS),
            1..=40 => self.rng.below(40) as usize,
            _ => self.rng.pick(&SMALL_LENS),
        }
    }

    /// A string of exactly `n` UTF-8 bytes, mostly of one character width.
    fn text(&mut self, n: usize) -> String {
        let r = &mut self.rng;
        let width = r.below(5) as usize; // 4: any width
        let mut s = String::with_capacity(n);
        while s.len() < n {
            let pool = CHARS[if width == 4 { r.below(4) as usize } else { width }];
            let c = r.pick(pool);
            s.push(if s.len() + c.len_utf8() <= n { c } else { 'x' });
        }
        assert_eq!(s.len(), n);
        s
    }

    fn timestamp(&mut self) -> Timestamp {
        let r = &mut self.rng;
        let secs = r.pick(&TS_SECS).saturating_add(r.below(3) as i64 - 1);
        let nanos = match r.below(5) {
            0 | 1 => 0,
            2 => 1,
            3 => 999_999_999,
            _ => r.below(1_000_000_000) as u32,
        };
        Timestamp::new(secs, nanos).unwrap()
    }

    fn scalar(&mut self) -> Value {
        match self.rng.below(20) {
            0 => Value::Nil,
            1 => Value::Bool(self.rng.chance(1, 2)),
            2..=6 => self.int(),
            7 | 8 => Value::F32(self.f32()),
            9 | 10 => Value::F64(self.f64()),
            11..=13 => {
                let n = self.len();
                Value::Str(self.text(n))
            }
            14 | 15 => {
                let n = self.len();
                Value::Bin(self.rng.bytes(n))
            }
            16 | 17 => {
                // Any type id, -1 included: a `Value` keeps ext -1 as raw bytes, valid timestamp or not.
                let ty = self.rng.next() as i8;
                let n = if self.rng.chance(1, 2) { self.rng.pick(&[1, 2, 4, 8, 16]) } else { self.len() };
                Value::Ext(Ext::new(ty, self.rng.bytes(n)))
            }
            _ => Value::from(self.timestamp()),
        }
    }

    fn container_len(&mut self) -> usize {
        let r = &mut self.rng;
        match r.below(20) {
            0 | 1 => r.pick(&[15, 16, 17]),
            _ => r.below(8) as usize,
        }
    }

    fn value(&mut self, depth: usize) -> Value {
        if depth >= 8 || self.budget <= 0 || !self.rng.chance(1, 3) {
            return self.scalar();
        }
        let n = self.container_len();
        self.budget -= n as i64 + 1;
        if self.rng.chance(1, 2) {
            Value::Array((0..n).map(|_| self.value(depth + 1)).collect())
        } else {
            // Any key type: scalars mostly, arrays and maps too (rmpv and we both allow them).
            Value::Map((0..n).map(|_| (self.value(depth + 2), self.value(depth + 1))).collect())
        }
    }

    /// A top-level value, a container most of the time.
    fn top(&mut self) -> Value {
        self.budget = if self.rng.chance(1, 10) { 80 } else { 20 };
        if self.rng.chance(1, 10) {
            return self.scalar();
        }
        loop {
            let v = self.value(0);
            if matches!(v, Value::Array(_) | Value::Map(_)) {
                return v;
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Conversions and comparison

fn to_rmpv(v: &Value) -> rmpv::Value {
    match v {
        Value::Nil => rmpv::Value::Nil,
        Value::Bool(b) => rmpv::Value::Boolean(*b),
        Value::Int(i) => match (i.as_u64(), i.as_i64()) {
            (Some(u), _) => rmpv::Value::from(u),
            (None, Some(n)) => rmpv::Value::from(n),
            (None, None) => unreachable!("{i}"),
        },
        Value::F32(x) => rmpv::Value::F32(*x),
        Value::F64(x) => rmpv::Value::F64(*x),
        Value::Str(s) => rmpv::Value::String(s.clone().into()),
        Value::Bin(b) => rmpv::Value::Binary(b.clone()),
        Value::Array(items) => rmpv::Value::Array(items.iter().map(to_rmpv).collect()),
        Value::Map(entries) => rmpv::Value::Map(entries.iter().map(|(k, v)| (to_rmpv(k), to_rmpv(v))).collect()),
        Value::Ext(x) => rmpv::Value::Ext(x.ty, x.data.clone()),
    }
}

fn from_rmpv(v: &rmpv::Value) -> Value {
    match v {
        rmpv::Value::Nil => Value::Nil,
        rmpv::Value::Boolean(b) => Value::Bool(*b),
        rmpv::Value::Integer(i) => match (i.as_u64(), i.as_i64()) {
            (Some(u), _) => Value::from(u),
            (None, Some(n)) => Value::from(n),
            (None, None) => unreachable!("{i}"),
        },
        rmpv::Value::F32(x) => Value::F32(*x),
        rmpv::Value::F64(x) => Value::F64(*x),
        rmpv::Value::String(s) => Value::Str(s.as_str().expect("rmpv read invalid UTF-8").to_owned()),
        rmpv::Value::Binary(b) => Value::Bin(b.clone()),
        rmpv::Value::Array(items) => Value::Array(items.iter().map(from_rmpv).collect()),
        rmpv::Value::Map(entries) => Value::Map(entries.iter().map(|(k, v)| (from_rmpv(k), from_rmpv(v))).collect()),
        rmpv::Value::Ext(ty, data) => Value::Ext(Ext::new(*ty, data.clone())),
    }
}

use crate::common::same;
use same::same;

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The first differing offset of two byte strings, with a little context.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let at = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    let from = at.saturating_sub(8);
    format!(
        "lengths {} / {}, first difference at byte {at}: ours ..{} theirs ..{}",
        a.len(),
        b.len(),
        hex(&a[from..a.len().min(at + 16)]),
        hex(&b[from..b.len().min(at + 16)])
    )
}

/// The ext -1 payload for `(secs, nanos)` by the spec's algorithm, written
/// independently of `msgpack_core::Timestamp`.
fn spec_timestamp_payload(secs: i64, nanos: u32) -> Vec<u8> {
    if secs >= 0 && secs >> 34 == 0 {
        let v = ((nanos as u64) << 34) | secs as u64;
        if v >> 32 == 0 { (v as u32).to_be_bytes().to_vec() } else { v.to_be_bytes().to_vec() }
    } else {
        let mut p = nanos.to_be_bytes().to_vec();
        p.extend_from_slice(&secs.to_be_bytes());
        p
    }
}

/// Every check of one value. Returns the number of bytes compared.
fn check(v: &Value, what: &str) -> usize {
    // Encoding: ours, rmpv's, and rmp-serde's (of the rmpv value, through serde).
    let ours = to_vec(v).unwrap();
    assert_eq!(v.encoded_len(), ours.len(), "{what}: encoded_len");
    let r = to_rmpv(v);
    let mut theirs = Vec::new();
    rmpv::encode::write_value(&mut theirs, &r).unwrap();
    assert!(ours == theirs, "{what}: ours vs rmpv::encode::write_value: {}", first_difference(&ours, &theirs));
    let serde_bytes = rmp_serde::to_vec(&r).unwrap();
    assert!(ours == serde_bytes, "{what}: ours vs rmp_serde::to_vec(rmpv): {}", first_difference(&ours, &serde_bytes));

    // rmpv reads our bytes, owned and borrowed, and so does rmp-serde.
    let mut rd = &ours[..];
    let back = rmpv::decode::read_value(&mut rd).unwrap_or_else(|e| panic!("{what}: rmpv read_value: {e}"));
    assert!(rd.is_empty(), "{what}: rmpv left {} bytes", rd.len());
    assert!(same(&from_rmpv(&back), v), "{what}: rmpv read_value of our bytes differs");
    let mut rd = &ours[..];
    let back_ref = rmpv::decode::read_value_ref(&mut rd).unwrap_or_else(|e| panic!("{what}: rmpv read_value_ref: {e}"));
    assert!(rd.is_empty(), "{what}: rmpv (ref) left {} bytes", rd.len());
    assert!(same(&from_rmpv(&back_ref.to_owned()), v), "{what}: rmpv read_value_ref of our bytes differs");
    let via_serde: rmpv::Value =
        rmp_serde::from_slice(&ours).unwrap_or_else(|e| panic!("{what}: rmp_serde::from_slice::<rmpv::Value>: {e}"));
    assert!(same(&from_rmpv(&via_serde), v), "{what}: rmp-serde's decode of our bytes differs");

    // We read rmpv's bytes (equal to ours, but decoded independently of our encoder).
    let got: Value = from_slice(&theirs).unwrap_or_else(|e| panic!("{what}: our Value decode: {e}"));
    assert!(same(&got, v), "{what}: our Value decode of rmpv's bytes differs");
    let got_ref: ValueRef = from_slice(&theirs).unwrap_or_else(|e| panic!("{what}: our ValueRef decode: {e}"));
    assert!(same(&Value::from(got_ref.clone()), v), "{what}: our ValueRef decode of rmpv's bytes differs");
    assert_eq!(to_vec(&got_ref).unwrap(), theirs, "{what}: ValueRef re-encoding");
    ours.len()
}

/// Counts the marker byte of every item in `rd` (a minimal walker written
/// from the spec's format table, independent of both implementations).
fn walk_markers(rd: &mut &[u8], seen: &mut [usize; 256]) {
    fn be(rd: &mut &[u8], n: usize) -> usize {
        let v = rd[..n].iter().fold(0usize, |a, &b| (a << 8) | b as usize);
        *rd = &rd[n..];
        v
    }
    let m = rd[0];
    *rd = &rd[1..];
    seen[m as usize] += 1;
    let (items, skip) = match m {
        0x00..=0x7f | 0xe0..=0xff | 0xc0 | 0xc2 | 0xc3 => (0, 0),
        0x80..=0x8f => (2 * (m & 0x0f) as usize, 0),
        0x90..=0x9f => ((m & 0x0f) as usize, 0),
        0xa0..=0xbf => (0, (m & 0x1f) as usize),
        0xc4 | 0xd9 => (0, be(rd, 1)),
        0xc5 | 0xda => (0, be(rd, 2)),
        0xc6 | 0xdb => (0, be(rd, 4)),
        0xc7 => (0, be(rd, 1) + 1),
        0xc8 => (0, be(rd, 2) + 1),
        0xc9 => (0, be(rd, 4) + 1),
        0xca => (0, 4),
        0xcb => (0, 8),
        0xcc | 0xd0 => (0, 1),
        0xcd | 0xd1 => (0, 2),
        0xce | 0xd2 => (0, 4),
        0xcf | 0xd3 => (0, 8),
        0xd4 => (0, 2),
        0xd5 => (0, 3),
        0xd6 => (0, 5),
        0xd7 => (0, 9),
        0xd8 => (0, 17),
        0xdc => (be(rd, 2), 0),
        0xdd => (be(rd, 4), 0),
        0xde => (2 * be(rd, 2), 0),
        0xdf => (2 * be(rd, 4), 0),
        0xc1 => panic!("0xc1 written"),
    };
    *rd = &rd[skip..];
    for _ in 0..items {
        walk_markers(rd, seen);
    }
}

const CASES: usize = 8000;

#[test]
fn random_values_match_rmpv_byte_for_byte() {
    let mut g = Gen { rng: Rng::new(0x5eed_0006_d1ff_0001), budget: 0 };
    // What the values reached, to show the generator covers what it claims.
    let (mut values, mut bytes, mut markers) = (0, 0, [0usize; 256]);
    for case in 0..CASES {
        let v = g.top();
        bytes += check(&v, &format!("case {case}"));
        let encoded = to_vec(&v).unwrap();
        let mut rd = &encoded[..];
        walk_markers(&mut rd, &mut markers);
        assert!(rd.is_empty());
        values += 1;
    }
    // Every format was produced, except 0xc1 (never used) and array 32 / map 32
    // (65536 items: `boundary_values_match_rmpv_byte_for_byte` has them).
    let m = &markers;
    let missing: Vec<String> = (0..=255usize)
        .filter(|&b| ![0xc1, 0xdd, 0xdf].contains(&b) && !(0x00..=0x7f).contains(&b) && !(0xe0..=0xff).contains(&b))
        .filter(|&b| !(0x80..=0x8f).contains(&b) && !(0x90..=0x9f).contains(&b) && !(0xa0..=0xbf).contains(&b))
        .filter(|&b| m[b] == 0)
        .map(|b| format!("{b:02x}"))
        .collect();
    assert!(missing.is_empty(), "markers never produced: {missing:?}");
    for (lo, hi, what) in [(0x00, 0x7f, "positive fixint"), (0xe0, 0xff, "negative fixint")] {
        assert!((lo..=hi).all(|b| m[b] > 0), "not every {what}");
    }
    for (lo, hi, what) in [(0x80, 0x8f, "fixmap"), (0x90, 0x9f, "fixarray"), (0xa0, 0xbf, "fixstr")] {
        // At least half of the sizes.
        assert!(2 * (lo..=hi).filter(|&b| m[b] > 0).count() > hi - lo, "few {what} sizes");
    }
    for (b, what) in [(0x8f, "fixmap 15"), (0x9f, "fixarray 15"), (0xbf, "fixstr 31")] {
        assert!(m[b] > 0, "no {what}");
    }
    assert_eq!(values, CASES);
    eprintln!("{values} values, {bytes} bytes compared");
}

/// Values chosen for their boundaries rather than drawn at random: every
/// container header at 15/16 and 65535/65536 items, strings of exactly
/// 31/32, 255/256, 65535/65536 UTF-8 bytes in each character width, bin
/// and ext payloads at every length boundary, timestamps at every layout
/// boundary, and nesting 200 levels deep.
#[test]
fn boundary_values_match_rmpv_byte_for_byte() {
    let mut g = Gen { rng: Rng::new(0xb0_da1e), budget: 0 };
    let mut values = Vec::new();
    for n in [0usize, 1, 15, 16, 17, 255, 256, 65535, 65536] {
        values.push(Value::Array((0..n).map(|i| Value::from(i as u64 % 200)).collect()));
        values.push(Value::Map((0..n).map(|i| (Value::from(i as u64), Value::Nil)).collect()));
    }
    for n in [0usize, 1, 30, 31, 32, 33, 254, 255, 256, 257, 65534, 65535, 65536, 65537] {
        for pool in CHARS {
            // Exactly n bytes of one character width, padded with ASCII where a wide character would not fit.
            let mut s = String::new();
            while s.len() < n {
                let c = g.rng.pick(pool);
                s.push(if s.len() + c.len_utf8() <= n { c } else { 'x' });
            }
            values.push(Value::Str(s));
        }
        values.push(Value::Bin(g.rng.bytes(n)));
    }
    for n in [0usize, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 255, 256, 65535, 65536] {
        for ty in [i8::MIN, -2, -1, 0, 1, i8::MAX] {
            values.push(Value::Ext(Ext::new(ty, g.rng.bytes(n))));
        }
    }
    for secs in TS_SECS {
        for d in [-1i64, 0, 1] {
            for nanos in [0, 1, 999_999_999] {
                let secs = secs.saturating_add(d);
                let ts = Timestamp::new(secs, nanos).unwrap();
                let v = Value::from(ts);
                let Value::Ext(x) = &v else { panic!("{ts}: not an ext") };
                assert_eq!((x.ty, &x.data), (-1, &spec_timestamp_payload(secs, nanos)), "{ts}");
                assert_eq!(to_vec(&ts).unwrap(), to_vec(&v).unwrap(), "{ts}");
                values.push(v);
            }
        }
    }
    let mut deep = Value::from(1u8);
    for i in 0..200 {
        deep = if i % 2 == 0 { Value::Array(vec![deep]) } else { Value::Map(vec![(Value::Nil, deep)]) };
    }
    values.push(deep);
    for (i, v) in values.iter().enumerate() {
        check(v, &format!("boundary value {i}"));
    }
}

/// Timestamps from the random generator: our `Value::from(Timestamp)` and
/// `Timestamp` encoding against the spec's layout rules.
#[test]
fn random_timestamps_use_the_spec_layout() {
    let mut g = Gen { rng: Rng::new(0x7157), budget: 0 };
    for _ in 0..2000 {
        let ts = if g.rng.chance(1, 2) {
            g.timestamp()
        } else {
            Timestamp::new(g.rng.next() as i64 >> g.rng.below(64), g.rng.below(1_000_000_000) as u32).unwrap()
        };
        let payload = spec_timestamp_payload(ts.secs(), ts.nanos());
        assert_eq!(Value::from(ts), Value::Ext(Ext::new(-1, payload.clone())), "{ts}");
        let bytes = to_vec(&ts).unwrap();
        let mut expected = Vec::new();
        rmpv::encode::write_value(&mut expected, &rmpv::Value::Ext(-1, payload)).unwrap();
        assert_eq!(hex(&bytes), hex(&expected), "{ts}");
        assert_eq!(from_slice::<Timestamp>(&expected).unwrap(), ts);
    }
}

// ---------------------------------------------------------------------------
// Typed: serde + MsgPack dual-derived types

/// `serde_bytes`-like: `Vec<u8>` as `bin` on the serde side (our side
/// writes `Vec<u8>` as `bin` already).
mod bin_serde {
    use serde::{Deserializer, Serializer, de};
    use std::fmt;

    pub(crate) fn serialize<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(v)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = Vec<u8>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
                Ok(v.to_vec())
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut a: A) -> Result<Vec<u8>, A::Error> {
                let mut out = Vec::new();
                while let Some(b) = a.next_element()? {
                    out.push(b);
                }
                Ok(out)
            }
        }
        d.deserialize_byte_buf(V)
    }
}

/// One family of types, in map form (`map`) or array form (`array`), with a
/// random constructor. Floats are never NaN here (so that `PartialEq`
/// compares them; NaNs are covered by the `Value` tests above).
macro_rules! family {
    ($m:ident, $form:ident) => {
        mod $m {
            use super::{Gen, bin_serde};
            use msgpack_core::MsgPack;
            use serde::{Deserialize, Serialize};
            use std::collections::BTreeMap;

            #[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
            #[msgpack($form)]
            pub(crate) struct Scalars {
                pub(crate) b: bool,
                pub(crate) u8_: u8,
                pub(crate) u16_: u16,
                pub(crate) u32_: u32,
                pub(crate) u64_: u64,
                pub(crate) i8_: i8,
                pub(crate) i16_: i16,
                pub(crate) i32_: i32,
                pub(crate) i64_: i64,
                pub(crate) usize_: usize,
                pub(crate) isize_: isize,
                pub(crate) f32_: f32,
                pub(crate) f64_: f64,
                pub(crate) c: char,
                pub(crate) s: String,
                pub(crate) unit: (),
            }

            #[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
            #[msgpack($form)]
            pub(crate) struct Point {
                pub(crate) x: i32,
                pub(crate) y: i64,
            }

            #[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
            pub(crate) struct Meters(pub(crate) f64);

            #[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
            pub(crate) struct Pair(pub(crate) u16, pub(crate) String);

            #[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
            pub(crate) struct Unit;

            #[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
            #[msgpack($form)]
            pub(crate) enum Kind {
                Empty,
                Other,
                New(u32),
                Tup(i8, String),
                Rec { id: u64, name: String, at: Option<Point> },
            }

            #[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
            #[msgpack($form)]
            pub(crate) struct Record {
                pub(crate) id: u64,
                pub(crate) name: String,
                pub(crate) scalars: Scalars,
                pub(crate) score: Option<f64>,
                pub(crate) tags: Vec<String>,
                pub(crate) point: Point,
                pub(crate) points: Vec<Point>,
                pub(crate) attrs: BTreeMap<String, i64>,
                pub(crate) by_id: BTreeMap<u32, Option<String>>,
                #[serde(with = "bin_serde")]
                pub(crate) data: Vec<u8>,
                pub(crate) kind: Kind,
                pub(crate) kinds: Vec<Kind>,
                pub(crate) pair: Pair,
                pub(crate) meters: Meters,
                pub(crate) unit: Unit,
                pub(crate) tuple: (u8, i64, String),
                pub(crate) children: Vec<Record>,
            }

            fn scalars(g: &mut Gen) -> Scalars {
                Scalars {
                    b: g.rng.chance(1, 2),
                    u8_: g.typed_int(0, u8::MAX as i128) as u8,
                    u16_: g.typed_int(0, u16::MAX as i128) as u16,
                    u32_: g.typed_int(0, u32::MAX as i128) as u32,
                    u64_: g.typed_int(0, u64::MAX as i128) as u64,
                    i8_: g.typed_int(i8::MIN as i128, i8::MAX as i128) as i8,
                    i16_: g.typed_int(i16::MIN as i128, i16::MAX as i128) as i16,
                    i32_: g.typed_int(i32::MIN as i128, i32::MAX as i128) as i32,
                    i64_: g.typed_int(i64::MIN as i128, i64::MAX as i128) as i64,
                    usize_: g.typed_int(0, usize::MAX as i128) as usize,
                    isize_: g.typed_int(isize::MIN as i128, isize::MAX as i128) as isize,
                    f32_: g.typed_f32(),
                    f64_: g.typed_f64(),
                    c: {
                        let n = g.rng.below(5) as usize;
                        g.text(n).chars().next().unwrap_or('\u{10ffff}')
                    },
                    s: g.typed_text(),
                    unit: (),
                }
            }

            fn point(g: &mut Gen) -> Point {
                Point {
                    x: g.typed_int(i32::MIN as i128, i32::MAX as i128) as i32,
                    y: g.typed_int(i64::MIN as i128, i64::MAX as i128) as i64,
                }
            }

            fn kind(g: &mut Gen) -> Kind {
                match g.rng.below(5) {
                    0 => Kind::Empty,
                    1 => Kind::Other,
                    2 => Kind::New(g.typed_int(0, u32::MAX as i128) as u32),
                    3 => Kind::Tup(g.typed_int(-128, 127) as i8, g.typed_text()),
                    _ => Kind::Rec {
                        id: g.typed_int(0, u64::MAX as i128) as u64,
                        name: g.typed_text(),
                        at: if g.rng.chance(1, 2) { Some(point(g)) } else { None },
                    },
                }
            }

            pub(crate) fn record(g: &mut Gen, depth: usize) -> Record {
                let n = |g: &mut Gen| g.rng.pick(&[0usize, 0, 1, 2, 3, 15, 16, 17]);
                let (tags, points, attrs, by_id, kinds) = (n(g), n(g), n(g), n(g), n(g));
                Record {
                    id: g.typed_int(0, u64::MAX as i128) as u64,
                    name: g.typed_text(),
                    scalars: scalars(g),
                    score: if g.rng.chance(1, 3) { None } else { Some(g.typed_f64()) },
                    tags: (0..tags).map(|_| g.typed_text()).collect(),
                    point: point(g),
                    points: (0..points).map(|_| point(g)).collect(),
                    attrs: (0..attrs)
                        .map(|_| (g.typed_text(), g.typed_int(i64::MIN as i128, i64::MAX as i128) as i64))
                        .collect(),
                    by_id: (0..by_id)
                        .map(|_| {
                            let v = if g.rng.chance(1, 3) { None } else { Some(g.typed_text()) };
                            (g.typed_int(0, u32::MAX as i128) as u32, v)
                        })
                        .collect(),
                    data: {
                        let len = g.rng.pick(&[0usize, 1, 16, 255, 256, 1000]);
                        g.rng.bytes(len)
                    },
                    kind: kind(g),
                    kinds: (0..kinds).map(|_| kind(g)).collect(),
                    pair: Pair(g.typed_int(0, u16::MAX as i128) as u16, g.typed_text()),
                    meters: Meters(g.typed_f64()),
                    unit: Unit,
                    tuple: (
                        g.typed_int(0, 255) as u8,
                        g.typed_int(i64::MIN as i128, i64::MAX as i128) as i64,
                        g.typed_text(),
                    ),
                    children: if depth < 2 && g.rng.chance(1, 4) {
                        (0..g.rng.below(3)).map(|_| record(g, depth + 1)).collect()
                    } else {
                        Vec::new()
                    },
                }
            }
        }
    };
}

family!(map_form, map);
family!(array_form, array);

impl Gen {
    /// An integer in `lo..=hi`: a format boundary (+-2) inside the range, the
    /// range's ends, or a random value of a random width.
    fn typed_int(&mut self, lo: i128, hi: i128) -> i128 {
        let r = &mut self.rng;
        let n = match r.below(4) {
            0 => r.pick(&INT_BOUNDS) + r.below(5) as i128 - 2,
            1 => r.pick(&[lo, hi, 0]),
            2 => (r.next() >> r.below(64)) as i128,
            _ => (r.next() as i64 >> r.below(64)) as i128,
        };
        if (lo..=hi).contains(&n) { n } else { lo + n.rem_euclid(hi - lo + 1) }
    }

    fn typed_f32(&mut self) -> f32 {
        let x = self.f32();
        if x.is_nan() { f32::NEG_INFINITY } else { x }
    }

    fn typed_f64(&mut self) -> f64 {
        let x = self.f64();
        if x.is_nan() { -0.0 } else { x }
    }

    fn typed_text(&mut self) -> String {
        let n = self.rng.pick(&[0usize, 1, 5, 31, 32, 33, 255, 256]);
        self.text(n)
    }
}

/// The typed checks of one value: ours against `theirs_bytes`, and each side
/// decodes the other's output to an equal value.
fn check_typed<T>(value: &T, theirs_bytes: Vec<u8>, what: &str) -> usize
where
    T: Encode
        + for<'de> msgpack_core::Decode<'de>
        + serde::Serialize
        + serde::de::DeserializeOwned
        + PartialEq
        + std::fmt::Debug,
{
    let ours = to_vec(value).unwrap();
    assert_eq!(value.encoded_len(), ours.len(), "{what}: encoded_len");
    assert!(ours == theirs_bytes, "{what}: ours vs rmp-serde: {}\n{value:?}", first_difference(&ours, &theirs_bytes));
    let back: T = from_slice(&theirs_bytes).unwrap_or_else(|e| panic!("{what}: our decode of rmp-serde's bytes: {e}"));
    assert_eq!(&back, value, "{what}: our decode of rmp-serde's bytes");
    let back: T =
        rmp_serde::from_slice(&ours).unwrap_or_else(|e| panic!("{what}: rmp-serde's decode of our bytes: {e}"));
    assert_eq!(&back, value, "{what}: rmp-serde's decode of our bytes");
    // And the dynamic readers agree on the typed bytes too.
    let dynamic: Value = from_slice(&ours).unwrap();
    let rmpv_value = rmpv::decode::read_value(&mut &ours[..]).unwrap();
    assert!(same(&from_rmpv(&rmpv_value), &dynamic), "{what}: Value vs rmpv::Value of the typed bytes");
    ours.len()
}

const TYPED_CASES: usize = 600;

#[test]
fn random_typed_values_match_rmp_serde_named_map_form() {
    let mut g = Gen { rng: Rng::new(0x7e5_0a11), budget: 0 };
    let mut bytes = 0;
    for case in 0..TYPED_CASES {
        let r = map_form::record(&mut g, 0);
        bytes += check_typed(&r, rmp_serde::to_vec_named(&r).unwrap(), &format!("map form case {case}"));
        let k = r.kind.clone();
        check_typed(&k, rmp_serde::to_vec_named(&k).unwrap(), &format!("map form case {case} (kind)"));
    }
    eprintln!("{TYPED_CASES} map-form records, {bytes} bytes compared");
}

#[test]
fn random_typed_values_match_rmp_serde_array_form() {
    let mut g = Gen { rng: Rng::new(0x7e5_0a12), budget: 0 };
    let mut bytes = 0;
    for case in 0..TYPED_CASES {
        let r = array_form::record(&mut g, 0);
        bytes += check_typed(&r, rmp_serde::to_vec(&r).unwrap(), &format!("array form case {case}"));
        let k = r.kind.clone();
        check_typed(&k, rmp_serde::to_vec(&k).unwrap(), &format!("array form case {case} (kind)"));
    }
    eprintln!("{TYPED_CASES} array-form records, {bytes} bytes compared");
}
