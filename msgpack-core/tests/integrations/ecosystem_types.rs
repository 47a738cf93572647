//! The ecosystem integrations (features `uuid`, `indexmap`, `smallvec`,
//! `arrayvec`, `heapless`, `rust_decimal`): round trips with exact
//! lengths, byte identity with `rmp_serde::to_vec_named` on the crates'
//! own serde impls (default, non-human-readable representation) and each
//! side decoding the other's bytes, capacity overflow as a decode error,
//! and the documented differences (byte sequences are `bin`, as for
//! `Vec<u8>`). Each part runs with its feature (`--all-features` runs all).

#![allow(unused_imports)]

use msgpack_core::decode::ErrorKind;
use msgpack_core::{MsgPack, from_slice, to_vec};

use crate::common::roundtrip;
use roundtrip::{Rng, encode_checked, hex, roundtrip, same_as_rmp_serde};

/// The error kind of decoding `bytes` as `T`.
#[allow(dead_code)]
#[track_caller]
fn err<T: msgpack_core::DecodeOwned + std::fmt::Debug>(bytes: &[u8]) -> ErrorKind {
    match from_slice::<T>(bytes) {
        Ok(v) => panic!("{} decoded as {v:?}", hex(bytes)),
        Err(e) => e.kind().clone(),
    }
}

#[cfg(feature = "uuid")]
mod uuid_tests {
    use super::*;
    use uuid::Uuid;

    #[test]
    fn uuid_is_16_bytes_of_bin() {
        let id = Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8);
        let bytes = same_as_rmp_serde(&id);
        assert_eq!(bytes, [&[0xc4, 16][..], id.as_bytes()].concat());
        same_as_rmp_serde(&Uuid::nil());
        same_as_rmp_serde(&Uuid::max());
        let mut rng = Rng(0x0_0001d);
        for _ in 0..200 {
            same_as_rmp_serde(&Uuid::from_u64_pair(rng.next(), rng.next()));
        }
        same_as_rmp_serde(&vec![Some(id), None]);
    }

    #[test]
    fn uuid_decode_forms_and_errors() {
        let id = Uuid::from_u128(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef);
        // An array of 16 small integers, and the text forms.
        let array = to_vec(&id.as_bytes().map(u16::from)).unwrap();
        assert_eq!(from_slice::<Uuid>(&array), Ok(id));
        for text in
            [id.hyphenated().to_string(), id.simple().to_string(), id.braced().to_string(), id.urn().to_string()]
        {
            assert_eq!(from_slice::<Uuid>(&to_vec(&text).unwrap()), Ok(id), "{text}");
        }
        // Another length, bad text.
        assert_eq!(err::<Uuid>(&[0xc4, 0x02, 0, 0]), ErrorKind::InvalidLength { expected: 16, found: 2 });
        assert!(matches!(err::<Uuid>(b"\xa3abc"), ErrorKind::Conversion { into: "Uuid", .. }));
        assert!(matches!(err::<Uuid>(&[0x01]), ErrorKind::TypeMismatch { .. }));
    }
}

#[cfg(feature = "indexmap")]
mod indexmap_tests {
    use super::*;
    use indexmap::{IndexMap, IndexSet};

    #[test]
    fn insertion_order_both_ways() {
        let mut m: IndexMap<String, u32> = IndexMap::new();
        for (i, k) in ["zeta", "alpha", "mu", "beta"].into_iter().enumerate() {
            m.insert(k.to_string(), i as u32 * 1000);
        }
        let bytes = same_as_rmp_serde(&m);
        let back: IndexMap<String, u32> = from_slice(&bytes).unwrap();
        assert!(back.keys().eq(["zeta", "alpha", "mu", "beta"]));
        // rmp-serde's bytes of any map keep their order into an `IndexMap`.
        let pairs = [(3u8, "c"), (1, "a"), (2, "b")];
        let theirs = rmp_serde::to_vec_named(&IndexMap::<u8, &str>::from_iter(pairs)).unwrap();
        let back: IndexMap<u8, String> = from_slice(&theirs).unwrap();
        assert!(back.keys().copied().eq([3, 1, 2]));
        let mut rng = Rng(0x1de);
        for n in [0usize, 1, 15, 16, 17, 300] {
            let m: IndexMap<u64, i64> = (0..n).map(|_| (rng.spread(), rng.spread() as i64)).collect();
            same_as_rmp_serde(&m);
            let s: IndexSet<String> = (0..n).map(|_| rng.spread().to_string()).collect();
            same_as_rmp_serde(&s);
        }
    }

