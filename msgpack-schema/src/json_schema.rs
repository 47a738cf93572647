//! JSON Schema export: [`json_schema`] (whose docs give the mapping) and
//! [`json_schema_of`].

mod defs;
mod json;
mod named;

pub(crate) use defs::{Defs, Named, Names, catch_all, flattened, ident, internal_inline};

use alloc::string::String;
use alloc::vec::Vec;

use json::J;

use msgpack_core::schema::{EnumDef, Key, Payload, Schema, Shape, Tagging};

/// The `$schema` of the documents.
const DRAFT: &str = "https://json-schema.org/draft/2020-12/schema";

/// How far key kinds are followed through enums and newtypes.
const MAX_KEY_DEPTH: usize = 16;

/// JSON Schema (draft 2020-12) of a type's wire form, for consumers outside
/// Rust that validate messages.
///
/// # Which JSON
///
/// MessagePack is not JSON, so the schema describes a message as the JSON
/// of `msgpack-json`'s documented, lossless mapping (its `to-json`
/// command, `msgpack_json::to_json`): nil, booleans, integers, strings,
/// arrays and string-keyed maps are themselves, and what JSON lacks is a
/// one-entry object with a reserved key: `{"$bin": "<base64>"}`,
/// `{"$ext": {"type": 5, "data": "<base64>"}}`,
/// `{"$timestamp": "2024-01-01T00:00:00Z"}`, `{"$float": "NaN"}`, and
/// `{"$map": [[key, value], ...]}` for a map with a key that is not a
/// string. So `msgpack-json to-json message.msgpack` prints a document
/// that the schema validates with any 2020-12 validator. What JSON Schema
/// cannot say about the MessagePack side (`bin`, ext type codes, `float
/// 32`, array form, integer keys) is also said in `x-msgpack` annotations,
/// which validators ignore.
///
/// The schema accepts the messages the type reads, as far as JSON Schema
/// can say it and in the terms of [`check`](msgpack_core::schema::check): a field the
/// reader requires is `required`, any other may be absent, unknown keys are
/// allowed unless `deny_unknown_fields`, aliases are accepted. Leniencies
/// of the decoder that the check does not rely on (a map-form struct
/// reading its array form, a timestamp in a longer layout than needed) are
/// left out.
///
/// # The mapping
///
/// | shape | schema |
/// |---|---|
/// | any (`Value`) | `{}` |
/// | nil (`()`) | `{"type": "null"}` |
/// | bool | `{"type": "boolean"}` |
/// | integer | `{"type": "integer", "minimum": min, "maximum": max}`; `NonZero*` adds `"not": {"const": 0}` |
/// | `f32`, `f64` | `{"anyOf": [{"type": "number"}, {"$float": "NaN" / "Infinity" / "-Infinity"}]}`, `"x-msgpack": {"type": "float32"}` (or `"float64"`) |
/// | str | `{"type": "string"}`; `char`: with `"minLength": 1, "maxLength": 1` |
/// | bin | `{"type": "object", "properties": {"$bin": {"type": "string", "contentEncoding": "base64"}}, ...}`, `"x-msgpack": {"type": "bin"}`; `[u8; N]`: a `"pattern"` that fixes the base64 length and padding, and `"len": N`; a buffer that also reads an array of integers (`Vec<u8>`) is `anyOf` that and an array of `0..=255` |
/// | ext | the `$ext` object (`"type": {"const": code}` when fixed), `"x-msgpack": {"type": "ext", "code": N}`; any ext also the `$timestamp` object |
/// | timestamp | the `$timestamp` object (a string), `"x-msgpack": {"type": "timestamp"}` |
/// | `Option<T>` | `{"anyOf": [T, {"type": "null"}]}` |
/// | sequence | `{"type": "array", "items": T}` (`[T; N]`: with `minItems` = `maxItems` = N) |
/// | tuple | `{"type": "array", "prefixItems": [...], "items": false, "minItems": n, "maxItems": n}` |
/// | map, string keys | `{"type": "object", "additionalProperties": V}` (and `"propertyNames": K` when the key is not a plain string, e.g. a unit enum) |
/// | map, other keys | `{"$map": [[K, V], ...]}` (or `{}`, which is how an empty map prints) |
/// | struct, enum, newtype | `{"$ref": "#/$defs/Name"}` |
/// | `with` field (opaque) | `{"x-msgpack": {"with": "module", "rust_type": "T"}}` (anything) |
///
/// Named types are defined once under `"$defs"`, in the order they are
/// first referred to, and referred to with `"$ref"` (recursion included);
/// two types with one Rust name (from two modules, or two instantiations
/// of a generic type) are `Name` and `Name2`. The document is the root's
/// schema (a `"$ref"` and `"title"` for a named root), pretty-printed with
/// a fixed order of keys, so the output is the same from run to run and
/// diffs well.
///
/// Structs:
///
/// - **map form**: `{"type": "object", "properties": {...}, "required": [...]}`,
///   `required` listing the fields the reader requires (no `default`, not
///   an `Option`); an alias is one more property (annotated
///   `"x-msgpack": {"alias_of": "key"}`), and a required field with
///   aliases needs one of its names (`"allOf": [{"anyOf": [{"required":
///   ["key"]}, {"required": ["old"]}]}]`). `deny_unknown_fields` is
///   `"additionalProperties": false`. Flattened structs' fields are the
///   struct's own; a flattened catch-all map is `"additionalProperties"`
///   with its value's schema.
/// - **integer keys** (`key = N`): the map is a `$map` array of pairs, each
///   pair one of the fields (`{"title": "id", "prefixItems": [{"const":
///   1}, T]}`) or, unless `deny_unknown_fields`, any other key; a required
///   field is a `"contains"`; `"x-msgpack": {"keys": "int"}`.
/// - **array form**: `{"type": "array", "prefixItems": [...]}` with a
///   `"title"` per position, `"minItems"` up to the last required field,
///   `"items": false` with `deny_unknown_fields`, and
///   `"x-msgpack": {"form": "array"}`.
/// - **tuple structs** are tuples; **unit structs** `{"type": ["array",
///   "null"], "maxItems": 0}`.
///
/// Enums (each variant titled with its Rust name; `"x-msgpack": {"tagging":
/// ...}` says which tagging):
///
/// - **external**, unit variants only: `{"enum": ["A", "B"]}` (aliases
///   included; integers for `index` enums); with data: `"oneOf"` of the tag
///   string for a unit variant and `{"type": "object", "properties":
///   {"V": payload}, "required": ["V"], "additionalProperties": false}`
///   for the others.
/// - **internal** (`tag = "t"`): `"oneOf"` of objects holding `"t":
///   {"const": "V"}` beside the variant's fields (a newtype variant's struct
///   fields inline).
/// - **adjacent** (`tag`, `content`): per variant `"anyOf"` of the map
///   `{"t": "V", "c": payload}` and the array `["V", payload]` (the reader
///   reads both).
/// - **untagged** (and `untagged` variants of tagged enums, annotated
///   `"x-msgpack": {"untagged": true}`): the payload alone (`null` for a
///   unit variant), and `"anyOf"` instead of `"oneOf"`.
/// - an **`other`** variant adds an alternative that accepts any value in
///   the tagging's shape (a unit `other`: any string or one-entry object,
///   externally; any object with the tag, internally), one holding the value
///   accepts anything; annotated `"x-msgpack": {"other": true}`, with
///   `"anyOf"`.
///
/// Not said, because JSON Schema or the descriptor cannot: that `bin`,
/// ext and float 32 are what they are on the wire (only annotated), the
/// values of defaults, which fields the writer leaves out, the key type of a
/// flattened catch-all, that a one-entry map whose key is one of the
/// reserved names prints in the `$map` form, and a catch-all `other`'s
/// exclusion of the known tags.
///
/// ```
/// use msgpack_core::MsgPack;
/// use msgpack_schema::json_schema;
///
/// #[derive(MsgPack)]
/// struct User { id: u32, #[msgpack(rename = "n")] name: String, email: Option<String> }
///
/// let schema = json_schema::<User>();
/// assert!(schema.starts_with(r##"{
///   "$schema": "https://json-schema.org/draft/2020-12/schema",
///   "title": "User",
///   "$ref": "#/$defs/User",
///   "$defs": {
///     "User": {
///       "type": "object",
///       "properties": {
///         "id": {
///           "type": "integer",
///           "minimum": 0,
///           "maximum": 4294967295
///         },
///         "n": {
///           "type": "string"
///         },"##));
/// assert!(schema.contains(r#""required": ["id", "n"]"#));
/// ```
///
/// ```
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack)]
/// #[msgpack(rename_all = "lowercase")]
/// enum Role { Admin, Guest }
///
/// let schema = msgpack_schema::json_schema::<Vec<Role>>();
/// assert!(schema.contains(r##""items": {
///     "$ref": "#/$defs/Role"
///   }"##));
/// assert!(schema.contains(r#""enum": ["admin", "guest"]"#));
/// ```
#[must_use]
pub fn json_schema<T: Schema + ?Sized>() -> String {
    json_schema_of(T::SHAPE.get())
}

