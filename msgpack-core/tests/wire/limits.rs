//! The limits of `DecodeOptions`: each one stops the decode with
//! `LimitExceeded` naming it, at the offending item, and nothing below a
//! limit is refused.

use std::collections::BTreeMap;

use msgpack_core::decode::{ErrorKind, Limit};
use msgpack_core::{DecodeOptions, MsgPack, Value, ValueRef, from_slice_with, to_vec};

fn limit_err<T: for<'de> msgpack_core::Decode<'de> + std::fmt::Debug>(
    bytes: &[u8],
    opts: &DecodeOptions,
) -> (ErrorKind, usize) {
    let e = from_slice_with::<T>(bytes, opts).unwrap_err();
    (e.kind().clone(), e.offset())
}

fn exceeded(limit: Limit, value: u64, max: u64) -> ErrorKind {
    ErrorKind::LimitExceeded { limit, value, max }
}

#[test]
fn container_length() {
    let o = DecodeOptions::new().max_container_len(3);
    let three = to_vec(&vec![1u32, 2, 3]).unwrap();
    let four = to_vec(&vec![1u32, 2, 3, 4]).unwrap();
    assert_eq!(from_slice_with::<Vec<u32>>(&three, &o).unwrap(), [1, 2, 3]);
    assert_eq!(limit_err::<Vec<u32>>(&four, &o), (exceeded(Limit::ContainerLen, 4, 3), 0));
    assert_eq!(limit_err::<Value>(&four, &o), (exceeded(Limit::ContainerLen, 4, 3), 0));
    // array16 and maps, nested (the offset is the inner header's)
    let big = to_vec(&(0, (0..20u32).collect::<Vec<_>>())).unwrap();
    assert_eq!(limit_err::<(u8, Vec<u32>)>(&big, &DecodeOptions::new().max_container_len(19)).1, 2);
    let map: BTreeMap<u8, u8> = (0..4).map(|i| (i, i)).collect();
    let map = to_vec(&map).unwrap();
    assert_eq!(limit_err::<BTreeMap<u8, u8>>(&map, &o), (exceeded(Limit::ContainerLen, 4, 3), 0));
    let e = from_slice_with::<ValueRef>(&map, &o).unwrap_err();
    assert_eq!(e.kind(), &exceeded(Limit::ContainerLen, 4, 3));
}

#[test]
fn str_bin_ext_lengths() {
    let o = DecodeOptions::new().max_str_len(4).max_bin_len(4).max_ext_len(4);
    // fixstr, str8 and the boundary
    assert_eq!(from_slice_with::<&str>(&to_vec("four").unwrap(), &o).unwrap(), "four");
    assert_eq!(limit_err::<String>(&to_vec("fives").unwrap(), &o), (exceeded(Limit::StrLen, 5, 4), 0));
    let long = "x".repeat(300);
    assert_eq!(limit_err::<Value>(&to_vec(&long).unwrap(), &o), (exceeded(Limit::StrLen, 300, 4), 0));
    // bin
    let bin = to_vec(&[1u8, 2, 3, 4, 5][..]).unwrap();
    assert_eq!(limit_err::<Vec<u8>>(&bin, &o), (exceeded(Limit::BinLen, 5, 4), 0));
    // ext: fixext 8
    let ext = [0xd7, 0x05, 1, 2, 3, 4, 5, 6, 7, 8];
    assert_eq!(limit_err::<Value>(&ext, &o), (exceeded(Limit::ExtLen, 8, 4), 0));
    // a map key too
    let keyed = to_vec(&Value::Map(vec![(Value::from("toolong"), Value::from(1))])).unwrap();
    assert_eq!(limit_err::<Value>(&keyed, &o), (exceeded(Limit::StrLen, 7, 4), 1));
}

#[test]
fn lengths_do_not_apply_to_skipped_fields() {
    #[derive(MsgPack, Debug, PartialEq)]
    struct Small {
        a: u8,
    }
    let bytes = to_vec(&Value::Map(vec![
        (Value::from("junk"), Value::from("a string longer than the str limit")),
        (Value::from("a"), Value::from(1)),
    ]))
    .unwrap();
    let o = DecodeOptions::new().max_str_len(8);
    assert_eq!(from_slice_with::<Small>(&bytes, &o).unwrap(), Small { a: 1 });
}

