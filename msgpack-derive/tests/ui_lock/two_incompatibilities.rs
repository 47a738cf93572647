use msgpack_core::MsgPack;

// Recorded: User@1 = { "id": u64, "name": str }. Two incompatibilities
// with version 1, both in the one error of that version.
#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/User.backward.msgpack-schema")]
struct User {
    id: u32,
    name: String,
    email: String,
}

fn main() {}