/// JSON Schema (draft 2020-12) of a shape's wire form: see [`json_schema`]
/// for the mapping.
///
/// ```
/// use msgpack_core::schema::Schema;
/// use msgpack_schema::json_schema_of;
///
/// let schema = json_schema_of(<[u8; 4]>::SHAPE.get());
/// assert!(schema.contains(r#""contentEncoding": "base64""#));
/// assert!(schema.contains(r#""len": 4"#));
/// ```
#[must_use]
pub fn json_schema_of(shape: &'static Shape) -> String {
    let mut names = Names::new(&[]);
    let defs = Defs::collect(shape, &mut names);
    let cx = Cx { defs: &defs };
    let mut doc = J::obj().with("$schema", J::str(DRAFT));
    if let Some(named) = Named::of(shape) {
        doc.set("title", J::str(named.rust_name()));
    }
    if let J::Obj(entries) = cx.shape(shape, None) {
        for (k, v) in entries {
            doc.set(&k, v);
        }
    }
    if !defs.list.is_empty() {
        let mut all = J::obj();
        for (i, d) in defs.list.iter().enumerate() {
            all.set(&d.name, cx.definition(i));
        }
        doc.set("$defs", all);
    }
    doc.pretty()
}

/// Whether a shape's JSON form is a string, something else, or either.
#[derive(Clone, Copy)]
struct KeyKind {
    string: bool,
    other: bool,
}

