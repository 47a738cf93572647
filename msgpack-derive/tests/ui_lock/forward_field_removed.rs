use msgpack_core::MsgPack;

// `mode forward`: version 1's reader requires "name", which the current
// type no longer writes.
#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/User.forward.msgpack-schema")]
struct User {
    id: u64,
}

fn main() {}
