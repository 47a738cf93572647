//! What a peer declares in its `quirks` file (`PROTOCOL.md`): the features
//! of values it cannot represent, and the documented ways its bytes may
//! differ from ours, each applied to both sides before values are compared.

use std::fmt;

use msgpack_core::{Ext, Timestamp, Value};

/// A kind of value a peer may declare it cannot represent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Feature {
    /// A map key that is not a str.
    NonStrKeys,
    /// An integer above `i64::MAX`.
    Uint64,
    /// An integer whose magnitude exceeds 2^53.
    IntAbove2p53,
    /// A bin.
    Bin,
    /// An ext that is not a timestamp.
    Ext,
    /// ext -1 with a valid timestamp payload.
    Timestamp,
    /// A float 32.
    Float32,
    /// A NaN of either width.
    Nan,
    /// nil inside an array.
    NilInArray,
    /// An empty array or map.
    EmptyContainer,
    /// A map with a repeated key.
    DuplicateKeys,
    /// A str, bin, array or map of at least 65536 elements or bytes.
    Large,
    /// Containers nested more than 16 levels.
    Deep,
    /// A float -0.0 of either width.
    NegativeZero,
    /// A map value that is nil.
    NilInMap,
    /// A timestamp outside `java.time.Instant`'s range (seconds beyond
    /// -31557014167219200..=31556889864403199).
    TimestampOutsideInstant,
    /// A map used as a map key.
    MapKey,
    /// An ext (a timestamp included) used as a map key.
    ExtKey,
    /// A map with a str key and a bin key of the same bytes.
    StrBinSameKey,
    /// A str key that reads as a decimal integer (`"0"`, `"17"`, `"-3"`).
    IntLikeStrKey,
    /// An ext of this type (`ext-type-3`), for implementations that give
    /// application ext types a meaning of their own.
    ExtType(i8),
}

impl Feature {
    const ALL: [(Feature, &'static str); 20] = [
        (Feature::NonStrKeys, "non-str-keys"),
        (Feature::Uint64, "uint64"),
        (Feature::IntAbove2p53, "int-above-2^53"),
        (Feature::Bin, "bin"),
        (Feature::Ext, "ext"),
        (Feature::Timestamp, "timestamp"),
        (Feature::Float32, "float32"),
        (Feature::Nan, "nan"),
        (Feature::NilInArray, "nil-in-array"),
        (Feature::EmptyContainer, "empty-container"),
        (Feature::DuplicateKeys, "duplicate-keys"),
        (Feature::Large, "large"),
        (Feature::Deep, "deep"),
        (Feature::NegativeZero, "negative-zero"),
        (Feature::NilInMap, "nil-in-map"),
        (Feature::TimestampOutsideInstant, "timestamp-outside-instant"),
        (Feature::MapKey, "map-key"),
        (Feature::ExtKey, "ext-key"),
        (Feature::StrBinSameKey, "str-bin-same-key"),
        (Feature::IntLikeStrKey, "int-like-str-key"),
    ];

    /// The feature named `s` in a quirks file.
    ///
    /// ```
    /// use msgpack_interop::quirks::Feature;
    /// assert_eq!(Feature::parse("uint64"), Some(Feature::Uint64));
    /// assert_eq!(Feature::parse("bigint"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Feature> {
        if let Some(n) = s.strip_prefix("ext-type-") {
            return n.parse().ok().map(Feature::ExtType);
        }
        Feature::ALL.iter().find(|(_, n)| *n == s).map(|(f, _)| *f)
    }

    /// Its name in a quirks file.
    pub fn name(self) -> String {
        match self {
            Feature::ExtType(t) => format!("ext-type-{t}"),
            _ => Feature::ALL.iter().find(|(f, _)| *f == self).map_or("?", |(_, n)| n).to_string(),
        }
    }

    /// Whether `v` uses this feature anywhere.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// use msgpack_interop::quirks::Feature;
    /// let v = Value::Array(vec![Value::Map(vec![(Value::from(1u8), Value::Nil)])]);
    /// assert!(Feature::NonStrKeys.used_by(&v));
    /// assert!(!Feature::Bin.used_by(&v));
    /// ```
    pub fn used_by(self, v: &Value) -> bool {
        self.used_at(v, 0)
    }

