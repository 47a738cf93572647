//! Python type expressions of shapes, their defaults, and what MessagePack
//! types they read (msgspec's union categories).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::state::{Gen, MAX_DEPTH, Place, R, unit_enum};
use crate::json_schema::Named;
use msgpack_core::schema::{EnumDef, Form, Key, Payload, Shape, Tagging};

/// What MessagePack types a Python type reads, in msgspec's union
/// categories (at most one of each per union, several tagged Structs of one
/// union aside).
#[derive(Clone, Copy, Default)]
pub(super) struct Kinds {
    pub(super) bits: u16,
    pub(super) tagged: bool,
}

pub(super) const NIL: u16 = 1;
pub(super) const BOOL: u16 = 2;
pub(super) const INT: u16 = 4;
pub(super) const FLOAT: u16 = 8;
pub(super) const STR: u16 = 16;
pub(super) const ARRAY: u16 = 32;
pub(super) const DICT: u16 = 64;
pub(super) const EXT: u16 = 128;
pub(super) const ANY: u16 = 256;

pub(super) const KIND_NAMES: [&str; 9] = [
    "nil",
    "a boolean",
    "an integer",
    "a float",
    "string-like (str, bytes, an enum or a datetime, one per msgspec union)",
    "an array",
    "a map",
    "an ext",
    "any value",
];

impl Kinds {
    pub(super) fn bits(bits: u16) -> Kinds {
        Kinds { bits, tagged: false }
    }

    /// The union of two members, or what they both read.
    pub(super) fn merge(self, o: Kinds) -> Result<Kinds, &'static str> {
        let both = self.bits & o.bits;
        if both != 0 {
            return Err(KIND_NAMES[both.trailing_zeros() as usize]);
        }
        let any = (self.bits | o.bits) & ANY != 0;
        let a_empty = self.bits == 0 && !self.tagged;
        let b_empty = o.bits == 0 && !o.tagged;
        if any && !a_empty && !b_empty {
            return Err(KIND_NAMES[8]);
        }
        if self.tagged && o.tagged {
            return Err("tagged Structs of another union");
        }
        if (self.tagged && o.bits & DICT != 0) || (o.tagged && self.bits & DICT != 0) {
            return Err(KIND_NAMES[6]);
        }
        Ok(Kinds { bits: self.bits | o.bits, tagged: self.tagged || o.tagged })
    }
}

/// A field's default, as Python source.
pub(super) enum PyDefault {
    /// `= value`.
    Value(String),
    /// `= msgspec.field(default_factory=f)`.
    Factory(&'static str),
}

impl Gen<'_> {
    /// The Python type of `s`, inside definition `at`.
    pub(super) fn ty(&mut self, s: &'static Shape, at: Option<usize>, place: Place) -> R<String> {
        Ok(match s {
            Shape::Any => {
                self.uses.any = true;
                String::from("Any")
            }
            Shape::Nil => String::from("None"),
            Shape::Bool => String::from("bool"),
            Shape::Int(i) => {
                let ge = (i.min > i64::MIN).then_some(i.min);
                let le = (i.max <= i64::MAX as u64).then_some(i.max);
                match (ge, le) {
                    (None, None) => String::from("int"),
                    _ => {
                        let mut bounds = Vec::new();
                        bounds.extend(ge.map(|g| format!("ge={g}")));
                        bounds.extend(le.map(|l| format!("le={l}")));
                        self.annotated("int", &bounds.join(", "))
                    }
                }
            }
            Shape::F32 => {
                return Err(place.err("f32: msgspec writes every float as float 64, which an f32 does not read"));
            }
            Shape::F64 => String::from("float"),
            Shape::Str => String::from("str"),
            Shape::Char => self.annotated("str", "min_length=1, max_length=1"),
            Shape::Bin { len: None, .. } => String::from("bytes"),
            Shape::Bin { len: Some(n), .. } => self.annotated("bytes", &format!("min_length={n}, max_length={n}")),
            Shape::Ext { .. } => String::from("msgspec.msgpack.Ext"),
            Shape::Timestamp => {
                self.uses.datetime = true;
                String::from("datetime.datetime")
            }
            Shape::Option(inner) => {
                self.uses.optional = true;
                format!("Optional[{}]", self.ty(inner.get(), at, place)?)
            }
            Shape::Seq { elem, len: None } => format!("list[{}]", self.ty(elem.get(), at, place)?),
            Shape::Seq { elem, len: Some(n) } => {
                let t = self.ty(elem.get(), at, place)?;
                tuple(core::iter::repeat_n(t, *n).collect())
            }
            Shape::Tuple(items) => {
                let mut ts = Vec::new();
                for item in *items {
                    ts.push(self.ty(item.get(), at, place)?);
                }
                tuple(ts)
            }
            Shape::Map { key, value } => {
                if !self.hashable_key(key.get(), at, 0) {
                    return Err(place.err(format!(
                        "a map keyed by {}: msgspec reads dict keys of strings, integers, floats, booleans, bytes, \
                         datetimes, enums and tuples of those",
                        self.label(key.get())
                    )));
                }
                let k = self.ty(key.get(), at, place)?;
                format!("dict[{k}, {}]", self.ty(value.get(), at, place)?)
            }
            Shape::Struct(_) | Shape::Enum(_) => match self.defs.find(s) {
                Some(i) => self.def_name(i),
                None => return Err(place.err("a type outside the collected definitions")),
            },
            Shape::Newtype(d) => {
                let inner_at = self.defs.find(s).or(at);
                self.ty(d.inner.get(), inner_at, place)?
            }
            Shape::Recur { name, id } => match self.defs.recur(at, id) {
                Some(i) if !matches!(self.defs.list[i].named, Named::Newtype(_)) => self.def_name(i),
                Some(_) => {
                    return Err(
                        place.err(format!("the newtype {name} contains itself: msgspec has no recursive aliases"))
                    );
                }
                None => return Err(place.err(format!("an unresolved recursion to {name}"))),
            },
            Shape::Opaque { with, ty } => {
                return Err(place.err(format!(
                    "a field encoded by Rust code (`with = \"{with}\"` on {ty}), whose bytes the schema does not describe"
                )));
            }
            // `Shape` is non-exhaustive: a kind newer than this crate.
            _ => {
                return Err(
                    place.err(format!("{}: a shape this version of msgpack-schema does not know", self.label(s)))
                );
            }
        })
    }

