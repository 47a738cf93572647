use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Meta {
    id: u32,
}

// An alias equal to a flattened struct's key: the parent's field takes
// the key, so `{"ident": 1, "id": 2}` (what this type writes) is a
// duplicate of `ident` and the flattened `id` is never read. An alias
// equal to another field's own key is rejected
// (`tests/ui/alias_collides_with_key_after_rename.rs`).
#[derive(MsgPack)]
struct Record {
    #[msgpack(alias = "id")]
    ident: u32,
    #[msgpack(flatten)]
    meta: Meta,
}

fn main() {}
