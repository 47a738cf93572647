//! The evidence list of issue 27 (item 1): every type of the crate's type
//! table (`src/lib.rs`) against what rmp-serde 1.3 writes for it through
//! its serde impl (serde's default impls; chrono and time with their
//! `serde` feature), in both of rmp-serde's modes: `to_vec_named` (structs
//! as maps, a map-form container here) and `to_vec` (structs as arrays, an
//! `array` container). Each type is `Same` (equal bytes, and each side
//! reads the other's) or `Differs` (and whether each side still reads the
//! other's); every `Differs` names the adapter of `msgpack_core::with`
//! that gives serde's bytes, tested in `tests/serde_compat/serde_adapters.rs`.
//!
//! Runs with the ecosystem features (`--all-features` runs all):
//! `cargo test -p msgpack-core --features chrono,time,uuid,indexmap,smallvec,arrayvec,heapless,rust_decimal --test serde_compat serde_compat::serde_forms::`.

#![allow(unused_imports)]

use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, LinkedList, VecDeque};
use std::ffi::{CString, OsString};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{NonZeroI8, NonZeroI64, NonZeroI128, NonZeroU16, NonZeroU128, Saturating, Wrapping};
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use msgpack_core::{DecodeOwned, Encode, MsgPack, from_slice, to_vec};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// How our bytes compare with rmp-serde's in one mode.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Form {
    /// Equal bytes; each side decodes the other's to the value.
    Same,
    /// Other bytes: whether we read rmp-serde's, and whether it reads ours.
    Differs { we_read: bool, it_reads: bool },
}
use Form::{Differs, Same};

/// Other bytes, neither side reading the other's.
const APART: Form = Differs { we_read: false, it_reads: false };

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// Compares `value` in both modes: `named` for `to_vec_named`, `compact`
/// for `to_vec`.
#[track_caller]
fn form<T>(value: &T, named: Form, compact: Form)
where
    T: Encode + DecodeOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let ours = to_vec(value).unwrap();
    assert_eq!(ours.len(), value.encoded_len());
    let modes = [
        ("to_vec_named", rmp_serde::to_vec_named(value).unwrap(), named),
        ("to_vec", rmp_serde::to_vec(value).unwrap(), compact),
    ];
    for (mode, theirs, expected) in modes {
        let we_read = from_slice::<T>(&theirs).is_ok_and(|v| v == *value);
        let it_reads = rmp_serde::from_slice::<T>(&ours).is_ok_and(|v| v == *value);
        let got = if ours == theirs { Same } else { Differs { we_read, it_reads } };
        let what = format!(
            "{} {value:?}, {mode}: ours {}, rmp-serde {}",
            std::any::type_name::<T>(),
            hex(&ours),
            hex(&theirs)
        );
        assert_eq!(got, expected, "{what}");
        if got == Same {
            assert!(we_read && it_reads, "{what}: equal bytes, but read back we {we_read}, rmp-serde {it_reads}");
        }
    }
}

/// The same bytes in both modes, for types that one side cannot read
/// back on its own (borrowed, or without `Deserialize` / `PartialEq`).
#[track_caller]
fn same_bytes<T: Encode + Serialize + Debug + ?Sized>(value: &T) {
    let ours = to_vec(value).unwrap();
    assert_eq!(hex(&ours), hex(&rmp_serde::to_vec_named(value).unwrap()), "{value:?}");
    assert_eq!(hex(&ours), hex(&rmp_serde::to_vec(value).unwrap()), "{value:?}");
}

/// The same in both modes.
#[track_caller]
fn same<T>(value: &T)
where
    T: Encode + DecodeOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    form(value, Same, Same);
}

#[derive(MsgPack, Serialize, Deserialize, Debug, PartialEq)]
struct Unit;

#[test]
fn scalars_are_the_same() {
    same(&true);
    for v in [0u64, 127, 128, 255, 256, 65_536, u64::MAX] {
        same(&v);
    }
    for v in [0i64, -1, -32, -33, -129, i64::MIN, i64::MAX] {
        same(&v);
    }
    same(&(7u8, 300u16, 70_000u32, -5i8, -300i16, -70_000i32, usize::MAX, isize::MIN));
    same(&(NonZeroU16::new(300).unwrap(), NonZeroI8::new(-1).unwrap(), NonZeroI64::new(i64::MIN).unwrap()));
    same(&(1.5f32, -0.1f64, f64::INFINITY));
    same(&('a', 'é', '\u{1f600}'));
    same(&());
    same(&PhantomData::<u8>);
    same(&Unit);
}

