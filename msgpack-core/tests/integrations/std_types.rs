//! The std types of issue 14 (part 3): round trips with exact lengths,
//! byte identity with `rmp_serde::to_vec_named` on serde's own impls (and
//! each side decoding the other's bytes), the edges (non-UTF-8 paths,
//! poisoned locks, borrowed cells, zero `NonZero`s, ranges whose start is
//! past their end), and the documented differences from rmp-serde.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ffi::{CStr, CString, OsStr, OsString};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{
    NonZero, NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize, NonZeroU8, NonZeroU16,
    NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize, Saturating, Wrapping,
};
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};

use msgpack_core::decode::{ErrorKind, Found};
use msgpack_core::schema::{Schema, check, shape_of};
use msgpack_core::{Encode, MsgPack, assert_compatible, encode, from_slice, to_vec};

use crate::common::roundtrip;
use roundtrip::{Rng, encode_checked, hex, roundtrip, roundtrip_by, same_as_rmp_serde, same_as_rmp_serde_by};

/// The error kind of decoding `bytes` as `T`.
#[track_caller]
fn err<T: msgpack_core::DecodeOwned + std::fmt::Debug>(bytes: &[u8]) -> ErrorKind {
    match from_slice::<T>(bytes) {
        Ok(v) => panic!("{} decoded as {v:?}", hex(bytes)),
        Err(e) => e.kind().clone(),
    }
}

// ---- Result, Bound -----------------------------------------------------------------

#[test]
fn result_is_an_externally_tagged_enum() {
    assert_eq!(same_as_rmp_serde(&Ok::<u8, String>(7)), b"\x81\xa2Ok\x07");
    assert_eq!(same_as_rmp_serde(&Err::<u8, String>("bad".into())), b"\x81\xa3Err\xa3bad");
    same_as_rmp_serde(&Ok::<(), ()>(()));
    same_as_rmp_serde(&Err::<(), ()>(()));
    same_as_rmp_serde(&Ok::<Result<i64, u8>, String>(Err(200)));
    same_as_rmp_serde(&vec![Ok::<Option<u32>, Vec<String>>(None), Ok(Some(1 << 20)), Err(vec!["x".into()])]);
    // A bare tag names no variant: both have data.
    assert!(matches!(err::<Result<u8, u8>>(b"\xa2Ok"), ErrorKind::UnknownVariant { enum_name: "Result", .. }));
    assert!(matches!(err::<Result<u8, u8>>(b"\x81\xa2No\x01"), ErrorKind::UnknownVariant { enum_name: "Result", .. }));
    assert_eq!(err::<Result<u8, u8>>(b"\x82\xa2Ok\x01\xa3Err\x02"), ErrorKind::InvalidLength { expected: 1, found: 2 });
    let e = from_slice::<Result<u8, u8>>(b"\x81\xa2Ok\xa1x").unwrap_err();
    assert_eq!(e.path().to_string(), "$.Ok");
}

#[test]
fn bound_is_an_externally_tagged_enum() {
    assert_eq!(same_as_rmp_serde(&Bound::<u8>::Unbounded), b"\xa9Unbounded");
    assert_eq!(same_as_rmp_serde(&Bound::Included(300u16)), b"\x81\xa8Included\xcd\x01\x2c");
    same_as_rmp_serde(&Bound::Excluded("z".to_string()));
    same_as_rmp_serde(&(Bound::Included('a'), Bound::<char>::Unbounded));
    // The unit variant in map form, as the derive reads it.
    assert_eq!(from_slice::<Bound<u8>>(b"\x81\xa9Unbounded\xc0"), Ok(Bound::Unbounded));
    assert!(matches!(err::<Bound<u8>>(b"\xa8Included"), ErrorKind::UnknownVariant { enum_name: "Bound", .. }));
    assert!(matches!(err::<Bound<u8>>(&[0x01]), ErrorKind::TypeMismatch { expected: "Bound", .. }));
}

// ---- ranges ------------------------------------------------------------------------