#[test]
fn allocation_budget() {
    // Strings by their length; borrowing is free.
    let s = to_vec("0123456789").unwrap();
    let o = DecodeOptions::new().max_alloc(9);
    assert_eq!(limit_err::<String>(&s, &o), (exceeded(Limit::Alloc, 10, 9), 0));
    assert_eq!(from_slice_with::<&str>(&s, &o).unwrap(), "0123456789");
    assert!(from_slice_with::<String>(&s, &DecodeOptions::new().max_alloc(10)).is_ok());
    // Sequences by declared length times element size, before allocating.
    let v = to_vec(&vec![7u64; 100]).unwrap();
    let e = from_slice_with::<Vec<u64>>(&v, &DecodeOptions::new().max_alloc(799)).unwrap_err();
    assert_eq!(e.kind(), &exceeded(Limit::Alloc, 800, 799));
    assert!(from_slice_with::<Vec<u64>>(&v, &DecodeOptions::new().max_alloc(800)).is_ok());
    // The budget is for the whole decode: two strings of 6 against 10.
    let two = to_vec(&("abcdef", "ghijkl")).unwrap();
    let e = from_slice_with::<(String, String)>(&two, &DecodeOptions::new().max_alloc(10)).unwrap_err();
    assert_eq!(e.kind(), &exceeded(Limit::Alloc, 6, 4));
    assert_eq!(e.offset(), 8);
    // Value: every container and copied payload counts.
    let value = to_vec(&Value::Array(vec![Value::from("abc"); 3])).unwrap();
    let need = 3 * std::mem::size_of::<Value>() + 9;
    assert!(from_slice_with::<Value>(&value, &DecodeOptions::new().max_alloc(need)).is_ok());
    let e = from_slice_with::<Value>(&value, &DecodeOptions::new().max_alloc(need - 1)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::Alloc, .. }), "{e}");
    // Box<T> by the size of T; maps by entries.
    let boxed = to_vec(&Box::new(5u64)).unwrap();
    assert!(from_slice_with::<Box<u64>>(&boxed, &DecodeOptions::new().max_alloc(7)).is_err());
    let map = to_vec(&BTreeMap::from([(1u32, 2u32)])).unwrap();
    assert!(from_slice_with::<BTreeMap<u32, u32>>(&map, &DecodeOptions::new().max_alloc(7)).is_err());
    assert!(from_slice_with::<BTreeMap<u32, u32>>(&map, &DecodeOptions::new().max_alloc(8)).is_ok());
}

#[test]
fn derived_types_charge_through_their_fields() {
    #[derive(MsgPack, Debug, PartialEq)]
    struct User {
        name: String,
        tags: Vec<String>,
    }
    let u = User { name: "ada".into(), tags: vec!["x".into(), "yy".into()] };
    let bytes = to_vec(&u).unwrap();
    let need = 3 + 2 * std::mem::size_of::<String>() + 1 + 2;
    assert_eq!(from_slice_with::<User>(&bytes, &DecodeOptions::new().max_alloc(need)).unwrap(), u);
    let e = from_slice_with::<User>(&bytes, &DecodeOptions::new().max_alloc(need - 1)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LimitExceeded { limit: Limit::Alloc, .. }));
    assert!(e.to_string().contains("max_alloc") && e.to_string().contains("$.tags[1]"), "{e}");
}

#[test]
fn untrusted_preset() {
    let o = DecodeOptions::untrusted();
    assert_eq!(
        (o.max_depth, o.max_container_len, o.max_str_len, o.max_bin_len, o.max_ext_len, o.max_alloc),
        (64, 65_536, 1 << 20, 16 << 20, 1 << 20, 64 << 20)
    );
    let mut deep = vec![0x91u8; 65];
    deep.push(0xc0);
    assert_eq!(limit_err::<Value>(&deep, &o).0, ErrorKind::DepthLimitExceeded { limit: 64 });
    let ok = &deep[1..];
    assert!(from_slice_with::<Value>(ok, &o).is_ok());
    // A 2 MiB string is refused before it is read (its header says so).
    let mut huge = vec![0xdb, 0x00, 0x20, 0x00, 0x00];
    huge.extend(std::iter::repeat_n(b'a', 2 << 20));
    assert_eq!(limit_err::<String>(&huge, &o), (exceeded(Limit::StrLen, 2 << 20, 1 << 20), 0));
    // Ordinary messages pass.
    let msg = to_vec(&Value::Map(vec![(Value::from("k"), Value::Array(vec![Value::from(1); 1000]))])).unwrap();
    assert!(from_slice_with::<Value>(&msg, &o).is_ok());
}

#[test]
fn limit_errors_read_well() {
    let e = from_slice_with::<Vec<u8>>(&[0x93, 1, 2, 3], &DecodeOptions::new().max_container_len(2)).unwrap_err();
    assert_eq!(e.to_string(), "length 3 exceeds the limit of 2 (max_container_len) at $ (byte 0)");
}
