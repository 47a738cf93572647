//! The path from the root to where the check failed (the named pairs
//! entered, fields, positions, elements, variants), and the messages built
//! from it: `R cannot read W: rule ID: path: reason`.

use super::{Cx, MAX_STEPS, R, is_named, len_ok};
use crate::schema::message::{Incompatible, push_format};
use crate::schema::{Key, Rule, Shape};

/// A longer path is shown as its first `HEAD_STEPS` steps, `...`, and its
/// last `TAIL_STEPS`, so that the reason always fits.
const HEAD_STEPS: usize = 3;
const TAIL_STEPS: usize = 5;

/// One step of the path from the root to where the check failed.
#[derive(Clone, Copy)]
pub(super) enum Step {
    /// Entered a pair of named types (reader, writer).
    Types(&'static str, &'static str),
    Field(Key),
    Position(usize, &'static str),
    Element,
    TupleElement(usize),
    MapKey,
    MapValue,
    Variant(Key),
}

impl Cx {
    pub(super) const fn push(&mut self, s: Step) {
        if self.depth < MAX_STEPS {
            self.steps[self.depth] = s;
        }
        self.depth += 1;
        if self.depth <= MAX_STEPS {
            self.n_steps = self.depth;
        }
    }

    pub(super) const fn pop(&mut self) {
        self.depth -= 1;
        self.n_steps = if self.depth < MAX_STEPS { self.depth } else { MAX_STEPS };
    }

    /// The innermost named pair, for "required in R but W ...".
    pub(super) const fn names(&self) -> (Option<&'static str>, Option<&'static str>) {
        let mut i = self.n_steps;
        while i > 0 {
            i -= 1;
            if let Step::Types(r, w) = self.steps[i] {
                return (Some(r), Some(w));
            }
        }
        (None, None)
    }

    /// A message for `rule`: the head, the rule, the path, then `": "` (the
    /// caller adds the reason).
    pub(super) const fn start(&self, rule: Rule) -> Incompatible {
        let mut m = Incompatible::for_rule(rule);
        m.push_label(self.head_r);
        m.push(" cannot read ");
        m.push_label(self.head_w);
        m.begin_detail();
        // The head already names the outermost pair when both are named.
        let mut i = if self.n_steps > 0 && is_named(self.head_r) && is_named(self.head_w) { 1 } else { 0 };
        let elide = self.n_steps - i > HEAD_STEPS + TAIL_STEPS + 1;
        while i < self.n_steps {
            if elide && i == HEAD_STEPS + 1 {
                m.push("...: ");
                i = self.n_steps - TAIL_STEPS;
            }
            match self.steps[i] {
                Step::Types(r, w) => {
                    m.push(r);
                    m.push(" cannot read ");
                    m.push(w);
                }
                Step::Field(k) => {
                    m.push("field ");
                    m.push_key(&k);
                }
                Step::Position(p, name) => {
                    m.push("position ");
                    m.push_u64(p as u64);
                    m.push(" (`");
                    m.push(name);
                    m.push("`)");
                }
                Step::Element => m.push("element"),
                Step::TupleElement(p) => {
                    m.push("element ");
                    m.push_u64(p as u64);
                }
                Step::MapKey => m.push("map key"),
                Step::MapValue => m.push("map value"),
                Step::Variant(k) => {
                    m.push("variant ");
                    m.push_key(&k);
                }
            }
            m.push(": ");
            i += 1;
        }
        m
    }

    /// Pushes the innermost reader name (or the head's label).
    pub(super) const fn push_reader(&self, m: &mut Incompatible) {
        match self.names().0 {
            Some(n) => m.push(n),
            None => m.push_label(self.head_r),
        }
    }

    pub(super) const fn push_writer(&self, m: &mut Incompatible) {
        match self.names().1 {
            Some(n) => m.push(n),
            None => m.push_label(self.head_w),
        }
    }

    /// `expected {r's format}, found {w's format}` at the current path.
    pub(super) const fn mismatch(&self, r: &Shape, w: &Shape) -> R {
        let mut m = self.start(mismatch_rule(r, w));
        m.push("expected ");
        push_format(&mut m, r, true);
        m.push(", found ");
        push_format(&mut m, w, false);
        Err(m)
    }
}

/// The rule a `mismatch` breaks: a narrower reader of the same kind of
/// item, or another kind.
const fn mismatch_rule(r: &Shape, w: &Shape) -> Rule {
    match (r, w) {
        (Shape::Opaque { .. }, _) | (_, Shape::Opaque { .. }) => Rule::WithChanged,
        (Shape::F32, Shape::F64) => Rule::FloatNarrowed,
        (Shape::Char, Shape::Str) => Rule::CharNarrowed,
        (Shape::Bin { .. }, Shape::Bin { .. })
        | (Shape::Seq { .. } | Shape::Tuple(_), Shape::Seq { .. } | Shape::Tuple(_)) => Rule::LengthChanged,
        (Shape::Bin { len, from_array: true }, Shape::Seq { len: wl, .. }) if !len_ok(*len, *wl) => Rule::LengthChanged,
        (Shape::Ext { .. } | Shape::Timestamp, Shape::Ext { .. } | Shape::Timestamp) => Rule::ExtTypeChanged,
        _ => Rule::TypeChanged,
    }
}