#[test]
fn ranges_are_structs_in_named_form() {
    assert_eq!(same_as_rmp_serde(&(1u32..10)), b"\x82\xa5start\x01\xa3end\x0a");
    same_as_rmp_serde(&(-5i64..i64::MAX));
    same_as_rmp_serde(&(0u8..=255));
    same_as_rmp_serde(&(3u16..));
    same_as_rmp_serde(&(..String::from("m")));
    same_as_rmp_serde(&vec![0.5f64..1.5, f64::NEG_INFINITY..0.0]);
    // `char` ranges.
    same_as_rmp_serde(&('a'..'{'));
    same_as_rmp_serde(&('\u{0}'..='\u{10ffff}'));
    same_as_rmp_serde(&(Range { start: '\u{e9}', end: '\u{1f600}' }, RangeInclusive::new('0', '9')));
}

/// serde keeps a range whose start is past its end (an empty range) as it
/// is; so does this crate, both ways.
#[test]
fn range_with_start_past_end_is_kept() {
    let backwards = Range { start: 9u8, end: 2 };
    assert_eq!(same_as_rmp_serde(&backwards), b"\x82\xa5start\x09\xa3end\x02");
    assert!(from_slice::<Range<u8>>(b"\x82\xa5start\x09\xa3end\x02").unwrap().is_empty());
    same_as_rmp_serde(&RangeInclusive::new('z', 'a'));
}

#[test]
fn range_decode_forms_and_errors() {
    // The keys in either order, and the compact array form of `rmp_serde::to_vec`.
    assert_eq!(from_slice::<Range<u8>>(b"\x82\xa3end\x02\xa5start\x01"), Ok(1..2));
    let compact = rmp_serde::to_vec(&(1u8..=2)).unwrap();
    assert_eq!(compact, [0x92, 0x01, 0x02]);
    assert_eq!(from_slice::<RangeInclusive<u8>>(&compact), Ok(1..=2));
    assert_eq!(from_slice::<RangeFrom<u8>>(&[0x91, 0x07]), Ok(7..));
    // Each field exactly once, and no others (serde's impls reject unknown keys too).
    assert_eq!(err::<Range<u8>>(b"\x81\xa5start\x01"), ErrorKind::MissingField("end"));
    assert_eq!(err::<Range<u8>>(b"\x82\xa5start\x01\xa5start\x02"), ErrorKind::DuplicateField("start"));
    assert!(matches!(err::<Range<u8>>(b"\x83\xa5start\x01\xa3end\x02\xa4step\x01"), ErrorKind::UnknownField(_)));
    assert!(matches!(err::<Range<u8>>(b"\x82\x00\x01\x01\x02"), ErrorKind::UnknownField(Found::UInt(0))));
    assert_eq!(err::<Range<u8>>(&[0x93, 1, 2, 3]), ErrorKind::InvalidLength { expected: 2, found: 3 });
    let e = from_slice::<Range<u8>>(b"\x82\xa5start\x01\xa3end\xcd\x01\x00").unwrap_err();
    assert_eq!(e.path().to_string(), "$.end");
    assert!(rmp_serde::from_slice::<Range<u8>>(b"\x83\xa5start\x01\xa3end\x02\xa4step\x01").is_err());
}

// ---- transparent wrappers and cells --------------------------------------------------

#[test]
fn wrappers_are_their_value() {
    assert_eq!(same_as_rmp_serde(&Wrapping(300u16)), [0xcd, 0x01, 0x2c]);
    same_as_rmp_serde(&Saturating(-7i8));
    same_as_rmp_serde(&Reverse("r".to_string()));
    same_as_rmp_serde(&vec![Reverse(Wrapping(u64::MAX)), Reverse(Wrapping(0))]);
    assert_eq!(same_as_rmp_serde(&Cell::new(5u8)), [0x05]);
    same_as_rmp_serde(&RefCell::new(vec![1i32, -1]));
    same_as_rmp_serde_by(&Mutex::new("m".to_string()), |m| m.lock().unwrap().clone());
    same_as_rmp_serde_by(&RwLock::new(Some(9u64)), |m| *m.read().unwrap());
    let shared = std::sync::Arc::new(Mutex::new(1u8));
    roundtrip_by(&shared, |m| *m.lock().unwrap());
}

