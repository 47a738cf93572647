//! What `#[derive(MsgPack)]` costs a user, next to `serde_derive` +
//! rmp-serde and zerompk's derive: compile time, generated machine code,
//! expanded source.
//!
//! ```sh
//! cargo run --release -p msgpack-bench --bin derive-cost            # 200 structs, 3 rounds
//! cargo run --release -p msgpack-bench --bin derive-cost -- --quick # 20 structs, 1 round
//! cargo run --release -p msgpack-bench --bin derive-cost -- --structs 500 --rounds 5
//! cargo run --release -p msgpack-bench --bin derive-cost -- --fixed   # f32 / f64 / bool fields only
//! cargo run --release -p msgpack-bench --bin derive-cost -- --size-only # the minimal programs' sizes alone
//! ```
//!
//! # Method
//!
//! The program writes six binary crates under `<target>/derive-cost/` (the
//! workspace's target directory: `CARGO_TARGET_DIR` if set, else `target/`
//! at the workspace root): for each side (`ours`: `msgpack_core::MsgPack`,
//! a path dependency on this workspace; `serde`: `serde::{Serialize,
//! Deserialize}` with rmp-serde; `zerompk`: `zerompk::{ToMessagePack,
//! FromMessagePack}` with `#[msgpack(map)]`), one crate with N generated
//! structs and one with none (the baseline: the same dependencies and the
//! same `main`, a round trip of one `u32`, so the shared runtime is linked
//! in and cancels out of the per-struct figures).
//!
//! The structs are the same on every side, from a fixed-seed generator: 4
//! to 12 fields each of integers, `f32`, `f64`, `String`, `Option`s,
//! `Vec`s, `BTreeMap<String, u32>`, one shared unit enum, and at most one
//! field of an earlier struct's type (nesting). Each struct gets a round
//! trip, decode then encode, in map form on every side
//! (`msgpack_core::from_slice` / `to_vec`, `rmp_serde::from_slice` /
//! `to_vec_named`, `zerompk::from_msgpack` / `to_msgpack_vec`), and `main`
//! calls all of them through a table of function pointers on input it
//! cannot see, so every encoder and decoder is instantiated and kept.
//!
//! Each generated crate has its own `[workspace]` table and a copy of this
//! workspace's `Cargo.lock`, and builds `--offline` (after one `cargo fetch`
//! if the registry cache lacks something). Each side has its own target
//! directory, shared by its two crates. Measured, per struct = (crate with
//! the structs − baseline crate) / N:
//!
//! - **release build, wall and CPU**: with the dependencies built, `cargo
//!   clean -p <crate> --release` then `cargo build --release`: the time a
//!   user pays whenever the crate holding the types is rebuilt. CPU is the
//!   user + system time of cargo and the compilers it ran (bash's `times`),
//!   so wall ÷ CPU shows how well the build used the cores;
//! - **debug build from clean**: the same in the `dev` profile;
//! - **debug rebuild after touching the file**: after that debug build,
//!   `main.rs` rewritten unchanged and `cargo build` again (incremental);
//! - **`.text` and `.rodata`** of the release binaries, read from the ELF
//!   section headers;
//! - **expanded lines**: the crate's lines after macro expansion
//!   (`cargo rustc -- -Zunpretty=expanded`).
//!
//! Every round builds every side in turn (interleaved), the timings are the
//! median of the rounds, and the spread (lowest to highest) is printed
//! beside each. The machine may be shared: compare the columns of one run,
//! not runs.
//!
//! Last, the size of a minimal release program (one struct, `to_vec`,
//! `from_slice`, the result printed; stripped) per derive, beside the same
//! program without serialization, and with msgpack-core's default
//! features against the fewest that still have the derive, `to_vec` and
//! `from_slice` (the `size` module; `--size-only` runs just that part).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

mod cargo;
mod crates;
mod elf;
mod size;

use cargo::{Env, Took};

/// The three sides compared.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Side {
    Ours,
    Serde,
    Zerompk,
}

