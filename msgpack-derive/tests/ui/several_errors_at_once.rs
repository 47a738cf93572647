use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(rename_all = "camel")]
struct User {
    #[msgpack(defualt)]
    name: String,
    #[msgpack(key = "x")]
    age: u8,
}

fn main() {}