    fn used_at(self, v: &Value, depth: usize) -> bool {
        let here = match (self, v) {
            (Feature::Uint64, Value::Int(i)) => i.as_i64().is_none(),
            (Feature::IntAbove2p53, Value::Int(i)) => i.as_i64().is_none_or(|n| n.unsigned_abs() > 1 << 53),
            (Feature::Bin, Value::Bin(_)) => true,
            (Feature::Ext, Value::Ext(e)) => !is_timestamp(e),
            (Feature::Timestamp, Value::Ext(e)) => is_timestamp(e),
            (Feature::ExtType(t), Value::Ext(e)) => e.ty == t,
            (Feature::TimestampOutsideInstant, Value::Ext(e)) => Timestamp::from_payload(&e.data)
                .filter(|_| e.ty == -1)
                .is_some_and(|t| !(-31_557_014_167_219_200..=31_556_889_864_403_199).contains(&t.secs())),
            (Feature::Float32, Value::F32(_)) => true,
            (Feature::Nan, Value::F32(x)) => x.is_nan(),
            (Feature::Nan, Value::F64(x)) => x.is_nan(),
            (Feature::NegativeZero, Value::F32(x)) => x.to_bits() == (-0.0f32).to_bits(),
            (Feature::NegativeZero, Value::F64(x)) => x.to_bits() == (-0.0f64).to_bits(),
            (Feature::NilInArray, Value::Array(a)) => a.iter().any(Value::is_nil),
            (Feature::MapKey, Value::Map(m)) => m.iter().any(|(k, _)| matches!(k, Value::Map(_))),
            (Feature::ExtKey, Value::Map(m)) => m.iter().any(|(k, _)| matches!(k, Value::Ext(_))),
            (Feature::StrBinSameKey, Value::Map(m)) => m.iter().any(|(k, _)| match k {
                Value::Str(s) => m.iter().any(|(b, _)| matches!(b, Value::Bin(b) if b == s.as_bytes())),
                _ => false,
            }),
            (Feature::IntLikeStrKey, Value::Map(m)) => m.iter().any(|(k, _)| match k {
                Value::Str(s) => s.parse::<i64>().is_ok_and(|n| n.to_string() == *s),
                _ => false,
            }),
            (Feature::NilInMap, Value::Map(m)) => m.iter().any(|(_, v)| v.is_nil()),
            (Feature::EmptyContainer, Value::Array(a)) => a.is_empty(),
            (Feature::EmptyContainer, Value::Map(m)) => m.is_empty(),
            (Feature::NonStrKeys, Value::Map(m)) => m.iter().any(|(k, _)| !matches!(k, Value::Str(_))),
            (Feature::DuplicateKeys, Value::Map(m)) => {
                let mut keys: Vec<Vec<u8>> = m.iter().map(|(k, _)| canonical(k)).collect();
                keys.sort();
                keys.windows(2).any(|w| w[0] == w[1])
            }
            (Feature::Large, Value::Str(s)) => s.len() >= 65536,
            (Feature::Large, Value::Bin(b)) => b.len() >= 65536,
            (Feature::Large, Value::Array(a)) => a.len() >= 65536,
            (Feature::Large, Value::Map(m)) => m.len() >= 65536,
            (Feature::Large, Value::Ext(e)) => e.data.len() >= 65536,
            (Feature::Deep, Value::Array(_) | Value::Map(_)) => depth >= 16,
            _ => false,
        };
        here || match v {
            Value::Array(a) => a.iter().any(|x| self.used_at(x, depth + 1)),
            Value::Map(m) => m.iter().any(|(k, x)| self.used_at(k, depth + 1) || self.used_at(x, depth + 1)),
            _ => false,
        }
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

fn is_timestamp(e: &Ext) -> bool {
    e.ty == -1 && Timestamp::from_payload(&e.data).is_some()
}

fn canonical(v: &Value) -> Vec<u8> {
    msgpack_core::to_vec(v).expect("a Value encodes")
}

/// A documented way a peer's bytes may differ from ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Quirk {
    /// float 32 written as float 64.
    Float32Widened,
    /// A float 64 written as float 32 when that is exact.
    Float64Narrowed,
    /// Any NaN written as the quiet NaN of its width.
    NanCanonical,
    /// Map entries in another order.
    MapOrder,
    /// bin written as str.
    BinAsStr,
    /// str written as bin.
    StrAsBin,
    /// A timestamp re-encoded in another valid layout.
    TimestampRelaid,
    /// An integer written as a float of the same value.
    IntAsFloat,
    /// An integral float written as an integer.
    FloatAsInt,
    /// An empty array written as an empty map.
    ArrayAsMap,
    /// An empty map written as an empty array.
    MapAsArray,
    /// The same value in a larger format than the smallest (an ext 16 for
    /// 255 bytes, an int 16 for 5): the values are equal, only the bytes
    /// differ.
    WiderForms,
}

impl Quirk {
    const ALL: [(Quirk, &'static str); 12] = [
        (Quirk::Float32Widened, "float32-widened"),
        (Quirk::Float64Narrowed, "float64-narrowed"),
        (Quirk::NanCanonical, "nan-canonical"),
        (Quirk::MapOrder, "map-order"),
        (Quirk::BinAsStr, "bin-as-str"),
        (Quirk::StrAsBin, "str-as-bin"),
        (Quirk::TimestampRelaid, "timestamp-relaid"),
        (Quirk::IntAsFloat, "int-as-float"),
        (Quirk::FloatAsInt, "float-as-int"),
        (Quirk::ArrayAsMap, "array-as-map"),
        (Quirk::MapAsArray, "map-as-array"),
        (Quirk::WiderForms, "wider-forms"),
    ];

    /// The quirk named `s` in a quirks file.
    ///
    /// ```
    /// use msgpack_interop::quirks::Quirk;
    /// assert_eq!(Quirk::parse("map-order"), Some(Quirk::MapOrder));
    /// ```
    pub fn parse(s: &str) -> Option<Quirk> {
        Quirk::ALL.iter().find(|(_, n)| *n == s).map(|(q, _)| *q)
    }

    /// Its name in a quirks file.
    pub fn name(self) -> &'static str {
        Quirk::ALL.iter().find(|(q, _)| *q == self).map_or("?", |(_, n)| n)
    }
}

impl fmt::Display for Quirk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A peer's `quirks` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quirks {
    /// `mode ...` lines: the optional modes it implements (`w2`).
    pub modes: Vec<String>,
    /// `skip ...`: features of values not sent to it.
    pub skip: Vec<Feature>,
    /// `differ ...`: documented differences.
    pub differ: Vec<Quirk>,
}