impl KeyKind {
    const STRING: KeyKind = KeyKind { string: true, other: false };
    const OTHER: KeyKind = KeyKind { string: false, other: true };
    const ANY: KeyKind = KeyKind { string: true, other: true };

    fn or(self, o: KeyKind) -> KeyKind {
        KeyKind { string: self.string || o.string, other: self.other || o.other }
    }
}

/// One entry of a map-form struct (its own fields and those of flattened
/// structs), or the tag of an internally tagged variant.
struct Entry {
    title: &'static str,
    key: Key,
    aliases: &'static [&'static str],
    schema: J,
    required: bool,
}

struct Cx<'a> {
    defs: &'a Defs,
}

impl Cx<'_> {
    fn reference(&self, i: usize) -> J {
        J::obj().with("$ref", J::Str(alloc::format!("#/$defs/{}", self.defs.list[i].name)))
    }

    /// The body of definition `i`.
    fn definition(&self, i: usize) -> J {
        let at = Some(i);
        match self.defs.list[i].named {
            Named::Struct(d) => self.struct_body(d, at, None),
            Named::Enum(d) => self.enum_body(d, at),
            Named::Newtype(d) => self.shape(d.inner.get(), at),
        }
    }

    /// The schema of `s`, inside definition `at`.
    fn shape(&self, s: &'static Shape, at: Option<usize>) -> J {
        match s {
            Shape::Any => J::obj(),
            Shape::Nil => ty("null"),
            Shape::Bool => ty("boolean"),
            Shape::Int(i) => {
                let j = ty("integer").with("minimum", J::Int(i.min.into())).with("maximum", J::Int(i.max.into()));
                if i.nonzero { j.with("not", J::obj().with("const", J::Int(0))) } else { j }
            }
            Shape::F32 => float("float32"),
            Shape::F64 => float("float64"),
            Shape::Str => ty("string"),
            Shape::Char => ty("string").with("minLength", J::Int(1)).with("maxLength", J::Int(1)),
            Shape::Bin { len, from_array } => {
                let mut note = J::obj().with("type", J::str("bin"));
                if let Some(n) = len {
                    note.set("len", J::Int(*n as i128));
                }
                let bin = reserved("$bin", len.map_or_else(base64, base64_of_len));
                if *from_array {
                    let mut ints = ty("array")
                        .with("items", ty("integer").with("minimum", J::Int(0)).with("maximum", J::Int(255)));
                    if let Some(n) = len {
                        ints = ints.with("minItems", J::Int(*n as i128)).with("maxItems", J::Int(*n as i128));
                    }
                    note.set("from_array", J::Bool(true));
                    J::obj().with("anyOf", J::Arr(alloc::vec![bin, ints])).with("x-msgpack", note)
                } else {
                    bin.with("x-msgpack", note)
                }
            }
            Shape::Ext { type_code } => {
                let code = match type_code {
                    Some(c) => J::obj().with("const", J::Int((*c).into())),
                    None => ty("integer").with("minimum", J::Int(-128)).with("maximum", J::Int(127)),
                };
                let body = ty("object")
                    .with("properties", J::obj().with("type", code).with("data", base64()))
                    .with("required", J::strs(["type", "data"]))
                    .with("additionalProperties", J::Bool(false));
                let ext = reserved("$ext", body);
                let mut note = J::obj().with("type", J::str("ext"));
                if let Some(c) = type_code {
                    note.set("code", J::Int((*c).into()));
                }
                match type_code {
                    // A valid timestamp payload prints as `$timestamp`.
                    None | Some(-1) => J::obj().with("anyOf", J::Arr(alloc::vec![ext, timestamp()])),
                    Some(_) => ext,
                }
                .with("x-msgpack", note)
            }
            Shape::Timestamp => timestamp().annotate("type", J::str("timestamp")),
            Shape::Option(inner) => {
                J::obj().with("anyOf", J::Arr(alloc::vec![self.shape(inner.get(), at), ty("null")]))
            }
            Shape::Seq { elem, len } => {
                let j = ty("array").with("items", self.shape(elem.get(), at));
                match len {
                    Some(n) => j.with("minItems", J::Int(*n as i128)).with("maxItems", J::Int(*n as i128)),
                    None => j,
                }
            }
            Shape::Tuple(items) => {
                let n = J::Int(items.len() as i128);
                let mut j = ty("array");
                if !items.is_empty() {
                    j.set("prefixItems", J::Arr(items.iter().map(|i| self.shape(i.get(), at)).collect()));
                    j.set("items", J::Bool(false));
                    j.set("minItems", n.clone());
                }
                j.with("maxItems", n)
            }
            Shape::Map { key, value } => self.map(key.get(), value.get(), at),
            Shape::Struct(_) | Shape::Enum(_) | Shape::Newtype(_) => match self.defs.find(s) {
                Some(i) => self.reference(i),
                None => J::obj(),
            },
            Shape::Recur { name, id } => match self.defs.recur(at, id) {
                Some(i) => self.reference(i),
                None => J::obj().annotate("unresolved", J::str(name)),
            },
            Shape::Opaque { with, ty } => J::obj().annotate("with", J::str(with)).annotate("rust_type", J::str(ty)),
            // A shape kind newer than this crate (`Shape` is non-exhaustive):
            // any value, as for `Value`.
            _ => J::obj(),
        }
    }

    fn map(&self, key: &'static Shape, value: &'static Shape, at: Option<usize>) -> J {
        let kind = self.key_kind(key, at, 0);
        let object = || {
            let mut j = ty("object");
            if !matches!(key, Shape::Str) {
                j.set("propertyNames", self.shape(key, at));
            }
            if !matches!(value, Shape::Any) {
                j.set("additionalProperties", self.shape(value, at));
            }
            j
        };
        let pairs = || {
            let pair = ty("array")
                .with("prefixItems", J::Arr(alloc::vec![self.shape(key, at), self.shape(value, at)]))
                .with("items", J::Bool(false))
                .with("minItems", J::Int(2));
            reserved("$map", ty("array").with("items", pair))
        };
        match (kind.string, kind.other) {
            (true, false) => object(),
            (false, _) => any_of(alloc::vec![empty_object(), pairs()]),
            (true, true) => any_of(alloc::vec![object(), pairs()]),
        }
    }

    /// Whether `s` prints as a JSON string (usable as an object key).
    fn key_kind(&self, s: &'static Shape, at: Option<usize>, depth: usize) -> KeyKind {
        if depth > MAX_KEY_DEPTH {
            return KeyKind::ANY;
        }
        match s {
            Shape::Str | Shape::Char => KeyKind::STRING,
            Shape::Any | Shape::Opaque { .. } => KeyKind::ANY,
            Shape::Option(inner) => self.key_kind(inner.get(), at, depth + 1).or(KeyKind::OTHER),
            Shape::Newtype(d) => self.key_kind(d.inner.get(), self.defs.find(s), depth + 1),
            Shape::Enum(d) => self.enum_key_kind(d, self.defs.find(s), depth),
            Shape::Recur { id, .. } => match self.defs.recur(at, id) {
                Some(i) => match self.defs.list[i].named {
                    Named::Enum(d) => self.enum_key_kind(d, Some(i), depth),
                    Named::Newtype(d) => self.key_kind(d.inner.get(), Some(i), depth + 1),
                    Named::Struct(_) => KeyKind::OTHER,
                },
                None => KeyKind::ANY,
            },
            _ => KeyKind::OTHER,
        }
    }

    fn enum_key_kind(&self, d: &'static EnumDef, at: Option<usize>, depth: usize) -> KeyKind {
        let mut kind = KeyKind { string: false, other: false };
        for v in d.variants {
            let untagged = v.untagged || matches!(d.tagging, Tagging::Untagged);
            kind = kind.or(match (v.payload, untagged, d.tagging) {
                (Payload::Other(_), _, _) => KeyKind::ANY,
                (Payload::Unit, false, Tagging::External) => match v.tag {
                    Key::Str(_) => KeyKind::STRING,
                    Key::Int(_) => KeyKind::OTHER,
                },
                (Payload::Unit, true, _) => KeyKind::OTHER,
                (Payload::Newtype(s), true, _) => self.key_kind(s.get(), at, depth + 1),
                _ => KeyKind::OTHER,
            });
        }
        if d.other { kind.or(KeyKind::ANY) } else { kind }
    }
}

