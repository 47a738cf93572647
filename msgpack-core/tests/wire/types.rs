//! Typed round trips and exact lengths for every type the crate implements.
//!
//! For each value: `encoded_len()` equals the length `to_vec` produces, every
//! encoding entry point writes the same bytes, a slice of exactly that size
//! works while one byte less fails with `EndOfSlice` without writing past its
//! end, and decoding gives the value back. Then the decode rules of
//! DESIGN.md section 3: integers in every width, floats, byte buffers from
//! arrays, zero-copy borrowing, streaming, and error messages.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashSet, LinkedList, VecDeque};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroU8, NonZeroU16, NonZeroU32, NonZeroU64, NonZeroUsize,
};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use msgpack_core::decode::{ErrorKind, Found};
use msgpack_core::encode::{self, Encoder, EndOfSlice, SliceWriter, Write};
use msgpack_core::{
    DecodeOptions, DecodeOwned, Decoder, Encode, Ext, ExtRef, Timestamp, from_slice, from_slice_with, to_slice, to_vec,
};
use proptest::prelude::*;

// ---- allocation counting (for the one-allocation promise of `to_vec`) ------

// Per thread, so that tests running in parallel do not see each other's
// (`common/alloc.rs`, the binary's one global allocator).
use crate::common::count_alloc::count_allocs;

// ---- the core checks -----------------------------------------------------

const GUARD: u8 = 0x5a;
const GUARD_LEN: usize = 16;

/// Encodes `v` through every entry point, checks that they agree with each
/// other and with `encoded_len`, and that slices of the exact size and one
/// byte short behave; returns the bytes.
#[track_caller]
fn encode_checked<T: Encode + ?Sized>(v: &T) -> Vec<u8> {
    let bytes = to_vec(v).expect("to_vec");
    let len = v.encoded_len();
    assert_eq!(len, bytes.len(), "encoded_len() disagrees with to_vec for {bytes:02x?}");

    let mut appended = vec![0xee];
    msgpack_core::append_to_vec(v, &mut appended).expect("append_to_vec");
    assert_eq!(appended[0], 0xee, "append_to_vec must append");
    assert_eq!(appended[1..], bytes[..], "append_to_vec");

    // A reused buffer whose spare capacity holds the encoding (one pass),
    // and one a byte short of it (falls back to reserving `encoded_len`).
    for spare in [len + 7, len.saturating_sub(1)] {
        let mut reused = Vec::with_capacity(2 + spare);
        reused.extend_from_slice(&[0xdd, 0xee]);
        msgpack_core::append_to_vec(v, &mut reused).expect("append_to_vec, reused");
        assert_eq!(reused[..2], [0xdd, 0xee], "append_to_vec must append");
        assert_eq!(reused[2..], bytes[..], "append_to_vec with {spare} bytes spare");
    }

    // The growable `Vec<u8>` sink itself (fixed-size items into its spare
    // capacity).
    let mut e = Encoder::new(vec![0xdd]);
    v.encode(&mut e).expect("Vec sink");
    assert_eq!(e.writer()[1..], bytes[..], "the Vec<u8> sink");

    let mut written = Vec::new();
    msgpack_core::to_writer(v, &mut written).expect("to_writer");
    assert_eq!(written, bytes, "to_writer");

    // Exactly the right size, with a guard region behind the slice.
    let mut buf = vec![GUARD; len + GUARD_LEN];
    assert_eq!(to_slice(v, &mut buf[..len]), Ok(len), "exact-size slice");
    assert_eq!(buf[..len], bytes[..]);
    assert!(buf[len..].iter().all(|&b| b == GUARD), "wrote past the end of an exact-size slice");

    if len > 0 {
        // One byte short: fails, with a prefix of the encoding written and
        // nothing past the end of the slice (documented; single pass, so
        // what fitted before the failing item is kept).
        let mut buf = vec![GUARD; len - 1 + GUARD_LEN];
        assert_eq!(to_slice(v, &mut buf[..len - 1]), Err(encode::Error::Write(EndOfSlice)));
        assert!(buf[len - 1..].iter().all(|&b| b == GUARD), "to_slice wrote past the end of its slice");
        let kept = buf[..len - 1].iter().rposition(|&b| b != GUARD).map_or(0, |i| i + 1);
        assert_eq!(buf[..kept], bytes[..kept], "to_slice left a non-prefix in a slice that is too small");

        // The slice sink alone (no up-front length check): fails, keeps what
        // fitted, never writes past the end.
        let mut buf = vec![GUARD; len - 1 + GUARD_LEN];
        let pos = {
            let mut w = SliceWriter::new(&mut buf[..len - 1]);
            assert_eq!(v.encode(&mut Encoder::new(&mut w)), Err(encode::Error::Write(EndOfSlice)));
            w.position()
        };
        assert!(pos < len);
        assert_eq!(buf[..pos], bytes[..pos]);
        assert!(buf[len - 1..].iter().all(|&b| b == GUARD), "SliceWriter wrote past the end of its slice");
    }
    bytes
}

/// [`encode_checked`], then decodes the bytes back and compares.
#[track_caller]
fn roundtrip<T: Encode + DecodeOwned + PartialEq + Debug>(v: &T) -> Vec<u8> {
    let bytes = encode_checked(v);
    match from_slice::<T>(&bytes) {
        Ok(back) => assert_eq!(&back, v, "round trip through {bytes:02x?}"),
        Err(e) => panic!("decoding {bytes:02x?} back failed: {e}"),
    }
    bytes
}

/// The `bin` marker for a payload of `len` bytes.
fn bin_marker(len: usize) -> u8 {
    match len {
        0..=0xff => 0xc4,
        0x100..=0xffff => 0xc5,
        _ => 0xc6,
    }
}

/// A deque holding `items` whose storage wraps around when `0 < split < len`,
/// so that `as_slices()` returns two non-empty parts.
fn wrapped_deque<T: Clone>(items: &[T], split: usize) -> VecDeque<T> {
    let split = split.min(items.len());
    let mut d = VecDeque::with_capacity(items.len());
    for x in &items[split..] {
        d.push_back(x.clone());
    }
    for x in items[..split].iter().rev() {
        d.push_front(x.clone());
    }
    d
}

// ---- strategies ----------------------------------------------------------

macro_rules! spread {
    ($($name:ident: $t:ty, $bits:literal;)*) => {$(
        /// Values of every magnitude, not only the large ones a uniform
        /// draw gives (arithmetic shift keeps small negatives coming).
        fn $name() -> impl Strategy<Value = $t> {
            (any::<$t>(), 0u32..$bits).prop_map(|(v, s)| v >> s)
        }
    )*};
}

spread! {
    u16s: u16, 16;
    u32s: u32, 32;
    u64s: u64, 64;
    i16s: i16, 16;
    i32s: i32, 32;
    i64s: i64, 64;
}

/// Lengths on both sides of every header boundary.
static LENGTHS: [usize; 10] = [0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536];

fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => any::<String>(),
        2 => "[a-z\u{e9}\u{20ac}\u{1F600}]{0,40}",
        1 => prop::sample::select(&LENGTHS[..]).prop_map(|n| "s".repeat(n)),
    ]
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => prop::collection::vec(any::<u8>(), 0..300),
        1 => (prop::sample::select(&LENGTHS[..]), any::<u8>()).prop_map(|(n, b)| vec![b; n]),
    ]
}

