use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct User {
    name: String,
    #[msgpack(rename = "name")]
    display_name: String,
}

fn main() {}
