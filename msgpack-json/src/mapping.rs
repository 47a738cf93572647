//! The JSON mapping: [`to_json`] and [`from_json`] (the table is in the
//! [crate docs](crate#the-json-mapping)).

use core::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use msgpack_core::ext::TIMESTAMP_TYPE;
use msgpack_core::{Ext, Integer, Timestamp, Value};
use serde_json::{Map, Number, Value as Json};

use crate::time::{format_timestamp, parse_timestamp};

/// The key of the one-entry object that stands for a `bin`.
pub const BIN_KEY: &str = "$bin";
/// The key of the one-entry object that stands for an `ext`.
pub const EXT_KEY: &str = "$ext";
/// The key of the one-entry object that stands for a timestamp (ext -1).
pub const TIMESTAMP_KEY: &str = "$timestamp";
/// The key of the one-entry object that stands for a map JSON cannot write as an object.
pub const MAP_KEY: &str = "$map";
/// The key of the one-entry object that stands for a NaN or infinite float.
pub const FLOAT_KEY: &str = "$float";

/// Every reserved key: a JSON object with exactly one entry whose key is one
/// of these is read by [`from_json`] as that form, never as a map.
///
/// ```
/// assert!(msgpack_json::RESERVED_KEYS.contains(&"$bin"));
/// ```
pub const RESERVED_KEYS: [&str; 5] = [BIN_KEY, EXT_KEY, TIMESTAMP_KEY, MAP_KEY, FLOAT_KEY];

/// Converts a MessagePack value to JSON, losslessly (see the
/// [crate docs](crate#the-json-mapping) for the forms).
///
/// Recursion follows the nesting of `value`; values decoded with a depth
/// limit (as the command-line tool does) keep it bounded.
///
/// ```
/// use msgpack_core::{Ext, Value};
/// use serde_json::json;
///
/// let value = Value::Map(vec![
///     (Value::from("id"), Value::from(u64::MAX)),
///     (Value::from("raw"), Value::Bin(vec![1, 2, 3])),
///     (Value::from("v"), Value::Ext(Ext::new(5, vec![0xff]))),
/// ]);
/// assert_eq!(
///     msgpack_json::to_json(&value),
///     json!({"id": 18446744073709551615u64, "raw": {"$bin": "AQID"}, "v": {"$ext": {"type": 5, "data": "/w=="}}}),
/// );
/// // Integer keys: a map JSON objects cannot hold.
/// let map = Value::Map(vec![(Value::from(1), Value::Nil)]);
/// assert_eq!(msgpack_json::to_json(&map), json!({"$map": [[1, null]]}));
/// ```
pub fn to_json(value: &Value) -> Json {
    match value {
        Value::Nil => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Int(i) => Json::Number(match i.as_u64() {
            Some(u) => Number::from(u),
            // Negative: always fits `i64`.
            None => Number::from(i.as_i64().unwrap_or(i64::MIN)),
        }),
        Value::F32(f) => float(f64::from(*f)),
        Value::F64(f) => float(*f),
        Value::Str(s) => Json::String(s.clone()),
        Value::Bin(b) => tagged(BIN_KEY, Json::String(BASE64.encode(b))),
        Value::Array(items) => Json::Array(items.iter().map(to_json).collect()),
        Value::Map(entries) => map_to_json(entries),
        Value::Ext(ext) => match canonical_timestamp(ext) {
            Some(ts) => tagged(TIMESTAMP_KEY, Json::String(format_timestamp(ts))),
            None => {
                let mut body = Map::new();
                body.insert("type".into(), Json::from(ext.ty));
                body.insert("data".into(), Json::String(BASE64.encode(&ext.data)));
                tagged(EXT_KEY, Json::Object(body))
            }
        },
    }
}

/// A one-entry object `{key: body}`.
fn tagged(key: &str, body: Json) -> Json {
    let mut map = Map::with_capacity(1);
    map.insert(key.into(), body);
    Json::Object(map)
}

fn float(f: f64) -> Json {
    match Number::from_f64(f) {
        Some(n) => Json::Number(n),
        None if f.is_nan() => tagged(FLOAT_KEY, Json::from("NaN")),
        None if f > 0.0 => tagged(FLOAT_KEY, Json::from("Infinity")),
        None => tagged(FLOAT_KEY, Json::from("-Infinity")),
    }
}

