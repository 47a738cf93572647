//! W1 (msgspec's filesystem tree): the generator reproduces the check values
//! of `WORKLOADS.md` and msgspec's own bytes, and every row of every case
//! writes the canonical bytes (unless it says why not), passes its check and
//! decodes its own output.
//!
//! The 10,000-node tree is 508 directories deep: everything runs on a thread
//! with a big stack (serde's internally tagged decode recurses through its
//! buffered `Content` tree).

use msgpack_bench::harness::names;
use msgpack_bench::w1::{self, Node};
use msgpack_core::Value;
use sha2::{Digest, Sha256};

/// `(n, bytes, SHA-256, max depth)` from `WORKLOADS.md`.
const CHECK_VALUES: [(usize, usize, &str, usize); 5] = [
    (1, 127, "8b1eddd89b5461b4772a926eecb743a5fc13f4cfc22ea844a728318ddbb2c1bc", 0),
    (10, 1_316, "29cc2dcab31fc6c19eab5b34d7d470ae81e5e60e8969dd4971930892cde05faa", 1),
    (100, 12_719, "34e44ac5692c4d7d3251e255ffecd8cbfdc36c08b8e9411905aef7af7a19b645", 7),
    (1_000, 130_702, "ced7c435386c2430e2cd218144433edd8f204255e6fab8048dafa2f8cb0c761d", 49),
    (10_000, 1_305_712, "7a90135bfbae08ed774f452d5e61d7aabfacb25d11456112560d9c4a79be267b", 508),
];

/// msgspec's encoding of the n = 1000 tree.
const MSGSPEC_1000: &[u8] = include_bytes!("../../msgpack-derive/tests/data/msgspec-filesystem-1000.msgpack");

fn big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(256 << 20).spawn(f).unwrap().join().unwrap();
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// How deep the deepest directory is below the root (the root is 0; a
/// single file is 0 too).
fn max_depth(node: &Node) -> usize {
    match node {
        Node::File { .. } => 0,
        Node::Directory { contents, .. } => {
            contents.iter().filter(|c| matches!(c, Node::Directory { .. })).map(|c| 1 + max_depth(c)).max().unwrap_or(0)
        }
    }
}

fn count(node: &Node) -> usize {
    match node {
        Node::File { .. } => 1,
        Node::Directory { contents, .. } => 1 + contents.iter().map(count).sum::<usize>(),
    }
}

#[test]
fn generator_matches_the_check_values() {
    big_stack(|| {
        for (n, len, sha, depth) in CHECK_VALUES {
            let tree = w1::generate(n);
            let bytes = msgpack_core::to_vec(&tree).unwrap();
            assert_eq!(bytes.len(), len, "n = {n}: byte count");
            assert_eq!(sha256_hex(&bytes), sha, "n = {n}: SHA-256");
            assert_eq!(max_depth(&tree), depth, "n = {n}: max depth");
            assert_eq!(count(&tree), n, "n = {n}: node count");
            // Our decoder's default depth limit (1024) holds the deepest tree.
            assert!(w1::nesting(&tree) < 1024, "n = {n}: nesting {}", w1::nesting(&tree));
            let back: Node = msgpack_core::from_slice(&bytes).unwrap();
            assert!(back == tree, "n = {n}: round trip");
        }
    });
}

#[test]
fn n1000_is_msgspec_s_bytes() {
    let bytes = msgpack_core::to_vec(&w1::generate(1000)).unwrap();
    assert!(bytes == MSGSPEC_1000, "our n = 1000 tree differs from msgspec's encoding");
}

#[test]
fn python_random() {
    // python3 -c "import random; r = random.Random(42); print([r.randint(0, 30) for _ in range(5)], r.random())"
    let mut r = w1::PyRandom::new(42);
    let ints: Vec<i64> = (0..5).map(|_| r.randint(0, 30)).collect();
    assert_eq!(ints, [20, 3, 0, 23, 8]);
    assert_eq!(r.random(), 0.24489185380347622);
}

/// The rows each case lists as unsupported (everything else must run).
fn expected_unsupported(n: usize) -> Vec<&'static str> {
    let mut v =
        vec![names::DERIVE_ARRAY, names::SERDE_PATH, names::RMP_SERDE_COMPACT, names::ZEROMPK, names::MSGPACKER];
    if n == 10_000 {
        // Fixed depth limits: rmpv's read_value (1024, spent twice per
        // container) and zerompk's MAX_DEPTH (500).
        v.extend([names::RMPV, names::ZEROMPK_HAND, names::ZEROMPK_VALUE]);
    }
    v
}

