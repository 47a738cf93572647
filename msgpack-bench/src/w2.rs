//! W2 (being built).

use crate::harness::Workload;

/// The workload.
pub fn workload() -> Workload {
    Workload { id: "W2", title: "(not built yet)", source: "", cases: |_| Vec::new() }
}
