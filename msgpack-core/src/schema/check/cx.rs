//! The state of one check ([`Cx`]): the path from the root to where the
//! check failed (the named pairs entered, fields, positions, elements,
//! variants), the named pairs being checked, the messages built from the
//! path (`R cannot read W: rule ID: path: reason`), and the list of every
//! incompatibility found so far.
//!
//! The check goes on after a failure at the parts of a shape (a field, a
//! position, an element, a variant, a map's key and value): it records the
//! failure and comes back to the state before the part ([`Mark`],
//! [`Cx::went_on`]). Where a failure decides what is tried next (the
//! variants of an untagged reader) it is returned instead.

use super::base::{MAX_CHECK_DEPTH, MAX_STEPS, R, is_named, len_ok, named};
use super::recursion::{Ident, Side};
use crate::schema::report::{Incompatible, push_format};
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

/// The state of one check: the path, the named pairs being checked, and
/// the innermost names for messages.
#[derive(Clone, Copy)]
pub(super) struct Cx {
    pub(super) head_r: &'static Shape,
    pub(super) head_w: &'static Shape,
    steps: [Step; MAX_STEPS],
    n_steps: usize,
    pairs: [(Ident, Ident); MAX_CHECK_DEPTH],
    n_pairs: usize,
    reader: Side,
    writer: Side,
    /// Numbers the generic instances entered so far.
    instances: usize,
    depth: usize,
    pub(super) levels: usize,
    /// Whether a failure in a part is recorded (and the check goes on)
    /// rather than returned.
    pub(super) collect: bool,
    /// Every incompatibility recorded so far.
    found: Incompatible,
}

/// The state of a check before one of its parts, to come back to.
#[derive(Clone, Copy)]
pub(super) struct Mark {
    depth: usize,
    n_steps: usize,
    n_pairs: usize,
    levels: usize,
    reader: (usize, Option<Ident>),
    writer: (usize, Option<Ident>),
}

impl Cx {
    /// A check of `reader` against `writer` about to start at the root.
    pub(super) const fn new(reader: &'static Shape, writer: &'static Shape) -> Cx {
        Cx {
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
            collect: true,
            found: Incompatible::list(),
        }
    }

    pub(super) const fn mark(&self) -> Mark {
        Mark {
            depth: self.depth,
            n_steps: self.n_steps,
            n_pairs: self.n_pairs,
            levels: self.levels,
            reader: self.reader.mark(),
            writer: self.writer.mark(),
        }
    }

    /// Back to the state at `mark` (what was pushed since is dropped).
    pub(super) const fn restore(&mut self, mark: Mark) {
        self.depth = mark.depth;
        self.n_steps = mark.n_steps;
        self.n_pairs = mark.n_pairs;
        self.levels = mark.levels;
        self.reader.restore(mark.reader);
        self.writer.restore(mark.writer);
    }

    /// After a part of the check that started at `mark`: back to that
    /// state, and its result `res`, a failure recorded (the check goes on:
    /// `Ok`) while collecting, or returned.
    pub(super) const fn went_on(&mut self, mark: Mark, res: R) -> R {
        self.restore(mark);
        match res {
            Ok(()) => Ok(()),
            Err(e) if self.collect => {
                self.found.add(&e);
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    /// The result of the whole check, `res` being the root's: every
    /// incompatibility recorded, or `Ok`.
    pub(super) const fn finish(&mut self, res: R) -> R {
        if let Err(e) = res {
            self.found.add(&e);
        }
        if self.found.count() == 0 {
            return Ok(());
        }
        let mut all = self.found;
        all.close();
        Err(all)
    }

    /// Enters a pair of named definitions; `false` when the same pair is
    /// already being checked on this path (recursion: assumed compatible),
    /// in which case nothing was entered. A side whose definition is not
    /// opened here (a newtype against a struct: the struct is opened by the
    /// next step) hands its identity on to that step instead of pushing.
    pub(super) const fn enter(&mut self, r: &'static Shape, w: &'static Shape, open_r: bool, open_w: bool) -> bool {
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

    pub(super) const fn leave(&mut self, open_r: bool, open_w: bool) {
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

    /// The enclosing definition a [`Shape::Recur`] on one side (the
    /// reader's if `reader`) refers to, which the next step enters again as
    /// the same instance; `None` when it is not on the path.
    pub(super) const fn recur(&mut self, reader: bool, id: &str) -> Option<&'static Shape> {
        let side = if reader { &mut self.reader } else { &mut self.writer };
        match side.find(id) {
            Some(f) => {
                side.forced = Some(f.ident);
                Some(f.shape)
            }
            None => None,
        }
    }

    /// Enters a named definition on one side only (its fields are compared
    /// with something unnamed on the other), so that a [`Shape::Recur`]
    /// inside finds it.
    pub(super) const fn enter_one(&mut self, reader: bool, s: &'static Shape) {
        self.instances += 1;
        if reader {
            self.reader.push(s, self.instances - 1);
        } else {
            self.writer.push(s, self.instances - 1);
        }
    }

    pub(super) const fn leave_one(&mut self, reader: bool) {
        if reader {
            self.reader.pop();
        } else {
            self.writer.pop();
        }
    }
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

/// A [`Shape::Recur`] outside its own definition (only a hand-built shape
/// can have one).
pub(super) const fn unresolved(cx: &Cx, s: &Shape) -> R {
    let mut m = cx.start(Rule::RecursionUnresolved);
    m.push_label(s);
    m.push(" refers to an enclosing type that is not on the path");
    Err(m)
}
