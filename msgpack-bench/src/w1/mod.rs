//! W1: msgspec's "filesystem" tree (`benchmarks/bench_encodings.py`,
//! msgpack protocol), see `WORKLOADS.md`.
//!
//! A tree of files and directories, each a map whose first entry is the tag
//! `type` and whose absent optional fields (`updated_by`, `updated_at`) are
//! left out. The cases are the trees of 100, 1,000 (msgspec's size) and
//! 10,000 nodes; the last is 508 directories deep.
//!
//! Rows: our derive (owned and borrowed), our `Value` / `ValueRef`, our
//! hand-written code, our serde path (`msgpack_core::serde` on rmp-serde's
//! types, named and compact), rmp-serde (named and compact), rmpv, zerompk
//! (its traits written by hand, and its `Value`); what cannot express the
//! tree is listed with the reason.
//!
//! The derived types ([`Node`], [`NodeRef`], [`Permissions`]) are
//! `msgpack-testdata`'s, shared with the derive's and the schema exports'
//! tests; the serde and zerompk rows have their own copies (those crates'
//! derives write other forms).

mod generate;
mod hand;
mod serde_rows;
mod zerompk_rows;

use std::rc::Rc;

use msgpack_core::{Value, ValueRef};

use crate::harness::{Case, Group, Row, Workload, names};
use crate::rows;

pub use generate::{PyRandom, generate};
/// The derived W1 types, defined once for the workspace in
/// `msgpack-testdata` (with their lock file, `schemas/w1/`).
pub use msgpack_testdata::w1::{Node, NodeRef, Permissions};

/// The node counts of the cases.
pub const SIZES: [usize; 3] = [100, 1_000, 10_000];

/// The workload: one case per size of [`SIZES`] (built on demand by its
/// `cases` function, quick or not).
///
/// ```
/// let w = msgpack_bench::w1::workload();
/// assert_eq!((w.id, w.title), ("W1", "msgspec filesystem tree"));
/// ```
pub fn workload() -> Workload {
    Workload {
        id: "W1",
        title: "msgspec filesystem tree",
        source: "msgspec benchmarks/bench_encodings.py (msgpack protocol)",
        cases: |_quick| SIZES.iter().map(|&n| case(n)).collect(),
    }
}

/// The case of the `n`-node tree with all its rows.
///
/// Every row that can express the tree passes its check (what the runner
/// does before it times anything):
///
/// ```
/// use std::time::Duration;
/// use msgpack_bench::measure::{Settings, run_case};
///
/// let case = msgpack_bench::w1::case(100);
/// assert_eq!(case.name, "n=100");
/// assert_eq!(case.items.map(|i| i.count), Some(100));
/// let settings = Settings { samples: 1, sample_time: Duration::from_micros(50) };
/// let result = run_case(&case, settings, |_| {})?;
/// let timed = result.rows.iter().filter(|r| r.unsupported.is_none()).count();
/// // The derive's array form, the compact serde forms (ours and rmp-serde's), zerompk's derive and
/// // msgpacker cannot.
/// assert_eq!(timed, 12);
/// # Ok::<(), String>(())
/// ```
pub fn case(n: usize) -> Case {
    let tree = generate(n);
    let canonical = msgpack_core::to_vec(&tree).expect("the W1 tree encodes");
    // The borrowed rows (NodeRef, ValueRef, zerompk's Value) encode a value
    // that borrows its source bytes for as long as the row lives: one copy
    // of the canonical bytes per case built is leaked, which is fine in a
    // benchmark process (it lives as long as the process anyway).
    let source: &'static [u8] = Box::leak(canonical.clone().into_boxed_slice());
    let mut case = Case::new("W1", format!("n={n}"), canonical)
        .series("W1 filesystem")
        .items("node", n as u64)
        .collections(collections(&tree));
    if n >= 10_000 {
        case = case.show_peak();
    }
    let node_ref: NodeRef<'static> = msgpack_core::from_slice(source).expect("the canonical bytes decode");
    let value: Value = msgpack_core::from_slice(source).expect("the canonical bytes decode");
    let value_ref: ValueRef<'static> = msgpack_core::from_slice(source).expect("the canonical bytes decode");
    let shared = Rc::new(tree.clone());
    case.row(rows::ours::<Node>(names::DERIVE, tree.clone()))
        .row(rows::borrowed!(
            names::DERIVE_BORROWED,
            Group::Ours,
            node_ref,
            NodeRef<'_>,
            msgpack_core::to_vec,
            msgpack_core::from_slice
        ))
        .row(Row::unsupported(
            names::DERIVE_ARRAY,
            Group::Ours,
            "W1 is defined as maps: the internal tag `type` and the omitted optional fields exist only in map form",
        ))
        .row(rows::value(value))
        .row(rows::value_ref(value_ref))
        .row(
            rows::owned(names::HAND, Group::Ours, Rc::clone(&shared), hand::to_vec, hand::from_slice)
                .encode_slice(move |buf| hand::to_slice(&shared, buf)),
        )
        .row(serde_rows::serde_path_named_row(&tree))
        .row(serde_rows::serde_path_compact_row(&tree))
        .row(serde_rows::named_row(&tree))
        .row(serde_rows::compact_row(&tree))
        .row(rmpv_row(source, nesting(&tree)))
        .row(Row::unsupported(
            names::ZEROMPK,
            Group::Other,
            "zerompk's derive writes enums externally tagged ([tag, payload] or {tag: payload}) and always writes \
             every field: no internal tag, no omitting of None (see the ZEROMPK_HAND row)",
        ))
        .row(zerompk_rows::hand_row(&tree, source))
        .row(zerompk_rows::value_row(source))
        .row(Row::unsupported(
            names::MSGPACKER,
            Group::Other,
            "msgpacker's derive writes structs as bare field sequences and enums as a u32 discriminant (no maps, keys \
             or tags), and its public API has no map or array header writer or reader, so W1's tagged maps could \
             only be written as raw bytes outside the library",
        ))
        .with_limits()
}

