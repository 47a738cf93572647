use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Point {
    #[msgpack(key = 0)]
    x: i32,
    y: i32,
}

fn main() {}
