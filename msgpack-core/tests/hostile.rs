//! Hostile input: malformed messages of every kind (the core types, a named
//! corpus, over-claiming nested containers, the `with` adapters), the
//! inputs kept from the fuzz runs, the seeded stress test, and the seeded
//! differential tests against rmpv and rmp-serde. The allocation bounds are
//! measured per thread (`tests/common/alloc.rs`), so these tests run in
//! parallel like any other.
//!
//! One test binary: its modules are the files of `tests/hostile/`, the
//! helpers are `tests/common/`.

#[macro_use]
mod common;

mod hostile {
    mod differential;
    mod fuzz_regressions;
    mod hostile_claims;
    mod hostile_corpus;
    mod hostile_serde_forms;
    mod malformed;
    mod stress;
}
