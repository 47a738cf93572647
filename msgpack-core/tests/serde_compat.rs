//! Serde and rmp-serde compatibility: `msgpack_core::serde` (the serde
//! data format) against rmp-serde, `Value`'s serde impls, the `with`
//! adapters and the evidence list of serde forms, and `str` / `bin`
//! compatibility (the decoder's tolerances).
//!
//! One test binary: its modules are the files of `tests/serde_compat/`, the
//! helpers are `tests/common/`.

#[macro_use]
mod common;

mod serde_compat {
    mod serde_adapters;
    mod serde_adapters_dates;
    mod serde_differential;
    mod serde_format;
    mod serde_forms;
    mod str_bin_compat;
    mod value_serde;
}
