//! Nested containers that claim more elements than they hold (issue 25):
//! `9f` repeated (arrays of 15, each holding the next), `8f a0` (maps of
//! 15 whose first key holds the next), `dc 00 40` and `de 00 40 a0`
//! (16-bit headers of 64), each ending where the next level would start.
//! Every level asks to reserve for what it claims; the claims are counted
//! against the whole input, so the peak of live memory stays within the
//! documented bound (64·n + 4 KiB for a decode that fails) through
//! `Value`, `ValueRef`, `Raw`, the std collections, derived types, an
//! enum's `other` variant holding a `Value`, and the serde format. The
//! measured peaks are printed (`--nocapture`).

use crate::common::live_alloc;
use live_alloc::{bound, measure};

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use msgpack_core::{Decode, MsgPack, Raw, RawRef, Value, ValueRef};

/// A recursive derived type: an array of itself.
#[derive(MsgPack, Debug)]
struct Nest(Vec<Nest>);

/// A recursive derived type in map form.
#[derive(MsgPack, Debug)]
struct MapNest {
    #[msgpack(default)]
    kids: Vec<MapNest>,
    #[msgpack(flatten)]
    rest: BTreeMap<String, Value>,
}

/// An enum whose unknown variants keep their payload as a `Value`.
#[derive(MsgPack, Debug)]
enum Event {
    Ping,
    #[msgpack(other)]
    Other(Value),
}

/// An internally tagged enum whose unknown variants keep the whole map.
#[derive(MsgPack, Debug)]
#[msgpack(tag = "t")]
enum Tagged {
    Ping,
    #[msgpack(other)]
    Other(Value),
}

/// `unit` repeated `levels` times.
fn nested(unit: &[u8], levels: usize) -> Vec<u8> {
    unit.repeat(levels)
}

/// The shapes: name, the repeated unit.
const SHAPES: &[(&str, &[u8])] =
    &[("9f", b"\x9f"), ("8f a0", b"\x8f\xa0"), ("dc 00 40", b"\xdc\x00\x40"), ("de 00 40 a0", b"\xde\x00\x40\xa0")];

const LEVELS: &[usize] = &[40, 200, 1000];

/// Decodes `input` as `T` (which must fail) and checks the peak.
#[track_caller]
fn check<'de, T: Decode<'de> + Debug>(what: &str, input: &'de [u8]) {
    let n = input.len();
    let (r, peak, _) = measure(|| msgpack_core::from_slice::<T>(input).map(drop));
    assert!(r.is_err(), "{what}: {} bytes decoded", n);
    eprintln!("{what:<40} {n:>6} bytes: peak {peak:>7} B ({:.1}/B)", peak as f64 / n as f64);
    assert!(peak <= bound(n, 0), "{what}: a {n}-byte input peaked at {peak} bytes (bound {})", bound(n, 0));
}

fn on_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(64 << 20).spawn(f).unwrap().join().unwrap();
}

/// The figures: `9f` × 200 peaked at 69,280 bytes as `Value` (346
/// per input byte), `9f` × 40 at 12,224.
#[test]
fn value_and_value_ref() {
    on_big_stack(|| {
        for &(name, unit) in SHAPES {
            for &levels in LEVELS {
                let input = nested(unit, levels);
                let what = format!("Value, {name} x {levels}");
                // Up to 32 bytes a level for the reservations (the elements
                // claimed, met or not, never outnumber the input's bytes),
                // and 32 for the error's path (a segment a level).
                check::<Value>(&what, &input);
                check::<ValueRef>(&format!("ValueRef, {name} x {levels}"), &input);
                check::<Raw>(&format!("Raw, {name} x {levels}"), &input);
                check::<RawRef>(&format!("RawRef, {name} x {levels}"), &input);
            }
        }
    });
}

