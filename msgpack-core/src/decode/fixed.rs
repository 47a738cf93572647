//! `Decoder`: values with a fixed layout, read from their template (see
//! [`layout`](crate::layout)).

use super::Decoder;
use crate::decode::Decode;
use crate::layout::{self, Layout};

impl<'de> Decoder<'de> {
    /// Whether a template of layout `l` may be read here under the options
    /// (depth and container length limits), so that the general decoder
    /// would have accepted the same bytes.
    #[inline(always)]
    fn template_allowed(&self, l: &Layout) -> bool {
        l.is_fixed()
            && self.depth.saturating_add(l.depth) <= self.opts.max_depth
            && l.widest <= self.opts.max_container_len
    }

    /// Reads a run of `l.len` bytes matching the layout `l` with `read`,
    /// and moves past them; `None`, with nothing consumed, when the input
    /// is not that template (another valid form, truncated input, a limit
    /// the general decoder must report), which is then read the general
    /// way.
    #[inline(always)]
    pub(crate) fn fixed_run<R>(&mut self, l: &Layout, read: impl FnOnce(&'de [u8]) -> Option<R>) -> Option<R> {
        if !self.template_allowed(l) {
            return None;
        }
        let buf: &'de [u8] = self.buf;
        let bytes = buf.get(self.pos..)?.get(..l.len)?;
        if !layout::matches(bytes, l) {
            return None;
        }
        let value = read(bytes)?;
        self.pos += l.len;
        Some(value)
    }

    /// Reads a `T` (a type with a fixed layout) from its template, if the
    /// input holds it next (see [`fixed_run`](Decoder::fixed_run)).
    #[inline(always)]
    pub(crate) fn fixed<T: Decode<'de>>(&mut self) -> Option<T> {
        let l: &Layout = const { &T::__LAYOUT };
        self.fixed_run(l, T::__read_fixed)
    }

    /// An array of `T` (a type with a fixed layout) into a `Vec`: after the
    /// header (checked, charged and entered as by the general path), one
    /// length check for all the elements, then each template in turn;
    /// from the first element in another form on, element by element.
    ///
    /// Out of line: inlined into an array-form struct's `take_index` (W7's
    /// rings of `(f64, f64)`), the loop ran 23% more instructions (5.48M ->
    /// 6.72M per W7 array decode, callgrind) than in a function of its own.
    #[cfg(feature = "alloc")]
    #[inline(never)]
    pub(crate) fn fixed_vec<T: Decode<'de>>(&mut self) -> Result<alloc::vec::Vec<T>, crate::decode::Error> {
        let at = self.pos;
        let len = self.array_len()?;
        self.charge_elements::<T>(len, at)?;
        self.enter()?;
        // Claimed against the open containers' claims (see `__claim`), and
        // released at once: the elements hold no containers that claim.
        // When the claims cannot be met, nothing is reserved (the elements,
        // a few bytes of memory per input byte, are kept as they come).
        let cap = match self.claim::<T>(len, 1) {
            Some(cap) => {
                self.release_claim(len);
                cap
            }
            None => 0,
        };
        let mut v = alloc::vec::Vec::with_capacity(cap);
        let l: &Layout = const { &T::__LAYOUT };
        let mut done = 0;
        if self.template_allowed(l) {
            let buf: &'de [u8] = self.buf;
            let all = len.checked_mul(l.len).and_then(|total| buf.get(self.pos..)?.get(..total));
            if let Some(all) = all {
                for chunk in all.chunks_exact(l.len) {
                    if !layout::matches(chunk, l) {
                        break;
                    }
                    let Some(x) = T::__read_fixed(chunk) else { break };
                    v.push(x);
                    done += 1;
                }
                self.pos += done * l.len;
            }
        }
        for i in done..len {
            v.push(T::decode(self).map_err(|e| e.at_index(i))?);
        }
        self.leave();
        Ok(v)
    }
}
