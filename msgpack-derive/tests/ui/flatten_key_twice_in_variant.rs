use msgpack_core::MsgPack;

#[derive(MsgPack)]
struct Meta {
    id: u32,
}

// As `tests/ui/flatten_key_twice.rs`, in a struct variant: `Data { id: 1,
// meta: Meta { id: 2 } }` is written `{"Data": {"id": 1, "id": 2}}`, which
// no reader (this type included) decodes: a duplicate field.
#[derive(MsgPack)]
enum Msg {
    Data {
        id: u32,
        #[msgpack(flatten)]
        meta: Meta,
    },
}

fn main() {}
