//! W5 `access log`: the benchmark's `log` dataset, 10,000 web server log
//! entries (`--quick`: 200) in one array, owned (`String`) and borrowed
//! (`&str`).
//!
//! An entry is an IPv4 address (four `u8`), four short strings (`identity`
//! is always `"-"`, `userid` one of 9 names, `date` like
//! `"17/Mar/1995:4:27:33 -0300"`, `request` like `"GET /api/login HTTP/2"`),
//! an HTTP status `code` and a response `size` below 100,000,000.

use std::rc::Rc;

use msgpack_core::MsgPack;
use msgpacker::{Packable, UnpackableBorrowed};
use serde::{Deserialize, Serialize};

use super::{MSGPACKER_LAYOUT, NAMED, OURS_MAP, SplitMix64, borrowed_name, canonical, msgpacker_pack};
use crate::harness::{Case, Group, Row, names};
use crate::{floor, rows};

/// Entries in the full case (the benchmark's size).
const LOGS: usize = 10_000;
/// Entries in the quick case.
const QUICK_LOGS: usize = 200;
/// The generator's seed.
const SEED: u64 = 3;

const USERID: [&str; 9] = ["-", "alice", "bob", "carmen", "david", "eric", "frank", "george", "harry"];
const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const TIMEZONE: [&str; 25] = [
    "-1200", "-1100", "-1000", "-0900", "-0800", "-0700", "-0600", "-0500", "-0400", "-0300", "-0200", "-0100",
    "+0000", "+0100", "+0200", "+0300", "+0400", "+0500", "+0600", "+0700", "+0800", "+0900", "+1000", "+1100",
    "+1200",
];
const CODES: [u16; 63] = [
    100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304, 305, 306, 307, 308,
    400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421, 422, 423, 424,
    425, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511,
];
const METHODS: [&str; 5] = ["GET", "POST", "PUT", "UPDATE", "DELETE"];
const ROUTES: [&str; 7] = [
    "/favicon.ico",
    "/css/index.css",
    "/css/font-awsome.min.css",
    "/img/logo-full.svg",
    "/img/splash.jpg",
    "/api/login",
    "/api/logout",
];
const PROTOCOLS: [&str; 4] = ["HTTP/1.0", "HTTP/1.1", "HTTP/2", "HTTP/3"];

/// An IPv4 address, in every crate's array form (and msgpacker's borrowed
/// reader, for `LogRef`).
#[derive(
    MsgPack,
    Serialize,
    Deserialize,
    zerompk::ToMessagePack,
    zerompk::FromMessagePack,
    msgpacker::MsgPacker,
    msgpacker::MsgUnpackerBorrowed,
    Debug,
    Clone,
    Copy,
    PartialEq,
)]
#[msgpack(array)]
pub struct Address {
    x0: u8,
    x1: u8,
    x2: u8,
    x3: u8,
}

array_structs! {
    /// One entry, owning its strings.
    struct Log {
        address: Address,
        identity: String,
        userid: String,
        date: String,
        request: String,
        code: u16,
        size: u64,
    }

    /// The log: a one-element array holding the entries.
    struct Logs {
        logs: Vec<Log>,
    }
}

/// [`Log`] borrowing its strings from the input (serde borrows `&str`
/// fields by itself; so do our derive and zerompk's).
#[derive(
    MsgPack,
    Serialize,
    Deserialize,
    zerompk::ToMessagePack,
    zerompk::FromMessagePack,
    msgpacker::MsgPackerBorrowed,
    Debug,
    Clone,
    PartialEq,
)]
#[msgpack(array)]
pub struct LogRef<'a> {
    address: Address,
    identity: &'a str,
    userid: &'a str,
    date: &'a str,
    request: &'a str,
    code: u16,
    size: u64,
}

/// [`Logs`] of borrowed entries.
#[derive(
    MsgPack,
    Serialize,
    Deserialize,
    zerompk::ToMessagePack,
    zerompk::FromMessagePack,
    msgpacker::MsgPackerBorrowed,
    Debug,
    Clone,
    PartialEq,
)]
#[msgpack(array)]
pub struct LogsRef<'a> {
    #[serde(borrow)]
    logs: Vec<LogRef<'a>>,
}

