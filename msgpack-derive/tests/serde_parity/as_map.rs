//! `as_map` on a `Vec<(K, V)>`: written and read as a map, in order,
//! repeated keys kept; exact lengths at the header boundaries; errors name
//! the entry.

use super::*;

#[derive(MsgPack, PartialEq, Debug, Clone)]
struct Headers {
    #[msgpack(as_map)]
    list: Vec<(String, u32)>,
    code: u16,
}

#[derive(MsgPack, PartialEq, Debug, Clone)]
#[msgpack(array)]
struct HeadersA {
    #[msgpack(as_map)]
    list: Vec<(u8, bool)>,
}

#[derive(MsgPack, PartialEq, Debug)]
struct Borrowed<'a> {
    #[msgpack(as_map)]
    pairs: Vec<(&'a str, &'a [u8])>,
}

#[derive(MsgPack, PartialEq, Debug)]
enum Msg {
    Headers(#[msgpack(as_map)] Vec<(String, String)>),
    Both {
        #[msgpack(as_map)]
        a: Vec<(i64, i64)>,
    },
}

#[test]
fn written_as_a_map_in_order() {
    let h = Headers { list: vec![("z".into(), 1), ("a".into(), 70000)], code: 200 };
    assert_eq!(rt(&h), b"\x82\xa4list\x82\xa1z\x01\xa1a\xce\x00\x01\x11\x70\xa4code\xcc\xc8");
    assert_eq!(rt(&Headers { list: vec![], code: 0 }), b"\x82\xa4list\x80\xa4code\x00");
    assert_eq!(rt(&HeadersA { list: vec![(1, true), (0, false)] }), b"\x91\x82\x01\xc3\x00\xc2");
    assert_eq!(rt(&Msg::Headers(vec![("k".into(), "v".into())])), b"\x81\xa7Headers\x81\xa1k\xa1v");
    assert_eq!(rt(&Msg::Both { a: vec![(-1, i64::MIN)] }).len(), 20);
}

/// The map header at 15, 16 and 65,536 entries.
#[test]
fn header_boundaries() {
    for n in [15usize, 16, 65_535, 65_536] {
        let list: Vec<(u8, bool)> = (0..n).map(|i| (i as u8, i % 2 == 0)).collect();
        let bytes = rt(&HeadersA { list });
        let header: &[u8] = match n {
            15 => &[0x91, 0x8f],
            16 => &[0x91, 0xde, 0x00, 0x10],
            65_535 => &[0x91, 0xde, 0xff, 0xff],
            _ => &[0x91, 0xdf, 0x00, 0x01, 0x00, 0x00],
        };
        assert_eq!(&bytes[..header.len()], header, "{n}");
    }
}

/// A repeated key is kept twice, in its place (unlike a map type).
#[test]
fn repeated_keys_are_kept_in_order() {
    let bytes = b"\x82\xa4list\x83\xa1z\x01\xa1a\x02\xa1z\x03\xa4code\x00";
    let back: Headers = msgpack_core::from_slice(bytes).unwrap();
    assert_eq!(back.list, [("z".into(), 1), ("a".into(), 2), ("z".into(), 3)]);
    assert_eq!(msgpack_core::to_vec(&back).unwrap(), bytes);
}

#[test]
fn errors_name_the_entry() {
    assert_eq!(
        err::<Headers>(b"\x82\xa4list\x82\xa1a\x01\xa1b\xa1x\xa4code\x00"),
        "expected u32, found str \"x\" at $.list[\"b\"] (byte 12)"
    );
    assert_eq!(
        err::<Headers>(b"\x82\xa4list\x82\xa1a\x01\x05\x01\xa4code\x00"),
        "expected str, found int 5 at $.list[1] (byte 10)"
    );
    assert_eq!(
        err::<Headers>(b"\x82\xa4list\x92\xa1a\x01\xa4code\x00"),
        "expected map, found array of 2 elements at $.list (byte 6)"
    );
    assert_eq!(err::<Headers>(b"\x81\xa4code\x00"), "missing field \"list\" at $ (byte 0)");
    // A huge claimed length is checked against the input before anything
    // is reserved.
    let e = err::<Headers>(b"\x82\xa4list\xdf\xff\xff\xff\xff\xa1a\x01");
    assert!(e.starts_with("unexpected end of input"), "{e}");
}

#[test]
fn borrowed_pairs() {
    let bytes = rt_borrowed!(Borrowed { pairs: vec![("a", &[1][..]), ("b", &[][..]), ("a", &[2, 3][..])] });
    assert_eq!(bytes, b"\x81\xa5pairs\x83\xa1a\xc4\x01\x01\xa1b\xc4\x00\xa1a\xc4\x02\x02\x03");
    let back: Borrowed = msgpack_core::from_slice(&bytes).unwrap();
    assert!(bytes.as_ptr_range().contains(&back.pairs[2].1.as_ptr()));
}
