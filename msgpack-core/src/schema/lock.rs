//! The compile-time side of schema lock files: what
//! `#[derive(MsgPack)]` generates for `#[msgpack(schema_lock = "...")]`
//! refers to.
//!
//! A lock file keeps every recorded version of a message type as data,
//! beside the code. With the attribute, the derive reads the file
//! (relative to `CARGO_MANIFEST_DIR`; an edit of the file rebuilds the
//! crate), turns every recorded version into `const` descriptors, and
//! checks the type against them with [`check`](crate::schema::check) in the
//! compiler's const evaluator, under the file's mode. A failure is a build
//! error naming the pair, the [rule](crate::schema::Rule) and the path:
//! `User cannot read User@2 (schemas/User.msgpack-schema): rule
//! required-field-added: field "email" is required in User but User@2
//! never writes it`, then a line for each other incompatibility with that
//! version (`  rule ID: path: reason`) and a last line saying how to
//! record a deliberate break. Each recorded version and direction is a
//! `const` of its own, so every failing one is its own error in the same
//! build. A file that does not exist yet is not an error; a malformed one
//! is, pointing at the attribute and quoting the file's line. This needs
//! nothing but this crate.
//!
//! With `MSGPACK_SCHEMA=break` set (to record a deliberate break, see
//! below), the versions are not checked, so that the build passes and the
//! test can record the break; the fingerprints still are. The generated
//! code reads the variable with `option_env!`, so cargo rebuilds the
//! crate when it changes (every crate with a locked type, when it is set
//! or unset). `MSGPACK_SCHEMA=bless` checks as without the variable: an
//! incompatible type fails the build, and `bless` never records one.
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use msgpack_core::MsgPack;
//! use msgpack_core::schema::lock::Locked;
//!
//! #[derive(MsgPack)]
//! #[msgpack(schema_lock = "schemas/DoesNotExistYet.msgpack-schema")]
//! struct User { id: u64, name: String }
//!
//! assert_eq!(User::LOCK_PATH, "schemas/DoesNotExistYet.msgpack-schema");
//! # }
//! ```
//!
//! Recording versions, the test that checks a type against its file
//! (`msgpack_schema::lock::check::<User>(path)`, `msgpack_schema::check_all!`),
//! the `MSGPACK_SCHEMA=bless|break` workflow, the modes and the file's
//! grammar are in the [`msgpack-schema`](https://docs.rs/msgpack-schema)
//! crate (`msgpack_schema::lock`), usually a dev-dependency:
//!
//! ```toml
//! [dev-dependencies]
//! msgpack-schema = "0.1"
//! ```

use super::Schema;

/// A type whose schema is locked (`#[msgpack(schema_lock = "...")]`):
/// the derive implements it, with the path as written.
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use msgpack_core::MsgPack;
/// use msgpack_core::schema::lock::Locked;
///
/// #[derive(MsgPack)]
/// #[msgpack(schema_lock = "schemas/DoesNotExistYet.msgpack-schema")]
/// struct Ping { seq: u32 }
///
/// assert_eq!(Ping::LOCK_PATH, "schemas/DoesNotExistYet.msgpack-schema");
/// # }
/// ```
pub trait Locked: Schema {
    /// The lock file, relative to the crate's `CARGO_MANIFEST_DIR`.
    const LOCK_PATH: &'static str;
}