const SIDES: [Side; 3] = [Side::Ours, Side::Serde, Side::Zerompk];

impl Side {
    fn dir_name(self) -> &'static str {
        match self {
            Side::Ours => "ours",
            Side::Serde => "serde",
            Side::Zerompk => "zerompk",
        }
    }

    fn package(self, empty: bool) -> String {
        format!("derive-cost-{}{}", self.dir_name(), if empty { "-empty" } else { "" })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Profile {
    Debug,
    Release,
}

impl Profile {
    fn name(self) -> &'static str {
        match self {
            Profile::Debug => "debug",
            Profile::Release => "release",
        }
    }

    fn flags(self) -> &'static [&'static str] {
        match self {
            Profile::Debug => &[],
            Profile::Release => &["--release"],
        }
    }
}

struct Options {
    structs: usize,
    rounds: usize,
    /// Structs of fixed-layout fields only (what the templates cost).
    fixed: bool,
    /// Only the minimal programs' sizes.
    size_only: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut opts = Options { structs: 200, rounds: 3, fixed: false, size_only: false };
    let mut args = env::args().skip(1);
    let number = |v: Option<String>, what: &str| -> Result<usize, String> {
        let v = v.ok_or(format!("{what} needs a number"))?;
        match v.parse() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!("{what}: not a positive number: {v}")),
        }
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => {
                opts.structs = 20;
                opts.rounds = 1;
            }
            "--structs" => opts.structs = number(args.next(), "--structs")?,
            "--rounds" => opts.rounds = number(args.next(), "--rounds")?,
            "--fixed" => opts.fixed = true,
            "--size-only" => opts.size_only = true,
            "-h" | "--help" => {
                println!(
                    "usage: derive-cost [--structs N (default 200)] [--rounds R (default 3)] [--quick (N = 20, R = 1)] [--fixed (fixed-layout structs: floats, bools, arrays and tuples of them)] [--size-only (just the size of a minimal program per derive)]"
                );
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(opts)
}

/// One timing of every round, for the crate with the structs and the baseline.
#[derive(Default, Clone)]
struct Series {
    full: Vec<Took>,
    empty: Vec<Took>,
}

impl Series {
    /// Per struct, in seconds: the median, the lowest and the highest over
    /// the rounds (each round: full − baseline).
    fn per_struct(&self, n: f64, cpu: bool) -> (f64, f64, f64) {
        let pick = |t: &Took| if cpu { t.cpu } else { t.wall }.as_secs_f64();
        let mut v: Vec<f64> = self.full.iter().zip(&self.empty).map(|(f, e)| (pick(f) - pick(e)) / n).collect();
        v.sort_by(f64::total_cmp);
        (v[v.len() / 2], v[0], v[v.len() - 1])
    }
}

/// Per side, in the order of [`SIDES`].
type PerSide<T> = [T; 3];

#[derive(Default, Clone)]
struct Timings {
    release: Series,
    debug: Series,
    touch: Series,
}

fn rustc_version() -> String {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "rustc (unknown version)".into())
}

fn cpu_model() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let model = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| env::consts::ARCH.to_string());
    format!("{model}, {cores} cores")
}

fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 10.0 { format!("{s:.1} s") } else { format!("{s:.2} s") }
}

/// `241 ms (230-260)`.
fn ms_spread((mid, lo, hi): (f64, f64, f64)) -> String {
    let f = |s: f64| if s.abs() >= 0.01 { format!("{:.0}", s * 1e3) } else { format!("{:.1}", s * 1e3) };
    format!("{} ms ({}–{})", f(mid), f(lo), f(hi))
}

fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 { format!("{:.2}", a / b) } else { "n/a".into() }
}

