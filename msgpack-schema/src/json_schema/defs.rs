//! The named definitions a schema reaches, shared by the JSON Schema and
//! the msgspec exports: each derived struct, enum and newtype once, in the
//! order they are first referred to (breadth first, as the `Display`
//! rendering lists them), with a unique identifier-safe name.
//!
//! A definition is the same definition when its `id` is the same (and,
//! for a generic one, whose instantiations share the `id`, when its
//! fingerprint is the same too): descriptors of generic types are `const`s,
//! so their addresses say nothing. A [`Shape::Recur`] stands for the nearest
//! enclosing definition with its `id`: the definition being described, then
//! the one it was first reached from, and so on outwards.

use alloc::string::String;
use alloc::vec::Vec;

use msgpack_core::schema::{EnumDef, FieldDef, Form, NewtypeDef, Payload, Shape, StructDef, Tagging};

/// How far newtypes around a flattened or inlined struct are followed (as
/// the check does).
const MAX_UNWRAP: usize = 8;

/// A named definition.
#[derive(Clone, Copy)]
pub(crate) enum Named {
    Struct(&'static StructDef),
    Enum(&'static EnumDef),
    Newtype(&'static NewtypeDef),
}

impl Named {
    pub(crate) fn of(s: &'static Shape) -> Option<Named> {
        match s {
            Shape::Struct(d) => Some(Named::Struct(d)),
            Shape::Enum(d) => Some(Named::Enum(d)),
            Shape::Newtype(d) => Some(Named::Newtype(d)),
            _ => None,
        }
    }

    fn key(self) -> (u8, &'static str, bool) {
        match self {
            Named::Struct(d) => (0, d.id, d.generic),
            Named::Enum(d) => (1, d.id, d.generic),
            Named::Newtype(d) => (2, d.id, d.generic),
        }
    }

    /// The Rust name.
    pub(crate) fn rust_name(self) -> &'static str {
        match self {
            Named::Struct(d) => d.name,
            Named::Enum(d) => d.name,
            Named::Newtype(d) => d.name,
        }
    }

    fn id(self) -> &'static str {
        self.key().1
    }
}

/// One definition.
pub(crate) struct Def {
    pub(crate) named: Named,
    /// The unique name in the output.
    pub(crate) name: String,
    /// The definition it was first reached from (for [`Shape::Recur`]).
    parent: Option<usize>,
    /// The fingerprint, for generic definitions.
    fingerprint: Option<u64>,
}

/// Every named definition a shape reaches.
pub(crate) struct Defs {
    pub(crate) list: Vec<Def>,
}

impl Defs {
    /// Collects the definitions `root` reaches, naming them with `names`.
    ///
    /// A struct flattened into another and the struct of an internally
    /// tagged enum's newtype variant are written inline, so they are not
    /// definitions of their own there (their fields are walked as the
    /// enclosing definition's); they are where they are also used as
    /// themselves.
    pub(crate) fn collect(root: &'static Shape, names: &mut Names) -> Defs {
        let mut defs = Defs { list: Vec::new() };
        defs.visit(root, None, names);
        let mut i = 0;
        while i < defs.list.len() {
            match defs.list[i].named {
                Named::Struct(d) => defs.fields(d.fields, i, names, 0),
                Named::Enum(d) => {
                    for v in d.variants {
                        match v.payload {
                            Payload::Unit => {}
                            Payload::Other(s) => defs.visit(s.get(), Some(i), names),
                            Payload::Newtype(s) => match internal_inline(d, v.untagged, s.get()) {
                                Some(inner) => defs.fields(inner.fields, i, names, 0),
                                None => defs.visit(s.get(), Some(i), names),
                            },
                            Payload::Struct(s) => defs.fields(s.fields, i, names, 0),
                        }
                    }
                }
                Named::Newtype(d) => defs.visit(d.inner.get(), Some(i), names),
            }
            i += 1;
        }
        defs
    }

    fn fields(&mut self, fields: &'static [FieldDef], at: usize, names: &mut Names, depth: usize) {
        for f in fields {
            match flattened(f) {
                Some(inner) if depth < MAX_UNWRAP => self.fields(inner.fields, at, names, depth + 1),
                _ => self.visit(f.shape.get(), Some(at), names),
            }
        }
    }

    /// Adds the definitions `s` refers to (not looking inside them).
    fn visit(&mut self, s: &'static Shape, parent: Option<usize>, names: &mut Names) {
        match s {
            Shape::Struct(_) | Shape::Enum(_) | Shape::Newtype(_) => {
                if self.find(s).is_none()
                    && let Some(named) = Named::of(s)
                {
                    let fingerprint = if named.key().2 { Some(s.fingerprint()) } else { None };
                    let name = names.unique(named.rust_name());
                    self.list.push(Def { named, name, parent, fingerprint });
                }
            }
            Shape::Option(inner) | Shape::Seq { elem: inner, .. } => self.visit(inner.get(), parent, names),
            Shape::Tuple(items) => items.iter().for_each(|i| self.visit(i.get(), parent, names)),
            Shape::Map { key, value } => {
                self.visit(key.get(), parent, names);
                self.visit(value.get(), parent, names);
            }
            _ => {}
        }
    }

