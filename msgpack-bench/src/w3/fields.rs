//! W3 small fields: 125,000 records of 8 mixed fields in one array, each
//! record an array (recipe in the parent module).

use std::convert::Infallible;
use std::hint::black_box;
use std::rc::Rc;
use std::sync::OnceLock;

use msgpack_core::{Decoder, Encoder, MsgPack, Value, ValueRef, decode, encode};
use msgpacker::Unpackable as _;
use serde::{Deserialize, Serialize};

use super::{err, rmpv_row};
use crate::harness::{Case, Group, Row, expect_eq, names};

/// Records in the case: 8 fields each, 1,000,000 fields.
const RECORDS: usize = 125_000;
/// Fields per record.
const FIELDS: usize = 8;

/// One record, in every crate's array form (zerompk's derive is array form by
/// default; msgpacker writes the fields back to back, without a header).
#[derive(
    MsgPack,
    Serialize,
    Deserialize,
    zerompk::ToMessagePack,
    zerompk::FromMessagePack,
    msgpacker::MsgPacker,
    Debug,
    Clone,
    PartialEq,
)]
#[msgpack(array)]
struct Record {
    small: u8,
    medium: u16,
    large: u32,
    negative: i64,
    double: f64,
    single: f32,
    flag: bool,
    label: String,
}

/// The same record with the string borrowed from the input.
#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(array)]
struct RecordRef<'a> {
    small: u8,
    medium: u16,
    large: u32,
    negative: i64,
    double: f64,
    single: f32,
    flag: bool,
    label: &'a str,
}

/// The 8-byte labels, kept for the process so that borrowed sources can be
/// `'static` (built once, about 1 MB).
fn labels() -> &'static [String] {
    static LABELS: OnceLock<Vec<String>> = OnceLock::new();
    LABELS.get_or_init(|| (0..RECORDS).map(|i| format!("s{i:07}")).collect())
}

/// Record `i`, by the recipe in the parent module.
fn record(i: usize) -> Record {
    Record {
        small: (i % 100) as u8,
        medium: 1000 + (i % 60_000) as u16,
        large: 100_000 + 7 * i as u32,
        negative: -(5_000_000_000 + 1_000_003 * i as i64),
        double: 0.5 * i as f64 + 0.25,
        single: 0.25 * i as f32,
        flag: i.is_multiple_of(2),
        label: labels()[i].clone(),
    }
}

