//! `Encoder`: values with a fixed layout, written as one template (see
//! [`layout`](crate::layout)).

use super::write::fill;
use super::{Encode, Encoder, Error, Write};
use crate::layout::{CAP, Layout};

type Result<E> = core::result::Result<(), Error<E>>;

impl<W: Write> Encoder<W> {
    /// Whether this encoder writes into a bounded window (see
    /// [`bounded`](super::bounded)), where a value with a fixed layout is
    /// written item by item: the window has checked the room already, and
    /// its bytes need no template. Not public API.
    #[doc(hidden)]
    #[inline(always)]
    pub fn __in_window(&self) -> bool {
        self.w.__in_window()
    }

    /// Writes `value`, whose type has a fixed layout, as its template: one
    /// room check, then every item stored at its constant offset. Not public API: the derive's encoding of such a struct.
    #[doc(hidden)]
    #[inline(always)]
    pub fn __fixed<T: Encode + ?Sized>(&mut self, value: &T) -> Result<W::Error> {
        let l: &Layout = const { &T::__LAYOUT };
        self.__fixed_run(l, |out| value.__write_fixed(out))
    }

    /// Writes a template of layout `l` whose payload `write` stores: a run
    /// of fixed-layout fields inside a struct that has none as a whole
    /// (their keys too, in map form), or a whole value ([`__fixed`]).
    /// Not public API.
    ///
    /// [`__fixed`]: Encoder::__fixed
    #[doc(hidden)]
    #[inline(always)]
    pub fn __fixed_run(&mut self, l: &Layout, write: impl Fn(&mut [u8])) -> Result<W::Error> {
        let n = l.len;
        let pattern = l.pattern.get(..n).unwrap_or(&[]);
        if let Some(out) = self.w.__window_init(n) {
            write(out);
            #[allow(unsafe_code)]
            // SAFETY: the window was initialized bytes of the sink's buffer
            // (`__window_init`); nothing was written to the sink since.
            unsafe {
                self.w.__advance(n)
            };
            return Ok(());
        }
        match self.w.__window(n) {
            Some(window) => {
                // Initialized first: `write` is trusted with the bytes, not
                // with covering every one of them.
                write(fill(window, pattern));
                #[allow(unsafe_code)]
                // SAFETY: `fill` initialized the whole window (`n` bytes);
                // nothing was written to the sink since `__window`.
                unsafe {
                    self.w.__advance(n)
                };
                Ok(())
            }
            None => self.fixed_through_stack(pattern, &write),
        }
    }

    /// [`__fixed_run`](Encoder::__fixed_run) for a sink without a buffer of
    /// its own, or without room for the template: built on the stack, then
    /// written with one `write_all`.
    #[inline(never)]
    fn fixed_through_stack(&mut self, pattern: &[u8], write: &dyn Fn(&mut [u8])) -> Result<W::Error> {
        let mut tmp = [0u8; CAP];
        let Some(out) = tmp.get_mut(..pattern.len()) else { return Ok(()) };
        out.copy_from_slice(pattern);
        write(out);
        self.w.write_all(out).map_err(Error::Write)
    }

    /// Writes `items`, whose type has a fixed layout, as an array: one room
    /// check for all of them, then each template at its stride. Not public
    /// API: [`Encode::__encode_slice`]'s path for such a type.
    #[doc(hidden)]
    #[inline]
    pub fn __fixed_slice<T: Encode>(&mut self, items: &[T]) -> Result<W::Error> {
        self.array_len(items.len())?;
        if self.__fixed_items(items) {
            return Ok(());
        }
        // No room for all of them (or no buffer): item by item, each
        // through its own template, failing where the room ends.
        for item in items {
            self.__fixed(item)?;
        }
        Ok(())
    }

    /// Writes the templates of `items` (a type with a fixed layout) back to
    /// back into one window of the sink, and says whether it did; nothing
    /// is written when the sink has no window of that size. Not public API.
    #[doc(hidden)]
    #[inline]
    pub fn __fixed_items<T: Encode>(&mut self, items: &[T]) -> bool {
        let l: &Layout = const { &T::__LAYOUT };
        let n = l.len;
        let Some(total) = n.checked_mul(items.len()) else { return false };
        if n == 0 {
            return false;
        }
        if let Some(out) = self.w.__window_init(total) {
            for (item, chunk) in items.iter().zip(out.chunks_exact_mut(n)) {
                item.__write_fixed(chunk);
            }
            #[allow(unsafe_code)]
            // SAFETY: the window was `total` initialized bytes of the sink's
            // buffer; nothing was written to the sink since.
            unsafe {
                self.w.__advance(total)
            };
            return true;
        }
        let pattern = l.pattern.get(..n).unwrap_or(&[]);
        match self.w.__window(total) {
            Some(window) => {
                for (item, chunk) in items.iter().zip(window.chunks_exact_mut(n)) {
                    item.__write_fixed(fill(chunk, pattern));
                }
                #[allow(unsafe_code)]
                // SAFETY: the window is `total` bytes (a `__window` of that
                // length), `chunks_exact_mut(n)` covers all of it, one chunk
                // per item, and `fill` initialized every chunk; nothing was
                // written since `__window`.
                unsafe {
                    self.w.__advance(total)
                };
                true
            }
            None => false,
        }
    }
}
