use msgpack_core::MsgPack;

// `user_name` is written "userName"; `login`'s alias (taken as written,
// not renamed) is the same key.
#[derive(MsgPack)]
#[msgpack(rename_all = "camelCase")]
struct Account {
    user_name: String,
    #[msgpack(alias = "userName")]
    login: String,
}

fn main() {}
