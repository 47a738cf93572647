//! Guarantee 3 of the crate docs: at the default depth limit (1024), a
//! release build decodes `Value` and a recursive derived type on a 2 MiB
//! thread stack, and one level more is an error, not an overflow.
//!
//! CI runs this file in release (`cargo test --release -p msgpack-core
//! --test depth`), where the 2 MiB figure is the guarantee; unoptimised
//! frames are larger, so a debug build gets 4x the stack.

use msgpack_core::decode::ErrorKind;
use msgpack_core::{DecodeOptions, MsgPack, Value, from_slice, to_vec};

const STACK: usize = if cfg!(debug_assertions) { 8 << 20 } else { 2 << 20 };

#[derive(MsgPack, Debug, PartialEq)]
#[msgpack(tag = "kind")]
enum Tree {
    Leaf { value: u32 },
    Node { name: String, children: Vec<Tree> },
}

/// `levels` nested `Node`s (each a map and its `children` array: two
/// levels of nesting per node), around one leaf.
fn tree_bytes(nodes: usize) -> Vec<u8> {
    let mut t = Tree::Leaf { value: 7 };
    for i in 0..nodes {
        t = Tree::Node { name: format!("n{i}"), children: vec![t] };
    }
    let bytes = to_vec(&t).unwrap();
    // Dropping a deep Tree recurses (it is the user's type): do it on a big stack.
    std::thread::Builder::new().stack_size(256 << 20).spawn(move || drop(t)).unwrap().join().unwrap();
    bytes
}

fn nested_arrays(levels: usize) -> Vec<u8> {
    let mut b = vec![0x91; levels];
    b.push(0xc0);
    b
}

fn on_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(STACK).spawn(f).unwrap().join().unwrap()
}

#[test]
fn value_at_the_default_limit() {
    let limit = DecodeOptions::DEFAULT_MAX_DEPTH as usize;
    let ok = nested_arrays(limit);
    let too_deep = nested_arrays(limit + 1);
    on_stack(move || {
        let v: Value = from_slice(&ok).unwrap();
        assert_eq!(to_vec(&v).unwrap(), ok);
        let e = from_slice::<Value>(&too_deep).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 1024 });
    });
}

#[test]
fn recursive_derived_type_at_the_default_limit() {
    // 511 nodes = 1022 levels, plus the leaf's map: 1023 <= 1024.
    let ok = tree_bytes(511);
    let too_deep = tree_bytes(513);
    on_stack(move || {
        let t: Tree = from_slice(&ok).unwrap();
        let back = to_vec(&t).unwrap();
        assert_eq!(back, ok);
        // Drop here is recursive through the user's type; 511 levels fit.
        drop(t);
        let e = from_slice::<Tree>(&too_deep).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::DepthLimitExceeded { limit: 1024 });
    });
}
