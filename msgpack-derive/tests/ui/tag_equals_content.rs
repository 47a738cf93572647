use msgpack_core::MsgPack;

// The tag and the content are two entries of one map: one key cannot be both.
#[derive(MsgPack)]
#[msgpack(tag = "k", content = "k")]
enum Event {
    Ping,
    Text(String),
}

fn main() {}
