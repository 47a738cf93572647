//! Derive, encode, decode, print. Run: `cargo run -p msgpack-examples --example quickstart`

use msgpack_core::{MsgPack, Value, from_slice, to_vec};

#[derive(MsgPack, Debug, PartialEq)]
struct User<'a> {
    id: u64,
    name: &'a str,         // borrowed from the input: no copy
    email: Option<String>, // absent or nil: None
    tags: Vec<String>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let user = User { id: 7, name: "ada", email: None, tags: vec!["admin".into()] };
    let bytes = to_vec(&user)?; // one allocation, exact size
    println!("{} bytes: {:02x?}", bytes.len(), bytes);

    let back: User = from_slice(&bytes)?; // borrows `name` from `bytes`
    assert_eq!(back, user);
    println!("decoded: {back:?}");

    // Dynamic values, with a readable Display.
    let v: Value = from_slice(&bytes)?;
    println!("as a Value: {v}");

    // Errors say what, where and on which path.
    let err = from_slice::<User>(b"\x81\xa2id\xa1x").unwrap_err();
    println!("error: {err}");

    // No allocator needed: a stack buffer and borrowed output.
    let mut buf = [0u8; 64];
    let n = msgpack_core::to_slice(&user, &mut buf)?;
    let again: User = from_slice(&buf[..n])?;
    assert_eq!(again, user);
    Ok(())
}
