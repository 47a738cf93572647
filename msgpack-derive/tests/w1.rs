//! The msgspec "filesystem" workload (W1): the derived types decode
//! msgspec's own encoding of the n = 1000 tree and re-encode it to the
//! identical 130,702 bytes, owned and borrowed.

use msgpack_core::{DecodeOptions, Encode};
// The W1 types, defined once for the workspace (`msgpack-testdata`, as the
// benchmark runner uses them). `rename_all` renames the variants (the tags
// `"file"`, `"directory"`); the fields keep their snake_case names.
use msgpack_testdata::w1::{Node, NodeRef};

/// msgspec's encoding of the W1 tree at n = 1000 (see `data/README.md`).
const FIXTURE: &[u8] = include_bytes!("data/msgspec-filesystem-1000.msgpack");

#[derive(Default, Debug, PartialEq)]
struct Stats {
    files: usize,
    directories: usize,
    /// How deep the deepest directory is below the root (the root is 0).
    max_depth: usize,
    updated: usize,
    nbytes: u64,
    permissions: [usize; 3],
}

/// The tree's figures, counted by walking it (a trait: the types are
/// another crate's).
trait CountStats {
    fn stats(&self, depth: usize, s: &mut Stats);
}

impl CountStats for Node {
    fn stats(&self, depth: usize, s: &mut Stats) {
        match self {
            Node::File { updated_by, nbytes, permissions, .. } => {
                s.files += 1;
                s.nbytes += nbytes;
                s.permissions[*permissions as usize] += 1;
                s.updated += usize::from(updated_by.is_some());
            }
            Node::Directory { updated_by, contents, .. } => {
                s.directories += 1;
                s.max_depth = s.max_depth.max(depth);
                s.updated += usize::from(updated_by.is_some());
                for c in contents {
                    c.stats(depth + 1, s);
                }
            }
        }
    }
}

impl CountStats for NodeRef<'_> {
    fn stats(&self, depth: usize, s: &mut Stats) {
        match self {
            NodeRef::File { updated_by, nbytes, permissions, .. } => {
                s.files += 1;
                s.nbytes += nbytes;
                s.permissions[*permissions as usize] += 1;
                s.updated += usize::from(updated_by.is_some());
            }
            NodeRef::Directory { updated_by, contents, .. } => {
                s.directories += 1;
                s.max_depth = s.max_depth.max(depth);
                s.updated += usize::from(updated_by.is_some());
                for c in contents {
                    c.stats(depth + 1, s);
                }
            }
        }
    }
}

/// The tree's figures, counted independently (with Python's `msgpack`) when
/// the fixture was added.
fn expected_stats() -> Stats {
    Stats {
        files: 798,
        directories: 202,
        max_depth: 49,
        updated: 246,
        nbytes: 392_639_501,
        permissions: [266, 250, 282],
    }
}

#[test]
fn fixture_is_intact() {
    assert_eq!(FIXTURE.len(), 130_702);
    // Top level: a directory map whose first entry is the tag.
    assert_eq!(&FIXTURE[..21], b"\x85\xa4type\xa9directory\xa4name");
}

#[test]
fn owned_round_trip_is_byte_identical() {
    let root: Node = msgpack_core::from_slice(FIXTURE).unwrap();
    let mut s = Stats::default();
    root.stats(0, &mut s);
    assert_eq!(s, expected_stats());
    assert_eq!(root.encoded_len(), FIXTURE.len());
    let bytes = msgpack_core::to_vec(&root).unwrap();
    assert_eq!(bytes.len(), 130_702);
    assert!(bytes == FIXTURE, "re-encoded bytes differ from msgspec's at byte {:?}", first_difference(&bytes));
}

