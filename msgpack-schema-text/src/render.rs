//! The canonical text of a lock file: what [`parse`](crate::parse) reads
//! back to the same tree.

use std::fmt::Write as _;

use crate::{Body, Def, EnumBody, Field, Form, Key, LockFile, Payload, StructBody, Tagging, Ty, Version};

/// The canonical text of a whole lock file: a comment, the header, then
/// each version separated by a blank line.
///
/// ```
/// let text = "msgpack-schema-lock 1\nmode full last 3\n\nversion 1 fingerprint 0x000000000000002a\nId = u64\n";
/// let lock = msgpack_schema_text::parse(text).unwrap();
/// let out = msgpack_schema_text::render(&lock);
/// assert!(out.ends_with(text.split_once("mode").unwrap().1));
/// assert_eq!(msgpack_schema_text::parse(&out).unwrap(), lock);
/// ```
#[must_use]
pub fn render(lock: &LockFile) -> String {
    let mut out = String::new();
    out.push_str(concat!(
        "# msgpack-core schema lock: every recorded version of one message type, oldest first.\n",
        "# Append-only. Record a version with `MSGPACK_SCHEMA=bless cargo test` (msgpack_schema::lock).\n",
    ));
    let _ = writeln!(out, "msgpack-schema-lock {}", crate::FORMAT);
    let _ = writeln!(out, "mode {}", lock.mode);
    for v in &lock.versions {
        out.push('\n');
        out.push_str(&render_version(v));
    }
    out
}

/// The text of one version: its header line, the reason of a break, and
/// its definitions.
///
/// ```
/// use msgpack_schema_text::{Body, Def, Ty, Version};
/// let v = Version { number: 2, fingerprint: 7, reason: None, line: 0,
///     defs: vec![Def { name: "Id".into(), body: Body::Newtype(Ty::U32), line: 0 }] };
/// assert_eq!(msgpack_schema_text::render_version(&v), "version 2 fingerprint 0x0000000000000007\nId = u32\n");
/// ```
#[must_use]
pub fn render_version(v: &Version) -> String {
    let mut out = format!("version {} fingerprint 0x{:016x}\n", v.number, v.fingerprint);
    if let Some(r) = &v.reason {
        out.push_str("break ");
        string(&mut out, r);
        out.push('\n');
    }
    out.push_str(&render_defs(&v.defs));
    out
}

/// The definitions of one version, one after another.
///
/// ```
/// use msgpack_schema_text::{Body, Def, Field, Form, Key, StructBody, Ty};
/// let def = Def { name: "P".into(), line: 0, body: Body::Struct(StructBody {
///     form: Form::Map, deny_unknown_fields: true,
///     fields: vec![Field { name: None, key: Key::Int(1), aliases: vec![], ty: Ty::Option(Box::new(Ty::Str)),
///         required: false, always_written: false, flatten: false }] }) };
/// assert_eq!(msgpack_schema_text::render_defs(&[def]),
///     "P = map (deny_unknown_fields) {\n    1: Option<str> (default, may be left out),\n}\n");
/// ```
#[must_use]
pub fn render_defs(defs: &[Def]) -> String {
    let mut out = String::new();
    for d in defs {
        out.push_str(&d.name);
        out.push_str(" = ");
        match &d.body {
            Body::Newtype(t) => ty(&mut out, t),
            Body::Struct(s) => struct_body(&mut out, s, false),
            Body::Enum(e) => enum_body(&mut out, e),
        }
        out.push('\n');
    }
    out
}

fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn key(out: &mut String, k: &Key) {
    match k {
        Key::Str(s) => string(out, s),
        Key::Int(i) => {
            let _ = write!(out, "{i}");
        }
    }
}

fn aliases(out: &mut String, aliases: &[String]) {
    for (i, a) in aliases.iter().enumerate() {
        out.push_str(if i == 0 { " (alias " } else { ", " });
        string(out, a);
    }
    if !aliases.is_empty() {
        out.push(')');
    }
}

fn field(out: &mut String, form: Form, f: &Field) {
    if f.flatten {
        out.push_str("..");
    } else {
        match form {
            Form::Map => {
                key(out, &f.key);
                aliases(out, &f.aliases);
            }
            _ => out.push_str(f.name.as_deref().unwrap_or("_")),
        }
        out.push_str(": ");
    }
    ty(out, &f.ty);
    out.push_str(match (f.required, f.always_written) {
        (true, true) => "",
        (false, true) => " (default)",
        (true, false) => " (may be left out)",
        (false, false) => " (default, may be left out)",
    });
}