/// [`Address`] in our map form.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(map)]
pub struct AddressMap {
    x0: u8,
    x1: u8,
    x2: u8,
    x3: u8,
}

/// [`Log`] in our map form.
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(map)]
pub struct LogMap {
    address: AddressMap,
    identity: String,
    userid: String,
    date: String,
    request: String,
    code: u16,
    size: u64,
}

/// [`Logs`] in our map form.
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(map)]
pub struct LogsMap {
    logs: Vec<LogMap>,
}

impl From<&Logs> for LogsMap {
    fn from(logs: &Logs) -> Self {
        let logs = logs
            .logs
            .iter()
            .map(|l| {
                let Address { x0, x1, x2, x3 } = l.address;
                LogMap {
                    address: AddressMap { x0, x1, x2, x3 },
                    identity: l.identity.clone(),
                    userid: l.userid.clone(),
                    date: l.date.clone(),
                    request: l.request.clone(),
                    code: l.code,
                    size: l.size,
                }
            })
            .collect();
        LogsMap { logs }
    }
}

impl<'a> From<&'a Logs> for LogsRef<'a> {
    fn from(logs: &'a Logs) -> Self {
        let logs = logs
            .logs
            .iter()
            .map(|l| LogRef {
                address: l.address,
                identity: &l.identity,
                userid: &l.userid,
                date: &l.date,
                request: &l.request,
                code: l.code,
                size: l.size,
            })
            .collect();
        LogsRef { logs }
    }
}

/// One entry, drawn in this order: the date's day, month, year, hour,
/// minute, second and time zone; the request's method, route and protocol;
/// the address's four bytes; the user id, the code and the size.
fn entry(rng: &mut SplitMix64) -> Log {
    let date = format!(
        "{}/{}/{}:{}:{}:{} {}",
        rng.range(1, 29),
        rng.pick(&MONTHS),
        rng.range(1970, 2022),
        rng.range(0, 24),
        rng.range(0, 60),
        rng.range(0, 60),
        rng.pick(&TIMEZONE),
    );
    let request = format!("{} {} {}", rng.pick(&METHODS), rng.pick(&ROUTES), rng.pick(&PROTOCOLS));
    let mut byte = || rng.below(256) as u8;
    let address = Address { x0: byte(), x1: byte(), x2: byte(), x3: byte() };
    Log {
        address,
        identity: "-".to_string(),
        userid: rng.pick(&USERID).to_string(),
        date,
        request,
        code: *rng.pick(&CODES),
        size: rng.range(0, 100_000_000) as u64,
    }
}

/// The case's value at full or `--quick` size (the criterion target
/// `benches/public.rs` benchmarks it too).
pub fn data(quick: bool) -> Logs {
    generate(if quick { QUICK_LOGS } else { LOGS })
}

/// `n` entries from one generator.
fn generate(n: usize) -> Logs {
    let mut rng = SplitMix64::new(SEED);
    Logs { logs: (0..n).map(|_| entry(&mut rng)).collect() }
}

/// msgpacker's borrowed reader, as a decode for `rows::borrowed!`.
fn msgpacker_unpack(bytes: &[u8]) -> Result<LogsRef<'_>, msgpacker::Error> {
    LogsRef::unpack(bytes)
}

/// The borrowed rows' reused-buffer encodes (column (a)), each through its
/// crate's fastest way of reusing a buffer, as the `rows` constructors of the
/// owned rows do: ours `to_slice`, zerompk `to_msgpack`, our serde
/// path `msgpack_core::serde::to_slice`, rmp-serde a `Serializer`
/// on the cleared `Vec`, msgpacker `pack` into its `EncoderSlice`. The
/// source is shared with nothing else.
fn reuse(row: Row, source: Rc<LogsRef<'static>>, api: Reuse) -> Row {
    match api {
        Reuse::Ours => row.encode_slice(move |buf| msgpack_core::to_slice(&*source, buf)),
        Reuse::Zerompk => row.encode_slice(move |buf| zerompk::to_msgpack(&*source, buf)),
        Reuse::SerdePath => rows::serde_path_extras(row, source, false),
        Reuse::Serde => row.encode_reuse_vec(move |buf| source.serialize(&mut rmp_serde::Serializer::new(buf))),
        Reuse::Msgpacker => {
            // msgpacker's slice encoder does not check for room in a release
            // build: the length is known in advance (the source never changes).
            let len = msgpacker::pack_to_vec(&*source).len();
            row.encode_slice(move |buf| {
                if buf.len() < len {
                    return Err(format!("{len} bytes do not fit a {}-byte buffer", buf.len()));
                }
                Ok(source.pack(&mut msgpacker::EncoderSlice::new(buf)))
            })
        }
    }
}

