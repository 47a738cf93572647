use msgpack_core::MsgPack;

// `untagged` and `content` are about variants: a struct has none.
#[derive(MsgPack)]
#[msgpack(untagged)]
struct User {
    name: String,
}

#[derive(MsgPack)]
#[msgpack(content = "c")]
struct Other {
    name: String,
}

fn main() {}
