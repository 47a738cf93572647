//! The recursive part of the check: [`shape`] compares a pair of shapes
//! and calls itself for what they hold, through the checks of named types
//! (struct fields by key or position, enum variants), untagged enums and
//! flattened fields, which call it back. These functions recurse into each
//! other, so they are one file; what they use without recursing (the
//! state and path in `cx.rs`, the leaves in `leaf.rs`, messages in
//! `named.rs`, lookups in `flatten.rs` and `untagged.rs`) is below it.

use super::base::{MAX_CHECK_DEPTH, R, is_named, key_readable, len_ok};
use super::cx::{Cx, Step, unresolved};
use super::flatten::{self, MAX_FLATTEN};
use super::leaf::{enum_tags, leaf, option_removed};
use super::named;
use super::untagged::{self, Written, accepts_nil, has_untagged, is_untagged, payload};
use crate::schema::{EnumDef, FieldDef, Form, IntShape, Payload, Rule, Shape, StructDef, VariantDef, str_eq};

pub(super) const fn shape(cx: &mut Cx, r: &'static Shape, w: &'static Shape) -> R {
    if cx.levels == MAX_CHECK_DEPTH {
        let mut m = cx.start(Rule::TooDeep);
        m.push("schema nested too deep to check (more than 20 levels)");
        return Err(m);
    }
    cx.levels += 1;
    let res = shape_level(cx, r, w);
    cx.levels -= 1;
    res
}