#[test]
fn every_row_of_every_case() {
    big_stack(|| {
        let workload = w1::workload();
        assert_eq!((workload.id, workload.title), ("W1", "msgspec filesystem tree"));
        let cases = (workload.cases)(false);
        assert_eq!(cases.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["n=100", "n=1000", "n=10000"]);
        for (case, n) in cases.iter().zip(w1::SIZES) {
            let (_, len, sha, _) = CHECK_VALUES.iter().copied().find(|c| c.0 == n).unwrap();
            assert_eq!(case.canonical.len(), len);
            assert_eq!(sha256_hex(&case.canonical), sha);
            assert_eq!(case.series, Some("W1 filesystem"));
            assert_eq!(case.items.map(|i| (i.unit, i.count)), Some(("node", n as u64)));
            assert_eq!(case.show_peak, n == 10_000);
            let mut unsupported = Vec::new();
            for row in &case.rows {
                let at = format!("{} / {}", case.name, row.name);
                if let Some(why) = &row.unsupported {
                    eprintln!("{at}: unsupported: {why}");
                    unsupported.push(row.name.as_str());
                    continue;
                }
                let input = match row.run_encode() {
                    Some(Ok(bytes)) => {
                        match &row.differs {
                            None => assert!(bytes == case.canonical, "{at}: bytes differ from the canonical"),
                            Some(why) => eprintln!("{at}: differs: {why}"),
                        }
                        bytes
                    }
                    Some(Err(e)) => panic!("{at}: encode failed: {e}"),
                    None => case.canonical.clone(),
                };
                if let Some(r) = row.run_check(&input) {
                    r.unwrap_or_else(|e| panic!("{at}: check failed: {e}"));
                }
                if let Some(r) = row.run_decode(&input) {
                    r.unwrap_or_else(|e| panic!("{at}: decode failed: {e}"));
                }
                // Every row that encodes also encodes into a reused buffer
                // (the same bytes), twice into the same buffer.
                if row.run_encode().is_some() {
                    let mut buf = vec![0u8; 2 * case.canonical.len() + 1024];
                    for _ in 0..2 {
                        let n = row
                            .run_reuse(&mut buf)
                            .unwrap_or_else(|| panic!("{at}: no reused-buffer encode"))
                            .unwrap_or_else(|e| panic!("{at}: reused-buffer encode failed: {e}"));
                        assert!(buf[..n] == input[..], "{at}: the reused buffer holds other bytes");
                    }
                }
            }
            let mut want = expected_unsupported(n);
            want.sort_unstable();
            unsupported.sort_unstable();
            assert_eq!(unsupported, want, "{}: unsupported rows", case.name);
        }
    });
}

/// Keeps `type` first (the hand-written readers
/// expect it there), reverses the other entries and adds an unknown key to
/// every map, recursively.
fn shuffle(v: &mut Value) {
    match v {
        Value::Map(entries) => {
            for (_, v) in entries.iter_mut() {
                shuffle(v);
            }
            entries[1..].reverse();
            entries.push((Value::Str("extra".into()), Value::Array(vec![Value::Nil, Value::Map(Vec::new())])));
        }
        Value::Array(items) => items.iter_mut().for_each(shuffle),
        _ => {}
    }
}

/// The decoders written by hand (ours and zerompk's) read fields in any
/// order and skip unknown keys, like the derive.
#[test]
fn hand_written_decoders_take_any_field_order() {
    big_stack(|| {
        let case = w1::case(100);
        let mut value: Value = msgpack_core::from_slice(&case.canonical).unwrap();
        shuffle(&mut value);
        let shuffled = msgpack_core::to_vec(&value).unwrap();
        assert_ne!(shuffled, case.canonical);
        for name in [names::DERIVE, names::HAND, names::ZEROMPK_HAND, names::SERDE_PATH_NAMED, names::RMP_SERDE_NAMED] {
            let row = case.rows.iter().find(|r| r.name == name).unwrap();
            row.run_check(&shuffled).unwrap().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    });
}

// The W1 types' lock file is checked where they are defined, with the lock
// path relative to that crate: `msgpack-testdata/tests/w1_lock.rs`.
