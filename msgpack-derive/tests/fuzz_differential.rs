//! A differential fuzz test against rmp-serde (issue 25): stable Rust,
//! seeded (the same inputs on every run), about a minute in the debug
//! profile, run by the README's test command.
//!
//! Dual-derived types, serde's attributes beside their `#[msgpack]`
//! spelling, cover every derive shape: a map-form struct (alias, default,
//! `Option`, byte buffer, nested structs), an array-form struct, external,
//! internal, adjacent and untagged enums, flatten with a catch-all map,
//! serde's spellings (one-sided skips, split `rename`, an `array`-form
//! struct with `rename` / `alias`), and
//! (ours alone: serde has no such variant) `other` holding `Raw` and
//! `Value`. For each type:
//!
//! - random values: our bytes equal rmp-serde's (`to_vec_named`, or
//!   `to_vec` for the array form) and each side reads the other's back;
//! - mutated encodings (bit flips, insertions, deletions, truncations,
//!   inflated lengths), grammar-built messages (maps and arrays whose keys
//!   and tags come from the types' vocabulary) and random bytes, decoded as
//!   every type, as `Value` and as `RawRef`, on a 2 MiB thread:
//!   - no panic;
//!   - an input we accept re-encodes, and reads back to the same bytes;
//!   - where rmp-serde accepts it too, the same value (compared by our
//!     encoding of both, so that NaNs compare);
//!   - where we refuse what rmp-serde accepts, the refusal is one of the
//!     deliberate categories the crate docs list ([`Refusal`]);
//!   - `RawRef` and `Value` agree on what is one well-formed value (`Value`
//!     also refuses invalid UTF-8 and nesting past its depth limit);
//!   - the allocation bound of the crate docs, checked with a counting
//!     allocator on every decode: peak live bytes at most 64·n + 4 KiB
//!     beyond twice the heap memory of the value returned.

#[path = "../../msgpack-core/tests/common/live_alloc.rs"]
mod live_alloc;
#[path = "../../msgpack-core/tests/common/rng.rs"]
mod rng;

use std::collections::BTreeMap;
use std::fmt::Debug;

use live_alloc::{bound, measure};
use msgpack_core::decode::{ErrorKind, Found};
use msgpack_core::{Decode, Encode, MsgPack, Raw, RawRef, Value};
use rng::Rng;
use serde::{Deserialize, Serialize, de::DeserializeOwned};

// ---- the types --------------------------------------------------------------------

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
struct Inner {
    x: i32,
    #[serde(default)]
    #[msgpack(default)]
    y: Option<u16>,
}

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
struct Rec {
    id: u32,
    #[serde(alias = "nm")]
    #[msgpack(alias = "nm")]
    name: String,
    #[serde(default)]
    #[msgpack(default)]
    tags: Vec<String>,
    score: Option<f64>,
    #[serde(with = "serde_bytes")]
    data: Vec<u8>,
    nested: Vec<Inner>,
}

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
#[msgpack(array)]
struct Row {
    a: u8,
    b: String,
    c: Vec<i16>,
    d: Option<bool>,
}

/// serde's spellings inside `#[msgpack]` (issue 27): one-sided skips, the
/// split `rename`, `skip_serializing_if`.
#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
struct Spelled {
    id: u32,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[msgpack(skip_serializing_if = "Option::is_none", default)]
    note: Option<String>,
    #[serde(skip_serializing, default)]
    #[msgpack(skip_serializing, default)]
    cache: u16,
    #[serde(skip_deserializing, default)]
    #[msgpack(skip_deserializing, default)]
    computed: u8,
    #[serde(rename(serialize = "kind", deserialize = "kind"))]
    #[msgpack(rename(serialize = "kind", deserialize = "kind"))]
    k: String,
}

