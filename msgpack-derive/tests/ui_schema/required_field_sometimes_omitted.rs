use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
#[msgpack(omit_defaults)]
struct Writer {
    id: u64,
    #[msgpack(default)]
    retries: u8,
}

#[derive(MsgPack)]
struct Reader {
    id: u64,
    retries: u8,
}

assert_compatible!(Reader, Writer);

fn main() {}