#[test]
fn a_mutably_borrowed_refcell_is_an_encode_error() {
    let c = RefCell::new(1u8);
    let guard = c.borrow_mut();
    assert!(matches!(to_vec(&c), Err(encode::Error::Custom(_))));
    assert_eq!(c.encoded_len(), 0);
    drop(guard);
    assert_eq!(to_vec(&c).unwrap(), [0x01]);
    // Shared borrows do not stop it.
    let _r = c.borrow();
    assert_eq!(to_vec(&c).unwrap(), [0x01]);
}

#[test]
fn a_poisoned_lock_is_an_encode_error() {
    let m = Mutex::new(3u8);
    let l = RwLock::new(4u8);
    let _ = std::panic::catch_unwind(|| {
        let _g = m.lock().unwrap();
        let _w = l.write().unwrap();
        panic!("poison them");
    });
    assert!(m.is_poisoned() && l.is_poisoned());
    for r in [to_vec(&m), to_vec(&l)] {
        assert!(matches!(r, Err(encode::Error::Custom(msg)) if msg.contains("poisoned")), "{r:?}");
    }
    assert_eq!((m.encoded_len(), l.encoded_len()), (0, 0));
    // serde fails on them too.
    assert!(rmp_serde::to_vec_named(&m).is_err() && rmp_serde::to_vec_named(&l).is_err());
    let mut buf = [0u8; 4];
    assert!(matches!(msgpack_core::to_slice(&m, &mut buf), Err(encode::Error::Custom(_))));
}

// ---- net ---------------------------------------------------------------------------

#[test]
fn addresses_match_rmp_serde() {
    assert_eq!(same_as_rmp_serde(&Ipv4Addr::new(10, 0, 200, 1)), [0x94, 0x0a, 0x00, 0xcc, 200, 0x01]);
    same_as_rmp_serde(&Ipv6Addr::LOCALHOST);
    same_as_rmp_serde(&Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0xff00, 0x42, 0x8329));
    let v4 = IpAddr::V4(Ipv4Addr::BROADCAST);
    assert_eq!(same_as_rmp_serde(&v4)[..4], [0x81, 0xa2, b'V', b'4']);
    same_as_rmp_serde(&IpAddr::V6(Ipv6Addr::UNSPECIFIED));
    same_as_rmp_serde(&SocketAddrV4::new(Ipv4Addr::LOCALHOST, 8080));
    same_as_rmp_serde(&SocketAddrV6::new(Ipv6Addr::LOCALHOST, 443, 0, 0));
    same_as_rmp_serde(&SocketAddr::from(([127, 0, 0, 1], 65535)));
    same_as_rmp_serde(&SocketAddr::from(([0xfe80, 0, 0, 0, 0, 0, 0, 1], 0)));
    let mut rng = Rng(0x1b_adda);
    for _ in 0..500 {
        let (a, b, port) = (rng.next(), rng.spread() as u128 | ((rng.spread() as u128) << 64), rng.spread() as u16);
        same_as_rmp_serde(&IpAddr::V4(Ipv4Addr::from(a as u32 >> (a % 32))));
        same_as_rmp_serde(&IpAddr::V6(Ipv6Addr::from(b)));
        same_as_rmp_serde(&SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::from(a as u32), port)));
        same_as_rmp_serde(&SocketAddr::V6(SocketAddrV6::new(Ipv6Addr::from(b), port, 0, 0)));
    }
}

/// serde writes a `SocketAddrV6` as `(ip, port)`: the flow label and the
/// scope id are lost on both sides.
#[test]
fn socket_v6_flow_and_scope_are_not_written() {
    let addr = SocketAddrV6::new(Ipv6Addr::LOCALHOST, 80, 0xabcd, 7);
    let ours = encode_checked(&addr);
    assert_eq!(ours, rmp_serde::to_vec_named(&addr).unwrap());
    assert_eq!(from_slice::<SocketAddrV6>(&ours), Ok(SocketAddrV6::new(Ipv6Addr::LOCALHOST, 80, 0, 0)));
}

