//! W6 (serde-parity shapes, quick size): every row passes its check on its
//! own bytes, ours and rmp-serde write the same bytes (owned and borrowed),
//! both read them back into the generated values, a message covering every
//! variant is spelled out byte by byte, keys in another order read the same
//! on both sides, and the W6 targets are evaluated.

use std::collections::BTreeMap;

use msgpack_bench::harness::names;
use msgpack_bench::measure::{CaseResult, OpStats, RowResult};
use msgpack_bench::w6::{self, Action, ActionRef, Message, MessageRef, Meta, Reading};
use msgpack_bench::{Case, Group, Row};
use msgpack_core::Value;

/// The borrowed rmp-serde row's name.
const SERDE_BORROWED: &str = "rmp-serde (named), borrowed";
/// The borrowed serde-path row's name.
const PATH_BORROWED: &str = "ours: serde path (named), borrowed";

fn quick() -> Case {
    let mut cases = (w6::workload().cases)(true);
    assert_eq!(cases.len(), 1);
    cases.pop().unwrap()
}

fn row<'a>(case: &'a Case, name: &str) -> &'a Row {
    case.rows.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("no row {name:?}"))
}

fn encode(case: &Case, name: &str) -> Vec<u8> {
    row(case, name).run_encode().expect("the row encodes").unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn workload_metadata() {
    let w = w6::workload();
    assert_eq!(w.id, "W6");
    assert!(w.title.starts_with("serde-parity shapes"));
    assert!(w.source.contains("serde-parity issue"));
    let c = quick();
    assert_eq!((c.workload, c.name.as_str(), c.quick), ("W6", "stream", true));
    assert_eq!(c.items.map(|i| (i.unit, i.count)), Some(("message", w6::QUICK_MESSAGES as u64)));
    assert_eq!(c.canonical.len(), 25_806);
    let rows: Vec<&str> = c.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        rows,
        [
            names::DERIVE,
            names::DERIVE_BORROWED,
            names::SERDE_PATH_NAMED,
            PATH_BORROWED,
            names::RMP_SERDE_NAMED,
            SERDE_BORROWED,
            names::MEMCPY,
            names::SKIP
        ]
    );
    assert!(msgpack_bench::workloads().iter().any(|w| w.id == "W6"));
}

/// The full case's size, as `WORKLOADS.md` gives it.
#[test]
fn full_size() {
    let full = (w6::workload().cases)(false);
    let sizes: Vec<(&str, u64, usize)> =
        full.iter().map(|c| (c.name.as_str(), c.items.expect("items").count, c.canonical.len())).collect();
    assert_eq!(sizes, [("stream", 10_000, 1_248_647)]);
    assert!(full[0].show_peak);
}

/// What the runner does before timing, for every row: encode (the
/// canonical bytes: no row but `memcpy` may differ), the reused-buffer
/// encode (the same bytes), the check and the decode.
#[test]
fn every_row_passes_its_check() {
    let c = quick();
    for row in &c.rows {
        let at = &row.name;
        assert!(row.unsupported.is_none(), "{at}: unsupported");
        assert_eq!(row.differs.is_some(), row.name == names::MEMCPY, "{at}: only memcpy may differ");
        let bytes = match row.run_encode() {
            Some(r) => r.unwrap_or_else(|e| panic!("{at}: encode failed: {e}")),
            None => c.canonical.clone(),
        };
        assert!(bytes == c.canonical, "{at}: bytes differ from the canonical encoding");
        let mut buf = vec![0u8; 2 * c.canonical.len() + 1024];
        if let Some(r) = row.run_reuse(&mut buf) {
            let n = r.unwrap_or_else(|e| panic!("{at}: reused-buffer encode failed: {e}"));
            assert!(buf[..n] == bytes[..], "{at}: the reused-buffer encode writes other bytes");
        }
        match row.run_check(&bytes) {
            Some(r) => r.unwrap_or_else(|e| panic!("{at}: check failed: {e}")),
            None => assert!(row.name.contains("(floor)"), "{at}: no check"),
        }
        match row.run_decode(&bytes) {
            Some(r) => r.unwrap_or_else(|e| panic!("{at}: decode failed: {e}")),
            None => assert_eq!(row.name, names::MEMCPY, "{at}: no decode"),
        }
    }
}

