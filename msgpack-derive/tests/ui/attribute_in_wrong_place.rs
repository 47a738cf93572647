use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(skip_if = "Option::is_none")]
struct User {
    name: Option<String>,
}

fn main() {}