/// An `array`-form struct with `rename` and `alias`: the keys it reads the
/// map form by (issue 27).
#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
#[msgpack(array)]
struct RowNamed {
    #[serde(rename = "type")]
    #[msgpack(rename = "type")]
    kind: u8,
    #[serde(alias = "nm")]
    #[msgpack(alias = "nm")]
    name: String,
}

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
enum External {
    Unit,
    One(i64),
    Pair(u8, String),
    Named { a: bool },
}

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
struct Circle {
    r: u8,
}

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
#[serde(tag = "kind")]
#[msgpack(tag = "kind")]
enum Internal {
    Empty,
    Round(Circle),
    Square { side: u16 },
}

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
#[serde(tag = "t", content = "c")]
#[msgpack(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    One(u8),
    Pair(u8, u8),
    Named { a: u8 },
}

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
#[serde(untagged)]
#[msgpack(untagged)]
enum Untagged {
    Int(i64),
    Text(String),
    Flag(bool),
    List(Vec<u16>),
    Obj { k: u8 },
}

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
struct Meta {
    id: u32,
    #[serde(default)]
    #[msgpack(default)]
    rev: u8,
}

#[derive(Serialize, Deserialize, MsgPack, Debug, Clone, PartialEq)]
struct Flat {
    name: String,
    #[serde(flatten)]
    #[msgpack(flatten)]
    meta: Meta,
    #[serde(flatten)]
    #[msgpack(flatten)]
    rest: BTreeMap<String, u32>,
}

/// Ours alone: the `other` variant keeps an unknown value.
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(tag = "type")]
enum OtherRaw {
    Ping {
        seq: u8,
    },
    #[msgpack(other)]
    Unknown(Raw),
}

#[derive(MsgPack, Debug, Clone, PartialEq)]
enum OtherValue {
    Ping(u8),
    #[msgpack(other)]
    Unknown(Value),
}

// ---- random values ----------------------------------------------------------------

const WORDS: &[&str] = &[
    "", "a", "b", "c", "k", "r", "t", "x", "y", "z", "id", "nm", "rev", "seq", "kind", "name", "tags", "side", "data",
    "type", "score", "nested", "Unit", "One", "Pair", "Named", "Empty", "Round", "Square", "Ping", "Zed", "é€",
];

impl Rng {
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn word(&mut self) -> String {
        WORDS[self.below(WORDS.len())].to_owned()
    }
    fn int(&mut self) -> i64 {
        match self.below(6) {
            0 => self.below(128) as i64,
            1 => -(self.below(33) as i64),
            2 => self.next() as i64,
            3 => [i64::MIN, i64::MAX, 127, 128, 255, 256, 65_535, 65_536, -32, -33, -129][self.below(11)],
            4 => (self.next() % 70_000) as i64 - 35_000,
            _ => self.below(300) as i64,
        }
    }
    fn f64(&mut self) -> f64 {
        match self.below(4) {
            0 => f64::from_bits(self.next()),
            1 => [0.0, -0.0, 1.5, f64::INFINITY, f64::MIN_POSITIVE][self.below(5)],
            _ => self.int() as f64 / 8.0,
        }
    }
    fn bytes(&mut self) -> Vec<u8> {
        let n = [0, 1, 3, 31, 32, 300][self.below(6)];
        (0..n).map(|_| self.next() as u8).collect()
    }
    fn inner(&mut self) -> Inner {
        Inner { x: self.int() as i32, y: self.chance(50).then(|| self.int() as u16) }
    }
    fn rec(&mut self) -> Rec {
        Rec {
            id: self.int() as u32,
            name: self.word(),
            tags: (0..self.below(4)).map(|_| self.word()).collect(),
            score: self.chance(60).then(|| self.f64()),
            data: self.bytes(),
            nested: (0..self.below(3)).map(|_| self.inner()).collect(),
        }
    }
    fn row(&mut self) -> Row {
        Row {
            a: self.int() as u8,
            b: self.word(),
            c: (0..self.below(5)).map(|_| self.int() as i16).collect(),
            d: [None, Some(true), Some(false)][self.below(3)],
        }
    }
    fn spelled(&mut self) -> Spelled {
        Spelled {
            id: self.int() as u32,
            note: self.chance(50).then(|| self.word()),
            cache: self.int() as u16,
            // Written but never read: only its default survives a round trip.
            computed: 0,
            k: self.word(),
        }
    }
    fn row_named(&mut self) -> RowNamed {
        RowNamed { kind: self.int() as u8, name: self.word() }
    }
    fn external(&mut self) -> External {
        match self.below(4) {
            0 => External::Unit,
            1 => External::One(self.int()),
            2 => External::Pair(self.int() as u8, self.word()),
            _ => External::Named { a: self.chance(50) },
        }
    }
    fn internal(&mut self) -> Internal {
        match self.below(3) {
            0 => Internal::Empty,
            1 => Internal::Round(Circle { r: self.int() as u8 }),
            _ => Internal::Square { side: self.int() as u16 },
        }
    }
    fn adjacent(&mut self) -> Adjacent {
        match self.below(4) {
            0 => Adjacent::Unit,
            1 => Adjacent::One(self.int() as u8),
            2 => Adjacent::Pair(self.int() as u8, self.int() as u8),
            _ => Adjacent::Named { a: self.int() as u8 },
        }
    }
    fn untagged(&mut self) -> Untagged {
        match self.below(5) {
            0 => Untagged::Int(self.int()),
            1 => Untagged::Text(self.word()),
            2 => Untagged::Flag(self.chance(50)),
            3 => Untagged::List((0..self.below(4)).map(|_| self.int() as u16).collect()),
            _ => Untagged::Obj { k: self.int() as u8 },
        }
    }
    fn flat(&mut self) -> Flat {
        let mut rest = BTreeMap::new();
        for _ in 0..self.below(3) {
            let k = self.word();
            if !["name", "id", "rev"].contains(&k.as_str()) {
                rest.insert(k, self.int() as u32);
            }
        }
        Flat { name: self.word(), meta: Meta { id: self.int() as u32, rev: self.int() as u8 }, rest }
    }