const fn shape_level(cx: &mut Cx, r: &'static Shape, w: &'static Shape) -> R {
    if let Shape::Any = r {
        return Ok(());
    }
    // A generic type inside itself: the enclosing definition on that side,
    // entered again as the same instance (so that the pair repeats and the
    // check stops).
    if let Shape::Recur { id, .. } = r {
        return match cx.recur(true, id) {
            Some(s) => shape(cx, s, w),
            None => unresolved(cx, r),
        };
    }
    if let Shape::Recur { id, .. } = w {
        return match cx.recur(false, id) {
            Some(s) => shape(cx, r, s),
            None => unresolved(cx, w),
        };
    }
    // Newtypes are their field on the wire: compare the insides (as a
    // named pair when the other side is named too, so that a recursive
    // newtype against a recursive struct stops).
    match (r, w) {
        (Shape::Newtype(rd), Shape::Newtype(wd)) => {
            if !cx.enter(r, w, true, true) {
                return Ok(());
            }
            tri!(shape(cx, rd.inner.get(), wd.inner.get()));
            cx.leave(true, true);
            return Ok(());
        }
        (Shape::Newtype(rd), _) if is_named(w) => {
            if !cx.enter(r, w, true, false) {
                return Ok(());
            }
            tri!(shape(cx, rd.inner.get(), w));
            cx.leave(true, false);
            return Ok(());
        }
        (_, Shape::Newtype(wd)) if is_named(r) => {
            if !cx.enter(r, w, false, true) {
                return Ok(());
            }
            tri!(shape(cx, r, wd.inner.get()));
            cx.leave(false, true);
            return Ok(());
        }
        (Shape::Newtype(rd), _) => {
            cx.enter_one(true, r);
            tri!(shape(cx, rd.inner.get(), w));
            cx.leave_one(true);
            return Ok(());
        }
        (_, Shape::Newtype(wd)) => {
            cx.enter_one(false, w);
            tri!(shape(cx, r, wd.inner.get()));
            cx.leave_one(false);
            return Ok(());
        }
        _ => {}
    }
    // The writer may write nil or the inner shape: both must be readable.
    if let Shape::Option(wi) = w {
        if !accepts_nil(r) {
            return option_removed(cx, r, w);
        }
        return shape(cx, r, wi.get());
    }
    // An untagged writer: each variant's payload, read by the reader as it
    // is (an `Option` reader reads a unit variant's nil itself).
    if let Some(res) = dispatch_writer(cx, r, w) {
        return res;
    }
    if let Shape::Option(ri) = r {
        if let Shape::Nil = w {
            return Ok(());
        }
        return shape(cx, ri.get(), w);
    }
    // Untagged readers: variants tried in order.
    if let Some(res) = dispatch(cx, r, w) {
        return res;
    }
    match w {
        Shape::Seq { elem: we, len: wl } => match r {
            Shape::Seq { elem: re, len: rl } if len_ok(*rl, *wl) => {
                part!(cx, Step::Element, shape(cx, re.get(), we.get()));
                Ok(())
            }
            // Owned byte buffers read arrays of small integers too.
            Shape::Bin { len: rl, from_array: true } if len_ok(*rl, *wl) => match we.get() {
                Shape::Int(i) if i.fits_in(&IntShape::U8) => Ok(()),
                _ => cx.mismatch(r, w),
            },
            Shape::Tuple(rs) if matches!(wl, Some(n) if *n == rs.len()) => {
                let mut i = 0;
                while i < rs.len() {
                    part!(cx, Step::TupleElement(i), shape(cx, rs[i].get(), we.get()));
                    i += 1;
                }
                Ok(())
            }
            _ => cx.mismatch(r, w),
        },
        Shape::Tuple(ws) => match r {
            Shape::Tuple(rs) if rs.len() == ws.len() => {
                let mut i = 0;
                while i < rs.len() {
                    part!(cx, Step::TupleElement(i), shape(cx, rs[i].get(), ws[i].get()));
                    i += 1;
                }
                Ok(())
            }
            Shape::Seq { elem: re, len: rl } if len_ok(*rl, Some(ws.len())) => {
                let mut i = 0;
                while i < ws.len() {
                    part!(cx, Step::TupleElement(i), shape(cx, re.get(), ws[i].get()));
                    i += 1;
                }
                Ok(())
            }
            _ => cx.mismatch(r, w),
        },
        Shape::Map { key: wk, value: wv } => match r {
            Shape::Map { key: rk, value: rv } => {
                part!(cx, Step::MapKey, shape(cx, rk.get(), wk.get()));
                part!(cx, Step::MapValue, shape(cx, rv.get(), wv.get()));
                Ok(())
            }
            _ => cx.mismatch(r, w),
        },
        Shape::Struct(wd) => match r {
            Shape::Struct(rd) => struct_def(cx, r, w, rd, wd),
            Shape::Map { key: rk, value: rv } if matches!(wd.form, Form::Map) => {
                cx.enter_one(false, w);
                tri!(into_map(cx, rk.get(), rv.get(), wd.fields, 0));
                cx.leave_one(false);
                Ok(())
            }
            Shape::Seq { elem: re, len: None } if !matches!(wd.form, Form::Map) => {
                cx.enter_one(false, w);
                let n = flatten::count(wd.fields);
                let mut i = 0;
                while i < n {
                    let Some(f) = flatten::nth(wd.fields, i) else { break };
                    part!(cx, Step::Position(i, f.name), shape(cx, re.get(), f.shape.get()));
                    i += 1;
                }
                cx.leave_one(false);
                Ok(())
            }
            _ => cx.mismatch(r, w),
        },
        Shape::Enum(wd) => match r {
            Shape::Enum(rd) => enum_def(cx, r, w, rd, wd),
            // A unit-only enum is its tags: strings or integers.
            Shape::Str | Shape::Int(_) => enum_tags(cx, r, wd),
            _ => cx.mismatch(r, w),
        },
        // The rest hold nothing to recurse into.
        _ => leaf(cx, r, w),
    }
}

