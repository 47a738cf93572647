use msgpack_core::MsgPack;

// serde attributes whose meaning does not exist here: one error each,
// saying why and what to use.
#[derive(MsgPack)]
#[msgpack(remote = "Other", expecting = "a user")]
struct User {
    #[msgpack(getter = "User::name")]
    name: String,
}

#[derive(MsgPack)]
enum Shape {
    #[msgpack(serialize_with = "write_circle")]
    Circle(f32),
    #[msgpack(skip_deserializing)]
    Square(f32),
    #[msgpack(bound = "T: Clone")]
    Dot,
}

fn main() {}
