use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(tag = "kind")]
enum Event {
    Click { kind: u8, x: i32 },
}

fn main() {}