/// The rows that encode and decode the stream (all but the floors).
const ROWS: [&str; 6] = [
    names::DERIVE,
    names::DERIVE_BORROWED,
    names::SERDE_PATH_NAMED,
    PATH_BORROWED,
    names::RMP_SERDE_NAMED,
    SERDE_BORROWED,
];

/// Byte identity with rmp-serde on the whole stream, owned and borrowed,
/// and each side reads the other's bytes back into the generated values.
#[test]
fn same_bytes_as_rmp_serde_and_round_trips() {
    let c = quick();
    let stream = w6::generate(w6::QUICK_MESSAGES);
    let ours = msgpack_core::to_vec(&stream).unwrap();
    let theirs = rmp_serde::to_vec_named(&stream).unwrap();
    assert!(ours == theirs, "ours and rmp-serde write other bytes");
    assert_eq!(ours, c.canonical);
    let refs: Vec<MessageRef<'_>> = stream.iter().map(MessageRef::from).collect();
    assert_eq!(msgpack_core::to_vec(&refs).unwrap(), ours);
    assert_eq!(rmp_serde::to_vec_named(&refs).unwrap(), ours);
    assert_eq!(msgpack_core::serde::to_vec_named(&stream).unwrap(), ours);
    assert_eq!(msgpack_core::serde::to_vec_named(&refs).unwrap(), ours);
    for name in ROWS {
        assert_eq!(encode(&c, name), c.canonical, "{name}");
    }

    assert_eq!(msgpack_core::from_slice::<Vec<Message>>(&theirs).unwrap(), stream);
    assert_eq!(rmp_serde::from_slice::<Vec<Message>>(&ours).unwrap(), stream);
    assert_eq!(msgpack_core::from_slice::<Vec<MessageRef<'_>>>(&theirs).unwrap(), refs);
    assert_eq!(rmp_serde::from_slice::<Vec<MessageRef<'_>>>(&ours).unwrap(), refs);
    assert_eq!(msgpack_core::serde::from_slice::<Vec<Message>>(&theirs).unwrap(), stream);
    assert_eq!(msgpack_core::serde::from_slice::<Vec<MessageRef<'_>>>(&theirs).unwrap(), refs);
    // The rows' checks compare with the source too.
    for name in ROWS {
        row(&c, name).run_check(&theirs).unwrap().unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// The stream exercises every shape: each variant of both enums, empty and
/// non-empty catch-alls, each extra key; every message is a map of its six
/// own and flattened keys plus its extras, in declaration order.
#[test]
fn the_stream_covers_every_shape() {
    let stream = w6::generate(w6::QUICK_MESSAGES);
    let mut actions = [0usize; 4];
    let mut readings = [0usize; 4];
    let mut extras = BTreeMap::new();
    let mut empty = 0;
    for m in &stream {
        actions[match m.action {
            Action::Ping => 0,
            Action::Say(_) => 1,
            Action::Move { .. } => 2,
            Action::Resize(..) => 3,
        }] += 1;
        for r in &m.values {
            readings[match r {
                Reading::Count(_) => 0,
                Reading::Label(_) => 1,
                Reading::Span(..) => 2,
                Reading::Point { .. } => 3,
            }] += 1;
        }
        empty += usize::from(m.extra.is_empty());
        for k in m.extra.keys() {
            *extras.entry(k.clone()).or_insert(0) += 1;
        }
        assert!(m.id < 1 << 48 && m.meta.seq < 100_000 && m.meta.at >= w6::T0);
        assert!(w6::SOURCES.contains(&m.meta.source.as_str()));
    }
    assert!(actions.iter().all(|&n| n >= 30), "{actions:?}");
    assert!(readings.iter().all(|&n| n >= 80), "{readings:?}");
    assert!((10..190).contains(&empty), "{empty} empty catch-alls");
    assert_eq!(extras.keys().map(String::as_str).collect::<Vec<_>>(), w6::EXTRA_KEYS);

    let v: Value = msgpack_core::from_slice(&quick().canonical).unwrap();
    for (m, mv) in stream.iter().zip(v.as_array().unwrap()) {
        let Value::Map(entries) = mv else { panic!("a message is a map: {mv}") };
        let keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_str().unwrap()).collect();
        let mut want = vec!["id", "source", "seq", "at", "action", "values"];
        want.extend(m.extra.keys().map(String::as_str));
        assert_eq!(keys, want);
    }
}

/// `s` as a fixstr.
fn fixstr(s: &str) -> Vec<u8> {
    assert!(s.len() < 32);
    [&[0xa0 | s.len() as u8][..], s.as_bytes()].concat()
}

/// A message with each shape, spelled out byte by byte.
#[test]
fn a_message_byte_by_byte() {
    let m = Message {
        id: 0x1_0000_0000,
        meta: Meta { source: "gateway".into(), seq: 300, at: 5 },
        action: Action::Move { dx: -3, dy: 200 },
        values: vec![
            Reading::Count(1),
            Reading::Label("ok".into()),
            Reading::Span(2, 3),
            Reading::Point { x: -1, y: 128 },
        ],
        extra: BTreeMap::from([("user".into(), "bob".into()), ("build".into(), "v1".into())]),
    };
    let mut want = vec![0x88]; // 6 keys + 2 extras
    want.extend(fixstr("id"));
    want.extend([0xcf, 0, 0, 0, 1, 0, 0, 0, 0]);
    want.extend(fixstr("source"));
    want.extend(fixstr("gateway"));
    want.extend(fixstr("seq"));
    want.extend([0xcd, 0x01, 0x2c]);
    want.extend(fixstr("at"));
    want.push(0x05);
    want.extend(fixstr("action"));
    want.push(0x82); // {"t": "Move", "c": {"dx": -3, "dy": 200}}
    want.extend(fixstr("t"));
    want.extend(fixstr("Move"));
    want.extend(fixstr("c"));
    want.push(0x82);
    want.extend(fixstr("dx"));
    want.push(0xfd);
    want.extend(fixstr("dy"));
    want.extend([0xcc, 200]);
    want.extend(fixstr("values"));
    want.extend([0x94, 0x01]); // 1, "ok", [2, 3], {"x": -1, "y": 128}
    want.extend(fixstr("ok"));
    want.extend([0x92, 0x02, 0x03, 0x82]);
    want.extend(fixstr("x"));
    want.push(0xff);
    want.extend(fixstr("y"));
    want.extend([0xcc, 0x80]);
    for (k, v) in [("build", "v1"), ("user", "bob")] {
        want.extend(fixstr(k));
        want.extend(fixstr(v));
    }
    assert_eq!(msgpack_core::to_vec(&m).unwrap(), want);
    assert_eq!(rmp_serde::to_vec_named(&m).unwrap(), want);
    assert_eq!(msgpack_core::Encode::encoded_len(&m), want.len());
    assert_eq!(msgpack_core::from_slice::<Message>(&want).unwrap(), m);
    assert_eq!(rmp_serde::from_slice::<Message>(&want).unwrap(), m);
    let r = MessageRef::from(&m);
    assert_eq!(msgpack_core::from_slice::<MessageRef<'_>>(&want).unwrap(), r);
    assert_eq!(rmp_serde::from_slice::<MessageRef<'_>>(&want).unwrap(), r);

    // The other action shapes: the unit variant is the tag alone.
    for (a, bytes) in [
        (Action::Ping, [&[0x81][..], &fixstr("t"), &fixstr("Ping")].concat()),
        (Action::Say("hi".into()), [&[0x82][..], &fixstr("t"), &fixstr("Say"), &fixstr("c"), &fixstr("hi")].concat()),
        (Action::Resize(1, 2), [&[0x82][..], &fixstr("t"), &fixstr("Resize"), &fixstr("c"), &[0x92, 1, 2]].concat()),
    ] {
        assert_eq!(msgpack_core::to_vec(&a).unwrap(), bytes, "{a:?}");
        assert_eq!(rmp_serde::to_vec_named(&a).unwrap(), bytes, "{a:?}");
        assert_eq!(msgpack_core::from_slice::<Action>(&bytes).unwrap(), a);
    }
}

/// Keys in another order than the writers' (the flattened struct's keys
/// after the catch-all's, the content before the tag) read the same on
/// both sides.
#[test]
fn keys_in_any_order() {
    let entry = |k: &str, v: Value| (Value::from(k), v);
    let bytes = msgpack_core::to_vec(&Value::Map(vec![
        entry("zone", Value::from("b")),
        entry("values", Value::Array(vec![Value::from("idle"), Value::from(7u8)])),
        entry("at", Value::from(9u8)),
        entry("action", Value::Map(vec![entry("c", Value::from("hey")), entry("t", Value::from("Say"))])),
        entry("seq", Value::from(1u8)),
        entry("id", Value::from(2u8)),
        entry("source", Value::from("backfill")),
        entry("build", Value::from("v0")),
    ]))
    .unwrap();
    let want = Message {
        id: 2,
        meta: Meta { source: "backfill".into(), seq: 1, at: 9 },
        action: Action::Say("hey".into()),
        values: vec![Reading::Label("idle".into()), Reading::Count(7)],
        extra: BTreeMap::from([("zone".into(), "b".into()), ("build".into(), "v0".into())]),
    };
    assert_eq!(msgpack_core::from_slice::<Message>(&bytes).unwrap(), want);
    assert_eq!(rmp_serde::from_slice::<Message>(&bytes).unwrap(), want);
    let ours: MessageRef<'_> = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!(ours.action, ActionRef::Say("hey"));
    assert_eq!(ours, MessageRef::from(&want));
    assert_eq!(rmp_serde::from_slice::<MessageRef<'_>>(&bytes).unwrap(), ours);
}

fn stats(ns: f64) -> OpStats {
    OpStats { median: ns, q1: ns, q3: ns, min: ns, max: ns, iters: 1, samples: vec![ns] }
}

fn timed(name: &str, group: Group, decode: f64, borrows: bool) -> RowResult {
    RowResult {
        name: name.into(),
        group,
        encode: None,
        reuse: None,
        reuse_api: None,
        decode: Some(stats(decode)),
        size: 100,
        identical: true,
        differs: None,
        unsupported: None,
        encode_alloc: None,
        reuse_alloc: None,
        decode_alloc: None,
        borrows,
    }
}

/// The W6 targets: decode >= 3x rmp-serde's, owned against owned and
/// borrowed against borrowed (reported, never asserted by the runner).
#[test]
fn targets() {
    let case = CaseResult {
        workload: "W6",
        name: "stream".into(),
        bytes: 100,
        items: None,
        show_peak: false,
        series: None,
        collections: None,
        numeric_floor: false,
        rows: vec![
            timed(names::DERIVE, Group::Ours, 100.0, false),
            timed(names::DERIVE_BORROWED, Group::Ours, 50.0, true),
            timed(names::RMP_SERDE_NAMED, Group::Other, 250.0, false),
            timed(SERDE_BORROWED, Group::Other, 200.0, true),
        ],
    };
    let targets = msgpack_bench::report::targets(&[case]);
    let got: Vec<(String, &str, &str, bool)> =
        targets.iter().map(|t| (t.what(), t.measured.as_str(), t.goal.as_str(), t.met())).collect();
    assert_eq!(
        got,
        [
            ("decode: rmp-serde (named) ÷ ours: derive".to_string(), "2.50x", ">= 3.00x", false),
            ("decode: rmp-serde (named), borrowed ÷ ours: derive, borrowed".to_string(), "4.00x", ">= 3.00x", true),
        ]
    );
    assert!(targets.iter().all(|t| t.case == "W6 stream"));
}
