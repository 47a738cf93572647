//! W1: msgspec's "filesystem" tree (`benchmarks/bench_encodings.py`,
//! msgpack protocol; `msgpack-bench/WORKLOADS.md`), the one definition of
//! its derived types for the workspace: `msgpack-bench` (the W1 workload,
//! its generator and rows), `msgpack-derive/tests/w1.rs` (msgspec's bytes
//! decoded and re-encoded identically, owned and borrowed) and
//! `msgpack-schema/tests/schema_exports.rs` (the JSON Schema and msgspec
//! exports).
//!
//! A tree of files and directories, each a map whose first entry is the tag
//! `type` and whose absent optional fields (`updated_by`, `updated_at`) are
//! left out. Both trees are locked (`schema_lock`, the file
//! `schemas/w1/Node.msgpack-schema` of this crate, checked by the compiler
//! and by `tests/w1_lock.rs`).

use msgpack_core::MsgPack;

/// A file's access rights, written as `"READ"`, `"WRITE"`, `"READ_WRITE"`.
///
/// ```
/// use msgpack_testdata::w1::Permissions;
///
/// assert_eq!(msgpack_core::to_vec(&Permissions::ReadWrite).unwrap(), msgpack_core::to_vec("READ_WRITE").unwrap());
/// let bytes = msgpack_core::to_vec("WRITE").unwrap();
/// assert_eq!(msgpack_core::from_slice::<Permissions>(&bytes).unwrap(), Permissions::Write);
/// ```
#[derive(MsgPack, Debug, Clone, Copy, PartialEq, Eq)]
#[msgpack(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Permissions {
    /// `"READ"`.
    Read,
    /// `"WRITE"`.
    Write,
    /// `"READ_WRITE"`.
    ReadWrite,
}

/// A node of the tree, owning its strings: a map tagged by `type`
/// (`"file"` or `"directory"`), `None` options left out.
///
/// ```
/// use msgpack_testdata::w1::{Node, Permissions};
/// use msgpack_core::Value;
///
/// let file = Node::File {
///     name: "notes".into(),
///     created_by: "alice".into(),
///     created_at: "2020-01-01T00:00:00+00:00".into(),
///     updated_by: None,
///     updated_at: None,
///     nbytes: 42,
///     permissions: Permissions::Read,
/// };
/// let bytes = msgpack_core::to_vec(&file).unwrap();
/// let map = msgpack_core::from_slice::<Value>(&bytes).unwrap();
/// // The tag comes first; the `None` fields are left out.
/// let keys: Vec<&str> = map.as_map().unwrap().iter().filter_map(|(k, _)| k.as_str()).collect();
/// assert_eq!(keys, ["type", "name", "created_by", "created_at", "nbytes", "permissions"]);
/// assert_eq!(map.get("type").and_then(Value::as_str), Some("file"));
/// assert_eq!(msgpack_core::from_slice::<Node>(&bytes).unwrap(), file);
/// ```
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(tag = "type", rename_all = "lowercase", omit_defaults, schema_lock = "schemas/w1/Node.msgpack-schema")]
pub enum Node {
    /// `{"type": "file", ...}`.
    File {
        /// 4 to 30 ASCII letters.
        name: String,
        /// A first name.
        created_by: String,
        /// `YYYY-MM-DDTHH:MM:SS+00:00`.
        created_at: String,
        /// A first name, for a quarter of the nodes.
        updated_by: Option<String>,
        /// Set with `updated_by`.
        updated_at: Option<String>,
        /// 0 to 1,000,000.
        nbytes: u64,
        /// The access rights.
        permissions: Permissions,
    },
    /// `{"type": "directory", ...}`.
    Directory {
        /// 4 to 30 ASCII letters.
        name: String,
        /// A first name.
        created_by: String,
        /// `YYYY-MM-DDTHH:MM:SS+00:00`.
        created_at: String,
        /// A first name, for a quarter of the nodes.
        updated_by: Option<String>,
        /// Set with `updated_by`.
        updated_at: Option<String>,
        /// The children, in order.
        contents: Vec<Node>,
    },
}

/// [`Node`] borrowing every string from the input.
///
/// ```
/// use msgpack_testdata::w1::{Node, NodeRef, Permissions};
///
/// let file = |name: &str| Node::File {
///     name: name.into(),
///     created_by: "bob".into(),
///     created_at: "2020-01-01T00:00:00+00:00".into(),
///     updated_by: None,
///     updated_at: None,
///     nbytes: 1,
///     permissions: Permissions::Read,
/// };
/// let dir = Node::Directory {
///     name: "d".into(),
///     created_by: "bob".into(),
///     created_at: "2020-01-01T00:00:00+00:00".into(),
///     updated_by: Some("alice".into()),
///     updated_at: Some("2021-01-01T00:00:00+00:00".into()),
///     contents: vec![file("a"), file("b"), file("c"), file("e")],
/// };
/// let bytes = msgpack_core::to_vec(&dir).unwrap();
/// let tree: NodeRef<'_> = msgpack_core::from_slice(&bytes).unwrap();
/// let NodeRef::Directory { name, contents, .. } = tree else { panic!("the root is a directory") };
/// assert_eq!(contents.len(), 4);
/// // `name` points into `bytes`: nothing was copied.
/// assert!(bytes.as_ptr_range().contains(&name.as_ptr()));
/// // Both types write the same bytes.
/// assert_eq!(msgpack_core::to_vec(&msgpack_core::from_slice::<NodeRef<'_>>(&bytes).unwrap()).unwrap(), bytes);
/// ```
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(tag = "type", rename_all = "lowercase", omit_defaults, schema_lock = "schemas/w1/Node.msgpack-schema")]
pub enum NodeRef<'a> {
    /// `{"type": "file", ...}`.
    File {
        /// 4 to 30 ASCII letters.
        name: &'a str,
        /// A first name.
        created_by: &'a str,
        /// `YYYY-MM-DDTHH:MM:SS+00:00`.
        created_at: &'a str,
        /// A first name, for a quarter of the nodes.
        updated_by: Option<&'a str>,
        /// Set with `updated_by`.
        updated_at: Option<&'a str>,
        /// 0 to 1,000,000.
        nbytes: u64,
        /// The access rights.
        permissions: Permissions,
    },
    /// `{"type": "directory", ...}`.
    Directory {
        /// 4 to 30 ASCII letters.
        name: &'a str,
        /// A first name.
        created_by: &'a str,
        /// `YYYY-MM-DDTHH:MM:SS+00:00`.
        created_at: &'a str,
        /// A first name, for a quarter of the nodes.
        updated_by: Option<&'a str>,
        /// Set with `updated_by`.
        updated_at: Option<&'a str>,
        /// The children, in order.
        contents: Vec<NodeRef<'a>>,
    },
}
