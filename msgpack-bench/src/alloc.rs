//! A counting global allocator: allocations, bytes and peak live bytes.
//!
//! The runner binary installs it with `#[global_allocator]`; the counters are
//! process-wide atomics, read around one operation at a time (the runner is
//! single-threaded while it measures).
#![allow(unsafe_code)] // GlobalAlloc is an unsafe trait; every method forwards to System.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Forwards to [`System`] and counts.
pub struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let live = LIVE.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(live, Relaxed);
}

// SAFETY: every method forwards its arguments unchanged to `System`, which
// upholds the GlobalAlloc contract; the counters have no effect on memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size() as u64, Relaxed);
        grew(layout.size());
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size() as u64, Relaxed);
        grew(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        // SAFETY: `ptr` came from this allocator (hence from `System`) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A realloc is counted as one allocation of the new size (it may move).
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(new_size as u64, Relaxed);
        LIVE.fetch_sub(layout.size(), Relaxed);
        grew(new_size);
        // SAFETY: the caller's contract for `realloc` is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// What one operation allocated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// Calls to `alloc` / `alloc_zeroed` / `realloc`.
    pub allocs: u64,
    /// Bytes requested by those calls.
    pub bytes: u64,
    /// Highest live heap during the operation, above what was live before it.
    pub peak: u64,
}

/// Run `f` once and report what it allocated. Only meaningful when
/// [`Counting`] is the global allocator (see [`installed`]).
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, Usage) {
    let (a0, b0) = (ALLOCS.load(Relaxed), BYTES.load(Relaxed));
    let live0 = LIVE.load(Relaxed);
    PEAK.store(live0, Relaxed);
    let out = f();
    let usage = Usage {
        allocs: ALLOCS.load(Relaxed) - a0,
        bytes: BYTES.load(Relaxed) - b0,
        peak: (PEAK.load(Relaxed).saturating_sub(live0)) as u64,
    };
    (out, usage)
}

/// Whether [`Counting`] is this process's global allocator (it has seen an
/// allocation).
pub fn installed() -> bool {
    let probe = std::hint::black_box(vec![0u8; 1]);
    let seen = ALLOCS.load(Relaxed) > 0;
    drop(probe);
    seen
}