#[test]
fn int128_differs_even_when_small() {
    // rmp-serde writes every `u128` / `i128` as a 16-byte `bin`, and reads
    // integers too: it reads ours while ours fit in 64 bits; our `u128`
    // reads integers only. Adapter: with::serde_int128.
    let both = Differs { we_read: false, it_reads: true };
    form(&5u128, both, both);
    form(&-5i128, both, both);
    form(&NonZeroU128::new(1 << 63).unwrap(), both, both);
    form(&NonZeroI128::new(-1).unwrap(), both, both);
    // Beyond 64 bits we cannot encode at all (an encode error).
    assert!(to_vec(&(u128::MAX)).is_err() && rmp_serde::to_vec(&u128::MAX).is_ok());
}

#[test]
fn text_and_bytes() {
    same(&String::from("héllo"));
    same_bytes("borrowed");
    same_bytes(&std::borrow::Cow::<str>::Borrowed("cow"));
    same_bytes(c"c str");
    same(&Box::<str>::from("b"));
    // A byte buffer is `bin` here and with `serde_bytes`; plain serde writes
    // an array of integers (the documented difference: `as_array`).
    let bytes = serde_bytes::ByteBuf::from(vec![1, 2, 255]);
    assert_eq!(to_vec(&bytes.to_vec()).unwrap(), rmp_serde::to_vec_named(&bytes).unwrap());
    assert_eq!(to_vec(&bytes.to_vec()).unwrap(), rmp_serde::to_vec(&bytes).unwrap());
    let both = Differs { we_read: true, it_reads: true };
    form(&vec![1u8, 2, 255], both, both);
    form(&[1u8, 2, 3], both, both);
    // `CString`: serde writes its bytes as `bin` too.
    same(&CString::new("c str").unwrap());
}

#[test]
fn containers_are_the_same() {
    same(&Some(3u8));
    same(&None::<u8>);
    same(&vec![1u32, 1 << 20]);
    same(&VecDeque::from([1i8, -1]));
    same(&LinkedList::from(["a".to_string()]));
    same(&BTreeSet::from([3u8, 1]));
    same(&HashSet::from([9u16]));
    same(&Box::<[u16]>::from([1u16, 2]));
    same(&(1u8, "t".to_string(), (2u8, 3u8)));
    same(&BTreeMap::from([("k".to_string(), vec![1u16]), ("j".to_string(), vec![])]));
    same(&HashMap::from([(1u8, -1i8)]));
    same(&Box::new(7u8));
    same(&Wrapping(300u16));
    same(&Saturating(-7i8));
    same(&Reverse("r".to_string()));
    same(&Cell::new(5u8));
    same(&RefCell::new(vec![1i32, -1]));
    same_bytes(&std::sync::Mutex::new(3u8));
    same_bytes(&std::sync::RwLock::new("l".to_string()));
    // Atomics have no `Encode` here (nor `Rc<str>` / `Arc<str>` serde impls
    // without serde's `rc` feature): not in the type table, not compared.
}

#[test]
fn enums_and_ranges() {
    same(&Ok::<u8, String>(7));
    same(&Err::<u8, String>("bad".into()));
    same(&Bound::<u8>::Unbounded);
    same(&Bound::Included(300u16));
    same(&Bound::Excluded('z'));
    // Ranges are structs in serde: maps in `to_vec_named` (ours), arrays in
    // `to_vec`. Each side reads both. Adapter: with::serde_range::compact.
    let compact = Differs { we_read: true, it_reads: true };
    form(&(1u32..10), Same, compact);
    form(&(0u8..=255), Same, compact);
    form(&(3u16..), Same, compact);
    form(&(..'m'), Same, compact);
}

#[test]
fn addresses_are_the_same() {
    // rmp-serde is not human-readable by default, so serde writes the
    // compact forms: octets, `[ip, port]`, and the externally tagged enums.
    same(&Ipv4Addr::new(10, 0, 200, 1));
    same(&Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0xff00, 0x42, 0x8329));
    same(&IpAddr::V4(Ipv4Addr::LOCALHOST));
    same(&IpAddr::V6(Ipv6Addr::UNSPECIFIED));
    same(&SocketAddrV4::new(Ipv4Addr::BROADCAST, 8080));
    same(&SocketAddrV6::new(Ipv6Addr::LOCALHOST, 443, 0, 0));
    same(&SocketAddr::from(([127, 0, 0, 1], 80)));
    same(&SocketAddr::V6(SocketAddrV6::new(Ipv6Addr::LOCALHOST, 1, 0, 0)));
}

#[test]
fn paths_and_os_strings() {
    same(&PathBuf::from("/tmp/a b"));
    // serde writes an `OsString` as `{"Unix": [bytes]}` (platform-tagged);
    // ours is a `str`, and we read serde's form. Adapter:
    // with::serde_os_string (Unix).
    #[cfg(unix)]
    form(&OsString::from("os"), Differs { we_read: true, it_reads: false }, Differs { we_read: true, it_reads: false });
}

