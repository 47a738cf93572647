//! The msgpack-core benchmark suite: workloads from published MessagePack
//! benchmarks (see `WORKLOADS.md` in this crate), the implementations compared
//! on them, and the measuring code shared by the runner (`src/main.rs`) and the
//! criterion benches (`benches/workloads.rs`).
//!
//! ```
//! let w = msgpack_bench::workloads();
//! assert_eq!(w[0].id, "W1");
//! ```

pub mod alloc;
pub mod civil;
pub mod floor;
pub mod harness;
pub mod measure;
pub mod report;
pub mod rows;
pub mod w1;
pub mod w2;
pub mod w3;
pub mod w4;
pub mod w5;
pub mod w6;
pub mod w7;

pub use harness::{Case, Group, Row, Workload};

/// The peers' crates as this crate was built against them, for the
/// criterion target `benches/public.rs`: in this workspace the newest
/// versions (its `Cargo.lock`); in `pinned/` (a workspace of its own, with
/// its own lock file) the versions the public Rust serialization benchmark
/// pins. The bench reaches the peers only through here, so the data types
/// (which derive the peers' traits in this crate) and the calls agree.
///
/// ```
/// let bytes = msgpack_bench::peers::zerompk::to_msgpack_vec(&7u32).unwrap();
/// assert_eq!(bytes, [7]);
/// ```
pub mod peers {
    pub use ::msgpacker;
    pub use ::zerompk;
}

/// Every workload, in order.
///
/// ```
/// let ids: Vec<&str> = msgpack_bench::workloads().iter().map(|w| w.id).collect();
/// assert_eq!(ids, ["W1", "W2", "W3", "W4", "W5", "W6", "W7"]);
/// ```
pub fn workloads() -> Vec<Workload> {
    vec![w1::workload(), w2::workload(), w3::workload(), w4::workload(), w5::workload(), w6::workload(), w7::workload()]
}
