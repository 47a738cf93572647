use msgpack_core::MsgPack;

#[derive(MsgPack)]
enum Msg {
    Ping,
    #[msgpack(other)]
    Unknown(String),
}

fn main() {}
