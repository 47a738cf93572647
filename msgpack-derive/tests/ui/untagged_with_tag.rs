use msgpack_core::MsgPack;

// An untagged enum writes no tag; `tag` (and `tag` + `content`) say where
// the tag goes. Both enums are reported.
#[derive(MsgPack)]
#[msgpack(untagged, tag = "type")]
enum Internal {
    A { x: u8 },
}

#[derive(MsgPack)]
#[msgpack(tag = "t", content = "c", untagged)]
enum Adjacent {
    A(u8),
}

fn main() {}
