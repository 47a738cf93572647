//! What `#[derive(MsgPack)]` costs a user, next to `serde_derive` + rmp-serde:
//! compile time and generated machine code.
//!
//! ```sh
//! cargo run --release -p msgpack-bench --bin derive-cost            # 200 structs, 3 runs
//! cargo run --release -p msgpack-bench --bin derive-cost -- --quick # 20 structs, 1 run
//! cargo run --release -p msgpack-bench --bin derive-cost -- --structs 500
//! ```
//!
//! # Method
//!
//! The program writes four binary crates under `<target>/derive-cost/` (the
//! workspace's target directory: `CARGO_TARGET_DIR` if set, else `target/` at
//! the workspace root):
//!
//! - `ours`: N generated structs deriving `msgpack_core::MsgPack` (a path
//!   dependency on this workspace's `msgpack-core`, features `std` + `derive`);
//! - `serde`: the same N structs deriving `serde::{Serialize, Deserialize}`,
//!   with `rmp-serde`;
//! - `ours-empty` and `serde-empty`: the same dependencies and the same `main`
//!   with no struct, only a round trip of one `u32`, so the shared runtime
//!   (the decoder set-up, the error types, `Vec` growth) is linked in and
//!   cancels out of the per-struct figures.
//!
//! The structs are the same on both sides, drawn from a fixed-seed generator:
//! 6 to 10 fields each, of `u8`, `u16`, `u32`, `u64`, `i32`, `i64`, `bool`,
//! `f64`, `String`, `Option<String>`, `Vec<u32>`, one shared unit enum, and at
//! most one field of an earlier struct's type (nesting). Each struct gets a
//! round-trip function, decode then encode (`msgpack_core::from_slice` and
//! `to_vec`; `rmp_serde::from_slice` and `to_vec_named`, the map form that
//! matches ours), and `main` calls every one of them through a table of function
//! pointers on input it cannot see at compile time, so every encoder and
//! decoder is really instantiated and kept. No struct derives anything else.
//!
//! Each generated crate has its own `[workspace]` table and a copy of this
//! workspace's `Cargo.lock` (cargo trims it), and builds with `--offline`
//! (after one `cargo fetch` if the registry cache lacks something). Each side
//! has its own target directory, shared by its full and empty crates.
//!
//! Measured, interleaving the two sides at every step:
//!
//! 1. **Clean build**: the full crate with all its dependencies from an empty
//!    target directory, once per profile (debug, release).
//! 2. **Leaf crate build**: with the dependencies built, `cargo clean -p
//!    <crate>` then `cargo build`, timed; 3 runs (`--quick`: 1), median. This
//!    is the time a user pays again whenever the crate holding the types is
//!    recompiled from scratch. Per struct: (full − empty crate) / N, the empty
//!    crate timed the same way.
//! 3. **Code size**: the `.text` (and `.rodata`) section sizes of the release
//!    binaries, read from the ELF section headers (a small ELF64 reader; `size
//!    -A` as a fallback for other formats); per struct: (full − empty) / N.
//!
//! Times are wall-clock times of the `cargo build` process (the same fixed cargo
//! overhead on both sides; the no-op build time is printed for reference). The
//! machine may be shared: compare the two columns of one run, not runs.

use std::env;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

/// The two sides compared.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Ours,
    Serde,
}

const SIDES: [Side; 2] = [Side::Ours, Side::Serde];

impl Side {
    fn dir_name(self) -> &'static str {
        match self {
            Side::Ours => "ours",
            Side::Serde => "serde",
        }
    }

    fn package(self, empty: bool) -> String {
        format!("derive-cost-{}{}", self.dir_name(), if empty { "-empty" } else { "" })
    }

    fn bin_name(self, empty: bool) -> String {
        self.package(empty)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Profile {
    Debug,
    Release,
}

const PROFILES: [Profile; 2] = [Profile::Debug, Profile::Release];

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
    runs: usize,
}

