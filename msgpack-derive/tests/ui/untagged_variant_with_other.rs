use msgpack_core::{MsgPack, Value};

// `other` reads unknown tags; an untagged variant is read without a tag.
#[derive(MsgPack)]
enum Msg {
    Ping,
    #[msgpack(untagged, other)]
    Rest(Value),
    #[msgpack(untagged, alias = "Txt")]
    Text(String),
}

fn main() {}