fn run(opts: &Options) -> Result<(), String> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().ok_or("no workspace root")?.to_path_buf();
    let target = match env::var_os("CARGO_TARGET_DIR") {
        Some(t) => env::current_dir().map_err(|e| e.to_string())?.join(t),
        None => workspace.join("target"),
    };
    let core_path = fs::canonicalize(workspace.join("msgpack-core")).map_err(|e| format!("msgpack-core: {e}"))?;
    let lock = fs::read(workspace.join("Cargo.lock")).map_err(|e| format!("workspace Cargo.lock: {e}"))?;
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut env = Env { cargo, offline: false, root: target.join("derive-cost") };

    if opts.size_only {
        size::generate(&mut env, &core_path, &lock)?;
        let sizes = size::measure(&env)?;
        println!("## The size of a minimal program\n");
        println!("- {}; {}", rustc_version(), cpu_model());
        size::report(&sizes);
        return Ok(());
    }

    // Generate the crates.
    let structs = crates::structs(opts.structs, opts.fixed);
    let n_fields: usize = structs.iter().map(|s| s.fields.len()).sum();
    eprintln!("derive-cost: {} structs ({n_fields} fields) in {}", structs.len(), env.root.display());
    for side in SIDES {
        for empty in [false, true] {
            let dir = env.crate_dir(side, empty);
            fs::create_dir_all(dir.join("src")).map_err(|e| format!("{}: {e}", dir.display()))?;
            let src = crates::main_rs(side, if empty { &[] } else { &structs });
            let write = |p: PathBuf, c: &[u8]| fs::write(&p, c).map_err(|e| format!("{}: {e}", p.display()));
            write(dir.join("Cargo.toml"), crates::cargo_toml(side, empty, &core_path).as_bytes())?;
            write(dir.join("src/main.rs"), src.as_bytes())?;
            write(dir.join("Cargo.lock"), &lock)?;
        }
    }

    // Offline if the registry cache has everything; else fetch once.
    let fetched_offline = SIDES.iter().all(|&side| {
        env.offline = true;
        env.cargo(side, false, &["fetch"]).is_ok()
    });
    if !fetched_offline {
        eprintln!("derive-cost: fetching the dependencies into the registry cache");
        env.offline = false;
        for side in SIDES {
            env.cargo(side, false, &["fetch"])?;
        }
        env.offline = true;
    }

    // Clean builds with every dependency (for reference; this also builds
    // the dependencies for what follows).
    let mut clean: Vec<PerSide<Took>> = Vec::new();
    for profile in [Profile::Debug, Profile::Release] {
        let mut t = [Took::default(); 3];
        for (i, side) in SIDES.into_iter().enumerate() {
            let dir = env.target_dir(side).join(profile.name());
            if dir.exists() {
                fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            eprintln!("derive-cost: clean {} build with dependencies, {:?}", profile.name(), side);
            t[i] = env.build(side, false, profile)?;
            env.build(side, true, profile)?;
        }
        clean.push(t);
    }

    // The rounds, sides interleaved.
    let mut timings: PerSide<Timings> = Default::default();
    for round in 1..=opts.rounds {
        for (i, side) in SIDES.into_iter().enumerate() {
            for empty in [false, true] {
                let release = env.leaf_build(side, empty, Profile::Release)?;
                let debug = env.leaf_build(side, empty, Profile::Debug)?;
                let touch = env.touch_rebuild(side, empty)?;
                let t = &mut timings[i];
                let (r, d, to) = if empty {
                    (&mut t.release.empty, &mut t.debug.empty, &mut t.touch.empty)
                } else {
                    (&mut t.release.full, &mut t.debug.full, &mut t.touch.full)
                };
                r.push(release);
                d.push(debug);
                to.push(touch);
                eprintln!(
                    "derive-cost: round {round}/{}, {:?}{}: release {} (CPU {}), debug {}, touched {}",
                    opts.rounds,
                    side,
                    if empty { " baseline" } else { "" },
                    secs(release.wall),
                    secs(release.cpu),
                    secs(debug.wall),
                    secs(touch.wall)
                );
            }
        }
    }

    // Code size, expansion, and a sanity run of every binary (each round
    // trip fails on the empty input and returns 0).
    let mut size: PerSide<(elf::CodeSize, elf::CodeSize)> = Default::default();
    let mut lines: PerSide<(usize, usize)> = Default::default();
    for (i, side) in SIDES.into_iter().enumerate() {
        size[i] = (
            elf::code_size(&env.binary(side, false, Profile::Release))?,
            elf::code_size(&env.binary(side, true, Profile::Release))?,
        );
        lines[i] = (env.expanded_lines(side, false)?, env.expanded_lines(side, true)?);
        let bin = env.binary(side, false, Profile::Release);
        let out = Command::new(&bin).output().map_err(|e| format!("{}: {e}", bin.display()))?;
        if !out.status.success() || String::from_utf8_lossy(&out.stdout).trim() != "0" {
            return Err(format!("{} did not run as expected", bin.display()));
        }
    }

    // The minimal programs.
    size::generate(&mut env, &core_path, &lock)?;
    let sizes = size::measure(&env)?;

    // Report.
    let n = structs.len() as f64;
    let what = if opts.fixed { " of fixed-layout fields (`--fixed`: f32, f64, bool)" } else { "" };
    println!("## What the derive costs: {} structs{what} ({n_fields} fields), per struct\n", structs.len());
    println!("- {}; {}", rustc_version(), cpu_model());
    println!(
        "- per struct: (crate with the structs − the same crate without them) / {}; times: median of {} interleaved round(s), lowest–highest in brackets",
        structs.len(),
        opts.rounds
    );
    println!("- builds of the crate alone (`cargo clean -p` + `cargo build`), its dependencies already built\n");
    println!("| per struct | serde_derive + rmp-serde | zerompk | ours | ours ÷ zerompk | ours ÷ serde |");
    println!("|---|---:|---:|---:|---:|---:|");
    let row = |label: &str, v: PerSide<(f64, String)>| {
        let [o, s, z] = v;
        println!("| {label} | {} | {} | {} | {} | {} |", s.1, z.1, o.1, ratio(o.0, z.0), ratio(o.0, s.0));
    };
    let timing = |pick: fn(&Timings) -> &Series, cpu: bool| -> PerSide<(f64, String)> {
        std::array::from_fn(|i| {
            let p = pick(&timings[i]).per_struct(n, cpu);
            (p.0, ms_spread(p))
        })
    };
    row("release build of the crate, wall", timing(|t| &t.release, false));
    row("release build, CPU", timing(|t| &t.release, true));
    row("debug build from clean", timing(|t| &t.debug, false));
    row("debug rebuild after touching the file (incremental)", timing(|t| &t.touch, false));
    let per = |f: fn(&elf::CodeSize) -> u64| -> PerSide<(f64, String)> {
        std::array::from_fn(|i| {
            let v = (f(&size[i].0) as f64 - f(&size[i].1) as f64) / n;
            (v, format!("{:.1} KB", v / 1000.0))
        })
    };
    row("release `.text`", per(|s| s.text));
    row("release `.rodata`", per(|s| s.rodata));
    row(
        "expanded lines (raw)",
        std::array::from_fn(|i| {
            let v = (lines[i].0 as f64 - lines[i].1 as f64) / n;
            (v, format!("{v:.0}"))
        }),
    );
    println!("\nFor reference, whole builds with every dependency from an empty target directory (one run each):\n");
    println!("| clean build with dependencies | serde_derive + rmp-serde | zerompk | ours |");
    println!("|---|---:|---:|---:|");
    for (p, profile) in ["debug", "release"].iter().enumerate() {
        let [o, s, z] = clean[p];
        println!("| {profile} | {} | {} | {} |", secs(s.wall), secs(z.wall), secs(o.wall));
    }
    size::report(&sizes);
    Ok(())
}

fn main() -> ExitCode {
    let opts = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("derive-cost: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("derive-cost: {e}");
            ExitCode::FAILURE
        }
    }
}