fn timestamp32() -> impl Strategy<Value = Timestamp> {
    (0i64..1 << 32).prop_map(|s| Timestamp::new(s, 0).unwrap())
}

fn timestamp64() -> impl Strategy<Value = Timestamp> {
    prop_oneof![
        (0i64..1 << 34, 1u32..1_000_000_000).prop_map(|(s, n)| Timestamp::new(s, n).unwrap()),
        (1i64 << 32..1 << 34).prop_map(|s| Timestamp::new(s, 0).unwrap()),
    ]
}

fn timestamp96() -> impl Strategy<Value = Timestamp> {
    prop_oneof![
        (i64::MIN..0, 0u32..1_000_000_000).prop_map(|(s, n)| Timestamp::new(s, n).unwrap()),
        (1i64 << 34..=i64::MAX, 0u32..1_000_000_000).prop_map(|(s, n)| Timestamp::new(s, n).unwrap()),
    ]
}

// ---- round trips -----------------------------------------------------------

proptest! {
    #[test]
    fn integers(
        b in any::<bool>(),
        a8 in any::<u8>(), a16 in u16s(), a32 in u32s(), a64 in u64s(), au in u64s(),
        b8 in any::<i8>(), b16 in i16s(), b32 in i32s(), b64 in i64s(), bi in i64s(),
    ) {
        roundtrip(&b);
        roundtrip(&a8);
        roundtrip(&a16);
        roundtrip(&a32);
        roundtrip(&a64);
        roundtrip(&(au as usize));
        roundtrip(&b8);
        roundtrip(&b16);
        roundtrip(&b32);
        roundtrip(&b64);
        roundtrip(&(bi as isize));
        // Smallest form: the same bytes whatever the Rust type.
        prop_assert_eq!(to_vec(&a8).unwrap(), to_vec(&u64::from(a8)).unwrap());
        prop_assert_eq!(to_vec(&b8).unwrap(), to_vec(&i64::from(b8)).unwrap());
        prop_assert_eq!(to_vec(&a32).unwrap(), to_vec(&i64::from(a32)).unwrap());
    }

    #[test]
    fn wide_integers_in_64_bit_range(u in u64s(), i in i64s()) {
        roundtrip(&u128::from(u));
        roundtrip(&i128::from(u));
        roundtrip(&i128::from(i));
        prop_assert_eq!(to_vec(&u128::from(u)).unwrap(), to_vec(&u).unwrap());
        prop_assert_eq!(to_vec(&i128::from(i)).unwrap(), to_vec(&i).unwrap());
    }

    #[test]
    fn nonzero(a in u64s(), b in i64s()) {
        if let Some(v) = NonZeroU8::new(a as u8) { roundtrip(&v); }
        if let Some(v) = NonZeroU16::new(a as u16) { roundtrip(&v); }
        if let Some(v) = NonZeroU32::new(a as u32) { roundtrip(&v); }
        if let Some(v) = NonZeroU64::new(a) { roundtrip(&v); }
        if let Some(v) = NonZeroUsize::new(a as usize) { roundtrip(&v); }
        if let Some(v) = NonZeroI8::new(b as i8) { roundtrip(&v); }
        if let Some(v) = NonZeroI16::new(b as i16) { roundtrip(&v); }
        if let Some(v) = NonZeroI32::new(b as i32) { roundtrip(&v); }
        if let Some(v) = NonZeroI64::new(b) { roundtrip(&v); }
    }

    #[test]
    fn floats_keep_their_bits(x in any::<u32>(), y in any::<u64>()) {
        let f = f32::from_bits(x);
        let bytes = encode_checked(&f);
        prop_assert_eq!(bytes[0], 0xca);
        prop_assert_eq!(from_slice::<f32>(&bytes).unwrap().to_bits(), x);

        let g = f64::from_bits(y);
        let bytes = encode_checked(&g);
        prop_assert_eq!(bytes[0], 0xcb);
        prop_assert_eq!(from_slice::<f64>(&bytes).unwrap().to_bits(), y);

        // float 32 into f64: exactly widened.
        let wide = from_slice::<f64>(&to_vec(&f).unwrap()).unwrap();
        if f.is_nan() {
            prop_assert!(wide.is_nan());
        } else {
            prop_assert_eq!(wide.to_bits(), f64::from(f).to_bits());
        }
        // float 64 into f32: refused, whatever the value.
        let err = from_slice::<f32>(&to_vec(&g).unwrap()).unwrap_err();
        prop_assert!(
            matches!(err.kind(), ErrorKind::TypeMismatch { expected: "f32", found: Found::F64(_) }),
            "{:?}", err
        );
    }

    #[test]
    fn text(c in any::<char>(), s in string()) {
        roundtrip(&c);
        roundtrip(&s);
        roundtrip(&s.clone().into_boxed_str());
        roundtrip(&Rc::<str>::from(s.as_str()));
        roundtrip(&Arc::<str>::from(s.as_str()));
        prop_assert_eq!(&encode_checked(&Cow::<str>::Owned(s.clone())), &to_vec(&s).unwrap());
        let bytes = encode_checked(&s.as_str());
        prop_assert_eq!(&bytes, &to_vec(&s).unwrap());
        prop_assert_eq!(from_slice::<&str>(&bytes).unwrap(), s.as_str());
        let cow = from_slice::<Cow<str>>(&bytes).unwrap();
        prop_assert!(matches!(cow, Cow::Borrowed(_)), "Cow<str> must borrow");
        prop_assert_eq!(&*cow, s.as_str());
        let expected_header: &[u8] = match s.len() {
            n @ 0..=31 => &[0xa0 | n as u8],
            n @ 32..=255 => &[0xd9, n as u8],
            n @ 256..=65535 => &[0xda, (n >> 8) as u8, n as u8],
            _ => &[0xdb],
        };
        prop_assert_eq!(&bytes[..expected_header.len()], expected_header);
    }

    #[test]
    fn byte_buffers_are_bin(v in bytes(), split in any::<prop::sample::Index>()) {
        let bytes = roundtrip(&v);
        prop_assert_eq!(bytes[0], bin_marker(v.len()), "Vec<u8> must be bin");
        prop_assert_eq!(&encode_checked(&v.as_slice()), &bytes);
        prop_assert_eq!(from_slice::<&[u8]>(&bytes).unwrap(), v.as_slice());
        prop_assert_eq!(&roundtrip(&v.clone().into_boxed_slice()), &bytes);
        prop_assert_eq!(&encode_checked(&Cow::<[u8]>::Owned(v.clone())), &bytes);
        prop_assert_eq!(&encode_checked(&Cow::<[u8]>::Borrowed(&v)), &bytes);
        prop_assert!(matches!(from_slice::<Cow<[u8]>>(&bytes).unwrap(), Cow::Borrowed(_)));
        prop_assert_eq!(&roundtrip(&VecDeque::from(v.clone())), &bytes);
        let split = split.index(v.len() + 1);
        let deque = wrapped_deque(&v, split);
        if split > 0 && split < v.len() {
            prop_assert!(!deque.as_slices().1.is_empty(), "deque does not wrap: the test lost its point");
        }
        prop_assert_eq!(&roundtrip(&deque), &bytes);
    }

    #[test]
    fn byte_arrays_are_bin(a in any::<[u8; 4]>(), b in any::<[u8; 32]>(), c in prop::collection::vec(any::<u8>(), 300)) {
        let c: [u8; 300] = c.try_into().unwrap();
        prop_assert_eq!(&roundtrip(&a)[..2], &[0xc4, 4][..]);
        prop_assert_eq!(&roundtrip(&b)[..2], &[0xc4, 32][..]);
        prop_assert_eq!(&roundtrip(&c)[..3], &[0xc5, 1, 44][..]);
    }

    #[test]
    fn options_and_pointers(a in proptest::option::of(u32s()), s in proptest::option::of(string()), n in u64s()) {
        roundtrip(&a);
        roundtrip(&s);
        roundtrip(&Some(vec![1u8, 2]));
        roundtrip(&Box::new(n));
        roundtrip(&Rc::new(s.clone()));
        roundtrip(&Arc::new(a));
        roundtrip(&Box::new(Some(Box::new(n))));
        prop_assert_eq!(roundtrip(&Rc::<[u8]>::from(&[1u8, 2][..])), [0xc4, 2, 1, 2]);
        prop_assert_eq!(roundtrip(&Arc::<[u32]>::from(&[1u32, 2][..])), [0x92, 1, 2]);
        prop_assert_eq!(&roundtrip(&Arc::<[String]>::from(vec![s.clone().unwrap_or_default()]))[..1], &[0x91][..]);
        prop_assert_eq!(to_vec(&None::<u8>).unwrap(), [0xc0]);
    }

    #[test]
    fn sequences(
        v in prop::collection::vec(i64s(), 0..40),
        s in prop::collection::vec(string(), 0..5),
        split in any::<prop::sample::Index>(),
    ) {
        let bytes = roundtrip(&v);
        let n = v.len();
        prop_assert_eq!(bytes[0], if n < 16 { 0x90 | n as u8 } else { 0xdc });
        prop_assert_eq!(&roundtrip(&VecDeque::from(v.clone())), &bytes);
        let deque = wrapped_deque(&v, split.index(n + 1));
        prop_assert_eq!(&roundtrip(&deque), &bytes);
        prop_assert_eq!(&roundtrip(&v.iter().copied().collect::<LinkedList<_>>()), &bytes);
        prop_assert_eq!(&roundtrip(&v.clone().into_boxed_slice()), &bytes);
        prop_assert_eq!(&encode_checked(v.as_slice()), &bytes);
        roundtrip(&v.iter().copied().collect::<BTreeSet<_>>());
        roundtrip(&v.iter().copied().collect::<HashSet<_>>());
        roundtrip(&s);
        roundtrip(&s.iter().cloned().collect::<HashSet<_>>());
        roundtrip(&s.iter().map(|x| Some(x.clone())).collect::<Vec<_>>());
    }

    #[test]
    fn fixed_arrays(a in any::<[u16; 3]>(), b in prop::collection::vec(u32s(), 16), s in any::<[String; 2]>()) {
        prop_assert_eq!(roundtrip(&a)[0], 0x93);
        let b: [u32; 16] = b.try_into().unwrap();
        prop_assert_eq!(&roundtrip(&b)[..3], &[0xdc, 0, 16][..]);
        roundtrip(&s);
        roundtrip(&[Some(1u8), None]);
        roundtrip(&[[1u8, 2], [3, 4]]);
        roundtrip(&Vec::<[u8; 0]>::from([[], []]));
    }

    #[test]
    fn tuples(
        one in any::<u8>(),
        two in (string(), i64s()),
        five in (any::<u8>(), string(), bytes(), proptest::option::of(i32s()), any::<bool>()),
        first in (any::<u8>(), any::<i8>(), u16s(), i16s(), u32s(), i32s(), u64s(), i64s()),
        second in (any::<bool>(), string(), any::<char>(), proptest::option::of(any::<u8>()), bytes(), u64s()),
    ) {
        prop_assert_eq!(&roundtrip(&(one,))[..1], &[0x91][..]);
        prop_assert_eq!(roundtrip(&two)[0], 0x92);
        prop_assert_eq!(roundtrip(&five)[0], 0x95);
        let (a, b, c, d, e, f, g, h) = first;
        let (i, j, k, l, m, n) = second;
        let sixteen = (a, b, c, d, e, f, g, h, i, j.clone(), k, l, m.clone(), (), Duration::from_secs(n), PhantomData::<String>);
        // Tuples this long have no PartialEq or Debug: compare in two halves.
        let bytes = encode_checked(&sixteen);
        prop_assert_eq!(&bytes[..3], &[0xdc, 0, 16][..]);
        type Sixteen =
            (u8, i8, u16, i16, u32, i32, u64, i64, bool, String, char, Option<u8>, Vec<u8>, (), Duration, PhantomData<String>);
        let back: Sixteen = from_slice(&bytes).unwrap();
        let (a2, b2, c2, d2, e2, f2, g2, h2, i2, j2, k2, l2, m2, (), o2, _) = back;
        prop_assert_eq!((a2, b2, c2, d2, e2, f2, g2, h2), (a, b, c, d, e, f, g, h));
        prop_assert_eq!((i2, j2, k2, l2, m2, o2), (i, j, k, l, m, Duration::from_secs(n)));
    }

    #[test]
    fn maps(
        by_str in prop::collection::btree_map(string(), u32s(), 0..20),
        by_int in prop::collection::btree_map(i64s(), string(), 0..20),
        by_tuple in prop::collection::btree_map((any::<u8>(), "[a-c]{0,3}"), any::<bool>(), 0..20),
        by_bytes in prop::collection::btree_map(bytes(), proptest::option::of(i64s()), 0..4),
        hashed in prop::collection::hash_map(string(), u64s(), 0..20),
        hashed_int in prop::collection::hash_map(u32s(), bytes(), 0..5),
    ) {
        let bytes = roundtrip(&by_str);
        let n = by_str.len();
        prop_assert_eq!(bytes[0], if n < 16 { 0x80 | n as u8 } else { 0xde });
        roundtrip(&by_int);
        roundtrip(&by_tuple);
        roundtrip(&by_bytes);
        roundtrip(&hashed);
        roundtrip(&hashed_int);
        // Borrowed keys decode from the same bytes.
        let borrowed: BTreeMap<&str, u32> = from_slice(&bytes).unwrap();
        prop_assert!(borrowed.iter().map(|(k, v)| (*k, *v)).eq(by_str.iter().map(|(k, v)| (k.as_str(), *v))));
        let nested: BTreeMap<String, Vec<(u8, String)>> =
            by_str.keys().map(|k| (k.clone(), vec![(1, k.clone())])).collect();
        roundtrip(&nested);
    }

    #[test]
    fn durations(secs in u64s(), nanos in 0u32..1_000_000_000) {
        let d = Duration::new(secs, nanos);
        let bytes = roundtrip(&d);
        prop_assert_eq!(bytes[0], 0x92);
        let mut map = vec![0x82];
        map.extend(to_vec(&"nanos").unwrap());
        map.extend(to_vec(&nanos).unwrap());
        map.extend(to_vec(&"secs").unwrap());
        map.extend(to_vec(&secs).unwrap());
        prop_assert_eq!(from_slice::<Duration>(&map).unwrap(), d);
    }

    #[test]
    fn timestamps(a in timestamp32(), b in timestamp64(), c in timestamp96()) {
        prop_assert_eq!(&roundtrip(&a)[..2], &[0xd6, 0xff][..]);
        prop_assert_eq!(a.encoded_len(), 6);
        prop_assert_eq!(&roundtrip(&b)[..2], &[0xd7, 0xff][..]);
        prop_assert_eq!(b.encoded_len(), 10);
        prop_assert_eq!(&roundtrip(&c)[..3], &[0xc7, 12, 0xff][..]);
        prop_assert_eq!(c.encoded_len(), 15);
    }

    #[test]
    fn exts(ty in any::<i8>(), data in bytes()) {
        let ext = Ext::new(ty, data.clone());
        let bytes = roundtrip(&ext);
        let header: &[u8] = match data.len() {
            1 => &[0xd4],
            2 => &[0xd5],
            4 => &[0xd6],
            8 => &[0xd7],
            16 => &[0xd8],
            n @ 0..=255 => &[0xc7, n as u8],
            n @ 256..=65535 => &[0xc8, (n >> 8) as u8, n as u8],
            _ => &[0xc9],
        };
        prop_assert_eq!(&bytes[..header.len()], header);
        let borrowed = ExtRef::new(ty, &data);
        prop_assert_eq!(&encode_checked(&borrowed), &bytes);
        prop_assert_eq!(from_slice::<ExtRef>(&bytes).unwrap(), borrowed);
    }
}

