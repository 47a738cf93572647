//! The checks of named types: struct fields (by key in map form, by
//! position in array forms) and enum variants (tags, tagging style,
//! payloads).

use super::untagged::{self, Written};
use super::{Cx, R, Step, flatten, key_readable, shape};
use crate::schema::message::Incompatible;
use crate::schema::{EnumDef, FieldDef, Form, Key, Payload, Rule, Shape, StructDef, Tagging, VariantDef, str_eq};

/// Whether a reader field (or variant) with this key and these aliases reads
/// the writer's `key`.
pub(super) const fn reads_key(own: &Key, aliases: &[&str], key: &Key) -> bool {
    if own.eq(key) {
        return true;
    }
    if let Key::Str(k) = key {
        let mut i = 0;
        while i < aliases.len() {
            if str_eq(aliases[i], k) {
                return true;
            }
            i += 1;
        }
    }
    false
}

pub(super) const fn struct_def(
    cx: &mut Cx,
    r: &'static Shape,
    w: &'static Shape,
    rd: &'static StructDef,
    wd: &'static StructDef,
) -> R {
    if !cx.enter(r, w, true, true) {
        return Ok(());
    }
    tri!(struct_body(cx, rd, wd));
    cx.leave(true, true);
    Ok(())
}

/// Compares fields once the pair has been entered (also used for variants,
/// whose names are already on the path).
pub(super) const fn struct_body(cx: &mut Cx, rd: &'static StructDef, wd: &'static StructDef) -> R {
    match (rd.form, wd.form) {
        // The reader's fields read in this frame (the check's stack budget
        // is five frames a level, see `MAX_CHECK_DEPTH`).
        (Form::Map, Form::Map) => {
            let w_extra = flatten::catch_all(wd.fields);
            tri!(reader_fields(cx, rd.fields, wd, w_extra, 0));
            keyed_rest(cx, rd, wd, w_extra)
        }
        (Form::Array | Form::Tuple | Form::Unit, Form::Array | Form::Tuple | Form::Unit) => positional(cx, rd, wd),
        (Form::Map, _) => {
            let mut m = cx.start(Rule::FormChanged);
            cx.push_reader(&mut m);
            m.push(" reads a map but ");
            cx.push_writer(&mut m);
            m.push(" writes an array (`array` form)");
            Err(m)
        }
        (_, Form::Map) => {
            let mut m = cx.start(Rule::FormChanged);
            cx.push_reader(&mut m);
            m.push(" reads an array (`array` form) but ");
            cx.push_writer(&mut m);
            m.push(" writes a map");
            Err(m)
        }
    }
}

/// `field "k" is required in R but W{why}`.
const fn required(cx: &Cx, rule: Rule, key: &Key, why: &str) -> Incompatible {
    let mut m = cx.start(rule);
    m.push("field ");
    m.push_key(key);
    m.push(" is required in ");
    cx.push_reader(&mut m);
    m.push(" but ");
    cx.push_writer(&mut m);
    m.push(why);
    m
}

/// A required field the writer writes under another key: the same Rust
/// field (`wf`) renamed on the wire.
const fn renamed(cx: &Cx, key: &Key, wf: &FieldDef) -> R {
    let mut m = required(cx, Rule::KeyRenamed, key, " never writes it; ");
    cx.push_writer(&mut m);
    m.push(" writes `");
    m.push(wf.name);
    m.push("` as ");
    m.push_key(&wf.key);
    if let Key::Str(old) = wf.key {
        m.push(" (keep the old key readable with `alias = \"");
        m.push(old);
        m.push("\"`)");
    }
    Err(m)
}

