//! A small JSON value kept in insertion order, and its pretty printer
//! (two-space indents, arrays of scalars on one line), with the string
//! escaping of RFC 8259.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

/// A JSON value; objects keep their keys in insertion order.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum J {
    Bool(bool),
    Int(i128),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    /// An empty object.
    pub(super) fn obj() -> J {
        J::Obj(Vec::new())
    }

    pub(super) fn str(s: &str) -> J {
        J::Str(String::from(s))
    }

    pub(super) fn strs<'a>(items: impl IntoIterator<Item = &'a str>) -> J {
        J::Arr(items.into_iter().map(J::str).collect())
    }

    /// `self` with `key` set to `value` (replaced in place if present,
    /// appended otherwise). Only for objects.
    pub(super) fn with(mut self, key: &str, value: J) -> J {
        self.set(key, value);
        self
    }

    /// Sets `key` (replaced in place if present, appended otherwise).
    pub(super) fn set(&mut self, key: &str, value: J) {
        if let J::Obj(entries) = self {
            match entries.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => *v = value,
                None => entries.push((String::from(key), value)),
            }
        }
    }

    /// Adds `key: value` to the object under `x-msgpack` (created if
    /// absent, at the end).
    pub(super) fn annotate(mut self, key: &str, value: J) -> J {
        if let J::Obj(entries) = &mut self {
            match entries.iter_mut().find(|(k, _)| k == "x-msgpack") {
                Some((_, note)) => note.set(key, value),
                None => entries.push((String::from("x-msgpack"), J::obj().with(key, value))),
            }
        }
        self
    }

    /// `self` with `key: value` as its first entry (for titles).
    pub(super) fn first(self, key: &str, value: J) -> J {
        match self {
            J::Obj(mut entries) => {
                entries.retain(|(k, _)| k != key);
                entries.insert(0, (String::from(key), value));
                J::Obj(entries)
            }
            other => other,
        }
    }

    fn is_scalar(&self) -> bool {
        match self {
            J::Bool(_) | J::Int(_) | J::Str(_) => true,
            J::Arr(a) => a.is_empty(),
            J::Obj(o) => o.is_empty(),
        }
    }

    /// Pretty-printed, deterministically.
    pub(super) fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, indent: usize) {
        match self {
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Int(i) => {
                let _ = write!(out, "{i}");
            }
            J::Str(s) => string(out, s),
            J::Arr(items) if items.is_empty() => out.push_str("[]"),
            J::Arr(items) if items.iter().all(J::is_scalar) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.write(out, indent);
                }
                out.push(']');
            }
            J::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    pad(out, indent + 1);
                    item.write(out, indent + 1);
                }
                out.push('\n');
                pad(out, indent);
                out.push(']');
            }
            J::Obj(entries) if entries.is_empty() => out.push_str("{}"),
            J::Obj(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    pad(out, indent + 1);
                    string(out, k);
                    out.push_str(": ");
                    v.write(out, indent + 1);
                }
                out.push('\n');
                pad(out, indent);
                out.push('}');
            }
        }
    }
}

fn pad(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

/// A JSON string literal: `"` and `\` escaped, control characters as
/// `\n`, `\t`... or `\u00XX`; everything else as it is (UTF-8).
pub(super) fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_layout() {
        let j = J::obj()
            .with("a\"b\\", J::str("line\nnext\t\u{1}é"))
            .with("list", J::Arr(alloc::vec![J::Int(-1), J::Bool(true), J::str("x")]))
            .with("nested", J::Arr(alloc::vec![J::obj().with("k", J::Int(1)), J::obj()]))
            .with("empty", J::Arr(Vec::new()));
        assert_eq!(
            j.pretty(),
            "{\n  \"a\\\"b\\\\\": \"line\\nnext\\t\\u0001é\",\n  \"list\": [-1, true, \"x\"],\n  \"nested\": [\n    {\n      \"k\": 1\n    },\n    {}\n  ],\n  \"empty\": []\n}\n"
        );
    }

    #[test]
    fn set_replaces_in_place_and_annotate_merges() {
        let j = J::obj().with("a", J::Int(1)).with("b", J::Int(2)).with("a", J::Int(3));
        assert_eq!(j, J::Obj(alloc::vec![("a".into(), J::Int(3)), ("b".into(), J::Int(2))]));
        let j = J::obj().annotate("type", J::str("bin")).annotate("len", J::Int(4)).first("title", J::str("t"));
        assert_eq!(
            j.pretty(),
            "{\n  \"title\": \"t\",\n  \"x-msgpack\": {\n    \"type\": \"bin\",\n    \"len\": 4\n  }\n}\n"
        );
    }
}
