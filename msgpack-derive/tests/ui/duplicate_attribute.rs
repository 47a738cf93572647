use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct User {
    #[msgpack(rename = "a", rename = "b")]
    name: String,
}

fn main() {}
