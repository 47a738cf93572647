//! "ours: hand-written": the owned [`Node`] written and read with
//! msgpack-core's `Encoder` and `Decoder` directly, a lower bound for what
//! the derive generates.
//!
//! It writes the derive's bytes (an exact size pass, then the keys as
//! precomputed raw bytes). It reads fields in any order, skips unknown keys
//! and rejects duplicates like the derive, but unlike the derive it expects
//! the tag `type` as the first key of each map (as msgspec and every
//! encoder here write it) instead of looking for it anywhere.

use std::convert::Infallible;

use msgpack_core::decode::{self, Decoder, ErrorKind};
use msgpack_core::encode::{self, Encoder, Write};
use msgpack_core::marker::Marker;

use super::{Node, Permissions};

const TYPE: &[u8] = b"\xa4type";
const FILE: &[u8] = b"\xa4file";
const DIRECTORY: &[u8] = b"\xa9directory";
const NAME: &[u8] = b"\xa4name";
const CREATED_BY: &[u8] = b"\xaacreated_by";
const CREATED_AT: &[u8] = b"\xaacreated_at";
const UPDATED_BY: &[u8] = b"\xaaupdated_by";
const UPDATED_AT: &[u8] = b"\xaaupdated_at";
const NBYTES: &[u8] = b"\xa6nbytes";
const PERMISSIONS: &[u8] = b"\xabpermissions";
const CONTENTS: &[u8] = b"\xa8contents";

/// The encoded permission value.
fn permissions_raw(p: Permissions) -> &'static [u8] {
    match p {
        Permissions::Read => b"\xa4READ",
        Permissions::Write => b"\xa5WRITE",
        Permissions::ReadWrite => b"\xaaREAD_WRITE",
    }
}

/// Encodes `node` into a `Vec` of exactly its size.
pub(super) fn to_vec(node: &Node) -> Result<Vec<u8>, encode::Error<Infallible>> {
    let mut out = Vec::with_capacity(size(node));
    encode(node, &mut Encoder::new(&mut out))?;
    Ok(out)
}

/// Encodes `node` into `buf` (the reused-buffer row), returning the length
/// written; `EndOfSlice` if it does not fit.
pub(super) fn to_slice(node: &Node, buf: &mut [u8]) -> Result<usize, encode::Error<encode::EndOfSlice>> {
    let mut w = encode::SliceWriter::new(buf);
    encode(node, &mut Encoder::new(&mut w))?;
    Ok(w.position())
}

/// Decodes one node; trailing bytes are an error.
pub(super) fn from_slice(bytes: &[u8]) -> Result<Node, decode::Error> {
    let mut d = Decoder::new(bytes);
    let node = decode(&mut d)?;
    d.finish()?;
    Ok(node)
}

/// The entries both variants share.
fn common_size(name: &str, created_by: &str, created_at: &str, ub: Option<&str>, ua: Option<&str>) -> usize {
    let opt = |key: &[u8], v: Option<&str>| v.map_or(0, |s| key.len() + encode::str_size(s.len()));
    TYPE.len()
        + NAME.len()
        + encode::str_size(name.len())
        + CREATED_BY.len()
        + encode::str_size(created_by.len())
        + CREATED_AT.len()
        + encode::str_size(created_at.len())
        + opt(UPDATED_BY, ub)
        + opt(UPDATED_AT, ua)
}

fn size(node: &Node) -> usize {
    match node {
        Node::File { name, created_by, created_at, updated_by, updated_at, nbytes, permissions } => {
            let entries = 6 + usize::from(updated_by.is_some()) + usize::from(updated_at.is_some());
            encode::map_header_size(entries)
                + common_size(name, created_by, created_at, updated_by.as_deref(), updated_at.as_deref())
                + FILE.len()
                + NBYTES.len()
                + encode::uint_size(*nbytes)
                + PERMISSIONS.len()
                + permissions_raw(*permissions).len()
        }
        Node::Directory { name, created_by, created_at, updated_by, updated_at, contents } => {
            let entries = 5 + usize::from(updated_by.is_some()) + usize::from(updated_at.is_some());
            encode::map_header_size(entries)
                + common_size(name, created_by, created_at, updated_by.as_deref(), updated_at.as_deref())
                + DIRECTORY.len()
                + CONTENTS.len()
                + encode::array_header_size(contents.len())
                + contents.iter().map(size).sum::<usize>()
        }
    }
}

/// The map header, the tag and the shared entries.
#[allow(clippy::too_many_arguments, reason = "the shared fields, spelled out")]
fn encode_head<W: Write>(
    e: &mut Encoder<W>,
    entries: usize,
    tag: &[u8],
    name: &str,
    created_by: &str,
    created_at: &str,
    updated_by: Option<&str>,
    updated_at: Option<&str>,
) -> Result<(), encode::Error<W::Error>> {
    e.map_len(entries + usize::from(updated_by.is_some()) + usize::from(updated_at.is_some()))?;
    e.raw(TYPE)?;
    e.raw(tag)?;
    e.raw(NAME)?;
    e.str(name)?;
    e.raw(CREATED_BY)?;
    e.str(created_by)?;
    e.raw(CREATED_AT)?;
    e.str(created_at)?;
    if let Some(s) = updated_by {
        e.raw(UPDATED_BY)?;
        e.str(s)?;
    }
    if let Some(s) = updated_at {
        e.raw(UPDATED_AT)?;
        e.str(s)?;
    }
    Ok(())
}

