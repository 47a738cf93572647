//! The largest single allocation and the total requested on each thread,
//! for [`measure`], counted by the test binaries' one global allocator
//! (`super::alloc`). The counters are per thread: tests running in
//! parallel on other threads do not disturb a measurement.

use std::cell::Cell;

thread_local! {
    /// The largest single allocation (or reallocation target) on this thread.
    static PEAK: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated on this thread, frees not subtracted.
    static TOTAL: Cell<usize> = const { Cell::new(0) };
}

/// An allocation (or reallocation target) of `size` bytes on this thread.
pub(super) fn record(size: usize) {
    let _ = PEAK.try_with(|p| p.set(p.get().max(size)));
    let _ = TOTAL.try_with(|t| t.set(t.get().saturating_add(size)));
}

/// Runs `f`; returns its result, the largest single allocation it made on
/// this thread, and the total it allocated.
pub(crate) fn measure<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
    PEAK.with(|p| p.set(0));
    let total_before = TOTAL.with(Cell::get);
    let r = f();
    (r, PEAK.with(Cell::get), TOTAL.with(Cell::get) - total_before)
}
