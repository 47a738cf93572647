use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct Writer {
    #[msgpack(skip_if = "Vec::is_empty")]
    tags: Vec<String>,
}

#[derive(MsgPack)]
struct Reader {
    tags: Vec<String>,
}

assert_compatible!(Reader, Writer);

fn main() {}
