//! `rename_all_fields`: `rename_all` for the fields of every struct variant.

use super::*;

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(rename_all = "snake_case", rename_all_fields = "camelCase")]
enum Request<'a> {
    GetUser {
        user_id: u64,
        include_posts: bool,
    },
    #[msgpack(rename_all = "SCREAMING_SNAKE_CASE")]
    SetName {
        user_id: u64,
        new_name: &'a str,
    },
    Ping(u8),
    Quit,
}

/// Every struct variant's fields are renamed, unless the variant has its
/// own `rename_all` (serde's precedence); variant names follow `rename_all`.
#[test]
fn rename_all_fields_renames_every_struct_variant() {
    assert_eq!(
        rt_borrowed!(Request::GetUser { user_id: 1, include_posts: true }),
        b"\x81\xa8get_user\x82\xa6userId\x01\xacincludePosts\xc3"
    );
    assert_eq!(
        rt_borrowed!(Request::SetName { user_id: 2, new_name: "n" }),
        b"\x81\xa8set_name\x82\xa7USER_ID\x02\xa8NEW_NAME\xa1n"
    );
    assert_eq!(rt_borrowed!(Request::Ping(3)), b"\x81\xa4ping\x03");
    assert_eq!(rt_borrowed!(Request::Quit), b"\xa4quit");
    let e = msgpack_core::from_slice::<Request>(b"\x81\xa8get_user\x81\xa6userId\x01").unwrap_err();
    assert_eq!(e.to_string(), r#"missing field "includePosts" at $.get_user (byte 10)"#);
}

#[derive(MsgPack, PartialEq, Debug)]
#[msgpack(tag = "kind", rename_all_fields = "kebab-case")]
enum Job {
    Build { target_dir: String, release_mode: bool },
}

#[test]
fn rename_all_fields_with_internal_tags() {
    let j = Job::Build { target_dir: "t".into(), release_mode: false };
    assert_eq!(rt(&j), b"\x83\xa4kind\xa5Build\xaatarget-dir\xa1t\xacrelease-mode\xc2");
    use msgpack_core::schema::{Payload, Schema, Shape};
    let Shape::Enum(def) = Job::SHAPE.get() else { unreachable!() };
    let Payload::Struct(s) = def.variants[0].payload else { unreachable!() };
    assert!(matches!(s.fields[0].key, msgpack_core::schema::Key::Str("target-dir")));
}
