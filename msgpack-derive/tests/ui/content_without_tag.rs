use msgpack_core::MsgPack;

// `content` names the payload's key beside a tag: without `tag` there is
// no adjacent tagging to speak of.
#[derive(MsgPack)]
#[msgpack(content = "c")]
enum Event {
    Ping,
    Text(String),
}

fn main() {}