fn encode<W: Write>(node: &Node, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
    match node {
        Node::File { name, created_by, created_at, updated_by, updated_at, nbytes, permissions } => {
            let (ub, ua) = (updated_by.as_deref(), updated_at.as_deref());
            encode_head(e, 6, FILE, name, created_by, created_at, ub, ua)?;
            e.raw(NBYTES)?;
            e.u64(*nbytes)?;
            e.raw(PERMISSIONS)?;
            e.raw(permissions_raw(*permissions))
        }
        Node::Directory { name, created_by, created_at, updated_by, updated_at, contents } => {
            let (ub, ua) = (updated_by.as_deref(), updated_at.as_deref());
            encode_head(e, 5, DIRECTORY, name, created_by, created_at, ub, ua)?;
            e.raw(CONTENTS)?;
            e.array_len(contents.len())?;
            for child in contents {
                encode(child, e)?;
            }
            Ok(())
        }
    }
}

/// Fills a field slot, failing on a second occurrence.
fn set<T>(
    d: &Decoder<'_>,
    slot: &mut Option<T>,
    value: T,
    name: &'static str,
    key_at: usize,
) -> Result<(), decode::Error> {
    if slot.is_some() {
        return Err(d.error(ErrorKind::DuplicateField(name), key_at));
    }
    *slot = Some(value);
    Ok(())
}

fn required<T>(d: &Decoder<'_>, slot: Option<T>, name: &'static str, at: usize) -> Result<T, decode::Error> {
    slot.ok_or_else(|| d.error(ErrorKind::MissingField(name), at))
}

fn permissions(d: &mut Decoder<'_>) -> Result<Permissions, decode::Error> {
    let at = d.position();
    match d.str_bytes()? {
        b"READ" => Ok(Permissions::Read),
        b"WRITE" => Ok(Permissions::Write),
        b"READ_WRITE" => Ok(Permissions::ReadWrite),
        _ => Err(d.error(ErrorKind::UnknownVariant { enum_name: "Permissions", found: d.found_at(at) }, at)),
    }
}

fn children(d: &mut Decoder<'_>) -> Result<Vec<Node>, decode::Error> {
    let len = d.array_len()?;
    d.enter()?;
    // At most 64 KiB up front, as the derive does: `len` is only checked
    // against the remaining input, which nested arrays all share.
    let mut out = Vec::with_capacity(len.min((64 << 10) / size_of::<Node>()));
    for i in 0..len {
        out.push(decode(d).map_err(|e| e.at_index(i))?);
    }
    d.leave();
    Ok(out)
}

fn decode(d: &mut Decoder<'_>) -> Result<Node, decode::Error> {
    let at = d.position();
    let len = d.map_len()?;
    if len == 0 || !d.eat_raw(TYPE) {
        return Err(decode::Error::custom("the hand-written decoder expects the tag `type` as the first key", at));
    }
    d.enter()?;
    let tag_at = d.position();
    let is_dir = match d.str_bytes()? {
        b"file" => false,
        b"directory" => true,
        _ => return Err(d.error(ErrorKind::UnknownVariant { enum_name: "Node", found: d.found_at(tag_at) }, tag_at)),
    };
    let (mut name, mut created_by, mut created_at, mut updated_by, mut updated_at) = (None, None, None, None, None);
    let (mut nbytes, mut perms, mut contents) = (None, None, None);
    for _ in 1..len {
        let key_at = d.position();
        if d.peek()? != Marker::Str {
            d.skip()?;
            d.skip()?;
            continue;
        }
        let key = d.str_bytes()?;
        let field = |e: decode::Error, f: &'static str| e.at_field(f);
        match key {
            b"name" => {
                let v = d.str().map_err(|e| field(e, "name"))?.to_owned();
                set(d, &mut name, v, "name", key_at)?;
            }
            b"created_by" => {
                let v = d.str().map_err(|e| field(e, "created_by"))?.to_owned();
                set(d, &mut created_by, v, "created_by", key_at)?;
            }
            b"created_at" => {
                let v = d.str().map_err(|e| field(e, "created_at"))?.to_owned();
                set(d, &mut created_at, v, "created_at", key_at)?;
            }
            b"updated_by" => {
                let v = if d.try_nil()? { None } else { Some(d.str().map_err(|e| field(e, "updated_by"))?.to_owned()) };
                set(d, &mut updated_by, v, "updated_by", key_at)?;
            }
            b"updated_at" => {
                let v = if d.try_nil()? { None } else { Some(d.str().map_err(|e| field(e, "updated_at"))?.to_owned()) };
                set(d, &mut updated_at, v, "updated_at", key_at)?;
            }
            b"nbytes" if !is_dir => {
                let v = d.u64().map_err(|e| field(e, "nbytes"))?;
                set(d, &mut nbytes, v, "nbytes", key_at)?;
            }
            b"permissions" if !is_dir => {
                let v = permissions(d).map_err(|e| field(e, "permissions"))?;
                set(d, &mut perms, v, "permissions", key_at)?;
            }
            b"contents" if is_dir => {
                let v = children(d).map_err(|e| field(e, "contents"))?;
                set(d, &mut contents, v, "contents", key_at)?;
            }
            _ => d.skip()?,
        }
    }
    d.leave();
    let name = required(d, name, "name", at)?;
    let created_by = required(d, created_by, "created_by", at)?;
    let created_at = required(d, created_at, "created_at", at)?;
    let (updated_by, updated_at) = (updated_by.flatten(), updated_at.flatten());
    Ok(if is_dir {
        let contents = required(d, contents, "contents", at)?;
        Node::Directory { name, created_by, created_at, updated_by, updated_at, contents }
    } else {
        let nbytes = required(d, nbytes, "nbytes", at)?;
        let permissions = required(d, perms, "permissions", at)?;
        Node::File { name, created_by, created_at, updated_by, updated_at, nbytes, permissions }
    })
}
