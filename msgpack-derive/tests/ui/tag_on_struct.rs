use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(tag = "type")]
struct User {
    name: String,
}

fn main() {}
