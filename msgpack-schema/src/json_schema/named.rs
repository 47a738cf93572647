//! Named definitions' bodies: structs in each form (flattened fields
//! inline), enums in each tagging.

use alloc::vec::Vec;

use super::json::J;
use super::{Cx, Entry, KeyKind, any_of, catch_all, empty_object, flattened, internal_inline, key_json, reserved, ty};
use msgpack_core::schema::{EnumDef, FieldDef, Form, Key, Payload, Shape, StructDef, Tagging, VariantDef};

impl Cx<'_> {
    /// A struct's (or struct variant's) body; `tag` is an internally
    /// tagged variant's tag entry.
    pub(super) fn struct_body(&self, d: &'static StructDef, at: Option<usize>, tag: Option<Entry>) -> J {
        match d.form {
            Form::Map => {
                let mut entries = Vec::new();
                entries.extend(tag);
                let mut catch = None;
                self.entries(d.fields, at, &mut entries, &mut catch, 0);
                self.keyed(entries, catch, d.deny_unknown_fields, at)
            }
            Form::Array => {
                let mut items = Vec::new();
                self.positions(d.fields, at, &mut items, false, 0);
                let min = items.iter().rposition(|(_, _, required)| *required).map_or(0, |i| i + 1);
                let mut j = ty("array");
                let n = items.len();
                if n > 0 {
                    let prefix = items.into_iter().map(|(title, schema, _)| schema.first("title", J::str(title)));
                    j.set("prefixItems", J::Arr(prefix.collect()));
                }
                if min > 0 {
                    j.set("minItems", J::Int(min as i128));
                }
                if d.deny_unknown_fields {
                    j.set("items", J::Bool(false));
                    j.set("maxItems", J::Int(n as i128));
                }
                j.annotate("form", J::str("array"))
            }
            Form::Tuple => {
                let n = J::Int(d.fields.len() as i128);
                let mut j = ty("array");
                if !d.fields.is_empty() {
                    j.set("prefixItems", J::Arr(d.fields.iter().map(|f| self.shape(f.shape.get(), at)).collect()));
                    j.set("items", J::Bool(false));
                    j.set("minItems", n.clone());
                }
                j.with("maxItems", n)
            }
            Form::Unit => J::obj().with("type", J::strs(["array", "null"])).with("maxItems", J::Int(0)),
        }
    }

    /// The entries of map-form fields, flattened structs inline.
    pub(super) fn entries(
        &self,
        fields: &'static [FieldDef],
        at: Option<usize>,
        out: &mut Vec<Entry>,
        catch: &mut Option<(&'static Shape, &'static Shape)>,
        depth: usize,
    ) {
        for f in fields {
            if let Some(inner) = flattened(f).filter(|_| depth < 8) {
                self.entries(inner.fields, at, out, catch, depth + 1);
            } else if let Some(map) = catch_all(f) {
                catch.get_or_insert(map);
            } else {
                let schema = self.shape(f.shape.get(), at);
                out.push(Entry { title: f.name, key: f.key, aliases: f.aliases, schema, required: f.required });
            }
        }
    }

    /// The positions of array-form fields, flattened structs inline (all
    /// their elements needed).
    pub(super) fn positions(
        &self,
        fields: &'static [FieldDef],
        at: Option<usize>,
        out: &mut Vec<(&'static str, J, bool)>,
        inside: bool,
        depth: usize,
    ) {
        for f in fields {
            match flattened(f) {
                Some(inner) if depth < 8 => self.positions(inner.fields, at, out, true, depth + 1),
                _ => out.push((f.name, self.shape(f.shape.get(), at), f.required || inside)),
            }
        }
    }

    /// A map-form body: an object when every key is a string, else the
    /// `$map` array of pairs.
    pub(super) fn keyed(
        &self,
        entries: Vec<Entry>,
        catch: Option<(&'static Shape, &'static Shape)>,
        deny: bool,
        at: Option<usize>,
    ) -> J {
        let string_keys = entries.iter().all(|e| matches!(e.key, Key::Str(_)));
        let catch_kind = catch.map_or(KeyKind::STRING, |(k, _)| self.key_kind(k, at, 0));
        if string_keys && !catch_kind.other {
            return self.object(entries, catch, deny, at);
        }
        let mut pairs = Vec::new();
        let mut known = Vec::new();
        let mut contains = Vec::new();
        let mut any_required = false;
        for e in entries {
            let mut names = alloc::vec![key_json(&e.key)];
            names.extend(e.aliases.iter().map(|a| J::str(a)));
            for n in &names {
                let pair = J::obj()
                    .with("title", J::str(e.title))
                    .with("prefixItems", J::Arr(alloc::vec![J::obj().with("const", n.clone()), e.schema.clone()]));
                pairs.push(pair);
            }
            if e.required {
                any_required = true;
                contains.push(
                    J::obj().with("contains", J::obj().with("prefixItems", J::Arr(alloc::vec![one_of_values(&names)]))),
                );
            }
            known.extend(names);
        }
        let not_known = J::obj().with("not", J::obj().with("enum", J::Arr(known.clone())));
        let other_key = |k: J| match (known.is_empty(), k == J::obj()) {
            (true, _) => k,
            (false, true) => not_known.clone(),
            (false, false) => J::obj().with("allOf", J::Arr(alloc::vec![k, not_known.clone()])),
        };
        if let Some((k, v)) = catch {
            let pair = J::obj()
                .with("title", J::str("other keys"))
                .with("prefixItems", J::Arr(alloc::vec![other_key(self.shape(k, at)), self.shape(v, at)]));
            pairs.push(pair);
        } else if !deny {
            let pair = J::obj()
                .with("title", J::str("unknown keys"))
                .with("prefixItems", J::Arr(alloc::vec![other_key(J::obj()), J::obj()]));
            pairs.push(pair);
        }
        let pair = ty("array").with("minItems", J::Int(2)).with("maxItems", J::Int(2)).with("anyOf", J::Arr(pairs));
        let mut list = ty("array").with("items", pair);
        if !contains.is_empty() {
            list.set("allOf", J::Arr(contains));
        }
        let body = reserved("$map", list).annotate("keys", J::str("int"));
        if any_required { body } else { any_of(alloc::vec![empty_object(), body]) }
    }

    /// A map-form body whose keys are all strings.
    pub(super) fn object(
        &self,
        entries: Vec<Entry>,
        catch: Option<(&'static Shape, &'static Shape)>,
        deny: bool,
        at: Option<usize>,
    ) -> J {
        let mut props = J::obj();
        let mut required = Vec::new();
        let mut either = Vec::new();
        for e in entries {
            let Key::Str(k) = e.key else { continue };
            props.set(k, e.schema.clone());
            for a in e.aliases {
                props.set(a, e.schema.clone().annotate("alias_of", J::str(k)));
            }
            if e.required {
                if e.aliases.is_empty() {
                    required.push(J::str(k));
                } else {
                    let names = core::iter::once(k).chain(e.aliases.iter().copied());
                    let alts = names.map(|n| J::obj().with("required", J::strs([n]))).collect();
                    either.push(J::obj().with("anyOf", J::Arr(alts)));
                }
            }
        }
        let mut j = ty("object");
        if props != J::obj() {
            j.set("properties", props);
        }
        if !required.is_empty() {
            j.set("required", J::Arr(required));
        }
        if !either.is_empty() {
            j.set("allOf", J::Arr(either));
        }
        match catch {
            Some((_, Shape::Any)) => {}
            Some((_, v)) => j.set("additionalProperties", self.shape(v, at)),
            None if deny => j.set("additionalProperties", J::Bool(false)),
            None => {}
        }
        j
    }

    pub(super) fn enum_body(&self, d: &'static EnumDef, at: Option<usize>) -> J {
        let unit_only = d.variants.iter().all(|v| matches!(v.payload, Payload::Unit) && !v.untagged);
        if matches!(d.tagging, Tagging::External) && unit_only && !d.other {
            let mut tags = Vec::new();
            for v in d.variants {
                tags.push(key_json(&v.tag));
                tags.extend(v.aliases.iter().map(|a| J::str(a)));
            }
            return J::obj().with("enum", J::Arr(tags));
        }
        let mut alts = Vec::new();
        let mut exclusive = !matches!(d.tagging, Tagging::Untagged) && !d.other;
        for v in d.variants {
            let untagged = v.untagged || matches!(d.tagging, Tagging::Untagged);
            let j = if untagged {
                exclusive = false;
                let j = self.payload(v, at);
                if matches!(d.tagging, Tagging::Untagged) { j } else { j.annotate("untagged", J::Bool(true)) }
            } else if let Payload::Other(_) = v.payload {
                exclusive = false;
                J::obj().annotate("other", J::Bool(true))
            } else {
                self.tagged(d, v, at)
            };
            alts.push(j.first("title", J::str(v.name)));
        }
        if d.other && !d.variants.iter().any(|v| matches!(v.payload, Payload::Other(_))) {
            alts.push(other_alternative(d).first("title", J::str("other")).annotate("other", J::Bool(true)));
        }
        let mut note = J::obj();
        match d.tagging {
            Tagging::External => note.set("tagging", J::str("external")),
            Tagging::Internal(tag) => {
                note.set("tagging", J::str("internal"));
                note.set("tag", J::str(tag));
            }
            Tagging::Adjacent { tag, content } => {
                note.set("tagging", J::str("adjacent"));
                note.set("tag", J::str(tag));
                note.set("content", J::str(content));
            }
            Tagging::Untagged => note.set("tagging", J::str("untagged")),
        }
        J::obj().with(if exclusive { "oneOf" } else { "anyOf" }, J::Arr(alts)).with("x-msgpack", note)
    }

    /// A variant's payload: what follows the tag, or the whole value of an
    /// untagged variant.
    pub(super) fn payload(&self, v: &'static VariantDef, at: Option<usize>) -> J {
        match v.payload {
            Payload::Unit => ty("null"),
            Payload::Newtype(s) => self.shape(s.get(), at),
            Payload::Struct(s) => self.struct_body(s, at, None),
            Payload::Other(_) => J::obj(),
        }
    }

    pub(super) fn tagged(&self, d: &'static EnumDef, v: &'static VariantDef, at: Option<usize>) -> J {
        let tag = tag_value(v);
        match d.tagging {
            Tagging::External => match (v.payload, v.tag) {
                (Payload::Unit, _) => tag,
                (_, Key::Str(t)) => {
                    let payload = self.payload(v, at);
                    let mut props = J::obj().with(t, payload.clone());
                    for a in v.aliases {
                        props.set(a, payload.clone());
                    }
                    let j = ty("object").with("properties", props);
                    if v.aliases.is_empty() {
                        j.with("required", J::strs([t])).with("additionalProperties", J::Bool(false))
                    } else {
                        j.with("minProperties", J::Int(1))
                            .with("maxProperties", J::Int(1))
                            .with("additionalProperties", J::Bool(false))
                    }
                }
                (_, Key::Int(_)) => {
                    let pair = ty("array")
                        .with("prefixItems", J::Arr(alloc::vec![tag, self.payload(v, at)]))
                        .with("items", J::Bool(false))
                        .with("minItems", J::Int(2));
                    let list = ty("array")
                        .with("prefixItems", J::Arr(alloc::vec![pair]))
                        .with("items", J::Bool(false))
                        .with("minItems", J::Int(1));
                    reserved("$map", list)
                }
            },
            Tagging::Internal(field) => {
                let entry = Entry { title: field, key: Key::Str(field), aliases: &[], schema: tag, required: true };
                match v.payload {
                    Payload::Struct(s) => self.struct_body(s, at, Some(entry)),
                    Payload::Newtype(s) => match internal_inline(d, false, s.get()) {
                        Some(inner) => self.struct_body(inner, at, Some(entry)),
                        None => {
                            let own = self.keyed(alloc::vec![entry], None, false, at);
                            J::obj().with("allOf", J::Arr(alloc::vec![self.shape(s.get(), at), own]))
                        }
                    },
                    _ => self.keyed(alloc::vec![entry], None, false, at),
                }
            }
            Tagging::Adjacent { tag: t, content: c } => {
                let unit = matches!(v.payload, Payload::Unit);
                let payload = self.payload(v, at);
                let mut map = ty("object").with("properties", J::obj().with(t, tag.clone()).with(c, payload.clone()));
                map.set("required", if unit { J::strs([t]) } else { J::strs([t, c]) });
                let items = if unit { alloc::vec![tag] } else { alloc::vec![tag, payload] };
                let n = J::Int(items.len() as i128);
                let array =
                    ty("array").with("prefixItems", J::Arr(items)).with("items", J::Bool(false)).with("minItems", n);
                any_of(alloc::vec![map, array])
            }
            Tagging::Untagged => self.payload(v, at),
        }
    }
}