/// The allocations a borrowed decode of the tree cannot avoid: one `Vec`
/// per directory with contents.
///
/// ```
/// use msgpack_bench::w1::{Node, Permissions};
///
/// let file = || Node::File {
///     name: "f".into(),
///     created_by: "bob".into(),
///     created_at: "2020-01-01T00:00:00+00:00".into(),
///     updated_by: None,
///     updated_at: None,
///     nbytes: 1,
///     permissions: Permissions::Read,
/// };
/// let dir = |contents| Node::Directory {
///     name: "d".into(),
///     created_by: "bob".into(),
///     created_at: "2020-01-01T00:00:00+00:00".into(),
///     updated_by: None,
///     updated_at: None,
///     contents,
/// };
/// // d[f, d[]]
/// let tree = dir(vec![file(), dir(vec![])]);
/// assert_eq!(msgpack_bench::w1::collections(&tree), 1); // the empty directory's `Vec` does not allocate
/// ```
pub fn collections(node: &Node) -> u64 {
    match node {
        Node::File { .. } => 0,
        Node::Directory { contents, .. } => {
            u64::from(!contents.is_empty()) + contents.iter().map(collections).sum::<u64>()
        }
    }
}

/// How many maps and arrays the deepest path of the encoded tree nests
/// (a file is one map, a directory a map and its `contents` array).
///
/// ```
/// use msgpack_bench::w1::{Node, Permissions};
///
/// let file = || Node::File {
///     name: "f".into(),
///     created_by: "bob".into(),
///     created_at: "2020-01-01T00:00:00+00:00".into(),
///     updated_by: None,
///     updated_at: None,
///     nbytes: 1,
///     permissions: Permissions::Read,
/// };
/// let dir = |contents| Node::Directory {
///     name: "d".into(),
///     created_by: "bob".into(),
///     created_at: "2020-01-01T00:00:00+00:00".into(),
///     updated_by: None,
///     updated_at: None,
///     contents,
/// };
/// // d[f, d[]]
/// let tree = dir(vec![file(), dir(vec![])]);
/// assert_eq!(msgpack_bench::w1::nesting(&tree), 4); // map, array, map, array
/// ```
pub fn nesting(node: &Node) -> usize {
    match node {
        Node::File { .. } => 1,
        Node::Directory { contents, .. } => 2 + contents.iter().map(nesting).max().unwrap_or(0),
    }
}

/// rmpv's `read_value` has a fixed depth budget (`rmpv::decode::MAX_DEPTH`,
/// 1024) that every array or map spends twice (its value and its body), so
/// the deepest tree does not fit: the row is then listed with the error.
fn rmpv_row(source: &'static [u8], nesting: usize) -> Row {
    let value = match rmpv::decode::read_value(&mut &source[..]) {
        Ok(v) => v,
        Err(e @ rmpv::decode::Error::DepthLimitExceeded) => {
            return Row::unsupported(
                names::RMPV,
                Group::Other,
                format!(
                    "rmpv::decode::read_value fails with \"{e}\": its default limit of 1024 is spent twice per map or \
                     array (and once more per string), and this tree nests {nesting} of them"
                ),
            );
        }
        Err(e) => panic!("rmpv cannot read the canonical bytes: {e}"),
    };
    rows::rmpv(value)
}
