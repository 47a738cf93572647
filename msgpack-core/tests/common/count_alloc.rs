//! The number of allocations and reallocations on each thread, for
//! [`count_allocs`] (the one-allocation promise of `to_vec`), counted by the
//! test binaries' one global allocator (`super::alloc`). Per thread, so
//! that tests running in parallel do not see each other's.

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