#[test]
fn address_decode_errors() {
    // An octet out of range, a short array, a bin of the right length (read too).
    let e = from_slice::<Ipv4Addr>(&[0x94, 0x01, 0x02, 0xcd, 0x01, 0x00, 0x04]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { expected: "u8", .. }), "{e}");
    assert_eq!(e.path().to_string(), "$[2]");
    assert_eq!(err::<Ipv4Addr>(&[0x93, 1, 2, 3]), ErrorKind::InvalidLength { expected: 4, found: 3 });
    assert_eq!(from_slice::<Ipv4Addr>(&[0xc4, 4, 1, 2, 3, 4]), Ok(Ipv4Addr::new(1, 2, 3, 4)));
    assert!(matches!(err::<IpAddr>(b"\x81\xa2V5\x94\x01\x02\x03\x04"), ErrorKind::UnknownVariant { .. }));
    assert!(matches!(err::<IpAddr>(b"\xa2V4"), ErrorKind::UnknownVariant { enum_name: "IpAddr", .. }));
    let e = from_slice::<SocketAddr>(b"\x81\xa2V4\x92\x94\x01\x02\x03\x04\xce\x00\x01\x00\x00").unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { expected: "u16", .. }), "{e}");
    assert_eq!(e.path().to_string(), "$.V4[1]");
    // The human-readable text form is not what rmp-serde writes, and not read.
    assert!(matches!(err::<Ipv4Addr>(b"\xa71.2.3.4"), ErrorKind::TypeMismatch { .. }));
}

// ---- paths and OS strings -------------------------------------------------------------

#[test]
fn paths_are_str() {
    assert_eq!(same_as_rmp_serde(&PathBuf::from("/tmp/x y")), b"\xa8/tmp/x y");
    same_as_rmp_serde(&PathBuf::from(""));
    same_as_rmp_serde(&PathBuf::from("d\u{e9}j\u{e0}/\u{1f600}"));
    assert_eq!(encode_checked(Path::new("a/b")), rmp_serde::to_vec_named(Path::new("a/b")).unwrap());
    // A borrowed path: through `&str`.
    let bytes = to_vec(Path::new("etc")).unwrap();
    assert_eq!(Path::new(from_slice::<&str>(&bytes).unwrap()), Path::new("etc"));
    assert!(matches!(err::<PathBuf>(&[0xc4, 1, b'a']), ErrorKind::TypeMismatch { expected: "str", .. }));
}

/// serde writes an OS string as `{"Unix": [bytes]}` (`{"Windows": [u16s]}`
/// there), which no other platform reads; this crate writes a `str`, as
/// for paths, and reads serde's form too on the platform that wrote it.
#[test]
fn os_strings_are_str_and_read_serdes_form() {
    let s = OsString::from("h\u{e9}");
    assert_eq!(roundtrip(&s), b"\xa3h\xc3\xa9");
    assert_eq!(encode_checked(OsStr::new("h\u{e9}")), b"\xa3h\xc3\xa9");
    let theirs = rmp_serde::to_vec_named(&s).unwrap();
    #[cfg(unix)]
    assert_eq!(theirs, b"\x81\xa4Unix\x93\x68\xcc\xc3\xcc\xa9");
    assert_eq!(from_slice::<OsString>(&theirs), Ok(s.clone()));
    // rmp-serde reads the `str` form into a `String`, not into an `OsString`.
    assert_eq!(rmp_serde::from_slice::<String>(&to_vec(&s).unwrap()).unwrap(), "h\u{e9}");
    #[cfg(unix)]
    assert!(matches!(err::<OsString>(b"\x81\xa7Windows\x91\x01"), ErrorKind::Custom(_)));
    assert!(matches!(err::<OsString>(b"\x81\xa3Mac\x90"), ErrorKind::UnknownVariant { enum_name: "OsString", .. }));
}

