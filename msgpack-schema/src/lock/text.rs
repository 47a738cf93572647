//! A live schema as lock-file text: every named type it reaches, each
//! defined once, under a name unique in the version.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use msgpack_schema_text as text;

use msgpack_core::schema::{EnumDef, FieldDef, Form, Key, NewtypeDef, Payload, Shape, StructDef, Tagging};

/// The definitions of `root` (a derived type), the root first.
///
/// # Errors
///
/// A hand-built shape with a [`Shape::Recur`] outside its definition.
pub(crate) fn defs(root: &'static Shape) -> Result<Vec<text::Def>, String> {
    let mut w = Walker { defs: Vec::new(), seen: Vec::new(), stack: Vec::new() };
    match root {
        Shape::Struct(_) | Shape::Enum(_) | Shape::Newtype(_) => {
            w.ty(root)?;
        }
        other => {
            // Not a derived type: a definition named after its label.
            let t = w.ty(other)?;
            w.defs.insert(0, Some(text::Def { name: String::from("Root"), body: text::Body::Newtype(t), line: 0 }));
        }
    }
    Ok(w.defs.into_iter().map(|d| d.expect("every queued definition is filled in")).collect())
}

/// What identifies a named definition: its id for a type without
/// parameters; id and fingerprint for an instantiation of a generic one
/// (their descriptors are `const`s, so addresses say nothing).
#[derive(PartialEq, Eq)]
struct Ident {
    id: &'static str,
    fingerprint: Option<u64>,
}

struct Walker {
    defs: Vec<Option<text::Def>>,
    /// Known definitions: identity, name.
    seen: Vec<(Ident, String)>,
    /// The definitions being converted (id, name), innermost last, for `Recur`.
    stack: Vec<(&'static str, String)>,
}

impl Walker {
    fn name_for(&self, base: &str) -> String {
        let taken = |n: &str| text::is_keyword(n) || self.seen.iter().any(|(_, m)| m == n);
        if !taken(base) {
            return base.to_string();
        }
        (2..).map(|i| format!("{base}#{i}")).find(|n| !taken(n)).unwrap_or_default()
    }

    /// A named type: a reference, defining it on first sight.
    fn named(
        &mut self,
        shape: &'static Shape,
        name: &str,
        id: &'static str,
        generic: bool,
        body: impl FnOnce(&mut Self) -> Result<text::Body, String>,
    ) -> Result<text::Ty, String> {
        let ident = Ident { id, fingerprint: generic.then(|| shape.fingerprint()) };
        if let Some((_, n)) = self.seen.iter().find(|(i, _)| *i == ident) {
            return Ok(text::Ty::Named(n.clone()));
        }
        let n = self.name_for(name);
        self.seen.push((ident, n.clone()));
        let slot = self.defs.len();
        self.defs.push(None);
        self.stack.push((id, n.clone()));
        let b = body(self);
        self.stack.pop();
        self.defs[slot] = Some(text::Def { name: n.clone(), body: b?, line: 0 });
        Ok(text::Ty::Named(n))
    }

