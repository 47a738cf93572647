//! Our side of the matrix: the values we encode and send to every peer.
//!
//! Three parts, each encoded canonically (smallest forms) by msgpack-core:
//!
//! - `vectors`: the canonical interop vectors of
//!   `msgpack-core/tests/data/vectors.json` (made with msgpack-python);
//! - `boundaries`: the boundary values of `msgpack-core/tests/wire/spec_vectors.rs`
//!   (every format family's limits: integer widths, str / bin / array / map
//!   lengths, every ext length, timestamps at each layout boundary, float
//!   specials, NaN payloads, -0.0);
//! - `random`: seeded random nested values of every family, with non-string
//!   map keys, every ext length up to 300, timestamps around each layout
//!   boundary and floats including NaN payloads and -0.0.

use msgpack_core::{Ext, Timestamp, Value};

/// One value of the corpus.
#[derive(Clone, Debug)]
pub struct Item {
    /// Which part it comes from and its index or name (`boundaries/str 256`).
    pub name: String,
    /// The value.
    pub value: Value,
    /// Its canonical encoding.
    pub bytes: Vec<u8>,
}

fn item(name: String, value: Value) -> Item {
    let bytes = msgpack_core::to_vec(&value).expect("a Value always encodes into a Vec");
    Item { name, value, bytes }
}

/// The whole corpus: vectors, boundaries, then `random` random values from
/// `seed`.
///
/// ```
/// let corpus = msgpack_interop::corpus::corpus(2000, 1);
/// assert!(corpus.len() > 2500);
/// assert!(corpus.iter().any(|i| i.name == "boundaries/timestamp 2^34"));
/// ```
pub fn corpus(random: usize, seed: u64) -> Vec<Item> {
    let mut items = vectors();
    items.extend(boundaries());
    let mut rng = Rng(seed.max(1));
    items.extend((0..random).map(|i| item(format!("random/{i}"), rng.value(0))));
    items
}

