//! The std and ecosystem integrations: the std types, the optional crates
//! (`uuid`, `indexmap`, `smallvec`, `arrayvec`, `heapless`,
//! `rust_decimal`), the date-time types as timestamps, and the
//! `tokio-util` codec. Each part runs with its feature.
//!
//! One test binary: its modules are the files of `tests/integrations/`,
//! the helpers are `tests/common/`.

#[macro_use]
mod common;

mod integrations {
    mod codec;
    mod ecosystem_types;
    mod std_types;
    mod time_integrations;
}