    fn ty(&mut self, s: &'static Shape) -> Result<text::Ty, String> {
        use text::Ty;
        Ok(match s {
            Shape::Any => Ty::Any,
            Shape::Nil => Ty::Nil,
            Shape::Bool => Ty::Bool,
            Shape::Int(i) => Ty::Int { min: i.min, max: i.max, nonzero: i.nonzero },
            Shape::F32 => Ty::F32,
            Shape::F64 => Ty::F64,
            Shape::Str => Ty::Str,
            Shape::Char => Ty::Char,
            Shape::Bin { len, from_array } => Ty::Bin { len: len.map(|n| n as u64), from_array: *from_array },
            Shape::Ext { type_code } => Ty::Ext(*type_code),
            Shape::Timestamp => Ty::Timestamp,
            Shape::Option(i) => Ty::Option(alloc::boxed::Box::new(self.ty(i.get())?)),
            Shape::Seq { elem, len } => {
                Ty::Seq { elem: alloc::boxed::Box::new(self.ty(elem.get())?), len: len.map(|n| n as u64) }
            }
            Shape::Tuple(items) => Ty::Tuple(items.iter().map(|i| self.ty(i.get())).collect::<Result<_, _>>()?),
            Shape::Map { key, value } => Ty::Map {
                key: alloc::boxed::Box::new(self.ty(key.get())?),
                value: alloc::boxed::Box::new(self.ty(value.get())?),
            },
            Shape::Opaque { with, ty } => Ty::Opaque { with: with.to_string(), ty: ty.to_string() },
            Shape::Recur { name, id } => match self.stack.iter().rev().find(|(i, _)| i == id) {
                Some((_, n)) => Ty::Named(n.clone()),
                None => return Err(format!("`{name}` refers to itself outside its own definition")),
            },
            Shape::Struct(d) => {
                let d: &'static StructDef = d;
                self.named(s, d.name, d.id, d.generic, |w| Ok(text::Body::Struct(w.struct_body(d)?)))?
            }
            Shape::Enum(d) => {
                let d: &'static EnumDef = d;
                self.named(s, d.name, d.id, d.generic, |w| Ok(text::Body::Enum(w.enum_body(d)?)))?
            }
            Shape::Newtype(d) => {
                let d: &'static NewtypeDef = d;
                self.named(s, d.name, d.id, d.generic, |w| Ok(text::Body::Newtype(w.ty(d.inner.get())?)))?
            }
            // `Shape` is non-exhaustive: a kind newer than this crate.
            _ => return Err(format!("{s}: a shape this version of msgpack-schema does not know")),
        })
    }

    fn struct_body(&mut self, d: &'static StructDef) -> Result<text::StructBody, String> {
        let form = match d.form {
            Form::Map => text::Form::Map,
            Form::Array => text::Form::Array,
            Form::Tuple => text::Form::Tuple,
            Form::Unit => text::Form::Unit,
        };
        let fields = d.fields.iter().map(|f| self.field(d.form, f)).collect::<Result<_, _>>()?;
        Ok(text::StructBody { form, deny_unknown_fields: d.deny_unknown_fields, fields })
    }

    fn field(&mut self, form: Form, f: &'static FieldDef) -> Result<text::Field, String> {
        let map = matches!(form, Form::Map) && !f.flatten;
        Ok(text::Field {
            name: (!map && !f.flatten).then(|| f.name.to_string()),
            key: if map { key(&f.key) } else { text::Key::Str(f.name.to_string()) },
            aliases: if map { f.aliases.iter().map(|a| a.to_string()).collect() } else { Vec::new() },
            ty: self.ty(f.shape.get())?,
            required: f.required,
            always_written: f.always_written,
            flatten: f.flatten,
        })
    }

    fn enum_body(&mut self, d: &'static EnumDef) -> Result<text::EnumBody, String> {
        let tagging = match d.tagging {
            Tagging::External => text::Tagging::External,
            Tagging::Internal(t) => text::Tagging::Internal(t.to_string()),
            Tagging::Adjacent { tag, content } => {
                text::Tagging::Adjacent { tag: tag.to_string(), content: content.to_string() }
            }
            Tagging::Untagged => text::Tagging::Untagged,
        };
        let mut variants = Vec::new();
        for v in d.variants {
            let payload = match v.payload {
                Payload::Unit => text::Payload::Unit,
                Payload::Newtype(s) => text::Payload::Newtype(self.ty(s.get())?),
                Payload::Other(s) => text::Payload::Other(self.ty(s.get())?),
                Payload::Struct(s) => text::Payload::Struct(self.struct_body(s)?),
            };
            variants.push(text::Variant {
                tag: key(&v.tag),
                aliases: v.aliases.iter().map(|a| a.to_string()).collect(),
                untagged: v.untagged && !matches!(d.tagging, Tagging::Untagged),
                payload,
            });
        }
        Ok(text::EnumBody { tagging, variants, other: d.other })
    }
}

fn key(k: &Key) -> text::Key {
    match k {
        Key::Str(s) => text::Key::Str(s.to_string()),
        Key::Int(i) => text::Key::Int(*i),
    }
}