/// `{"const": v}`, or `{"enum": [...]}` for several values.
fn one_of_values(values: &[J]) -> J {
    match values {
        [one] => J::obj().with("const", one.clone()),
        _ => J::obj().with("enum", J::Arr(values.to_vec())),
    }
}

/// The tag's value: `{"const": "V"}`, with aliases `{"enum": [...]}`.
fn tag_value(v: &VariantDef) -> J {
    let mut values = alloc::vec![key_json(&v.tag)];
    values.extend(v.aliases.iter().map(|a| J::str(a)));
    one_of_values(&values)
}

/// What a unit `other` variant reads: any value in the tagging's shape.
fn other_alternative(d: &EnumDef) -> J {
    match d.tagging {
        Tagging::External => {
            let ints = d.variants.iter().any(|v| matches!(v.tag, Key::Int(_)));
            let bare = if ints { ty("integer") } else { ty("string") };
            any_of(alloc::vec![bare, ty("object").with("minProperties", J::Int(1)).with("maxProperties", J::Int(1))])
        }
        Tagging::Internal(tag) => ty("object").with("required", J::strs([tag])),
        Tagging::Adjacent { tag, .. } => {
            any_of(alloc::vec![ty("object").with("required", J::strs([tag])), ty("array").with("minItems", J::Int(1))])
        }
        Tagging::Untagged => J::obj(),
    }
}
