use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct Writer {
    email: Option<String>,
}

#[derive(MsgPack)]
struct Reader {
    email: String,
}

assert_compatible!(Reader, Writer);

fn main() {}
