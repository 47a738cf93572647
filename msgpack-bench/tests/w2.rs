//! W2 (tinylib/msgp Custom1 and Custom2): the canonical bytes match
//! WORKLOADS.md (sizes, field values, the bytes of Custom1 written out), every
//! row's check passes on its own encode output and its decode runs, the
//! rows that must be byte-identical are, and every row that encodes also
//! encodes into a reused buffer, which the runner checks and times.

use std::time::Duration;

use msgpack_bench::harness::{ReuseApi, names};
use msgpack_bench::measure::{Settings, run_case};
use msgpack_bench::{Case, Group, Row, w2};
use msgpack_core::Value;

fn cases() -> Vec<Case> {
    (w2::workload().cases)(false)
}

fn case(name: &str) -> Case {
    cases().into_iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no case {name}"))
}

fn get<'a>(v: &'a Value, key: &str) -> &'a Value {
    v.get(key).unwrap_or_else(|| panic!("no key {key:?} in {v}"))
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_map().expect("a map").iter().map(|(k, _)| k.as_str().expect("a str key")).collect()
}

#[test]
fn workload_metadata() {
    let w = w2::workload();
    assert_eq!(w.id, "W2");
    assert_eq!(w.title, "tinylib/msgp Custom1 and Custom2");
    assert_eq!(w.source, "messagepack-benchmarks (Go tinylib/msgp)");
    let names: Vec<String> = cases().into_iter().map(|c| c.name).collect();
    assert_eq!(names, ["Custom1", "Custom2"]);
    assert!((w.cases)(true).len() == 2, "both cases are quick");
}

#[test]
fn custom1_canonical_bytes() {
    let c = case("Custom1");
    assert_eq!(c.canonical.len(), 132);
    // Written out from WORKLOADS.md: a map of 7 in field order, the string map
    // in sorted key order.
    let mut want = vec![0x87];
    want.extend_from_slice(b"\xa3str\xa5hello");
    want.extend_from_slice(b"\xa5slice\xc4\x03abc");
    want.extend_from_slice(b"\xaemap_str_uint16\x83");
    want.extend_from_slice(b"\xa3abc\x17\xa1c\xcd\x05\x4c\xb4lasdhflahsdlfkhlasdf\x04");
    want.extend_from_slice(b"\xacinner_struct\x84\xa4bool\xc3\xa3f64\xcb");
    want.extend_from_slice(&213.513f64.to_be_bytes());
    want.extend_from_slice(b"\xa2i8\x17\xa3u64\xcd\x1e\xbd");
    want.extend_from_slice(b"\xa2bt\x00\xa3int\x2a\xa3i64\xd2");
    want.extend_from_slice(&(-27823325i32).to_be_bytes());
    assert_eq!(c.canonical, want);
}