fn borrowed(r: &Record, label: &'static str) -> RecordRef<'static> {
    RecordRef {
        small: r.small,
        medium: r.medium,
        large: r.large,
        negative: r.negative,
        double: r.double,
        single: r.single,
        flag: r.flag,
        label,
    }
}

fn to_value(r: &Record) -> Value {
    Value::Array(vec![
        r.small.into(),
        r.medium.into(),
        r.large.into(),
        r.negative.into(),
        r.double.into(),
        r.single.into(),
        r.flag.into(),
        r.label.as_str().into(),
    ])
}

fn to_value_ref(r: &Record, label: &'static str) -> ValueRef<'static> {
    ValueRef::Array(vec![
        r.small.into(),
        r.medium.into(),
        r.large.into(),
        r.negative.into(),
        r.double.into(),
        r.single.into(),
        r.flag.into(),
        label.into(),
    ])
}

fn to_rmpv(r: &Record) -> rmpv::Value {
    rmpv::Value::Array(vec![
        r.small.into(),
        r.medium.into(),
        r.large.into(),
        r.negative.into(),
        r.double.into(),
        r.single.into(),
        r.flag.into(),
        r.label.as_str().into(),
    ])
}

/// Hand-written encode: exact size first, then one pass.
fn hand_encode(records: &[Record]) -> Result<Vec<u8>, encode::Error<Infallible>> {
    let mut len = encode::array_header_size(records.len());
    for r in records {
        len += encode::array_header_size(FIELDS)
            + encode::uint_size(r.small.into())
            + encode::uint_size(r.medium.into())
            + encode::uint_size(r.large.into())
            + encode::int_size(r.negative)
            + 9 // float 64
            + 5 // float 32
            + 1 // bool
            + encode::str_size(r.label.len());
    }
    let mut out = Vec::with_capacity(len);
    let mut e = Encoder::new(&mut out);
    e.array_len(records.len())?;
    for r in records {
        e.array_len(FIELDS)?;
        e.u8(r.small)?;
        e.u16(r.medium)?;
        e.u32(r.large)?;
        e.i64(r.negative)?;
        e.f64(r.double)?;
        e.f32(r.single)?;
        e.bool(r.flag)?;
        e.str(&r.label)?;
    }
    Ok(out)
}

/// Hand-written decode. The schema is two levels deep, so it needs no depth
/// accounting (`enter`/`leave`).
fn hand_decode(bytes: &[u8]) -> Result<Vec<Record>, decode::Error> {
    let mut d = Decoder::new(bytes);
    let n = d.array_len()?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let at = d.position();
        if d.array_len()? != FIELDS {
            return Err(decode::Error::custom("expected a record of 8 fields", at));
        }
        out.push(Record {
            small: d.u8()?,
            medium: d.u16()?,
            large: d.u32()?,
            negative: d.i64()?,
            double: d.f64()?,
            single: d.f32()?,
            flag: d.bool()?,
            label: d.str()?.to_owned(),
        });
    }
    d.finish()?;
    Ok(out)
}

/// The case `fields 1M`.
pub(super) fn case() -> Case {
    let records: Rc<Vec<Record>> = Rc::new((0..RECORDS).map(record).collect());
    let refs: Rc<Vec<RecordRef<'static>>> =
        Rc::new(records.iter().zip(labels()).map(|(r, l)| borrowed(r, l)).collect());
    let value = Value::Array(records.iter().map(to_value).collect());
    let value_ref = ValueRef::Array(records.iter().zip(labels()).map(|(r, l)| to_value_ref(r, l)).collect());
    let rmpv_value = rmpv::Value::Array(records.iter().map(to_rmpv).collect());
    let canonical = msgpack_core::to_vec(&*records).expect("a Vec of records always encodes");

    let ours = {
        let (src, want) = (records.clone(), records.clone());
        Row::new(names::DERIVE_ARRAY, Group::Ours)
            .encode(move || msgpack_core::to_vec(&*src))
            .decode(|b| msgpack_core::from_slice::<Vec<Record>>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<Vec<Record>>(b).map_err(err)?, &*want))
    };
    let ours_borrowed = {
        let (src, want) = (refs.clone(), refs);
        Row::new(names::DERIVE_BORROWED, Group::Ours)
            .encode(move || msgpack_core::to_vec(&*src))
            .decode_with(|b| {
                let v: Vec<RecordRef<'_>> = msgpack_core::from_slice(b).map_err(err)?;
                black_box(&v);
                Ok(())
            })
            .check(move |b| expect_eq(&msgpack_core::from_slice::<Vec<RecordRef<'_>>>(b).map_err(err)?, &*want))
    };
    let ours_value = {
        let want = value.clone();
        Row::new(names::VALUE, Group::Ours)
            .encode(move || msgpack_core::to_vec(&value))
            .decode(|b| msgpack_core::from_slice::<Value>(b))
            .check(move |b| expect_eq(&msgpack_core::from_slice::<Value>(b).map_err(err)?, &want))
    };
    let ours_value_ref = {
        let want = value_ref.clone();
        Row::new(names::VALUE_REF, Group::Ours)
            .encode(move || msgpack_core::to_vec(&value_ref))
            .decode_with(|b| {
                let v: ValueRef<'_> = msgpack_core::from_slice(b).map_err(err)?;
                black_box(&v);
                Ok(())
            })
            .check(move |b| expect_eq(&msgpack_core::from_slice::<ValueRef<'_>>(b).map_err(err)?, &want))
    };
    let hand = {
        let (src, want) = (records.clone(), records.clone());
        Row::new(names::HAND, Group::Ours)
            .encode(move || hand_encode(&src))
            .decode(hand_decode)
            .check(move |b| expect_eq(&hand_decode(b).map_err(err)?, &*want))
    };
    let rmp_serde = {
        let (src, want) = (records.clone(), records.clone());
        Row::new(names::RMP_SERDE_COMPACT, Group::Other)
            .encode(move || rmp_serde::to_vec(&*src))
            .decode(|b| rmp_serde::from_slice::<Vec<Record>>(b))
            .check(move |b| expect_eq(&rmp_serde::from_slice::<Vec<Record>>(b).map_err(err)?, &*want))
    };
    let rmpv_row = rmpv_row(rmpv_value);
    let zerompk_row = {
        let (src, want) = (records.clone(), records.clone());
        Row::new(names::ZEROMPK, Group::Other)
            .encode(move || zerompk::to_msgpack_vec(&*src))
            .decode(|b| zerompk::from_msgpack::<Vec<Record>>(b))
            .check(move |b| expect_eq(&zerompk::from_msgpack::<Vec<Record>>(b).map_err(err)?, &*want))
    };
    let msgpacker_row = {
        let (src, want) = (records.clone(), records);
        Row::new(names::MSGPACKER, Group::Other)
            .encode(move || Ok::<_, Infallible>(msgpacker::pack_to_vec(&*src)))
            .decode(Vec::<Record>::unpack)
            .check(move |b| expect_eq(&Vec::<Record>::unpack(b).map_err(err)?, &*want))
            .differs("msgpacker's derive writes a struct's fields back to back, without an array header")
    };

    Case::new("W3", "fields 1M", canonical)
        .row(ours)
        .row(ours_borrowed)
        .row(ours_value)
        .row(ours_value_ref)
        .row(hand)
        .row(rmp_serde)
        .row(rmpv_row)
        .row(zerompk_row)
        .row(msgpacker_row)
        .items("field", (RECORDS * FIELDS) as u64)
        .show_peak()
        .not_quick()
        .with_limits()
}
