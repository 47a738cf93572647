//! Recursive descent over the tokens of a lock file.

use std::collections::BTreeSet;

use crate::error::ParseError;
use crate::token::{Spanned, Tok, tokenize};
use crate::{
    Body, Def, Direction, EnumBody, FORMAT, Field, Form, INT_NAMES, Key, LockFile, Mode, Payload, StructBody, Tagging,
    Ty, Variant, Version,
};

/// Parses a lock file, checking that it is well formed: a known format,
/// versions numbered 1, 2, ... in order, every name defined once per
/// version and every referenced name defined. (Whether each recorded
/// fingerprint matches its schema is for msgpack-core and msgpack-schema to check.)
///
/// # Errors
///
/// The first syntax or consistency error, with its line.
///
/// ```
/// let err = msgpack_schema_text::parse(
///     "msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x0\nUser = map { \"a\" u8 }\n",
/// ).unwrap_err();
/// assert_eq!(err.to_string(), "line 4: expected `:`, found `u8`");
/// ```
pub fn parse(text: &str) -> Result<LockFile, ParseError> {
    let toks = tokenize(text)?;
    let last_line = text.lines().count().max(1);
    let mut p = Parser { toks, pos: 0, last_line, depth: 0 };
    p.file()
}

/// How deeply types and struct bodies may nest in a lock file.
pub(crate) const MAX_DEPTH: usize = 128;

struct Parser {
    toks: Vec<Spanned>,
    pos: usize,
    last_line: usize,
    /// Nesting of `ty` / `struct_body` calls, bounded by [`MAX_DEPTH`].
    depth: usize,
}

