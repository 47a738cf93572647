//! The bytes live on each thread and their peak, for [`measure`], counted
//! by the test binaries' one global allocator (`super::alloc`). This is the
//! accounting of the crate's allocation guarantee ("Guarantees on hostile
//! input"): a reallocation counts its new block before it frees the old one
//! (both are live while a moving reallocation copies), so the peak is an
//! upper bound whatever the system allocator does in place.
//!
//! The counters are per thread: tests running in parallel on other threads
//! do not disturb a measurement.

use std::cell::Cell;

thread_local! {
    /// Bytes live on this thread (allocated here minus freed here).
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The highest `LIVE` since the last reset.
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// Bytes requested on this thread, frees not subtracted (a reallocation
    /// counts its new size).
    static TOTAL: Cell<usize> = const { Cell::new(0) };
}

/// An allocation of `size` bytes on this thread (a reallocation's new
/// block: `super::alloc` calls this before [`shrink`] of the old one).
pub(super) fn grow(size: usize) {
    let _ = LIVE.try_with(|l| {
        let live = l.get() + size as isize;
        l.set(live);
        let _ = PEAK.try_with(|p| p.set(p.get().max(live)));
    });
    let _ = TOTAL.try_with(|t| t.set(t.get().saturating_add(size)));
}

/// A block of `size` bytes freed on this thread.
pub(super) fn shrink(size: usize) {
    let _ = LIVE.try_with(|l| l.set(l.get() - size as isize));
}

/// Runs `f` and returns its result with the peak of bytes live above the
/// level before the call, and the bytes still live after it (the result's
/// heap memory, for a result that holds one).
pub(crate) fn measure<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
    let (r, peak, _, kept) = measure_all(f);
    (r, peak, kept)
}

/// [`measure`], with the bytes requested during the call: the result, its
/// peak, the total requested and the bytes kept.
pub(crate) fn measure_all<R>(f: impl FnOnce() -> R) -> (R, usize, usize, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let total = TOTAL.with(Cell::get);
    let r = f();
    let peak = (PEAK.with(Cell::get) - base).max(0) as usize;
    let kept = (LIVE.with(Cell::get) - base).max(0) as usize;
    (r, peak, TOTAL.with(Cell::get) - total, kept)
}

/// The bound of the crate docs: one decode of an `n`-byte input peaks at
/// most 64·n + 4 KiB beyond twice the heap memory of what it returns
/// (`kept`: nothing, for a decode that fails).
pub(crate) fn bound(n: usize, kept: usize) -> usize {
    64 * n + 4096 + 2 * kept
}
