use msgpack_core::MsgPack;

#[derive(MsgPack)]
enum Msg {
    Ping,
    #[msgpack(other)]
    Unknown { text: String },
}

fn main() {}
