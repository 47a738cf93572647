//! A global allocator for the test binaries that include this file: it
//! forwards to `System` and records, per thread, the largest single
//! allocation and the total requested, for `measure`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct PeakAlloc;

thread_local! {
    /// The largest single allocation (or reallocation target) on this thread.
    static PEAK: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated on this thread, frees not subtracted.
    static TOTAL: Cell<usize> = const { Cell::new(0) };
}

fn record(size: usize) {
    let _ = PEAK.try_with(|p| p.set(p.get().max(size)));
    let _ = TOTAL.try_with(|t| t.set(t.get().saturating_add(size)));
}

#[allow(unsafe_code, reason = "a counting global allocator must implement the unsafe GlobalAlloc trait")]
// SAFETY: every method forwards to `System` with the caller's arguments; the
// counters are const-initialised thread locals without destructors, so
// touching them never allocates or re-enters the allocator.
unsafe impl GlobalAlloc for PeakAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record(new_size);
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: PeakAlloc = PeakAlloc;

/// Runs `f`; returns its result, the largest single allocation it made on
/// this thread, and the total it allocated.
pub(crate) fn measure<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
    PEAK.with(|p| p.set(0));
    let total_before = TOTAL.with(Cell::get);
    let r = f();
    (r, PEAK.with(Cell::get), TOTAL.with(Cell::get) - total_before)
}
