//! The compatibility check: can a reader decode everything a writer writes?
//!
//! Everything here is `const fn`, so [`assert_compatible!`](crate::assert_compatible)
//! runs it in the compiler. Errors are rendered into a fixed buffer (no
//! allocator), with the path from the root: the named types entered, the
//! fields, positions, elements and variants on the way.

#![allow(
    clippy::result_large_err,
    reason = "the message is built without an allocator, in const code, into a fixed buffer; errors are rare (a failed check) and mostly at compile time"
)]

use super::message::{Incompatible, push_format};
use super::{Form, Key, Payload, Rule, Shape, Tagging, str_eq};

/// How many levels (fields, elements, variants, newtypes, options) one path
/// may nest before the check gives up and reports the schema as too deep.
/// Recursive types stop earlier: a pair of named types already being
/// checked on the path is assumed compatible (the check is coinductive).
///
/// The limit keeps the check inside the compiler's default const-evaluation
/// stack (a level takes up to five frames of the 128 `recursion_limit`
/// allows), so that a schema too deep to check gets this crate's message
/// rather than the compiler's.
pub const MAX_CHECK_DEPTH: usize = 20;

/// Path steps recorded (a level pushes at most two: a named pair and a
/// field, position, element or variant).
const MAX_STEPS: usize = 2 * MAX_CHECK_DEPTH;

/// The state of one check: the path, the named pairs being checked, and
/// the innermost names for messages.
#[derive(Clone, Copy)]
struct Cx {
    head_r: &'static Shape,
    head_w: &'static Shape,
    steps: [Step; MAX_STEPS],
    n_steps: usize,
    pairs: [(Ident, Ident); MAX_CHECK_DEPTH],
    n_pairs: usize,
    reader: Side,
    writer: Side,
    /// Numbers the generic instances entered so far.
    instances: usize,
    depth: usize,
    levels: usize,
}

type R = Result<(), Incompatible>;

/// `?` for `const fn`.
macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(()) => {}
            Err(e) => return Err(e),
        }
    };
}

/// Checks that `reader` can decode every message `writer` can produce (see
/// the [module docs](crate::schema) for the rules). A `const fn`: usable
/// in constants, which is what [`assert_compatible!`](crate::assert_compatible) does.
///
/// ```
/// use msgpack_core::schema::{check, shape_of};
///
/// assert!(check(shape_of::<u64>(), shape_of::<u32>()).is_ok());
/// assert!(check(shape_of::<Option<String>>(), shape_of::<&str>()).is_ok());
/// let err = check(shape_of::<Vec<i8>>(), shape_of::<Vec<u8>>()).unwrap_err();
/// assert_eq!(err.as_str(), "[i8] cannot read bin: rule type-changed: expected array, found bin of any length");
/// ```
pub const fn check(reader: &'static Shape, writer: &'static Shape) -> Result<(), Incompatible> {
    let mut cx = Cx {
        head_r: reader,
        head_w: writer,
        steps: [Step::Element; MAX_STEPS],
        n_steps: 0,
        pairs: [(Ident::Instance(0), Ident::Instance(0)); MAX_CHECK_DEPTH],
        n_pairs: 0,
        reader: Side::new(),
        writer: Side::new(),
        instances: 0,
        depth: 0,
        levels: 0,
    };
    shape(&mut cx, reader, writer)
}

impl Cx {
    /// Enters a pair of named definitions; `false` when the same pair is
    /// already being checked on this path (recursion: assumed compatible),
    /// in which case nothing was entered. A side whose definition is not
    /// opened here (a newtype against a struct: the struct is opened by the
    /// next step) hands its identity on to that step instead of pushing.
    const fn enter(&mut self, r: &'static Shape, w: &'static Shape, open_r: bool, open_w: bool) -> bool {
        self.instances += 2;
        let ri = self.reader.ident(r, self.instances - 2);
        let wi = self.writer.ident(w, self.instances - 1);
        let mut i = 0;
        while i < self.n_pairs {
            if self.pairs[i].0.eq(ri) && self.pairs[i].1.eq(wi) {
                return false;
            }
            i += 1;
        }
        self.pairs[self.n_pairs] = (ri, wi);
        self.n_pairs += 1;
        if open_r {
            self.reader.push_frame(r, ri);
        } else {
            self.reader.forced = Some(ri);
        }
        if open_w {
            self.writer.push_frame(w, wi);
        } else {
            self.writer.forced = Some(wi);
        }
        let (rn, wn) = match (named(r), named(w)) {
            (Some(a), Some(b)) => (a.name, b.name),
            _ => ("?", "?"),
        };
        self.push(Step::Types(rn, wn));
        true
    }

