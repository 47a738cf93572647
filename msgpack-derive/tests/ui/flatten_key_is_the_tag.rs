use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Kind {
    r#type: u8,
}

// An internally tagged struct variant flattening a struct with a field
// named like the tag: `A { x: 1, inner: Kind { type: 2 } }` is written
// `{"type": "A", "x": 1, "type": 2}`, which `Tagged` cannot decode (a
// duplicate tag). The same field directly in the variant is rejected
// (`tests/ui/tag_collides_with_field.rs`).
#[derive(MsgPack)]
#[msgpack(tag = "type")]
enum Tagged {
    A {
        x: u8,
        #[msgpack(flatten)]
        inner: Kind,
    },
}

// Through a newtype variant: the inner struct's flattened fields are not
// among the keys checked against the tag.
#[derive(MsgPack)]
struct Wrap {
    x: u8,
    #[msgpack(flatten)]
    inner: Kind,
}

#[derive(MsgPack)]
#[msgpack(tag = "type")]
enum TaggedNewtype {
    A(Wrap),
}

fn main() {}