#[test]
fn integer_boundaries() {
    for v in [0u64, 127, 128, 255, 256, 65535, 65536, u32::MAX as u64, u32::MAX as u64 + 1, u64::MAX] {
        roundtrip(&v);
        roundtrip(&(v as usize));
        roundtrip(&u128::from(v));
        roundtrip(&i128::from(v));
    }
    for v in [-1i64, -32, -33, -128, -129, -32768, -32769, i32::MIN as i64, i32::MIN as i64 - 1, i64::MIN, i64::MAX] {
        roundtrip(&v);
        roundtrip(&(v as isize));
        roundtrip(&i128::from(v));
    }
    roundtrip(&u8::MAX);
    roundtrip(&i8::MIN);
    roundtrip(&u16::MAX);
    roundtrip(&i16::MIN);
    roundtrip(&u32::MAX);
    roundtrip(&i32::MIN);
}

#[test]
fn units_and_phantoms() {
    assert_eq!(roundtrip(&()), [0xc0]);
    assert_eq!(roundtrip(&PhantomData::<String>), [0x90]);
    assert_eq!(msgpack_core::from_slice::<PhantomData<String>>(&[0xc0]).unwrap(), PhantomData);
    assert_eq!(roundtrip(&vec![(), ()]), [0x92, 0xc0, 0xc0]);
    // An empty byte buffer is an empty bin, an empty sequence an empty array.
    assert_eq!(roundtrip(&Vec::<u8>::new()), [0xc4, 0]);
    assert_eq!(roundtrip(&[0u8; 0]), [0xc4, 0]);
    assert_eq!(roundtrip(&Vec::<u16>::new()), [0x90]);
    assert_eq!(roundtrip(&BTreeMap::<u8, u8>::new()), [0x80]);
}

