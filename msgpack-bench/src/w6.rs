//! W6: serde-parity shapes, a stream of messages written with serde's enum
//! representations and `flatten` (a local addition from the serde-parity
//! issue, not a published benchmark; `WORKLOADS.md`, section W6).
//!
//! One message ([`Message`]) holds all three shapes, so every message of the
//! stream exercises them:
//! - an untagged enum with four variants of different shapes ([`Reading`]:
//!   an integer, a string, a two-element array, a map), one to four of them
//!   in `values`;
//! - an adjacently tagged enum ([`Action`], `tag = "t", content = "c"`: a
//!   unit variant `{"t": "Ping"}`, a newtype, a struct and a tuple variant);
//! - the message itself: a map-form struct with a flattened struct
//!   ([`Meta`], its three fields inline) and a flattened catch-all
//!   `BTreeMap<String, String>` of extra keys (zero to four of them).
//!
//! Every type derives our `MsgPack` and serde's `Serialize` / `Deserialize`
//! with the same attributes on both sides (`#[msgpack(untagged)]` beside
//! `#[serde(untagged)]`, ...), so every row encodes one shared copy of the
//! generated data. The `...Ref<'a>` twins borrow their strings from the input.
//!
//! # Rows
//!
//! - `ours: derive` (canonical): `Vec<Message>`; `ours: derive, borrowed`:
//!   `Vec<MessageRef<'_>>`.
//! - `ours: serde path (named)` (`msgpack_core::serde::to_vec_named` /
//!   `from_slice` on the serde-derived types) and `ours: serde path (named),
//!   borrowed`: the same bytes; serde's derive buffers the untagged and
//!   flattened content into its `Content` on our deserializer too.
//! - `rmp-serde (named)` (`to_vec_named` / `from_slice`) and `rmp-serde
//!   (named), borrowed`: the same bytes. rmp-serde's decode buffers every
//!   untagged value and every key a flattened field takes into serde's
//!   `Content` before it reads them into the types.
//! - the floors `memcpy` and `skip` over the canonical bytes.
//!
//! zerompk and msgpacker have no untagged, adjacently tagged or flattened
//! forms, so they have no rows here.
//!
//! ```
//! let w = msgpack_bench::w6::workload();
//! assert_eq!(w.id, "W6");
//! let quick = (w.cases)(true);
//! assert_eq!(quick[0].name, "stream");
//! assert_eq!(quick[0].items.map(|i| (i.unit, i.count)), Some(("message", 200)));
//! ```

use std::collections::BTreeMap;
use std::rc::Rc;

use msgpack_core::MsgPack;
use serde::{Deserialize, Serialize};

use crate::harness::{Case, Group, Workload, names};
use crate::rows;
use crate::w5::SplitMix64;

/// Messages in the full case.
pub const MESSAGES: usize = 10_000;
/// Messages in the quick case.
pub const QUICK_MESSAGES: usize = 200;
/// The generator's seed.
pub const SEED: u64 = 6;
/// The first message's time (milliseconds since the epoch, 2023-11-14).
pub const T0: u64 = 1_700_000_000_000;

/// `source` values.
pub const SOURCES: [&str; 6] = ["sensor-a", "sensor-b", "gateway", "edge-eu-1", "edge-us-2", "backfill"];
/// `Action::Say` texts.
pub const PHRASES: [&str; 5] = ["hello", "battery low", "door open", "calibrating", "rebooting in 5 s"];
/// `Reading::Label` texts.
pub const LABELS: [&str; 6] = ["idle", "warm", "hot", "offline", "ok", "needs service"];
/// The catch-all's keys, in the order they are drawn (and sorted, as a
/// `BTreeMap` writes them).
pub const EXTRA_KEYS: [&str; 4] = ["build", "region", "trace", "user"];
/// `region` values.
pub const REGIONS: [&str; 4] = ["eu-west-1", "us-east-2", "ap-south-1", "sa-east-1"];
/// `user` values.
pub const USERS: [&str; 5] = ["alice", "bob", "carmen", "david", "eric"];

/// The flattened struct: its fields go inline in the message's map.
#[derive(MsgPack, Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Meta {
    /// Where the message comes from.
    pub source: String,
    /// Sequence number at the source.
    pub seq: u32,
    /// Milliseconds since the epoch (a `uint 64`).
    pub at: u64,
}

