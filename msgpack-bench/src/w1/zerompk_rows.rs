//! The zerompk rows.
//!
//! zerompk's derive writes enums externally tagged (`[tag, payload]` or
//! `{tag: payload}`) and always writes every field, so [`ZNode`] implements
//! `ToMessagePack` / `FromMessagePack` by hand with zerompk's `Write` and
//! `Read` traits, as its derive would (constant keys through
//! `write_static_string`, one `increment_depth` per node). Like our
//! hand-written row it expects the tag `type` first; fields may come in any
//! order, unknown keys are skipped, duplicates rejected.
//!
//! zerompk's depth limit is a constant (`zerompk::read::MAX_DEPTH`, 500) that
//! cannot be raised: where a tree is deeper, the rows are listed with the
//! error observed.

use zerompk::{Error, FromMessagePack, Read, ToMessagePack, Write};

use super::{Node, Permissions};
use crate::harness::{Group, Row, names};
use crate::rows;

/// [`Permissions`] for zerompk: its derive writes unit variants as their
/// (renamed) name.
#[derive(zerompk::ToMessagePack, zerompk::FromMessagePack, Debug, Clone, Copy, PartialEq, Eq)]
enum ZPermissions {
    #[msgpack(key = "READ")]
    Read,
    #[msgpack(key = "WRITE")]
    Write,
    #[msgpack(key = "READ_WRITE")]
    ReadWrite,
}

/// [`Node`] for zerompk.
#[derive(Debug, Clone, PartialEq)]
enum ZNode {
    File {
        name: String,
        created_by: String,
        created_at: String,
        updated_by: Option<String>,
        updated_at: Option<String>,
        nbytes: u64,
        permissions: ZPermissions,
    },
    Directory {
        name: String,
        created_by: String,
        created_at: String,
        updated_by: Option<String>,
        updated_at: Option<String>,
        contents: Vec<ZNode>,
    },
}

impl From<&Node> for ZNode {
    fn from(node: &Node) -> Self {
        match node {
            Node::File { name, created_by, created_at, updated_by, updated_at, nbytes, permissions } => ZNode::File {
                name: name.clone(),
                created_by: created_by.clone(),
                created_at: created_at.clone(),
                updated_by: updated_by.clone(),
                updated_at: updated_at.clone(),
                nbytes: *nbytes,
                permissions: match permissions {
                    Permissions::Read => ZPermissions::Read,
                    Permissions::Write => ZPermissions::Write,
                    Permissions::ReadWrite => ZPermissions::ReadWrite,
                },
            },
            Node::Directory { name, created_by, created_at, updated_by, updated_at, contents } => ZNode::Directory {
                name: name.clone(),
                created_by: created_by.clone(),
                created_at: created_at.clone(),
                updated_by: updated_by.clone(),
                updated_at: updated_at.clone(),
                contents: contents.iter().map(ZNode::from).collect(),
            },
        }
    }
}

/// A key: its pre-encoded bytes (`write_static_string`, zerompk 0.8), or
/// the string (0.7, which has no such method: the `pinned-peers` feature).
#[inline(always)]
fn key<W: Write>(w: &mut W, s: &'static str, raw: &'static [u8]) -> zerompk::Result<()> {
    #[cfg(not(feature = "pinned-peers"))]
    return w.write_static_string(s, raw);
    #[cfg(feature = "pinned-peers")]
    {
        let _ = raw;
        w.write_string(s)
    }
}

/// The map header, the tag and the shared entries.
#[allow(clippy::too_many_arguments, reason = "the shared fields, spelled out")]
fn write_head<W: Write>(
    w: &mut W,
    entries: usize,
    tag: &'static str,
    tag_raw: &'static [u8],
    name: &str,
    created_by: &str,
    created_at: &str,
    updated_by: Option<&str>,
    updated_at: Option<&str>,
) -> zerompk::Result<()> {
    w.write_map_len(entries + usize::from(updated_by.is_some()) + usize::from(updated_at.is_some()))?;
    key(w, "type", b"\xa4type")?;
    key(w, tag, tag_raw)?;
    key(w, "name", b"\xa4name")?;
    w.write_string(name)?;
    key(w, "created_by", b"\xaacreated_by")?;
    w.write_string(created_by)?;
    key(w, "created_at", b"\xaacreated_at")?;
    w.write_string(created_at)?;
    if let Some(s) = updated_by {
        key(w, "updated_by", b"\xaaupdated_by")?;
        w.write_string(s)?;
    }
    if let Some(s) = updated_at {
        key(w, "updated_at", b"\xaaupdated_at")?;
        w.write_string(s)?;
    }
    Ok(())
}

