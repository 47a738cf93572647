use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct AddressV1 {
    zip: u32,
}

#[derive(MsgPack)]
struct AddressV2 {
    zip: String,
}

#[derive(MsgPack)]
struct OrderV1 {
    id: u64,
    ship_to: Vec<AddressV1>,
}

#[derive(MsgPack)]
struct OrderV2 {
    id: u64,
    ship_to: Vec<AddressV2>,
}

assert_compatible!(OrderV2, OrderV1);

fn main() {}
