//! The leaves of the check: writer shapes that hold nothing to compare
//! further (scalars, opaque values), an enum read as its tags, an `Option`
//! whose reader does not read `nil`. None of them recurses.

use super::base::{R, int_in, len_ok};
use super::cx::{Cx, Step};
use super::untagged::accepts_nil;
use crate::schema::report::push_format;
use crate::schema::{EnumDef, Key, Payload, Rule, Shape, Tagging, str_eq};

/// A writer shape that holds nothing to compare further.
pub(super) const fn leaf(cx: &Cx, r: &Shape, w: &Shape) -> R {
    match w {
        Shape::Any => {
            let mut m = cx.start(Rule::AnyValueWritten);
            m.push("expected ");
            m.push_label(r);
            m.push(", found any value (only `Value` or `ValueRef` reads any value)");
            Err(m)
        }
        Shape::Nil => {
            if accepts_nil(r) {
                Ok(())
            } else {
                cx.mismatch(r, w)
            }
        }
        Shape::Bool => match r {
            Shape::Bool => Ok(()),
            _ => cx.mismatch(r, w),
        },
        Shape::Int(wi) => match r {
            Shape::Int(ri) => {
                if wi.fits_in(ri) {
                    Ok(())
                } else {
                    let mut m = cx.start(Rule::IntegerNarrowed);
                    m.push(ri.name);
                    m.push(" cannot hold every ");
                    m.push(wi.name);
                    Err(m)
                }
            }
            _ => cx.mismatch(r, w),
        },
        Shape::F32 => match r {
            Shape::F32 | Shape::F64 => Ok(()),
            _ => cx.mismatch(r, w),
        },
        Shape::F64 => match r {
            Shape::F64 => Ok(()),
            _ => cx.mismatch(r, w),
        },
        Shape::Str => match r {
            Shape::Str => Ok(()),
            _ => cx.mismatch(r, w),
        },
        Shape::Char => match r {
            Shape::Str | Shape::Char => Ok(()),
            _ => cx.mismatch(r, w),
        },
        Shape::Bin { len: wl, .. } => match r {
            Shape::Bin { len: rl, .. } if len_ok(*rl, *wl) => Ok(()),
            _ => cx.mismatch(r, w),
        },
        Shape::Ext { type_code: wt } => match (r, wt) {
            (Shape::Ext { type_code: None }, _) => Ok(()),
            (Shape::Ext { type_code: Some(a) }, Some(b)) if *a == *b => Ok(()),
            _ => cx.mismatch(r, w),
        },
        Shape::Timestamp => match r {
            Shape::Timestamp | Shape::Ext { type_code: None } | Shape::Ext { type_code: Some(-1) } => Ok(()),
            _ => cx.mismatch(r, w),
        },
        Shape::Opaque { with: wm, ty: wt } => match r {
            Shape::Opaque { with: rm, ty: rt } if str_eq(rm, wm) && str_eq(rt, wt) => Ok(()),
            _ => cx.mismatch(r, w),
        },
        // Handled by `shape`: before its `match` (options, newtypes,
        // recursion) or in it (the shapes that hold others).
        Shape::Option(_)
        | Shape::Newtype(_)
        | Shape::Recur { .. }
        | Shape::Seq { .. }
        | Shape::Tuple(_)
        | Shape::Map { .. }
        | Shape::Struct(_)
        | Shape::Enum(_) => Ok(()),
    }
}

/// A writer's enum read as its tags (strings or integers): every variant
/// must be a unit variant, externally tagged, with a tag `r` holds.
pub(super) const fn enum_tags(cx: &mut Cx, r: &Shape, wd: &EnumDef) -> R {
    let mut i = 0;
    while i < wd.variants.len() {
        let v = &wd.variants[i];
        let ok = matches!(wd.tagging, Tagging::External)
            && matches!(v.payload, Payload::Unit)
            && match (r, v.tag) {
                (Shape::Str, Key::Str(_)) => true,
                (Shape::Int(ri), Key::Int(t)) => int_in(ri, t),
                _ => false,
            };
        if !ok {
            let mark = cx.mark();
            cx.push(Step::Variant(v.tag));
            let m = match (r, v.tag, v.payload, wd.tagging) {
                (Shape::Int(ri), Key::Int(_), Payload::Unit, Tagging::External) => {
                    let mut m = cx.start(Rule::IntegerNarrowed);
                    m.push(ri.name);
                    m.push(" cannot hold the tag");
                    m
                }
                (_, tag, Payload::Unit, Tagging::External) => {
                    let mut m = cx.start(Rule::TagKindChanged);
                    m.push("expected ");
                    push_format(&mut m, r, true);
                    m.push(match tag {
                        Key::Str(_) => ", found a str tag",
                        Key::Int(_) => ", found an integer tag",
                    });
                    m
                }
                _ => {
                    let mut m = cx.start(Rule::TypeChanged);
                    m.push("expected ");
                    push_format(&mut m, r, true);
                    m.push(", found a variant with data");
                    m
                }
            };
            tri!(cx.went_on(mark, Err(m)));
        }
        i += 1;
    }
    Ok(())
}

/// An `Option` writer whose reader does not read `nil`.
pub(super) const fn option_removed(cx: &Cx, r: &Shape, w: &Shape) -> R {
    let mut m = cx.start(Rule::OptionRemoved);
    m.push("expected ");
    m.push_label(r);
    m.push(", found ");
    m.push_label(w);
    m.push(" (nil is not a ");
    m.push_label(r);
    m.push(")");
    Err(m)
}
