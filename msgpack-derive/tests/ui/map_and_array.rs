use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(map, array)]
struct User {
    name: String,
}

fn main() {}
