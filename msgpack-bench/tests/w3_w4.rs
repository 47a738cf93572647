//! W3 and W4: every row passes its check and decodes its own encode output,
//! rows not marked `differs` write the canonical bytes, every row that
//! encodes writes the same bytes into a reused buffer, and the canonical
//! sizes are the ones the recipes give by arithmetic.

use std::collections::BTreeMap;

use msgpack_bench::harness::{Case, Items};
use msgpack_bench::{Workload, w3, w4};

/// Runs every row of every case like the runner does before timing: encode,
/// compare with the canonical bytes, check, decode. Returns the cases.
fn run_all(w: &Workload) -> Vec<Case> {
    let cases = (w.cases)(false);
    assert!(!cases.is_empty(), "{} has no cases", w.id);
    for case in &cases {
        assert_eq!(case.workload, w.id);
        assert!(case.rows.len() >= 4, "{}: only {} rows", case.name, case.rows.len());
        for row in &case.rows {
            let at = format!("{} / {} / {}", w.id, case.name, row.name);
            assert!(row.unsupported.is_none(), "{at}: unexpectedly unsupported");
            let input = match row.run_encode() {
                Some(out) => {
                    let bytes = out.unwrap_or_else(|e| panic!("{at}: encode failed: {e}"));
                    if row.differs.is_none() {
                        assert!(bytes == case.canonical, "{at}: bytes differ from the canonical encoding");
                    } else {
                        assert!(bytes != case.canonical || row.name.contains("memcpy"), "{at}: marked differs");
                    }
                    bytes
                }
                None => case.canonical.clone(),
            };
            // Every row but the two floors has a check; every row but memcpy decodes.
            match row.run_check(&input) {
                Some(r) => r.unwrap_or_else(|e| panic!("{at}: check failed: {e}")),
                None => assert!(row.name.contains("(floor)"), "{at}: no check"),
            }
            match row.run_decode(&input) {
                Some(r) => r.unwrap_or_else(|e| panic!("{at}: decode failed: {e}")),
                None => assert!(row.name.contains("memcpy"), "{at}: no decode"),
            }
            // Every row that encodes also encodes into a reused buffer, and
            // writes there what it writes into a new `Vec`.
            if row.run_encode().is_some() {
                let mut buf = vec![0u8; 2 * case.canonical.len() + 1024];
                let n = row
                    .run_reuse(&mut buf)
                    .unwrap_or_else(|| panic!("{at}: no reused-buffer encode"))
                    .unwrap_or_else(|e| panic!("{at}: reused-buffer encode failed: {e}"));
                assert!(buf[..n] == input[..], "{at}: the reused buffer holds other bytes than encode writes");
            }
        }
    }
    cases
}

/// The encoded length of one row's output.
fn row_len(case: &Case, name: &str) -> usize {
    let row = case.rows.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("{}: no row {name}", case.name));
    row.run_encode().expect("row encodes").expect("encode succeeds").len()
}

fn items(case: &Case) -> (&'static str, u64) {
    let Items { unit, count } = case.items.unwrap_or_else(|| panic!("{}: no items", case.name));
    (unit, count)
}

/// Runs `f` on a thread with a large stack: zerompk's `Value` writes itself
/// recursively with a frame of some 46 KiB in a debug build, so `nest 128`'s
/// reused-buffer encode (`zerompk::to_msgpack`) needs about 6 MiB (the
/// runner's thread has 1 GiB).
fn big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(64 << 20).spawn(f).unwrap().join().unwrap();
}

#[test]
fn w3_rows_and_sizes() {
    big_stack(w3_rows_and_sizes_on_a_big_stack);
}