#[test]
fn long_containers_use_32_bit_headers() {
    let v: Vec<u8> = vec![7; 70_000];
    assert_eq!(roundtrip(&v)[..5], [0xc6, 0, 1, 0x11, 0x70]);
    let n: Vec<bool> = vec![true; 65_536];
    assert_eq!(roundtrip(&n)[..5], [0xdd, 0, 1, 0, 0]);
    let m: BTreeMap<u32, ()> = (0..65_536).map(|k| (k, ())).collect();
    assert_eq!(roundtrip(&m)[..5], [0xdf, 0, 1, 0, 0]);
    let s = "x".repeat(65_536);
    assert_eq!(roundtrip(&s)[..5], [0xdb, 0, 1, 0, 0]);
}

proptest! {
    #[test]
    fn timestamp_display_and_system_time(secs in i64s(), nanos in 0u32..1_000_000_000) {
        let t = Timestamp::new(secs, nanos).unwrap();
        prop_assert_eq!(check_timestamp(t), Ok(()));
    }
}

/// `Display` is the exact decimal number of seconds, and the `SystemTime`
/// conversions are inverses.
fn check_timestamp(t: Timestamp) -> Result<(), String> {
    let s = t.to_string();
    let (neg, body) = s.strip_prefix('-').map_or((false, s.as_str()), |b| (true, b));
    let (int, frac) = body.split_once('.').ok_or(format!("{t:?} displays as {s}"))?;
    let abs = int.parse::<i128>().unwrap() * 1_000_000_000 + frac.parse::<i128>().unwrap();
    if frac.len() != 9 || (if neg { -abs } else { abs }) != t.secs() as i128 * 1_000_000_000 + t.nanos() as i128 {
        return Err(format!("{t:?} displays as {s}"));
    }
    let st = t.to_system_time().ok_or(format!("{t:?} has no SystemTime"))?;
    match Timestamp::from_system_time(st) {
        Some(back) if back == t => Ok(()),
        other => Err(format!("{t:?} -> {st:?} -> {other:?}")),
    }
}

