//! W3 small fields: 125,000 records of 8 mixed fields in one array, each
//! record an array (recipe in the parent module).

use std::convert::Infallible;
use std::rc::Rc;
use std::sync::OnceLock;

use msgpack_core::{Decoder, Encoder, MsgPack, Value, ValueRef, decode, encode};
use serde::{Deserialize, Serialize};

use crate::harness::{Case, Group, names};
use crate::rows;

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

/// A record's fields as the elements of a dynamic array (our `Value` or
/// `ValueRef`, `rmpv::Value`), with `label` for the string.
fn elements<'a, V>(r: &Record, label: &'a str) -> Vec<V>
where
    V: From<u8> + From<u16> + From<u32> + From<i64> + From<f64> + From<f32> + From<bool> + From<&'a str>,
{
    vec![
        r.small.into(),
        r.medium.into(),
        r.large.into(),
        r.negative.into(),
        r.double.into(),
        r.single.into(),
        r.flag.into(),
        label.into(),
    ]
}

/// Hand-written encode: exact size first, then one pass.
fn hand_encode(records: &[Record]) -> Result<Vec<u8>, encode::Error<Infallible>> {
    let mut out = Vec::with_capacity(hand_size(records));
    hand_write(&mut Encoder::new(&mut out), records)?;
    Ok(out)
}

/// Hand-written encode into a slice (the reused buffer): one pass, each
/// write checked against the room left.
fn hand_encode_to_slice(records: &[Record], buf: &mut [u8]) -> Result<usize, encode::Error<encode::EndOfSlice>> {
    let mut w = encode::SliceWriter::new(buf);
    hand_write(&mut Encoder::new(&mut w), records)?;
    Ok(w.position())
}

/// The exact encoded length of the records.
fn hand_size(records: &[Record]) -> usize {
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
    len
}

fn hand_write<W: encode::Write>(e: &mut Encoder<W>, records: &[Record]) -> Result<(), encode::Error<W::Error>> {
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
    Ok(())
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
    let refs: Vec<RecordRef<'static>> = records.iter().zip(labels()).map(|(r, l)| borrowed(r, l)).collect();
    let value = Value::Array(records.iter().map(|r| Value::Array(elements(r, &r.label))).collect());
    let value_ref =
        ValueRef::Array(records.iter().zip(labels()).map(|(r, l)| ValueRef::Array(elements(r, l))).collect());
    let rmpv_value = rmpv::Value::Array(records.iter().map(|r| rmpv::Value::Array(elements(r, &r.label))).collect());
    let canonical = msgpack_core::to_vec(&*records).expect("a Vec of records always encodes");

    Case::new("W3", "fields 1M", canonical)
        .row(rows::ours::<Vec<Record>>(names::DERIVE_ARRAY, records.clone()))
        .row(rows::borrowed!(
            names::DERIVE_BORROWED,
            Group::Ours,
            refs,
            Vec<RecordRef<'_>>,
            msgpack_core::to_vec,
            msgpack_core::from_slice
        ))
        .row(rows::value(value))
        .row(rows::value_ref(value_ref))
        .row(rows::owned(names::HAND, Group::Ours, records.clone(), |r| hand_encode(r), hand_decode).encode_slice({
            let records = records.clone();
            move |buf| hand_encode_to_slice(&records, buf)
        }))
        .row(rows::serde_path::<Vec<Record>>(names::SERDE_PATH, records.clone()))
        .row(rows::serde_compact::<Vec<Record>>(names::RMP_SERDE_COMPACT, records.clone()))
        .row(rows::rmpv(rmpv_value))
        .row(rows::zerompk::<Vec<Record>>(names::ZEROMPK, records.clone()))
        .row(
            rows::msgpacker::<Vec<Record>>(names::MSGPACKER, records)
                .differs("msgpacker's derive writes a struct's fields back to back, without an array header"),
        )
        .items("field", (RECORDS * FIELDS) as u64)
        .show_peak()
        .not_quick()
        .with_limits()
}
