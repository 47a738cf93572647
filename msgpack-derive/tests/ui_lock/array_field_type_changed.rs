use msgpack_core::MsgPack;

// Array form: position 1 was an i32.
#[derive(MsgPack)]
#[msgpack(array, schema_lock = "schemas/Point.msgpack-schema")]
struct Point {
    x: i32,
    y: String,
}

fn main() {}
