//! The wire layer: the encoder and decoder on MessagePack itself. Spec
//! vectors, the reference implementation's vectors and the msgpack test
//! suite, typed round trips of every type, the output sinks and entry
//! points, `Value` / `ValueRef`, `Raw`, framing and streams, fixed-layout
//! templates, hand-written impls and the encode and decode limits.
//!
//! One test binary: its modules are the files of `tests/wire/` (run one
//! with a filter, e.g. `cargo test -p msgpack-core --test wire wire::sinks::`),
//! the helpers are `tests/common/`.

#[macro_use]
mod common;

mod wire {
    mod ascii_str;
    mod encode_limits;
    mod entry_points;
    mod forwarding;
    mod hand_written;
    mod interop;
    mod limits;
    mod raw;
    mod sinks;
    mod spec_vectors;
    mod stream;
    mod templates;
    mod test_suite;
    mod types;
    mod utf8;
    mod value;
}