#[test]
fn borrowed_round_trip_is_byte_identical() {
    let root: NodeRef = msgpack_core::from_slice(FIXTURE).unwrap();
    let mut s = Stats::default();
    root.stats(0, &mut s);
    assert_eq!(s, expected_stats());
    // Every string points into the fixture.
    let NodeRef::Directory { name, created_at, .. } = &root else { panic!("the root is a directory") };
    assert!(FIXTURE.as_ptr_range().contains(&name.as_ptr()));
    assert!(FIXTURE.as_ptr_range().contains(&created_at.as_ptr()));
    assert_eq!(root.encoded_len(), FIXTURE.len());
    let bytes = msgpack_core::to_vec(&root).unwrap();
    assert!(bytes == FIXTURE, "re-encoded bytes differ from msgspec's at byte {:?}", first_difference(&bytes));
    // Slice encoding: exact fit, and one byte short fails before writing.
    let mut buf = vec![0u8; FIXTURE.len()];
    assert_eq!(msgpack_core::to_slice(&root, &mut buf).unwrap(), FIXTURE.len());
    assert!(buf == FIXTURE);
    assert!(msgpack_core::to_slice(&root, &mut buf[1..]).is_err());
}

#[test]
fn owned_and_borrowed_agree() {
    let owned: Node = msgpack_core::from_slice(FIXTURE).unwrap();
    let borrowed: NodeRef = msgpack_core::from_slice(FIXTURE).unwrap();
    let bytes = msgpack_core::to_vec(&owned).unwrap();
    let via_owned: NodeRef = msgpack_core::from_slice(&bytes).unwrap();
    assert_eq!(format!("{via_owned:?}"), format!("{borrowed:?}"));
}

/// Maps and arrays nest 100 deep in this tree: a limit below that fails,
/// with the path to where it stopped.
#[test]
fn depth_limit() {
    assert!(msgpack_core::from_slice_with::<NodeRef>(FIXTURE, &DecodeOptions::new().max_depth(100)).is_ok());
    let e = msgpack_core::from_slice_with::<NodeRef>(FIXTURE, &DecodeOptions::new().max_depth(99)).unwrap_err();
    assert!(e.to_string().starts_with("nesting deeper than the limit of 99 at $.contents["), "{e}");
}

/// A hostile 1,000,000-deep chain of directories stops at the depth limit
/// (1024: 512 directories, each a map and an array) without overflowing
/// the stack: 2 MiB in a release build (it needs about 512 KiB), 8 MiB in a
/// debug build (it needs about 2.5 MiB).
#[test]
fn hostile_depth() {
    let level: &[u8] = b"\x82\xa4type\xa9directory\xa8contents\x91";
    let mut bytes = level.repeat(1_000_000);
    bytes.extend_from_slice(b"\x80");
    std::thread::Builder::new()
        .stack_size(if cfg!(debug_assertions) { 8 << 20 } else { 2 << 20 })
        .spawn(move || {
            let e = msgpack_core::from_slice::<NodeRef>(&bytes).unwrap_err();
            assert!(
                e.to_string().starts_with("nesting deeper than the limit of 1024 at $.contents[0].contents[0]."),
                "{e}"
            );
        })
        .unwrap()
        .join()
        .unwrap();
}

/// rmp-serde writes the same bytes for the serde equivalent of the W1 types
/// (`#[serde(tag = "type")]`, `skip_serializing_if` on the options).
#[test]
fn rmp_serde_writes_the_same_bytes() {
    use serde::{Deserialize, Serialize};
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    enum TPermissions {
        Read,
        Write,
        ReadWrite,
    }
    #[derive(Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "lowercase")]
    enum TNode {
        File {
            name: String,
            created_by: String,
            created_at: String,
            #[serde(skip_serializing_if = "Option::is_none", default)]
            updated_by: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none", default)]
            updated_at: Option<String>,
            nbytes: u64,
            permissions: TPermissions,
        },
        Directory {
            name: String,
            created_by: String,
            created_at: String,
            #[serde(skip_serializing_if = "Option::is_none", default)]
            updated_by: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none", default)]
            updated_at: Option<String>,
            contents: Vec<TNode>,
        },
    }
    let theirs: TNode = rmp_serde::from_slice(FIXTURE).unwrap();
    let bytes = rmp_serde::to_vec_named(&theirs).unwrap();
    assert!(bytes == FIXTURE, "rmp-serde's bytes differ at byte {:?}", first_difference(&bytes));
}

fn first_difference(bytes: &[u8]) -> Option<usize> {
    bytes
        .iter()
        .zip(FIXTURE)
        .position(|(a, b)| a != b)
        .or((bytes.len() != FIXTURE.len()).then(|| bytes.len().min(FIXTURE.len())))
}
