use msgpack_core::MsgPack;

// A type with a lifetime and none of the three traits.
struct Plain<'a>(&'a str);

struct Opaque;

// One error per field, whatever the field type's lifetimes.
#[derive(MsgPack)]
struct Holder<'a> {
    id: u32,
    name: &'a str,
    plain: Plain<'a>,
    opaque: &'a Opaque,
}

#[derive(MsgPack)]
#[msgpack(array)]
struct Row<'a, 'b> {
    cell: Plain<'b>,
    text: std::borrow::Cow<'a, str>,
}

#[derive(MsgPack)]
#[msgpack(tag = "t")]
enum Internal<'a> {
    A { x: Plain<'a> },
    B { bytes: &'a [u8] },
}

fn main() {}
