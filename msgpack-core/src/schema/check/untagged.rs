//! Untagged enums in the check: a reader tries its (untagged) variants in
//! order, so it reads what one of them reads; a writer writes each
//! untagged variant as its payload alone, so the reader must read each
//! payload. The checks that recurse are in `shape.rs`; here is what they
//! use without recursing (which variants are untagged, what one writes,
//! whether a reader reads `nil`, the messages).

use super::base::R;
use super::cx::Cx;
use crate::schema::{EnumDef, Form, Payload, Rule, Shape, StructDef, Tagging, VariantDef};

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
                    if accepts_nil(s.get()) {
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

/// Whether `r` reads `nil` (newtypes are looked through a few levels).
pub(super) const fn accepts_nil(r: &Shape) -> bool {
    let mut r = r;
    let mut i = 0;
    while i < 8 {
        match r {
            Shape::Any | Shape::Nil | Shape::Option(_) => return true,
            Shape::Tuple(items) => return items.is_empty(),
            Shape::Struct(d) => return matches!(d.form, Form::Unit),
            Shape::Newtype(d) => r = d.inner.get(),
            // An untagged unit variant is `nil`.
            Shape::Enum(d) => return reads_nil(d),
            _ => return false,
        }
        i += 1;
    }
    false
}

/// `r` cannot read the fields of a struct variant written bare.
pub(super) const fn body_unreadable(cx: &Cx, r: &Shape) -> R {
    let mut m = cx.start(Rule::TypeChanged);
    m.push("expected ");
    m.push_label(r);
    m.push(", found the fields of an untagged struct variant");
    Err(m)
}

/// No variant of `rd` (no untagged one unless `all`) reads `w`.
pub(super) const fn no_variant_reads(cx: &Cx, rd: &EnumDef, all: bool, w: Written) -> R {
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

/// A reader's untagged struct variant cannot read the writer's `s`.
pub(super) const fn struct_variant_unreadable(cx: &Cx, s: &Shape) -> R {
    let mut m = cx.start(Rule::TypeChanged);
    m.push("a struct variant cannot read ");
    m.push_label(s);
    Err(m)
}