/// After the reader's fields: the writer's fields no reader field reads,
/// and the writer's catch-all map.
const fn keyed_rest(
    cx: &mut Cx,
    rd: &'static StructDef,
    wd: &'static StructDef,
    w_extra: Option<(&'static Shape, &'static Shape)>,
) -> R {
    let r_extra = flatten::catch_all(rd.fields);
    tri!(unclaimed(cx, rd, r_extra, wd.fields, 0));
    if let Some((wk, wv)) = w_extra {
        match r_extra {
            Some((rk, rv)) => {
                cx.push(Step::MapKey);
                tri!(shape(cx, rk, wk));
                cx.pop();
                cx.push(Step::MapValue);
                tri!(shape(cx, rv, wv));
                cx.pop();
            }
            None if rd.deny_unknown_fields => {
                let mut m = cx.start(Rule::UnknownFieldsDenied);
                cx.push_writer(&mut m);
                m.push(" writes any other keys (a flattened map), which ");
                cx.push_reader(&mut m);
                m.push(" rejects (`deny_unknown_fields`)");
                return Err(m);
            }
            None => {}
        }
    }
    Ok(())
}

/// Each reader field (flattened structs' fields included) against the
/// writer field(s) it reads, or the writer's catch-all map.
const fn reader_fields(
    cx: &mut Cx,
    fields: &'static [FieldDef],
    wd: &'static StructDef,
    w_extra: Option<(&'static Shape, &'static Shape)>,
    depth: u32,
) -> R {
    let mut i = 0;
    while i < fields.len() {
        let rf = &fields[i];
        i += 1;
        if rf.flatten {
            if let Some(inner) = flatten::inner_fields(rf)
                && depth < 8
            {
                tri!(reader_fields(cx, inner, wd, w_extra, depth + 1));
            }
            continue;
        }
        let (found, second) = flatten::written_as(rf, wd.fields);
        if let (Some(a), Some(b)) = (found, second) {
            // Both may be in one message: a duplicate field for the reader.
            let mut m = cx.start(Rule::AliasDuplicate);
            cx.push_writer(&mut m);
            m.push(" writes fields ");
            m.push_key(&a.key);
            m.push(" and ");
            m.push_key(&b.key);
            m.push(", which ");
            cx.push_reader(&mut m);
            m.push(" reads as one field ");
            m.push_key(&rf.key);
            m.push(" (an `alias`): a message with both is a duplicate");
            return Err(m);
        }
        match found {
            None => {
                if rf.required {
                    if let Some(wf) = flatten::find_named(wd.fields, rf.name) {
                        return renamed(cx, &rf.key, wf);
                    }
                    return Err(required(cx, Rule::RequiredFieldAdded, &rf.key, " never writes it"));
                }
                // The writer's catch-all map may hold the key.
                if let Some((wk, wv)) = w_extra
                    && key_may_hold(wk, &rf.key)
                {
                    cx.push(Step::Field(rf.key));
                    tri!(shape(cx, rf.shape.get(), wv));
                    cx.pop();
                }
            }
            Some(wf) => {
                if rf.required && !wf.always_written {
                    let why = " may leave it out (`skip_if` or `omit_defaults`)";
                    return Err(required(cx, Rule::RequiredFieldOmittable, &rf.key, why));
                }
                cx.push(Step::Field(rf.key));
                tri!(shape(cx, rf.shape.get(), wf.shape.get()));
                cx.pop();
            }
        }
    }
    Ok(())
}

/// Whether a writer map with keys of shape `wk` may write `key`.
const fn key_may_hold(wk: &Shape, key: &Key) -> bool {
    key_readable(wk, key)
}

/// Each writer field (flattened structs' fields included) that no reader
/// field reads: taken by the reader's catch-all map, skipped, or rejected
/// with `deny_unknown_fields`.
const fn unclaimed(
    cx: &mut Cx,
    rd: &'static StructDef,
    r_extra: Option<(&'static Shape, &'static Shape)>,
    fields: &'static [FieldDef],
    depth: u32,
) -> R {
    let mut i = 0;
    while i < fields.len() {
        let wf = &fields[i];
        i += 1;
        if wf.flatten {
            if let Some(inner) = flatten::inner_fields(wf)
                && depth < 8
            {
                tri!(unclaimed(cx, rd, r_extra, inner, depth + 1));
            }
            continue;
        }
        if flatten::find(rd.fields, &wf.key).is_some() {
            continue;
        }
        match r_extra {
            Some((rk, rv)) => {
                cx.push(Step::Field(wf.key));
                if !key_readable(rk, &wf.key) {
                    let mut m = cx.start(Rule::KeyUnreadable);
                    m.push("the flattened map's key ");
                    m.push_label(rk);
                    m.push(" cannot read the key");
                    return Err(m);
                }
                tri!(shape(cx, rv, wf.shape.get()));
                cx.pop();
            }
            None if rd.deny_unknown_fields => {
                let mut m = cx.start(Rule::UnknownFieldsDenied);
                cx.push_writer(&mut m);
                m.push(" writes field ");
                m.push_key(&wf.key);
                m.push(", which ");
                cx.push_reader(&mut m);
                m.push(" does not know and `deny_unknown_fields` rejects");
                return Err(m);
            }
            None => {}
        }
    }
    Ok(())
}