#[test]
fn durations_and_system_times() {
    // serde's `Duration` is the struct `{secs, nanos}`: ours is its array
    // form (`to_vec`); we read the map too. Adapter: with::serde_duration.
    let d = Duration::new(2, 500_000_000);
    form(&d, Differs { we_read: true, it_reads: true }, Same);
    form(&Duration::ZERO, Differs { we_read: true, it_reads: true }, Same);
    // serde's `SystemTime` is `{secs_since_epoch, nanos_since_epoch}`; ours
    // is a timestamp. Adapters: with::serde_system_time (and ::compact).
    let t = UNIX_EPOCH + Duration::new(1_700_000_000, 123_000_000);
    form(&t, APART, APART);
}

#[cfg(feature = "chrono")]
#[test]
fn chrono_date_times_differ() {
    use chrono::{DateTime, FixedOffset, NaiveDateTime, Utc};
    // chrono's serde impls write text (RFC 3339 / ISO 8601); ours is a
    // timestamp. Adapter: with::chrono_str (and with::chrono_ts for
    // chrono::serde::ts_seconds and the like).
    let utc: DateTime<Utc> = "2023-11-14T22:13:20.123Z".parse().unwrap();
    form(&utc, APART, APART);
    let naive: NaiveDateTime = "2023-11-14T22:13:20".parse().unwrap();
    form(&naive, APART, APART);
    // `DateTime<FixedOffset>` has no `Decode` here (the offset is not kept):
    // compare its bytes alone.
    let paris: DateTime<FixedOffset> = "2023-11-14T23:13:20+01:00".parse().unwrap();
    assert_eq!(rmp_serde::to_vec(&paris).unwrap(), b"\xb92023-11-14T23:13:20+01:00");
    let whole = utc - chrono::TimeDelta::milliseconds(123);
    assert_eq!(to_vec(&paris).unwrap(), to_vec(&whole).unwrap());
}

#[cfg(feature = "time")]
#[test]
fn time_date_times_differ() {
    use time::macros::{datetime, utc_datetime};
    // time's serde impls write a tuple to a non-human-readable format (both
    // modes); ours is a timestamp. Adapters: with::time_tuple, and
    // with::time_rfc3339 for `#[serde(with = "time::serde::rfc3339")]`.
    form(&datetime!(2023-11-14 22:13:20.5 UTC), APART, APART);
    form(&datetime!(2023-11-14 22:13:20), APART, APART);
    form(&utc_datetime!(1969-07-20 20:17:40), APART, APART);
}

#[test]
fn rmp_serde_is_not_human_readable_by_default() {
    // `time` and the addresses choose their form by `is_human_readable()`.
    struct Probe;
    impl Serialize for Probe {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let human = s.is_human_readable();
            s.serialize_bool(human)
        }
    }
    assert_eq!(rmp_serde::to_vec(&Probe).unwrap(), [0xc2]);
    assert_eq!(rmp_serde::to_vec_named(&Probe).unwrap(), [0xc2]);
    let mut human = Vec::new();
    Probe.serialize(&mut rmp_serde::Serializer::new(&mut human).with_human_readable()).unwrap();
    assert_eq!(human, [0xc3]);
}

#[cfg(feature = "uuid")]
#[test]
fn uuid_is_the_same() {
    same(&uuid::Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8));
}

#[cfg(feature = "rust_decimal")]
#[test]
fn decimal_is_the_same() {
    same(&"-12.340".parse::<rust_decimal::Decimal>().unwrap());
}

#[cfg(feature = "indexmap")]
#[test]
fn indexmap_is_the_same() {
    same(&indexmap::IndexMap::<String, u8>::from_iter([("z".into(), 1), ("a".into(), 2)]));
    same(&indexmap::IndexSet::<u8>::from_iter([3, 1]));
}

#[cfg(feature = "smallvec")]
#[test]
fn smallvec_is_the_same() {
    same(&smallvec::SmallVec::<[u16; 2]>::from_vec(vec![1, 2, 3]));
}

#[cfg(feature = "arrayvec")]
#[test]
fn arrayvec_is_the_same() {
    same(&arrayvec::ArrayVec::<u16, 4>::from_iter([1, 2]));
    same(&arrayvec::ArrayString::<8>::from("ab").unwrap());
}

#[cfg(feature = "heapless")]
#[test]
fn heapless_is_the_same() {
    let mut v = heapless::Vec::<u16, 4>::new();
    v.extend([1, 2]);
    same(&v);
    same(&heapless::String::<8>::try_from("ab").unwrap());
}