/// The adjacently tagged enum: `{"t": variant}` for the unit variant,
/// `{"t": variant, "c": payload}` for the others.
///
/// ```
/// use msgpack_bench::w6::Action;
///
/// let bytes = msgpack_core::to_vec(&Action::Say("hi".into())).unwrap();
/// assert_eq!(bytes, b"\x82\xa1t\xa3Say\xa1c\xa2hi");
/// assert_eq!(bytes, rmp_serde::to_vec_named(&Action::Say("hi".into())).unwrap());
/// assert_eq!(msgpack_core::to_vec(&Action::Ping).unwrap(), b"\x81\xa1t\xa4Ping");
/// ```
#[derive(MsgPack, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[msgpack(tag = "t", content = "c")]
#[serde(tag = "t", content = "c")]
pub enum Action {
    /// A unit variant: the tag alone.
    Ping,
    /// A newtype variant: a string.
    Say(String),
    /// A struct variant: a map.
    Move {
        /// Steps right.
        dx: i32,
        /// Steps up.
        dy: i32,
    },
    /// A tuple variant: an array of two.
    Resize(u32, u32),
}

/// The untagged enum: each variant written as its payload alone, told
/// apart on reading by its shape.
///
/// ```
/// use msgpack_bench::w6::Reading;
///
/// let all = [Reading::Count(7), Reading::Label("ok".into()), Reading::Span(1, 2), Reading::Point { x: -1, y: 1 }];
/// let bytes = msgpack_core::to_vec(&all).unwrap();
/// assert_eq!(bytes, b"\x94\x07\xa2ok\x92\x01\x02\x82\xa1x\xff\xa1y\x01");
/// assert_eq!(bytes, rmp_serde::to_vec_named(&all).unwrap());
/// assert_eq!(msgpack_core::from_slice::<Vec<Reading>>(&bytes).unwrap(), all);
/// ```
#[derive(MsgPack, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[msgpack(untagged)]
#[serde(untagged)]
pub enum Reading {
    /// An integer.
    Count(u64),
    /// A string.
    Label(String),
    /// An array of two integers.
    Span(u32, u32),
    /// A map of two integers.
    Point {
        /// Across.
        x: i32,
        /// Up.
        y: i32,
    },
}

/// One message of the stream: a map of `id`, the flattened [`Meta`]'s
/// `source`, `seq` and `at`, `action`, `values`, then the catch-all's keys.
///
/// ```
/// use std::collections::BTreeMap;
/// use msgpack_bench::w6::{Action, Message, Meta, Reading};
///
/// let m = Message {
///     id: 1,
///     meta: Meta { source: "gateway".into(), seq: 2, at: 3 },
///     action: Action::Ping,
///     values: vec![Reading::Count(4)],
///     extra: BTreeMap::from([("user".to_string(), "bob".to_string())]),
/// };
/// let bytes = msgpack_core::to_vec(&m).unwrap();
/// assert_eq!(bytes, rmp_serde::to_vec_named(&m).unwrap());
/// // 7 entries: id, source, seq, at, action, values, user.
/// assert_eq!(bytes[..5], *b"\x87\xa2id\x01");
/// assert_eq!(msgpack_core::from_slice::<Message>(&bytes).unwrap(), m);
/// assert_eq!(rmp_serde::from_slice::<Message>(&bytes).unwrap(), m);
/// ```
#[derive(MsgPack, Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Message {
    /// A 48-bit id.
    pub id: u64,
    /// Inline: `source`, `seq`, `at`.
    #[msgpack(flatten)]
    #[serde(flatten)]
    pub meta: Meta,
    /// What happened.
    pub action: Action,
    /// One to four readings.
    pub values: Vec<Reading>,
    /// Every other key (the catch-all), sorted.
    #[msgpack(flatten)]
    #[serde(flatten)]
    pub extra: BTreeMap<String, String>,
}

/// [`Meta`] borrowing its string.
#[derive(MsgPack, Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct MetaRef<'a> {
    /// Where the message comes from.
    pub source: &'a str,
    /// Sequence number at the source.
    pub seq: u32,
    /// Milliseconds since the epoch.
    pub at: u64,
}

/// [`Action`] borrowing its string.
#[derive(MsgPack, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[msgpack(tag = "t", content = "c")]
#[serde(tag = "t", content = "c")]
pub enum ActionRef<'a> {
    /// The tag alone.
    Ping,
    /// A string.
    Say(&'a str),
    /// A map.
    Move {
        /// Steps right.
        dx: i32,
        /// Steps up.
        dy: i32,
    },
    /// An array of two.
    Resize(u32, u32),
}

