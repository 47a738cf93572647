//! Lock-file text back into live descriptors, so that recorded versions
//! can be checked and fingerprinted at test time and by tools.
//!
//! The descriptors are leaked (`'static`, as every [`Shape`] is): this is
//! for tests and command-line tools, which read a few lock files per
//! process. A definition that refers back to one it is inside of is
//! written as [`Shape::Recur`] (no cycles between allocations); the
//! check and the fingerprint treat that exactly as the derive's
//! self-referring `static`s.

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use msgpack_schema_text as text;

use msgpack_core::schema::{
    EnumDef, FieldDef, Form, IntShape, Key, NewtypeDef, Payload, Shape, ShapeRef, StructDef, Tagging, VariantDef,
};

/// How many descriptors one conversion may allocate (a lock file whose
/// references fan out exponentially is refused, not expanded).
const MAX_NODES: usize = 200_000;

fn leak<T>(v: T) -> &'static T {
    Box::leak(Box::new(v))
}

fn leak_str(s: &str) -> &'static str {
    Box::leak(String::from(s).into_boxed_str())
}

fn leak_slice<T>(v: Vec<T>) -> &'static [T] {
    Box::leak(v.into_boxed_slice())
}

/// The descriptor of a version's root definition; with `label`, every
/// definition's `name` is `{name}@{version}` (for messages), else its name
/// in the file; ids are unique to the version.
///
/// # Errors
///
/// A schema that expands to more than [`MAX_NODES`] descriptors.
pub(crate) fn root_shape(v: &text::Version, label: bool) -> Result<&'static Shape, String> {
    let mut b =
        Builder { label, version: v.number, defs: &v.defs, stack: Vec::new(), closed: BTreeMap::new(), nodes: 0 };
    let root = v.defs.first().ok_or_else(|| String::from("a version without definitions"))?;
    let (s, _) = b.def(&root.name)?;
    Ok(s)
}

struct Builder<'a> {
    label: bool,
    version: u32,
    defs: &'a [text::Def],
    /// The definitions being built, innermost last.
    stack: Vec<&'a str>,
    /// Built definitions that do not refer outside themselves: reused.
    closed: BTreeMap<&'a str, &'static Shape>,
    nodes: usize,
}