    /// A random message built from the grammar: maps keyed by the types'
    /// words (tags among them), arrays, scalars of every kind.
    fn message(&mut self, depth: usize) -> Value {
        let leaf = depth == 0 || self.chance(35);
        if leaf {
            return match self.below(9) {
                0 => Value::Nil,
                1 => Value::Bool(self.chance(50)),
                2 | 3 => Value::from(self.int()),
                4 => Value::F64(self.f64()),
                5 => Value::F32(self.f64() as f32),
                6 => Value::Bin(self.bytes()),
                _ => Value::from(self.word()),
            };
        }
        if self.chance(55) {
            let n = self.below(5);
            Value::Map((0..n).map(|_| (self.key(), self.message(depth - 1))).collect())
        } else {
            let n = self.below(5);
            Value::Array((0..n).map(|_| self.message(depth - 1)).collect())
        }
    }

    fn key(&mut self) -> Value {
        match self.below(12) {
            0 => Value::from(self.below(4) as u64),
            1 => Value::Bin(self.word().into_bytes()),
            _ => Value::from(self.word()),
        }
    }

    /// `input` changed in one to three places.
    fn mutate(&mut self, input: &[u8]) -> Vec<u8> {
        let mut v = input.to_vec();
        for _ in 0..1 + self.below(3) {
            let at = if v.is_empty() { 0 } else { self.below(v.len()) };
            match self.below(7) {
                0 if !v.is_empty() => v[at] ^= 1 << self.below(8),
                1 if !v.is_empty() => v[at] = self.next() as u8,
                2 => v.insert(at, [0xc0, 0xc1, 0x90, 0x80, 0xa0, 0xdc, 0xde, 0xff][self.below(8)]),
                3 if !v.is_empty() => {
                    v.remove(at);
                }
                4 => v.truncate(at),
                5 if !v.is_empty() => {
                    // A length prefix inflated: a 16-bit header claiming more.
                    v.splice(at..at, [[0xdc, 0xde, 0xd9][self.below(3)], 0x7f, 0xff]);
                }
                _ => v.extend_from_slice(&input[..input.len().min(self.below(8))]),
            }
        }
        v
    }
}

// ---- checks -----------------------------------------------------------------------

/// Why we refuse an input that rmp-serde accepts; the crate docs list
/// each as deliberate (`derive.md`, "Inputs refused on purpose").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Refusal {
    /// Bytes after the value (`from_slice` reads one whole message).
    TrailingBytes,
    /// A `bin` where a string is expected (`str_bin_compat` reads it).
    BinForStr,
    /// A `str` where a byte buffer is expected (`str_bin_compat` too).
    StrForBin,
    /// A field named by an integer (rmp-serde reads it as the index).
    IntegerKey,
    /// A key that appears twice.
    Duplicate,
    /// An internally tagged enum given as an array (serde reads a sequence
    /// as the tag, by name or index, then the fields by position): here
    /// its form is a map.
    TaggedAsArray,
    /// A `str` that is not UTF-8 (rmp-serde hands it to serde as bytes;
    /// where it is a key, what it then reads can be wrong: the seeded run
    /// found an adjacently tagged enum read as its first variant from a
    /// map without the tag).
    NotUtf8,
}