    #[test]
    fn repeated_keys_keep_the_first_place_and_last_value() {
        let bytes = b"\x83\xa1b\x01\xa1a\x02\xa1b\x03";
        let m: IndexMap<String, u8> = from_slice(bytes).unwrap();
        assert_eq!(m.into_iter().collect::<Vec<_>>(), [("b".to_string(), 3), ("a".to_string(), 2)]);
        let theirs: IndexMap<String, u8> = rmp_serde::from_slice(bytes).unwrap();
        assert_eq!(theirs.into_iter().collect::<Vec<_>>(), [("b".to_string(), 3), ("a".to_string(), 2)]);
        let s: IndexSet<u8> = from_slice(&[0x93, 2, 1, 2]).unwrap();
        assert!(s.iter().copied().eq([2, 1]));
    }

    #[test]
    fn indexmap_errors_and_limits() {
        let e = from_slice::<IndexMap<String, u8>>(b"\x82\xa1a\x01\xa1b\xa1x").unwrap_err();
        assert_eq!(e.path().to_string(), r#"$["b"]"#);
        // A length claim past the input is refused before anything is reserved.
        assert!(matches!(err::<IndexMap<u8, u8>>(&[0xdf, 0xff, 0xff, 0xff, 0xff]), ErrorKind::UnexpectedEof { .. }));
        let opts = msgpack_core::DecodeOptions::new().max_alloc(64);
        let many = to_vec(&(0..40u8).map(|i| (i, i)).collect::<IndexMap<u8, u8>>()).unwrap();
        assert!(msgpack_core::from_slice_with::<IndexMap<u8, u8>>(&many, &opts).is_err());
    }
}

#[cfg(feature = "smallvec")]
mod smallvec_tests {
    use super::*;
    use smallvec::{SmallVec, smallvec};

    #[test]
    fn smallvec_is_a_sequence() {
        let inline: SmallVec<[u32; 4]> = smallvec![1, 2, 70000];
        assert_eq!(same_as_rmp_serde(&inline), [0x93, 0x01, 0x02, 0xce, 0x00, 0x01, 0x11, 0x70]);
        let spilled: SmallVec<[String; 1]> = smallvec!["a".into(), "b".into(), "c".into()];
        same_as_rmp_serde(&spilled);
        let back: SmallVec<[String; 1]> = from_slice(&to_vec(&spilled).unwrap()).unwrap();
        assert!(back.spilled());
        let back: SmallVec<[u32; 4]> = from_slice(&to_vec(&inline).unwrap()).unwrap();
        assert!(!back.spilled());
        same_as_rmp_serde(&SmallVec::<[i8; 2]>::new());
    }

    /// Bytes are `bin`, as `Vec<u8>` (serde writes an array of integers:
    /// both are read).
    #[test]
    fn smallvec_of_bytes_is_bin() {
        let v: SmallVec<[u8; 8]> = smallvec![1, 2, 255];
        let ours = roundtrip(&v);
        assert_eq!(ours, [0xc4, 3, 1, 2, 255]);
        let theirs = rmp_serde::to_vec_named(&v).unwrap();
        assert_eq!(theirs, [0x93, 1, 2, 0xcc, 255]);
        assert_eq!(from_slice::<SmallVec<[u8; 8]>>(&theirs), Ok(v));
    }
}

#[cfg(feature = "arrayvec")]
mod arrayvec_tests {
    use super::*;
    use arrayvec::{ArrayString, ArrayVec};

    #[test]
    fn arrayvec_and_arraystring() {
        let v: ArrayVec<i64, 4> = [1, -1, i64::MIN].into_iter().collect();
        same_as_rmp_serde(&v);
        same_as_rmp_serde(&ArrayVec::<String, 0>::new());
        let full: ArrayVec<u16, 3> = [1, 2, 3].into_iter().collect();
        same_as_rmp_serde(&full);
        same_as_rmp_serde(&ArrayString::<8>::from("caf\u{e9}").unwrap());
        same_as_rmp_serde(&ArrayString::<40>::from(&"x".repeat(40)).unwrap());
        // Bytes are `bin` (and read from serde's array of integers).
        let bytes: ArrayVec<u8, 4> = [9, 200].into_iter().collect();
        assert_eq!(roundtrip(&bytes), [0xc4, 2, 9, 200]);
        assert_eq!(from_slice::<ArrayVec<u8, 4>>(&rmp_serde::to_vec_named(&bytes).unwrap()), Ok(bytes));
    }

