//! `Decoder`: the attempts of untagged enums: speculative copies whose
//! errors carry no details, the budget of failed attempts, and marks to go
//! back to after an attempt made in place.

use super::{Decoder, Result, SPECULATION_BASE, SPECULATION_PER_BYTE};
use crate::decode::{Error, ErrorKind};

impl<'de> Decoder<'de> {
    /// A copy of this decoder for one speculative attempt (a variant of an
    /// untagged enum): its errors carry no details and allocate nothing.
    /// Adopt it with [`commit`](Decoder::commit) when the attempt
    /// succeeds; drop it otherwise (this decoder has not moved).
    #[inline]
    pub(crate) fn speculate(&self) -> Result<Self> {
        if self.spec_left == 0 {
            return Err(self.speculation_limit());
        }
        let mut d = self.clone();
        d.quiet = true;
        Ok(d)
    }

    #[cold]
    #[inline(never)]
    fn speculation_limit(&self) -> Error {
        let budget = SPECULATION_BASE.saturating_add(self.buf.len().saturating_mul(SPECULATION_PER_BYTE));
        self.fail(ErrorKind::SpeculationLimit { budget: budget as u64 }, self.pos)
    }

    /// A speculative copy whose attempt failed: the bytes it read count
    /// against the budget of failed attempts (this decoder has not moved).
    #[inline]
    pub(crate) fn failed(&mut self, attempt: Self) {
        // Nested failures inside the attempt were counted in its copy.
        self.spec_left = attempt.spec_left;
        if self.quiet {
            let read = attempt.pos.saturating_sub(self.pos).saturating_add(1);
            self.spec_left = self.spec_left.saturating_sub(read);
        }
    }

    /// A copy that decodes again to report reasons: nested untagged enums
    /// do not list theirs.
    #[inline]
    pub(crate) fn for_reasons(&self) -> Self {
        let mut d = self.clone();
        d.brief = true;
        d
    }

    /// Sets whether errors are detail-free (speculating), returning the old
    /// setting: an untagged value that only one variant can start with is
    /// decoded in place this way, without a speculative copy.
    #[inline]
    pub(crate) fn set_quiet(&mut self, quiet: bool) -> bool {
        core::mem::replace(&mut self.quiet, quiet)
    }

    /// Whether errors are detail-free (speculating): an error's details
    /// need not be built.
    #[inline]
    pub(crate) fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// Whether this decoder is reporting an enclosing untagged enum's
    /// reasons (see [`for_reasons`](Decoder::for_reasons)).
    #[inline]
    pub(crate) fn is_brief(&self) -> bool {
        self.brief
    }

    /// Takes the state of a successful speculative copy (position, budgets),
    /// keeping this decoder's own error mode.
    #[inline]
    pub(crate) fn commit(&mut self, mut attempt: Self) {
        attempt.quiet = self.quiet;
        attempt.brief = self.brief;
        *self = attempt;
    }

    /// Where the decoder is (position, depth, open claims), to go back after a failed
    /// attempt made in place (see [`reset`](Decoder::reset)).
    #[inline]
    pub(crate) fn mark(&self) -> (usize, u32, usize) {
        (self.pos, self.depth, self.pending)
    }

    /// Back to a [`mark`](Decoder::mark) of this decoder, after a
    /// failed attempt (whose error is then reported).
    #[inline]
    pub(crate) fn reset(&mut self, mark: (usize, u32, usize)) {
        self.pos = mark.0.min(self.buf.len());
        self.depth = mark.1;
        // The claims of the containers the attempt opened go with it.
        self.pending = mark.2;
    }
}