/// A timestamp if `ext` is ext -1 with a valid payload in the layout the
/// encoder would write for it (so that writing it back gives the same bytes).
fn canonical_timestamp(ext: &Ext) -> Option<Timestamp> {
    if ext.ty != TIMESTAMP_TYPE {
        return None;
    }
    let ts = Timestamp::from_payload(&ext.data)?;
    (ts.payload_len() == ext.data.len()).then_some(ts)
}

fn map_to_json(entries: &[(Value, Value)]) -> Json {
    let mut object = Map::with_capacity(entries.len());
    let mut plain = true;
    for (k, v) in entries {
        match k {
            Value::Str(s) if !object.contains_key(s.as_str()) => {
                object.insert(s.clone(), to_json(v));
            }
            _ => {
                plain = false;
                break;
            }
        }
    }
    if plain && !(entries.len() == 1 && object.keys().all(|k| RESERVED_KEYS.contains(&k.as_str()))) {
        return Json::Object(object);
    }
    // Non-string or repeated keys, or a lone reserved key: entry by entry.
    let pairs = entries.iter().map(|(k, v)| Json::Array(vec![to_json(k), to_json(v)])).collect();
    tagged(MAP_KEY, Json::Array(pairs))
}

/// Why a JSON value has no MessagePack counterpart under the mapping: a
/// malformed `$` form. Says where (a path such as `$.items[2]`) and why.
///
/// ```
/// let json = serde_json::json!({"items": [1, 2, {"$bin": "not base64!"}]});
/// let err = msgpack_json::from_json(&json).unwrap_err();
/// assert_eq!(err.path(), "$.items[2]");
/// assert_eq!(err.to_string(), format!("{} at $.items[2]", err.message()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    path: String,
    message: String,
    /// The same path as steps, root first, then (for a malformed form) the
    /// form's key: the way to the value at fault in the JSON text.
    steps: Vec<Step>,
}

/// One step of a [`FormError`]'s way through the JSON text.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

impl FormError {
    /// An error in the body of the form `key` (`{key: body}`).
    fn new(message: impl Into<String>) -> Self {
        FormError { path: String::new(), message: message.into(), steps: Vec::new() }
    }

    /// Prepends a path segment (the error travels up from the innermost value).
    fn within(mut self, segment: &str, step: Step) -> Self {
        self.path.insert_str(0, segment);
        self.steps.insert(0, step);
        self
    }

    /// Where the value at fault starts in `text`, the JSON text of the
    /// whole value this error came from: for a malformed form, its body
    /// (the `"AQI"` of `{"$bin": "AQI"}`), else the value at [`path`](Self::path).
    ///
    /// ```
    /// let text = r#"{"a": [1, {"$bin": "AQI"}]}"#;
    /// let err = msgpack_json::from_json(&serde_json::from_str(text).unwrap()).unwrap_err();
    /// assert_eq!(err.offset_in(text), Some(text.find("\"AQI\"").unwrap()));
    /// ```
    pub fn offset_in(&self, text: &str) -> Option<usize> {
        use serde_json::value::RawValue;
        let mut raw: &RawValue = serde_json::from_str(text).ok()?;
        for step in &self.steps {
            raw = match step {
                Step::Key(k) => {
                    let object: std::collections::HashMap<String, &RawValue> = serde_json::from_str(raw.get()).ok()?;
                    *object.get(k)?
                }
                Step::Index(i) => {
                    let items: Vec<&RawValue> = serde_json::from_str(raw.get()).ok()?;
                    *items.get(*i)?
                }
            };
        }
        (raw.get().as_ptr() as usize).checked_sub(text.as_ptr() as usize)
    }

    /// Where in the value: `$` for the value itself, then `.key`, `["key"]`
    /// (for keys that are not identifiers) and `[index]` segments.
    ///
    /// ```
    /// let json = serde_json::json!({"a": [1, {"$bin": "*"}]});
    /// assert_eq!(msgpack_json::from_json(&json).unwrap_err().path(), "$.a[1]");
    /// ```
    pub fn path(&self) -> String {
        format!("${}", self.path)
    }

