use msgpack_core::MsgPack;

struct Handle(u32);

#[derive(MsgPack)]
struct Conn {
    id: u32,
    #[msgpack(skip)]
    handle: Handle,
}

fn main() {}
