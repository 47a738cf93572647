//! See Cargo.toml: compile-fail cases for msgpack-core without features.