/// The category of our error `e` on `input`, if it is a deliberate one:
/// by the error itself, or else by what the first value of the input holds
/// (rmp-serde accepted it, so it is well formed): a `str` that is not
/// UTF-8, an integer key (which
/// rmp-serde takes for a field's index, here an unknown key: a field or
/// tag then missing), a `bin` (a string to rmp-serde), a repeated key.
fn refusal(e: &msgpack_core::decode::Error, input: &[u8]) -> Option<Refusal> {
    if let Some(r) = by_kind(e) {
        return Some(r);
    }
    let mut d = msgpack_core::Decoder::new(input);
    let first = match Value::decode(&mut d) {
        Ok(v) => v,
        Err(e) if e.kind() == &ErrorKind::InvalidUtf8 => return Some(Refusal::NotUtf8),
        Err(_) => return None,
    };
    let mut found: Option<Refusal> = None;
    visit(&first, &mut |v| {
        let r = match v {
            Value::Map(entries) => {
                let int_key = entries.iter().any(|(k, _)| matches!(k, Value::Int(_)));
                let mut keys: Vec<Vec<u8>> = entries.iter().map(|(k, _)| msgpack_core::to_vec(k).unwrap()).collect();
                keys.sort();
                let twice = keys.windows(2).any(|w| w[0] == w[1]);
                if int_key {
                    Some(Refusal::IntegerKey)
                } else if twice {
                    Some(Refusal::Duplicate)
                } else {
                    None
                }
            }
            Value::Bin(_) => Some(Refusal::BinForStr),
            _ => None,
        };
        found = match (found, r) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    });
    found
}

/// Calls `f` on `v` and every value inside it.
fn visit(v: &Value, f: &mut impl FnMut(&Value)) {
    f(v);
    match v {
        Value::Array(items) => items.iter().for_each(|x| visit(x, f)),
        Value::Map(entries) => entries.iter().for_each(|(k, x)| {
            visit(k, f);
            visit(x, f)
        }),
        _ => {}
    }
}

/// The category of our error `e` by its kind alone.
fn by_kind(e: &msgpack_core::decode::Error) -> Option<Refusal> {
    match e.kind() {
        ErrorKind::TrailingBytes { .. } => Some(Refusal::TrailingBytes),
        ErrorKind::TypeMismatch { expected, found: Found::Array(_) } if expected.starts_with("Internal") => {
            Some(Refusal::TaggedAsArray)
        }
        ErrorKind::DuplicateField(_) | ErrorKind::DuplicateKey(_) => Some(Refusal::Duplicate),
        ErrorKind::TypeMismatch { expected, found: Found::Bin(_) } if expected.contains("str") => {
            Some(Refusal::BinForStr)
        }
        ErrorKind::TypeMismatch { found: Found::Str(_), expected } if expected.contains("bin") => {
            Some(Refusal::StrForBin)
        }
        ErrorKind::UnknownField(Found::UInt(_) | Found::NegInt(_))
        | ErrorKind::TypeMismatch { found: Found::UInt(_) | Found::NegInt(_), .. } => Some(Refusal::IntegerKey),
        _ => None,
    }
}

#[derive(Default)]
struct Tally {
    inputs: usize,
    /// Per type: accepted by us, by rmp-serde, by both.
    accepted: BTreeMap<&'static str, (usize, usize, usize)>,
    refusals: BTreeMap<Refusal, usize>,
    worst_ratio: f64,
}

