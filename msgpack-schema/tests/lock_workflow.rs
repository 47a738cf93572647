//! The schema lock workflow as a user runs it: a scratch crate (in the
//! target directory) with path dependencies on `msgpack-core` and this
//! crate, a `schema_lock` type, and `cargo test` run on it the way the
//! README says: bless version 1, change the type incompatibly (two
//! incompatibilities), see the build fail listing both, record the break
//! with `MSGPACK_SCHEMA=break`, and build and pass again.
//!
//! The scratch crate's builds share one target directory under this
//! crate's (`CARGO_TARGET_TMPDIR`), kept between runs: the first run
//! compiles `msgpack-core` and the derive there (a minute or two on a busy
//! 2-core machine), later runs only the scratch crate (seconds a step).
//! Offline, with the workspace's `Cargo.lock`: every dependency is one the
//! workspace's own build has already fetched.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

const LOCK: &str = "schemas/User.msgpack-schema";

const USER_V1: &str = r#"use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/User.msgpack-schema")]
pub struct User {
    pub id: u64,
    pub name: String,
}
"#;

/// `id` narrowed (integer-narrowed) and a required `email` (required-field-added).
const USER_V2: &str = r#"use msgpack_core::MsgPack;

#[derive(MsgPack)]
#[msgpack(schema_lock = "schemas/User.msgpack-schema")]
pub struct User {
    pub id: u32,
    pub name: String,
    pub email: String,
}
"#;

const TEST: &str = r#"#[test]
fn schemas_are_locked() {
    msgpack_schema::check_all!(lock_workflow_scratch::User);
}
"#;

struct Scratch {
    dir: PathBuf,
    target: PathBuf,
    cargo: std::ffi::OsString,
}

impl Scratch {
    fn new() -> Scratch {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf();
        let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lock_workflow");
        let dir = base.join("crate");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::create_dir_all(dir.join("tests")).unwrap();
        let dep = |name: &str| root.join(name).to_str().expect("a UTF-8 path").to_string();
        let manifest = format!(
            "[package]\nname = \"lock-workflow-scratch\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [dependencies]\nmsgpack-core = {{ path = '{}' }}\n\n\
             [dev-dependencies]\nmsgpack-schema = {{ path = '{}' }}\n\n\
             [workspace]\n",
            dep("msgpack-core"),
            dep("msgpack-schema"),
        );
        std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
        // The workspace's resolution: the same versions, all fetched already.
        std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
        std::fs::write(dir.join("tests/locked.rs"), TEST).unwrap();
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        Scratch { dir, target: base.join("target"), cargo }
    }

    fn write_user(&self, src: &str) {
        std::fs::write(self.dir.join("src/lib.rs"), src).unwrap();
    }

    fn lock(&self) -> String {
        std::fs::read_to_string(self.dir.join(LOCK)).unwrap_or_default()
    }

    /// `cargo SUBCOMMAND` in the scratch crate with only `vars` of the
    /// `MSGPACK_SCHEMA*` variables set.
    fn cargo(&self, subcommand: &[&str], vars: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(&self.cargo);
        cmd.args(subcommand)
            .args(["--offline", "--color", "never"])
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .env_remove("MSGPACK_SCHEMA")
            .env_remove("MSGPACK_SCHEMA_REASON")
            .env_remove("MSGPACK_SCHEMA_MODE");
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let start = Instant::now();
        let out = cmd.output().expect("cargo runs");
        eprintln!("{subcommand:?} {vars:?}: {:?} in {:.1?}", out.status, start.elapsed());
        out
    }
}

fn text(out: &Output) -> String {
    format!("{}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[track_caller]
fn passes(out: &Output) {
    assert!(out.status.success(), "expected success:\n{}", text(out));
}

/// The build failed on the lock check of version 1, listing both
/// incompatibilities with their rule ids in one error.
#[track_caller]
fn fails_on_both(out: &Output) {
    let t = text(out);
    assert!(!out.status.success(), "expected a failed build:\n{t}");
    let first = "User cannot read User@1 (schemas/User.msgpack-schema): rule integer-narrowed: field \"id\": u32 cannot hold every u64";
    let second = "rule required-field-added: field \"email\" is required in User but User@1 never writes it";
    let hint = "MSGPACK_SCHEMA=break MSGPACK_SCHEMA_REASON=\"why\" cargo test";
    for want in [first, second, hint] {
        assert!(t.contains(want), "missing {want:?} in:\n{t}");
    }
    // One error (one recorded version, one direction) holds both.
    let at = t.find(first).unwrap();
    assert!(t[at..].find(second).is_some_and(|i| i < 300), "not in the same error:\n{t}");
}

#[test]
fn bless_change_break_and_pass_again() {
    let started = Instant::now();
    let s = Scratch::new();

    // Version 1, recorded by `bless` (the file does not exist yet).
    s.write_user(USER_V1);
    passes(&s.cargo(&["test"], &[("MSGPACK_SCHEMA", "bless")]));
    let v1 = s.lock();
    assert!(v1.contains("version 1 fingerprint") && v1.contains("\"id\": u64"), "{v1}");
    passes(&s.cargo(&["test"], &[]));

    // Two incompatible changes: the build fails listing both, before any
    // test runs, with and without `bless` (which never records an
    // incompatible version), and nothing is written.
    s.write_user(USER_V2);
    fails_on_both(&s.cargo(&["test"], &[]));
    fails_on_both(&s.cargo(&["test"], &[("MSGPACK_SCHEMA", "bless")]));
    assert_eq!(s.lock(), v1);

    // `break` lets the build through; the variable is tracked, so a
    // build without it is a new build that fails again.
    passes(&s.cargo(&["build", "--tests"], &[("MSGPACK_SCHEMA", "break")]));
    fails_on_both(&s.cargo(&["build", "--tests"], &[]));
    assert_eq!(s.lock(), v1);

    // The documented way: the test records the break, with its reason.
    let reason = "ids are u32 now; every user has an email";
    passes(&s.cargo(&["test"], &[("MSGPACK_SCHEMA", "break"), ("MSGPACK_SCHEMA_REASON", reason)]));
    let v2 = s.lock();
    assert!(v2.starts_with(&v1), "the file is append-only:\n{v2}");
    assert!(v2.contains("version 2 fingerprint") && v2.contains(&format!("break {reason:?}")), "{v2}");
    assert!(v2.contains("\"id\": u32") && v2.contains("\"email\": str"), "{v2}");

    // A plain run builds (version 1 is before the break: no longer
    // checked) and passes (the type is version 2).
    passes(&s.cargo(&["test"], &[]));
    assert_eq!(s.lock(), v2);
    eprintln!("the whole workflow took {:.1?}", started.elapsed());
}