/// Whose reused-buffer encode [`reuse`] adds.
#[derive(Clone, Copy)]
enum Reuse {
    Ours,
    Zerompk,
    /// Also compares our serde path's bytes with rmp-serde's (see
    /// [`rows::serde_path_extras`]).
    SerdePath,
    Serde,
    Msgpacker,
}

/// The case `access log`.
pub(super) fn case(quick: bool) -> Case {
    let n = if quick { QUICK_LOGS } else { LOGS };
    // The borrowed sources point into one copy of the entries kept for the
    // process (about 1 MB at full size, per case built).
    let owned: &'static Logs = Box::leak(Box::new(generate(n)));
    let logs = Rc::new(owned.clone());
    let refs = Rc::new(LogsRef::from(owned));
    let map = LogsMap::from(owned);
    let mut case = Case::new("W5", "access log", canonical(&*logs))
        .items("log", n as u64)
        // A borrowed decode allocates the entries' `Vec` only.
        .collections(u64::from(n > 0))
        .row(rows::ours::<Logs>(names::DERIVE_ARRAY, Rc::clone(&logs)))
        .row(floor::alloc_floor(Rc::clone(&logs)))
        .row(reuse(
            rows::borrowed!(
                names::DERIVE_BORROWED,
                Group::Ours,
                (*refs).clone(),
                LogsRef<'_>,
                msgpack_core::to_vec,
                msgpack_core::from_slice
            ),
            Rc::clone(&refs),
            Reuse::Ours,
        ))
        .row(rows::ours::<LogsMap>(names::DERIVE, map).differs(OURS_MAP))
        .row(rows::zerompk::<Logs>(names::ZEROMPK, Rc::clone(&logs)))
        .row(reuse(
            rows::borrowed!(
                borrowed_name(names::ZEROMPK),
                Group::Other,
                (*refs).clone(),
                LogsRef<'_>,
                zerompk::to_msgpack_vec,
                zerompk::from_msgpack
            ),
            Rc::clone(&refs),
            Reuse::Zerompk,
        ))
        .row(rows::serde_path::<Logs>(names::SERDE_PATH, Rc::clone(&logs)))
        .row(reuse(
            rows::borrowed!(
                borrowed_name(names::SERDE_PATH),
                Group::Ours,
                (*refs).clone(),
                LogsRef<'_>,
                msgpack_core::serde::to_vec,
                msgpack_core::serde::from_slice
            ),
            Rc::clone(&refs),
            Reuse::SerdePath,
        ))
        .row(rows::serde_path_named::<Logs>(names::SERDE_PATH_NAMED, Rc::clone(&logs)).differs(NAMED))
        .row(rows::serde_compact::<Logs>(names::RMP_SERDE_COMPACT, Rc::clone(&logs)))
        .row(reuse(
            rows::borrowed!(
                borrowed_name(names::RMP_SERDE_COMPACT),
                Group::Other,
                (*refs).clone(),
                LogsRef<'_>,
                rmp_serde::to_vec,
                rmp_serde::from_slice
            ),
            Rc::clone(&refs),
            Reuse::Serde,
        ))
        .row(rows::serde_named::<Logs>(names::RMP_SERDE_NAMED, Rc::clone(&logs)).differs(NAMED))
        .row(rows::msgpacker::<Logs>(names::MSGPACKER, logs).differs(MSGPACKER_LAYOUT))
        .row(
            reuse(
                rows::borrowed!(
                    borrowed_name(names::MSGPACKER),
                    Group::Other,
                    (*refs).clone(),
                    LogsRef<'_>,
                    msgpacker_pack,
                    msgpacker_unpack
                ),
                refs,
                Reuse::Msgpacker,
            )
            .differs(MSGPACKER_LAYOUT),
        )
        .with_limits();
    if !quick {
        case = case.show_peak();
    }
    case
}