const fn struct_def(
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
        // The reader's fields read in this frame (the check's stack budget
        // is five frames a level, see `MAX_CHECK_DEPTH`).
        (Form::Map, Form::Map) => {
            let w_extra = flatten::catch_all(wd.fields);
            tri!(reader_fields(cx, rd.fields, wd, w_extra, 0));
            keyed_rest(cx, rd, wd, w_extra)
        }
        (Form::Array | Form::Tuple | Form::Unit, Form::Array | Form::Tuple | Form::Unit) => positional(cx, rd, wd),
        (Form::Map, _) => named::form_changed(cx, true),
        (_, Form::Map) => named::form_changed(cx, false),
    }
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
                part!(cx, Step::MapKey, shape(cx, rk, wk));
                part!(cx, Step::MapValue, shape(cx, rv, wv));
            }
            None if rd.deny_unknown_fields => part!(cx, named::other_keys_denied(cx)),
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
            part!(cx, named::alias_duplicate(cx, rf, a, b));
            continue;
        }
        match found {
            None => {
                if rf.required {
                    part!(cx, named::missing(cx, rf, wd));
                    continue;
                }
                // The writer's catch-all map may hold the key.
                if let Some((wk, wv)) = w_extra
                    && named::key_may_hold(wk, &rf.key)
                {
                    part!(cx, Step::Field(rf.key), shape(cx, rf.shape.get(), wv));
                }
            }
            Some(wf) => {
                if rf.required && !wf.always_written {
                    let why = " may leave it out (`skip_if`, `skip_serializing` or `omit_defaults`)";
                    part!(cx, Err(named::required(cx, Rule::RequiredFieldOmittable, &rf.key, why)));
                }
                part!(cx, Step::Field(rf.key), shape(cx, rf.shape.get(), wf.shape.get()));
            }
        }
    }
    Ok(())
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
                part!(
                    cx,
                    Step::Field(wf.key),
                    if key_readable(rk, &wf.key) {
                        shape(cx, rv, wf.shape.get())
                    } else {
                        named::key_unreadable(cx, "the flattened map's key ", rk)
                    }
                );
            }
            None if rd.deny_unknown_fields => part!(cx, named::field_denied(cx, wf)),
            None => {}
        }
    }
    Ok(())
}

const fn positional(cx: &mut Cx, rd: &'static StructDef, wd: &'static StructDef) -> R {
    let (rn, wn) = (flatten::count(rd.fields), flatten::count(wd.fields));
    let exact = matches!(rd.form, Form::Tuple | Form::Unit);
    let mut n = rn;
    if (exact && rn != wn) || (wn > rn && rd.deny_unknown_fields) {
        part!(cx, named::positions_changed(cx, exact, rn, wn));
        // The positions past the shorter side are the change just reported.
        n = if wn < rn { wn } else { rn };
    }
    let mut i = 0;
    while i < n {
        let Some(rf) = flatten::nth(rd.fields, i) else { break };
        if i >= wn {
            if rf.required {
                part!(cx, named::position_required(cx, i, rf, wn));
            }
        } else {
            let Some(wf) = flatten::nth(wd.fields, i) else { break };
            let names = cx.names();
            // Fields that differ here may have been reordered: checked for
            // their first failure alone, which says so.
            let collect = cx.collect;
            cx.collect = collect && str_eq(rf.name, wf.name);
            part!(
                cx,
                Step::Position(i, rf.name),
                match shape(cx, rf.shape.get(), wf.shape.get()) {
                    Ok(()) => Ok(()),
                    Err(e) => {
                        cx.collect = collect;
                        Err(named::misplaced(cx, e, i, (rd.fields, rf, names.0), (wd.fields, wf, names.1)))
                    }
                }
            );
            cx.collect = collect;
        }
        i += 1;
    }
    Ok(())
}

const fn enum_def(cx: &mut Cx, r: &'static Shape, w: &'static Shape, rd: &'static EnumDef, wd: &'static EnumDef) -> R {
    if !cx.enter(r, w, true, true) {
        return Ok(());
    }
    tri!(named::tagging_changed(cx, rd, wd));
    let mut i = 0;
    while i < wd.variants.len() {
        let wv = &wd.variants[i];
        i += 1;
        part!(cx, written_variant(cx, r, rd, wv));
    }
    cx.leave(true, true);
    Ok(())
}

