//! A human-readable rendering of a schema: the shape inline, then the
//! definition of every named type it refers to.

use core::fmt::{self, Display, Formatter, Write as _};

use super::report::Incompatible;
use super::{EnumDef, FieldDef, Form, Key, NewtypeDef, Payload, Shape, StructDef, Tagging};

/// How many named definitions one rendering lists.
const MAX_DEFS: usize = 64;

#[derive(Clone, Copy)]
enum Named {
    Struct(&'static StructDef),
    Enum(&'static EnumDef),
    Newtype(&'static NewtypeDef),
}

impl Named {
    fn same(self, other: Named) -> bool {
        match (self, other) {
            (Named::Struct(a), Named::Struct(b)) => core::ptr::eq(a, b),
            (Named::Enum(a), Named::Enum(b)) => core::ptr::eq(a, b),
            (Named::Newtype(a), Named::Newtype(b)) => core::ptr::eq(a, b),
            _ => false,
        }
    }
}

/// The named types to define, in the order they were first referred to.
struct Queue {
    items: [Option<Named>; MAX_DEFS],
    len: usize,
    dropped: bool,
}

impl Queue {
    fn add(&mut self, n: Named) {
        if self.items[..self.len].iter().flatten().any(|m| m.same(n)) {
            return;
        }
        if self.len == MAX_DEFS {
            self.dropped = true;
            return;
        }
        self.items[self.len] = Some(n);
        self.len += 1;
    }

    /// Queues the named types `s` refers to (not looking inside them).
    fn refs(&mut self, s: &'static Shape) {
        match s {
            Shape::Struct(d) => self.add(Named::Struct(d)),
            Shape::Enum(d) => self.add(Named::Enum(d)),
            Shape::Newtype(d) => self.add(Named::Newtype(d)),
            Shape::Option(inner) | Shape::Seq { elem: inner, .. } => self.refs(inner.get()),
            Shape::Tuple(items) => items.iter().for_each(|i| self.refs(i.get())),
            Shape::Map { key, value } => {
                self.refs(key.get());
                self.refs(value.get());
            }
            _ => {}
        }
    }

    fn struct_refs(&mut self, d: &'static StructDef) {
        d.fields.iter().for_each(|f| self.refs(f.shape.get()));
    }
}

fn label(f: &mut Formatter<'_>, s: &Shape) -> fmt::Result {
    let mut m = Incompatible::new();
    m.push_label(s);
    f.write_str(m.as_str())
}

fn key(f: &mut Formatter<'_>, k: &Key) -> fmt::Result {
    match k {
        Key::Str(s) => write!(f, "{s:?}"),
        Key::Int(i) => write!(f, "{i}"),
    }
}

/// ` (alias "a", "b")` after a key or tag that has aliases.
fn aliases(f: &mut Formatter<'_>, aliases: &[&str]) -> fmt::Result {
    for (i, a) in aliases.iter().enumerate() {
        f.write_str(if i == 0 { " (alias " } else { ", " })?;
        write!(f, "{a:?}")?;
    }
    if aliases.is_empty() { Ok(()) } else { f.write_char(')') }
}

fn field(f: &mut Formatter<'_>, form: Form, fd: &FieldDef) -> fmt::Result {
    if fd.flatten {
        f.write_str("..")?;
        return label(f, fd.shape.get());
    }
    match form {
        Form::Map => {
            key(f, &fd.key)?;
            aliases(f, fd.aliases)?;
        }
        _ => f.write_str(fd.name)?,
    }
    f.write_str(": ")?;
    label(f, fd.shape.get())?;
    match (fd.required, fd.always_written) {
        (true, true) => Ok(()),
        (false, true) => f.write_str(" (default)"),
        (true, false) => f.write_str(" (may be left out)"),
        (false, false) => f.write_str(" (default, may be left out)"),
    }
}

/// A struct's body: `map { ... }` on several lines, or `[A, B]` for tuples.
fn struct_body(f: &mut Formatter<'_>, d: &StructDef, indent: &str, inline: bool) -> fmt::Result {
    let deny = if d.deny_unknown_fields { " (deny_unknown_fields)" } else { "" };
    let (open, close) = match d.form {
        Form::Map => ("map", ('{', '}')),
        Form::Array => ("array", ('[', ']')),
        Form::Tuple | Form::Unit => {
            f.write_char('[')?;
            for (i, fd) in d.fields.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                label(f, fd.shape.get())?;
            }
            return write!(f, "]{deny}");
        }
    };
    write!(f, "{open}{deny} {}", close.0)?;
    if d.fields.is_empty() {
        return f.write_char(close.1);
    }
    for (i, fd) in d.fields.iter().enumerate() {
        if inline {
            f.write_str(if i == 0 { " " } else { ", " })?;
        } else {
            write!(f, "\n{indent}    ")?;
        }
        field(f, d.form, fd)?;
        if !inline {
            f.write_char(',')?;
        }
    }
    if inline { write!(f, " {}", close.1) } else { write!(f, "\n{indent}{}", close.1) }
}

fn enum_body(f: &mut Formatter<'_>, d: &EnumDef) -> fmt::Result {
    f.write_str("enum")?;
    match d.tagging {
        Tagging::External => {}
        Tagging::Internal(tag) => write!(f, ", tag {tag:?}")?,
        Tagging::Adjacent { tag, content } => write!(f, ", tag {tag:?}, content {content:?}")?,
        Tagging::Untagged => f.write_str(", untagged")?,
    }
    f.write_str(" {")?;
    for v in d.variants {
        f.write_str("\n    ")?;
        key(f, &v.tag)?;
        aliases(f, v.aliases)?;
        if v.untagged && !matches!(d.tagging, Tagging::Untagged) {
            f.write_str(" (untagged)")?;
        }
        match v.payload {
            Payload::Unit => {}
            Payload::Other(s) => {
                f.write_str(": other ")?;
                label(f, s.get())?;
            }
            Payload::Newtype(s) => {
                f.write_str(": ")?;
                label(f, s.get())?;
            }
            Payload::Struct(s) => {
                f.write_str(": ")?;
                struct_body(f, s, "    ", true)?;
            }
        }
        f.write_char(',')?;
    }
    if d.other {
        f.write_str("\n    other,")?;
    }
    f.write_str("\n}")
}

/// Renders the shape: inline (`[User]`, `Option<u8>`), then, for each
/// named type it refers to (transitively), its definition.
///
/// ```
/// use msgpack_core::MsgPack;
/// use msgpack_core::schema::Schema;
///
/// #[derive(MsgPack)]
/// struct User { id: u64, #[msgpack(default)] tags: Vec<String>, role: Role }
///
/// #[derive(MsgPack)]
/// #[msgpack(rename_all = "lowercase")]
/// enum Role { Admin, Guest }
///
/// assert_eq!(User::SHAPE.get().to_string(), "\
/// User = map {
///     \"id\": u64,
///     \"tags\": [str] (default),
///     \"role\": Role,
/// }
/// Role = enum {
///     \"admin\",
///     \"guest\",
/// }");
/// ```
impl Display for Shape {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut q = Queue { items: [None; MAX_DEFS], len: 0, dropped: false };
        // `self` is not `'static` here; queue what it refers to.
        match self {
            Shape::Struct(d) => q.add(Named::Struct(d)),
            Shape::Enum(d) => q.add(Named::Enum(d)),
            Shape::Newtype(d) => q.add(Named::Newtype(d)),
            other => {
                label(f, other)?;
                match other {
                    Shape::Option(i) | Shape::Seq { elem: i, .. } => q.refs(i.get()),
                    Shape::Tuple(items) => items.iter().for_each(|i| q.refs(i.get())),
                    Shape::Map { key, value } => {
                        q.refs(key.get());
                        q.refs(value.get());
                    }
                    _ => {}
                }
                if q.len > 0 {
                    f.write_char('\n')?;
                }
            }
        }
        let mut i = 0;
        while i < q.len {
            if i > 0 {
                f.write_char('\n')?;
            }
            match q.items[i] {
                Some(Named::Struct(d)) => {
                    write!(f, "{} = ", d.name)?;
                    struct_body(f, d, "", false)?;
                    q.struct_refs(d);
                }
                Some(Named::Enum(d)) => {
                    write!(f, "{} = ", d.name)?;
                    enum_body(f, d)?;
                    for v in d.variants {
                        match v.payload {
                            Payload::Unit => {}
                            Payload::Newtype(s) | Payload::Other(s) => q.refs(s.get()),
                            Payload::Struct(s) => q.struct_refs(s),
                        }
                    }
                }
                Some(Named::Newtype(d)) => {
                    write!(f, "{} = ", d.name)?;
                    label(f, d.inner.get())?;
                    q.refs(d.inner.get());
                }
                None => {}
            }
            i += 1;
        }
        if q.dropped {
            f.write_str("\n... (more types)")?;
        }
        Ok(())
    }
}