#[cfg(unix)]
#[test]
fn non_utf8_paths_and_os_strings_are_encode_errors() {
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let raw = OsStr::from_bytes(b"caf\xe9");
    let path = Path::new(raw);
    for r in [to_vec(path), to_vec(&path.to_path_buf()), to_vec(raw), to_vec(&raw.to_os_string())] {
        assert!(matches!(r, Err(encode::Error::Unrepresentable(_))), "{r:?}");
    }
    assert_eq!((path.encoded_len(), raw.encoded_len()), (0, 0));
    assert!(rmp_serde::to_vec_named(path).is_err());
    let mut buf = [0u8; 16];
    assert!(matches!(msgpack_core::to_slice(path, &mut buf), Err(encode::Error::Unrepresentable(_))));
    // Inside a container: the error comes out of the whole encode.
    assert!(to_vec(&vec![PathBuf::from("ok"), path.to_path_buf()]).is_err());
    // Non-UTF-8 bytes do decode from serde's Unix form.
    let theirs = rmp_serde::to_vec_named(raw).unwrap();
    assert_eq!(from_slice::<OsString>(&theirs).unwrap().into_vec(), b"caf\xe9");
    // ... and never from a `str` (it must be UTF-8).
    assert_eq!(err::<PathBuf>(b"\xa4caf\xe9"), ErrorKind::InvalidUtf8);
}

// ---- C strings ---------------------------------------------------------------------

#[test]
fn c_strings_are_bin() {
    assert_eq!(same_as_rmp_serde(&CString::new("hi").unwrap()), [0xc4, 0x02, b'h', b'i']);
    same_as_rmp_serde(&CString::default());
    same_as_rmp_serde(&CString::new(vec![0xffu8; 300]).unwrap());
    assert_eq!(encode_checked(c"x"), rmp_serde::to_vec_named(c"x").unwrap());
    // An array of small integers is a byte buffer too.
    assert_eq!(from_slice::<CString>(&[0x92, b'o', b'k']), Ok(CString::new("ok").unwrap()));
    // A NUL inside is rejected, as `CString::new` and serde reject it.
    let e = from_slice::<CString>(&[0xc4, 0x03, b'a', 0x00, b'b']).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Conversion { into: "CString", .. }), "{e}");
    assert_eq!((e.offset(), e.to_string().contains("index 1")), (0, true), "{e}");
    assert!(rmp_serde::from_slice::<CString>(&[0xc4, 0x03, b'a', 0x00, b'b']).is_err());
    let _: &CStr = c"";
}

// ---- Cow<[T]>, BinaryHeap ----------------------------------------------------------------

#[test]
fn cow_slices() {
    // (A `Cow` borrows for the input's lifetime: not `DecodeOwned`, so
    // compared by hand.)
    let c: Cow<[u16]> = Cow::Owned(vec![1, 300, 65535]);
    let ours = encode_checked(&c);
    assert_eq!(ours, rmp_serde::to_vec_named(&c).unwrap());
    assert_eq!(from_slice::<Cow<[u16]>>(&ours), Ok(c.clone()));
    assert_eq!(rmp_serde::from_slice::<Cow<[u16]>>(&ours).unwrap(), c);
    let strings: Cow<[String]> = Cow::Borrowed(&[]);
    assert_eq!(encode_checked(&strings), rmp_serde::to_vec_named(&strings).unwrap());
    let strings: Cow<[String]> = Cow::Owned(vec!["a".into(), "b".into()]);
    let ours = encode_checked(&strings);
    assert_eq!(ours, rmp_serde::to_vec_named(&strings).unwrap());
    assert_eq!(from_slice::<Cow<[String]>>(&ours), Ok(strings));
    // Elements other than bytes are always owned after decoding.
    let bytes = to_vec(&[5u32, 6]).unwrap();
    assert!(matches!(from_slice::<Cow<[u32]>>(&bytes), Ok(Cow::Owned(v)) if v == [5, 6]));
    // Bytes borrow a `bin` (and are `bin`: the `Vec<u8>` difference).
    let bytes = to_vec(&Cow::<[u8]>::Borrowed(&[1, 2])).unwrap();
    assert_eq!(bytes, [0xc4, 2, 1, 2]);
    assert!(matches!(from_slice::<Cow<[u8]>>(&bytes), Ok(Cow::Borrowed([1, 2]))));
    let theirs = rmp_serde::to_vec_named(&Cow::<[u8]>::Borrowed(&[1, 2])).unwrap();
    assert_eq!(theirs, [0x92, 1, 2]);
    assert!(matches!(from_slice::<Cow<[u8]>>(&theirs), Ok(Cow::Owned(v)) if v == [1, 2]));
    let e = from_slice::<Cow<[i8]>>(&[0x92, 0x01, 0xcc, 0xff]).unwrap_err();
    assert_eq!(e.path().to_string(), "$[1]");
}

