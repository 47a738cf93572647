use msgpack_core::MsgPack;

// A field naming the type's parameters needs what each impl's bounds give:
// one error per side (encode, decode) at the field, none into hidden helpers.
struct Wrapper<T>(T);
#[derive(MsgPack)]
struct Env<T> {
    id: u32,
    body: Wrapper<T>,
    list: Vec<T>,
}
#[derive(MsgPack)]
struct Env2<'a, T> {
    body: Wrapper<&'a T>,
}
fn main() {}