/// `map {` fields `}`: one field per line at the top level, on one line
/// inside an enum variant.
fn struct_body(out: &mut String, s: &StructBody, inline: bool) {
    out.push_str(s.form.keyword());
    if s.deny_unknown_fields {
        out.push_str(" (deny_unknown_fields)");
    }
    out.push_str(" {");
    if s.fields.is_empty() {
        out.push('}');
        return;
    }
    for (i, f) in s.fields.iter().enumerate() {
        if inline {
            out.push_str(if i == 0 { " " } else { ", " });
        } else {
            out.push_str("\n    ");
        }
        field(out, s.form, f);
        if !inline {
            out.push(',');
        }
    }
    out.push_str(if inline { " }" } else { "\n}" });
}

fn enum_body(out: &mut String, e: &EnumBody) {
    out.push_str("enum");
    match &e.tagging {
        Tagging::External => {}
        Tagging::Internal(t) => {
            out.push_str(", tag ");
            string(out, t);
        }
        Tagging::Adjacent { tag, content } => {
            out.push_str(", tag ");
            string(out, tag);
            out.push_str(", content ");
            string(out, content);
        }
        Tagging::Untagged => out.push_str(", untagged"),
    }
    out.push_str(" {");
    for v in &e.variants {
        out.push_str("\n    ");
        key(out, &v.tag);
        aliases(out, &v.aliases);
        if v.untagged && e.tagging != Tagging::Untagged {
            out.push_str(" (untagged)");
        }
        match &v.payload {
            Payload::Unit => {}
            Payload::Newtype(t) => {
                out.push_str(": ");
                ty(out, t);
            }
            Payload::Other(t) => {
                out.push_str(": other ");
                ty(out, t);
            }
            Payload::Struct(s) => {
                out.push_str(": ");
                struct_body(out, s, true);
            }
        }
        out.push(',');
    }
    if e.other {
        out.push_str("\n    other,");
    }
    out.push_str("\n}");
}

/// The inline text of a type.
pub(crate) fn ty(out: &mut String, t: &Ty) {
    match t {
        Ty::Any => out.push_str("any"),
        Ty::Nil => out.push_str("nil"),
        Ty::Bool => out.push_str("bool"),
        Ty::Int { min, max, nonzero } => match Ty::int_keyword(*min, *max) {
            Some(k) if !nonzero => out.push_str(k),
            _ => {
                let _ = write!(out, "int({min}..={max}{})", if *nonzero { ", nonzero" } else { "" });
            }
        },
        Ty::F32 => out.push_str("f32"),
        Ty::F64 => out.push_str("f64"),
        Ty::Str => out.push_str("str"),
        Ty::Char => out.push_str("char"),
        Ty::Bin { len, from_array } => {
            out.push_str("bin");
            if let Some(n) = len {
                let _ = write!(out, "[{n}]");
            }
            if *from_array {
                out.push_str("|[u8]");
            }
        }
        Ty::Ext(None) => out.push_str("ext"),
        Ty::Ext(Some(c)) => {
            let _ = write!(out, "ext({c})");
        }
        Ty::Timestamp => out.push_str("timestamp"),
        Ty::Option(i) => {
            out.push_str("Option<");
            ty(out, i);
            out.push('>');
        }
        Ty::Seq { elem, len } => {
            out.push('[');
            ty(out, elem);
            if let Some(n) = len {
                let _ = write!(out, "; {n}");
            }
            out.push(']');
        }
        Ty::Tuple(items) => {
            out.push('(');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                ty(out, item);
            }
            if items.len() == 1 {
                out.push(',');
            }
            out.push(')');
        }
        Ty::Map { key, value } => {
            out.push('{');
            ty(out, key);
            out.push_str(": ");
            ty(out, value);
            out.push('}');
        }
        Ty::Opaque { with, ty: t } => {
            out.push_str("with(");
            string(out, with);
            out.push_str(", ");
            string(out, t);
            out.push(')');
        }
        Ty::Named(n) => out.push_str(n),
    }
}

impl Ty {
    /// The inline text of the type, as in a lock file.
    ///
    /// ```
    /// use msgpack_schema_text::Ty;
    /// let t = Ty::Map { key: Box::new(Ty::Str), value: Box::new(Ty::Seq { elem: Box::new(Ty::U8), len: Some(4) }) };
    /// assert_eq!(t.text(), "{str: [u8; 4]}");
    /// ```
    #[must_use]
    pub fn text(&self) -> String {
        let mut s = String::new();
        ty(&mut s, self);
        s
    }
}
