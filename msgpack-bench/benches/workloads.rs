//! Criterion benches over the runner's workloads (being built).
fn main() {}
