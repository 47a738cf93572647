use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
#[msgpack(array)]
struct Writer {
    name: String,
    age: u8,
}

#[derive(MsgPack)]
#[msgpack(array)]
struct Reader {
    age: u8,
    name: String,
}

assert_compatible!(Reader, Writer);

fn main() {}
