//! The one global allocator of a test binary (a binary can have only one)
//! and the three sets of per-thread counters it feeds, each exactly as its
//! own allocator did when each binary had one:
//!
//! - [`count`]: one per allocation, zeroed allocation and reallocation
//!   (`count_allocs`, the one-allocation promise of `to_vec`);
//! - [`peak`]: the size of each allocation and reallocation target (the
//!   largest single one and the total requested);
//! - [`live`]: bytes live and their peak, a reallocation's new block
//!   counted before its old one is freed (the allocation guarantee of the
//!   crate docs).
//!
//! All the counters are thread locals: a measurement sees only the thread
//! it runs on, so the tests that measure need no serialising against the
//! tests running in parallel on the harness's other threads.
//!
//! msgpack-core's binaries have it as `common::alloc` (and the counters as
//! `common::count_alloc`, `common::peak_alloc`, `common::live_alloc`);
//! `live_alloc.rs` and `peak_alloc.rs` beside it include it for the
//! binaries that take one of them alone with `#[path]` (msgpack-derive's).

#![allow(dead_code, reason = "each test binary uses a part of the counters")]

use std::alloc::{GlobalAlloc, Layout, System};

struct CountingAlloc;

#[allow(unsafe_code, reason = "a counting global allocator must implement the unsafe GlobalAlloc trait")]
// SAFETY: every method forwards to `System` with the caller's arguments; the
// counters are const-initialised thread locals without destructors, so
// touching them never allocates or re-enters the allocator.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count::one();
        peak::record(layout.size());
        live::grow(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count::one();
        peak::record(layout.size());
        live::grow(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count::one();
        peak::record(new_size);
        live::grow(new_size);
        live::shrink(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        live::shrink(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// The number of allocations and reallocations on each thread.
pub(crate) mod count {
    use std::cell::Cell;

    thread_local! {
        static ALLOCS: Cell<usize> = const { Cell::new(0) };
    }

    /// One allocation or reallocation on this thread.
    pub(super) fn one() {
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
    }

    /// Runs `f` and returns its result with the number of allocations and
    /// reallocations it made on this thread.
    pub(crate) fn count_allocs<R>(f: impl FnOnce() -> R) -> (R, usize) {
        let before = ALLOCS.with(Cell::get);
        let r = f();
        (r, ALLOCS.with(Cell::get) - before)
    }
}

/// The largest single allocation and the total requested on each thread.
pub(crate) mod peak {
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
}

/// The bytes live on each thread and their peak: the accounting of the
/// crate's allocation guarantee ("Guarantees on hostile input"). A
/// reallocation counts its new block before it frees the old one (both are
/// live while a moving reallocation copies), so the peak is an upper bound
/// whatever the system allocator does in place.
pub(crate) mod live {
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
    /// block: the allocator calls this before [`shrink`] of the old one).
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
}
