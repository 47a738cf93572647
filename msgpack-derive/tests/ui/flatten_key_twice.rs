use msgpack_core::MsgPack;
#[derive(MsgPack)]
struct Inner { id: u32, b: u8 }
#[derive(MsgPack)]
struct Outer { id: u32, #[msgpack(flatten)] inner: Inner }
fn main() {}
