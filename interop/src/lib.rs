//! The interoperability matrix: msgpack-core against independent
//! MessagePack implementations, each a *peer* under `interop/peers/` that
//! follows `interop/PROTOCOL.md`. `interop/run` builds this crate's binary
//! and runs it; see `interop/README.md`.
//!
//! For every peer that installs, three checks:
//!
//! 1. `ours`: our canonical encodings of the [corpus] (interop vectors,
//!    boundary values, seeded random values), decoded and re-encoded by the
//!    peer, must come back as our bytes, or differ only as the peer's
//!    `quirks` file declares, with its justification;
//! 2. `theirs`: the peer's encodings of those values, decoded by
//!    msgpack-core, must equal the values;
//! 3. `edge`: the peer's own edge cases, decoded by msgpack-core and
//!    re-encoded, must give the peer's bytes back through the peer;
//!
//! and, for peers with typed structs, `w2`: W2's messages through them.

pub mod check;
pub mod corpus;
pub mod frames;
pub mod matrix;
pub mod process;
pub mod quirks;
pub mod redis;
pub mod resp;
