//! The checks themselves, against fake peers: a faithful one passes, a
//! lossy one fails unless it declares the difference, and a peer that
//! changes a value fails whatever it declares.

use msgpack_core::Value;
use msgpack_interop::check::{self, Peer, Status};
use msgpack_interop::frames::Frame;
use msgpack_interop::quirks::Quirks;

/// Decodes with msgpack-core and re-encodes after `f`.
struct Fake(fn(Value) -> Value);

fn walk(mut v: Value, f: &dyn Fn(Value) -> Value) -> Value {
    match &mut v {
        Value::Array(a) => f(Value::Array(std::mem::take(a).into_iter().map(|x| walk(x, f)).collect())),
        Value::Map(m) => f(Value::Map(std::mem::take(m).into_iter().map(|(k, x)| (walk(k, f), walk(x, f))).collect())),
        _ => f(v),
    }
}

impl Peer for Fake {
    fn roundtrip(&mut self, values: &[Vec<u8>]) -> Result<Vec<Frame>, String> {
        Ok(values
            .iter()
            .map(|b| {
                match msgpack_core::from_slice_with::<Value>(b, &msgpack_core::DecodeOptions::new().max_depth(1024)) {
                    Ok(v) => Frame::Bytes(msgpack_core::to_vec(&walk(v, &self.0)).unwrap()),
                    Err(e) => Frame::Error(e.to_string()),
                }
            })
            .collect())
    }

    fn edge(&mut self) -> Result<Vec<Vec<u8>>, String> {
        Ok(vec![vec![0xcd, 0x00, 0x01], vec![0xca, 0x3f, 0xc0, 0x00, 0x00], vec![0x92, 0xc0, 0xc3]])
    }

    fn w2(&mut self, _: &[Vec<u8>]) -> Result<Vec<Frame>, String> {
        Err("no w2".into())
    }
}

fn widen(v: Value) -> Value {
    match v {
        Value::F32(x) => Value::F64(f64::from(x)),
        other => other,
    }
}

fn statuses(peer: &mut Fake, quirks: &str) -> Vec<Status> {
    let quirks = Quirks::parse(quirks).unwrap();
    let corpus = msgpack_interop::corpus::corpus(300, 3);
    let [ours, theirs] = check::ours_and_theirs(peer, &quirks, &corpus);
    let edge = check::edge(peer, &quirks);
    vec![ours.status, theirs.status, edge.status]
}

#[test]
fn a_faithful_peer_passes() {
    assert_eq!(statuses(&mut Fake(|v| v), ""), [Status::Passed, Status::Passed, Status::Passed]);
}

#[test]
fn an_undeclared_difference_fails_and_a_declared_one_passes() {
    // float 32 comes back as float 64: checks 1 and 2 fail; the edge check
    // passes, since the peer widens its own bytes and ours alike.
    assert_eq!(statuses(&mut Fake(widen), ""), [Status::Failed, Status::Failed, Status::Passed]);
    assert_eq!(
        statuses(&mut Fake(widen), "differ float32-widened # test\n"),
        [Status::Passed, Status::Passed, Status::Passed]
    );
}

#[test]
fn a_changed_value_fails_whatever_is_declared() {
    let off_by_one = |v| match v {
        Value::Int(i) if i.as_u64() == Some(300) => Value::from(301u16),
        other => other,
    };
    let s = statuses(&mut Fake(off_by_one), "differ map-order # test\ndiffer float32-widened # test\n");
    assert_eq!(s[0], Status::Failed);
    assert_eq!(s[1], Status::Failed);
}

#[test]
fn skipped_features_are_not_sent() {
    let quirks = Quirks::parse("skip bin # test\n").unwrap();
    let corpus = msgpack_interop::corpus::corpus(300, 3);
    let [ours, _] = check::ours_and_theirs(&mut Fake(|v| v), &quirks, &corpus);
    assert!(ours.skipped_values > 10);
    assert_eq!(ours.values + ours.skipped_values, corpus.len());
}