/// `{"type": name}`.
fn ty(name: &str) -> J {
    J::obj().with("type", J::str(name))
}

fn any_of(alts: Vec<J>) -> J {
    J::obj().with("anyOf", J::Arr(alts))
}

fn empty_object() -> J {
    ty("object").with("maxProperties", J::Int(0))
}

fn base64() -> J {
    ty("string").with("contentEncoding", J::str("base64"))
}

/// Base64 (standard alphabet, padded, as msgpack-json writes it) of exactly
/// `n` bytes: a pattern that fixes the length and the padding.
fn base64_of_len(n: usize) -> J {
    let tail = match n % 3 {
        0 => "",
        1 => "[A-Za-z0-9+/]{2}==",
        _ => "[A-Za-z0-9+/]{3}=",
    };
    let groups = match n / 3 {
        0 => String::new(),
        k => alloc::format!("(?:[A-Za-z0-9+/]{{4}}){{{k}}}"),
    };
    base64().with("pattern", J::Str(alloc::format!("^{groups}{tail}$")))
}

/// msgpack-json's one-entry object `{"$key": inner}`.
fn reserved(key: &str, inner: J) -> J {
    ty("object")
        .with("properties", J::obj().with(key, inner))
        .with("required", J::strs([key]))
        .with("additionalProperties", J::Bool(false))
}

fn timestamp() -> J {
    reserved("$timestamp", ty("string"))
}

fn float(name: &str) -> J {
    let nonfinite = reserved("$float", J::obj().with("enum", J::strs(["NaN", "Infinity", "-Infinity"])));
    any_of(alloc::vec![ty("number"), nonfinite]).annotate("type", J::str(name))
}

fn key_json(k: &Key) -> J {
    match k {
        Key::Str(s) => J::str(s),
        Key::Int(i) => J::Int((*i).into()),
    }
}

#[cfg(test)]
mod tests;