fn parse_args() -> Result<Options, String> {
    let mut opts = Options { structs: 200, runs: 3 };
    let mut args = env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => {
                opts.structs = 20;
                opts.runs = 1;
            }
            "--structs" => {
                let v = args.next().ok_or("--structs needs a number")?;
                opts.structs = v.parse().map_err(|_| format!("--structs: not a number: {v}"))?;
                if opts.structs == 0 {
                    return Err("--structs must be at least 1".into());
                }
            }
            "-h" | "--help" => {
                println!("usage: derive-cost [--structs N (default 200)] [--quick (N = 20, 1 run)]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(opts)
}

// ---------------------------------------------------------------------------
// Code generation

/// SplitMix64: a fixed, dependency-free stream of pseudo-random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SCALARS: [&str; 12] =
    ["u8", "u16", "u32", "u64", "i32", "i64", "bool", "f64", "String", "Option<String>", "Vec<u32>", "Kind"];

const WORDS: [&str; 24] = [
    "id",
    "name",
    "count",
    "size",
    "owner",
    "created_at",
    "updated_at",
    "flags",
    "score",
    "tags",
    "kind",
    "label",
    "limit",
    "offset",
    "total",
    "ratio",
    "enabled",
    "comment",
    "version",
    "parent",
    "email",
    "weight",
    "path",
    "code",
];

/// One generated struct: its fields as (name, type).
struct StructDef {
    fields: Vec<(String, String)>,
}

fn generate_structs(n: usize) -> Vec<StructDef> {
    let mut rng = Rng(0x6d73_6770_6163_6b21);
    (0..n)
        .map(|i| {
            let count = 6 + rng.below(5);
            let nested_at = if i > 0 && rng.below(2) == 0 { Some(rng.below(count)) } else { None };
            let mut fields: Vec<(String, String)> = Vec::with_capacity(count);
            for k in 0..count {
                let ty = match nested_at {
                    Some(at) if at == k => format!("S{}", rng.below(i)),
                    _ => SCALARS[rng.below(SCALARS.len())].to_string(),
                };
                let word = WORDS[rng.below(WORDS.len())];
                let name = if fields.iter().any(|(f, _)| f == word) { format!("{word}_{k}") } else { word.to_string() };
                fields.push((name, ty));
            }
            StructDef { fields }
        })
        .collect()
}

/// The `main.rs` of one generated crate.
fn main_rs(side: Side, structs: &[StructDef]) -> String {
    let mut s = String::new();
    let (derive, decode, encode) = match side {
        Side::Ours => ("msgpack_core::MsgPack", "msgpack_core::from_slice", "msgpack_core::to_vec"),
        Side::Serde => ("serde::Serialize, serde::Deserialize", "rmp_serde::from_slice", "rmp_serde::to_vec_named"),
    };
    let _ = writeln!(s, "//! Generated by msgpack-bench's derive-cost: {} structs ({:?} side).", structs.len(), side);
    s.push_str("#![allow(dead_code)]\n\n");
    if !structs.is_empty() {
        let _ =
            writeln!(s, "#[derive({derive})]\npub enum Kind {{\n    Alpha,\n    Beta,\n    Gamma,\n    Delta,\n}}\n");
    }
    for (i, def) in structs.iter().enumerate() {
        let _ = writeln!(s, "#[derive({derive})]\npub struct S{i} {{");
        for (name, ty) in &def.fields {
            let _ = writeln!(s, "    pub {name}: {ty},");
        }
        s.push_str("}\n\n");
        let _ = writeln!(
            s,
            "fn rt{i}(bytes: &[u8]) -> usize {{\n    match {decode}::<S{i}>(bytes) {{\n        \
             Ok(v) => {encode}(&v).map_or(0, |b| b.len()),\n        Err(_) => 0,\n    }}\n}}\n"
        );
    }
    if structs.is_empty() {
        let _ = writeln!(
            s,
            "fn rt_base(bytes: &[u8]) -> usize {{\n    match {decode}::<u32>(bytes) {{\n        \
             Ok(v) => {encode}(&v).map_or(0, |b| b.len()),\n        Err(_) => 0,\n    }}\n}}\n"
        );
    }
    let fns: Vec<String> = if structs.is_empty() {
        vec!["rt_base".into()]
    } else {
        (0..structs.len()).map(|i| format!("rt{i}")).collect()
    };
    let _ = writeln!(s, "static ROUND_TRIPS: [fn(&[u8]) -> usize; {}] = [", fns.len());
    for f in &fns {
        let _ = writeln!(s, "    {f},");
    }
    s.push_str("];\n\n");
    s.push_str(
        "fn main() {\n    // Input the compiler cannot see: every round trip is kept and instantiated.\n    \
         let input: Vec<u8> = std::env::args().nth(1).map(String::into_bytes).unwrap_or_default();\n    \
         let mut total = 0usize;\n    for f in ROUND_TRIPS {\n        \
         total += f(std::hint::black_box(&input));\n    }\n    println!(\"{total}\");\n}\n",
    );
    s
}

fn cargo_toml(side: Side, empty: bool, core_path: &Path) -> String {
    let deps = match side {
        Side::Ours => format!(
            "msgpack-core = {{ path = {:?}, default-features = false, features = [\"std\", \"derive\"] }}\n",
            core_path.display().to_string()
        ),
        Side::Serde => "serde = { version = \"1\", features = [\"derive\"] }\nrmp-serde = \"1\"\n".to_string(),
    };
    format!(
        "# Generated by msgpack-bench's derive-cost; not part of the msgpack-core workspace.\n\
         [package]\nname = \"{}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\n{deps}\n[workspace]\n",
        side.package(empty)
    )
}

// ---------------------------------------------------------------------------
// Running cargo

struct Env {
    cargo: OsString,
    offline: bool,
    root: PathBuf,
}

impl Env {
    fn crate_dir(&self, side: Side, empty: bool) -> PathBuf {
        self.root.join(format!("{}{}", side.dir_name(), if empty { "-empty" } else { "" }))
    }

    fn target_dir(&self, side: Side) -> PathBuf {
        self.root.join(format!("target-{}", side.dir_name()))
    }

    /// Run `cargo <args>` on one generated crate; the wall time on success.
    fn cargo(&self, side: Side, empty: bool, args: &[&str]) -> Result<Duration, String> {
        let manifest = self.crate_dir(side, empty).join("Cargo.toml");
        let mut cmd = Command::new(&self.cargo);
        cmd.args(args)
            .arg("--quiet")
            .arg("--manifest-path")
            .arg(&manifest)
            .env_remove("CARGO_TARGET_DIR")
            .env_remove("CARGO_BUILD_TARGET_DIR");
        if args[0] != "fetch" {
            cmd.arg("--target-dir").arg(self.target_dir(side));
        }
        if self.offline {
            cmd.arg("--offline");
        }
        let start = Instant::now();
        let out = cmd.output().map_err(|e| format!("cannot run cargo: {e}"))?;
        let took = start.elapsed();
        if !out.status.success() {
            return Err(format!(
                "`cargo {}` failed for {}:\n{}",
                args.join(" "),
                manifest.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(took)
    }

    fn build(&self, side: Side, empty: bool, profile: Profile) -> Result<Duration, String> {
        let mut args = vec!["build"];
        args.extend_from_slice(profile.flags());
        self.cargo(side, empty, &args)
    }

    /// `cargo clean -p <crate>` then a timed build: the leaf crate alone.
    fn leaf_build(&self, side: Side, empty: bool, profile: Profile) -> Result<Duration, String> {
        let pkg = side.package(empty);
        let mut args = vec!["clean", "-p", pkg.as_str()];
        args.extend_from_slice(profile.flags());
        self.cargo(side, empty, &args)?;
        self.build(side, empty, profile)
    }

    fn binary(&self, side: Side, empty: bool, profile: Profile) -> PathBuf {
        self.target_dir(side).join(profile.name()).join(format!("{}{}", side.bin_name(empty), env::consts::EXE_SUFFIX))
    }
}

// ---------------------------------------------------------------------------
// Section sizes

/// Sizes of the named sections of an ELF64 file (either byte order), from its section headers.
fn elf_sections(data: &[u8]) -> Result<Vec<(String, u64)>, String> {
    if data.len() < 64 || &data[..4] != b"\x7fELF" {
        return Err("not an ELF file".into());
    }
    if data[4] != 2 {
        return Err("not a 64-bit ELF file".into());
    }
    let le = match data[5] {
        1 => true,
        2 => false,
        _ => return Err("bad ELF byte order".into()),
    };
    let bytes = |at: usize, n: usize| -> Result<u64, String> {
        let b = data.get(at..at + n).ok_or("truncated ELF file")?;
        let mut v = 0u64;
        for i in 0..n {
            let byte = if le { b[n - 1 - i] } else { b[i] };
            v = (v << 8) | u64::from(byte);
        }
        Ok(v)
    };
    let shoff = bytes(0x28, 8)? as usize;
    let shentsize = bytes(0x3A, 2)? as usize;
    let mut shnum = bytes(0x3C, 2)? as usize;
    let mut shstrndx = bytes(0x3E, 2)? as usize;
    if shoff == 0 || shentsize < 64 {
        return Err("no ELF section headers".into());
    }
    if shnum == 0 {
        shnum = bytes(shoff + 32, 8)? as usize; // extended numbering: sh_size of section 0
    }
    if shstrndx == 0xFFFF {
        shstrndx = bytes(shoff + 40, 4)? as usize; // sh_link of section 0
    }
    let header = |i: usize| shoff + i * shentsize;
    let strtab_off = bytes(header(shstrndx) + 24, 8)? as usize;
    let strtab_len = bytes(header(shstrndx) + 32, 8)? as usize;
    let strtab = data.get(strtab_off..strtab_off + strtab_len).ok_or("truncated section name table")?;
    (0..shnum)
        .map(|i| {
            let name_off = bytes(header(i), 4)? as usize;
            let name = strtab.get(name_off..).ok_or("bad section name offset")?;
            let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
            Ok((String::from_utf8_lossy(&name[..end]).into_owned(), bytes(header(i) + 32, 8)?))
        })
        .collect()
}

/// Section sizes from `size -A` (for non-ELF64 binaries).
fn size_a(path: &Path) -> Result<Vec<(String, u64)>, String> {
    let out = Command::new("size").arg("-A").arg(path).output().map_err(|e| format!("cannot run size -A: {e}"))?;
    if !out.status.success() {
        return Err(format!("size -A failed: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let (name, size) = (w.next()?, w.next()?.parse().ok()?);
            name.starts_with('.').then(|| (name.to_string(), size))
        })
        .collect())
}

/// `.text` and `.rodata` sizes of a binary.
#[derive(Clone, Copy, Default)]
struct CodeSize {
    text: u64,
    rodata: u64,
    file: u64,
}

fn code_size(path: &Path) -> Result<CodeSize, String> {
    let data = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let sections = elf_sections(&data).or_else(|elf_err| size_a(path).map_err(|e| format!("{elf_err}; {e}")))?;
    let sum = |name: &str| sections.iter().filter(|(n, _)| n == name).map(|(_, s)| s).sum();
    Ok(CodeSize { text: sum(".text"), rodata: sum(".rodata"), file: data.len() as u64 })
}

// ---------------------------------------------------------------------------
// Report

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 10.0 { format!("{s:.1} s") } else { format!("{s:.2} s") }
}

fn ms(seconds: f64) -> String {
    format!("{:.1} ms", seconds * 1e3)
}

fn kib(bytes: f64) -> String {
    if bytes.abs() >= 1024.0 * 1024.0 {
        format!("{:.2} MiB", bytes / (1024.0 * 1024.0))
    } else if bytes.abs() >= 10.0 * 1024.0 {
        format!("{:.0} KiB", bytes / 1024.0)
    } else {
        format!("{:.1} KiB", bytes / 1024.0)
    }
}

fn bytes_per(bytes: f64) -> String {
    if bytes.abs() >= 10_000.0 { format!("{:.1} KiB", bytes / 1024.0) } else { format!("{bytes:.0} B") }
}

fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 { format!("{:.2}", a / b) } else { "n/a".into() }
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
    fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| env::consts::ARCH.to_string())
}

/// A measurement per side, in the order of [`SIDES`].
type PerSide<T> = [T; 2];

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

    // Generate the crates.
    let structs = generate_structs(opts.structs);
    let n_fields: usize = structs.iter().map(|s| s.fields.len()).sum();
    eprintln!("derive-cost: {} structs ({n_fields} fields) in {}", structs.len(), env.root.display());
    for side in SIDES {
        for empty in [false, true] {
            let dir = env.crate_dir(side, empty);
            fs::create_dir_all(dir.join("src")).map_err(|e| format!("{}: {e}", dir.display()))?;
            let src = main_rs(side, if empty { &[] } else { &structs });
            let write = |p: PathBuf, c: &[u8]| fs::write(&p, c).map_err(|e| format!("{}: {e}", p.display()));
            write(dir.join("Cargo.toml"), cargo_toml(side, empty, &core_path).as_bytes())?;
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

    // 1. Clean builds (this also builds the dependencies for what follows).
    let mut clean: Vec<PerSide<Duration>> = Vec::new();
    for profile in PROFILES {
        let mut t = [Duration::ZERO; 2];
        for (i, side) in SIDES.into_iter().enumerate() {
            let dir = env.target_dir(side).join(profile.name());
            if dir.exists() {
                fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            eprintln!("derive-cost: clean {} build, {:?}", profile.name(), side);
            t[i] = env.build(side, false, profile)?;
            eprintln!("derive-cost:   {}", secs(t[i]));
            env.build(side, true, profile)?;
        }
        clean.push(t);
    }
    let noop = env.build(Side::Ours, false, Profile::Debug)?;

    // 2. Leaf crate rebuilds, sides interleaved.
    let mut leaf: Vec<(PerSide<Duration>, PerSide<Duration>)> = Vec::new();
    for profile in PROFILES {
        let mut full: PerSide<Vec<Duration>> = [Vec::new(), Vec::new()];
        let mut empty: PerSide<Vec<Duration>> = [Vec::new(), Vec::new()];
        for run in 1..=opts.runs {
            for (i, side) in SIDES.into_iter().enumerate() {
                eprint!("derive-cost: leaf {} build {run}/{}, {:?}: ", profile.name(), opts.runs, side);
                let t = env.leaf_build(side, false, profile)?;
                let e = env.leaf_build(side, true, profile)?;
                eprintln!("{} (empty crate {})", secs(t), secs(e));
                full[i].push(t);
                empty[i].push(e);
            }
        }
        let [f0, f1] = full;
        let [e0, e1] = empty;
        leaf.push(([median(f0), median(f1)], [median(e0), median(e1)]));
    }

    // 3. Code size of the release binaries.
    let mut size: PerSide<(CodeSize, CodeSize)> = Default::default();
    for (i, side) in SIDES.into_iter().enumerate() {
        size[i] = (
            code_size(&env.binary(side, false, Profile::Release))?,
            code_size(&env.binary(side, true, Profile::Release))?,
        );
    }
    // Sanity: each binary runs (every round trip fails on the empty input and returns 0).
    for side in SIDES {
        let bin = env.binary(side, false, Profile::Release);
        let out = Command::new(&bin).output().map_err(|e| format!("{}: {e}", bin.display()))?;
        if !out.status.success() || String::from_utf8_lossy(&out.stdout).trim() != "0" {
            return Err(format!("{} did not run as expected", bin.display()));
        }
    }

    // Report.
    let n = structs.len() as f64;
    println!("## What the derive costs: {} structs ({n_fields} fields)\n", structs.len());
    println!("- {}; {}", rustc_version(), cpu_model());
    println!(
        "- leaf builds: median of {} run(s) of `cargo clean -p` + `cargo build`; a no-op `cargo build` takes {}",
        opts.runs,
        secs(noop)
    );
    println!("- clean builds: one run each, the crate and all its dependencies from an empty target directory");
    println!("- per struct: (crate with the structs − the same crate without them) / {}\n", structs.len());
    println!("| | ours (derive) | serde_derive + rmp-serde | ratio |");
    println!("|---|---:|---:|---:|");
    let row = |label: &str, a: String, b: String, r: String| println!("| {label} | {a} | {b} | {r} |");
    for (p, profile) in PROFILES.into_iter().enumerate() {
        let (full, empty) = leaf[p];
        row(
            &format!("leaf crate build, {}", profile.name()),
            secs(full[0]),
            secs(full[1]),
            ratio(full[0].as_secs_f64(), full[1].as_secs_f64()),
        );
        let per = |i: usize| (full[i].as_secs_f64() - empty[i].as_secs_f64()) / n;
        row(&format!("leaf build per struct, {}", profile.name()), ms(per(0)), ms(per(1)), ratio(per(0), per(1)));
    }
    for (p, profile) in PROFILES.into_iter().enumerate() {
        let t = clean[p];
        row(
            &format!("clean build with deps, {}", profile.name()),
            secs(t[0]),
            secs(t[1]),
            ratio(t[0].as_secs_f64(), t[1].as_secs_f64()),
        );
    }
    let text = |i: usize| size[i].0.text as f64;
    let text_per = |i: usize| (size[i].0.text as f64 - size[i].1.text as f64) / n;
    let ro_per = |i: usize| (size[i].0.rodata as f64 - size[i].1.rodata as f64) / n;
    let file = |i: usize| size[i].0.file as f64;
    row(".text, release binary", kib(text(0)), kib(text(1)), ratio(text(0), text(1)));
    row(".text per struct, release", bytes_per(text_per(0)), bytes_per(text_per(1)), ratio(text_per(0), text_per(1)));
    row(".rodata per struct, release", bytes_per(ro_per(0)), bytes_per(ro_per(1)), ratio(ro_per(0), ro_per(1)));
    row(
        ".text, empty crate (runtime)",
        kib(size[0].1.text as f64),
        kib(size[1].1.text as f64),
        ratio(size[0].1.text as f64, size[1].1.text as f64),
    );
    row("release binary file size", kib(file(0)), kib(file(1)), ratio(file(0), file(1)));
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
