use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct Writer {
    payload: Vec<u8>,
}

#[derive(MsgPack)]
struct Reader {
    payload: String,
}

assert_compatible!(Reader, Writer);

fn main() {}
