use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(array)]
struct Positional {
    // By position a value only one side knows would shift the later ones.
    #[msgpack(skip_serializing, default)]
    a: u32,
    #[msgpack(default)]
    b: u32,
}

#[derive(MsgPack)]
#[msgpack(deny_unknown_fields)]
struct Strict {
    // Its key would be unknown to its own reader.
    #[msgpack(skip_deserializing)]
    version: u32,
    #[msgpack(skip_serializing, skip_deserializing)]
    both: u32,
    #[msgpack(skip_serializing, encode_with = "write")]
    unused: u32,
}

#[derive(MsgPack)]
struct Borrowed<'a> {
    #[msgpack(borrow = "'b")]
    name: &'a str,
}

fn main() {}