/// A built shape and the outermost stack depth it refers back to
/// (`usize::MAX`: none).
type Built = (&'static Shape, usize);

impl<'a> Builder<'a> {
    fn count(&mut self) -> Result<(), String> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(format!("the schema expands to more than {MAX_NODES} descriptors"));
        }
        Ok(())
    }

    fn label_of(&self, name: &str) -> &'static str {
        if self.label { leak_str(&format!("{name}@{}", self.version)) } else { leak_str(name) }
    }

    fn def(&mut self, name: &'a str) -> Result<Built, String> {
        if let Some(depth) = self.stack.iter().position(|n| *n == name) {
            self.count()?;
            let label = self.label_of(name);
            let id = leak_str(&format!("lock:{}:{name}", self.version));
            return Ok((leak(Shape::Recur { name: label, id }), depth));
        }
        if let Some(s) = self.closed.get(name) {
            return Ok((s, usize::MAX));
        }
        let d = self.defs.iter().find(|d| d.name == name).ok_or_else(|| format!("`{name}` is not defined"))?;
        let label = self.label_of(name);
        let id = leak_str(&format!("lock:{}:{name}", self.version));
        let here = self.stack.len();
        self.stack.push(name);
        let built = self.body(&d.body, label, id);
        self.stack.pop();
        let (shape, outer) = built?;
        // References back to this definition are resolved here.
        let outer = if outer >= here { usize::MAX } else { outer };
        if outer == usize::MAX {
            self.closed.insert(name, shape);
        }
        Ok((shape, outer))
    }

    fn body(&mut self, b: &'a text::Body, name: &'static str, id: &'static str) -> Result<Built, String> {
        self.count()?;
        Ok(match b {
            text::Body::Newtype(t) => {
                let (inner, o) = self.ty(t)?;
                (leak(Shape::Newtype(leak(NewtypeDef { name, id, generic: false, inner }))), o)
            }
            text::Body::Struct(s) => {
                let (def, o) = self.struct_def(s, name, id)?;
                (leak(Shape::Struct(def)), o)
            }
            text::Body::Enum(e) => {
                let mut outer = usize::MAX;
                let mut variants = Vec::new();
                for v in &e.variants {
                    // The text records a variant by its tag; the Rust name is not part of the schema.
                    let vname = match &v.tag {
                        text::Key::Str(t) => leak_str(t),
                        text::Key::Int(i) => leak_str(&format!("{i}")),
                    };
                    let payload = match &v.payload {
                        text::Payload::Unit => Payload::Unit,
                        text::Payload::Newtype(t) => {
                            let (s, o) = self.ty(t)?;
                            outer = outer.min(o);
                            Payload::Newtype(s)
                        }
                        text::Payload::Other(t) => {
                            let (s, o) = self.ty(t)?;
                            outer = outer.min(o);
                            Payload::Other(s)
                        }
                        text::Payload::Struct(s) => {
                            let (def, o) = self.struct_def(s, vname, id)?;
                            outer = outer.min(o);
                            Payload::Struct(def)
                        }
                    };
                    variants.push(VariantDef {
                        name: vname,
                        tag: key(&v.tag),
                        aliases: leak_slice(v.aliases.iter().map(|a| leak_str(a)).collect()),
                        payload,
                        untagged: v.untagged || e.tagging == text::Tagging::Untagged,
                    });
                }
                let tagging = match &e.tagging {
                    text::Tagging::External => Tagging::External,
                    text::Tagging::Internal(t) => Tagging::Internal(leak_str(t)),
                    text::Tagging::Adjacent { tag, content } => {
                        Tagging::Adjacent { tag: leak_str(tag), content: leak_str(content) }
                    }
                    text::Tagging::Untagged => Tagging::Untagged,
                };
                let def =
                    leak(EnumDef { name, id, generic: false, tagging, variants: leak_slice(variants), other: e.other });
                (leak(Shape::Enum(def)), outer)
            }
        })
    }

    fn struct_def(
        &mut self,
        s: &'a text::StructBody,
        name: &'static str,
        id: &'static str,
    ) -> Result<(&'static StructDef, usize), String> {
        let form = match s.form {
            text::Form::Map => Form::Map,
            text::Form::Array => Form::Array,
            text::Form::Tuple => Form::Tuple,
            text::Form::Unit => Form::Unit,
        };
        let mut outer = usize::MAX;
        let mut fields = Vec::new();
        for f in &s.fields {
            let (shape, o) = self.ty(&f.ty)?;
            outer = outer.min(o);
            let fname = match (&f.name, &f.key) {
                (Some(n), _) => leak_str(n),
                (None, text::Key::Str(k)) => leak_str(k),
                (None, text::Key::Int(i)) => leak_str(&format!("{i}")),
            };
            fields.push(FieldDef {
                name: fname,
                key: key(&f.key),
                aliases: leak_slice(f.aliases.iter().map(|a| leak_str(a)).collect()),
                shape,
                required: f.required,
                always_written: f.always_written,
                flatten: f.flatten,
            });
        }
        let def = leak(StructDef {
            name,
            id,
            generic: false,
            form,
            fields: leak_slice(fields),
            deny_unknown_fields: s.deny_unknown_fields,
        });
        Ok((def, outer))
    }

    fn ty(&mut self, t: &'a text::Ty) -> Result<(ShapeRef, usize), String> {
        use text::Ty;
        self.count()?;
        let mut outer = usize::MAX;
        let shape: &'static Shape = match t {
            Ty::Any => &Shape::Any,
            Ty::Nil => &Shape::Nil,
            Ty::Bool => &Shape::Bool,
            Ty::Int { min, max, nonzero } => {
                let name = match Ty::int_keyword(*min, *max) {
                    Some(k) if !nonzero => k,
                    _ => leak_str(&t.text()),
                };
                leak(Shape::Int(IntShape { name, min: *min, max: *max, nonzero: *nonzero }))
            }
            Ty::F32 => &Shape::F32,
            Ty::F64 => &Shape::F64,
            Ty::Str => &Shape::Str,
            Ty::Char => &Shape::Char,
            Ty::Bin { len, from_array } => leak(Shape::Bin { len: len_of(*len)?, from_array: *from_array }),
            Ty::Ext(code) => leak(Shape::Ext { type_code: *code }),
            Ty::Timestamp => &Shape::Timestamp,
            Ty::Option(i) => {
                let (s, o) = self.ty(i)?;
                outer = o;
                leak(Shape::Option(s))
            }
            Ty::Seq { elem, len } => {
                let (s, o) = self.ty(elem)?;
                outer = o;
                leak(Shape::Seq { elem: s, len: len_of(*len)? })
            }
            Ty::Tuple(items) => {
                let mut v = Vec::new();
                for i in items {
                    let (s, o) = self.ty(i)?;
                    outer = outer.min(o);
                    v.push(s);
                }
                leak(Shape::Tuple(leak_slice(v)))
            }
            Ty::Map { key, value } => {
                let (k, o1) = self.ty(key)?;
                let (v, o2) = self.ty(value)?;
                outer = o1.min(o2);
                leak(Shape::Map { key: k, value: v })
            }
            Ty::Opaque { with, ty } => leak(Shape::Opaque { with: leak_str(with), ty: leak_str(ty) }),
            Ty::Named(n) => {
                let (s, o) = self.def(n)?;
                outer = o;
                s
            }
        };
        Ok((ShapeRef::new(shape), outer))
    }
}

fn len_of(len: Option<u64>) -> Result<Option<usize>, String> {
    len.map(|n| usize::try_from(n).map_err(|_| format!("the length {n} does not fit this platform"))).transpose()
}

fn key(k: &text::Key) -> Key {
    match k {
        text::Key::Str(s) => Key::Str(leak_str(s)),
        text::Key::Int(i) => Key::Int(*i),
    }
}