/// Every check of one input through `T` (map or array form as `T`'s
/// serde side writes it; rmp-serde reads both).
fn through<T>(name: &'static str, input: &[u8], tally: &mut Tally)
where
    T: for<'de> Decode<'de> + Encode + DeserializeOwned + Debug,
{
    let n = input.len();
    let (ours, peak, kept) = measure(|| msgpack_core::from_slice::<T>(input));
    let limit = bound(n, if ours.is_ok() { kept } else { 0 });
    assert!(peak <= limit, "{name}: {} bytes peaked at {peak} (bound {limit}): {input:02x?}", n);
    tally.worst_ratio = tally.worst_ratio.max(peak as f64 / (n.max(1)) as f64);
    let theirs = rmp_serde::from_slice::<T>(input);
    let counts = tally.accepted.entry(name).or_default();
    counts.0 += usize::from(ours.is_ok());
    counts.1 += usize::from(theirs.is_ok());
    counts.2 += usize::from(ours.is_ok() && theirs.is_ok());
    match (&ours, &theirs) {
        (Ok(v), _) => {
            // Re-encodes, reads back to the same bytes.
            let bytes = msgpack_core::to_vec(v).unwrap_or_else(|e| panic!("{name}: re-encoding {v:?}: {e}"));
            assert_eq!(v.encoded_len(), bytes.len(), "{name}: encoded_len of {v:?}");
            let back: T = msgpack_core::from_slice(&bytes).unwrap_or_else(|e| panic!("{name}: {v:?} back: {e}"));
            assert_eq!(msgpack_core::to_vec(&back).unwrap(), bytes, "{name}: unstable re-encoding of {v:?}");
            if let Ok(t) = &theirs {
                assert_eq!(
                    msgpack_core::to_vec(t).unwrap(),
                    bytes,
                    "{name}: {input:02x?}: ours {v:?}, rmp-serde {t:?}"
                );
            }
        }
        (Err(e), Ok(t)) => {
            let Some(r) = refusal(e, input) else {
                panic!("{name}: we refuse what rmp-serde reads as {t:?}, for no listed reason: {e}\n{input:02x?}")
            };
            *tally.refusals.entry(r).or_default() += 1;
        }
        (Err(_), Err(_)) => {}
    }
}

/// Ours alone (no serde side): no panic, the bound, and an accepted input
/// re-encodes and reads back to the same bytes.
fn ours_alone<T: for<'de> Decode<'de> + Encode + Debug>(name: &str, input: &[u8]) {
    let (r, peak, kept) = measure(|| msgpack_core::from_slice::<T>(input));
    let limit = bound(input.len(), if r.is_ok() { kept } else { 0 });
    assert!(peak <= limit, "{name}: peaked at {peak} (bound {limit}): {input:02x?}");
    if let Ok(v) = r {
        let bytes = msgpack_core::to_vec(&v).unwrap();
        let back: T = msgpack_core::from_slice(&bytes).unwrap_or_else(|e| panic!("{name}: {v:?} back: {e}"));
        assert_eq!(msgpack_core::to_vec(&back).unwrap(), bytes, "{name}: {v:?}");
    }
}

/// `Value` and `RawRef`: the bound, and agreement on what is one value.
fn generic(input: &[u8]) {
    let (value, peak, kept) = measure(|| msgpack_core::from_slice::<Value>(input));
    let limit = bound(input.len(), if value.is_ok() { kept } else { 0 });
    assert!(peak <= limit, "Value: peaked at {peak} (bound {limit}): {input:02x?}");
    let raw = RawRef::new(input);
    match (&value, &raw) {
        (Ok(v), Ok(r)) => {
            assert_eq!(r.as_bytes(), input);
            let again: Value = r.decode().unwrap();
            assert_eq!(msgpack_core::to_vec(v).unwrap(), msgpack_core::to_vec(&again).unwrap());
        }
        (Ok(v), Err(e)) => panic!("RawRef refuses what Value reads as {v:?}: {e}\n{input:02x?}"),
        (Err(e), Ok(_)) => assert!(
            matches!(e.kind(), ErrorKind::InvalidUtf8 | ErrorKind::DepthLimitExceeded { .. }),
            "Value refuses a well-formed value for another reason than UTF-8 or depth: {e}\n{input:02x?}"
        ),
        (Err(_), Err(_)) => {}
    }
    if let Ok(v) = value {
        let bytes = msgpack_core::to_vec(&v).unwrap();
        let back: Value = msgpack_core::from_slice(&bytes).unwrap();
        assert_eq!(msgpack_core::to_vec(&back).unwrap(), bytes);
    }
}

/// Every decode of one input.
fn all(input: &[u8], tally: &mut Tally) {
    tally.inputs += 1;
    through::<Rec>("Rec", input, tally);
    through::<Row>("Row", input, tally);
    through::<Spelled>("Spelled", input, tally);
    through::<RowNamed>("RowNamed", input, tally);
    through::<External>("External", input, tally);
    through::<Internal>("Internal", input, tally);
    through::<Adjacent>("Adjacent", input, tally);
    through::<Untagged>("Untagged", input, tally);
    through::<Flat>("Flat", input, tally);
    through::<Vec<Internal>>("Vec<Internal>", input, tally);
    ours_alone::<OtherRaw>("OtherRaw", input);
    ours_alone::<OtherValue>("OtherValue", input);
    generic(input);
}

/// Our bytes for `v` equal rmp-serde's (`named`: map form), and each side
/// reads the other's back to an equal value.
fn same_bytes<T>(v: &T, named: bool) -> Vec<u8>
where
    T: for<'de> Decode<'de> + Encode + Serialize + DeserializeOwned + Debug + PartialEq,
{
    let ours = msgpack_core::to_vec(v).unwrap();
    let theirs = if named { rmp_serde::to_vec_named(v) } else { rmp_serde::to_vec(v) }.unwrap();
    assert_eq!(ours, theirs, "{v:?}");
    let back: T = rmp_serde::from_slice(&ours).unwrap_or_else(|e| panic!("rmp-serde reading {v:?}: {e}"));
    assert_eq!(msgpack_core::to_vec(&back).unwrap(), ours, "{v:?}");
    let back: T = msgpack_core::from_slice(&theirs).unwrap_or_else(|e| panic!("reading rmp-serde's {v:?}: {e}"));
    assert_eq!(msgpack_core::to_vec(&back).unwrap(), ours, "{v:?}");
    ours
}

const SEED: u64 = 0x5eed_0025_f022_d1ff;
/// Rounds of the loop; each runs 56 inputs through 14 decoders (about
/// 50 s in the debug profile on the development machine).
const ROUNDS: usize = 8_000;

#[test]
fn differential_fuzz() {
    let tally = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut rng = Rng(SEED);
            let mut tally = Tally::default();
            for _ in 0..ROUNDS {
                let seeds = [
                    same_bytes(&rng.rec(), true),
                    same_bytes(&rng.row(), false),
                    same_bytes(&rng.spelled(), true),
                    same_bytes(&rng.row_named(), false),
                    same_bytes(&rng.external(), true),
                    same_bytes(&rng.internal(), true),
                    same_bytes(&rng.adjacent(), true),
                    same_bytes(&rng.untagged(), true),
                    same_bytes(&rng.flat(), true),
                    same_bytes(&(0..rng.below(4)).map(|_| rng.internal()).collect::<Vec<_>>(), true),
                    msgpack_core::to_vec(&rng.message(4)).unwrap(),
                ];
                for seed in &seeds {
                    all(seed, &mut tally);
                    for _ in 0..4 {
                        let m = rng.mutate(seed);
                        all(&m, &mut tally);
                    }
                }
                let noise: Vec<u8> = (0..rng.below(24)).map(|_| rng.next() as u8).collect();
                all(&noise, &mut tally);
            }
            // Deep nesting at and past the default limit, for Value and
            // RawRef on this 2 MiB stack.
            for levels in [1023usize, 1024, 1025, 5000] {
                let mut deep = vec![0x91; levels];
                deep.push(0xc0);
                generic(&deep);
                let mut deep = [0x81, 0xa0].repeat(levels);
                deep.push(0xc0);
                generic(&deep);
            }
            tally
        })
        .unwrap()
        .join()
        .unwrap();
    eprintln!("{} inputs; worst peak {:.1} B per input byte", tally.inputs, tally.worst_ratio);
    for (name, (ours, theirs, both)) in &tally.accepted {
        eprintln!("{name:>14}: accepted by us {ours}, by rmp-serde {theirs}, by both {both}");
    }
    eprintln!("refused on purpose where rmp-serde reads: {:?}", tally.refusals);
    // The loop must exercise acceptance, not only errors.
    for (name, (ours, _, both)) in &tally.accepted {
        assert!(*ours > ROUNDS && *both > ROUNDS / 2, "{name}: too few accepted inputs");
    }
}