    /// What is wrong, without the path.
    ///
    /// ```
    /// let json = serde_json::json!({"$float": "nan"});
    /// let err = msgpack_json::from_json(&json).unwrap_err();
    /// assert_eq!(err.message(), r#""$float" must be "NaN", "Infinity" or "-Infinity", not "nan""#);
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.message, self.path())
    }
}

impl std::error::Error for FormError {}

fn key_segment(key: &str) -> String {
    let ident = key.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ident { format!(".{key}") } else { format!("[{}]", Json::from(key)) }
}

/// Converts JSON to a MessagePack value: the inverse of [`to_json`] (see the
/// [crate docs](crate#the-json-mapping)).
///
/// Integers become [`Value::Int`] (written as the smallest MessagePack
/// integer), numbers with a fraction or an exponent [`Value::F64`], objects
/// maps in document order, and one-entry objects whose key is one of the
/// [`RESERVED_KEYS`] the value they stand for. A malformed form is an error,
/// never silently a map.
///
/// ```
/// use msgpack_core::{Timestamp, Value};
/// use serde_json::json;
///
/// let v = msgpack_json::from_json(&json!([1.5, {"$bin": "AQID"}, {"$timestamp": "1970-01-01T00:00:01Z"}]))?;
/// assert_eq!(v, Value::Array(vec![
///     Value::F64(1.5),
///     Value::Bin(vec![1, 2, 3]),
///     Value::from(Timestamp::new(1, 0).unwrap()),
/// ]));
/// assert!(msgpack_json::from_json(&json!({"$ext": {"type": 300, "data": ""}})).is_err());
/// # Ok::<(), msgpack_json::FormError>(())
/// ```
pub fn from_json(json: &Json) -> Result<Value, FormError> {
    Ok(match json {
        Json::Null => Value::Nil,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => number(n),
        Json::String(s) => Value::Str(s.clone()),
        Json::Array(items) => Value::Array(
            items
                .iter()
                .enumerate()
                .map(|(i, item)| from_json(item).map_err(|e| e.within(&format!("[{i}]"), Step::Index(i))))
                .collect::<Result<_, _>>()?,
        ),
        Json::Object(object) => {
            if object.len() == 1
                && let Some((key, body)) = object.iter().next()
                && RESERVED_KEYS.contains(&key.as_str())
            {
                // An error in the form itself points at its body.
                return form(key, body).map_err(|mut e| {
                    if e.steps.is_empty() {
                        e.steps.push(Step::Key(key.clone()));
                    }
                    e
                });
            }
            Value::Map(
                object
                    .iter()
                    .map(|(k, v)| {
                        Ok((
                            Value::Str(k.clone()),
                            from_json(v).map_err(|e| e.within(&key_segment(k), Step::Key(k.clone())))?,
                        ))
                    })
                    .collect::<Result<_, FormError>>()?,
            )
        }
    })
}

fn number(n: &Number) -> Value {
    if let Some(u) = n.as_u64() {
        Value::Int(Integer::from(u))
    } else if let Some(i) = n.as_i64() {
        Value::Int(Integer::from(i))
    } else {
        // Without serde_json's `arbitrary_precision` every number is one of
        // the three; an integer literal beyond i64/u64 already arrives as f64.
        Value::F64(n.as_f64().unwrap_or(f64::NAN))
    }
}