    /// More elements than the capacity is an error at the header, in every
    /// form, never a panic; serde's impls reject them too.
    #[test]
    fn over_capacity_is_a_decode_error() {
        let three = to_vec(&[1u32, 2, 3]).unwrap();
        assert_eq!(err::<ArrayVec<u32, 2>>(&three), ErrorKind::CapacityExceeded { capacity: 2, found: 3 });
        assert!(rmp_serde::from_slice::<ArrayVec<u32, 2>>(&three).is_err());
        assert_eq!(from_slice::<ArrayVec<u32, 3>>(&three).unwrap().len(), 3);
        assert_eq!(err::<ArrayVec<u8, 2>>(&[0xc4, 3, 1, 2, 3]), ErrorKind::CapacityExceeded { capacity: 2, found: 3 });
        assert_eq!(err::<ArrayVec<u8, 2>>(&[0x93, 1, 2, 3]), ErrorKind::CapacityExceeded { capacity: 2, found: 3 });
        assert_eq!(err::<ArrayVec<u8, 0>>(&[0x91, 1]), ErrorKind::CapacityExceeded { capacity: 0, found: 1 });
        assert_eq!(err::<ArrayString<4>>(b"\xa5hello"), ErrorKind::CapacityExceeded { capacity: 4, found: 5 });
        // A capacity in bytes: 2 characters of 2 bytes do not fit in 3.
        assert_eq!(
            err::<ArrayString<3>>(b"\xa4\xc3\xa9\xc3\xa9"),
            ErrorKind::CapacityExceeded { capacity: 3, found: 4 }
        );
        assert!(rmp_serde::from_slice::<ArrayString<4>>(b"\xa5hello").is_err());
        // A huge claim: the capacity check (or the input length) stops it.
        let e = from_slice::<ArrayVec<u8, 4>>(&[0xdd, 0xff, 0xff, 0xff, 0xff]).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. } | ErrorKind::CapacityExceeded { .. }), "{e}");
        // An error inside is located.
        let e = from_slice::<ArrayVec<u8, 4>>(&[0x92, 1, 0xa1, b'x']).unwrap_err();
        assert_eq!(e.path().to_string(), "$[1]");
        let e = from_slice::<Vec<ArrayVec<u16, 1>>>(&[0x92, 0x91, 1, 0x92, 1, 2]).unwrap_err();
        assert_eq!(
            (e.kind(), e.path().to_string()),
            (&ErrorKind::CapacityExceeded { capacity: 1, found: 2 }, "$[1]".into())
        );
    }
}

#[cfg(feature = "heapless")]
mod heapless_tests {
    use super::*;
    use heapless::index_map::FnvIndexMap;

    #[test]
    fn heapless_containers() {
        let s: heapless::String<16> = heapless::String::try_from("d\u{e9}j\u{e0} vu").unwrap();
        same_as_rmp_serde(&s);
        let v: heapless::Vec<i32, 8> = heapless::Vec::from_slice(&[1, -200, 70000]).unwrap();
        same_as_rmp_serde(&v);
        let v: heapless::Vec<String, 2, u8> = heapless::Vec::from_slice(&["a".into(), "b".into()]).unwrap();
        same_as_rmp_serde(&v);
        let mut m: FnvIndexMap<heapless::String<8>, u16, 4> = FnvIndexMap::new();
        for (k, x) in [("z", 1u16), ("a", 300), ("m", 2)] {
            m.insert(heapless::String::try_from(k).unwrap(), x).unwrap();
        }
        let bytes = same_as_rmp_serde(&m);
        let back: FnvIndexMap<heapless::String<8>, u16, 4> = from_slice(&bytes).unwrap();
        assert!(back.keys().map(|k| k.as_str()).eq(["z", "a", "m"]));
        // Bytes are `bin` (and read from serde's array of integers).
        let bytes: heapless::Vec<u8, 4> = heapless::Vec::from_slice(&[7, 128]).unwrap();
        assert_eq!(roundtrip(&bytes), [0xc4, 2, 7, 128]);
        assert_eq!(from_slice::<heapless::Vec<u8, 4>>(&rmp_serde::to_vec_named(&bytes).unwrap()), Ok(bytes));
    }

