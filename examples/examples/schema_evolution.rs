//! Schema evolution checked by the compiler: version 1 and version 2 of a
//! message, `assert_compatible!` in both directions, then old bytes read by
//! the new type and new bytes read by the old type. Then the way types
//! really change, in place: `locked::User` with a lock file that keeps its
//! old versions as data (`examples/schemas/User.msgpack-schema`).
//!
//! # Evolving a type in place with a lock file
//!
//! 1. Version 1 was `User { id: u64, name: String }` with
//!    `#[msgpack(schema_lock = "schemas/User.msgpack-schema")]`. The file
//!    did not exist, so the build passed; `MSGPACK_SCHEMA=bless
//!    MSGPACK_SCHEMA_MODE=full cargo test` (a test calling
//!    `msgpack_schema::lock::check::<User>`, from the `msgpack-schema`
//!    dev-dependency; here `main` calls `verify`) created it
//!    with version 1, in `full` mode: new code reads old messages and old
//!    code reads new ones.
//! 2. Version 2 added `email: Option<String>`. The test failed, listing
//!    `+ User."email": Option<str> (default)`, until blessed again:
//!    compatible both ways, so it was appended as version 2.
//! 3. Version 3 added `#[msgpack(default)] role: Role`, blessed likewise.
//!
//! Try breaking it: make `email` in `locked::User` a plain `String`, and the
//! build fails with
//! `User cannot read User@1 (schemas/User.msgpack-schema): rule required-field-added: field "email" is required in User but User@1 never writes it`:
//! the lock file did what `v1::User` does below, without keeping `v1` in the code.
//!
//! Run: `cargo run -p msgpack-examples --example schema_evolution`
//!
//! Try breaking it: make `email` in `v2::User` a plain `String` (required),
//! and the build fails with
//! `User cannot read User: rule required-field-added: field "email" is required in User but User never writes it`.

use msgpack_core::schema::{Schema, fingerprint_of};
use msgpack_core::{MsgPack, assert_compatible};

mod v1 {
    use super::MsgPack;

    /// What the deployed services write today.
    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct User {
        pub(crate) id: u32,
        pub(crate) name: String,
        pub(crate) role: Role,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(rename_all = "lowercase")]
    pub(crate) enum Role {
        Admin,
        Member,
        /// Catches roles added by later versions.
        #[msgpack(other)]
        Unknown,
    }
}

mod v2 {
    use super::MsgPack;

    /// The next release: a wider id, a new optional field, a new field with
    /// a default, and a new role.
    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct User {
        pub(crate) id: u64,
        pub(crate) name: String,
        pub(crate) role: Role,
        pub(crate) email: Option<String>,
        #[msgpack(default)]
        pub(crate) logins: u32,
    }

    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(rename_all = "lowercase")]
    pub(crate) enum Role {
        Admin,
        Member,
        Guest,
        #[msgpack(other)]
        Unknown,
    }
}

// New code must read old messages (rolling upgrade: old writers, new
// readers)...
assert_compatible!(v2::User, v1::User);

// ...but v1 cannot read v2: `id` is now a u64, which a u32 cannot hold.
// Uncommenting this line fails the build with
// `User cannot read User: rule integer-narrowed: field "id": u32 cannot hold every u64`.
// assert_compatible!(v1::User, v2::User);

/// The subset both versions can exchange in both directions: v2 writers
/// that keep ids in the u32 range could use a `u32` field, e.g.
mod v2_compat {
    use super::MsgPack;

    #[derive(MsgPack, Debug, PartialEq)]
    pub(crate) struct User {
        pub(crate) id: u32,
        pub(crate) name: String,
        pub(crate) role: super::v2::Role,
        pub(crate) email: Option<String>,
        #[msgpack(default)]
        pub(crate) logins: u32,
    }
}

// Mutually readable: v1 skips `email` and `logins`, and maps `guest` to
// `Unknown` through its `other` variant.
assert_compatible!(v2_compat::User <=> v1::User);

/// The same message evolved in place, checked against its lock file.
mod locked {
    use super::MsgPack;

    /// Version 3 (see the module docs for 1 and 2).
    #[derive(MsgPack, Debug, PartialEq)]
    #[msgpack(schema_lock = "schemas/User.msgpack-schema")]
    pub(crate) struct User {
        pub(crate) id: u64,
        pub(crate) name: String,
        pub(crate) email: Option<String>,
        #[msgpack(default)]
        pub(crate) role: Role,
    }

    #[derive(MsgPack, Debug, PartialEq, Default)]
    #[msgpack(rename_all = "lowercase")]
    pub(crate) enum Role {
        Admin,
        #[default]
        Member,
        #[msgpack(other)]
        Unknown,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Old bytes, new reader: the new fields take their defaults.
    let old = v1::User { id: 7, name: "ada".into(), role: v1::Role::Admin };
    let old_bytes = msgpack_core::to_vec(&old)?;
    let read_by_new: v2::User = msgpack_core::from_slice(&old_bytes)?;
    println!("v1 bytes: {}", hex(&old_bytes));
    println!("  read by v2: {read_by_new:?}");
    assert_eq!(read_by_new, v2::User { id: 7, name: "ada".into(), role: v2::Role::Admin, email: None, logins: 0 });

    // New bytes, old reader: unknown fields are skipped, the unknown role
    // lands in `other`.
    let new = v2_compat::User {
        id: 8,
        name: "grace".into(),
        role: v2::Role::Guest,
        email: Some("grace@example.com".into()),
        logins: 3,
    };
    let new_bytes = msgpack_core::to_vec(&new)?;
    let read_by_old: v1::User = msgpack_core::from_slice(&new_bytes)?;
    println!("v2 bytes: {}", hex(&new_bytes));
    println!("  read by v1: {read_by_old:?}");
    assert_eq!(read_by_old, v1::User { id: 8, name: "grace".into(), role: v1::Role::Unknown });

    // The descriptors print, e.g. for a handshake log, and fingerprint: a
    // peer announcing the same fingerprint speaks the same wire schema.
    println!("\nv2 schema:\n{}", v2::User::SHAPE.get());
    let (f1, f2) = (fingerprint_of::<v1::User>(), fingerprint_of::<v2::User>());
    println!("\nfingerprints: v1 {f1:016x}, v2 {f2:016x}");
    assert_ne!(f1, f2);
    // The check also runs at run time, for schemas learned from a peer.
    let verdict = msgpack_core::schema::check(v1::User::SHAPE.get(), v2::User::SHAPE.get());
    println!("can v1 read v2? {}", verdict.map_or_else(|e| format!("no: {e}"), |()| "yes".into()));
    assert!(verdict.is_err());

    // The lock file: the compiler already checked `locked::User` against
    // its three recorded versions; at run (test) time the schema is the
    // latest one, and a change shows as a diff by path.
    use msgpack_schema::lock::{self, Action, Direction, Mode, Options, Status};
    let check_only = Options { action: Action::Check, new_mode: Mode { direction: Direction::Full, last: None } };
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schemas/User.msgpack-schema");
    let status = lock::verify(locked::User::SHAPE.get(), path, &check_only)?;
    println!(
        "
locked::User against its lock file: {status:?}"
    );
    assert_eq!(status, Status::Unchanged { version: 3 });
    // v2::User is another schema (an `id` / `role` of its own, `logins`):
    // checked against the same file, it fails with what differs.
    let err = lock::verify(v2::User::SHAPE.get(), path, &check_only).unwrap_err();
    println!("v2::User against the same file:\n{err}");
    assert!(err.message().contains("+ User.\"logins\": u32 (default)"));
    Ok(())
}