#[test]
fn timestamp_extremes_convert_both_ways() {
    let cases = [(i64::MIN, 0), (i64::MIN, 1), (i64::MAX, 999_999_999), (-1, 0), (-1, 999_999_999), (0, 0)];
    let wrong: Vec<String> = cases
        .into_iter()
        .filter_map(|(secs, nanos)| check_timestamp(Timestamp::new(secs, nanos).unwrap()).err())
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn timestamp_layout_boundaries() {
    let cases = [
        (0, 0, 6),
        ((1 << 32) - 1, 0, 6),
        (1 << 32, 0, 10),
        (0, 1, 10),
        ((1 << 34) - 1, 999_999_999, 10),
        (1 << 34, 0, 15),
        (-1, 0, 15),
        (-1, 999_999_999, 15),
        (i64::MIN, 0, 15),
        (i64::MAX, 999_999_999, 15),
    ];
    for (secs, nanos, len) in cases {
        let t = Timestamp::new(secs, nanos).unwrap();
        assert_eq!(roundtrip(&t).len(), len, "{t}");
    }
}

/// `SliceWriter` is documented to write nothing of a piece that does not
/// fit, keeping what earlier writes put in.
#[test]
fn slice_writer_writes_nothing_of_a_piece_that_does_not_fit() {
    let mut buf = [GUARD; 6];
    let mut w = SliceWriter::new(&mut buf[..4]);
    w.write_all(&[1, 2, 3]).unwrap();
    assert_eq!(w.write_all(&[4, 5]), Err(EndOfSlice));
    assert_eq!((w.position(), w.remaining()), (3, 1));
    w.write_all(&[6]).unwrap();
    assert_eq!(w.write_all(&[]), Ok(()));
    assert_eq!(w.write_all(&[7]), Err(EndOfSlice));
    assert_eq!(w.written(), [1, 2, 3, 6]);
    assert_eq!(buf, [1, 2, 3, 6, GUARD, GUARD]);

    // Through the encoder: the header of "hello" would fit, its payload does
    // not; a str is written as one piece (header and payload), so neither is.
    let mut buf = [GUARD; 8];
    let mut w = SliceWriter::new(&mut buf[..4]);
    assert_eq!(Encoder::new(&mut w).str("hello"), Err(encode::Error::Write(EndOfSlice)));
    assert_eq!(w.position(), 0);
    assert_eq!(buf, [GUARD; 8]);
    let mut w = SliceWriter::new(&mut buf[..4]);
    assert_eq!(Encoder::new(&mut w).bin(&[1, 2, 3]), Err(encode::Error::Write(EndOfSlice)));
    assert_eq!(buf, [GUARD; 8]);
}

// ---- decode rules ----------------------------------------------------------

/// Every valid MessagePack encoding of the integer `v`: the minimal one and
/// every wider width whose range holds it, signed and unsigned.
fn int_encodings(v: i128) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    if (0..=0x7f).contains(&v) {
        out.push(vec![v as u8]);
    }
    if (-32..0).contains(&v) {
        out.push(vec![v as i8 as u8]);
    }
    if let Ok(x) = u8::try_from(v) {
        out.push(vec![0xcc, x]);
    }
    if let Ok(x) = u16::try_from(v) {
        out.push([&[0xcd][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = u32::try_from(v) {
        out.push([&[0xce][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = u64::try_from(v) {
        out.push([&[0xcf][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = i8::try_from(v) {
        out.push(vec![0xd0, x as u8]);
    }
    if let Ok(x) = i16::try_from(v) {
        out.push([&[0xd1][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = i32::try_from(v) {
        out.push([&[0xd2][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = i64::try_from(v) {
        out.push([&[0xd3][..], &x.to_be_bytes()].concat());
    }
    out
}

/// How an error describes the integer `v`.
fn found_int(v: i128) -> Found {
    if v >= 0 { Found::UInt(v as u64) } else { Found::NegInt(v as i64) }
}

/// Integers around every type's bounds, within the MessagePack range.
fn int_boundaries() -> Vec<i128> {
    let bounds = [
        0,
        u8::MAX as i128,
        u16::MAX as i128,
        u32::MAX as i128,
        u64::MAX as i128,
        i8::MIN as i128,
        i8::MAX as i128,
        i16::MIN as i128,
        i16::MAX as i128,
        i32::MIN as i128,
        i32::MAX as i128,
        i64::MIN as i128,
        i64::MAX as i128,
        -32,
    ];
    let mut out: Vec<i128> = bounds.iter().flat_map(|&b| [b - 1, b, b + 1]).collect();
    out.retain(|&v| (i64::MIN as i128..=u64::MAX as i128).contains(&v));
    out
}

fn msgpack_int() -> impl Strategy<Value = i128> {
    prop_oneof![
        2 => i64::MIN as i128..=u64::MAX as i128,
        2 => i64s().prop_map(i128::from),
        2 => u64s().prop_map(i128::from),
        1 => prop::sample::select(int_boundaries()),
    ]
}

/// Decodes `bytes` as each type and checks: `v` itself when the type holds
/// it, else `OutOfRange` naming the type and the value (never a wrap).
macro_rules! check_int_targets {
    ($bytes:expr, $v:expr; $($t:ident),*) => {$(
        let r = from_slice::<$t>($bytes);
        match $t::try_from($v) {
            Ok(x) => prop_assert_eq!(r, Ok(x), "{} from {:02x?}", stringify!($t), $bytes),
            Err(_) => {
                let e = r.expect_err(concat!("out of range for ", stringify!($t)));
                prop_assert_eq!(
                    e.kind(),
                    &ErrorKind::OutOfRange { expected: stringify!($t), found: found_int($v) },
                    "{} from {:02x?}", stringify!($t), $bytes
                );
                prop_assert_eq!(e.offset(), 0);
            }
        }
    )*};
}

proptest! {
    #[test]
    fn every_integer_width_into_every_integer_type(v in msgpack_int()) {
        let encodings = int_encodings(v);
        prop_assert!(!encodings.is_empty());
        for bytes in &encodings {
            let bytes = bytes.as_slice();
            check_int_targets!(bytes, v; u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, u128, i128);
            // The Decoder methods too, and the value's own encoding is one of them.
            prop_assert_eq!(Decoder::new(bytes).i128(), Ok(v));
        }
        let minimal = to_vec(&v).unwrap();
        prop_assert!(encodings.contains(&minimal));
        prop_assert_eq!(minimal.len(), encodings.iter().map(Vec::len).min().unwrap());
    }

    #[test]
    fn ints_into_floats_only_when_enabled(v in msgpack_int()) {
        let opts = DecodeOptions::new().int_to_float(true);
        for bytes in int_encodings(v) {
            let e = from_slice::<f64>(&bytes).unwrap_err();
            prop_assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "f64", found: found_int(v) });
            let e = from_slice::<f32>(&bytes).unwrap_err();
            prop_assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "f32", found: found_int(v) });
            prop_assert_eq!(from_slice_with::<f64>(&bytes, &opts), Ok(v as f64));
            prop_assert_eq!(from_slice_with::<f32>(&bytes, &opts), Ok(v as f32));
        }
    }
}

#[test]
fn nonzero_rejects_zero() {
    for bytes in int_encodings(0) {
        let e = from_slice::<NonZeroU32>(&bytes).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::OutOfRange { expected: "NonZeroU32", found: Found::UInt(0) });
        let e = from_slice::<NonZeroI8>(&bytes).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::OutOfRange { expected: "NonZeroI8", found: Found::UInt(0) });
    }
    // Out of the inner type's range: the inner type's error.
    let e = from_slice::<NonZeroU8>(&[0xcd, 1, 0]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::OutOfRange { expected: "u8", found: Found::UInt(256) });
}

#[test]
fn float_widths() {
    // float 32 into f64, exactly.
    assert_eq!(from_slice::<f64>(&[0xca, 0x3d, 0xcc, 0xcc, 0xcd]), Ok(0.1f32 as f64));
    assert_eq!(from_slice::<f64>(&[0xca, 0x7f, 0x80, 0, 0]), Ok(f64::INFINITY));
    // float 64 into f32: refused, even when exactly representable.
    let e = from_slice::<f32>(&[0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "f32", found: Found::F64(1.0) });
    let opts = DecodeOptions::new().int_to_float(true);
    assert!(from_slice_with::<f32>(&[0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0], &opts).is_err());
    // Ints are not floats by default...
    let e = from_slice::<f64>(&[0x05]).unwrap_err();
    assert_eq!(e.to_string(), "expected f64, found int 5 at $ (byte 0)");
    // ...but are with the option, nested too.
    assert_eq!(
        from_slice_with::<Vec<f64>>(&[0x93, 0x05, 0xd0, 0x80, 0xca, 0x3f, 0xc0, 0, 0], &opts),
        Ok(vec![5.0, -128.0, 1.5])
    );
    assert_eq!(
        from_slice_with::<f32>(&[0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], &opts),
        Ok(u64::MAX as f32)
    );
    // Other types stay refused with the option.
    let e = from_slice_with::<f64>(&[0xc3], &opts).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TypeMismatch { expected: "f64", found: Found::Bool(true) });
}

#[test]
fn byte_buffers_from_arrays_of_small_ints() {
    // [1, 255 as uint8, 3 as uint16]
    let arr = [0x93, 0x01, 0xcc, 0xff, 0xcd, 0x00, 0x03];
    let expected = [1u8, 255, 3];
    assert_eq!(from_slice::<Vec<u8>>(&arr).unwrap(), expected);
    assert_eq!(from_slice::<[u8; 3]>(&arr).unwrap(), expected);
    assert_eq!(from_slice::<Box<[u8]>>(&arr).unwrap()[..], expected);
    assert_eq!(from_slice::<VecDeque<u8>>(&arr).unwrap(), expected);
    let cow = from_slice::<Cow<[u8]>>(&arr).unwrap();
    assert!(matches!(cow, Cow::Owned(_)));
    assert_eq!(cow[..], expected);
    // Nested.
    assert_eq!(from_slice::<Vec<Vec<u8>>>(&[0x92, 0x91, 0x07, 0xc4, 1, 8]).unwrap(), [vec![7], vec![8]]);

    // An element out of range or of another type: an error at its index.
    let e = from_slice::<Vec<u8>>(&[0x92, 0x01, 0xcd, 0x01, 0x00]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::OutOfRange { expected: "u8", found: Found::UInt(256) });
    assert_eq!(e.to_string(), "expected u8, found int 256 (out of range) at $[1] (byte 2)");
    let e = from_slice::<[u8; 2]>(&[0x92, 0x01, 0xff]).unwrap_err();
    assert_eq!(e.to_string(), "expected u8, found int -1 (out of range) at $[1] (byte 2)");
    // [u8; N] still checks the count.
    let e = from_slice::<[u8; 2]>(&arr).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::InvalidLength { expected: 2, found: 3 });

    // A borrowed slice cannot come from an array.
    let e = from_slice::<&[u8]>(&arr).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TypeMismatch { expected: "bytes", found: Found::Array(3) }), "{e:?}");
    assert_eq!(e.to_string(), "expected bytes, found array of 3 elements at $ (byte 0)");
    // Neither bin nor array.
    let e = from_slice::<Vec<u8>>(&[0xa1, b'x']).unwrap_err();
    assert_eq!(e.to_string(), r#"expected bytes, found str "x" at $ (byte 0)"#);
}

#[cfg(feature = "bytes")]
#[test]
fn bytes_types() {
    use bytes::{Bytes, BytesMut};

    let data: Vec<u8> = (0..=255).collect();
    let b = Bytes::from(data.clone());
    assert_eq!(roundtrip(&b), to_vec(&data).unwrap());
    let m = BytesMut::from(&data[..]);
    assert_eq!(roundtrip(&m), to_vec(&data).unwrap());
    assert_eq!(roundtrip(&Bytes::new()), [0xc4, 0]);

    let arr = [0x93, 0x01, 0xcc, 0xff, 0x03];
    assert_eq!(from_slice::<Bytes>(&arr).unwrap(), Bytes::from_static(&[1, 255, 3]));
    assert_eq!(from_slice::<BytesMut>(&arr).unwrap(), BytesMut::from(&[1u8, 255, 3][..]));

    // BytesMut and BufMut sinks.
    let value = (1u8, "hello", vec![7u8; 300]);
    let mut e = Encoder::new(BytesMut::new());
    e.encode(&value).unwrap();
    assert_eq!(e.into_writer()[..], to_vec(&value).unwrap()[..]);
    let mut e = Encoder::new(encode::BufMutWriter::new(BytesMut::new()));
    e.encode(&value).unwrap();
    assert_eq!(e.into_writer().into_inner()[..], to_vec(&value).unwrap()[..]);
    let mut small = [GUARD; 8];
    let mut e = Encoder::new(encode::BufMutWriter::new(&mut small[..4]));
    assert_eq!(e.encode(&value), Err(encode::Error::Write(EndOfSlice)));
    assert_eq!(small[4..], [GUARD; 4]);

    // Zero-copy from a Bytes input.
    let input = Bytes::from(to_vec(&(Bytes::from_static(b"abc"), "x", Bytes::from_static(b"defg"))).unwrap());
    let (a, s, d): (Bytes, String, Bytes) = msgpack_core::from_bytes(&input).unwrap();
    assert_eq!((&a[..], s.as_str(), &d[..]), (&b"abc"[..], "x", &b"defg"[..]));
    assert_eq!(a.as_ptr(), input[3..].as_ptr(), "Bytes must share the input's memory");
    assert_eq!(d.as_ptr(), input[10..].as_ptr(), "Bytes must share the input's memory");
    // An array of ints is copied, but still decodes.
    let input = Bytes::from_static(&[0x92, 0x01, 0x02]);
    let b: Bytes = msgpack_core::from_bytes(&input).unwrap();
    assert_eq!(&b[..], &[1, 2]);
    // Trailing bytes are an error there too.
    let input = Bytes::from_static(&[0xc4, 0x01, 0x07, 0xc0]);
    let e = msgpack_core::from_bytes::<Bytes>(&input).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TrailingBytes { count: 1 });
}

#[test]
fn u128_beyond_64_bits_is_unrepresentable() {
    for v in [u64::MAX as u128 + 1, u128::MAX] {
        assert!(matches!(to_vec(&v), Err(encode::Error::Unrepresentable(_))), "{v}");
        assert!(matches!(to_slice(&v, &mut [0u8; 32]), Err(encode::Error::Unrepresentable(_))));
        assert!(matches!(to_vec(&vec![1u128, v]), Err(encode::Error::Unrepresentable(_))));
    }
    for v in [u64::MAX as i128 + 1, i64::MIN as i128 - 1, i128::MIN, i128::MAX] {
        assert!(matches!(to_vec(&v), Err(encode::Error::Unrepresentable(_))), "{v}");
        assert!(matches!(to_vec(&(1u8, v)), Err(encode::Error::Unrepresentable(_))));
    }
    let e = from_slice::<u128>(&[0xff]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::OutOfRange { expected: "u128", found: Found::NegInt(-1) });
}

#[test]
fn duration_forms() {
    let d = Duration::new(5, 7);
    assert_eq!(to_vec(&d).unwrap(), [0x92, 0x05, 0x07]);
    assert_eq!(from_slice::<Duration>(&[0x92, 0x05, 0x07]), Ok(d));
    // Map form, either order, any integer width.
    let map = [0x82, 0xa4, b's', b'e', b'c', b's', 0xcd, 0, 5, 0xa5, b'n', b'a', b'n', b'o', b's', 0x07];
    assert_eq!(from_slice::<Duration>(&map), Ok(d));
    let map = [0x82, 0xa5, b'n', b'a', b'n', b'o', b's', 0x07, 0xa4, b's', b'e', b'c', b's', 0x05];
    assert_eq!(from_slice::<Duration>(&map), Ok(d));

    // nanos >= 1e9: an error in both forms.
    let big = [0x92, 0x05, 0xce, 0x3b, 0x9a, 0xca, 0x00]; // 1_000_000_000
    let e = from_slice::<Duration>(&big).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { found: Found::UInt(1_000_000_000), .. }), "{e:?}");
    let big =
        [0x82, 0xa4, b's', b'e', b'c', b's', 0x05, 0xa5, b'n', b'a', b'n', b'o', b's', 0xce, 0xff, 0xff, 0xff, 0xff];
    let e = from_slice::<Duration>(&big).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfRange { found: Found::UInt(0xffff_ffff), .. }), "{e:?}");
    assert_eq!(
        Duration::new(0, 999_999_999),
        from_slice::<Duration>(&[0x92, 0x00, 0xce, 0x3b, 0x9a, 0xc9, 0xff]).unwrap()
    );

    // Missing, unknown, and ill-typed fields.
    let e = from_slice::<Duration>(&[0x81, 0xa4, b's', b'e', b'c', b's', 0x05]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::MissingField("nanos"));
    let e = from_slice::<Duration>(&[0x81, 0xa1, b'x', 0x05]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnknownField(_)), "{e:?}");
    let e = from_slice::<Duration>(&[0x92, 0xff, 0x00]).unwrap_err();
    assert_eq!(e.to_string(), "expected u64, found int -1 (out of range) at $[0] (byte 1)");
    let e = from_slice::<Duration>(&[0x93, 0x01, 0x02, 0x03]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::InvalidLength { expected: 2, found: 3 });
}

#[test]
fn zero_copy_borrows_from_the_input() {
    let bytes = to_vec(&("hello", Ext::new(3, vec![1, 2, 3]), vec![9u8, 8], "wörld")).unwrap();
    let range = bytes.as_ptr_range();
    let (s, ext, bin, cow): (&str, ExtRef, &[u8], Cow<str>) = from_slice(&bytes).unwrap();
    assert_eq!((s, ext, bin, &*cow), ("hello", ExtRef::new(3, &[1, 2, 3]), &[9u8, 8][..], "wörld"));
    assert_eq!(s.as_ptr(), bytes[2..].as_ptr());
    assert_eq!(ext.data.as_ptr(), bytes[10..].as_ptr());
    assert_eq!(bin.as_ptr(), bytes[15..].as_ptr());
    let Cow::Borrowed(c) = cow else { panic!("Cow<str> must be borrowed") };
    assert!(range.contains(&c.as_ptr()));
    assert_eq!(c.as_ptr(), bytes[18..].as_ptr());

    // Inside containers: keys and values.
    let map: BTreeMap<&str, &[u8]> = BTreeMap::from([("k", &b"v"[..]), ("key2", &b"value"[..])]);
    let bytes = to_vec(&map).unwrap();
    let range = bytes.as_ptr_range();
    let back: BTreeMap<&str, Cow<[u8]>> = from_slice(&bytes).unwrap();
    for (k, v) in &back {
        assert!(range.contains(&k.as_ptr()));
        let Cow::Borrowed(v) = v else { panic!("Cow<[u8]> from bin must borrow") };
        assert!(range.contains(&v.as_ptr()));
    }
    assert_eq!(back.len(), 2);
}

#[test]
fn streaming_reads_value_after_value() {
    let mut buf = Vec::new();
    msgpack_core::append_to_vec(&1u8, &mut buf).unwrap();
    msgpack_core::append_to_vec(&"hi", &mut buf).unwrap();
    msgpack_core::append_to_vec(&vec![1u32, 70_000], &mut buf).unwrap();
    msgpack_core::append_to_vec(&Some(2.5f64), &mut buf).unwrap();
    msgpack_core::append_to_vec(&BTreeMap::from([(1u8, "a")]), &mut buf).unwrap();
    let mut d = Decoder::new(&buf);
    assert_eq!(d.decode::<u8>(), Ok(1));
    assert_eq!(d.position(), 1);
    assert_eq!(d.decode::<&str>(), Ok("hi"));
    assert_eq!(d.position(), 4);
    assert_eq!(d.decode::<Vec<u32>>(), Ok(vec![1, 70_000]));
    assert_eq!(d.decode::<Option<f64>>(), Ok(Some(2.5)));
    assert_eq!(d.decode::<BTreeMap<u8, String>>(), Ok(BTreeMap::from([(1, "a".to_string())])));
    assert!(d.is_empty());
    assert_eq!(d.finish(), Ok(()));
    let e = d.decode::<u8>().unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::UnexpectedEof { needed: 1, available: 0 });

    // Skipping works between typed reads.
    let mut d = Decoder::new(&buf);
    d.skip().unwrap();
    d.skip().unwrap();
    assert_eq!(d.raw_value(), Ok(&to_vec(&vec![1u32, 70_000]).unwrap()[..]));
    assert_eq!(d.decode::<f64>(), Ok(2.5));
}

#[test]
fn trailing_bytes_are_rejected() {
    let e = from_slice::<u8>(&[0x01, 0x02, 0x03]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TrailingBytes { count: 2 });
    assert_eq!(e.offset(), 1);
    let e = from_slice::<Vec<u8>>(&[0xc4, 0x01, 0x07, 0xc0]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TrailingBytes { count: 1 });
    assert_eq!(e.offset(), 3);
    assert_eq!(e.to_string(), "1 trailing bytes after the value at $ (byte 3)");
}

/// An `io::Write` that accepts `room` bytes, then fails.
struct FailingWriter {
    room: usize,
    got: Vec<u8>,
}

impl std::io::Write for FailingWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.room == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::BrokenPipe, "pipe closed"));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        self.got.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn io_writer() {
    let value = (1u8, "hello", vec![1u16, 2, 3]);
    let bytes = to_vec(&value).unwrap();
    let mut out = Vec::new();
    msgpack_core::to_writer(&value, &mut out).unwrap();
    assert_eq!(out, bytes);
    for room in [0, 1, 5, bytes.len() - 1] {
        let mut w = FailingWriter { room, got: Vec::new() };
        match msgpack_core::to_writer(&value, &mut w) {
            Err(encode::Error::Write(e)) => {
                assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe);
                assert_eq!(e.to_string(), "pipe closed");
            }
            other => panic!("expected an io error, got {other:?}"),
        }
        assert_eq!(w.got, bytes[..room]);
    }
    let mut w = FailingWriter { room: bytes.len(), got: Vec::new() };
    msgpack_core::to_writer(&value, &mut w).unwrap();
    assert_eq!(w.got, bytes);
}

#[test]
fn error_messages() {
    let e = from_slice::<Vec<Vec<u8>>>(&[0x92, 0xc4, 0x01, 0x07, 0x92, 0x01, 0xa1, b'x']).unwrap_err();
    assert_eq!(e.to_string(), r#"expected u8, found str "x" at $[1][1] (byte 6)"#);

    let e = from_slice::<BTreeMap<String, Vec<u16>>>(&[0x81, 0xa3, b'k', b'e', b'y', 0x92, 0x01, 0xff]).unwrap_err();
    assert_eq!(e.to_string(), r#"expected u16, found int -1 (out of range) at $["key"][1] (byte 7)"#);

    let e = from_slice::<(u8, String, bool)>(&[0x93, 0x01, 0xa1, b'a', 0xc0]).unwrap_err();
    assert_eq!(e.to_string(), "expected bool, found nil at $[2] (byte 4)");

    let e = from_slice::<Vec<BTreeMap<String, (u8, u8)>>>(&[0x91, 0x81, 0xa1, b'k', 0x92, 0x01, 0xcd, 0x01, 0x00])
        .unwrap_err();
    assert_eq!(e.to_string(), r#"expected u8, found int 256 (out of range) at $[0]["k"][1] (byte 6)"#);

    // Integer keys, and an error in a key (located by the entry's index).
    let e = from_slice::<BTreeMap<u8, String>>(&[0x82, 0x01, 0xa0, 0x07, 0x05]).unwrap_err();
    assert_eq!(e.to_string(), "expected str, found int 5 at $[7] (byte 4)");
    let e = from_slice::<BTreeMap<u32, bool>>(&[0x81, 0xa1, b'a', 0xc3]).unwrap_err();
    assert_eq!(e.to_string(), r#"expected u32, found str "a" at $[0] (byte 1)"#);

    // Long strings are cut in the message.
    let e = from_slice::<u8>(&to_vec(&"a".repeat(40)).unwrap()).unwrap_err();
    assert_eq!(e.to_string(), format!("expected u8, found str \"{}...\" at $ (byte 0)", "a".repeat(24)));
}

#[test]
fn to_vec_allocates_exactly_once() {
    // Documented on `to_vec` ("allocating exactly once") and promised by
    // DESIGN.md section 8; `append_to_vec` reserves the exact size first.
    fn once<T: Encode + ?Sized>(what: &str, v: &T, failures: &mut Vec<String>) {
        let (bytes, n) = count_allocs(|| to_vec(v).unwrap());
        if n != 1 {
            failures.push(format!("to_vec of {what} ({} bytes): {n} allocations", bytes.len()));
        }
        let mut out = Vec::new();
        let ((), n) = count_allocs(|| msgpack_core::append_to_vec(v, &mut out).unwrap());
        if n != 1 {
            failures.push(format!("append_to_vec of {what} into an empty Vec: {n} allocations"));
        }
    }
    let mut failures = Vec::new();
    once("u64", &300u64, &mut failures);
    once("Vec<u32>", &vec![1u32, 2, 3], &mut failures);
    once("a str", "abc", &mut failures);
    once("a String of 100 bytes", &"x".repeat(100), &mut failures);
    once("a tuple (str, u8)", &("abc", 1u8), &mut failures);
    once("a Vec<u8>", &vec![1u8, 2, 3], &mut failures);
    once("a map ending in a str", &BTreeMap::from([(1u8, "value")]), &mut failures);
    once("an ext", &Ext::new(1, vec![1, 2, 3]), &mut failures);
    assert!(failures.is_empty(), "more than one allocation:\n{}", failures.join("\n"));
}

/// `to_vec` writes into the spare capacity of a `Vec` sized by
/// `encoded_len`; payloads of every length class (the block copies of 1-3,
/// 4-7, 8-15, 16-32 bytes and the long path) come out intact; an
/// `encoded_len` that falls short is an error, never a corrupt buffer.
#[test]
fn to_vec_copies_every_length_class() {
    for len in 0..=70usize {
        let s: String = (0..len).map(|i| (b'a' + (i % 26) as u8) as char).collect();
        let b: Vec<u8> = (0..len as u8).collect();
        let bytes = msgpack_core::to_vec(&(s.as_str(), b.as_slice(), len as u32)).unwrap();
        let mut expected = Vec::new();
        msgpack_core::append_to_vec(&(s.as_str(), b.as_slice(), len as u32), &mut expected).unwrap();
        assert_eq!(bytes, expected, "len {len}");
        let back: (String, Vec<u8>, u32) = msgpack_core::from_slice(&bytes).unwrap();
        assert_eq!(back, (s, b, len as u32));
    }

    struct ShortLen;
    impl msgpack_core::Encode for ShortLen {
        fn encode<W: encode::Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
            e.array_len(2)?;
            e.str("a string longer than the claimed size")?;
            e.u64(u64::MAX)
        }
        fn encoded_len(&self) -> usize {
            3
        }
    }
    // `encoded_len` breaks Encode's contract: `to_vec` reports it (its
    // buffer has exactly the claimed capacity) instead of encoding twice.
    let Err(encode::Error::Custom(msg)) = msgpack_core::to_vec(&ShortLen) else {
        panic!("a short encoded_len is an error of to_vec")
    };
    assert!(msg.contains("encoded_len"), "{msg}");
    let mut expected = Vec::new();
    encode::Encode::encode(&ShortLen, &mut Encoder::new(&mut expected)).unwrap();
    // Appended after existing bytes, with no spare capacity and with some
    // (too little, enough): either the value is appended whole (the
    // capacity the allocator gave held it) or the contract error, the old
    // bytes kept and nothing else: never a cut or corrupt buffer.
    for spare in [0usize, 1, 5, 40, 80] {
        let mut out = Vec::with_capacity(2 + spare);
        out.extend_from_slice(&[0xc0, 0xc2]);
        match msgpack_core::append_to_vec(&ShortLen, &mut out) {
            Ok(()) => assert_eq!(&out[2..], &expected[..], "spare {spare}"),
            Err(encode::Error::Custom(_)) => assert_eq!(out, [0xc0, 0xc2], "spare {spare}"),
            Err(e) => panic!("spare {spare}: {e:?}"),
        }
        assert_eq!(&out[..2], &[0xc0, 0xc2]);
    }
    let mut roomy = Vec::with_capacity(80);
    msgpack_core::append_to_vec(&ShortLen, &mut roomy).unwrap();
    assert_eq!(roomy, expected, "with room the one pass never asks the length");
}

/// Large maps are built in one pass from the collected entries; the result
/// is the same as inserting one by one: any key order, the last of equal
/// keys wins, errors located as before.
#[test]
fn btreemap_bulk_build_matches_inserts() {
    use std::collections::BTreeMap;
    for len in [0usize, 1, 8, 9, 50, 1000] {
        // keys out of order and repeated
        let entries: Vec<(u32, u32)> = (0..len as u32).map(|i| ((i * 7919) % 13 + (i % 5) * 100, i)).collect();
        let value = msgpack_core::Value::Map(
            entries.iter().map(|&(k, v)| (msgpack_core::Value::from(k), msgpack_core::Value::from(v))).collect(),
        );
        let bytes = msgpack_core::to_vec(&value).unwrap();
        let mut expected = BTreeMap::new();
        for &(k, v) in &entries {
            expected.insert(k, v);
        }
        assert_eq!(msgpack_core::from_slice::<BTreeMap<u32, u32>>(&bytes).unwrap(), expected, "len {len}");
    }
    let bad = msgpack_core::to_vec(&msgpack_core::Value::Map(
        (0..20u32)
            .map(|i| (msgpack_core::Value::from(i), msgpack_core::Value::from(if i == 15 { -1 } else { 1 })))
            .collect(),
    ))
    .unwrap();
    let e = msgpack_core::from_slice::<BTreeMap<u32, u32>>(&bad).unwrap_err();
    assert!(e.to_string().contains("$[15]"), "{e}");
}

/// `Vec<bool>` and `[bool]` take a block path (markers written and read 64
/// at a time); every length around the block size, and a bad element
/// reported at its index.
#[test]
fn bool_sequences() {
    for len in [0usize, 1, 15, 16, 63, 64, 65, 128, 200, 70_000] {
        let v: Vec<bool> = (0..len).map(|i| i % 3 == 0).collect();
        let bytes = encode_checked(&v);
        let mut want = Vec::new();
        Encoder::new(&mut want).array_len(len).unwrap();
        want.extend(v.iter().map(|&b| if b { 0xc3 } else { 0xc2 }));
        assert_eq!(bytes, want, "len {len}");
        assert_eq!(msgpack_core::from_slice::<Vec<bool>>(&bytes).unwrap(), v);
    }
    // A non-bool element: the element-wise path names it.
    let err = msgpack_core::from_slice::<Vec<bool>>(&[0x93, 0xc3, 0xc0, 0xc2]).unwrap_err();
    assert!(err.to_string().contains("$[1]"), "{err}");
    // Truncated: fewer bytes than the header claims.
    assert!(msgpack_core::from_slice::<Vec<bool>>(&[0x93, 0xc3, 0xc2]).is_err());
}