/// One variant of the writer, read by the enum `rd` (a tagged enum: the
/// pair is entered).
const fn written_variant(cx: &mut Cx, r: &'static Shape, rd: &'static EnumDef, wv: &'static VariantDef) -> R {
    // Unknown values kept verbatim: only another such variant reads them all.
    if let Payload::Other(ws) = wv.payload {
        return match named::other_of(rd) {
            Some(Payload::Other(rs)) => {
                part!(cx, Step::Variant(wv.tag), shape(cx, rs.get(), ws.get()));
                Ok(())
            }
            _ => named::other_missing(cx, ws.get()),
        };
    }
    // Written bare: the reader's untagged variants must read it.
    if wv.untagged {
        if !has_untagged(rd) {
            return named::untagged_unreadable(cx, wv);
        }
        part!(cx, Step::Variant(wv.tag), reader_tries(cx, r, rd, payload(wv)));
        return Ok(());
    }
    let Some(rv) = named::tagged_variant(rd, &wv.tag) else {
        return match named::other_of(rd) {
            // The whole value, whatever it is: only a reader of any value.
            Some(Payload::Other(rs)) => shape(cx, rs.get(), &Shape::Any),
            Some(_) => Ok(()),
            None if has_untagged(rd) => reader_tries(cx, r, rd, Written::Shape(&Shape::Any)),
            None => named::variant_unknown(cx, rd, wv),
        };
    };
    cx.push(Step::Variant(wv.tag));
    tri!(match (rv.payload, wv.payload) {
        (Payload::Unit, Payload::Unit) => Ok(()),
        (Payload::Newtype(r), Payload::Newtype(w)) => shape(cx, r.get(), w.get()),
        (Payload::Struct(r), Payload::Struct(w)) => struct_body(cx, r, w),
        (r, w) => named::payload_changed(cx, r, w),
    });
    cx.pop();
    Ok(())
}

/// An untagged writer in [`shape`] (before an `Option` reader is
/// unwrapped: its `nil` reads a unit variant): `None` otherwise.
const fn dispatch_writer(cx: &mut Cx, r: &'static Shape, w: &'static Shape) -> Option<R> {
    if let Shape::Enum(wd) = w
        && is_untagged(wd)
    {
        return Some(each_written(cx, r, w, wd));
    }
    None
}

/// An untagged reader in [`shape`] (or a tagged one's untagged variants,
/// for a writer that is not an enum): `None` when the reader is not one
/// (or both are enums that [`enum_def`] compares variant by variant).
const fn dispatch(cx: &mut Cx, r: &'static Shape, w: &'static Shape) -> Option<R> {
    if let Shape::Enum(rd) = r
        && (is_untagged(rd) || (has_untagged(rd) && !matches!(w, Shape::Enum(_))))
    {
        return Some(reader_tries(cx, r, rd, Written::Shape(w)));
    }
    None
}

/// A writer's untagged enum: `r` must read every variant's payload.
const fn each_written(cx: &mut Cx, r: &'static Shape, w: &'static Shape, wd: &'static EnumDef) -> R {
    cx.enter_one(false, w);
    let mut i = 0;
    while i < wd.variants.len() {
        let v = &wd.variants[i];
        part!(cx, Step::Variant(v.tag), reads(cx, r, payload(v)));
        i += 1;
    }
    cx.leave_one(false);
    Ok(())
}

/// `r` reads what was written.
const fn reads(cx: &mut Cx, r: &'static Shape, w: Written) -> R {
    match w {
        Written::Shape(s) => shape(cx, r, s),
        Written::Body(def) => body_into(cx, r, def),
    }
}

