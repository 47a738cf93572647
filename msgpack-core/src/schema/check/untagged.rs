//! Untagged enums in the check: a reader tries its (untagged) variants in
//! order, so it reads what one of them reads; a writer writes each
//! untagged variant as its payload alone, so the reader must read each
//! payload.

use super::{Cx, R, Step, shape};
use crate::schema::{EnumDef, Payload, Rule, Shape, StructDef, Tagging, VariantDef};

/// What a writer writes in one place: a shape, or the fields of a struct
/// variant written without its tag.
#[derive(Clone, Copy)]
pub(super) enum Written {
    Shape(&'static Shape),
    Body(&'static StructDef),
}

pub(super) const fn is_untagged(d: &EnumDef) -> bool {
    matches!(d.tagging, Tagging::Untagged)
}

/// Some variant is written and read without its tag.
pub(super) const fn has_untagged(d: &EnumDef) -> bool {
    let mut i = 0;
    while i < d.variants.len() {
        if d.variants[i].untagged {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether one of the enum's untagged variants reads `nil`.
pub(super) const fn reads_nil(d: &EnumDef) -> bool {
    let mut i = 0;
    while i < d.variants.len() {
        let v = &d.variants[i];
        if v.untagged || is_untagged(d) {
            match v.payload {
                Payload::Unit => return true,
                Payload::Newtype(s) | Payload::Other(s) => {
                    if super::accepts_nil(s.get()) {
                        return true;
                    }
                }
                Payload::Struct(_) => {}
            }
        }
        i += 1;
    }
    false
}

/// What an untagged variant writes.
pub(super) const fn payload(v: &VariantDef) -> Written {
    match v.payload {
        Payload::Unit => Written::Shape(&Shape::Nil),
        Payload::Newtype(s) | Payload::Other(s) => Written::Shape(s.get()),
        Payload::Struct(d) => Written::Body(d),
    }
}

/// An untagged writer in [`shape`] (before an `Option` reader is
/// unwrapped: its `nil` reads a unit variant): `None` otherwise.
pub(super) const fn dispatch_writer(cx: &mut Cx, r: &'static Shape, w: &'static Shape) -> Option<R> {
    if let Shape::Enum(wd) = w
        && is_untagged(wd)
    {
        return Some(each_written(cx, r, w, wd));
    }
    None
}

/// An untagged reader in [`shape`] (or a tagged one's untagged variants,
/// for a writer that is not an enum): `None` when the reader is not one
/// (or both are enums that [`named::enum_def`](super::named) compares
/// variant by variant).
pub(super) const fn dispatch(cx: &mut Cx, r: &'static Shape, w: &'static Shape) -> Option<R> {
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
        cx.push(Step::Variant(v.tag));
        tri!(reads(cx, r, payload(v)));
        cx.pop();
        i += 1;
    }
    cx.leave_one(false);
    Ok(())
}

/// `r` reads what was written.
pub(super) const fn reads(cx: &mut Cx, r: &'static Shape, w: Written) -> R {
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
            tri!(super::named::struct_body(cx, rd, def));
            cx.leave_one(true);
            Ok(())
        }
        Shape::Enum(rd) if is_untagged(rd) || has_untagged(rd) => reader_tries(cx, r, rd, Written::Body(def)),
        _ => {
            let mut m = cx.start(Rule::TypeChanged);
            m.push("expected ");
            m.push_label(r);
            m.push(", found the fields of an untagged struct variant");
            Err(m)
        }
    }
}

/// An untagged reader (or a tagged one's untagged variants) reads `w`
/// when one of its variants, tried in order, does.
pub(super) const fn reader_tries(cx: &mut Cx, r: &'static Shape, rd: &'static EnumDef, w: Written) -> R {
    let all = is_untagged(rd);
    cx.enter_one(true, r);
    let mut i = 0;
    while i < rd.variants.len() {
        let v = &rd.variants[i];
        i += 1;
        if !(all || v.untagged) {
            continue;
        }
        let saved = *cx;
        let res = match (v.payload, w) {
            (Payload::Unit, Written::Shape(s)) => shape(cx, &Shape::Nil, s),
            (Payload::Unit, Written::Body(_)) => continue,
            (Payload::Newtype(s) | Payload::Other(s), w) => reads(cx, s.get(), w),
            (Payload::Struct(def), Written::Body(wdef)) => super::named::struct_body(cx, def, wdef),
            (Payload::Struct(def), Written::Shape(s)) => struct_reads(cx, def, s),
        };
        match res {
            Ok(()) => {
                cx.leave_one(true);
                return Ok(());
            }
            Err(_) => *cx = saved,
        }
    }
    let mut m = cx.start(Rule::UntaggedNoMatch);
    m.push("no ");
    if !all {
        m.push("untagged ");
    }
    m.push("variant of ");
    m.push(rd.name);
    m.push(" reads ");
    match w {
        Written::Shape(s) => m.push_label(s),
        Written::Body(_) => m.push("the fields of an untagged struct variant"),
    }
    Err(m)
}

/// A reader's untagged struct variant reads a writer's shape (a struct).
const fn struct_reads(cx: &mut Cx, def: &'static StructDef, s: &'static Shape) -> R {
    match s {
        Shape::Struct(wd) => {
            cx.enter_one(false, s);
            tri!(super::named::struct_body(cx, def, wd));
            cx.leave_one(false);
            Ok(())
        }
        Shape::Newtype(wd) => {
            cx.enter_one(false, s);
            tri!(struct_reads(cx, def, wd.inner.get()));
            cx.leave_one(false);
            Ok(())
        }
        _ => {
            let mut m = cx.start(Rule::TypeChanged);
            m.push("a struct variant cannot read ");
            m.push_label(s);
            Err(m)
        }
    }
}