const fn positional(cx: &mut Cx, rd: &'static StructDef, wd: &'static StructDef) -> R {
    let (rn, wn) = (flatten::count(rd.fields), flatten::count(wd.fields));
    let exact = matches!(rd.form, Form::Tuple | Form::Unit);
    if (exact && rn != wn) || (wn > rn && rd.deny_unknown_fields) {
        let mut m = cx.start(if exact { Rule::LengthChanged } else { Rule::UnknownFieldsDenied });
        cx.push_reader(&mut m);
        m.push(if exact { " reads exactly " } else { " reads at most " });
        m.push_u64(rn as u64);
        m.push(" elements but ");
        cx.push_writer(&mut m);
        m.push(" writes ");
        m.push_u64(wn as u64);
        return Err(m);
    }
    let mut i = 0;
    while i < rn {
        let Some(rf) = flatten::nth(rd.fields, i) else { break };
        if i >= wn {
            if rf.required {
                let mut m = cx.start(Rule::RequiredFieldAdded);
                m.push("position ");
                m.push_u64(i as u64);
                m.push(" (`");
                m.push(rf.name);
                m.push("`) is required in ");
                cx.push_reader(&mut m);
                m.push(" but ");
                cx.push_writer(&mut m);
                m.push(" writes only ");
                m.push_u64(wn as u64);
                m.push(" elements");
                return Err(m);
            }
        } else {
            let Some(wf) = flatten::nth(wd.fields, i) else { break };
            let names = cx.names();
            cx.push(Step::Position(i, rf.name));
            if let Err(e) = shape(cx, rf.shape.get(), wf.shape.get()) {
                if str_eq(rf.name, wf.name) {
                    return Err(e);
                }
                // The reader's field elsewhere in the writer, or the writer's
                // elsewhere in the reader.
                return Err(match flatten::position_named(wd.fields, rf.name) {
                    Some(at) if at != i => reordered(cx, &e, (false, names.1), rf.name, at),
                    _ => match flatten::position_named(rd.fields, wf.name) {
                        Some(at) if at != i => reordered(cx, &e, (true, names.0), wf.name, at),
                        _ => e,
                    },
                });
            }
            cx.pop();
        }
        i += 1;
    }
    Ok(())
}

/// A position that does not read, where one side has the other's field
/// at position `at`: the fields were reordered. `side` is that side (the
/// reader if `true`) and its innermost name before the position was entered.
const fn reordered(cx: &Cx, e: &Incompatible, side: (bool, Option<&str>), field: &str, at: usize) -> Incompatible {
    // A limit of the check is not a reordering.
    if matches!(e.rule(), Rule::TooDeep | Rule::RecursionUnresolved) {
        return *e;
    }
    let mut m = e.with_rule(Rule::ArrayFieldReordered);
    m.push(" (");
    match side {
        (_, Some(n)) => m.push(n),
        (true, None) => m.push_label(cx.head_r),
        (false, None) => m.push_label(cx.head_w),
    }
    m.push(if side.0 { " reads `" } else { " writes `" });
    m.push(field);
    m.push(if side.0 { "`, written here, at position " } else { "` at position " });
    m.push_u64(at as u64);
    m.push(")");
    m
}