#[test]
#[allow(clippy::approx_constant, reason = "3.14159265359 is the workload's literal value, not PI")]
fn custom2_canonical_bytes() {
    let c = case("Custom2");
    assert_eq!(c.canonical.len(), 589);
    let v: Value = msgpack_core::from_slice(&c.canonical).unwrap();
    assert_eq!(
        keys(&v),
        ["str", "slice", "map_str_uint64", "inner_struct", "float_64", "map_str_slice", "inner_struct_2"]
    );
    let s = get(&v, "str").as_str().unwrap();
    assert_eq!(s.len(), 98);
    assert!(s.starts_with("lk\n\nsdj flasjfdlkaj\nsdlfka\tjs\nldfk\"jal kas_ ad\"fsfka") && s.ends_with("kas_ adk"));
    assert_eq!(get(&v, "slice").as_bin(), Some(&b"\x01abcZ\x03\x05"[..]));
    let m64 = get(&v, "map_str_uint64");
    assert_eq!(keys(m64), ["abc", "defghijkl", "ghijkl", "ghijklghijkl"]);
    assert_eq!(get(m64, "ghijklghijkl").as_u64(), Some(8000111333));
    assert_eq!(get(m64, "abc").as_u64(), Some(23532525));
    let inner = get(&v, "inner_struct");
    assert_eq!(keys(inner), ["bool", "f64", "i8", "u64"]);
    assert_eq!(get(inner, "f64"), &Value::F64(-132.88889));
    assert_eq!(get(inner, "i8").as_i64(), Some(104));
    assert_eq!(get(&v, "float_64"), &Value::F64(3.14159265359));

    let slices = get(&v, "map_str_slice");
    assert_eq!(keys(slices), ["", "RTQYWYEUIIUQIE", "uiouoiyioutuuiouoiyioutuuiouoiyioutu"]);
    let ints =
        |key: &str| -> Vec<i64> { get(slices, key).as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect() };
    assert!(ints("").is_empty());
    assert_eq!(ints("uiouoiyioutuuiouoiyioutuuiouoiyioutu"), [0x32, 0x12, 0x78, 0x00, 0x76]);
    let rtq = ints("RTQYWYEUIIUQIE");
    assert_eq!(rtq.len(), 54);
    let block = [0x32, 0x12, 0x78, 0x00, 0x76, 0x32, 0x12, 0x78, 0x00, 0x76, 0x32, 0x12, 0x78, 0x76];
    for i in 0..3 {
        assert_eq!(rtq[i * 14..(i + 1) * 14], block);
    }
    assert_eq!(rtq[42..], [0x32, 0x12, 0x78, 0x00, 0x76, 0x32, 0x12, 0x78, 0x00, 0x76, 0x32, 0x12]);

    let inner2 = get(&v, "inner_struct_2");
    assert_eq!(keys(inner2), ["slice_uint64", "map_str_intf", "string", "f32"]);
    let u64s: Vec<u64> = get(inner2, "slice_uint64").as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    assert_eq!(u64s, [0, 1, 3, 100, u64::MAX, 1844674407370955, 4294967295]);
    let intf = get(inner2, "map_str_intf");
    assert_eq!(keys(intf), ["asdfasdf", "asd", "oeiuwroewiro", "kl", "lkasdjf", "ss"]);
    assert_eq!(get(intf, "asdfasdf").as_u64(), Some(1));
    assert_eq!(get(intf, "asd").as_str(), Some("string"));
    assert_eq!(get(intf, "oeiuwroewiro"), &Value::F64(98.676));
    assert_eq!(get(intf, "kl"), &Value::F32(-234.0), "-234.0 is a float 32");
    assert_eq!(get(intf, "lkasdjf").as_u64(), Some(4294967290));
    assert_eq!(get(intf, "ss"), &Value::Array(vec!["h".into(), "ksjldf".into()]));
    assert_eq!(get(inner2, "string").as_str(), Some("hello\nthere, this is a funky string. Tab: \t."));
    assert_eq!(get(inner2, "f32"), &Value::F32(0.0));
}

/// Every row: encode (identical to the canonical bytes unless it declares
/// why not), check and decode on its own output; the floors on the canonical.
#[test]
fn every_row_round_trips() {
    for c in cases() {
        let mut ran = 0;
        for row in &c.rows {
            let what = format!("{} / {}", c.name, row.name);
            if let Some(why) = &row.unsupported {
                assert!(!why.is_empty(), "{what}: unsupported without a reason");
                assert!(row.run_encode().is_none() && row.run_decode(&c.canonical).is_none(), "{what}");
                continue;
            }
            let bytes = match row.run_encode() {
                Some(r) => r.unwrap_or_else(|e| panic!("{what}: encode failed: {e}")),
                None => c.canonical.clone(),
            };
            if row.differs.is_none() {
                assert_eq!(bytes, c.canonical, "{what}: bytes differ from the canonical encoding");
            } else if row.group != Group::Limit {
                // (memcpy copies the canonical bytes; it is marked as "not an encoder".)
                assert_ne!(bytes, c.canonical, "{what}: declared as differing but writes the canonical bytes");
            }
            if let Some(r) = row.run_check(&bytes) {
                r.unwrap_or_else(|e| panic!("{what}: check failed: {e}"));
            }
            if let Some(r) = row.run_decode(&bytes) {
                r.unwrap_or_else(|e| panic!("{what}: decode failed: {e}"));
            }
            ran += 1;
        }
        assert!(ran >= 13, "{}: only {ran} rows ran", c.name);
    }
}

