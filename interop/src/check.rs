//! The three checks of the matrix (and the typed W2 one), run against any
//! [`Peer`].

use msgpack_core::Value;

use crate::corpus::Item;
use crate::frames::Frame;
use crate::quirks::{Quirk, Quirks, same};

/// What the runner asks of an implementation.
pub trait Peer {
    /// Decodes and re-encodes every value (`run roundtrip`).
    ///
    /// # Errors
    ///
    /// The peer failed as a whole (did not start, crashed, wrote a bad
    /// file).
    fn roundtrip(&mut self, values: &[Vec<u8>]) -> Result<Vec<Frame>, String>;
    /// Its own edge cases (`run edge`).
    ///
    /// # Errors
    ///
    /// As for [`Peer::roundtrip`].
    fn edge(&mut self) -> Result<Vec<Vec<u8>>, String>;
    /// The W2 messages through its typed structs (`run w2`).
    ///
    /// # Errors
    ///
    /// As for [`Peer::roundtrip`].
    fn w2(&mut self, values: &[Vec<u8>]) -> Result<Vec<Frame>, String>;
}

/// How a check ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every value passed (identical, or different only as declared).
    Passed,
    /// At least one value failed, or the peer did.
    Failed,
    /// Not run, with the reason.
    Skipped(String),
}

/// One check's outcome for one peer.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `ours`, `theirs`, `edge` or `w2`.
    pub check: &'static str,
    /// How it ended.
    pub status: Status,
    /// Values checked.
    pub values: usize,
    /// Of those, the bytes came back identical.
    pub identical: usize,
    /// Of those, different in a declared way only.
    pub differ: usize,
    /// Of those, failed.
    pub failed: usize,
    /// Values not sent because the peer declared a feature they use unsupported.
    pub skipped_values: usize,
    /// The first failures, readable.
    pub samples: Vec<String>,
}

impl Outcome {
    fn new(check: &'static str) -> Outcome {
        Outcome {
            check,
            status: Status::Passed,
            values: 0,
            identical: 0,
            differ: 0,
            failed: 0,
            skipped_values: 0,
            samples: Vec::new(),
        }
    }

    fn broken(check: &'static str, why: String) -> Outcome {
        let mut o = Outcome::new(check);
        o.status = Status::Failed;
        o.samples.push(why);
        o
    }

    fn fail(&mut self, sample: impl FnOnce() -> String) {
        self.failed += 1;
        self.status = Status::Failed;
        if self.samples.len() < 5 {
            self.samples.push(sample());
        }
    }
}

fn decode(bytes: &[u8]) -> Result<Value, String> {
    msgpack_core::from_slice_with::<Value>(bytes, &msgpack_core::DecodeOptions::new().max_depth(1024))
        .map_err(|e| e.to_string())
}

/// At most 48 bytes of `b` in hex.
pub fn hex(b: &[u8]) -> String {
    let mut s: String = b.iter().take(48).map(|x| format!("{x:02x}")).collect();
    if b.len() > 48 {
        s.push_str(&format!("... ({} bytes)", b.len()));
    }
    s
}

/// Checks 1 and 2: our encodings of `corpus`, decoded and re-encoded by the
/// peer. Check 1 (`ours`) wants our bytes back, or a declared difference;
/// check 2 (`theirs`) wants their bytes to decode, with msgpack-core, to
/// the value we sent.
pub fn ours_and_theirs(peer: &mut dyn Peer, quirks: &Quirks, corpus: &[Item]) -> [Outcome; 2] {
    let mut ours = Outcome::new("ours");
    let mut theirs = Outcome::new("theirs");
    let sent: Vec<&Item> = corpus.iter().filter(|i| quirks.skipped_by(&i.value).is_none()).collect();
    ours.skipped_values = corpus.len() - sent.len();
    theirs.skipped_values = ours.skipped_values;
    let frames: Vec<Vec<u8>> = sent.iter().map(|i| i.bytes.clone()).collect();
    let back = match peer.roundtrip(&frames) {
        Ok(b) if b.len() == frames.len() => b,
        Ok(b) => {
            let why = format!("sent {} values, got {} frames back", frames.len(), b.len());
            return [Outcome::broken("ours", why.clone()), Outcome::broken("theirs", why)];
        }
        Err(e) => return [Outcome::broken("ours", e.clone()), Outcome::broken("theirs", e)],
    };
    for (item, frame) in sent.iter().zip(back) {
        ours.values += 1;
        theirs.values += 1;
        let bytes = match frame {
            Frame::Bytes(b) => b,
            Frame::Error(e) => {
                ours.fail(|| format!("{}: the peer failed: {e} (sent {})", item.name, hex(&item.bytes)));
                theirs.fail(|| format!("{}: nothing to decode (the peer failed)", item.name));
                continue;
            }
        };
        if bytes == item.bytes {
            ours.identical += 1;
            theirs.identical += 1;
            continue;
        }
        match decode(&bytes) {
            // The same value in other bytes: a larger form than the smallest.
            Ok(v) if same(&v, &item.value) => {
                theirs.identical += 1;
                if quirks.differ.contains(&Quirk::WiderForms) {
                    ours.differ += 1;
                } else {
                    ours.fail(|| {
                        format!(
                            "{}: sent {}, got back the same value in other bytes {} (not the smallest form)",
                            item.name,
                            hex(&item.bytes),
                            hex(&bytes)
                        )
                    });
                }
            }
            Ok(v) if same(&quirks.normalize(&v), &quirks.normalize(&item.value)) => {
                ours.differ += 1;
                theirs.differ += 1;
            }
            Ok(v) => {
                let diff = || format!("{}: sent {}, got back {} ({v:?})", item.name, hex(&item.bytes), hex(&bytes));
                ours.fail(diff);
                theirs.fail(diff);
            }
            Err(e) => {
                ours.fail(|| format!("{}: their bytes {} do not decode: {e}", item.name, hex(&bytes)));
                theirs.fail(|| format!("{}: their bytes {} do not decode: {e}", item.name, hex(&bytes)));
            }
        }
    }
    [ours, theirs]
}