    const fn leave(&mut self, open_r: bool, open_w: bool) {
        self.n_pairs -= 1;
        if open_r {
            self.reader.pop();
        } else {
            self.reader.forced = None;
        }
        if open_w {
            self.writer.pop();
        } else {
            self.writer.forced = None;
        }
        self.pop();
    }

    /// Enters a named definition on one side only (its fields are compared
    /// with something unnamed on the other), so that a [`Shape::Recur`]
    /// inside finds it.
    const fn enter_one(&mut self, reader: bool, s: &'static Shape) {
        self.instances += 1;
        if reader {
            self.reader.push(s, self.instances - 1);
        } else {
            self.writer.push(s, self.instances - 1);
        }
    }

    const fn leave_one(&mut self, reader: bool) {
        if reader {
            self.reader.pop();
        } else {
            self.writer.pop();
        }
    }
}

const fn is_named(s: &Shape) -> bool {
    matches!(s, Shape::Struct(_) | Shape::Enum(_) | Shape::Newtype(_))
}

/// Whether `r` reads `nil` (newtypes are looked through a few levels).
const fn accepts_nil(r: &Shape) -> bool {
    let mut r = r;
    let mut i = 0;
    while i < 8 {
        match r {
            Shape::Any | Shape::Nil | Shape::Option(_) => return true,
            Shape::Tuple(items) => return items.is_empty(),
            Shape::Struct(d) => return matches!(d.form, Form::Unit),
            Shape::Newtype(d) => r = d.inner.get(),
            // An untagged unit variant is `nil`.
            Shape::Enum(d) => return untagged::reads_nil(d),
            _ => return false,
        }
        i += 1;
    }
    false
}

const fn len_ok(r: Option<usize>, w: Option<usize>) -> bool {
    match (r, w) {
        (None, _) => true,
        (Some(a), Some(b)) => a == b,
        (Some(_), None) => false,
    }
}

