use msgpack_core::MsgPack;

// A struct in `array` form has no keys: its fields cannot be inlined in a
// map (the trait bound says so at the field's type).
#[derive(MsgPack)]
#[msgpack(array)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(MsgPack)]
struct Place {
    name: String,
    #[msgpack(flatten)]
    at: Point,
}

fn main() {}
