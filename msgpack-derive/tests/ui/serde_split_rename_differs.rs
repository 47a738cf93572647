use msgpack_core::MsgPack;

// One wire name serves both directions: the split form of `rename` is
// accepted only with one name in both halves.
#[derive(MsgPack)]
#[msgpack(rename_all(serialize = "camelCase", deserialize = "snake_case"))]
struct User {
    #[msgpack(rename(serialize = "userName", deserialize = "user_name"))]
    name: String,
    #[msgpack(rename(deserialize = "mail"))]
    email: String,
}

fn main() {}
