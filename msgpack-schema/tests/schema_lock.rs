//! Schema lock files at test time: check, bless, break, diffs, bad files
//! (`msgpack_schema::lock`); the compile-time side is in
//! `msgpack-derive/tests/compile_fail.rs` (trybuild, `tests/ui_lock`).

use std::path::PathBuf;

use msgpack_core::MsgPack;
use msgpack_core::schema::Schema;
use msgpack_schema::lock::{self, Action, Direction, LockErrorKind, Mode, Options, Status, verify};

/// A fresh directory under the target directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("schema_lock").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn opts(action: Action) -> Options {
    Options { action, new_mode: Mode { direction: Direction::Backward, last: None } }
}

mod v1 {
    use super::MsgPack;
    #[derive(MsgPack)]
    pub(crate) struct User {
        pub(crate) id: u64,
        pub(crate) name: String,
    }
}

mod v2 {
    use super::MsgPack;
    #[derive(MsgPack)]
    pub(crate) struct User {
        pub(crate) id: u64,
        pub(crate) name: String,
        pub(crate) email: Option<String>,
        #[msgpack(default)]
        pub(crate) role: Role,
    }

    #[derive(MsgPack, Default)]
    #[msgpack(rename_all = "lowercase")]
    pub(crate) enum Role {
        Admin,
        #[default]
        Guest,
    }
}

mod v3_bad {
    use super::MsgPack;
    /// `email` became required: old messages do not have it.
    #[derive(MsgPack)]
    pub(crate) struct User {
        pub(crate) id: u64,
        pub(crate) name: String,
        pub(crate) email: String,
    }
}

mod v_two {
    use super::MsgPack;
    /// Two incompatibilities with v1: `id` narrowed, `email` required.
    #[derive(MsgPack)]
    pub(crate) struct User {
        pub(crate) id: u32,
        pub(crate) name: String,
        pub(crate) email: String,
    }
}

mod renamed {
    use super::MsgPack;
    /// v1 under another Rust name, with a renamed Rust field keeping its key.
    #[derive(MsgPack)]
    pub(crate) struct Account {
        pub(crate) id: u64,
        #[msgpack(rename = "name")]
        pub(crate) display_name: String,
    }
}

#[test]
fn missing_file_is_an_error_under_check_and_created_by_bless() {
    let dir = scratch("missing");
    let path = dir.join("User.msgpack-schema");
    let p = path.to_str().unwrap();
    let err = verify(v1::User::SHAPE.get(), p, &opts(Action::Check)).unwrap_err();
    assert_eq!(err.kind(), LockErrorKind::Missing);
    assert!(err.message().contains("MSGPACK_SCHEMA=bless"), "{err}");
    assert!(!path.exists(), "check must never write");

    let st = verify(v1::User::SHAPE.get(), p, &opts(Action::Bless)).unwrap();
    assert_eq!(st, Status::Recorded { version: 1, created: true });
    let text = std::fs::read_to_string(&path).unwrap();
    let fp = v1::User::SHAPE.get().fingerprint();
    assert!(text.ends_with(&format!(
        "msgpack-schema-lock 1\nmode backward\n\nversion 1 fingerprint 0x{fp:016x}\nUser = map {{\n    \"id\": u64,\n    \"name\": str,\n}}\n"
    )), "{text}");
    // Now it is the latest version.
    assert_eq!(verify(v1::User::SHAPE.get(), p, &opts(Action::Check)).unwrap(), Status::Unchanged { version: 1 });
    // Renaming the type or a Rust field (keeping the key) changes nothing.
    assert_eq!(
        verify(renamed::Account::SHAPE.get(), p, &opts(Action::Check)).unwrap(),
        Status::Unchanged { version: 1 }
    );
}