    /// The definition of a struct, enum or newtype shape.
    pub(crate) fn find(&self, s: &'static Shape) -> Option<usize> {
        let named = Named::of(s)?;
        let key = named.key();
        let mut fingerprint = None;
        self.list.iter().position(|d| {
            let k = d.named.key();
            if (k.0, k.1) != (key.0, key.1) {
                return false;
            }
            if !key.2 {
                return true;
            }
            d.fingerprint == Some(*fingerprint.get_or_insert_with(|| s.fingerprint()))
        })
    }

    /// The definition `Recur { id }` stands for inside definition `at`.
    pub(crate) fn recur(&self, at: Option<usize>, id: &str) -> Option<usize> {
        let mut at = at;
        while let Some(i) = at {
            if self.list[i].named.id() == id {
                return Some(i);
            }
            at = self.list[i].parent;
        }
        None
    }
}

/// The struct a flattened field inlines (through newtypes).
pub(crate) fn flattened(f: &FieldDef) -> Option<&'static StructDef> {
    if f.flatten { unwrap_struct(f.shape.get()) } else { None }
}

/// The key and value of a flattened catch-all map (through newtypes).
pub(crate) fn catch_all(f: &FieldDef) -> Option<(&'static Shape, &'static Shape)> {
    if !f.flatten {
        return None;
    }
    let mut s = f.shape.get();
    for _ in 0..MAX_UNWRAP {
        match s {
            Shape::Map { key, value } => return Some((key.get(), value.get())),
            Shape::Newtype(d) => s = d.inner.get(),
            _ => return None,
        }
    }
    None
}

/// The struct under `s`, through newtypes.
pub(crate) fn unwrap_struct(s: &'static Shape) -> Option<&'static StructDef> {
    let mut s = s;
    for _ in 0..MAX_UNWRAP {
        match s {
            Shape::Struct(d) => return Some(d),
            Shape::Newtype(d) => s = d.inner.get(),
            _ => return None,
        }
    }
    None
}

/// The map-form struct whose fields an internally tagged enum's newtype
/// variant writes beside the tag, if that is what the variant is.
pub(crate) fn internal_inline(d: &EnumDef, untagged: bool, payload: &'static Shape) -> Option<&'static StructDef> {
    match d.tagging {
        Tagging::Internal(_) if !untagged => unwrap_struct(payload).filter(|s| s.form == Form::Map),
        _ => None,
    }
}

/// The names taken in one output; [`unique`](Names::unique) hands out
/// identifier-safe names that are not.
pub(crate) struct Names {
    taken: Vec<String>,
}

impl Names {
    /// Names that are never handed out (keywords, names of the output's
    /// own).
    pub(crate) fn new(reserved: &[&str]) -> Names {
        Names { taken: reserved.iter().map(|s| String::from(*s)).collect() }
    }

    pub(crate) fn is_taken(&self, name: &str) -> bool {
        self.taken.iter().any(|t| t == name)
    }

    /// [`ident`] of `base`, with `2`, `3`... appended if taken.
    pub(crate) fn unique(&mut self, base: &str) -> String {
        let base = ident(base);
        let mut name = base.clone();
        let mut n = 2;
        while self.is_taken(&name) {
            name = alloc::format!("{base}{n}");
            n += 1;
        }
        self.taken.push(name.clone());
        name
    }

    /// Takes `name` as it is.
    pub(crate) fn take(&mut self, name: &str) {
        self.taken.push(String::from(name));
    }
}

/// `s` as an ASCII identifier: letters, digits and `_` kept, anything else
/// `_`, a leading digit prefixed with `_`; `_` for an empty name.
pub(crate) fn ident(s: &str) -> String {
    let s = s.strip_prefix("r#").unwrap_or(s);
    let mut out = String::with_capacity(s.len() + 1);
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        out.push('_');
    }
    out.extend(s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idents() {
        assert_eq!(ident("User"), "User");
        assert_eq!(ident("r#type"), "type");
        assert_eq!(ident("0"), "_0");
        assert_eq!(ident(""), "_");
        assert_eq!(ident("a-b é"), "a_b__");
    }

    #[test]
    fn unique_names() {
        let mut n = Names::new(&["None"]);
        assert_eq!(n.unique("A"), "A");
        assert_eq!(n.unique("A"), "A2");
        assert_eq!(n.unique("A"), "A3");
        assert_eq!(n.unique("None"), "None2");
        assert!(n.is_taken("A2"));
    }
}
