use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(transparent)]
struct UserId {
    #[msgpack(rename = "id")]
    value: u64,
}

fn main() {}
