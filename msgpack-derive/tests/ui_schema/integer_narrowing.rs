use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct Writer {
    count: u32,
}

#[derive(MsgPack)]
struct Reader {
    count: u16,
}

assert_compatible!(Reader, Writer);

fn main() {}