    #[test]
    fn over_capacity_is_a_decode_error() {
        let cap = |capacity, found| ErrorKind::CapacityExceeded { capacity, found };
        assert_eq!(err::<heapless::String<4>>(b"\xa5hello"), cap(4, 5));
        assert_eq!(err::<heapless::Vec<u32, 2>>(&[0x93, 1, 2, 3]), cap(2, 3));
        assert_eq!(err::<heapless::Vec<u8, 2>>(&[0xc4, 3, 1, 2, 3]), cap(2, 3));
        assert_eq!(err::<heapless::Vec<u8, 2>>(&[0x93, 1, 2, 3]), cap(2, 3));
        let map = to_vec(&std::collections::BTreeMap::from([(1u8, 1u8), (2, 2), (3, 3)])).unwrap();
        assert_eq!(err::<FnvIndexMap<u8, u8, 2>>(&map), cap(2, 3));
        assert_eq!(from_slice::<FnvIndexMap<u8, u8, 4>>(&map).unwrap().len(), 3);
        // serde's impls fail on them too.
        assert!(rmp_serde::from_slice::<heapless::Vec<u32, 2>>(&[0x93, 1, 2, 3]).is_err());
        assert!(rmp_serde::from_slice::<FnvIndexMap<u8, u8, 2>>(&map).is_err());
        assert!(rmp_serde::from_slice::<heapless::String<4>>(b"\xa5hello").is_err());
        // Repeated keys still count against the header.
        assert_eq!(err::<FnvIndexMap<u8, u8, 2>>(&[0x83, 1, 1, 1, 2, 1, 3]), cap(2, 3));
        assert_eq!(from_slice::<FnvIndexMap<u8, u8, 2>>(&[0x82, 1, 1, 1, 2]).unwrap()[&1], 2);
        // Nested: located.
        let e = from_slice::<heapless::Vec<heapless::String<1>, 2>>(b"\x92\xa1a\xa2bc").unwrap_err();
        assert_eq!((e.kind(), e.path().to_string()), (&cap(1, 2), "$[1]".into()));
    }

    /// A derived struct of heapless fields: no allocation on either side.
    #[derive(MsgPack, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Reading {
        sensor: heapless::String<12>,
        samples: heapless::Vec<u16, 4>,
        tags: FnvIndexMap<heapless::String<4>, i8, 2>,
    }

    #[test]
    fn derived_struct_of_heapless_fields() {
        let mut tags = FnvIndexMap::new();
        tags.insert(heapless::String::try_from("loc").unwrap(), -3).unwrap();
        let r = Reading {
            sensor: heapless::String::try_from("greenhouse").unwrap(),
            samples: heapless::Vec::from_slice(&[1, 2, 40000]).unwrap(),
            tags,
        };
        same_as_rmp_serde(&r);
        let mut buf = [0u8; 64];
        let n = msgpack_core::to_slice(&r, &mut buf).unwrap();
        assert_eq!(from_slice::<Reading>(&buf[..n]), Ok(r));
    }
}

#[cfg(feature = "rust_decimal")]
mod decimal_tests {
    use super::*;
    use rust_decimal::Decimal;
    use std::str::FromStr;

    #[test]
    fn decimal_is_its_serde_str() {
        for text in [
            "0",
            "-0",
            "1",
            "-12.340",
            "0.0000000000000000000000000001",
            "79228162514264337593543950335",
            "-79228162514264337593543950335",
            "-7.9228162514264337593543950335",
            "3.14159",
            "100.00",
        ] {
            let d = Decimal::from_str(text).unwrap();
            let bytes = same_as_rmp_serde(&d);
            assert!(bytes.len() <= 32, "{text}");
        }
        same_as_rmp_serde(&Decimal::new(-1, 28));
        same_as_rmp_serde(&Decimal::MAX);
        same_as_rmp_serde(&Decimal::MIN);
        let mut rng = Rng(0xdec);
        for _ in 0..500 {
            let (lo, mid, hi) = (rng.next() as u32, rng.next() as u32, rng.spread() as u32);
            let d = Decimal::from_parts(lo, mid, hi, rng.next() & 1 == 0, (rng.next() % 29) as u32);
            same_as_rmp_serde(&d);
        }
    }

    #[test]
    fn decimal_decode_forms_and_errors() {
        assert_eq!(from_slice::<Decimal>(b"\xa51.5e3"), Ok(Decimal::from(1500)));
        assert_eq!(from_slice::<Decimal>(&[0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]), Ok(Decimal::from(i64::MIN)));
        assert_eq!(
            from_slice::<Decimal>(&[0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
            Ok(Decimal::from(u64::MAX))
        );
        assert!(matches!(err::<Decimal>(b"\xa3abc"), ErrorKind::Conversion { into: "Decimal", .. }));
        // Past the 96-bit range.
        assert!(matches!(err::<Decimal>(b"\xbe792281625142643375935439503350"), ErrorKind::Conversion { .. }));
        // Floats are not read (lossy): rmp-serde's `Decimal` would take one.
        let e = err::<Decimal>(&to_vec(&0.1f64).unwrap());
        assert!(matches!(e, ErrorKind::TypeMismatch { expected: "Decimal", .. }), "{e:?}");
        assert!(rmp_serde::from_slice::<Decimal>(&to_vec(&0.1f64).unwrap()).is_ok());
    }
}
