//! The checks of named types: struct fields (by key in map form, by
//! position in array forms) and enum variants (tags, tagging style,
//! payloads).

use super::{Cx, R, Step, shape};
use crate::schema::message::Incompatible;
use crate::schema::{EnumDef, FieldDef, Form, Key, Payload, Shape, StructDef, Tagging, str_eq};

/// Whether a reader field (or variant) with this key and these aliases reads
/// the writer's `key`.
const fn reads_key(own: &Key, aliases: &[&str], key: &Key) -> bool {
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

/// The reader field that reads the writer's `key` (by its key or an alias).
const fn find_field(fields: &'static [FieldDef], key: &Key) -> Option<&'static FieldDef> {
    let mut i = 0;
    while i < fields.len() {
        if reads_key(&fields[i].key, fields[i].aliases, key) {
            return Some(&fields[i]);
        }
        i += 1;
    }
    None
}

/// The writer fields that `rf` reads: the first, and a second one if there
/// is one (a writer field under the key and another under an alias).
const fn writer_fields(
    rf: &FieldDef,
    fields: &'static [FieldDef],
) -> (Option<&'static FieldDef>, Option<&'static FieldDef>) {
    let mut first = None;
    let mut i = 0;
    while i < fields.len() {
        if reads_key(&rf.key, rf.aliases, &fields[i].key) {
            if first.is_some() {
                return (first, Some(&fields[i]));
            }
            first = Some(&fields[i]);
        }
        i += 1;
    }
    (first, None)
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
const fn struct_body(cx: &mut Cx, rd: &'static StructDef, wd: &'static StructDef) -> R {
    match (rd.form, wd.form) {
        (Form::Map, Form::Map) => keyed(cx, rd, wd),
        (Form::Array | Form::Tuple | Form::Unit, Form::Array | Form::Tuple | Form::Unit) => positional(cx, rd, wd),
        (Form::Map, _) => {
            let mut m = cx.start();
            cx.push_reader(&mut m);
            m.push(" reads a map but ");
            cx.push_writer(&mut m);
            m.push(" writes an array (`array` form)");
            Err(m)
        }
        (_, Form::Map) => {
            let mut m = cx.start();
            cx.push_reader(&mut m);
            m.push(" reads an array (`array` form) but ");
            cx.push_writer(&mut m);
            m.push(" writes a map");
            Err(m)
        }
    }
}

/// `field "k" is required in R but W{why}`.
const fn required(cx: &Cx, key: &Key, why: &str) -> R {
    let mut m = cx.start();
    m.push("field ");
    m.push_key(key);
    m.push(" is required in ");
    cx.push_reader(&mut m);
    m.push(" but ");
    cx.push_writer(&mut m);
    m.push(why);
    Err(m)
}

const fn keyed(cx: &mut Cx, rd: &'static StructDef, wd: &'static StructDef) -> R {
    let mut i = 0;
    while i < rd.fields.len() {
        let rf = &rd.fields[i];
        let (found, second) = writer_fields(rf, wd.fields);
        if let (Some(a), Some(b)) = (found, second) {
            // Both may be in one message: a duplicate field for the reader.
            let mut m = cx.start();
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
                    return required(cx, &rf.key, " never writes it");
                }
            }
            Some(wf) => {
                if rf.required && !wf.always_written {
                    return required(cx, &rf.key, " may leave it out (`skip_if` or `omit_defaults`)");
                }
                cx.push(Step::Field(rf.key));
                tri!(shape(cx, rf.shape.get(), wf.shape.get()));
                cx.pop();
            }
        }
        i += 1;
    }
    if rd.deny_unknown_fields {
        let mut i = 0;
        while i < wd.fields.len() {
            let wf = &wd.fields[i];
            if find_field(rd.fields, &wf.key).is_none() {
                let mut m = cx.start();
                cx.push_writer(&mut m);
                m.push(" writes field ");
                m.push_key(&wf.key);
                m.push(", which ");
                cx.push_reader(&mut m);
                m.push(" does not know and `deny_unknown_fields` rejects");
                return Err(m);
            }
            i += 1;
        }
    }
    Ok(())
}

const fn positional(cx: &mut Cx, rd: &'static StructDef, wd: &'static StructDef) -> R {
    let (rn, wn) = (rd.fields.len(), wd.fields.len());
    let exact = matches!(rd.form, Form::Tuple | Form::Unit);
    if (exact && rn != wn) || (wn > rn && rd.deny_unknown_fields) {
        let mut m = cx.start();
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
        let rf = &rd.fields[i];
        if i >= wn {
            if rf.required {
                let mut m = cx.start();
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
            cx.push(Step::Position(i, rf.name));
            tri!(shape(cx, rf.shape.get(), wd.fields[i].shape.get()));
            cx.pop();
        }
        i += 1;
    }
    Ok(())
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
        _ => false,
    };
    if !same_tagging {
        let mut m = cx.start();
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
            let mut m = cx.start();
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
        let mut found = None;
        let mut j = 0;
        while j < rd.variants.len() {
            if reads_key(&rd.variants[j].tag, rd.variants[j].aliases, &wv.tag) {
                found = Some(&rd.variants[j]);
                break;
            }
            j += 1;
        }
        match found {
            None => {
                if !rd.other {
                    let mut m = cx.start();
                    m.push("variant ");
                    m.push_key(&wv.tag);
                    m.push(" written by ");
                    cx.push_writer(&mut m);
                    m.push(" is unknown to ");
                    cx.push_reader(&mut m);
                    m.push(" (and it has no `other` variant)");
                    return Err(m);
                }
            }
            Some(rv) => {
                cx.push(Step::Variant(wv.tag));
                match (rv.payload, wv.payload) {
                    (Payload::Unit, Payload::Unit) => {}
                    (Payload::Newtype(r), Payload::Newtype(w)) => tri!(shape(cx, r.get(), w.get())),
                    (Payload::Struct(r), Payload::Struct(w)) => tri!(struct_body(cx, r, w)),
                    (r, w) => {
                        let mut m = cx.start();
                        cx.push_reader(&mut m);
                        m.push(" has ");
                        m.push(payload_kind(r));
                        m.push(" but ");
                        cx.push_writer(&mut m);
                        m.push(" writes ");
                        m.push(payload_kind(w));
                        return Err(m);
                    }
                }
                cx.pop();
            }
        }
        i += 1;
    }
    cx.leave(true, true);
    Ok(())
}

const fn first_tag(d: &EnumDef) -> Option<Key> {
    if d.variants.is_empty() { None } else { Some(d.variants[0].tag) }
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
    }
}

const fn payload_kind(p: Payload) -> &'static str {
    match p {
        Payload::Unit => "a unit variant",
        Payload::Newtype(_) => "a newtype variant",
        Payload::Struct(d) => match d.form {
            Form::Tuple | Form::Unit => "a tuple variant",
            Form::Map | Form::Array => "a struct variant",
        },
    }
}