pub(super) const fn enum_def(
    cx: &mut Cx,
    r: &'static Shape,
    w: &'static Shape,
    rd: &'static EnumDef,
    wd: &'static EnumDef,
) -> R {
    if !cx.enter(r, w, true, true) {
        return Ok(());
    }
    let same_tagging = match (rd.tagging, wd.tagging) {
        (Tagging::External, Tagging::External) => true,
        (Tagging::Internal(a), Tagging::Internal(b)) => str_eq(a, b),
        (Tagging::Adjacent { tag: a, content: c }, Tagging::Adjacent { tag: b, content: d }) => {
            str_eq(a, b) && str_eq(c, d)
        }
        // Untagged enums are compared in `untagged`.
        _ => false,
    };
    if !same_tagging {
        let mut m = cx.start(Rule::TaggingChanged);
        cx.push_reader(&mut m);
        push_tagging(&mut m, rd.tagging);
        m.push(" but ");
        cx.push_writer(&mut m);
        push_tagging(&mut m, wd.tagging);
        return Err(m);
    }
    // String tags and integer tags never read as each other, `other` or not.
    if let (Some(rv), Some(wv)) = (first_tag(rd), first_tag(wd)) {
        if matches!(rv, Key::Str(_)) != matches!(wv, Key::Str(_)) {
            let mut m = cx.start(Rule::TagKindChanged);
            cx.push_reader(&mut m);
            m.push(tag_kind(rv));
            m.push(" but ");
            cx.push_writer(&mut m);
            m.push(tag_kind(wv));
            return Err(m);
        }
    }
    let mut i = 0;
    while i < wd.variants.len() {
        let wv = &wd.variants[i];
        i += 1;
        tri!(written_variant(cx, r, rd, wv));
    }
    cx.leave(true, true);
    Ok(())
}

/// One variant of the writer, read by the enum `rd` (a tagged enum: the
/// pair is entered).
const fn written_variant(cx: &mut Cx, r: &'static Shape, rd: &'static EnumDef, wv: &'static VariantDef) -> R {
    // Unknown values kept verbatim: only another such variant reads them all.
    if let Payload::Other(ws) = wv.payload {
        return match other_of(rd) {
            Some(Payload::Other(rs)) => {
                cx.push(Step::Variant(wv.tag));
                tri!(shape(cx, rs.get(), ws.get()));
                cx.pop();
                Ok(())
            }
            _ => {
                let mut m = cx.start(Rule::OtherVariantMissing);
                cx.push_writer(&mut m);
                m.push(" writes back unknown values verbatim (`other` holding ");
                m.push_label(ws.get());
                m.push("), which only an `other` variant holding the value reads; ");
                cx.push_reader(&mut m);
                m.push(" has none");
                Err(m)
            }
        };
    }
    // Written bare: the reader's untagged variants must read it.
    if wv.untagged {
        if !untagged::has_untagged(rd) {
            let mut m = cx.start(Rule::UntaggedVariantUnreadable);
            m.push("variant ");
            m.push_key(&wv.tag);
            m.push(" is written untagged by ");
            cx.push_writer(&mut m);
            m.push(" but ");
            cx.push_reader(&mut m);
            m.push(" has no untagged variants");
            return Err(m);
        }
        cx.push(Step::Variant(wv.tag));
        tri!(untagged::reader_tries(cx, r, rd, untagged::payload(wv)));
        cx.pop();
        return Ok(());
    }
    let mut found = None;
    let mut j = 0;
    while j < rd.variants.len() {
        let v = &rd.variants[j];
        if !v.untagged && !matches!(v.payload, Payload::Other(_)) && reads_key(&v.tag, v.aliases, &wv.tag) {
            found = Some(v);
            break;
        }
        j += 1;
    }
    let Some(rv) = found else {
        return match other_of(rd) {
            // The whole value, whatever it is: only a reader of any value.
            Some(Payload::Other(rs)) => shape(cx, rs.get(), &Shape::Any),
            Some(_) => Ok(()),
            None if untagged::has_untagged(rd) => untagged::reader_tries(cx, r, rd, Written::Shape(&Shape::Any)),
            None => {
                let renamed = named_variant(rd, wv.name);
                let mut m = cx.start(if renamed.is_some() { Rule::TagChanged } else { Rule::VariantRemoved });
                m.push("variant ");
                m.push_key(&wv.tag);
                m.push(" written by ");
                cx.push_writer(&mut m);
                m.push(" is unknown to ");
                cx.push_reader(&mut m);
                m.push(" (and it has no `other` variant)");
                if let Some(rv) = renamed {
                    m.push("; ");
                    cx.push_reader(&mut m);
                    m.push(" tags `");
                    m.push(rv.name);
                    m.push("` as ");
                    m.push_key(&rv.tag);
                    if let Key::Str(old) = wv.tag {
                        m.push(" (keep the old tag readable with `alias = \"");
                        m.push(old);
                        m.push("\"`)");
                    }
                }
                Err(m)
            }
        };
    };
    cx.push(Step::Variant(wv.tag));
    tri!(match (rv.payload, wv.payload) {
        (Payload::Unit, Payload::Unit) => Ok(()),
        (Payload::Newtype(r), Payload::Newtype(w)) => shape(cx, r.get(), w.get()),
        (Payload::Struct(r), Payload::Struct(w)) => struct_body(cx, r, w),
        (r, w) => {
            let mut m = cx.start(Rule::VariantPayloadChanged);
            cx.push_reader(&mut m);
            m.push(" has ");
            m.push(payload_kind(r));
            m.push(" but ");
            cx.push_writer(&mut m);
            m.push(" writes ");
            m.push(payload_kind(w));
            Err(m)
        }
    });
    cx.pop();
    Ok(())
}

