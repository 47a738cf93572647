use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/Bad.format.msgpack-schema")]
struct User {
    id: u64,
    name: String,
}

fn main() {}