/// The canonical vectors of `msgpack-core/tests/data/vectors.json`.
fn vectors() -> Vec<Item> {
    let doc: serde_json::Value =
        serde_json::from_str(include_str!("../../msgpack-core/tests/data/vectors.json")).expect("vectors.json is JSON");
    let mut items = Vec::new();
    for v in doc["vectors"].as_array().expect("a vectors array") {
        if v["canonical"] != serde_json::Value::Bool(true) {
            continue;
        }
        let hex = v["hex"].as_str().expect("hex");
        let bytes: Vec<u8> =
            (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect();
        let value: Value = msgpack_core::from_slice(&bytes).expect("a vector decodes");
        let it = item(format!("vectors/{}", v["name"].as_str().unwrap_or("?")), value);
        assert_eq!(it.bytes, bytes, "{}: a canonical vector re-encodes to its bytes", it.name);
        items.push(it);
    }
    items
}

fn ts(secs: i64, nanos: u32) -> Value {
    Value::from(Timestamp::new(secs, nanos).expect("nanoseconds below 10^9"))
}

/// Every format family at its limits.
fn boundaries() -> Vec<Item> {
    let mut v: Vec<(String, Value)> = Vec::new();
    for n in [0u64, 1, 127, 128, 255, 256, 65535, 65536, u32::MAX as u64, u32::MAX as u64 + 1, i64::MAX as u64] {
        v.push((format!("uint {n}"), Value::from(n)));
    }
    v.push(("uint u64::MAX".into(), Value::from(u64::MAX)));
    v.push(("uint i64::MAX+1".into(), Value::from(i64::MAX as u64 + 1)));
    for n in [-1i64, -31, -32, -33, -127, -128, -129, -32768, -32769, i32::MIN as i64, i32::MIN as i64 - 1, i64::MIN] {
        v.push((format!("int {n}"), Value::from(n)));
    }
    for n in [(1i64 << 53), (1i64 << 53) + 1, -(1i64 << 53) - 1] {
        v.push((format!("int 2^53 edge {n}"), Value::from(n)));
    }
    v.push(("nil".into(), Value::Nil));
    v.push(("true".into(), Value::Bool(true)));
    v.push(("false".into(), Value::Bool(false)));
    let f32s = [
        0.0f32,
        -0.0,
        1.5,
        -2.25,
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::MAX,
        f32::MIN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::from_bits(0x7fc0_0001),
        f32::from_bits(0xffc0_0000),
        f32::from_bits(0x7f80_0001),
    ];
    for x in f32s {
        v.push((format!("f32 0x{:08x}", x.to_bits()), Value::F32(x)));
    }
    let f64s = [
        0.0f64,
        -0.0,
        1.5,
        0.1,
        -1e300,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::from_bits(0x7ff8_0000_0000_0001),
        f64::from_bits(0xfff8_0000_0000_0000),
        f64::from_bits(0x7ff0_0000_0000_0001),
        9007199254740993.0,
        1.0,
    ];
    for x in f64s {
        v.push((format!("f64 0x{:016x}", x.to_bits()), Value::F64(x)));
    }
    for n in [0usize, 1, 31, 32, 255, 256, 65535, 65536] {
        v.push((format!("str {n}"), Value::from("x".repeat(n))));
    }
    v.push(("str multi-byte 255 bytes".into(), Value::from(format!("{}é", "é".repeat(127))))); // 256 bytes
    v.push(("str every plane".into(), Value::from("a\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}\0")));
    for n in [0usize, 1, 255, 256, 65535, 65536] {
        v.push((format!("bin {n}"), Value::from((0..n).map(|i| i as u8).collect::<Vec<u8>>())));
    }
    for n in [0usize, 15, 16, 65535, 65536] {
        v.push((format!("array {n}"), Value::Array((0..n).map(|i| Value::from(i as u64 % 200)).collect())));
    }
    for n in [0usize, 15, 16, 65535, 65536] {
        v.push((
            format!("map {n}"),
            Value::Map((0..n).map(|i| (Value::from(format!("k{i}")), Value::from(i as u64))).collect()),
        ));
    }
    for n in [0usize, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 255, 256, 65535, 65536] {
        for ty in [-128i8, -2, 0, 5, 127] {
            v.push((format!("ext {ty} len {n}"), Value::Ext(Ext::new(ty, (0..n).map(|i| (i * 7) as u8).collect()))));
        }
    }
    let stamps: [(&str, i64, u32); 12] = [
        ("0", 0, 0),
        ("2^32-1", (1 << 32) - 1, 0),
        ("2^32", 1 << 32, 0),
        ("1ns", 0, 1),
        ("2^34-1 max ns", (1 << 34) - 1, 999_999_999),
        ("2^34", 1 << 34, 0),
        ("-1", -1, 0),
        ("-1 max ns", -1, 999_999_999),
        ("i64::MIN", i64::MIN, 0),
        ("i64::MAX max ns", i64::MAX, 999_999_999),
        ("2024", 1_704_067_200, 0),
        ("2024 ns", 1_704_067_200, 123_456_789),
    ];
    for (name, s, n) in stamps {
        v.push((format!("timestamp {name}"), ts(s, n)));
    }
    v.push((
        "nested".into(),
        Value::Map(vec![
            (Value::from(1u8), Value::Array(vec![Value::Nil, Value::Map(vec![])])),
            (Value::Array(vec![Value::from("k")]), Value::from(-1i8)),
            (Value::Nil, Value::Bool(false)),
        ]),
    ));
    let mut deep = Value::Nil;
    for _ in 0..100 {
        deep = Value::Array(vec![deep]);
    }
    v.push(("depth 100".into(), deep));
    v.push((
        "duplicate keys".into(),
        Value::Map(vec![(Value::from("a"), Value::from(1u8)), (Value::from("a"), Value::from(2u8))]),
    ));
    v.into_iter().map(|(n, val)| item(format!("boundaries/{n}"), val)).collect()
}

/// xorshift64*: deterministic, so a failing value reproduces from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A number spread over every integer width.
    fn int(&mut self) -> Value {
        let bits = self.below(65) as u32;
        let magnitude = if bits == 0 { 0 } else { self.next() >> (64 - bits) };
        if self.below(2) == 0 { Value::from(magnitude) } else { Value::from(-((magnitude >> 1) as i64) - 1) }
    }

    fn string(&mut self) -> String {
        const PIECES: [&str; 10] = ["a", "Z", "0", " ", "\n", "é", "€", "😀", "\u{10ffff}", "\0"];
        let len = [0, 1, 5, 31, 32, 40][self.below(6) as usize];
        (0..len).map(|_| PIECES[self.below(PIECES.len() as u64) as usize]).collect()
    }

    fn bytes(&mut self, max: u64) -> Vec<u8> {
        let len = self.below(max + 1) as usize;
        (0..len).map(|_| self.next() as u8).collect()
    }

    fn float(&mut self) -> Value {
        match self.below(6) {
            0 => Value::F64(f64::from_bits(self.next())),
            1 => Value::F32(f32::from_bits(self.next() as u32)),
            2 => Value::F64([0.0, -0.0, f64::NAN, f64::INFINITY, 0.5][self.below(5) as usize]),
            3 => Value::F32([0.0f32, -0.0, f32::NAN, f32::NEG_INFINITY, 0.25][self.below(5) as usize]),
            4 => Value::F64((self.below(2001) as f64 - 1000.0) / 8.0),
            _ => Value::F32((self.below(2001) as f32 - 1000.0) / 4.0),
        }
    }

    fn timestamp(&mut self) -> Value {
        let edges = [0i64, 1 << 32, 1 << 34, -1, i64::MIN, i64::MAX];
        let base = edges[self.below(edges.len() as u64) as usize];
        let secs = base.wrapping_add(self.below(3) as i64 - 1);
        let nanos = [0u32, 1, 999_999_999, (self.next() % 1_000_000_000) as u32][self.below(4) as usize];
        ts(secs, nanos)
    }

    fn leaf(&mut self) -> Value {
        match self.below(10) {
            0 => Value::Nil,
            1 => Value::Bool(self.below(2) == 0),
            2 | 3 => self.int(),
            4 => self.float(),
            5 | 6 => Value::from(self.string()),
            7 => Value::from(self.bytes(40)),
            8 => {
                let ty = self.next() as i8;
                // Every fixext length, the lengths around ext 8's edge, and a few beyond it.
                let len = [0usize, 1, 2, 3, 4, 5, 8, 9, 16, 17, 255, 256, 300][self.below(13) as usize];
                let ty = if ty == -1 { 1 } else { ty };
                Value::Ext(Ext::new(ty, (0..len).map(|_| self.next() as u8).collect()))
            }
            _ => self.timestamp(),
        }
    }

    /// A value nested at most 4 levels below `depth` 0.
    fn value(&mut self, depth: u32) -> Value {
        if depth >= 4 || self.below(3) != 0 {
            return self.leaf();
        }
        let len = [0u64, 1, 3, 15, 16, 20][self.below(6) as usize];
        if self.below(2) == 0 {
            Value::Array((0..len).map(|_| self.value(depth + 1)).collect())
        } else {
            Value::Map(
                (0..len)
                    .map(|_| {
                        let key = if self.below(4) == 0 { self.value(depth + 1) } else { Value::from(self.string()) };
                        (key, self.value(depth + 1))
                    })
                    .collect(),
            )
        }
    }
}
