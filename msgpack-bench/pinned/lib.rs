//! Nothing: this package exists for its bench, `benches/public.rs` of
//! `msgpack-bench`, built against the peer versions in this directory's
//! `Cargo.lock` (see `Cargo.toml`).
