use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Frame {
    #[msgpack(as_array)]
    count: u32,
}

fn main() {}