#[test]
fn binary_heaps_are_arrays_in_iteration_order() {
    let sorted = |h: &BinaryHeap<i32>| h.clone().into_sorted_vec();
    let heap: BinaryHeap<i32> = [5, -1, 300, 7, 7, 0].into_iter().collect();
    let ours = same_as_rmp_serde_by(&heap, sorted);
    let order: Vec<i32> = heap.iter().copied().collect();
    assert_eq!(ours, to_vec(&order).unwrap());
    same_as_rmp_serde_by(&BinaryHeap::<i32>::new(), sorted);
    // Heaps of bytes are arrays, as serde writes them (unlike `Vec<u8>`).
    let bytes: BinaryHeap<u8> = [200u8, 1].into_iter().collect();
    same_as_rmp_serde_by(&bytes, |h| h.clone().into_sorted_vec());
    let mut rng = Rng(0x4ea9);
    for n in [1usize, 15, 16, 17, 300] {
        let heap: BinaryHeap<i32> = (0..n).map(|_| rng.spread() as i32).collect();
        same_as_rmp_serde_by(&heap, sorted);
    }
}

// ---- NonZero -------------------------------------------------------------------------

macro_rules! nonzero_cases {
    ($($nz:ty => $t:ty;)*) => {$(
        for v in [1 as $t, <$t>::MAX, <$t>::MIN, 127 as $t, (-1i8) as $t, (-33i8) as $t] {
            let Some(nz) = <$nz>::new(v) else { continue };
            // Within the 64-bit range: the integer, as serde writes it.
            if i64::try_from(v).is_ok() || u64::try_from(v).is_ok() {
                if std::mem::size_of::<$t>() < 16 {
                    same_as_rmp_serde(&nz);
                } else {
                    assert_eq!(roundtrip(&nz), to_vec(&(v as i128)).unwrap());
                }
            } else {
                assert!(matches!(to_vec(&nz), Err(encode::Error::Unrepresentable(_))));
            }
        }
        let name = stringify!($nz);
        match err::<$nz>(&[0x00]) {
            ErrorKind::OutOfRange { expected, found: Found::UInt(0) } => assert_eq!(expected, name),
            other => panic!("{name}: {other:?}"),
        }
        assert!(rmp_serde::from_slice::<$nz>(&[0x00]).is_err());
        let _: NonZero<$t> = <$nz>::MIN;
    )*};
}

/// Every width, zero rejected (in any form: `0xcc 0x00`, `0xd3` ... too).
#[test]
fn nonzero_every_width() {
    nonzero_cases! {
        NonZeroU8 => u8;
        NonZeroU16 => u16;
        NonZeroU32 => u32;
        NonZeroU64 => u64;
        NonZeroU128 => u128;
        NonZeroUsize => usize;
        NonZeroI8 => i8;
        NonZeroI16 => i16;
        NonZeroI32 => i32;
        NonZeroI64 => i64;
        NonZeroI128 => i128;
        NonZeroIsize => isize;
    }
    for zero in [&[0xcc, 0][..], &[0xd0, 0], &[0xd3, 0, 0, 0, 0, 0, 0, 0, 0]] {
        assert!(matches!(err::<NonZeroI128>(zero), ErrorKind::OutOfRange { .. }));
        assert!(matches!(err::<Vec<NonZeroUsize>>(&[[0x91].as_slice(), zero].concat()), ErrorKind::OutOfRange { .. }));
    }
    // 128-bit: rmp-serde writes a 16-byte `bin` for every value (the
    // documented `u128` difference); this crate the integer.
    let v = NonZeroU128::new(5).unwrap();
    assert_eq!(to_vec(&v).unwrap(), [0x05]);
    assert_eq!(rmp_serde::to_vec_named(&v).unwrap()[..2], [0xc4, 16]);
}

// ---- schemas and derive ------------------------------------------------------------------

