//! A counting global allocator: allocations, bytes and peak live bytes.
//!
//! The runner binary installs it with `#[global_allocator]`; the counters are
//! process-wide atomics, switched on only inside [`measure`] (one operation at
//! a time; the runner is single-threaded while it measures). While timing they
//! are off, and the allocator costs one relaxed load over `System`.
#![allow(unsafe_code)] // GlobalAlloc is an unsafe trait; every method forwards to System.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Forwards to [`System`] and counts.
///
/// Install it as the process's global allocator, then [`measure`] what an
/// operation allocates:
///
/// ```standalone_crate
/// use msgpack_bench::alloc::{self, Counting};
///
/// #[global_allocator]
/// static ALLOC: Counting = Counting;
///
/// fn main() {
///     assert!(alloc::installed());
///     let (bytes, usage) = alloc::measure(|| msgpack_core::to_vec(&"hello").unwrap());
///     assert_eq!(bytes.len(), 6);
///     assert_eq!(usage.allocs, 1); // `to_vec` sizes its buffer once
/// }
/// ```
pub struct Counting;

static ON: AtomicBool = AtomicBool::new(false);
static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn counted(size: usize) {
    if ON.load(Relaxed) {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(size as u64, Relaxed);
        grew(size);
    }
}

fn shrank(by: usize) {
    if ON.load(Relaxed) {
        // Saturating: memory allocated before counting started may be freed now.
        let _ = LIVE.fetch_update(Relaxed, Relaxed, |live| Some(live.saturating_sub(by)));
    }
}

fn grew(by: usize) {
    let live = LIVE.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(live, Relaxed);
}

// SAFETY: every method forwards its arguments unchanged to `System`, which
// upholds the GlobalAlloc contract; the counters have no effect on memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        counted(layout.size());
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        counted(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrank(layout.size());
        // SAFETY: `ptr` came from this allocator (hence from `System`) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A realloc is counted as one allocation of the new size (it may move).
        shrank(layout.size());
        counted(new_size);
        // SAFETY: the caller's contract for `realloc` is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// What one operation allocated.
///
/// `bytes` adds up every request, `peak` is the most that was live at once:
///
/// ```standalone_crate
/// use msgpack_bench::alloc::{self, Counting, Usage};
///
/// #[global_allocator]
/// static ALLOC: Counting = Counting;
///
/// fn main() {
///     let (_, usage) = alloc::measure(|| {
///         drop(std::hint::black_box(vec![0u8; 1000]));
///         std::hint::black_box(vec![0u8; 200])
///     });
///     assert_eq!(usage, Usage { allocs: 2, bytes: 1200, peak: 1000 });
/// }
/// ```
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
///
/// ```standalone_crate
/// use msgpack_bench::alloc::{self, Counting};
/// use msgpack_core::Value;
///
/// #[global_allocator]
/// static ALLOC: Counting = Counting;
///
/// fn main() {
///     let bytes = msgpack_core::to_vec(&["a", "b", "c"]).unwrap();
///     // Decoding into `Value` allocates the array and each of its strings.
///     let (value, usage) = alloc::measure(|| msgpack_core::from_slice::<Value>(&bytes).unwrap());
///     assert_eq!(value, Value::Array(vec!["a".into(), "b".into(), "c".into()]));
///     assert_eq!(usage.allocs, 4);
///     // Decoding into `&str`s borrowed from the input allocates only the `Vec`.
///     let (_, usage) = alloc::measure(|| msgpack_core::from_slice::<Vec<&str>>(&bytes).unwrap());
///     assert_eq!(usage.allocs, 1);
/// }
/// ```
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, Usage) {
    ALLOCS.store(0, Relaxed);
    BYTES.store(0, Relaxed);
    LIVE.store(0, Relaxed);
    PEAK.store(0, Relaxed);
    ON.store(true, Relaxed);
    let out = f();
    ON.store(false, Relaxed);
    let usage = Usage { allocs: ALLOCS.load(Relaxed), bytes: BYTES.load(Relaxed), peak: PEAK.load(Relaxed) as u64 };
    (out, usage)
}

/// Whether [`Counting`] is this process's global allocator (it has seen an
/// allocation).
///
/// A doctest runs on the system allocator, so here it is not (see
/// [`Counting`] for a program that installs it):
///
/// ```
/// assert!(!msgpack_bench::alloc::installed());
/// // Without it, every operation measures as allocating nothing.
/// let (_, usage) = msgpack_bench::alloc::measure(|| vec![0u8; 64]);
/// assert_eq!(usage, msgpack_bench::alloc::Usage::default());
/// ```
pub fn installed() -> bool {
    let (_, usage) = measure(|| std::hint::black_box(vec![0u8; 1]));
    usage.allocs == 1
}