type R<T> = Result<T, ParseError>;

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(t, _)| t)
    }

    fn peek2(&self) -> Option<&Tok> {
        self.toks.get(self.pos + 1).map(|(t, _)| t)
    }

    fn line(&self) -> usize {
        self.toks.get(self.pos).map_or(self.last_line, |(_, l)| *l)
    }

    fn err<T>(&self, message: impl Into<String>) -> R<T> {
        Err(ParseError { line: self.line(), message: message.into() })
    }

    fn found(&self) -> String {
        self.peek().map_or_else(|| "the end of the file".into(), Tok::describe)
    }

    fn expected<T>(&self, what: &str) -> R<T> {
        self.err(format!("expected {what}, found {}", self.found()))
    }

    fn bump(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).map(|(t, _)| t.clone());
        self.pos += 1;
        t
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(x)) if x == w)
    }

    fn is_punct(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let yes = self.is_word(w);
        if yes {
            self.pos += 1;
        }
        yes
    }

    fn eat_punct(&mut self, c: char) -> bool {
        let yes = self.is_punct(c);
        if yes {
            self.pos += 1;
        }
        yes
    }

    fn word(&mut self, w: &str) -> R<()> {
        if self.eat_word(w) { Ok(()) } else { self.expected(&format!("`{w}`")) }
    }

    fn punct(&mut self, c: char) -> R<()> {
        if self.eat_punct(c) { Ok(()) } else { self.expected(&format!("`{c}`")) }
    }

    fn string(&mut self) -> R<String> {
        match self.peek() {
            Some(Tok::Str(s)) => {
                let s = s.clone();
                self.pos += 1;
                Ok(s)
            }
            _ => self.expected("a string"),
        }
    }

    fn int(&mut self) -> R<i128> {
        match self.peek() {
            Some(Tok::Int(i)) => {
                let i = *i;
                self.pos += 1;
                Ok(i)
            }
            _ => self.expected("a number"),
        }
    }

    fn uint<T: TryFrom<i128>>(&mut self, what: &str) -> R<T> {
        let line = self.line();
        let i = self.int()?;
        T::try_from(i).map_err(|_| ParseError { line, message: format!("{i} is out of range for {what}") })
    }

    fn file(&mut self) -> R<LockFile> {
        self.word("msgpack-schema-lock")?;
        let line = self.line();
        let format = self.int()?;
        if format != i128::from(FORMAT) {
            return Err(ParseError {
                line,
                message: format!("unknown lock file format {format} (this version reads format {FORMAT})"),
            });
        }
        self.word("mode")?;
        let direction = match self.peek() {
            Some(Tok::Word(w)) => Direction::from_keyword(w),
            _ => None,
        };
        let Some(direction) = direction else { return self.expected("`backward`, `forward` or `full`") };
        self.pos += 1;
        let last = if self.eat_word("last") {
            let n: u32 = self.uint("a version count")?;
            if n == 0 {
                self.pos -= 1;
                return self.err("`last 0` checks nothing; write `last 1` or more");
            }
            Some(n)
        } else {
            None
        };
        let mut versions = Vec::new();
        while self.peek().is_some() {
            versions.push(self.version(versions.len() as u32 + 1)?);
        }
        Ok(LockFile { mode: Mode { direction, last }, versions })
    }

    fn version(&mut self, expect: u32) -> R<Version> {
        let line = self.line();
        self.word("version")?;
        let number: u32 = self.uint("a version number")?;
        if number != expect {
            return Err(ParseError {
                line,
                message: format!("expected version {expect} here, found version {number}"),
            });
        }
        self.word("fingerprint")?;
        let fingerprint: u64 = self.uint("a fingerprint")?;
        let reason = if self.eat_word("break") { Some(self.string()?) } else { None };
        let mut defs: Vec<Def> = Vec::new();
        while self.peek().is_some() && !self.is_word("version") {
            let line = self.line();
            let name = self.name()?;
            if defs.iter().any(|d| d.name == name) {
                return Err(ParseError { line, message: format!("`{name}` is defined twice in version {number}") });
            }
            self.punct('=')?;
            let body = self.body()?;
            defs.push(Def { name, body, line });
        }
        if defs.is_empty() {
            return self.expected(&format!("a definition in version {number}"));
        }
        check_refs(&defs)?;
        Ok(Version { number, fingerprint, reason, defs, line })
    }

    fn name(&mut self) -> R<String> {
        match self.peek() {
            Some(Tok::Word(w)) if !crate::is_keyword(w) => {
                let w = w.clone();
                self.pos += 1;
                Ok(w)
            }
            _ => self.expected("a type name"),
        }
    }

    fn body(&mut self) -> R<Body> {
        if self.is_word("enum") {
            return Ok(Body::Enum(self.enum_body()?));
        }
        if let Some(form) = self.form_keyword() {
            return Ok(Body::Struct(self.struct_body(form)?));
        }
        Ok(Body::Newtype(self.ty()?))
    }

    fn form_keyword(&self) -> Option<Form> {
        match self.peek() {
            Some(Tok::Word(w)) => match w.as_str() {
                "map" => Some(Form::Map),
                "array" => Some(Form::Array),
                "tuple" => Some(Form::Tuple),
                "unit" => Some(Form::Unit),
                _ => None,
            },
            _ => None,
        }
    }

    fn struct_body(&mut self, form: Form) -> R<StructBody> {
        self.pos += 1;
        let deny_unknown_fields =
            if self.is_punct('(') && self.peek2() == Some(&Tok::Word("deny_unknown_fields".into())) {
                self.pos += 2;
                self.punct(')')?;
                true
            } else {
                false
            };
        self.punct('{')?;
        let mut fields = Vec::new();
        while !self.eat_punct('}') {
            if form == Form::Unit {
                return self.expected("`}` (a unit struct has no fields)");
            }
            fields.push(self.field(form)?);
            if !self.eat_punct(',') {
                self.punct('}')?;
                break;
            }
        }
        Ok(StructBody { form, deny_unknown_fields, fields })
    }

    fn field(&mut self, form: Form) -> R<Field> {
        let (mut name, mut key, mut aliases, mut flatten) = (None, Key::Str(String::new()), Vec::new(), false);
        if self.eat_punct_dotdot() {
            flatten = true;
        } else {
            match (form, self.bump()) {
                (Form::Map, Some(Tok::Str(s))) => key = Key::Str(s),
                (Form::Map, Some(Tok::Int(i))) => key = Key::Int(self.i64_of(i)?),
                (_, Some(Tok::Word(w))) if form != Form::Map => {
                    key = Key::Str(w.clone());
                    name = Some(w);
                }
                (_, Some(Tok::Int(i))) if form != Form::Map && i >= 0 => {
                    key = Key::Str(i.to_string());
                    name = Some(i.to_string());
                }
                _ => {
                    self.pos -= 1;
                    let what = if form == Form::Map { "a key (a string or an integer)" } else { "a field name" };
                    return self.expected(what);
                }
            }
            if form == Form::Map {
                aliases = self.aliases()?;
            }
            self.punct(':')?;
        }
        let ty = self.ty()?;
        let (mut required, mut always_written) = (true, true);
        if self.eat_punct('(') {
            loop {
                if self.eat_word("default") {
                    required = false;
                } else if self.eat_word("may") {
                    self.word("be")?;
                    self.word("left")?;
                    self.word("out")?;
                    always_written = false;
                } else {
                    return self.expected("`default` or `may be left out`");
                }
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.punct(')')?;
        }
        Ok(Field { name, key, aliases, ty, required, always_written, flatten })
    }

    fn eat_punct_dotdot(&mut self) -> bool {
        let yes = self.peek() == Some(&Tok::DotDot);
        if yes {
            self.pos += 1;
        }
        yes
    }

    fn i64_of(&self, i: i128) -> R<i64> {
        i64::try_from(i).or_else(|_| self.err(format!("{i} is out of range for a key")))
    }

    /// `(alias "a", "b")`, if present.
    fn aliases(&mut self) -> R<Vec<String>> {
        let mut out = Vec::new();
        if self.is_punct('(') && self.peek2() == Some(&Tok::Word("alias".into())) {
            self.pos += 2;
            loop {
                out.push(self.string()?);
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.punct(')')?;
        }
        Ok(out)
    }

    fn enum_body(&mut self) -> R<EnumBody> {
        self.word("enum")?;
        let tagging = if self.eat_punct(',') {
            if self.eat_word("untagged") {
                Tagging::Untagged
            } else {
                self.word("tag")?;
                let tag = self.string()?;
                if self.eat_punct(',') {
                    self.word("content")?;
                    Tagging::Adjacent { tag, content: self.string()? }
                } else {
                    Tagging::Internal(tag)
                }
            }
        } else {
            Tagging::External
        };
        self.punct('{')?;
        let (mut variants, mut other) = (Vec::new(), false);
        while !self.eat_punct('}') {
            if self.eat_word("other") {
                other = true;
            } else {
                variants.push(self.variant()?);
            }
            if !self.eat_punct(',') {
                self.punct('}')?;
                break;
            }
        }
        Ok(EnumBody { tagging, variants, other })
    }

    fn variant(&mut self) -> R<Variant> {
        let tag = match self.bump() {
            Some(Tok::Str(s)) => Key::Str(s),
            Some(Tok::Int(i)) => Key::Int(self.i64_of(i)?),
            _ => {
                self.pos -= 1;
                return self.expected("a variant tag (a string or an integer) or `other`");
            }
        };
        let aliases = self.aliases()?;
        let untagged = if self.is_punct('(') && self.peek2() == Some(&Tok::Word("untagged".into())) {
            self.pos += 2;
            self.punct(')')?;
            true
        } else {
            false
        };
        let payload = if self.eat_punct(':') {
            if self.eat_word("other") {
                Payload::Other(self.ty()?)
            } else if let Some(form) = self.form_keyword() {
                Payload::Struct(self.struct_body(form)?)
            } else {
                Payload::Newtype(self.ty()?)
            }
        } else {
            Payload::Unit
        };
        Ok(Variant { tag, aliases, untagged, payload })
    }

    fn ty(&mut self) -> R<Ty> {
        if self.depth == MAX_DEPTH {
            return self.err(format!("types nest more than {MAX_DEPTH} deep"));
        }
        self.depth += 1;
        let t = self.ty_inner();
        self.depth -= 1;
        t
    }

    fn ty_inner(&mut self) -> R<Ty> {
        let line = self.line();
        let Some(tok) = self.bump() else { return self.expected("a type") };
        let ty = match tok {
            Tok::Word(w) => match w.as_str() {
                "any" => Ty::Any,
                "nil" => Ty::Nil,
                "bool" => Ty::Bool,
                "f32" => Ty::F32,
                "f64" => Ty::F64,
                "str" => Ty::Str,
                "char" => Ty::Char,
                "timestamp" => Ty::Timestamp,
                "int" => {
                    self.punct('(')?;
                    let min_line = self.line();
                    let min = self.int()?;
                    let min = i64::try_from(min)
                        .map_err(|_| ParseError { line: min_line, message: format!("{min} is below i64's range") })?;
                    if self.peek() != Some(&Tok::RangeIncl) {
                        return self.expected("`..=`");
                    }
                    self.pos += 1;
                    let max: u64 = self.uint("an integer's maximum")?;
                    let nonzero = if self.eat_punct(',') {
                        self.word("nonzero")?;
                        true
                    } else {
                        false
                    };
                    self.punct(')')?;
                    if i128::from(min) > i128::from(max) {
                        return Err(ParseError { line, message: format!("the range {min}..={max} is empty") });
                    }
                    Ty::Int { min, max, nonzero }
                }
                "bin" => {
                    let len = if self.eat_punct('[') {
                        let n = self.uint("a length")?;
                        self.punct(']')?;
                        Some(n)
                    } else {
                        None
                    };
                    let from_array = if self.eat_punct('|') {
                        self.punct('[')?;
                        self.word("u8")?;
                        self.punct(']')?;
                        true
                    } else {
                        false
                    };
                    Ty::Bin { len, from_array }
                }
                "ext" => {
                    if self.eat_punct('(') {
                        let t = self.uint("an ext type code")?;
                        self.punct(')')?;
                        Ty::Ext(Some(t))
                    } else {
                        Ty::Ext(None)
                    }
                }
                "Option" => {
                    self.punct('<')?;
                    let inner = self.ty()?;
                    self.punct('>')?;
                    Ty::Option(Box::new(inner))
                }
                "with" => {
                    self.punct('(')?;
                    let with = self.string()?;
                    self.punct(',')?;
                    let ty = self.string()?;
                    self.punct(')')?;
                    Ty::Opaque { with, ty }
                }
                w => match INT_NAMES.iter().find(|(k, _, _)| *k == w) {
                    Some((_, min, max)) => Ty::Int { min: *min, max: *max, nonzero: false },
                    None if !crate::is_keyword(w) => Ty::Named(w.to_string()),
                    None => {
                        self.pos -= 1;
                        return self.expected("a type");
                    }
                },
            },
            Tok::Punct('[') => {
                let elem = self.ty()?;
                let len = if self.eat_punct(';') { Some(self.uint("a length")?) } else { None };
                self.punct(']')?;
                Ty::Seq { elem: Box::new(elem), len }
            }
            Tok::Punct('(') => {
                let mut items = Vec::new();
                while !self.eat_punct(')') {
                    items.push(self.ty()?);
                    if !self.eat_punct(',') {
                        self.punct(')')?;
                        break;
                    }
                }
                Ty::Tuple(items)
            }
            Tok::Punct('{') => {
                let key = self.ty()?;
                self.punct(':')?;
                let value = self.ty()?;
                self.punct('}')?;
                Ty::Map { key: Box::new(key), value: Box::new(value) }
            }
            _ => {
                self.pos -= 1;
                return self.expected("a type");
            }
        };
        Ok(ty)
    }
}

/// Every name a version refers to is defined in it.
fn check_refs(defs: &[Def]) -> R<()> {
    let names: BTreeSet<&str> = defs.iter().map(|d| d.name.as_str()).collect();
    for d in defs {
        let mut missing = None;
        let mut visit = |t: &Ty| {
            if let Ty::Named(n) = t
                && !names.contains(n.as_str())
                && missing.is_none()
            {
                missing = Some(n.clone());
            }
        };
        match &d.body {
            Body::Newtype(t) => walk(t, &mut visit),
            Body::Struct(s) => s.fields.iter().for_each(|f| walk(&f.ty, &mut visit)),
            Body::Enum(e) => {
                for v in &e.variants {
                    match &v.payload {
                        Payload::Unit => {}
                        Payload::Newtype(t) | Payload::Other(t) => walk(t, &mut visit),
                        Payload::Struct(s) => s.fields.iter().for_each(|f| walk(&f.ty, &mut visit)),
                    }
                }
            }
        }
        if let Some(n) = missing {
            return Err(ParseError {
                line: d.line,
                message: format!("`{}` refers to `{n}`, which is not defined", d.name),
            });
        }
    }
    Ok(())
}

/// Calls `f` on `t` and every type inside it.
pub(crate) fn walk(t: &Ty, f: &mut impl FnMut(&Ty)) {
    f(t);
    match t {
        Ty::Option(i) | Ty::Seq { elem: i, .. } => walk(i, f),
        Ty::Tuple(items) => items.iter().for_each(|i| walk(i, f)),
        Ty::Map { key, value } => {
            walk(key, f);
            walk(value, f);
        }
        _ => {}
    }
}