/// A one-entry object `{key: body}` with a reserved `key`.
fn form(key: &str, body: &Json) -> Result<Value, FormError> {
    let need_string =
        |what: &str| body.as_str().ok_or_else(|| FormError::new(format!("{key:?} needs {what}, found {}", kind(body))));
    match key {
        BIN_KEY => Ok(Value::Bin(base64(need_string("a base64 string")?, key)?)),
        TIMESTAMP_KEY => {
            let text = need_string("an RFC 3339 string")?;
            let ts = parse_timestamp(text).map_err(|e| FormError::new(format!("{key:?}: {text:?}: {e}")))?;
            Ok(Value::from(ts))
        }
        FLOAT_KEY => match need_string("\"NaN\", \"Infinity\" or \"-Infinity\"")? {
            "NaN" => Ok(Value::F64(f64::NAN)),
            "Infinity" => Ok(Value::F64(f64::INFINITY)),
            "-Infinity" => Ok(Value::F64(f64::NEG_INFINITY)),
            other => Err(FormError::new(format!(
                "{key:?} must be \"NaN\", \"Infinity\" or \"-Infinity\", not {}",
                Json::from(other)
            ))),
        },
        EXT_KEY => {
            let shape = || FormError::new(format!(r#"{key:?} needs {{"type": <-128..127>, "data": <base64>}}"#));
            let body = body.as_object().filter(|o| o.len() == 2).ok_or_else(shape)?;
            let ty = body.get("type").and_then(Json::as_i64).ok_or_else(shape)?;
            let ty =
                i8::try_from(ty).map_err(|_| FormError::new(format!("{key:?}: type {ty} is outside -128..127")))?;
            let data = body.get("data").and_then(Json::as_str).ok_or_else(shape)?;
            Ok(Value::Ext(Ext::new(ty, base64(data, key)?)))
        }
        MAP_KEY => {
            let pairs = body.as_array().ok_or_else(|| {
                FormError::new(format!("{key:?} needs an array of [key, value] pairs, found {}", kind(body)))
            })?;
            let entries = pairs.iter().enumerate().map(|(i, pair)| {
                let within = |e: FormError, j: usize| {
                    e.within(&format!("[{j}]"), Step::Index(j))
                        .within(&format!("[{i}]"), Step::Index(i))
                        .within("[\"$map\"]", Step::Key(MAP_KEY.into()))
                };
                match pair.as_array().map(Vec::as_slice) {
                    Some([k, v]) => {
                        Ok((from_json(k).map_err(|e| within(e, 0))?, from_json(v).map_err(|e| within(e, 1))?))
                    }
                    _ => {
                        Err(FormError::new(format!("{key:?} entries must be [key, value] pairs, found {}", kind(pair)))
                            .within(&format!("[{i}]"), Step::Index(i))
                            .within("[\"$map\"]", Step::Key(MAP_KEY.into())))
                    }
                }
            });
            Ok(Value::Map(entries.collect::<Result<_, _>>()?))
        }
        _ => Err(FormError::new(format!("{key:?} is not a reserved key"))),
    }
}

fn base64(text: &str, key: &str) -> Result<Vec<u8>, FormError> {
    BASE64.decode(text).map_err(|e| {
        let why = e.to_string();
        FormError::new(format!("{key:?}: invalid base64 (standard alphabet, padded): {}", why.trim_end_matches('.')))
    })
}

/// What a JSON value is, for messages.
fn kind(json: &Json) -> &'static str {
    match json {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn ts(secs: i64, nanos: u32) -> Value {
        Value::from(Timestamp::new(secs, nanos).unwrap())
    }

    fn map(entries: Vec<(Value, Value)>) -> Value {
        Value::Map(entries)
    }

    /// `to_json(value) == json`, `from_json(json) == value` and the bytes agree.
    #[track_caller]
    fn both_ways(value: Value, json: Json) {
        assert_eq!(to_json(&value), json, "to_json({value:?})");
        let back = from_json(&json).unwrap();
        assert_eq!(msgpack_core::to_vec(&back).unwrap(), msgpack_core::to_vec(&value).unwrap(), "from_json({json})");
    }

    #[test]
    fn scalars() {
        both_ways(Value::Nil, json!(null));
        both_ways(Value::Bool(true), json!(true));
        both_ways(Value::from(0), json!(0));
        both_ways(Value::from(-1), json!(-1));
        both_ways(Value::from(u64::MAX), json!(u64::MAX));
        both_ways(Value::from(i64::MIN), json!(i64::MIN));
        both_ways(Value::F64(1.5), json!(1.5));
        both_ways(Value::F64(-0.0), json!(-0.0));
        both_ways(Value::F64(1.0), json!(1.0));
        both_ways(Value::from("héllo"), json!("héllo"));
        both_ways(Value::from("$bin"), json!("$bin"));
    }

    #[test]
    fn integers_take_the_smallest_form() {
        for (text, bytes) in [
            ("0", &[0x00][..]),
            ("127", &[0x7f]),
            ("128", &[0xcc, 0x80]),
            ("-32", &[0xe0]),
            ("-33", &[0xd0, 0xdf]),
            ("300", &[0xcd, 0x01, 0x2c]),
            ("4294967296", &[0xcf, 0, 0, 0, 1, 0, 0, 0, 0]),
            ("-2147483649", &[0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff]),
        ] {
            let json: Json = serde_json::from_str(text).unwrap();
            assert_eq!(msgpack_core::to_vec(&from_json(&json).unwrap()).unwrap(), bytes, "{text}");
        }
        // A fraction or an exponent makes a float 64, even for whole numbers.
        for text in ["1.0", "1e3", "-5E-1"] {
            let json: Json = serde_json::from_str(text).unwrap();
            assert!(matches!(from_json(&json).unwrap(), Value::F64(_)), "{text}");
        }
    }

    #[test]
    fn floats() {
        // f32 becomes the JSON number of its exact value, then an f64 of that value.
        assert_eq!(to_json(&Value::F32(0.1)), json!(0.10000000149011612));
        assert_eq!(from_json(&to_json(&Value::F32(0.1))).unwrap(), Value::F64(f64::from(0.1f32)));
        both_ways(Value::F64(f64::NAN), json!({"$float": "NaN"}));
        both_ways(Value::F64(f64::INFINITY), json!({"$float": "Infinity"}));
        both_ways(Value::F64(f64::NEG_INFINITY), json!({"$float": "-Infinity"}));
        assert_eq!(to_json(&Value::F32(f32::NEG_INFINITY)), json!({"$float": "-Infinity"}));
        assert_eq!(to_json(&Value::F32(f32::NAN)), json!({"$float": "NaN"}));
        // Every finite f64 prints to text that parses back to the same bits.
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let f = f64::from_bits(x);
            if f.is_finite() {
                let text = to_json(&Value::F64(f)).to_string();
                let back = from_json(&serde_json::from_str(&text).unwrap()).unwrap();
                assert!(matches!(back, Value::F64(g) if g.to_bits() == f.to_bits()), "{f:e} -> {text}");
            }
        }
    }

    #[test]
    fn bin_and_ext() {
        both_ways(Value::Bin(vec![]), json!({"$bin": ""}));
        both_ways(Value::Bin(vec![0xfb, 0xff]), json!({"$bin": "+/8="}));
        both_ways(Value::Ext(Ext::new(5, vec![1, 2, 3])), json!({"$ext": {"type": 5, "data": "AQID"}}));
        both_ways(Value::Ext(Ext::new(-128, vec![])), json!({"$ext": {"type": -128, "data": ""}}));
    }

    #[test]
    fn timestamps() {
        both_ways(ts(1_704_067_200, 0), json!({"$timestamp": "2024-01-01T00:00:00Z"}));
        both_ways(ts(1_704_067_200, 5), json!({"$timestamp": "2024-01-01T00:00:00.000000005Z"}));
        both_ways(ts(-1, 999_999_999), json!({"$timestamp": "1969-12-31T23:59:59.999999999Z"}));
        both_ways(ts(1 << 34, 0), json!({"$timestamp": "2514-05-30T01:53:04Z"}));
        both_ways(ts(i64::MIN, 0), json!({"$timestamp": "-292277022657-01-27T08:29:52Z"}));
        // Each layout is used for what needs it; the bytes come back exactly.
        for (value, len) in [(ts(1, 0), 6), (ts(1, 1), 10), (ts(-1, 0), 15), (ts(1 << 34, 0), 15)] {
            let bytes = msgpack_core::to_vec(&value).unwrap();
            assert_eq!(bytes.len(), len);
            assert_eq!(msgpack_core::to_vec(&from_json(&to_json(&value)).unwrap()).unwrap(), bytes);
        }
    }

    #[test]
    fn ext_minus_one_that_is_not_a_canonical_timestamp_stays_ext() {
        // A 96-bit payload for a time the 32-bit layout holds, a bad length, nanoseconds of 1e9.
        let mut wide = vec![0; 12];
        wide[11] = 1;
        let too_many_nanos = ((1_000_000_000u64 << 34) | 1).to_be_bytes().to_vec();
        for data in [wide, vec![0; 5], too_many_nanos] {
            let value = Value::Ext(Ext::new(-1, data.clone()));
            let json = json!({"$ext": {"type": -1, "data": BASE64.encode(&data)}});
            both_ways(value, json);
        }
    }

    #[test]
    fn maps() {
        let v = map(vec![(Value::from("b"), Value::from(1)), (Value::from("a"), Value::from(2))]);
        both_ways(v.clone(), json!({"b": 1, "a": 2}));
        // Document order is kept both ways.
        assert_eq!(to_json(&v).to_string(), r#"{"b":1,"a":2}"#);
        both_ways(map(vec![]), json!({}));
        // Non-string keys, repeated keys.
        both_ways(
            map(vec![(Value::from(1), Value::from("x")), (Value::Nil, Value::Bin(vec![1]))]),
            json!({"$map": [[1, "x"], [null, {"$bin": "AQ=="}]]}),
        );
        both_ways(
            map(vec![(Value::from("k"), Value::from(1)), (Value::from("k"), Value::from(2))]),
            json!({"$map": [["k", 1], ["k", 2]]}),
        );
        both_ways(
            map(vec![(Value::Array(vec![]), map(vec![(Value::from(true), Value::Nil)]))]),
            json!({"$map": [[[], {"$map": [[true, null]]}]]}),
        );
    }

    #[test]
    fn reserved_keys_stay_unambiguous() {
        for key in RESERVED_KEYS {
            let lone = map(vec![(Value::from(key), Value::from("AQID"))]);
            both_ways(lone, json!({"$map": [[key, "AQID"]]}));
            // Among other keys a reserved name is an ordinary key.
            let two = map(vec![(Value::from(key), Value::from(1)), (Value::from("x"), Value::from(2))]);
            both_ways(two, json!({key: 1, "x": 2}));
        }
        // Other `$` keys are ordinary keys.
        both_ways(map(vec![(Value::from("$ref"), Value::from("#/a"))]), json!({"$ref": "#/a"}));
    }

    #[test]
    fn malformed_forms_are_errors_with_a_path() {
        for (json, path, message) in [
            (json!({"$bin": 5}), "$", r#""$bin" needs a base64 string, found a number"#),
            (
                json!([{"$bin": "AQI"}]),
                "$[0]",
                r#""$bin": invalid base64 (standard alphabet, padded): Invalid padding"#,
            ),
            (json!({"a": {"$bin": "AQ=="}, "b c": {"$bin": "A"}}), r#"$["b c"]"#, "\"$bin\": invalid base64"),
            (json!({"$ext": {"type": 128, "data": ""}}), "$", r#""$ext": type 128 is outside -128..127"#),
            (json!({"$ext": {"type": 1}}), "$", r#""$ext" needs {"type": <-128..127>, "data": <base64>}"#),
            (json!({"$ext": {"type": 1, "data": "", "x": 0}}), "$", r#""$ext" needs"#),
            (json!({"$ext": {"type": 1.5, "data": ""}}), "$", r#""$ext" needs"#),
            (json!({"$timestamp": "2024-02-30T00:00:00Z"}), "$", "no such date"),
            (json!({"$timestamp": 0}), "$", r#""$timestamp" needs an RFC 3339 string, found a number"#),
            (json!({"$float": "inf"}), "$", r#""$float" must be "NaN", "Infinity" or "-Infinity", not "inf""#),
            (json!({"$map": {}}), "$", r#""$map" needs an array of [key, value] pairs, found an object"#),
            (json!({"$map": [[1]]}), r#"$["$map"][0]"#, r#""$map" entries must be [key, value] pairs, found an array"#),
            (json!({"x": {"$map": [[1, {"$float": 1}]]}}), r#"$.x["$map"][0][1]"#, r#""$float" needs"#),
        ] {
            let err = from_json(&json).unwrap_err();
            assert_eq!(err.path(), path, "{json}");
            assert!(err.message().contains(message), "{json}: {err}");
        }
    }

    #[test]
    fn deep_values_convert() {
        // Both conversions recurse per level (and a `$map` is three JSON
        // levels): on the command line's 64 MiB worker stack, the deepest
        // value it decodes (1024 levels) converts both ways.
        let worker = std::thread::Builder::new().stack_size(64 << 20).spawn(|| {
            let mut v = Value::Nil;
            for _ in 0..1024 {
                v = map(vec![(Value::from(1), v)]);
            }
            let json = to_json(&v);
            assert_eq!(msgpack_core::to_vec(&from_json(&json).unwrap()).unwrap(), msgpack_core::to_vec(&v).unwrap());
        });
        worker.unwrap().join().unwrap();
    }
}
