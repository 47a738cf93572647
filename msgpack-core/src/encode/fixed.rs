//! `Encoder`: values with a fixed layout, written as one template (see
//! [`layout`](crate::layout)).

use super::{Encode, Encoder, Error, Write};
use crate::layout::{CAP, Layout};
use crate::mem::{write_window_filled, write_window_filled_each, write_window_init};

type Result<E> = core::result::Result<(), Error<E>>;

impl<W: Write> Encoder<W> {
    /// Whether this encoder writes into a bounded window (see
    /// [`bounded`](super::bounded)), where a value with a fixed layout is
    /// written item by item: the window has checked the room already, and
    /// its bytes need no template.
    #[inline(always)]
    pub(crate) fn in_window(&self) -> bool {
        self.w.__in_window()
    }

    /// Writes `value`, whose type has a fixed layout, as its template: one
    /// room check, then every item stored at its constant offset: the derive's
    /// encoding of such a struct.
    #[inline(always)]
    pub(crate) fn fixed<T: Encode + ?Sized>(&mut self, value: &T) -> Result<W::Error> {
        let l: &Layout = const { &T::__LAYOUT };
        self.fixed_run(l, |out| value.__write_fixed(out))
    }

    /// Writes a template of layout `l` whose payload `write` stores: a run
    /// of fixed-layout fields inside a struct that has none as a whole
    /// (their keys too, in map form), or a whole value ([`fixed`]).
    ///
    /// [`fixed`]: Encoder::fixed
    #[inline(always)]
    pub(crate) fn fixed_run(&mut self, l: &Layout, write: impl Fn(&mut [u8])) -> Result<W::Error> {
        let n = l.len;
        let pattern = l.pattern.get(..n).unwrap_or(&[]);
        if write_window_init(&mut self.w, n, &write) || write_window_filled(&mut self.w, pattern, &write) {
            return Ok(());
        }
        self.fixed_through_stack(pattern, &write)
    }

    /// [`fixed_run`](Encoder::fixed_run) for a sink without a buffer of
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
    /// check for all of them, then each template at its stride:
    /// [`Encode::__encode_slice`]'s path for such a type.
    #[inline]
    pub(crate) fn fixed_slice<T: Encode>(&mut self, items: &[T]) -> Result<W::Error> {
        self.array_len(items.len())?;
        if self.fixed_items(items) {
            return Ok(());
        }
        // No room for all of them (or no buffer): item by item, each
        // through its own template, failing where the room ends.
        for item in items {
            self.fixed(item)?;
        }
        Ok(())
    }

    /// Writes the templates of `items` (a type with a fixed layout) back to
    /// back into one window of the sink, and says whether it did; nothing
    /// is written when the sink has no window of that size.
    #[inline]
    pub(crate) fn fixed_items<T: Encode>(&mut self, items: &[T]) -> bool {
        let l: &Layout = const { &T::__LAYOUT };
        let n = l.len;
        let Some(total) = n.checked_mul(items.len()) else { return false };
        if n == 0 {
            return false;
        }
        let init = write_window_init(&mut self.w, total, |out| {
            for (item, chunk) in items.iter().zip(out.chunks_exact_mut(n)) {
                item.__write_fixed(chunk);
            }
        });
        if init {
            return true;
        }
        let pattern = l.pattern.get(..n).unwrap_or(&[]);
        write_window_filled_each(&mut self.w, pattern, items, |item, chunk| item.__write_fixed(chunk))
    }
}
