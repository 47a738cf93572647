//! What changed between two versions of a schema, by path: fields and
//! variants added, removed or changed, following named types on both
//! sides (names may differ between versions; positions decide).

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use msgpack_schema_text as text;
use text::{Body, Def, Key, Payload, StructBody, Ty};

/// One line per change: `+ path: ...`, `- path: ...`, `~ path: old -> new`.
pub(crate) fn diff(old: &[Def], new: &[Def]) -> Vec<String> {
    let mut d = Differ { old, new, out: Vec::new(), seen: BTreeSet::new() };
    if let (Some(o), Some(n)) = (old.first(), new.first()) {
        d.def(&n.name, &o.name, &n.name);
    }
    d.out
}

struct Differ<'a> {
    old: &'a [Def],
    new: &'a [Def],
    out: Vec<String>,
    /// Pairs of definitions already compared (recursion, sharing).
    seen: BTreeSet<(String, String)>,
}

fn key_text(k: &Key) -> String {
    match k {
        Key::Str(s) => format!("{s:?}"),
        Key::Int(i) => i.to_string(),
    }
}

fn field_attrs(f: &text::Field) -> &'static str {
    match (f.required, f.always_written) {
        (true, true) => "",
        (false, true) => " (default)",
        (true, false) => " (may be left out)",
        (false, false) => " (default, may be left out)",
    }
}

