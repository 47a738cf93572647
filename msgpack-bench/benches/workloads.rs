//! Criterion benches over the runner's workloads, for contributors who
//! profile one implementation at a time:
//!
//! ```text
//! cargo bench -p msgpack-bench -- 'W1/n=1000/ours: derive/'
//! ```
//!
//! Bench ids are `workload/case/row/operation`, the operation `encode` (into
//! a new `Vec`), `reuse` (into one reused buffer) or `decode`. The comparison tables come
//! from the runner (`cargo run --release -p msgpack-bench`), which interleaves
//! the rows; criterion runs each id on its own.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

fn workloads(c: &mut Criterion) {
    for w in msgpack_bench::workloads() {
        for case in (w.cases)(false) {
            let mut group = c.benchmark_group(format!("{}/{}", case.workload, case.name));
            for row in case.rows.iter().filter(|r| r.unsupported.is_none()) {
                let input = match row.run_encode() {
                    Some(Ok(bytes)) => bytes,
                    Some(Err(_)) => continue,
                    None => case.canonical.clone(),
                };
                if row.run_encode().is_some() {
                    group.bench_function(format!("{}/encode", row.name), |b| b.iter(|| black_box(row.run_encode())));
                }
                // The reused-buffer encode, into one buffer as the runner makes it.
                let mut buf = vec![0u8; 2 * case.canonical.len() + 1024];
                if let Some(Ok(_)) = row.run_reuse(&mut buf) {
                    group.bench_function(format!("{}/reuse", row.name), |b| {
                        b.iter(|| black_box(row.run_reuse(black_box(&mut buf))))
                    });
                }
                if let Some(Ok(())) = row.run_decode(&input) {
                    group.bench_function(format!("{}/decode", row.name), |b| {
                        b.iter(|| black_box(row.run_decode(black_box(&input))))
                    });
                }
            }
            group.finish();
        }
    }
}

criterion_group!(benches, workloads);
criterion_main!(benches);
