//! Byte-exact vectors at every format boundary of the MessagePack
//! specification: the encoder must pick exactly this (smallest) form, and
//! the decoder must read it back.

use msgpack_core::encode::{self, Encoder};
use msgpack_core::{Decoder, ExtRef, Timestamp, from_slice, to_vec};

fn hex(s: &str) -> Vec<u8> {
    let s: String = s.split_whitespace().collect();
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

fn enc(f: impl FnOnce(&mut Encoder<&mut Vec<u8>>) -> Result<(), encode::Error<std::convert::Infallible>>) -> Vec<u8> {
    let mut out = Vec::new();
    f(&mut Encoder::new(&mut out)).unwrap();
    out
}

#[test]
fn unsigned_boundaries() {
    let cases: &[(u64, &str)] = &[
        (0, "00"),
        (127, "7f"),
        (128, "cc 80"),
        (255, "cc ff"),
        (256, "cd 01 00"),
        (65535, "cd ff ff"),
        (65536, "ce 00 01 00 00"),
        (4294967295, "ce ff ff ff ff"),
        (4294967296, "cf 00 00 00 01 00 00 00 00"),
        (u64::MAX, "cf ff ff ff ff ff ff ff ff"),
    ];
    for &(v, h) in cases {
        let bytes = hex(h);
        assert_eq!(enc(|e| e.u64(v)), bytes, "u64 {v}");
        assert_eq!(to_vec(&v).unwrap(), bytes);
        assert_eq!(msgpack_core::encode::uint_size(v), bytes.len());
        assert_eq!(from_slice::<u64>(&bytes).unwrap(), v);
        assert_eq!(from_slice::<i128>(&bytes).unwrap(), v as i128);
        if let Ok(v32) = u32::try_from(v) {
            assert_eq!(to_vec(&v32).unwrap(), bytes);
            assert_eq!(from_slice::<u32>(&bytes).unwrap(), v32);
        }
    }
}

#[test]
fn signed_boundaries() {
    let cases: &[(i64, &str)] = &[
        (-1, "ff"),
        (-32, "e0"),
        (-33, "d0 df"),
        (-128, "d0 80"),
        (-129, "d1 ff 7f"),
        (-32768, "d1 80 00"),
        (-32769, "d2 ff ff 7f ff"),
        (-2147483648, "d2 80 00 00 00"),
        (-2147483649, "d3 ff ff ff ff 7f ff ff ff"),
        (i64::MIN, "d3 80 00 00 00 00 00 00 00"),
        // Non-negative signed values use the unsigned forms.
        (0, "00"),
        (127, "7f"),
        (128, "cc 80"),
        (i64::MAX, "cf 7f ff ff ff ff ff ff ff"),
    ];
    for &(v, h) in cases {
        let bytes = hex(h);
        assert_eq!(enc(|e| e.i64(v)), bytes, "i64 {v}");
        assert_eq!(to_vec(&v).unwrap(), bytes);
        assert_eq!(msgpack_core::encode::int_size(v), bytes.len());
        assert_eq!(from_slice::<i64>(&bytes).unwrap(), v);
        if let Ok(v16) = i16::try_from(v) {
            assert_eq!(to_vec(&v16).unwrap(), bytes);
            assert_eq!(from_slice::<i16>(&bytes).unwrap(), v16);
        }
    }
}

#[test]
fn nil_bool_floats() {
    assert_eq!(to_vec(&()).unwrap(), [0xc0]);
    assert_eq!(to_vec(&false).unwrap(), [0xc2]);
    assert_eq!(to_vec(&true).unwrap(), [0xc3]);
    assert_eq!(to_vec(&1.5f32).unwrap(), hex("ca 3f c0 00 00"));
    assert_eq!(to_vec(&-0.0f32).unwrap(), hex("ca 80 00 00 00"));
    assert_eq!(to_vec(&1.5f64).unwrap(), hex("cb 3f f8 00 00 00 00 00 00"));
    assert_eq!(to_vec(&f64::INFINITY).unwrap(), hex("cb 7f f0 00 00 00 00 00 00"));
    assert_eq!(from_slice::<f64>(&hex("ca 3f c0 00 00")).unwrap(), 1.5);
    assert!(from_slice::<f32>(&hex("cb 3f f8 00 00 00 00 00 00")).is_err());
    assert_eq!(from_slice::<Option<u8>>(&[0xc0]).unwrap(), None);
}

fn str_of(len: usize) -> String {
    "x".repeat(len)
}

#[test]
fn str_boundaries() {
    let cases: &[(usize, &str)] = &[
        (0, "a0"),
        (31, "bf"),
        (32, "d9 20"),
        (255, "d9 ff"),
        (256, "da 01 00"),
        (65535, "da ff ff"),
        (65536, "db 00 01 00 00"),
    ];
    for &(len, header) in cases {
        let s = str_of(len);
        let bytes = to_vec(&s).unwrap();
        let h = hex(header);
        assert_eq!(&bytes[..h.len()], &h[..], "str of {len}");
        assert_eq!(bytes.len(), h.len() + len);
        assert_eq!(msgpack_core::encode::str_size(len), bytes.len());
        assert_eq!(from_slice::<&str>(&bytes).unwrap(), s);
    }
}

#[test]
fn bin_boundaries() {
    let cases: &[(usize, &str)] = &[
        (0, "c4 00"),
        (1, "c4 01"),
        (255, "c4 ff"),
        (256, "c5 01 00"),
        (65535, "c5 ff ff"),
        (65536, "c6 00 01 00 00"),
    ];
    for &(len, header) in cases {
        let b = vec![0xabu8; len];
        let bytes = to_vec(&b).unwrap();
        let h = hex(header);
        assert_eq!(&bytes[..h.len()], &h[..], "bin of {len}");
        assert_eq!(bytes.len(), h.len() + len);
        assert_eq!(enc(|e| e.bin(&b)), bytes);
        assert_eq!(from_slice::<&[u8]>(&bytes).unwrap(), &b[..]);
        assert_eq!(from_slice::<Vec<u8>>(&bytes).unwrap(), b);
    }
}

#[test]
fn array_boundaries() {
    let cases: &[(usize, &str)] =
        &[(0, "90"), (15, "9f"), (16, "dc 00 10"), (65535, "dc ff ff"), (65536, "dd 00 01 00 00")];
    for &(len, header) in cases {
        let v = vec![true; len];
        let bytes = to_vec(&v).unwrap();
        let h = hex(header);
        assert_eq!(&bytes[..h.len()], &h[..], "array of {len}");
        assert_eq!(bytes.len(), h.len() + len);
        assert_eq!(enc(|e| e.array_len(len)), h);
        assert_eq!(from_slice::<Vec<bool>>(&bytes).unwrap(), v);
    }
}

#[test]
fn map_boundaries() {
    let cases: &[(usize, &str)] =
        &[(0, "80"), (15, "8f"), (16, "de 00 10"), (65535, "de ff ff"), (65536, "df 00 01 00 00")];
    for &(len, header) in cases {
        let m: std::collections::BTreeMap<u32, bool> = (0..len as u32).map(|i| (i, false)).collect();
        let bytes = to_vec(&m).unwrap();
        let h = hex(header);
        assert_eq!(&bytes[..h.len()], &h[..], "map of {len}");
        assert_eq!(enc(|e| e.map_len(len)), h);
        assert_eq!(msgpack_core::Encode::encoded_len(&m), bytes.len());
        assert_eq!(from_slice::<std::collections::BTreeMap<u32, bool>>(&bytes).unwrap(), m);
    }
}

#[test]
fn ext_every_size() {
    let cases: &[(usize, &str)] = &[
        (0, "c7 00 05"),
        (1, "d4 05"),
        (2, "d5 05"),
        (3, "c7 03 05"),
        (4, "d6 05"),
        (8, "d7 05"),
        (16, "d8 05"),
        (17, "c7 11 05"),
        (255, "c7 ff 05"),
        (256, "c8 01 00 05"),
        (65535, "c8 ff ff 05"),
        (65536, "c9 00 01 00 00 05"),
    ];
    for &(len, header) in cases {
        let data = vec![0x5au8; len];
        let ext = ExtRef::new(5, &data);
        let bytes = to_vec(&ext).unwrap();
        let h = hex(header);
        assert_eq!(&bytes[..h.len()], &h[..], "ext of {len}");
        assert_eq!(bytes.len(), h.len() + len);
        assert_eq!(msgpack_core::encode::ext_size(len), bytes.len());
        assert_eq!(from_slice::<ExtRef>(&bytes).unwrap(), ext);
    }
    // Negative type ids round-trip.
    assert_eq!(to_vec(&ExtRef::new(-128, &[1])).unwrap(), hex("d4 80 01"));
}

#[test]
fn timestamp_layouts() {
    let cases: &[(i64, u32, &str)] = &[
        // 32-bit: seconds in 0..2^32, no nanoseconds.
        (0, 0, "d6 ff 00 00 00 00"),
        (4294967295, 0, "d6 ff ff ff ff ff"),
        // 64-bit: nanoseconds, or seconds in 2^32..2^34.
        (4294967296, 0, "d7 ff 00 00 00 01 00 00 00 00"),
        (1, 1, "d7 ff 00 00 00 04 00 00 00 01"),
        (17179869183, 999999999, "d7 ff ee 6b 27 ff ff ff ff ff"),
        // 96-bit: negative seconds or seconds >= 2^34.
        (-1, 0, "c7 0c ff 00 00 00 00 ff ff ff ff ff ff ff ff"),
        (17179869184, 5, "c7 0c ff 00 00 00 05 00 00 00 04 00 00 00 00"),
    ];
    for &(secs, nanos, h) in cases {
        let t = Timestamp::new(secs, nanos).unwrap();
        let bytes = hex(h);
        assert_eq!(to_vec(&t).unwrap(), bytes, "timestamp {secs}.{nanos}");
        assert_eq!(msgpack_core::Encode::encoded_len(&t), bytes.len());
        assert_eq!(from_slice::<Timestamp>(&bytes).unwrap(), t);
        assert_eq!(Decoder::new(&bytes).timestamp().unwrap(), t);
    }
}

#[test]
fn noncanonical_forms_decode() {
    // Wider-than-needed integers, strs, bins, arrays and maps are all valid.
    assert_eq!(from_slice::<u8>(&hex("cd 00 05")).unwrap(), 5);
    assert_eq!(from_slice::<u8>(&hex("cf 00 00 00 00 00 00 00 05")).unwrap(), 5);
    assert_eq!(from_slice::<u8>(&hex("d3 00 00 00 00 00 00 00 05")).unwrap(), 5);
    assert_eq!(from_slice::<i8>(&hex("d1 ff ff")).unwrap(), -1);
    assert_eq!(from_slice::<&str>(&hex("d9 01 61")).unwrap(), "a");
    assert_eq!(from_slice::<&str>(&hex("db 00 00 00 01 61")).unwrap(), "a");
    assert_eq!(from_slice::<&[u8]>(&hex("c6 00 00 00 01 61")).unwrap(), b"a");
    assert_eq!(from_slice::<Vec<u8>>(&hex("dd 00 00 00 01 07")).unwrap(), [7]);
    assert_eq!(from_slice::<Vec<u16>>(&hex("dc 00 01 07")).unwrap(), [7]);
    assert_eq!(
        from_slice::<std::collections::BTreeMap<u8, u8>>(&hex("df 00 00 00 01 01 02")).unwrap(),
        [(1, 2)].into()
    );
    assert_eq!(from_slice::<ExtRef>(&hex("c7 01 05 aa")).unwrap(), ExtRef::new(5, &[0xaa]));
    assert_eq!(from_slice::<Timestamp>(&hex("c7 0c ff 00 00 00 00 00 00 00 00 00 00 00 09")).unwrap().secs(), 9);
}

#[test]
fn skip_and_raw_value_cover_every_format() {
    let items: &[&str] = &[
        "c0",
        "c2",
        "7f",
        "e0",
        "cc ff",
        "cd ff ff",
        "ce 00 00 00 01",
        "cf 00 00 00 00 00 00 00 01",
        "d0 80",
        "d1 80 00",
        "d2 80 00 00 00",
        "d3 80 00 00 00 00 00 00 00",
        "ca 00 00 00 00",
        "cb 00 00 00 00 00 00 00 00",
        "a1 61",
        "d9 01 61",
        "da 00 01 61",
        "db 00 00 00 01 61",
        "c4 01 61",
        "c5 00 01 61",
        "c6 00 00 00 01 61",
        "d4 01 61",
        "d5 01 61 61",
        "d6 01 61 61 61 61",
        "d7 01 61 61 61 61 61 61 61 61",
        "d8 01 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61",
        "c7 01 01 61",
        "c8 00 01 01 61",
        "c9 00 00 00 01 01 61",
        "92 01 a1 61",
        "dc 00 01 c0",
        "dd 00 00 00 01 c0",
        "81 a1 61 91 c0",
        "de 00 01 01 02",
        "df 00 00 00 01 01 02",
    ];
    for h in items {
        let item = hex(h);
        let mut input = item.clone();
        input.push(0x2a);
        let mut d = Decoder::new(&input);
        assert_eq!(d.raw_value().unwrap(), &item[..], "{h}");
        assert_eq!(d.u8().unwrap(), 42);
        assert!(d.is_empty());
    }
}