/// Check 3: the peer's own edge cases, decoded by msgpack-core. Both its
/// bytes and our re-encoding of what we read go through the peer's
/// `roundtrip`: the two must come back the same (bytes, or values up to the
/// declared differences), so the peer reads our reading of its bytes as the
/// value it wrote. (Comparing with its first bytes directly would fail on
/// every edge case its API writes in a larger form on purpose.)
pub fn edge(peer: &mut dyn Peer, quirks: &Quirks) -> Outcome {
    let mut out = Outcome::new("edge");
    let theirs = match peer.edge() {
        Ok(t) if t.is_empty() => return Outcome::broken("edge", "the peer wrote no edge cases".into()),
        Ok(t) => t,
        Err(e) => return Outcome::broken("edge", e),
    };
    let mut read = Vec::new();
    for (i, bytes) in theirs.iter().enumerate() {
        match decode(bytes) {
            Ok(v) => read.push((i, v)),
            Err(e) => {
                out.values += 1;
                out.fail(|| format!("edge case {i}: we cannot decode {}: {e}", hex(bytes)));
            }
        }
    }
    // Their bytes first, then ours for the same values.
    let mut sent: Vec<Vec<u8>> = read.iter().map(|(i, _)| theirs[*i].clone()).collect();
    sent.extend(read.iter().map(|(_, v)| msgpack_core::to_vec(v).expect("a Value encodes")));
    let back = match peer.roundtrip(&sent) {
        Ok(b) if b.len() == sent.len() => b,
        Ok(b) => return Outcome::broken("edge", format!("sent {} values, got {} frames back", sent.len(), b.len())),
        Err(e) => return Outcome::broken("edge", e),
    };
    let (from_theirs, from_ours) = back.split_at(read.len());
    for (((i, v), a), b) in read.iter().zip(from_theirs).zip(from_ours) {
        out.values += 1;
        match (a, b) {
            (Frame::Bytes(a), Frame::Bytes(b)) if a == b => out.identical += 1,
            (Frame::Bytes(a), Frame::Bytes(b)) => match (decode(a), decode(b)) {
                (Ok(x), Ok(y)) if same(&quirks.normalize(&x), &quirks.normalize(&y)) => out.differ += 1,
                _ => out.fail(|| {
                    format!(
                        "edge case {i}: they wrote {}, we read {v:?}; through the peer their bytes give {} and ours {}",
                        hex(&theirs[*i]),
                        hex(a),
                        hex(b)
                    )
                }),
            },
            (Frame::Error(e), _) => {
                out.fail(|| format!("edge case {i}: the peer cannot read its own bytes {}: {e}", hex(&theirs[*i])))
            }
            (_, Frame::Error(e)) => out.fail(|| format!("edge case {i}: our encoding of it made the peer fail: {e}")),
        }
    }
    out
}

/// The typed check: W2's Custom1 / Custom2 as our derived types encode
/// them, through the peer's typed structs.
pub fn w2(peer: &mut dyn Peer, quirks: &Quirks) -> Outcome {
    let mut out = Outcome::new("w2");
    if !quirks.modes.iter().any(|m| m == "w2") {
        out.status = Status::Skipped("no typed W2 structs".into());
        return out;
    }
    let cases = (msgpack_bench::w2::workload().cases)(true);
    let mut frames = Vec::new();
    for _ in 0..8 {
        for c in &cases {
            frames.push(c.canonical.clone());
        }
    }
    let back = match peer.w2(&frames) {
        Ok(b) if b.len() == frames.len() => b,
        Ok(b) => return Outcome::broken("w2", format!("sent {} messages, got {} frames back", frames.len(), b.len())),
        Err(e) => return Outcome::broken("w2", e),
    };
    for (i, (sent, frame)) in frames.iter().zip(back).enumerate() {
        out.values += 1;
        let name = &cases[i % cases.len()].name;
        match frame {
            Frame::Bytes(b) if &b == sent => out.identical += 1,
            Frame::Bytes(b) => match (decode(&b), decode(sent)) {
                (Ok(w), Ok(v)) if same(&quirks.normalize(&w), &quirks.normalize(&v)) => out.differ += 1,
                _ => out.fail(|| format!("{name}: sent {}, got {}", hex(sent), hex(&b))),
            },
            Frame::Error(e) => out.fail(|| format!("{name}: the peer failed: {e}")),
        }
    }
    out
}
