//! `#[derive(MsgPack)]` for msgpack-core (in development: see the issue tracker).
