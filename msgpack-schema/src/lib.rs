//! Schema tooling for [msgpack-core](https://docs.rs/msgpack-core): exports
//! of its wire schemas for other languages, and schema lock files at test
//! time.
//!
//! `msgpack-core` describes every type it encodes with a `const` descriptor
//! ([`Shape`](msgpack_core::schema::Shape), from
//! [`Schema`](msgpack_core::schema::Schema)) and checks compatibility with it
//! at compile time ([`assert_compatible!`](msgpack_core::assert_compatible),
//! the derive's `#[msgpack(schema_lock = "...")]`). This crate holds the
//! tooling built on those descriptors, which programs that only encode and
//! decode do not need to compile:
//!
//! - [`json_schema`] / [`json_schema_of`]: JSON Schema (draft 2020-12) of
//!   the messages as `msgpack-json to-json` prints them.
//! - [`msgspec`] / [`msgspec_of`]: Python [msgspec](https://jcristharif.com/msgspec/)
//!   classes that read and write the same bytes ([`UnsupportedShape`] names
//!   what msgspec cannot express).
//! - [`lock`] (feature `std`): schema lock files at test time:
//!   [`lock::check`] and [`check_all!`] fail a test when a type's schema is
//!   not the latest recorded version, and record a new one with
//!   `MSGPACK_SCHEMA=bless` (or a deliberate break with
//!   `MSGPACK_SCHEMA=break` and `MSGPACK_SCHEMA_REASON`).
//! - [`text`] (feature `std`): the lock-file grammar, parsed and printed.
//!
//! ```
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack)]
//! struct User { id: u32, name: String, email: Option<String> }
//!
//! let schema = msgpack_schema::json_schema::<User>();
//! assert!(schema.contains(r#""required": ["id", "name"]"#));
//!
//! let py = msgpack_schema::msgspec::<User>().unwrap();
//! assert!(py.contains("class User(msgspec.Struct"));
//! ```
//!
//! Lock files are usually checked by a test, so the crate is usually a
//! dev-dependency (exporting tools, like `msgpack-json schema`, depend on it
//! normally):
//!
//! ```toml
//! [dev-dependencies]
//! msgpack-schema = "0.1"
//! ```
//!
//! ```no_run
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack)]
//! #[msgpack(schema_lock = "schemas/User.msgpack-schema")]
//! struct User { id: u64, name: String }
//!
//! #[test]
//! fn schemas_are_locked() {
//!     msgpack_schema::check_all!(User);
//! }
//! ```
//!
//! The compile-time check of a locked type needs no part of this crate:
//! the derive generates it against `msgpack_core::schema::lock`.
//!
//! # Moved from msgpack-core
//!
//! These were `msgpack_core::schema::{json_schema, json_schema_of, msgspec,
//! msgspec_of, UnsupportedShape}`, `msgpack_core::schema::lock::*` (but
//! `Locked`, which stays in msgpack-core and is re-exported as
//! [`lock::Locked`]) and `msgpack_core::check_all!`: the names are the same,
//! the path starts with `msgpack_schema` instead.
//!
//! # Why the lock-file text is a crate of its own
//!
//! The parser and printer of lock files live in `msgpack-schema-text`,
//! re-exported here as [`text`]: name that, not the crate. It cannot be
//! folded into this crate because `#[derive(MsgPack)]` parses lock files
//! too, at expansion time, and a proc-macro crate can only call code of
//! its own dependencies: `msgpack-core` depends on `msgpack-derive` (it
//! re-exports the derive) and this crate depends on `msgpack-core`, so the
//! derive depending on this crate would be a package cycle. The grammar is
//! therefore a leaf crate without dependencies, shared by the derive and
//! this crate, which guarantees that both read every file byte for byte
//! alike.
//!
//! # Features
//!
//! | feature | default | enables |
//! |---|---|---|
//! | `std` | yes | [`lock`], [`check_all!`], [`text`]; without it the exports build with `alloc` alone (`no_std`) |

#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_auto_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod json_schema;
#[cfg(feature = "std")]
pub mod lock;
mod msgspec;

pub use json_schema::{json_schema, json_schema_of};
/// The lock-file grammar: the `msgpack-schema-text` crate, parsed into a
/// syntax tree and printed back canonically.
///
/// ```
/// let lock = msgpack_schema::text::parse("msgpack-schema-lock 1\nmode full\n").unwrap();
/// assert_eq!(lock.mode.direction, msgpack_schema::text::Direction::Full);
/// ```
#[cfg(feature = "std")]
pub use msgpack_schema_text as text;
pub use msgspec::{UnsupportedShape, msgspec, msgspec_of};

/// The workspace README's Rust snippets as doc tests (`cargo test --doc -p
/// msgpack-schema`): each compiles and runs as it stands in the README, whose
/// snippets use `msgpack_core` and this crate's [`check_all!`].
///
/// `doctests/README.md` is a symlink to the workspace's `README.md`: the
/// include path stays inside this package, and `cargo package` stores the
/// README's text in its place. Only `cfg(doctest)` reads it, so a build never
/// does.
#[cfg(doctest)]
#[doc = include_str!("../doctests/README.md")]
pub struct ReadmeDoctests;

/// What [`check_all!`] expands to refers to; not public API.
#[doc(hidden)]
pub mod __private {
    pub use msgpack_core::schema::Schema;
}
