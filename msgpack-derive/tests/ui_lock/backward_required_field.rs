use msgpack_core::MsgPack;

// Recorded: User@1 = { "id": u64, "name": str }. A new required field
// cannot be read from version 1's messages.
#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/User.backward.msgpack-schema")]
struct User {
    id: u64,
    name: String,
    email: String,
}

fn main() {}