fn w3_rows_and_sizes_on_a_big_stack() {
    let w = w3::workload();
    assert_eq!(w.id, "W3");
    assert_eq!(w.title, "PB-MessagePack: fields, strings, binary, maps, nesting");
    assert_eq!(w.source, "PB-MessagePack benchmarks");
    let cases = run_all(&w);

    let expected: BTreeMap<&str, usize> = [
        // array 32 header (125,000 > 65,535) + 125,000 records of
        // fixarray 1 + u8 fixint 1 + uint 16 3 + uint 32 5 + int 64 9 + float 64 9 + float 32 5 + bool 1 + fixstr 1+8
        // = 43 bytes each.
        ("fields 1M", 5 + 125_000 * 43),
        // fixstr: 1 + 8.
        ("str 8 B", 1 + 8),
        // str 16 (256..=65,535 bytes): 3 + 1024.
        ("str 1 KB", 3 + 1024),
        // str 32 (65,536 > 65,535): 5 + 65,536.
        ("str 64 KB", 5 + 65_536),
        // str 16: 3 + 1024 (64 units of 3 + 3 + 2 + 2 + 4 + 2 = 16 bytes).
        ("str 1 KB utf-8", 3 + 64 * 16),
        // bin 16: 3 + 1024.
        ("bin 1 KB", 3 + 1024),
        // bin 32: 5 + 1,048,576.
        ("bin 1 MB", 5 + 1_048_576),
        // array 32 header + 100,000 maps of: map 16 header 3 + 16 fixstr keys of 1 + 3
        // + 4 × (fixint 1 + uint 8 2 + uint 16 3 + uint 32 5) = 3 + 64 + 44 = 111 bytes.
        ("maps 100k×16", 5 + 100_000 * 111),
        // N levels: each level is fixarray 1 + two fixints 2, the innermost adds a third fixint: 3N + 1.
        ("nest 1", 3 + 1),
        ("nest 2", 3 * 2 + 1),
        ("nest 4", 3 * 4 + 1),
        ("nest 8", 3 * 8 + 1),
        ("nest 16", 3 * 16 + 1),
        ("nest 32", 3 * 32 + 1),
        ("nest 64", 3 * 64 + 1),
        ("nest 128", 3 * 128 + 1),
    ]
    .into_iter()
    .collect();
    let got: BTreeMap<&str, usize> = cases.iter().map(|c| (c.name.as_str(), c.canonical.len())).collect();
    assert_eq!(got, expected);

    let case = |name: &str| cases.iter().find(|c| c.name == name).expect("case exists");

    // The fields case, the first record and the last bytes.
    let fields = case("fields 1M");
    assert_eq!(items(fields), ("field", 1_000_000));
    assert!(!fields.quick && fields.show_peak);
    let mut first = vec![0xdd, 0x00, 0x01, 0xe8, 0x48]; // array 32 of 125,000
    first.extend([0x98, 0x00, 0xcd, 0x03, 0xe8, 0xce, 0x00, 0x01, 0x86, 0xa0]); // [0, 1000, 100000,
    first.push(0xd3);
    first.extend((-5_000_000_000i64).to_be_bytes()); // -5e9,
    first.push(0xcb);
    first.extend(0.25f64.to_be_bytes()); // 0.25,
    first.push(0xca);
    first.extend(0.0f32.to_be_bytes()); // 0.0,
    first.extend(b"\xc3\xa8s0000000"); // true, "s0000000"]
    assert_eq!(&fields.canonical[..first.len()], &first[..]);
    assert!(fields.canonical.ends_with(b"\xc2\xa8s0124999"), "last record: odd index, label s0124999");
    // msgpacker writes each record without its array header: one byte less per record.
    assert_eq!(row_len(fields, msgpack_bench::harness::names::MSGPACKER), 5 + 125_000 * 42);

    // Strings: printable ASCII, and the UTF-8 one has 384 characters.
    let s8 = case("str 8 B");
    let want: Vec<u8> = (0..8).map(|j| 0x20 + ((31 * j + 7) % 95) as u8).collect();
    assert_eq!(s8.canonical[0], 0xa8);
    assert_eq!(&s8.canonical[1..], &want[..]);
    let utf8 = case("str 1 KB utf-8");
    assert_eq!(&utf8.canonical[..3], &[0xda, 0x04, 0x00]);
    let text = std::str::from_utf8(&utf8.canonical[3..]).expect("valid UTF-8");
    assert_eq!(text.chars().count(), 64 * 6);
    assert!(text.chars().all(|c| c.len_utf8() >= 2), "only multi-byte characters");
    assert_eq!(text.chars().filter(|c| c.len_utf8() == 4).count(), 64);

    // Binary: bin 16 / bin 32 headers, then the xorshift32 bytes.
    let b1 = case("bin 1 KB");
    assert_eq!(&b1.canonical[..3], &[0xc5, 0x04, 0x00]);
    let mut x: u32 = 0x9E37_79B9;
    for (j, &byte) in b1.canonical[3..].iter().enumerate() {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        assert_eq!(byte, x as u8, "byte {j}");
    }
    assert_eq!(&case("bin 1 MB").canonical[..5], &[0xc6, 0x00, 0x10, 0x00, 0x00]);

    // Maps: the first map, key by key.
    let maps = case("maps 100k×16");
    assert_eq!(items(maps), ("map", 100_000));
    assert!(!maps.quick && maps.show_peak);
    assert_eq!(&maps.canonical[..8], &[0xdd, 0x00, 0x01, 0x86, 0xa0, 0xde, 0x00, 0x10]);
    assert_eq!(&maps.canonical[8..13], b"\xa3k00\x00"); // (0 + 0) % 128
    assert_eq!(&maps.canonical[13..19], b"\xa3k01\xcc\x80"); // 128 + 0
    assert_eq!(&maps.canonical[19..26], b"\xa3k02\xcd\x01\x02"); // 256 + 2
    assert_eq!(&maps.canonical[26..35], b"\xa3k03\xce\x00\x01\x00\x03"); // 65,536 + 3
    // The HashMap row writes the same entries in another order: same length.
    assert_eq!(row_len(maps, "ours: derive (HashMap<String, u32>)"), maps.canonical.len());

    // Nesting: [1, 2, [1, 2, 3]] for N = 2, a scaling series per level.
    assert_eq!(case("nest 2").canonical, [0x93, 0x01, 0x02, 0x93, 0x01, 0x02, 0x03]);
    for n in [1u64, 2, 4, 8, 16, 32, 64, 128] {
        let c = case(&format!("nest {n}"));
        assert_eq!(items(c), ("level", n));
        assert_eq!(c.series, Some("W3 nesting"));
        assert_eq!(c.canonical.iter().filter(|&&b| b == 0x93).count() as u64, n);
    }
}