impl ToMessagePack for ZNode {
    fn write<W: Write>(&self, w: &mut W) -> zerompk::Result<()> {
        match self {
            ZNode::File { name, created_by, created_at, updated_by, updated_at, nbytes, permissions } => {
                let (ub, ua) = (updated_by.as_deref(), updated_at.as_deref());
                write_head(w, 6, "file", b"\xa4file", name, created_by, created_at, ub, ua)?;
                key(w, "nbytes", b"\xa6nbytes")?;
                w.write_u64(*nbytes)?;
                key(w, "permissions", b"\xabpermissions")?;
                permissions.write(w)
            }
            ZNode::Directory { name, created_by, created_at, updated_by, updated_at, contents } => {
                let (ub, ua) = (updated_by.as_deref(), updated_at.as_deref());
                write_head(w, 5, "directory", b"\xa9directory", name, created_by, created_at, ub, ua)?;
                key(w, "contents", b"\xa8contents")?;
                contents.write(w)
            }
        }
    }
}

fn set<T>(slot: &mut Option<T>, value: T, name: &str) -> zerompk::Result<()> {
    if slot.is_some() {
        return Err(Error::KeyDuplicated(name.to_string()));
    }
    *slot = Some(value);
    Ok(())
}

fn required<T>(slot: Option<T>, name: &str) -> zerompk::Result<T> {
    slot.ok_or_else(|| Error::KeyNotFound(name.to_string()))
}

fn read_node<'a, R: Read<'a>>(r: &mut R) -> zerompk::Result<ZNode> {
    let len = r.read_map_len()?;
    if len == 0 || *r.read_string_bytes()? != *b"type" {
        return Err(Error::KeyNotFound("type (as the first key)".to_string()));
    }
    let is_dir = match &*r.read_string_bytes()? {
        b"file" => false,
        b"directory" => true,
        other => return Err(Error::UnknownKey(String::from_utf8_lossy(other).into_owned())),
    };
    let (mut name, mut created_by, mut created_at, mut updated_by, mut updated_at) = (None, None, None, None, None);
    let (mut nbytes, mut permissions, mut contents) = (None, None, None);
    for _ in 1..len {
        match &*r.read_string_bytes()? {
            b"name" => set(&mut name, String::read(r)?, "name")?,
            b"created_by" => set(&mut created_by, String::read(r)?, "created_by")?,
            b"created_at" => set(&mut created_at, String::read(r)?, "created_at")?,
            b"updated_by" => set(&mut updated_by, r.read_option::<String>()?, "updated_by")?,
            b"updated_at" => set(&mut updated_at, r.read_option::<String>()?, "updated_at")?,
            b"nbytes" if !is_dir => set(&mut nbytes, r.read_u64()?, "nbytes")?,
            b"permissions" if !is_dir => set(&mut permissions, ZPermissions::read(r)?, "permissions")?,
            b"contents" if is_dir => set(&mut contents, Vec::<ZNode>::read(r)?, "contents")?,
            _ => r.skip_value()?,
        }
    }
    let name = required(name, "name")?;
    let created_by = required(created_by, "created_by")?;
    let created_at = required(created_at, "created_at")?;
    let (updated_by, updated_at) = (updated_by.flatten(), updated_at.flatten());
    Ok(if is_dir {
        let contents = required(contents, "contents")?;
        ZNode::Directory { name, created_by, created_at, updated_by, updated_at, contents }
    } else {
        let nbytes = required(nbytes, "nbytes")?;
        let permissions = required(permissions, "permissions")?;
        ZNode::File { name, created_by, created_at, updated_by, updated_at, nbytes, permissions }
    })
}

impl<'a> FromMessagePack<'a> for ZNode {
    fn read<R: Read<'a>>(r: &mut R) -> zerompk::Result<Self> {
        r.increment_depth()?;
        let result = read_node(r);
        r.decrement_depth();
        result
    }
}

/// The reason a zerompk row cannot take this tree, if zerompk's fixed depth
/// limit stops it.
fn too_deep<T>(read: zerompk::Result<T>, what: &str) -> Option<String> {
    match read {
        Ok(_) => None,
        Err(e @ Error::DepthLimitExceeded { .. }) => Some(format!(
            "{what} fails on this tree with \"{e}\": zerompk's depth limit is a constant (zerompk::read::MAX_DEPTH) \
             that cannot be raised"
        )),
        Err(e) => panic!("zerompk cannot read the canonical bytes as {what}: {e}"),
    }
}

/// `zerompk::to_msgpack_vec` / `zerompk::from_msgpack` of [`ZNode`].
pub(super) fn hand_row(tree: &Node, canonical: &[u8]) -> Row {
    let what = "zerompk::from_msgpack::<ZNode> (one depth level per node, as its derive counts)";
    if let Some(why) = too_deep(zerompk::from_msgpack::<ZNode>(canonical), what) {
        return Row::unsupported(names::ZEROMPK_HAND, Group::Other, why);
    }
    rows::zerompk::<ZNode>(names::ZEROMPK_HAND, ZNode::from(tree))
}

/// `zerompk::Value` (its strings borrow from the input).
pub(super) fn value_row(source: &'static [u8]) -> Row {
    let what = "zerompk::from_msgpack::<zerompk::Value> (one depth level per map or array)";
    let value = match zerompk::from_msgpack::<zerompk::Value<'static>>(source) {
        Ok(v) => v,
        read => {
            let why = too_deep(read, what).expect("an error");
            return Row::unsupported(names::ZEROMPK_VALUE, Group::Other, why);
        }
    };
    rows::zerompk_value(value)
}