/// The checks compare values: a row's check rejects the other case's bytes.
#[test]
fn checks_reject_the_other_case() {
    let all = cases();
    for (c, other) in [(&all[0], &all[1]), (&all[1], &all[0])] {
        for row in c.rows.iter().filter(|r| r.differs.is_none()) {
            if let Some(r) = row.run_check(&other.canonical) {
                assert!(r.is_err(), "{} / {}: check accepted the other case's bytes", c.name, row.name);
            }
        }
    }
}

fn expected_rows() -> Vec<&'static str> {
    vec![
        names::DERIVE,
        names::DERIVE_BORROWED,
        names::DERIVE_ARRAY,
        names::VALUE,
        names::VALUE_REF,
        names::HAND,
        names::SERDE_PATH_NAMED,
        names::SERDE_PATH,
        names::RMP_SERDE_NAMED,
        names::RMP_SERDE_COMPACT,
        names::RMPV,
        names::ZEROMPK,
        names::ZEROMPK_VALUE,
        names::MSGPACKER,
        names::MEMCPY,
        names::SKIP,
    ]
}

#[test]
fn rows_and_byte_identity() {
    for c in cases() {
        let got: Vec<&str> = c.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(got, expected_rows(), "{}", c.name);
        let differs: Vec<&str> = c.rows.iter().filter(|r| r.differs.is_some()).map(|r| r.name.as_str()).collect();
        let unsupported: Vec<&str> =
            c.rows.iter().filter(|r| r.unsupported.is_some()).map(|r| r.name.as_str()).collect();
        match c.name.as_str() {
            "Custom1" => {
                assert_eq!(
                    differs,
                    [names::DERIVE_ARRAY, names::SERDE_PATH, names::RMP_SERDE_COMPACT, names::MSGPACKER, names::MEMCPY]
                );
                assert!(unsupported.is_empty());
            }
            "Custom2" => {
                assert_eq!(differs, [names::DERIVE_ARRAY, names::SERDE_PATH, names::RMP_SERDE_COMPACT, names::MEMCPY]);
                assert_eq!(unsupported, [names::MSGPACKER]);
            }
            other => panic!("unexpected case {other}"),
        }
    }
}

fn encode(c: &Case, name: &str) -> Vec<u8> {
    let row = c.rows.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("no row {name}"));
    row.run_encode().expect("the row encodes").expect("encode succeeds")
}

/// Our serde path writes rmp-serde's bytes in both forms (the named form the
/// canonical bytes), reads both forms back, and its rows' checks fail if
/// rmp-serde's bytes were other ones.
#[test]
fn serde_path_writes_rmp_serde_s_bytes() {
    for c in cases() {
        assert_eq!(encode(&c, names::SERDE_PATH_NAMED), c.canonical, "{}", c.name);
        assert_eq!(encode(&c, names::SERDE_PATH_NAMED), encode(&c, names::RMP_SERDE_NAMED), "{}", c.name);
        assert_eq!(encode(&c, names::SERDE_PATH), encode(&c, names::RMP_SERDE_COMPACT), "{}", c.name);
        for name in [names::SERDE_PATH_NAMED, names::SERDE_PATH] {
            let row = c.rows.iter().find(|r| r.name == name).unwrap();
            assert_eq!(row.group, Group::Ours, "{name}");
            for form in [names::RMP_SERDE_NAMED, names::RMP_SERDE_COMPACT] {
                row.run_check(&encode(&c, form)).unwrap().unwrap_or_else(|e| panic!("{} / {name}: {e}", c.name));
            }
        }
    }
    let bad = msgpack_bench::rows::with_identity(
        msgpack_bench::rows::serde_path::<u8>(names::SERDE_PATH, 1),
        msgpack_bench::rows::like_rmp_serde(Ok::<_, String>(vec![1]), Ok::<_, String>(vec![2]), "ours", "theirs"),
    );
    let err = run_case(&Case::new("W2", "one", vec![1]).row(bad), quick(), |_| {}).unwrap_err();
    assert_eq!(
        err,
        "W2 one: row \"ours: serde path\": round trip failed: ours writes other bytes than theirs (1 vs 1 bytes, \
         first difference at byte 0)"
    );
}