#[test]
fn w4_rows_and_sizes() {
    let w = w4::workload();
    assert_eq!(w.id, "W4");
    assert_eq!(w.title, "Python serializer benchmark: small and big");
    assert_eq!(w.source, "python serializer benchmark (small / big data)");
    let cases = run_all(&w);
    assert_eq!(cases.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["small", "big"]);

    // [1, 2, true, false, "abcd"]: fixarray 1 + 1 + 1 + 1 + 1 + fixstr 1 + 4 = 10 bytes.
    let small = &cases[0];
    assert_eq!(small.canonical, b"\x95\x01\x02\xc3\xc2\xa4abcd");
    // msgpacker: the same without the array header.
    assert_eq!(row_len(small, msgpack_bench::harness::names::MSGPACKER), 9);

    // {i: str(i) * 10}: map 16 header 3
    // + keys: 128 fixints (0..128) × 1 + 128 uint 8 (128..256) × 2 + 19,744 uint 16 × 3 = 59,616
    // + values: 10 × fixstr(10) 11 + 90 × fixstr(20) 21 + 900 × fixstr(30) 31
    //   + 9,000 × str 8(40) 42 + 10,000 × str 8(50) 52 = 927,900.
    let big = &cases[1];
    let keys = 128 + 128 * 2 + 19_744 * 3;
    let values = 10 * 11 + 90 * 21 + 900 * 31 + 9_000 * 42 + 10_000 * 52;
    assert_eq!((keys, values), (59_616, 927_900));
    assert_eq!(big.canonical.len(), 3 + keys + values);
    assert_eq!(big.canonical.len(), 987_519);
    assert_eq!(&big.canonical[..3], &[0xde, 0x4e, 0x20]);
    assert_eq!(&big.canonical[3..15], b"\x00\xaa0000000000");
    let mut last = vec![0xcd, 0x4e, 0x1f, 0xd9, 50]; // 19,999: str 8 of 50 bytes
    last.extend("19999".repeat(10).bytes());
    assert!(big.canonical.ends_with(&last));
    assert_eq!(items(big), ("entry", 20_000));
    assert_eq!(row_len(big, "ours: derive (HashMap<u32, String>)"), big.canonical.len());
}

#[test]
fn quick_runs_leave_out_the_large_w3_cases() {
    let quick = (w3::workload().cases)(true);
    let names: Vec<&str> = quick.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), 4 + 2 + 8, "{names:?}"); // strings, binary, nesting
    assert!(!names.contains(&"fields 1M") && !names.contains(&"maps 100k×16"));
    assert!(quick.iter().all(|c| c.quick));
    assert!((w4::workload().cases)(true).iter().all(|c| c.quick));
}
