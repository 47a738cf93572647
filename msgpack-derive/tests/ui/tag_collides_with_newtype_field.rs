use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Click {
    r#type: u8,
    x: i32,
}

#[derive(MsgPack)]
#[msgpack(tag = "type")]
enum Event {
    Click(Click),
}

fn main() {
    let _ = msgpack_core::to_vec(&Event::Click(Click { r#type: 1, x: 2 }));
}
