use msgpack_core::{MsgPack, assert_compatible};

#[derive(MsgPack)]
struct Tree<T> {
    item: T,
    children: Vec<Tree<T>>,
}

// A generic recursive type: wider items read narrower ones, not the reverse.
assert_compatible!(Tree<u64>, Tree<u8>);
assert_compatible!(Tree<u8>, Tree<u64>);

fn main() {}