/// The reader's tagged variant with this Rust name (the writer's variant
/// under another tag).
const fn named_variant(d: &'static EnumDef, name: &str) -> Option<&'static VariantDef> {
    let mut i = 0;
    while i < d.variants.len() {
        let v = &d.variants[i];
        if !v.untagged && !matches!(v.payload, Payload::Other(_)) && str_eq(v.name, name) {
            return Some(v);
        }
        i += 1;
    }
    None
}

/// The payload of the reader's `other` variant, if it has one.
const fn other_of(d: &EnumDef) -> Option<Payload> {
    if !d.other {
        return None;
    }
    let mut i = 0;
    while i < d.variants.len() {
        if let Payload::Other(s) = d.variants[i].payload {
            return Some(Payload::Other(s));
        }
        i += 1;
    }
    Some(Payload::Unit)
}

/// The tag of the first tagged variant.
const fn first_tag(d: &EnumDef) -> Option<Key> {
    let mut i = 0;
    while i < d.variants.len() {
        let v = &d.variants[i];
        if !v.untagged && !matches!(v.payload, Payload::Other(_)) {
            return Some(v.tag);
        }
        i += 1;
    }
    None
}

const fn tag_kind(k: Key) -> &'static str {
    match k {
        Key::Str(_) => " tags variants by name (strings)",
        Key::Int(_) => " tags variants by integers",
    }
}

const fn push_tagging(m: &mut Incompatible, t: Tagging) {
    match t {
        Tagging::External => m.push(" is externally tagged"),
        Tagging::Internal(tag) => {
            m.push(" is tagged by field \"");
            m.push(tag);
            m.push("\"");
        }
        Tagging::Adjacent { tag, content } => {
            m.push(" is tagged by field \"");
            m.push(tag);
            m.push("\" with the payload under \"");
            m.push(content);
            m.push("\"");
        }
        Tagging::Untagged => m.push(" is untagged"),
    }
}

const fn payload_kind(p: Payload) -> &'static str {
    match p {
        Payload::Unit => "a unit variant",
        Payload::Other(_) => "an `other` variant holding the value",
        Payload::Newtype(_) => "a newtype variant",
        Payload::Struct(d) => match d.form {
            Form::Tuple | Form::Unit => "a tuple variant",
            Form::Map | Form::Array => "a struct variant",
        },
    }
}
