//! Runnable examples for msgpack-core: see the `examples/` programs of this
//! package and the README.
