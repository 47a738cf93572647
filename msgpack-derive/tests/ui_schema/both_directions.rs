use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct ConfigV1 {
    port: u16,
}

#[derive(MsgPack)]
struct ConfigV2 {
    port: u32,
}

// V2 reads V1 (u16 widens into u32), V1 cannot read V2.
assert_compatible!(ConfigV2 <=> ConfigV1);

fn main() {}
