use msgpack_core::MsgPack;

mod as_string {}

#[derive(MsgPack)]
struct User {
    #[msgpack(skip, with = "as_string")]
    id: u32,
}

fn main() {}