#[derive(MsgPack, Debug, PartialEq)]
struct Conn {
    peer: SocketAddr,
    ip: IpAddr,
    ports: RangeInclusive<u16>,
    window: Range<u64>,
    low: Bound<u32>,
    outcome: Result<u8, String>,
    path: PathBuf,
    name: CString,
    hits: Wrapping<u32>,
    retries: Cell<u8>,
    state: RefCell<Vec<u8>>,
    nz: NonZeroU32,
}

#[derive(MsgPack, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Small {
    r: Range<char>,
    b: Bound<i8>,
    ok: Result<Ipv4Addr, ()>,
}

#[test]
fn derived_structs_hold_them() {
    let conn = Conn {
        peer: SocketAddr::from(([192, 168, 1, 2], 22)),
        ip: IpAddr::V6(Ipv6Addr::LOCALHOST),
        ports: 1024..=65535,
        window: Range { start: 10, end: 0 },
        low: Bound::Excluded(3),
        outcome: Err("timeout".into()),
        path: PathBuf::from("/var/run"),
        name: CString::new("ssh").unwrap(),
        hits: Wrapping(u32::MAX),
        retries: Cell::new(2),
        state: RefCell::new(vec![1, 2]),
        nz: NonZeroU32::new(9).unwrap(),
    };
    roundtrip(&conn);
    same_as_rmp_serde(&Small { r: 'a'..'f', b: Bound::Unbounded, ok: Ok(Ipv4Addr::new(8, 8, 4, 4)) });
}

assert_compatible!(Result<u64, String>, Result<u32, String>);
assert_compatible!(Bound<i64>, Bound<u8>);
assert_compatible!(Range<u64>, Range<u16>);
assert_compatible!(Wrapping<u64> <=> u64);
assert_compatible!(Reverse<Saturating<i32>>, i16);
assert_compatible!(Mutex<String> <=> RwLock<String>);
assert_compatible!(IpAddr <=> IpAddr);
assert_compatible!(SocketAddr <=> SocketAddr);
assert_compatible!(PathBuf <=> String);
assert_compatible!(CString <=> Vec<u8>);
assert_compatible!(Vec<u8>, Ipv4Addr);
assert_compatible!(NonZeroI128, NonZeroU64);

#[test]
fn schemas_describe_the_bytes() {
    assert_eq!(shape_of::<Ipv4Addr>().to_string(), shape_of::<[u16; 4]>().to_string().replace("u16", "u8"));
    // Not the other way: a `Vec<u32>` may hold more than 4 elements or values above 255.
    assert!(check(shape_of::<Ipv4Addr>(), shape_of::<Vec<u32>>()).is_err());
    assert!(check(shape_of::<Result<u32, u8>>(), shape_of::<Result<u64, u8>>()).is_err());
    assert!(check(shape_of::<Range<u8>>(), shape_of::<(u8, u8)>()).is_err());
    assert!(check(shape_of::<NonZeroU8>(), shape_of::<u8>()).is_err());
    assert!(check(shape_of::<BinaryHeap<u8>>(), shape_of::<Vec<u8>>()).is_err());
    assert!(check(shape_of::<Vec<u8>>(), shape_of::<BinaryHeap<u8>>()).is_ok());
    // Distinct wire schemas, distinct fingerprints; wrappers are their value.
    let fp = msgpack_core::schema::fingerprint_of::<Range<u8>>;
    assert_ne!(fp(), msgpack_core::schema::fingerprint_of::<RangeInclusive<u16>>());
    assert_eq!(msgpack_core::schema::fingerprint_of::<Wrapping<u8>>(), msgpack_core::schema::fingerprint_of::<u8>());
    for shape in [
        <Result<u8, u8> as Schema>::SHAPE,
        <Bound<u8> as Schema>::SHAPE,
        <RangeFrom<u8> as Schema>::SHAPE,
        <RangeTo<u8> as Schema>::SHAPE,
        <SocketAddrV6 as Schema>::SHAPE,
        <OsString as Schema>::SHAPE,
        <CStr as Schema>::SHAPE,
    ] {
        assert!(check(shape.get(), shape.get()).is_ok(), "{shape:?}");
    }
}