    pub(super) fn def_name(&mut self, i: usize) -> String {
        if let Named::Enum(d) = self.defs.list[i].named
            && !unit_enum(d)
        {
            self.refs.push(i);
        }
        self.defs.list[i].name.clone()
    }

    pub(super) fn annotated(&mut self, ty: &str, meta: &str) -> String {
        self.uses.annotated = true;
        format!("Annotated[{ty}, msgspec.Meta({meta})]")
    }

    /// Whether msgspec reads `s` as a dict key.
    pub(super) fn hashable_key(&self, s: &'static Shape, at: Option<usize>, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match s {
            Shape::Str
            | Shape::Char
            | Shape::Int(_)
            | Shape::Bool
            | Shape::F64
            | Shape::Bin { .. }
            | Shape::Timestamp => true,
            Shape::Seq { elem, len: Some(_) } => self.hashable_key(elem.get(), at, depth + 1),
            Shape::Tuple(items) => items.iter().all(|i| self.hashable_key(i.get(), at, depth + 1)),
            Shape::Newtype(d) => self.hashable_key(d.inner.get(), self.defs.find(s).or(at), depth + 1),
            Shape::Enum(d) => unit_enum(d),
            _ => false,
        }
    }

    /// What MessagePack types the Python type of `s` reads (for unions).
    pub(super) fn kinds(&self, s: &'static Shape, at: Option<usize>, depth: usize) -> Kinds {
        if depth > MAX_DEPTH {
            return Kinds::bits(ANY);
        }
        Kinds::bits(match s {
            Shape::Any | Shape::Opaque { .. } => ANY,
            Shape::Nil => NIL,
            Shape::Bool => BOOL,
            Shape::Int(_) => INT,
            Shape::F32 | Shape::F64 => FLOAT,
            Shape::Str | Shape::Char => STR,
            // Rust also reads an array into an owned byte buffer.
            Shape::Bin { from_array, .. } => STR | if *from_array { ARRAY } else { 0 },
            Shape::Ext { .. } => EXT,
            // A `datetime` is string-like for msgspec, an ext on the wire.
            Shape::Timestamp => STR | EXT,
            Shape::Option(inner) => {
                let k = self.kinds(inner.get(), at, depth + 1);
                return Kinds { bits: k.bits | NIL, ..k };
            }
            Shape::Seq { .. } | Shape::Tuple(_) => ARRAY,
            Shape::Map { .. } => DICT,
            Shape::Struct(d) => form_kind(d.form),
            Shape::Enum(d) => return self.enum_kinds(d, self.defs.find(s), depth),
            Shape::Newtype(d) => return self.kinds(d.inner.get(), self.defs.find(s).or(at), depth + 1),
            Shape::Recur { id, .. } => match self.defs.recur(at, id) {
                Some(i) => match self.defs.list[i].named {
                    Named::Struct(d) => form_kind(d.form),
                    Named::Enum(d) => return self.enum_kinds(d, Some(i), depth),
                    Named::Newtype(d) => return self.kinds(d.inner.get(), Some(i), depth + 1),
                },
                None => ANY,
            },
            // `Shape` is non-exhaustive: a kind newer than this crate.
            _ => ANY,
        })
    }

    pub(super) fn enum_kinds(&self, d: &'static EnumDef, at: Option<usize>, depth: usize) -> Kinds {
        if unit_enum(d) {
            let ints = d.variants.iter().any(|v| matches!(v.tag, Key::Int(_)));
            return Kinds::bits(if ints { INT } else { STR });
        }
        let mut k = Kinds::default();
        for v in d.variants {
            let untagged = v.untagged || matches!(d.tagging, Tagging::Untagged);
            let m = match (untagged, v.payload) {
                (false, _) => Kinds { bits: 0, tagged: true },
                (true, Payload::Unit) => Kinds::bits(NIL),
                (true, Payload::Newtype(s)) => self.kinds(s.get(), at, depth + 1),
                (true, Payload::Struct(sd)) => Kinds::bits(form_kind(sd.form)),
                (true, Payload::Other(_)) => Kinds::bits(ANY),
            };
            k = Kinds { bits: k.bits | m.bits, tagged: k.tagged || m.tagged };
        }
        k
    }

    /// The Python default equal to Rust's `Default` of `s`, where the shape
    /// tells it.
    pub(super) fn default_of(&self, s: &'static Shape, at: Option<usize>, depth: usize) -> Option<PyDefault> {
        if depth > MAX_DEPTH {
            return None;
        }
        let value = |v: &str| Some(PyDefault::Value(String::from(v)));
        match s {
            Shape::Option(_) | Shape::Nil | Shape::Any => value("None"),
            Shape::Bool => value("False"),
            Shape::Int(i) if i.min <= 0 && !i.nonzero => value("0"),
            Shape::F64 => value("0.0"),
            Shape::Str => value("\"\""),
            Shape::Char => value("\"\\x00\""),
            Shape::Bin { len: None, .. } => value("b\"\""),
            Shape::Bin { len: Some(n), .. } => Some(PyDefault::Value(format!("bytes({n})"))),
            Shape::Seq { len: None, .. } => Some(PyDefault::Factory("list")),
            Shape::Map { .. } => Some(PyDefault::Factory("dict")),
            Shape::Seq { elem, len: Some(n) } => match self.default_of(elem.get(), at, depth + 1)? {
                PyDefault::Value(v) => Some(PyDefault::Value(tuple_value(core::iter::repeat_n(v, *n).collect()))),
                PyDefault::Factory(_) => None,
            },
            Shape::Tuple(items) => {
                let mut vs = Vec::new();
                for item in *items {
                    match self.default_of(item.get(), at, depth + 1)? {
                        PyDefault::Value(v) => vs.push(v),
                        PyDefault::Factory(_) => return None,
                    }
                }
                Some(PyDefault::Value(tuple_value(vs)))
            }
            Shape::Newtype(d) => self.default_of(d.inner.get(), self.defs.find(s).or(at), depth + 1),
            _ => None,
        }
    }

    /// A short name of a shape, for messages.
    pub(super) fn label(&self, s: &'static Shape) -> String {
        match s {
            Shape::Struct(d) => format!("the struct {}", d.name),
            Shape::Enum(d) => format!("the enum {}", d.name),
            Shape::Newtype(d) => format!("the newtype {}", d.name),
            Shape::Recur { name, .. } => String::from(*name),
            Shape::Int(i) => String::from(i.name),
            Shape::Ext { .. } => String::from("an ext"),
            Shape::Timestamp => String::from("a timestamp"),
            Shape::F32 => String::from("f32"),
            Shape::Any => String::from("any value"),
            Shape::Seq { .. } | Shape::Tuple(_) => String::from("an array"),
            Shape::Map { .. } => String::from("a map"),
            Shape::Option(_) => String::from("an Option"),
            _ => String::from("this type"),
        }
    }
}

fn form_kind(form: Form) -> u16 {
    if form == Form::Map { DICT } else { ARRAY }
}

/// `tuple[A, B]`, `tuple[()]` for none.
fn tuple(items: Vec<String>) -> String {
    if items.is_empty() { String::from("tuple[()]") } else { format!("tuple[{}]", items.join(", ")) }
}

/// `(a, b)`, `(a,)`, `()`.
fn tuple_value(items: Vec<String>) -> String {
    match items.len() {
        1 => format!("({},)", items[0]),
        _ => format!("({})", items.join(", ")),
    }
}