/// Our array form equals rmp-serde's compact form, and decodes as the same
/// data as the map form (structs read from either form).
#[test]
fn array_form_equals_rmp_serde_compact() {
    for c in cases() {
        let array = encode(&c, names::DERIVE_ARRAY);
        assert_eq!(array, encode(&c, names::RMP_SERDE_COMPACT), "{}", c.name);
        assert_eq!(array, encode(&c, names::SERDE_PATH), "{}", c.name);
        assert_eq!(array[0], 0x97, "{}: an array of 7", c.name);
        // The map form's checks read the array form too.
        let derive = c.rows.iter().find(|r| r.name == names::DERIVE).unwrap();
        derive.run_check(&array).unwrap().unwrap_or_else(|e| panic!("{}: {e}", c.name));
    }
    assert_eq!(encode(&case("Custom1"), names::DERIVE_ARRAY).len(), 132 - 49 - 16);
}

/// msgpacker writes Custom1's values without headers or keys: the canonical
/// bytes minus the two map headers and the 11 keys.
#[test]
fn msgpacker_custom1_layout() {
    let c = case("Custom1");
    let bytes = encode(&c, names::MSGPACKER);
    assert_eq!(bytes.len(), 132 - 2 - 49 - 16);
    assert_eq!(&bytes[..6], b"\xa5hello");
}

/// The rows that encode but have no reused-buffer encode, with the reason
/// (none in W2: every crate here has a way to reuse a buffer).
const NO_REUSE: &[(&str, &str)] = &[];

/// The API each row's reused-buffer encode goes through: each crate's
/// fastest public one (see `rows.rs`).
fn expected_reuse_api(name: &str) -> ReuseApi {
    match name {
        names::RMP_SERDE_NAMED | names::RMP_SERDE_COMPACT | names::RMPV => ReuseApi::Vec,
        _ => ReuseApi::Slice,
    }
}

/// Column (a): every row of a real case that encodes into a new `Vec` also
/// encodes into a reused buffer (or is listed as unable to), and writes the
/// same bytes there, call after call into the same buffer.
#[test]
fn every_row_that_encodes_has_a_reused_buffer_encode() {
    for c in cases() {
        for row in c.rows.iter().filter(|r| r.unsupported.is_none()) {
            let what = format!("{} / {}", c.name, row.name);
            let Some(bytes) = row.run_encode() else {
                assert!(row.reuse_api().is_none(), "{what}: a reused-buffer encode without an encode");
                continue;
            };
            let bytes = bytes.unwrap_or_else(|e| panic!("{what}: encode failed: {e}"));
            if let Some((_, why)) = NO_REUSE.iter().find(|(name, _)| *name == row.name) {
                assert!(row.reuse_api().is_none(), "{what}: listed as unable ({why}) but has one");
                continue;
            }
            assert_eq!(row.reuse_api(), Some(expected_reuse_api(&row.name)), "{what}");
            let mut buf = vec![0u8; 2 * c.canonical.len() + 1024];
            let capacity = buf.capacity();
            for call in 0..3 {
                let n = row
                    .run_reuse(&mut buf)
                    .unwrap_or_else(|| panic!("{what}: no reused-buffer encode"))
                    .unwrap_or_else(|e| panic!("{what}: reused-buffer encode failed: {e}"));
                assert_eq!(buf[..n], bytes[..], "{what}: call {call} wrote other bytes than encode");
                assert_eq!(buf.capacity(), capacity, "{what}: the buffer was reallocated");
            }
        }
    }
}

