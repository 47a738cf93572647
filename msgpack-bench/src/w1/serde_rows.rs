//! The serde rows, rmp-serde's and our serde path's: serde's equivalent of
//! the W1 types (`#[serde(tag = "type")]`, `skip_serializing_if` on the
//! options).

use serde::{Deserialize, Serialize};

use super::{Node, Permissions};
use crate::harness::{Group, Row, names};
use crate::rows;

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum SPermissions {
    Read,
    Write,
    ReadWrite,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
enum SNode {
    File {
        name: String,
        created_by: String,
        created_at: String,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        updated_by: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        updated_at: Option<String>,
        nbytes: u64,
        permissions: SPermissions,
    },
    Directory {
        name: String,
        created_by: String,
        created_at: String,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        updated_by: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        updated_at: Option<String>,
        contents: Vec<SNode>,
    },
}

impl From<&Node> for SNode {
    fn from(node: &Node) -> Self {
        match node {
            Node::File { name, created_by, created_at, updated_by, updated_at, nbytes, permissions } => SNode::File {
                name: name.clone(),
                created_by: created_by.clone(),
                created_at: created_at.clone(),
                updated_by: updated_by.clone(),
                updated_at: updated_at.clone(),
                nbytes: *nbytes,
                permissions: match permissions {
                    Permissions::Read => SPermissions::Read,
                    Permissions::Write => SPermissions::Write,
                    Permissions::ReadWrite => SPermissions::ReadWrite,
                },
            },
            Node::Directory { name, created_by, created_at, updated_by, updated_at, contents } => SNode::Directory {
                name: name.clone(),
                created_by: created_by.clone(),
                created_at: created_at.clone(),
                updated_by: updated_by.clone(),
                updated_at: updated_at.clone(),
                contents: contents.iter().map(SNode::from).collect(),
            },
        }
    }
}

/// `rmp_serde::to_vec_named` / `rmp_serde::from_slice`.
///
/// serde decodes an internally tagged enum by first buffering the whole map
/// into its private `Content` tree (it cannot know the variant before it has
/// seen the tag), recursively: deep trees need a big stack.
pub(super) fn named_row(tree: &Node) -> Row {
    rows::serde_named::<SNode>(names::RMP_SERDE_NAMED, SNode::from(tree))
}

/// Our serde path's named form (`msgpack_core::serde::to_vec_named` /
/// `from_slice`) on the same type: the same bytes (checked by the row).
/// serde's internally tagged enum buffers each node into its `Content` tree
/// on our deserializer too.
pub(super) fn serde_path_named_row(tree: &Node) -> Row {
    rows::serde_path_named::<SNode>(names::SERDE_PATH_NAMED, SNode::from(tree))
}

/// `rmp_serde::to_vec` (structs as arrays) writes the internally tagged
/// variants as arrays `[tag, fields...]` without the skipped options, which
/// serde then reads by position: an absent `updated_by` shifts `nbytes` into
/// its place, so the tree does not read back. The row is listed with the
/// error observed on this tree.
pub(super) fn compact_row(tree: &Node) -> Row {
    let source = SNode::from(tree);
    let err = match rmp_serde::to_vec(&source) {
        Err(e) => format!("rmp_serde::to_vec fails: {e}"),
        Ok(bytes) => match rmp_serde::from_slice::<SNode>(&bytes) {
            Err(e) => format!(
                "rmp_serde::to_vec writes each node as an array [tag, fields...] without the skipped None options, \
                 so the fields after them shift (a node without updated_by has its next field read as updated_by) \
                 and rmp_serde::from_slice fails: {e}"
            ),
            Ok(back) if back != source => "rmp_serde::to_vec output reads back as another tree".to_string(),
            Ok(_) => {
                return rows::serde_compact::<SNode>(names::RMP_SERDE_COMPACT, source)
                    .differs("structs as arrays (rmp-serde's compact form)");
            }
        },
    };
    Row::unsupported(names::RMP_SERDE_COMPACT, Group::Other, err)
}

/// Our serde path's compact form (`msgpack_core::serde::to_vec`), beside
/// [`compact_row`]: the same bytes as `rmp_serde::to_vec`, which
/// `msgpack_core::serde::from_slice` reads by position as rmp-serde does,
/// so it fails the same way and the row is listed with the error observed.
pub(super) fn serde_path_compact_row(tree: &Node) -> Row {
    let source = SNode::from(tree);
    let err = match msgpack_core::serde::to_vec(&source) {
        Err(e) => format!("msgpack_core::serde::to_vec fails: {e}"),
        Ok(bytes) => match msgpack_core::serde::from_slice::<SNode>(&bytes) {
            Err(e) => format!(
                "msgpack_core::serde::to_vec writes rmp_serde::to_vec's bytes (each node an array [tag, \
                 fields...] without the skipped None options), which serde reads by position as for rmp-serde: \
                 msgpack_core::serde::from_slice fails: {e}"
            ),
            Ok(back) if back != source => "msgpack_core::serde::to_vec output reads back as another tree".to_string(),
            Ok(_) => return rows::serde_path::<SNode>(names::SERDE_PATH, source).differs("structs as arrays"),
        },
    };
    Row::unsupported(names::SERDE_PATH, Group::Ours, err)
}