impl Quirks {
    /// Reads a quirks file; every line is `mode M`, `skip F` or `differ Q`,
    /// followed by a `#` justification.
    ///
    /// # Errors
    ///
    /// An unknown declaration, feature or quirk, or one without its
    /// justification.
    ///
    /// ```
    /// use msgpack_interop::quirks::{Quirks, Quirk};
    /// let q = Quirks::parse("# comment\ndiffer float32-widened  # Ruby has no float 32\n").unwrap();
    /// assert_eq!(q.differ, [Quirk::Float32Widened]);
    /// assert!(Quirks::parse("differ float32-widened\n").is_err()); // no reason given
    /// ```
    pub fn parse(text: &str) -> Result<Quirks, String> {
        let mut q = Quirks::default();
        for (i, line) in text.lines().enumerate() {
            let (decl, why) = line.split_once('#').unwrap_or((line, ""));
            let words: Vec<&str> = decl.split_whitespace().collect();
            if words.is_empty() {
                continue;
            }
            if why.trim().is_empty() {
                return Err(format!("line {}: `{}` needs a `# justification`", i + 1, decl.trim()));
            }
            match words.as_slice() {
                ["mode", m] => q.modes.push((*m).to_string()),
                ["skip", f] => {
                    q.skip.push(Feature::parse(f).ok_or_else(|| format!("line {}: unknown feature {f}", i + 1))?)
                }
                ["differ", d] => {
                    q.differ.push(Quirk::parse(d).ok_or_else(|| format!("line {}: unknown quirk {d}", i + 1))?)
                }
                _ => return Err(format!("line {}: expected `mode M`, `skip FEATURE` or `differ QUIRK`", i + 1)),
            }
        }
        Ok(q)
    }