impl Differ<'_> {
    fn find<'d>(defs: &'d [Def], name: &str) -> Option<&'d Def> {
        defs.iter().find(|d| d.name == name)
    }

    fn def(&mut self, path: &str, old: &str, new: &str) {
        if !self.seen.insert((old.to_string(), new.to_string())) {
            return;
        }
        let (Some(o), Some(n)) = (Self::find(self.old, old), Self::find(self.new, new)) else { return };
        match (&o.body, &n.body) {
            (Body::Struct(a), Body::Struct(b)) => self.struct_body(path, a, b),
            (Body::Enum(a), Body::Enum(b)) => {
                if a.tagging != b.tagging {
                    self.out.push(format!("~ {path}: tagging {:?} -> {:?}", a.tagging, b.tagging));
                }
                if a.other != b.other {
                    let what = if b.other { "added" } else { "removed" };
                    self.out.push(format!("~ {path}: `other` variant {what}"));
                }
                for v in &b.variants {
                    let vp = format!("{path}::{}", key_text(&v.tag));
                    match a.variants.iter().find(|w| w.tag == v.tag) {
                        None => self.out.push(format!("+ {vp}: variant added")),
                        Some(w) => {
                            if w.aliases != v.aliases {
                                self.out.push(format!("~ {vp}: aliases {:?} -> {:?}", w.aliases, v.aliases));
                            }
                            if w.untagged != v.untagged {
                                self.out.push(format!("~ {vp}: untagged {} -> {}", w.untagged, v.untagged));
                            }
                            self.payload(&vp, &w.payload, &v.payload);
                        }
                    }
                }
                for w in &a.variants {
                    if !b.variants.iter().any(|v| v.tag == w.tag) {
                        self.out.push(format!("- {path}::{}: variant removed", key_text(&w.tag)));
                    }
                }
            }
            (Body::Newtype(a), Body::Newtype(b)) => self.ty(path, a, b),
            _ => self.out.push(format!("~ {path}: {} -> {}", kind(&o.body), kind(&n.body))),
        }
    }

    fn payload(&mut self, path: &str, a: &Payload, b: &Payload) {
        match (a, b) {
            (Payload::Unit, Payload::Unit) => {}
            (Payload::Newtype(x), Payload::Newtype(y)) | (Payload::Other(x), Payload::Other(y)) => self.ty(path, x, y),
            (Payload::Struct(x), Payload::Struct(y)) => self.struct_body(path, x, y),
            _ => self.out.push(format!("~ {path}: payload {} -> {}", payload_kind(a), payload_kind(b))),
        }
    }

    fn struct_body(&mut self, path: &str, a: &StructBody, b: &StructBody) {
        if a.form != b.form {
            self.out.push(format!("~ {path}: form {} -> {}", a.form.keyword(), b.form.keyword()));
            return;
        }
        if a.deny_unknown_fields != b.deny_unknown_fields {
            self.out
                .push(format!("~ {path}: deny_unknown_fields {} -> {}", a.deny_unknown_fields, b.deny_unknown_fields));
        }
        let by_key = a.form == text::Form::Map;
        let label = |i: usize, f: &text::Field| {
            if f.flatten {
                format!("{path}.(flattened {})", f.ty.text())
            } else if by_key {
                format!("{path}.{}", key_text(&f.key))
            } else {
                format!("{path}[{i}] ({})", f.name.as_deref().unwrap_or("_"))
            }
        };
        let same = |x: &text::Field, y: &text::Field| {
            x.flatten == y.flatten && if x.flatten { x.ty.text() == y.ty.text() } else { x.key == y.key }
        };
        for (i, f) in b.fields.iter().enumerate() {
            let p = label(i, f);
            let old = if by_key { a.fields.iter().find(|g| same(g, f)) } else { a.fields.get(i) };
            match old {
                None => self.out.push(format!("+ {p}: {}{}", f.ty.text(), field_attrs(f))),
                Some(g) => {
                    if field_attrs(g) != field_attrs(f) {
                        let attrs =
                            |x| if field_attrs(x).is_empty() { " (required, always written)" } else { field_attrs(x) };
                        self.out.push(format!("~ {p}:{} ->{}", attrs(g), attrs(f)));
                    }
                    if g.aliases != f.aliases {
                        self.out.push(format!("~ {p}: aliases {:?} -> {:?}", g.aliases, f.aliases));
                    }
                    self.ty(&p, &g.ty, &f.ty);
                }
            }
        }
        for (i, g) in a.fields.iter().enumerate() {
            let gone = if by_key { !b.fields.iter().any(|f| same(g, f)) } else { i >= b.fields.len() };
            if gone {
                self.out.push(format!("- {}: {}{}", label(i, g), g.ty.text(), field_attrs(g)));
            }
        }
    }

    /// Types at the same path: named on both sides are followed; anything
    /// else is compared as text (names resolved to their bodies' kinds).
    fn ty(&mut self, path: &str, a: &Ty, b: &Ty) {
        match (a, b) {
            (Ty::Named(x), Ty::Named(y)) => {
                let p = if path.ends_with(y.as_str()) { path.to_string() } else { format!("{path} ({y})") };
                self.def(&p, x, y);
            }
            (Ty::Option(x), Ty::Option(y)) => self.ty(path, x, y),
            (Ty::Seq { elem: x, len: l1 }, Ty::Seq { elem: y, len: l2 }) if l1 == l2 => {
                self.ty(&format!("{path}[]"), x, y)
            }
            (Ty::Map { key: k1, value: v1 }, Ty::Map { key: k2, value: v2 }) => {
                self.ty(&format!("{path}{{key}}"), k1, k2);
                self.ty(&format!("{path}{{value}}"), v1, v2);
            }
            (Ty::Tuple(x), Ty::Tuple(y)) if x.len() == y.len() => {
                for (i, (p, q)) in x.iter().zip(y).enumerate() {
                    self.ty(&format!("{path}.{i}"), p, q);
                }
            }
            _ if a == b => {}
            _ => self.out.push(format!("~ {path}: {} -> {}", a.text(), b.text())),
        }
    }
}

fn kind(b: &Body) -> &'static str {
    match b {
        Body::Struct(s) => s.form.keyword(),
        Body::Enum(_) => "enum",
        Body::Newtype(_) => "newtype",
    }
}

fn payload_kind(p: &Payload) -> &'static str {
    match p {
        Payload::Unit => "unit",
        Payload::Newtype(_) => "newtype",
        Payload::Struct(_) => "fields",
        Payload::Other(_) => "other",
    }
}
