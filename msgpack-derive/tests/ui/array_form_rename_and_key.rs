use msgpack_core::MsgPack;

// `rename` and `alias` name the keys an `array`-form struct reads the map
// form by; two fields may not share one, and tuple fields have none.
#[derive(MsgPack)]
#[msgpack(array)]
struct Event {
    #[msgpack(rename = "t")]
    kind: String,
    #[msgpack(alias = "t")]
    time: u64,
}

#[derive(MsgPack)]
struct Pair(#[msgpack(rename = "a")] u8, u8);

fn main() {}