/// [`Reading`] borrowing its string.
#[derive(MsgPack, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[msgpack(untagged)]
#[serde(untagged)]
pub enum ReadingRef<'a> {
    /// An integer.
    Count(u64),
    /// A string.
    Label(&'a str),
    /// An array of two integers.
    Span(u32, u32),
    /// A map of two integers.
    Point {
        /// Across.
        x: i32,
        /// Up.
        y: i32,
    },
}

/// [`Message`] borrowing its strings (the catch-all's keys and values too).
///
/// ```
/// use msgpack_bench::w6::{self, MessageRef};
///
/// let stream = w6::generate(3);
/// let bytes = msgpack_core::to_vec(&stream).unwrap();
/// let ours: Vec<MessageRef<'_>> = msgpack_core::from_slice(&bytes).unwrap();
/// let theirs: Vec<MessageRef<'_>> = rmp_serde::from_slice(&bytes).unwrap();
/// let want: Vec<MessageRef<'_>> = stream.iter().map(MessageRef::from).collect();
/// assert_eq!((ours == want, theirs == want), (true, true));
/// ```
#[derive(MsgPack, Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct MessageRef<'a> {
    /// A 48-bit id.
    pub id: u64,
    /// Inline: `source`, `seq`, `at`.
    #[msgpack(flatten)]
    #[serde(flatten, borrow)]
    pub meta: MetaRef<'a>,
    /// What happened.
    #[serde(borrow)]
    pub action: ActionRef<'a>,
    /// One to four readings.
    #[serde(borrow)]
    pub values: Vec<ReadingRef<'a>>,
    /// Every other key (the catch-all), sorted.
    #[msgpack(flatten)]
    #[serde(flatten, borrow)]
    pub extra: BTreeMap<&'a str, &'a str>,
}

impl<'a> From<&'a Message> for MessageRef<'a> {
    fn from(m: &'a Message) -> Self {
        let action = match &m.action {
            Action::Ping => ActionRef::Ping,
            Action::Say(s) => ActionRef::Say(s),
            Action::Move { dx, dy } => ActionRef::Move { dx: *dx, dy: *dy },
            Action::Resize(w, h) => ActionRef::Resize(*w, *h),
        };
        let values = m
            .values
            .iter()
            .map(|r| match r {
                Reading::Count(n) => ReadingRef::Count(*n),
                Reading::Label(s) => ReadingRef::Label(s),
                Reading::Span(a, b) => ReadingRef::Span(*a, *b),
                Reading::Point { x, y } => ReadingRef::Point { x: *x, y: *y },
            })
            .collect();
        MessageRef {
            id: m.id,
            meta: MetaRef { source: &m.meta.source, seq: m.meta.seq, at: m.meta.at },
            action,
            values,
            extra: m.extra.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect(),
        }
    }
}

/// Message `i` of the stream, drawn in this order: `id`; the meta's
/// `source`, `seq`, `at`; the action (its variant, then its payload);
/// `values` (how many, then each one's variant and payload); for each of
/// [`EXTRA_KEYS`] in order, whether it is present, then its value.
///
/// ```
/// use msgpack_bench::w5::SplitMix64;
///
/// let mut a = SplitMix64::new(6);
/// let mut b = SplitMix64::new(6);
/// assert_eq!(msgpack_bench::w6::message(&mut a, 0), msgpack_bench::w6::message(&mut b, 0));
/// ```
pub fn message(rng: &mut SplitMix64, i: usize) -> Message {
    let id = rng.next_u64() >> 16;
    let meta = Meta {
        source: rng.pick(&SOURCES).to_string(),
        seq: rng.below(100_000) as u32,
        at: T0 + 1_000 * i as u64 + rng.below(1_000),
    };
    let action = match rng.below(4) {
        0 => Action::Ping,
        1 => Action::Say(rng.pick(&PHRASES).to_string()),
        2 => Action::Move { dx: rng.range(-100, 100) as i32, dy: rng.range(-100, 100) as i32 },
        _ => Action::Resize(rng.range(1, 4_096) as u32, rng.range(1, 4_096) as u32),
    };
    let values = (0..rng.range(1, 5))
        .map(|_| match rng.below(4) {
            0 => Reading::Count(rng.below(1 << 20)),
            1 => Reading::Label(rng.pick(&LABELS).to_string()),
            2 => {
                let start = rng.below(10_000) as u32;
                Reading::Span(start, start + rng.below(1_000) as u32)
            }
            _ => Reading::Point { x: rng.range(-1_000, 1_000) as i32, y: rng.range(-1_000, 1_000) as i32 },
        })
        .collect();
    let mut extra = BTreeMap::new();
    for key in EXTRA_KEYS {
        if !rng.chance(0.4) {
            continue;
        }
        let value = match key {
            "build" => format!("v{}.{}.{}", rng.below(4), rng.below(20), rng.below(100)),
            "region" => rng.pick(&REGIONS).to_string(),
            "trace" => format!("{:016x}", rng.next_u64()),
            _ => rng.pick(&USERS).to_string(),
        };
        extra.insert(key.to_string(), value);
    }
    Message { id, meta, action, values, extra }
}