    /// The first skipped feature `v` uses.
    pub fn skipped_by(&self, v: &Value) -> Option<Feature> {
        self.skip.iter().copied().find(|f| f.used_by(v))
    }

    /// `v` with every declared difference applied, for comparing a peer's
    /// value with ours.
    ///
    /// ```
    /// use msgpack_core::Value;
    /// use msgpack_interop::quirks::Quirks;
    /// let q = Quirks::parse("differ float32-widened # no f32\n").unwrap();
    /// assert!(msgpack_interop::quirks::same(&q.normalize(&Value::F32(0.5)), &Value::F64(0.5)));
    /// ```
    pub fn normalize(&self, v: &Value) -> Value {
        let has = |q| self.differ.contains(&q);
        match v {
            Value::F32(x) if has(Quirk::Float32Widened) => self.normalize(&Value::F64(f64::from(*x))),
            Value::F64(x) if has(Quirk::Float64Narrowed) && f64::from(*x as f32).to_bits() == x.to_bits() => {
                self.normalize(&Value::F32(*x as f32))
            }
            Value::F32(x) if x.is_nan() && has(Quirk::NanCanonical) => Value::F32(f32::NAN),
            Value::F64(x) if x.is_nan() && has(Quirk::NanCanonical) => Value::F64(f64::NAN),
            Value::F32(x) if has(Quirk::FloatAsInt) => float_to_int(f64::from(*x)).unwrap_or(Value::F32(*x)),
            Value::F64(x) if has(Quirk::FloatAsInt) => float_to_int(*x).unwrap_or(Value::F64(*x)),
            Value::Int(i) if has(Quirk::IntAsFloat) => {
                let f = i.as_i64().map_or_else(|| i.as_u64().unwrap_or(0) as f64, |n| n as f64);
                Value::F64(f)
            }
            Value::Bin(b) if has(Quirk::BinAsStr) => {
                String::from_utf8(b.clone()).map_or_else(|e| Value::Bin(e.into_bytes()), Value::Str)
            }
            Value::Str(s) if has(Quirk::StrAsBin) => Value::Bin(s.clone().into_bytes()),
            Value::Ext(e) if has(Quirk::TimestampRelaid) && is_timestamp(e) => {
                Value::from(Timestamp::from_payload(&e.data).expect("checked"))
            }
            Value::Map(m) if m.is_empty() && (has(Quirk::MapAsArray) || has(Quirk::ArrayAsMap)) => Value::Array(vec![]),
            Value::Array(a) => Value::Array(a.iter().map(|x| self.normalize(x)).collect()),
            Value::Map(m) => {
                let mut entries: Vec<(Value, Value)> =
                    m.iter().map(|(k, x)| (self.normalize(k), self.normalize(x))).collect();
                if has(Quirk::MapOrder) {
                    entries.sort_by_cached_key(|(k, x)| (canonical(k), canonical(x)));
                }
                Value::Map(entries)
            }
            other => other.clone(),
        }
    }
}

fn float_to_int(x: f64) -> Option<Value> {
    if x.fract() != 0.0 || !x.is_finite() || (x == 0.0 && x.is_sign_negative()) {
        return None;
    }
    if (0.0..18446744073709551616.0).contains(&x) {
        Some(Value::from(x as u64))
    } else if (-9223372036854775808.0..0.0).contains(&x) {
        Some(Value::from(x as i64))
    } else {
        None
    }
}

/// Value equality with floats compared by their bits (so NaN payloads and
/// -0.0 count) and maps in order.
///
/// ```
/// use msgpack_core::Value;
/// use msgpack_interop::quirks::same;
/// assert!(same(&Value::F64(f64::NAN), &Value::F64(f64::NAN)));
/// assert!(!same(&Value::F64(0.0), &Value::F64(-0.0)));
/// ```
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => x.to_bits() == y.to_bits(),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|((k1, v1), (k2, v2))| same(k1, k2) && same(v1, v2))
        }
        _ => a == b,
    }
}
