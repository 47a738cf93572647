use msgpack_core::MsgPack;

// Untagged variants are tried after the tagged reading, in order: a tagged
// variant after one would be misplaced. Each such variant is reported.
#[derive(MsgPack)]
enum Id {
    Named(String),
    #[msgpack(untagged)]
    Number(u64),
    Pair { a: u8, b: u8 },
    #[msgpack(untagged)]
    Text(String),
    Last,
}

fn main() {}
