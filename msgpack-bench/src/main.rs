//! The benchmark runner (issue #5 builds it out; this placeholder only
//! checks that the workspace wiring works).

fn main() {
    let bytes = msgpack_core::to_vec(&(1u8, "bench")).expect("encodes");
    let back: (u8, &str) = msgpack_core::from_slice(&bytes).expect("decodes");
    assert_eq!(back, (1, "bench"));
    println!("msgpack-bench: the comparison runner is not built yet (issue #5)");
}
