//! A global allocator for the test binaries that include this file: it
//! forwards to `System` and records, per thread, the bytes live and their
//! peak, for [`measure`]. This is the accounting of the crate's allocation
//! guarantee ("Guarantees on hostile input"): a reallocation counts its new
//! block before it frees the old one (both are live while a moving
//! reallocation copies), so the peak is an upper bound whatever the system
//! allocator does in place.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct LiveAlloc;

thread_local! {
    /// Bytes live on this thread (allocated here minus freed here).
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The highest `LIVE` since the last reset.
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// Bytes requested on this thread, frees not subtracted (a reallocation
    /// counts its new size).
    static TOTAL: Cell<usize> = const { Cell::new(0) };
}

fn grow(size: usize) {
    let _ = LIVE.try_with(|l| {
        let live = l.get() + size as isize;
        l.set(live);
        let _ = PEAK.try_with(|p| p.set(p.get().max(live)));
    });
    let _ = TOTAL.try_with(|t| t.set(t.get().saturating_add(size)));
}

fn shrink(size: usize) {
    let _ = LIVE.try_with(|l| l.set(l.get() - size as isize));
}

#[allow(unsafe_code, reason = "a counting global allocator must implement the unsafe GlobalAlloc trait")]
// SAFETY: every method forwards to `System` with the caller's arguments; the
// counters are const-initialised thread locals without destructors, so
// touching them never allocates or re-enters the allocator.
unsafe impl GlobalAlloc for LiveAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grow(new_size);
        shrink(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrink(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: LiveAlloc = LiveAlloc;

/// Runs `f` and returns its result with the peak of bytes live above the
/// level before the call, and the bytes still live after it (the result's
/// heap memory, for a result that holds one).
#[allow(dead_code, reason = "not every test binary that includes this file needs it")]
pub(crate) fn measure<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
    let (r, peak, _, kept) = measure_all(f);
    (r, peak, kept)
}

/// [`measure`], with the bytes requested during the call: the result, its
/// peak, the total requested and the bytes kept.
#[allow(dead_code, reason = "not every test binary that includes this file needs it")]
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
#[allow(dead_code, reason = "not every test binary that includes this file needs it")]
pub(crate) fn bound(n: usize, kept: usize) -> usize {
    64 * n + 4096 + 2 * kept
}
