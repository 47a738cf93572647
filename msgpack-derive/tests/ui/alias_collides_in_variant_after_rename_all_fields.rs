use msgpack_core::MsgPack;

// `rename_all_fields` renames the keys of every struct variant; an alias
// is taken as written, so "userName" is `user_name`'s key in `Login`.
#[derive(MsgPack)]
#[msgpack(rename_all_fields = "camelCase")]
enum Event {
    Login {
        user_name: String,
        #[msgpack(alias = "userName")]
        login: String,
    },
    Logout,
}

fn main() {}
