use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct User {
    #[msgpack(renam = "n")]
    name: String,
}

fn main() {}