const fn shape(cx: &mut Cx, r: &'static Shape, w: &'static Shape) -> R {
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
        return match cx.reader.find(id) {
            Some(f) => {
                cx.reader.forced = Some(f.ident);
                shape(cx, f.shape, w)
            }
            None => unresolved(cx, r),
        };
    }
    if let Shape::Recur { id, .. } = w {
        return match cx.writer.find(id) {
            Some(f) => {
                cx.writer.forced = Some(f.ident);
                shape(cx, r, f.shape)
            }
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
            let mut m = cx.start(Rule::OptionRemoved);
            m.push("expected ");
            m.push_label(r);
            m.push(", found ");
            m.push_label(w);
            m.push(" (nil is not a ");
            m.push_label(r);
            m.push(")");
            return Err(m);
        }
        return shape(cx, r, wi.get());
    }
    // An untagged writer: each variant's payload, read by the reader as it
    // is (an `Option` reader reads a unit variant's nil itself).
    if let Some(res) = untagged::dispatch_writer(cx, r, w) {
        return res;
    }
    if let Shape::Option(ri) = r {
        if let Shape::Nil = w {
            return Ok(());
        }
        return shape(cx, ri.get(), w);
    }
    // Untagged readers: variants tried in order.
    if let Some(res) = untagged::dispatch(cx, r, w) {
        return res;
    }
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
        Shape::Seq { elem: we, len: wl } => match r {
            Shape::Seq { elem: re, len: rl } if len_ok(*rl, *wl) => {
                cx.push(Step::Element);
                tri!(shape(cx, re.get(), we.get()));
                cx.pop();
                Ok(())
            }
            // Owned byte buffers read arrays of small integers too.
            Shape::Bin { len: rl, from_array: true } if len_ok(*rl, *wl) => match we.get() {
                Shape::Int(i) if i.fits_in(&super::IntShape::U8) => Ok(()),
                _ => cx.mismatch(r, w),
            },
            Shape::Tuple(rs) if matches!(wl, Some(n) if *n == rs.len()) => {
                let mut i = 0;
                while i < rs.len() {
                    cx.push(Step::TupleElement(i));
                    tri!(shape(cx, rs[i].get(), we.get()));
                    cx.pop();
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
                    cx.push(Step::TupleElement(i));
                    tri!(shape(cx, rs[i].get(), ws[i].get()));
                    cx.pop();
                    i += 1;
                }
                Ok(())
            }
            Shape::Seq { elem: re, len: rl } if len_ok(*rl, Some(ws.len())) => {
                let mut i = 0;
                while i < ws.len() {
                    cx.push(Step::TupleElement(i));
                    tri!(shape(cx, re.get(), ws[i].get()));
                    cx.pop();
                    i += 1;
                }
                Ok(())
            }
            _ => cx.mismatch(r, w),
        },
        Shape::Map { key: wk, value: wv } => match r {
            Shape::Map { key: rk, value: rv } => {
                cx.push(Step::MapKey);
                tri!(shape(cx, rk.get(), wk.get()));
                cx.pop();
                cx.push(Step::MapValue);
                tri!(shape(cx, rv.get(), wv.get()));
                cx.pop();
                Ok(())
            }
            _ => cx.mismatch(r, w),
        },
        Shape::Struct(wd) => match r {
            Shape::Struct(rd) => struct_def(cx, r, w, rd, wd),
            Shape::Map { key: rk, value: rv } if matches!(wd.form, Form::Map) => {
                cx.enter_one(false, w);
                tri!(flatten::into_map(cx, rk.get(), rv.get(), wd.fields));
                cx.leave_one(false);
                Ok(())
            }
            Shape::Seq { elem: re, len: None } if !matches!(wd.form, Form::Map) => {
                cx.enter_one(false, w);
                let n = flatten::count(wd.fields);
                let mut i = 0;
                while i < n {
                    let Some(f) = flatten::nth(wd.fields, i) else { break };
                    cx.push(Step::Position(i, f.name));
                    tri!(shape(cx, re.get(), f.shape.get()));
                    cx.pop();
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
            Shape::Str | Shape::Int(_) => {
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
                        return Err(m);
                    }
                    i += 1;
                }
                Ok(())
            }
            _ => cx.mismatch(r, w),
        },
        Shape::Opaque { with: wm, ty: wt } => match r {
            Shape::Opaque { with: rm, ty: rt } if str_eq(rm, wm) && str_eq(rt, wt) => Ok(()),
            _ => cx.mismatch(r, w),
        },
        // Handled above.
        Shape::Option(_) | Shape::Newtype(_) | Shape::Recur { .. } => Ok(()),
    }
}

const fn int_in(r: &super::IntShape, v: i64) -> bool {
    if v < 0 { r.min <= v } else { r.min <= v && v as u64 <= r.max && !(r.nonzero && v == 0) }
}

/// Whether a map's key shape reads a field's wire key.
const fn key_readable(rk: &Shape, k: &Key) -> bool {
    match (rk, k) {
        (Shape::Any, _) | (Shape::Str, Key::Str(_)) => true,
        (Shape::Int(ri), Key::Int(v)) => int_in(ri, *v),
        (Shape::Option(inner), _) => key_readable(inner.get(), k),
        _ => false,
    }
}

/// A named definition's name and identity.
#[derive(Clone, Copy)]
struct NamedInfo {
    name: &'static str,
    id: &'static str,
    generic: bool,
}

const fn named(s: &Shape) -> Option<NamedInfo> {
    match s {
        Shape::Struct(d) => Some(NamedInfo { name: d.name, id: d.id, generic: d.generic }),
        Shape::Enum(d) => Some(NamedInfo { name: d.name, id: d.id, generic: d.generic }),
        Shape::Newtype(d) => Some(NamedInfo { name: d.name, id: d.id, generic: d.generic }),
        _ => None,
    }
}

/// A [`Shape::Recur`] outside its own definition (only a hand-built shape
/// can have one).
const fn unresolved(cx: &Cx, s: &Shape) -> R {
    let mut m = cx.start(Rule::RecursionUnresolved);
    m.push_label(s);
    m.push(" refers to an enclosing type that is not on the path");
    Err(m)
}

mod flatten;
mod named;
mod path;
mod recursion;
mod untagged;
use named::{enum_def, struct_def};
use path::Step;
use recursion::{Ident, Side};