fn quick() -> Settings {
    Settings { samples: 1, sample_time: Duration::from_micros(50) }
}

/// The runner times column (a) for every row that has it and measures what
/// one call allocates (a figure only under the runner's counting allocator,
/// see `RowResult`'s example).
#[test]
fn the_runner_times_the_reused_buffer_encode() {
    let c = case("Custom1");
    let result = run_case(&c, quick(), |_| {}).expect("Custom1 runs");
    for (row, r) in c.rows.iter().zip(&result.rows) {
        assert_eq!(row.name, r.name);
        assert_eq!(r.reuse_api, row.reuse_api(), "{}", r.name);
        assert_eq!(r.reuse.is_some(), row.reuse_api().is_some(), "{}: reuse timed", r.name);
        if r.reuse.is_some() {
            assert!(r.reuse_alloc.is_some(), "{}: allocations of one reuse", r.name);
        }
    }
}

/// A row whose reused-buffer encode writes other bytes than it should
/// fails the case, as a wrong encode does: ours stop the run, another
/// crate's row is reported as not timed, with the reason.
#[test]
fn a_reused_buffer_encode_of_other_bytes_fails_the_case() {
    let c = case("Custom1");
    let canonical = c.canonical.clone();
    let good = canonical.clone();
    // Right in a new `Vec`, one byte off in the reused slice.
    let wrong = |group| {
        let (good, bad) = (good.clone(), good.clone());
        Row::new(names::DERIVE, group).encode(move || Ok::<_, String>(good.clone())).encode_slice(move |buf| {
            buf[..bad.len()].copy_from_slice(&bad);
            buf[10] ^= 1;
            Ok::<_, String>(bad.len())
        })
    };
    let ours = Case::new("W2", "Custom1", canonical.clone()).row(wrong(Group::Ours));
    let err = run_case(&ours, quick(), |_| {}).unwrap_err();
    assert_eq!(
        err,
        "W2 Custom1: row \"ours: derive\": the reused-buffer encode (slice) writes other bytes than the canonical \
         encoding (132 vs 132 bytes, first difference at byte 10)"
    );

    let theirs = Case::new("W2", "Custom1", canonical.clone()).row(wrong(Group::Other));
    let result = run_case(&theirs, quick(), |_| {}).expect("another crate's failure does not stop the run");
    let why = result.rows[0].unsupported.as_deref().expect("the row is not timed");
    assert!(why.starts_with("the reused-buffer encode (slice) writes other bytes"), "{why}");
    assert!(result.rows[0].encode.is_none() && result.rows[0].reuse.is_none());

    // A row that differs is held to its own encode output.
    let array = c.rows.iter().find(|r| r.name == names::DERIVE_ARRAY).unwrap();
    let array_bytes = array.run_encode().unwrap().unwrap();
    let differs = Case::new("W2", "Custom1", canonical.clone()).row(
        Row::new(names::DERIVE_ARRAY, Group::Ours)
            .encode(move || Ok::<_, String>(array_bytes.clone()))
            .encode_reuse_vec(move |buf| msgpack_core::append_to_vec(&7u8, buf))
            .differs("array form"),
    );
    let err = run_case(&differs, quick(), |_| {}).unwrap_err();
    assert!(err.contains("the reused-buffer encode (vec) writes other bytes than its own encode"), "{err}");

    // An encode that outgrows the buffer the runner hands it.
    let growing = Case::new("W2", "Custom1", canonical.clone()).row(
        Row::new(names::DERIVE, Group::Ours).encode(move || Ok::<_, String>(good.clone())).encode_reuse_vec(|buf| {
            buf.resize(1 << 20, 0);
            Ok::<_, String>(())
        }),
    );
    let err = run_case(&growing, quick(), |_| {}).unwrap_err();
    assert!(err.contains("reallocated the runner's buffer"), "{err}");

    // The real rows pass the same check.
    run_case(&Case::new("W2", "Custom1", canonical).row(c.rows.into_iter().next().unwrap()), quick(), |_| {})
        .expect("the derive row's reused-buffer encode writes the canonical bytes");
}