/// The stream of `n` messages from one generator ([`SEED`]).
///
/// ```
/// let stream = msgpack_bench::w6::generate(50);
/// assert_eq!(stream.len(), 50);
/// assert!(stream.iter().all(|m| (1..=4).contains(&m.values.len())));
/// assert_eq!(stream, msgpack_bench::w6::generate(50));
/// ```
pub fn generate(n: usize) -> Vec<Message> {
    let mut rng = SplitMix64::new(SEED);
    (0..n).map(|i| message(&mut rng, i)).collect()
}

/// The workload: one case, the stream (`--quick`: 200 messages).
pub fn workload() -> Workload {
    Workload {
        id: "W6",
        title: "serde-parity shapes: untagged enum, adjacently tagged enum, flattened struct and catch-all map",
        source: "local addition (the serde-parity issue)",
        cases,
    }
}

/// rmp-serde's named form into the reused buffer (a cleared `Vec`), as
/// [`rows::serde_named`] does, for the borrowed row.
fn serde_named_into<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), rmp_serde::encode::Error> {
    value.serialize(&mut rmp_serde::Serializer::new(buf).with_struct_map())
}

/// The cases in table order, at full or quick size.
fn cases(quick: bool) -> Vec<Case> {
    vec![stream(quick)]
}

/// The case `stream`.
fn stream(quick: bool) -> Case {
    let n = if quick { QUICK_MESSAGES } else { MESSAGES };
    // The borrowed sources point into one copy of the messages kept for the
    // process (about 1 MB at full size, per case built).
    let owned: &'static [Message] = Box::leak(generate(n).into_boxed_slice());
    let messages = Rc::new(owned.to_vec());
    let refs: Vec<MessageRef<'static>> = owned.iter().map(MessageRef::from).collect();
    let canonical = msgpack_core::to_vec(&*messages).expect("a W6 stream always encodes");
    // A borrowed decode allocates the stream's `Vec`, each message's
    // `values` and each non-empty catch-all (one B-tree leaf).
    let collections = u64::from(n > 0) + owned.iter().map(|m| 1 + u64::from(!m.extra.is_empty())).sum::<u64>();
    let mut case = Case::new("W6", "stream", canonical)
        .items("message", n as u64)
        .collections(collections)
        .row(rows::ours::<Vec<Message>>(names::DERIVE, Rc::clone(&messages)))
        .row(rows::borrowed!(
            names::DERIVE_BORROWED,
            Group::Ours,
            refs.clone(),
            Vec<MessageRef<'_>>,
            msgpack_core::to_vec,
            msgpack_core::from_slice
        ))
        .row(rows::serde_path_named::<Vec<Message>>(names::SERDE_PATH_NAMED, Rc::clone(&messages)))
        .row(rows::serde_path_extras(
            rows::borrowed!(
                format!("{}, borrowed", names::SERDE_PATH_NAMED),
                Group::Ours,
                refs.clone(),
                Vec<MessageRef<'_>>,
                msgpack_core::serde::to_vec_named,
                msgpack_core::serde::from_slice
            ),
            Rc::new(refs.clone()),
            true,
        ))
        .row(rows::serde_named::<Vec<Message>>(names::RMP_SERDE_NAMED, messages))
        .row(rows::borrowed!(
            format!("{}, borrowed", names::RMP_SERDE_NAMED),
            Group::Other,
            refs,
            Vec<MessageRef<'_>>,
            rmp_serde::to_vec_named,
            rmp_serde::from_slice,
            vec = serde_named_into
        ))
        .with_limits();
    if !quick {
        case = case.show_peak();
    }
    case
}
