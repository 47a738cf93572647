//! The public Rust serialization benchmark's shape
//! (djkoloski/rust_serialization_benchmark), for every crate we compare:
//! one generic bench function per crate, called for every dataset, a
//! 10,000,000-byte buffer allocated once for the encodes, decode from the
//! bytes the crate itself wrote, and the workspace's `[profile.bench]`
//! with `lto = true`. This is how users measure us in their own programs,
//! where the runner (`src/main.rs`, closures behind `dyn Fn`, one codegen
//! context per row) may inline differently.
//!
//! ```text
//! msgpack-bench/public-bench.sh            # both builds, then the ratio tables
//! msgpack-bench/public-bench.sh --quick    # the same, small data, short runs (CI)
//! cargo bench -p msgpack-bench --bench public -- 'mesh/'   # one build, a filter
//! ```
//!
//! Bench ids are `<dataset>/<crate>/<operation>` as in the public benchmark
//! (crates `ours`, `ours-serde` (our serde data format), `zerompk`,
//! `msgpacker`, `rmp-serde`, and the floor `memcpy` of our encoding):
//! `serialize` (into the preallocated buffer; msgpacker into a fresh
//! `Vec::with_capacity(10_000_000)` per iteration, as its bench there does),
//! `deserialize` (owned) and `borrow` (borrowed strings, the access log).
//! Datasets: the W5 shapes `mesh`, `mk48` (game state), `log` (access log),
//! `minecraft_savedata` (save file) and W7's `polygons`; `MSGPACK_BENCH_QUICK=1`
//! builds their `--quick` sizes and measures briefly.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
// The peers as `msgpack-bench` was built against them: the newest in this
// workspace, the public benchmark's pins in `msgpack-bench/pinned/`.
use msgpack_bench::peers::{msgpacker, zerompk};
use msgpack_bench::{w5, w7};

/// The public benchmark's buffer length.
const BUFFER_LEN: usize = 10_000_000;

/// Small data and short measurements (`MSGPACK_BENCH_QUICK` set).
fn quick() -> bool {
    std::env::var_os("MSGPACK_BENCH_QUICK").is_some()
}

/// A criterion group, or, with `PUBLIC_COUNT=<dataset>/<crate>/<operation>`
/// and `PUBLIC_ITERS=<n>` set, a plain loop running that one operation `n`
/// times (and nothing else): for instruction counts of the same machine
/// code (`valgrind --tool=callgrind`), which the shared machine's noise does
/// not touch.
struct Group<'c> {
    inner: Option<criterion::BenchmarkGroup<'c, criterion::measurement::WallTime>>,
    name: String,
}

/// The operation and iteration count of the counting mode, if set.
fn counting() -> Option<(String, u64)> {
    let id = std::env::var("PUBLIC_COUNT").ok()?;
    let n = std::env::var("PUBLIC_ITERS").ok().and_then(|n| n.parse().ok()).unwrap_or(10);
    Some((id, n))
}

impl<'c> Group<'c> {
    fn new(c: &'c mut Criterion, name: String) -> Self {
        let inner = if counting().is_some() { None } else { Some(c.benchmark_group(name.clone())) };
        Group { inner, name }
    }

    /// Times `f` (criterion's `iter`), or runs it in the counting mode.
    fn run<R>(&mut self, op: &str, mut f: impl FnMut() -> R) {
        match (&mut self.inner, counting()) {
            (Some(g), _) => {
                g.bench_function(op, |b| b.iter(&mut f));
            }
            (None, Some((id, n))) if id == format!("{}/{op}", self.name) => {
                for _ in 0..n {
                    black_box(f());
                }
            }
            _ => {}
        }
    }

    /// Times `f` on a fresh input from `setup` each time (criterion's
    /// `iter_batched`), or runs it in the counting mode.
    fn run_batched<I, R>(&mut self, op: &str, mut setup: impl FnMut() -> I, mut f: impl FnMut(I) -> R) {
        match (&mut self.inner, counting()) {
            (Some(g), _) => {
                g.bench_function(op, |b| b.iter_batched(&mut setup, &mut f, BatchSize::SmallInput));
            }
            (None, Some((id, n))) if id == format!("{}/{op}", self.name) => {
                for _ in 0..n {
                    black_box(f(setup()));
                }
            }
            _ => {}
        }
    }

    fn finish(self) {
        if let Some(g) = self.inner {
            g.finish();
        }
    }
}

/// A dataset with a borrowed twin (strings as `&str`), as the public
/// benchmark's `BorrowableData`.
trait Borrowable {
    /// The twin, borrowing from `Self` or from the input it is read from.
    type Borrowed<'a>
    where
        Self: 'a;
    /// The twin of `self`.
    fn borrowed(&self) -> Self::Borrowed<'_>;
}

impl Borrowable for w5::log::Logs {
    type Borrowed<'a> = w5::log::LogsRef<'a>;
    fn borrowed(&self) -> w5::log::LogsRef<'_> {
        w5::log::LogsRef::from(self)
    }
}

