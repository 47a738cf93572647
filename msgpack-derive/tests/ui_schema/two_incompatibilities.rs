use msgpack_core::{MsgPack, assert_compatible};

// Two incompatibilities in one pair: both are reported, in one error.
#[derive(MsgPack)]
struct UserV1 {
    id: u64,
    name: String,
}

#[derive(MsgPack)]
struct UserV2 {
    id: u32,
    name: String,
    email: String,
}

assert_compatible!(UserV2, UserV1);

fn main() {}
