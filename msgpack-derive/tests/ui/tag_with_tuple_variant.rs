use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(tag = "type")]
enum Shape {
    Point(i32, i32),
    Circle { r: f64 },
}

fn main() {}