fn stats(ns: f64) -> msgpack_bench::measure::OpStats {
    msgpack_bench::measure::OpStats { median: ns, q1: ns, q3: ns, min: ns, max: ns, iters: 1, samples: vec![ns] }
}

/// A timed row with the given encode (into a new `Vec`) and decode medians.
fn timed(name: &str, group: Group, encode: f64, decode: f64) -> msgpack_bench::measure::RowResult {
    msgpack_bench::measure::RowResult {
        name: name.into(),
        group,
        encode: Some(stats(encode)),
        reuse: None,
        reuse_api: None,
        decode: Some(stats(decode)),
        size: 132,
        identical: true,
        differs: None,
        unsupported: None,
        encode_alloc: None,
        reuse_alloc: None,
        decode_alloc: None,
        borrows: false,
    }
}

/// The serde-path targets: rmp-serde's encode and decode over our serde
/// path's, named against named and compact against compact (goal 1.5x),
/// the serde path's time over our derive's (reported), and the serde path
/// against rmp-serde on every case (goal 1.0x, new-`Vec` encode).
#[test]
fn serde_path_targets() {
    let case = msgpack_bench::measure::CaseResult {
        workload: "W2",
        name: "Custom1".into(),
        bytes: 132,
        items: None,
        show_peak: false,
        series: None,
        collections: None,
        numeric_floor: false,
        rows: vec![
            timed(names::DERIVE, Group::Ours, 40.0, 200.0),
            timed(names::SERDE_PATH_NAMED, Group::Ours, 100.0, 250.0),
            timed(names::SERDE_PATH, Group::Ours, 80.0, 200.0),
            timed(names::RMP_SERDE_NAMED, Group::Other, 200.0, 300.0),
            timed(names::RMP_SERDE_COMPACT, Group::Other, 120.0, 320.0),
        ],
    };
    let targets = msgpack_bench::report::targets(&[case]);
    let got: Vec<(String, &str, &str, bool)> = targets
        .iter()
        .filter(|t| t.what().contains("serde path"))
        .map(|t| (t.what(), t.measured.as_str(), t.goal.as_str(), t.met()))
        .collect();
    let want = [
        ("encode (b): rmp-serde (named) ÷ ours: serde path (named)", "2.00x", ">= 1.50x", true),
        ("decode: rmp-serde (named) ÷ ours: serde path (named)", "1.20x", ">= 1.50x", false),
        ("encode (b): rmp-serde (compact) ÷ ours: serde path", "1.50x", ">= 1.50x", true),
        ("decode: rmp-serde (compact) ÷ ours: serde path", "1.60x", ">= 1.50x", true),
        // What the derive gains over the serde path on the same core: theirs ÷ ours too.
        ("encode (b): ours: serde path (named) ÷ ours: derive", "2.50x", "reported", false),
        ("decode: ours: serde path (named) ÷ ours: derive", "1.25x", "reported", false),
        // The serde path against rmp-serde on every case (goal 1.0x).
        ("encode (b): rmp-serde (compact) ÷ ours: serde path", "1.50x", ">= 1.00x", true),
        ("decode: rmp-serde (compact) ÷ ours: serde path", "1.60x", ">= 1.00x", true),
        ("encode (b): rmp-serde (named) ÷ ours: serde path (named)", "2.00x", ">= 1.00x", true),
        ("decode: rmp-serde (named) ÷ ours: serde path (named)", "1.20x", ">= 1.00x", true),
    ];
    assert_eq!(got, want.map(|(w, m, g, ok)| (w.to_string(), m, g, ok)));
    assert!(targets.iter().all(|t| t.case == "W2 Custom1"));
}
