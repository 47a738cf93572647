//! What the checks of named types (in `shape.rs`: struct fields by key in
//! map form, by position in array forms; enum variants) use without
//! recursing: the messages of their rules (fields required, renamed,
//! denied, reordered; tagging, tags, variants and payloads changed) and
//! lookups of variants.

use super::base::{R, key_readable, reads_key};
use super::cx::Cx;
use super::flatten;
use crate::schema::report::Incompatible;
use crate::schema::{EnumDef, FieldDef, Form, Key, Payload, Rule, Shape, StructDef, Tagging, VariantDef, str_eq};

/// `field "k" is required in R but W{why}`.
pub(super) const fn required(cx: &Cx, rule: Rule, key: &Key, why: &str) -> Incompatible {
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
pub(super) const fn renamed(cx: &Cx, key: &Key, wf: &FieldDef) -> R {
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

/// Whether a writer map with keys of shape `wk` may write `key`.
pub(super) const fn key_may_hold(wk: &Shape, key: &Key) -> bool {
    key_readable(wk, key)
}

/// Required reader field `rf` that the writer `wd` never writes (perhaps
/// under another key).
pub(super) const fn missing(cx: &Cx, rf: &FieldDef, wd: &'static StructDef) -> R {
    if let Some(wf) = flatten::find_named(wd.fields, rf.name) {
        return renamed(cx, &rf.key, wf);
    }
    Err(required(cx, Rule::RequiredFieldAdded, &rf.key, " never writes it"))
}

/// One side of a position `i` of array-form structs that does not read:
/// its fields, its field at `i`, and its innermost name before the
/// position was entered.
pub(super) type PositionSide<'a> = (&'static [FieldDef], &'a FieldDef, Option<&'a str>);

/// The error `e` at position `i`, where the two sides have different Rust
/// fields: when one side has the other's field elsewhere, the fields were
/// reordered.
pub(super) const fn misplaced(cx: &Cx, e: Incompatible, i: usize, r: PositionSide, w: PositionSide) -> Incompatible {
    if str_eq(r.1.name, w.1.name) {
        return e;
    }
    // The reader's field elsewhere in the writer, or the writer's
    // elsewhere in the reader.
    match flatten::position_named(w.0, r.1.name) {
        Some(at) if at != i => reordered(cx, &e, (false, w.2), r.1.name, at),
        _ => match flatten::position_named(r.0, w.1.name) {
            Some(at) if at != i => reordered(cx, &e, (true, r.2), w.1.name, at),
            _ => e,
        },
    }
}

/// A position that does not read, where one side has the other's field
/// at position `at`: the fields were reordered. `side` is that side (the
/// reader if `true`) and its innermost name before the position was entered.
pub(super) const fn reordered(
    cx: &Cx,
    e: &Incompatible,
    side: (bool, Option<&str>),
    field: &str,
    at: usize,
) -> Incompatible {
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

/// The reader's tagged variant that reads the writer's tag `tag` (its own
/// tag or an alias).
pub(super) const fn tagged_variant(d: &'static EnumDef, tag: &Key) -> Option<&'static VariantDef> {
    let mut j = 0;
    while j < d.variants.len() {
        let v = &d.variants[j];
        if !v.untagged && !matches!(v.payload, Payload::Other(_)) && reads_key(&v.tag, v.aliases, tag) {
            return Some(v);
        }
        j += 1;
    }
    None
}

/// The reader's tagged variant with this Rust name (the writer's variant
/// under another tag).
pub(super) const fn named_variant(d: &'static EnumDef, name: &str) -> Option<&'static VariantDef> {
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
pub(super) const fn other_of(d: &EnumDef) -> Option<Payload> {
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
pub(super) const fn first_tag(d: &EnumDef) -> Option<Key> {
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

pub(super) const fn tag_kind(k: Key) -> &'static str {
    match k {
        Key::Str(_) => " tags variants by name (strings)",
        Key::Int(_) => " tags variants by integers",
    }
}

pub(super) const fn push_tagging(m: &mut Incompatible, t: Tagging) {
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

pub(super) const fn payload_kind(p: Payload) -> &'static str {
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

/// One side of a pair of structs is in map form, the other in an array form
/// (`reader_map`: the reader is the map).
pub(super) const fn form_changed(cx: &Cx, reader_map: bool) -> R {
    let mut m = cx.start(Rule::FormChanged);
    cx.push_reader(&mut m);
    if reader_map {
        m.push(" reads a map but ");
        cx.push_writer(&mut m);
        m.push(" writes an array (`array` form)");
    } else {
        m.push(" reads an array (`array` form) but ");
        cx.push_writer(&mut m);
        m.push(" writes a map");
    }
    Err(m)
}

/// The writer's flattened map may write any key; the reader denies
/// unknown fields and has no flattened map to take them.
pub(super) const fn other_keys_denied(cx: &Cx) -> R {
    let mut m = cx.start(Rule::UnknownFieldsDenied);
    cx.push_writer(&mut m);
    m.push(" writes any other keys (a flattened map), which ");
    cx.push_reader(&mut m);
    m.push(" rejects (`deny_unknown_fields`)");
    Err(m)
}

/// The writer writes fields `a` and `b`, both of which reader field `rf`
/// reads (an alias).
pub(super) const fn alias_duplicate(cx: &Cx, rf: &FieldDef, a: &FieldDef, b: &FieldDef) -> R {
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
    Err(m)
}

/// A map key shape `rk` (`what` says whose) cannot read a field's key.
pub(super) const fn key_unreadable(cx: &Cx, what: &str, rk: &Shape) -> R {
    let mut m = cx.start(Rule::KeyUnreadable);
    m.push(what);
    m.push_label(rk);
    m.push(" cannot read the key");
    Err(m)
}

/// The writer writes field `wf`, which the reader does not know and
/// rejects (`deny_unknown_fields`).
pub(super) const fn field_denied(cx: &Cx, wf: &FieldDef) -> R {
    let mut m = cx.start(Rule::UnknownFieldsDenied);
    cx.push_writer(&mut m);
    m.push(" writes field ");
    m.push_key(&wf.key);
    m.push(", which ");
    cx.push_reader(&mut m);
    m.push(" does not know and `deny_unknown_fields` rejects");
    Err(m)
}

/// An array-form reader of `rn` positions (exactly, or at most) and a
/// writer of `wn`.
pub(super) const fn positions_changed(cx: &Cx, exact: bool, rn: usize, wn: usize) -> R {
    let mut m = cx.start(if exact { Rule::LengthChanged } else { Rule::UnknownFieldsDenied });
    cx.push_reader(&mut m);
    m.push(if exact { " reads exactly " } else { " reads at most " });
    m.push_u64(rn as u64);
    m.push(" elements but ");
    cx.push_writer(&mut m);
    m.push(" writes ");
    m.push_u64(wn as u64);
    Err(m)
}

/// Reader field `rf` at position `i` is required; the writer writes only
/// `wn` positions.
pub(super) const fn position_required(cx: &Cx, i: usize, rf: &FieldDef, wn: usize) -> R {
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
    Err(m)
}

/// A pair of tagged enums whose tagging style, or kind of tags (strings
/// or integers), differs.
pub(super) const fn tagging_changed(cx: &Cx, rd: &EnumDef, wd: &EnumDef) -> R {
    let same_tagging = match (rd.tagging, wd.tagging) {
        (Tagging::External, Tagging::External) => true,
        (Tagging::Internal(a), Tagging::Internal(b)) => str_eq(a, b),
        (Tagging::Adjacent { tag: a, content: c }, Tagging::Adjacent { tag: b, content: d }) => {
            str_eq(a, b) && str_eq(c, d)
        }
        // Untagged enums are compared by `dispatch` (in `shape.rs`).
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
    Ok(())
}

/// The writer keeps unknown values verbatim (an `other` variant holding
/// `ws`); the reader has no such variant.
pub(super) const fn other_missing(cx: &Cx, ws: &Shape) -> R {
    let mut m = cx.start(Rule::OtherVariantMissing);
    cx.push_writer(&mut m);
    m.push(" writes back unknown values verbatim (`other` holding ");
    m.push_label(ws);
    m.push("), which only an `other` variant holding the value reads; ");
    cx.push_reader(&mut m);
    m.push(" has none");
    Err(m)
}

/// The writer writes variant `wv` untagged; the reader has no untagged
/// variants.
pub(super) const fn untagged_unreadable(cx: &Cx, wv: &VariantDef) -> R {
    let mut m = cx.start(Rule::UntaggedVariantUnreadable);
    m.push("variant ");
    m.push_key(&wv.tag);
    m.push(" is written untagged by ");
    cx.push_writer(&mut m);
    m.push(" but ");
    cx.push_reader(&mut m);
    m.push(" has no untagged variants");
    Err(m)
}

/// The writer's tagged variant `wv` is not one the reader `rd` knows (and
/// `rd` has no `other` variant and no untagged ones).
pub(super) const fn variant_unknown(cx: &Cx, rd: &'static EnumDef, wv: &VariantDef) -> R {
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

/// A variant read with another kind of payload (unit, newtype, tuple,
/// struct) than it was written with.
pub(super) const fn payload_changed(cx: &Cx, r: Payload, w: Payload) -> R {
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
