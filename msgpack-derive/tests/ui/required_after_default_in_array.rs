use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(array)]
struct Row {
    #[msgpack(default)]
    a: u32,
    b: u32,
}

fn main() {}