#[test]
fn a_changed_schema_fails_with_a_diff_and_bless_appends_it() {
    let dir = scratch("diff");
    let path = dir.join("User.msgpack-schema");
    let p = path.to_str().unwrap();
    verify(v1::User::SHAPE.get(), p, &opts(Action::Bless)).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();

    let err = verify(v2::User::SHAPE.get(), p, &opts(Action::Check)).unwrap_err();
    assert_eq!(err.kind(), LockErrorKind::Changed);
    let msg = err.message();
    assert!(msg.contains("User is not the latest recorded version (version 1); what changed:"), "{msg}");
    assert!(msg.contains("    + User.\"email\": Option<str> (default)\n"), "{msg}");
    assert!(msg.contains("    + User.\"role\": Role (default)\n"), "{msg}");
    assert!(msg.contains("MSGPACK_SCHEMA=bless"), "{msg}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before, "check must never write");

    let st = verify(v2::User::SHAPE.get(), p, &opts(Action::Bless)).unwrap();
    assert_eq!(st, Status::Recorded { version: 2, created: false });
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(after.starts_with(&before), "versions are append-only");
    assert!(after.contains("\nversion 2 fingerprint 0x"), "{after}");
    assert!(after.contains("Role = enum {\n    \"admin\",\n    \"guest\",\n}\n"), "{after}");
    assert_eq!(verify(v2::User::SHAPE.get(), p, &opts(Action::Check)).unwrap(), Status::Unchanged { version: 2 });
    // The file reads back: two versions, fingerprints verified.
    let shapes = lock::shapes(&after).unwrap();
    assert_eq!(shapes.len(), 2);
    assert_eq!(shapes[1].1.fingerprint(), v2::User::SHAPE.get().fingerprint());
}

#[test]
fn bless_refuses_an_incompatible_change_and_break_records_it_with_the_reason() {
    let dir = scratch("break");
    let path = dir.join("User.msgpack-schema");
    let p = path.to_str().unwrap();
    verify(v1::User::SHAPE.get(), p, &opts(Action::Bless)).unwrap();
    verify(v2::User::SHAPE.get(), p, &opts(Action::Bless)).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();

    let err = verify(v3_bad::User::SHAPE.get(), p, &opts(Action::Bless)).unwrap_err();
    assert_eq!(err.kind(), LockErrorKind::Incompatible);
    let msg = err.message();
    assert!(msg.contains("refusing to record User as version 3"), "{msg}");
    assert!(
        msg.contains(&format!("User cannot read User@1 ({p}): rule required-field-added: field \"email\"")),
        "{msg}"
    );
    assert!(msg.contains(&format!("User cannot read User@2 ({p}): rule ")), "{msg}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);

    let st =
        verify(v3_bad::User::SHAPE.get(), p, &opts(Action::Break("email is mandatory from now on".into()))).unwrap();
    assert_eq!(st, Status::Recorded { version: 3, created: false });
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(after.contains("break \"email is mandatory from now on\"\n"), "{after}");
    assert_eq!(verify(v3_bad::User::SHAPE.get(), p, &opts(Action::Check)).unwrap(), Status::Unchanged { version: 3 });
}

/// Under `check` and `bless`, the message lists every incompatibility of
/// each failing version, the lines after the first indented beneath it.
#[test]
fn test_time_messages_list_every_incompatibility() {
    let dir = scratch("every");
    let path = dir.join("User.msgpack-schema");
    let p = path.to_str().unwrap();
    verify(v1::User::SHAPE.get(), p, &opts(Action::Bless)).unwrap();
    let first = format!(
        "\n    User cannot read User@1 ({p}): rule integer-narrowed: field \"id\": u32 cannot hold every u64\n"
    );
    let second = "\n      rule required-field-added: field \"email\" is required in User but User@1 never writes it\n";

    let err = verify(v_two::User::SHAPE.get(), p, &opts(Action::Check)).unwrap_err();
    assert_eq!(err.kind(), LockErrorKind::Changed);
    let msg = err.message();
    assert!(msg.contains("what changed:\n    ~ User.\"id\": u64 -> u32\n    + User.\"email\": str\n"), "{msg}");
    assert!(msg.contains("incompatible under `mode backward` (`bless` refuses it"), "{msg}");
    assert!(msg.contains(&format!("{first}{}", &second[1..])), "{msg}");

    let err = verify(v_two::User::SHAPE.get(), p, &opts(Action::Bless)).unwrap_err();
    assert_eq!(err.kind(), LockErrorKind::Incompatible);
    let msg = err.message();
    assert!(msg.contains(&format!("{first}{}", &second[1..])), "{msg}");
}

#[test]
fn forward_mode_checks_old_readers() {
    let dir = scratch("forward");
    let path = dir.join("User.msgpack-schema");
    let p = path.to_str().unwrap();
    let forward = Options { action: Action::Bless, new_mode: Mode { direction: Direction::Forward, last: None } };
    verify(v2::User::SHAPE.get(), p, &forward).unwrap();
    assert!(std::fs::read_to_string(&path).unwrap().contains("\nmode forward\n"));
    // v1's messages lack `email`/`role`: the v2 reader has defaults, so
    // forward (old reader v2 reads new writer v1) holds.
    assert_eq!(verify(v1::User::SHAPE.get(), p, &forward).unwrap(), Status::Recorded { version: 2, created: false });
    // v3 writes `email` as a str; v2 reads it as Option<str>: fine forward.
    assert!(verify(v3_bad::User::SHAPE.get(), p, &forward).is_ok());
}

#[test]
fn malformed_files_name_the_line() {
    let dir = scratch("malformed");
    let path = dir.join("Bad.msgpack-schema");
    let p = path.to_str().unwrap();
    std::fs::write(
        &path,
        "msgpack-schema-lock 1\nmode backward\n\nversion 1 fingerprint 0x1\nUser = map {\n    \"id\" u64,\n}\n",
    )
    .unwrap();
    let err = verify(v1::User::SHAPE.get(), p, &opts(Action::Check)).unwrap_err();
    assert_eq!(err.kind(), LockErrorKind::Malformed);
    assert_eq!(err.message(), format!("{p}:6: expected `:`, found `u64`\n    6 |     \"id\" u64,"));

    std::fs::write(&path, "msgpack-schema-lock 2\n").unwrap();
    let err = verify(v1::User::SHAPE.get(), p, &opts(Action::Bless)).unwrap_err();
    assert!(err.message().contains("unknown lock file format 2"), "{err}");

    // An edited version: the fingerprint no longer matches.
    let fp = v1::User::SHAPE.get().fingerprint();
    std::fs::write(&path, format!("msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x{fp:016x}\nUser = map {{ \"id\": u32, \"name\": str }}\n")).unwrap();
    let err = verify(v1::User::SHAPE.get(), p, &opts(Action::Check)).unwrap_err();
    assert_eq!(err.kind(), LockErrorKind::Malformed);
    assert!(err.message().contains(":3: version 1: the recorded fingerprint"), "{err}");
}

#[test]
fn environment_is_validated() {
    assert!(Options::parse(Some("break"), Some("  "), None).is_err());
    assert_eq!(
        Options::parse(None, None, Some("full last 2")).unwrap().new_mode,
        Mode { direction: Direction::Full, last: Some(2) }
    );
    assert!(Options::parse(None, None, Some("full last 0")).is_err());
}

/// A type locked by the derive: the compiler checks it against the
/// committed `tests/schemas/Order.msgpack-schema` (three versions), and
/// this test checks that it is the latest one.
#[derive(MsgPack)]
#[msgpack(schema_lock = "tests/schemas/Order.msgpack-schema")]
struct Order {
    id: u64,
    #[msgpack(rename = "items")]
    lines: Vec<Line>,
    #[msgpack(default)]
    note: Option<String>,
    #[msgpack(default)]
    status: Status2,
}

#[derive(MsgPack)]
struct Line {
    sku: String,
    qty: u32,
}

#[derive(MsgPack, Default)]
#[msgpack(tag = "state")]
enum Status2 {
    #[default]
    Open,
    Shipped {
        at: u64,
    },
}

#[test]
fn the_committed_lock_file_holds_the_latest_version() {
    lock::check::<Order>("tests/schemas/Order.msgpack-schema");
    msgpack_schema::check_all!(Order);
    assert_eq!(<Order as lock::Locked>::LOCK_PATH, "tests/schemas/Order.msgpack-schema");
}

mod generic_recursive {
    use super::MsgPack;
    /// A generic type that contains itself: its descriptor uses `Recur`.
    #[derive(MsgPack)]
    pub(crate) struct Tree<T> {
        pub(crate) value: T,
        pub(crate) children: Vec<Tree<T>>,
    }

    #[derive(MsgPack)]
    pub(crate) struct Forest {
        pub(crate) trees: Vec<Tree<u32>>,
        pub(crate) labels: Tree<String>,
    }
}

#[test]
fn recursive_and_generic_types_round_trip_through_the_file() {
    let dir = scratch("recursive");
    let path = dir.join("Forest.msgpack-schema");
    let p = path.to_str().unwrap();
    let shape = generic_recursive::Forest::SHAPE.get();
    verify(shape, p, &opts(Action::Bless)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("Forest = map {\n    \"trees\": [Tree],\n    \"labels\": Tree#2,\n}\nTree = map {\n    \"value\": u32,\n    \"children\": [Tree],\n}\nTree#2 = map {\n    \"value\": str,\n    \"children\": [Tree#2],\n}\n"), "{text}");
    assert_eq!(verify(shape, p, &opts(Action::Check)).unwrap(), Status::Unchanged { version: 1 });
    // Blessing the same schema again changes nothing; a compatible change checks the recursion.
    assert_eq!(verify(shape, p, &opts(Action::Bless)).unwrap(), Status::Unchanged { version: 1 });
    let _ = lock::shapes(&text).unwrap();
}

/// The compiler's side of the same: the recorded `Tree` definitions become
/// `static`s referring to themselves, whose fingerprint is the recorded one.
#[derive(MsgPack)]
#[msgpack(schema_lock = "tests/schemas/Forest.msgpack-schema")]
struct LockedForest {
    trees: Vec<generic_recursive::Tree<u32>>,
    labels: generic_recursive::Tree<String>,
}

#[test]
fn a_locked_type_holding_a_generic_recursive_type() {
    lock::check::<LockedForest>("tests/schemas/Forest.msgpack-schema");
}

#[test]
fn a_lock_file_that_fans_out_exponentially_is_refused_not_expanded() {
    // Each definition refers twice to the next; the last refers back to
    // the first, so nothing can be shared: 2^40 descriptors if expanded.
    let mut text = String::from("msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x0\n");
    for i in 0..40 {
        text.push_str(&format!("A{i} = map {{ \"a\": A{n}, \"b\": A{n} }}\n", n = i + 1));
    }
    text.push_str("A40 = map { \"x\": Option<A0> }\n");
    let err = lock::shapes(&text).unwrap_err();
    assert_eq!(err.kind(), LockErrorKind::Malformed);
    assert!(err.message().contains("expands to more than"), "{err}");
}