mod ours {
    use super::*;
    use msgpack_core::{Decode, Encode};

    /// `to_slice` into the buffer, `from_slice::<T>`.
    pub(crate) fn bench<T>(name: &str, c: &mut Criterion, data: &T)
    where
        T: Encode + for<'de> Decode<'de> + PartialEq,
    {
        let mut group = Group::new(c, format!("{name}/ours"));
        let mut serialize_buffer = vec![0; BUFFER_LEN];
        group.run("serialize", || {
            msgpack_core::to_slice(black_box(data), black_box(&mut serialize_buffer)).unwrap();
            black_box(())
        });
        let deserialize_buffer = msgpack_core::to_vec(data).unwrap();
        group.run("deserialize", || black_box(msgpack_core::from_slice::<T>(black_box(&deserialize_buffer)).unwrap()));
        assert!(msgpack_core::from_slice::<T>(&deserialize_buffer).unwrap() == *data);
        group.finish();
    }

    /// [`bench`], then `from_slice` of the borrowed twin.
    pub(crate) fn bench_borrowable<T>(name: &str, c: &mut Criterion, data: &T)
    where
        T: Encode + for<'de> Decode<'de> + PartialEq + Borrowable,
        for<'a> T::Borrowed<'a>: Encode + Decode<'a> + PartialEq,
    {
        bench(name, c, data);
        let mut group = Group::new(c, format!("{name}/ours"));
        let deserialize_buffer = msgpack_core::to_vec(data).unwrap();
        let borrowed = data.borrowed();
        assert_eq!(msgpack_core::to_vec(&borrowed).unwrap(), deserialize_buffer);
        assert!(msgpack_core::from_slice::<T::Borrowed<'_>>(&deserialize_buffer).unwrap() == borrowed);
        group.run("borrow", || {
            black_box(msgpack_core::from_slice::<T::Borrowed<'_>>(black_box(&deserialize_buffer)).unwrap())
        });
        group.finish();
    }
}

mod serde_path {
    use super::*;
    use serde::{Deserialize, Serialize};

    /// Our serde data format: `to_slice` into the buffer (structs as
    /// arrays, rmp-serde's `to_vec` bytes), `from_slice`.
    pub(crate) fn bench<T>(name: &str, c: &mut Criterion, data: &T)
    where
        T: Serialize + for<'de> Deserialize<'de> + PartialEq,
    {
        let mut group = Group::new(c, format!("{name}/ours-serde"));
        let mut serialize_buffer = vec![0; BUFFER_LEN];
        group.run("serialize", || {
            black_box(msgpack_core::serde::to_slice(black_box(data), black_box(&mut serialize_buffer)).unwrap())
        });
        let deserialize_buffer = msgpack_core::serde::to_vec(data).unwrap();
        group.run("deserialize", || {
            black_box(msgpack_core::serde::from_slice::<T>(black_box(&deserialize_buffer)).unwrap())
        });
        assert!(msgpack_core::serde::from_slice::<T>(&deserialize_buffer).unwrap() == *data);
        group.finish();
    }
}

mod zerompk_bench {
    use super::*;
    use zerompk::{FromMessagePack, ToMessagePack};

    /// As the public benchmark's `bench_zerompk.rs`.
    pub(crate) fn bench<T>(name: &str, c: &mut Criterion, data: &T)
    where
        T: ToMessagePack + for<'de> FromMessagePack<'de> + PartialEq,
    {
        let mut group = Group::new(c, format!("{name}/zerompk"));
        let mut serialize_buffer = vec![0; BUFFER_LEN];
        group.run("serialize", || {
            zerompk::to_msgpack(black_box(data), black_box(&mut serialize_buffer)).unwrap();
            black_box(())
        });
        let deserialize_buffer = zerompk::to_msgpack_vec(data).unwrap();
        group.run("deserialize", || black_box(zerompk::from_msgpack::<T>(black_box(&deserialize_buffer)).unwrap()));
        assert!(zerompk::from_msgpack::<T>(&deserialize_buffer).unwrap() == *data);
        group.finish();
    }

    /// [`bench`], then the borrowed twin.
    pub(crate) fn bench_borrowable<T>(name: &str, c: &mut Criterion, data: &T)
    where
        T: ToMessagePack + for<'de> FromMessagePack<'de> + PartialEq + Borrowable,
        for<'a> T::Borrowed<'a>: ToMessagePack + FromMessagePack<'a> + PartialEq,
    {
        bench(name, c, data);
        let mut group = Group::new(c, format!("{name}/zerompk"));
        let deserialize_buffer = zerompk::to_msgpack_vec(data).unwrap();
        let borrowed = data.borrowed();
        assert!(zerompk::from_msgpack::<T::Borrowed<'_>>(&deserialize_buffer).unwrap() == borrowed);
        group.run("borrow", || {
            black_box(zerompk::from_msgpack::<T::Borrowed<'_>>(black_box(&deserialize_buffer)).unwrap())
        });
        group.finish();
    }
}

mod msgpacker_bench {
    use super::*;
    use msgpacker::{Packable, Unpackable};

    /// As the public benchmark's `bench_msgpacker.rs`: a fresh
    /// `Vec::with_capacity(10_000_000)` per iteration (made outside the
    /// timing), `unpack`.
    pub(crate) fn bench<T>(name: &str, c: &mut Criterion, data: &T)
    where
        T: Packable + Unpackable + PartialEq,
        <T as Unpackable>::Error: std::fmt::Debug,
    {
        let mut group = Group::new(c, format!("{name}/msgpacker"));
        group.run_batched("serialize", || Vec::with_capacity(BUFFER_LEN), |mut buf| T::pack(black_box(data), &mut buf));
        let mut deserialize_buffer = Vec::new();
        T::pack(data, &mut deserialize_buffer);
        group.run("deserialize", || black_box(T::unpack(black_box(&deserialize_buffer)).unwrap()));
        assert!(T::unpack(&deserialize_buffer).unwrap() == *data);
        group.finish();
    }
}

mod rmp_serde_bench {
    use super::*;
    use serde::{Deserialize, Serialize};

    /// As the public benchmark's `bench_rmp_serde.rs`: `encode::write`
    /// into the buffer as a `&mut [u8]`, `from_slice`.
    pub(crate) fn bench<T>(name: &str, c: &mut Criterion, data: &T)
    where
        T: Serialize + for<'de> Deserialize<'de> + PartialEq,
    {
        let mut group = Group::new(c, format!("{name}/rmp-serde"));
        let mut serialize_buffer = vec![0; BUFFER_LEN];
        group.run("serialize", || {
            rmp_serde::encode::write(&mut black_box(serialize_buffer.as_mut_slice()), black_box(&data)).unwrap();
            black_box(())
        });
        let mut deserialize_buffer = Vec::new();
        rmp_serde::encode::write(&mut deserialize_buffer, &data).unwrap();
        group.run("deserialize", || black_box(rmp_serde::from_slice::<T>(black_box(&deserialize_buffer)).unwrap()));
        assert!(rmp_serde::from_slice::<T>(&deserialize_buffer).unwrap() == *data);
        group.finish();
    }
}

/// The floor: `memcpy` of our encoding into the buffer (no encoder is
/// faster than copying its output).
fn bench_memcpy<T: msgpack_core::Encode>(name: &str, c: &mut Criterion, data: &T) {
    let mut group = Group::new(c, format!("{name}/memcpy"));
    let bytes = msgpack_core::to_vec(data).unwrap();
    let mut buffer = vec![0u8; BUFFER_LEN];
    group.run("serialize", || {
        let src = black_box(bytes.as_slice());
        black_box(&mut buffer)[..src.len()].copy_from_slice(src);
        black_box(())
    });
    group.finish();
}

/// Every crate on one dataset; with `borrowable`, ours and zerompk also
/// decode the dataset's borrowed twin.
macro_rules! all {
    ($c:expr, $name:literal, $data:expr) => {{
        if !skipped($name) {
            let data = $data;
            bench_memcpy($name, $c, &data);
            ours::bench($name, $c, &data);
            zerompk_bench::bench($name, $c, &data);
            msgpacker_bench::bench($name, $c, &data);
            serde_path::bench($name, $c, &data);
            rmp_serde_bench::bench($name, $c, &data);
        }
    }};
    ($c:expr, $name:literal, $data:expr, borrowable) => {{
        if !skipped($name) {
            let data = $data;
            bench_memcpy($name, $c, &data);
            ours::bench_borrowable($name, $c, &data);
            zerompk_bench::bench_borrowable($name, $c, &data);
            msgpacker_bench::bench($name, $c, &data);
            serde_path::bench($name, $c, &data);
            rmp_serde_bench::bench($name, $c, &data);
        }
    }};
}

/// Whether the counting mode (see [`Group`]) skips the dataset `name`.
fn skipped(name: &str) -> bool {
    counting().is_some_and(|(id, _)| !id.starts_with(&format!("{name}/")))
}

fn datasets(c: &mut Criterion) {
    let quick = quick();
    all!(c, "mesh", w5::mesh::data(quick));
    all!(c, "log", w5::log::data(quick), borrowable);
    all!(c, "minecraft_savedata", w5::save::data(quick));
    all!(c, "mk48", w5::game::data(quick));
    all!(c, "polygons", w7::data(quick));
}

/// Criterion's defaults (as the public benchmark runs), or short runs.
fn config() -> Criterion {
    let c = Criterion::default();
    if quick() {
        c.sample_size(10).warm_up_time(Duration::from_millis(100)).measurement_time(Duration::from_millis(200))
    } else {
        c
    }
}

criterion_group! {
    name = benches;
    config = config();
    targets = datasets
}
criterion_main!(benches);
