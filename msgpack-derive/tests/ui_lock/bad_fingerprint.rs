use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/Bad.fingerprint.msgpack-schema")]
struct User {
    id: u64,
    name: String,
}

fn main() {}
