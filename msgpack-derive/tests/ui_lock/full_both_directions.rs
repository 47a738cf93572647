use msgpack_core::MsgPack;

// `mode full`: the new type cannot read version 1 (required "email"), and
// version 1's reader cannot read the new type (no "name").
#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/User.full.msgpack-schema")]
struct User {
    id: u64,
    nick: Option<String>,
    email: String,
}

fn main() {}