#[test]
fn std_collections() {
    on_big_stack(|| {
        for &levels in LEVELS {
            // Arrays of arrays, maps of maps, as far as the type goes.
            let input = nested(b"\x9f", levels);
            check::<Vec<Vec<Vec<Vec<Value>>>>>(&format!("Vec^4<Value>, 9f x {levels}"), &input);
            check::<Vec<Vec<Vec<Vec<u64>>>>>(&format!("Vec^4<u64>, 9f x {levels}"), &input);
            let input = nested(b"\xdc\x00\x40", levels);
            check::<Vec<Vec<Vec<Vec<String>>>>>(&format!("Vec^4<String>, dc 00 40 x {levels}"), &input);
            let input = nested(b"\x8f\xa0", levels);
            check::<BTreeMap<String, BTreeMap<String, Value>>>(&format!("BTreeMap^2, 8f a0 x {levels}"), &input);
            check::<HashMap<String, HashMap<String, Value>>>(&format!("HashMap^2, 8f a0 x {levels}"), &input);
            let input = nested(b"\xde\x00\x40\xa0", levels);
            check::<HashMap<String, Value>>(&format!("HashMap<String, Value>, de 00 40 a0 x {levels}"), &input);
            // Sets and heaps of strings: arrays of 64 claimed, `""` after
            // `""`, cut short; and nested.
            let mut flat = b"\xdc\x00\x40".to_vec();
            flat.extend(std::iter::repeat_n(0xa0, levels.min(63)));
            check::<std::collections::HashSet<String>>(&format!("HashSet<String>, {levels} strings"), &flat);
            check::<std::collections::BinaryHeap<String>>(&format!("BinaryHeap<String>, {levels} strings"), &flat);
            check::<std::collections::BTreeSet<String>>(&format!("BTreeSet<String>, {levels} strings"), &flat);
            let input = nested(b"\xdc\x00\x40", levels);
            check::<Vec<std::collections::HashSet<Vec<u8>>>>(
                &format!("Vec<HashSet<Vec<u8>>>, dc 00 40 x {levels}"),
                &input,
            );
        }
    });
}

#[test]
fn derived_types() {
    on_big_stack(|| {
        for &levels in LEVELS {
            for (name, unit) in [("9f", &b"\x9f"[..]), ("dc 00 40", b"\xdc\x00\x40")] {
                let input = nested(unit, levels);
                check::<Nest>(&format!("Nest, {name} x {levels}"), &input);
                // The `other` variant: `{"Zed": <nesting>}`.
                let mut other = b"\x81\xa3Zed".to_vec();
                other.extend(&input);
                check::<Event>(&format!("Event::Other(Value), {name} x {levels}"), &other);
                // Internally tagged: `{"t": "Zed", "x": <nesting>}`.
                let mut tagged = b"\x82\xa1t\xa3Zed\xa1x".to_vec();
                tagged.extend(&input);
                check::<Tagged>(&format!("Tagged::Other(Value), {name} x {levels}"), &tagged);
            }
            // `{"kids": [{"kids": [...`: the map form, and its catch-all.
            let input = nested(b"\x8f\xa4kids\x9f", levels);
            check::<MapNest>(&format!("MapNest, 8f kids 9f x {levels}"), &input);
            let input = nested(b"\x8f\xa0", levels);
            check::<MapNest>(&format!("MapNest (catch-all), 8f a0 x {levels}"), &input);
        }
    });
}

#[cfg(feature = "serde")]
#[test]
fn serde_format() {
    on_big_stack(|| {
        for &(name, unit) in SHAPES {
            for &levels in LEVELS {
                let input = nested(unit, levels);
                let n = input.len();
                let (r, peak, _) = measure(|| msgpack_core::serde::from_slice::<Value>(&input).map(drop));
                assert!(r.is_err());
                eprintln!("{:<40} {n:>6} bytes: peak {peak:>7} B", format!("serde Value, {name} x {levels}"));
                assert!(peak <= bound(n, 0), "serde Value, {name} x {levels}: {peak}");
                let (r, peak, _) = measure(|| msgpack_core::serde::from_slice::<serde_json::Value>(&input).map(drop));
                assert!(r.is_err());
                eprintln!(
                    "{:<40} {n:>6} bytes: peak {peak:>7} B",
                    format!("serde serde_json::Value, {name} x {levels}")
                );
                assert!(peak <= bound(n, 0), "serde serde_json::Value, {name} x {levels}: {peak}");
            }
        }
    });
}

/// A decode that succeeds stays within 64·n + 4 KiB beyond twice what it
/// returns, however its containers nest.
#[test]
fn successful_nestings_stay_within_the_bound() {
    on_big_stack(|| {
        for levels in [1usize, 10, 100, 1000] {
            let mut input = nested(b"\x91", levels);
            input.push(0xc0);
            let n = input.len();
            let (r, peak, kept) = measure(|| msgpack_core::from_slice::<Value>(&input));
            let v = r.unwrap();
            assert!(peak <= bound(n, kept), "{levels} levels: peak {peak}, kept {kept}");
            drop(v);
            let mut input = nested(b"\x81\xa0", levels);
            input.push(0xc0);
            let (r, peak, kept) = measure(|| msgpack_core::from_slice::<Value>(&input));
            r.unwrap();
            assert!(peak <= bound(input.len(), kept), "{levels} map levels: peak {peak}, kept {kept}");
        }
    });
}