/// `r` reads the fields of a struct variant written bare.
const fn body_into(cx: &mut Cx, r: &'static Shape, def: &'static StructDef) -> R {
    match r {
        Shape::Any => Ok(()),
        Shape::Option(inner) => body_into(cx, inner.get(), def),
        Shape::Newtype(rd) => {
            cx.enter_one(true, r);
            tri!(body_into(cx, rd.inner.get(), def));
            cx.leave_one(true);
            Ok(())
        }
        Shape::Struct(rd) => {
            cx.enter_one(true, r);
            tri!(struct_body(cx, rd, def));
            cx.leave_one(true);
            Ok(())
        }
        Shape::Enum(rd) if is_untagged(rd) || has_untagged(rd) => reader_tries(cx, r, rd, Written::Body(def)),
        _ => untagged::body_unreadable(cx, r),
    }
}

/// An untagged reader (or a tagged one's untagged variants) reads `w`
/// when one of its variants, tried in order, does: each is tried for its
/// first failure (not recorded), back to the state before it.
const fn reader_tries(cx: &mut Cx, r: &'static Shape, rd: &'static EnumDef, w: Written) -> R {
    let all = is_untagged(rd);
    cx.enter_one(true, r);
    let collect = cx.collect;
    cx.collect = false;
    let mut i = 0;
    while i < rd.variants.len() {
        let v = &rd.variants[i];
        i += 1;
        if !(all || v.untagged) {
            continue;
        }
        let mark = cx.mark();
        let res = match (v.payload, w) {
            (Payload::Unit, Written::Shape(s)) => shape(cx, &Shape::Nil, s),
            (Payload::Unit, Written::Body(_)) => continue,
            (Payload::Newtype(s) | Payload::Other(s), w) => reads(cx, s.get(), w),
            (Payload::Struct(def), Written::Body(wdef)) => struct_body(cx, def, wdef),
            (Payload::Struct(def), Written::Shape(s)) => struct_reads(cx, def, s),
        };
        if res.is_ok() {
            cx.collect = collect;
            cx.leave_one(true);
            return Ok(());
        }
        cx.restore(mark);
    }
    cx.collect = collect;
    untagged::no_variant_reads(cx, rd, all, w)
}

/// A reader's untagged struct variant reads a writer's shape (a struct).
const fn struct_reads(cx: &mut Cx, def: &'static StructDef, s: &'static Shape) -> R {
    match s {
        Shape::Struct(wd) => {
            cx.enter_one(false, s);
            tri!(struct_body(cx, def, wd));
            cx.leave_one(false);
            Ok(())
        }
        Shape::Newtype(wd) => {
            cx.enter_one(false, s);
            tri!(struct_reads(cx, def, wd.inner.get()));
            cx.leave_one(false);
            Ok(())
        }
        _ => untagged::struct_variant_unreadable(cx, s),
    }
}

/// A writer's map-form fields read by a reader's map `{rk: rv}` (through
/// flattened structs, `depth` of them so far; a flattened map's keys and
/// values too).
const fn into_map(cx: &mut Cx, rk: &'static Shape, rv: &'static Shape, fields: &'static [FieldDef], depth: u32) -> R {
    let mut i = 0;
    while i < fields.len() {
        let f = &fields[i];
        i += 1;
        if let Some(inner) = flatten::inner_fields(f)
            && depth < MAX_FLATTEN
        {
            tri!(into_map(cx, rk, rv, inner, depth + 1));
            continue;
        }
        if let Some((wk, wv)) = flatten::map_of(f) {
            part!(cx, Step::MapKey, shape(cx, rk, wk));
            part!(cx, Step::MapValue, shape(cx, rv, wv));
            continue;
        }
        part!(
            cx,
            Step::Field(f.key),
            if key_readable(rk, &f.key) {
                shape(cx, rv, f.shape.get())
            } else {
                named::key_unreadable(cx, "map key ", rk)
            }
        );
    }
    Ok(())
}
