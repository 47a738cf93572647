//! Recursion in the check: the named definitions each side has entered,
//! and which instance of a definition (generic types) each one is, so that
//! a pair already being checked on the path is recognised.

use super::base::{MAX_CHECK_DEPTH, named};
use crate::schema::{Shape, str_eq};

/// Which type a named definition on the path is, for recursion: the
/// definition itself for a type without parameters (every occurrence is
/// the same type), one instantiation (a fresh number, reused when a
/// [`Shape::Recur`] comes back to it) for a generic one.
#[derive(Clone, Copy)]
pub(super) enum Ident {
    Id(&'static str),
    Instance(usize),
}

impl Ident {
    pub(super) const fn eq(self, other: Ident) -> bool {
        match (self, other) {
            (Ident::Id(a), Ident::Id(b)) => str_eq(a, b),
            (Ident::Instance(a), Ident::Instance(b)) => a == b,
            _ => false,
        }
    }
}

/// A named definition being read (or written) on the path.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    id: &'static str,
    pub(super) ident: Ident,
    pub(super) shape: &'static Shape,
}

/// The named definitions one side has entered, innermost last.
#[derive(Clone, Copy)]
pub(super) struct Side {
    frames: [Option<Frame>; MAX_CHECK_DEPTH],
    len: usize,
    /// Set when a [`Shape::Recur`] was resolved: the definition entered next
    /// is that instance again.
    pub(super) forced: Option<Ident>,
}

impl Side {
    pub(super) const fn new() -> Self {
        Side { frames: [None; MAX_CHECK_DEPTH], len: 0, forced: None }
    }

    /// The identity of the definition `s` (named) entered next: the forced
    /// one, else its id, else (generic) the fresh instance number.
    pub(super) const fn ident(&mut self, s: &Shape, fresh: usize) -> Ident {
        match (self.forced.take(), named(s)) {
            (Some(i), _) => i,
            (None, Some(n)) if !n.generic => Ident::Id(n.id),
            _ => Ident::Instance(fresh),
        }
    }

    pub(super) const fn push_frame(&mut self, s: &'static Shape, ident: Ident) {
        let id = match named(s) {
            Some(n) => n.id,
            None => "",
        };
        if self.len < MAX_CHECK_DEPTH {
            self.frames[self.len] = Some(Frame { id, ident, shape: s });
        }
        self.len += 1;
    }

    /// Pushes the definition `s` (named), returning its identity.
    pub(super) const fn push(&mut self, s: &'static Shape, fresh: usize) -> Ident {
        let ident = self.ident(s, fresh);
        self.push_frame(s, ident);
        ident
    }

    pub(super) const fn pop(&mut self) {
        self.len -= 1;
    }

    /// The state to come back to after a part of the check (its frames
    /// above this stay as they are, unreachable).
    pub(super) const fn mark(&self) -> (usize, Option<Ident>) {
        (self.len, self.forced)
    }

    pub(super) const fn restore(&mut self, mark: (usize, Option<Ident>)) {
        self.len = mark.0;
        self.forced = mark.1;
    }

    /// The innermost definition with this id.
    pub(super) const fn find(&self, id: &str) -> Option<Frame> {
        let mut i = if self.len < MAX_CHECK_DEPTH { self.len } else { MAX_CHECK_DEPTH };
        while i > 0 {
            i -= 1;
            if let Some(f) = self.frames[i] {
                if str_eq(f.id, id) {
                    return Some(f);
                }
            }
        }
        None
    }
}
