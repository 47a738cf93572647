//! The global allocator of every test binary that has `mod common;` (a
//! binary can have only one): it forwards to `System` and feeds the three
//! sets of per-thread counters, each exactly as its own allocator did when
//! each binary had one:
//!
//! - [`count_alloc`](super::count_alloc): one per allocation, zeroed
//!   allocation and reallocation;
//! - [`peak_alloc`](super::peak_alloc): the size of each allocation and
//!   reallocation target (largest single one, total requested);
//! - [`live_alloc`](super::live_alloc): bytes live and their peak, a
//!   reallocation's new block counted before its old one is freed.
//!
//! All the counters are thread locals: a measurement sees only the thread
//! it runs on, so the tests that measure need no serialising against the
//! tests running in parallel on the harness's other threads.

use std::alloc::{GlobalAlloc, Layout, System};

use super::{count_alloc, live_alloc, peak_alloc};

struct CountingAlloc;

#[allow(unsafe_code, reason = "a counting global allocator must implement the unsafe GlobalAlloc trait")]
// SAFETY: every method forwards to `System` with the caller's arguments; the
// counters are const-initialised thread locals without destructors, so
// touching them never allocates or re-enters the allocator.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_alloc::one();
        peak_alloc::record(layout.size());
        live_alloc::grow(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_alloc::one();
        peak_alloc::record(layout.size());
        live_alloc::grow(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_alloc::one();
        peak_alloc::record(new_size);
        live_alloc::grow(new_size);
        live_alloc::shrink(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        live_alloc::shrink(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;
