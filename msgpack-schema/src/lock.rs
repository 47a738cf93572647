//! Schema lock files: every recorded version of a message type, committed
//! beside the code, checked by the compiler and recorded by tests.
//!
//! `assert_compatible!(UserV2, UserV1)` needs both versions in the code.
//! Real types change in place; a lock file keeps the old versions as data:
//!
//! ```ignore
//! #[derive(MsgPack)]
//! #[msgpack(schema_lock = "schemas/User.msgpack-schema")]
//! struct User { id: u64, name: String, email: Option<String> }
//! ```
//!
//! - **At compile time** the derive reads the file (relative to
//!   `CARGO_MANIFEST_DIR`; an edit of the file rebuilds the crate), turns
//!   every recorded version into `const` descriptors and checks the type
//!   against them with [`check`](msgpack_core::schema::check) in the compiler's
//!   const evaluator, under the file's mode. A failure is a build error
//!   naming the pair, the [rule](msgpack_core::schema::Rule) and the path:
//!   `User cannot read User@2 (schemas/User.msgpack-schema): rule
//!   required-field-added: field "email" is required in User but User@2
//!   never writes it`, then a line for every other incompatibility with
//!   that version (`  rule ID: path: reason`) and one saying how to record
//!   a deliberate break; every failing version (and direction) is an error
//!   of its own, all in one build. A file that does not exist yet is not
//!   an error (the test below reports it); a malformed one is, pointing at
//!   the attribute and quoting the file's line.
//! - **At test time** [`check`] (or [`check_all!`](crate::check_all))
//!   passes when the type's schema is the latest recorded version, and
//!   otherwise fails with what changed, by path, and every incompatibility
//!   with the versions the mode checks. With `MSGPACK_SCHEMA=bless` it
//!   appends the current schema as a new version when it is compatible
//!   with the recorded ones under the mode (creating the file if needed),
//!   and refuses otherwise; `MSGPACK_SCHEMA=break` with
//!   `MSGPACK_SCHEMA_REASON="..."` records a deliberate break. CI, which
//!   sets neither, never writes.
//!
//! # Recording a break
//!
//! An incompatible change fails the build, before any test runs. To record
//! it as a deliberate break, run the tests with both variables:
//!
//! ```sh
//! MSGPACK_SCHEMA=break MSGPACK_SCHEMA_REASON="ids are u32 now" cargo test
//! ```
//!
//! Under `MSGPACK_SCHEMA=break` the generated code skips the check of the
//! recorded versions (not of their fingerprints), so the crate builds and
//! [`check`] appends the type as a new version marked `break "reason"`.
//! From then on a plain `cargo test` builds and passes: the versions
//! before the break are no longer checked. The generated code reads the
//! variable with `option_env!`, so cargo rebuilds a crate with locked
//! types whenever it is set, changed or unset: a build under `break` is
//! never reused without it. `MSGPACK_SCHEMA=bless` does not skip the
//! check: `bless` records compatible versions only, so an incompatible
//! type fails the build as without the variable (and a test that finds one
//! under `bless`, e.g. for a file created after the build, refuses it).
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
//!     msgpack_schema::lock::check::<User>("schemas/User.msgpack-schema");
//! }
//! ```
//!
//! The compile-time side needs only `msgpack-core` (the derive generates
//! [`Locked`] impls and `const` checks against
//! `msgpack_core::schema::lock`); the test-time side is this module, so
//! the crate is usually a dev-dependency:
//!
//! ```toml
//! [dev-dependencies]
//! msgpack-schema = "0.1"
//! ```
//!
//! # Modes
//!
//! The file's `mode` line says which direction is checked; it is chosen
//! when the file is created (`MSGPACK_SCHEMA_MODE=full`, default
//! `backward`) and changed only by editing the header:
//!
//! | mode | checked, for each recorded version `V` |
//! |---|---|
//! | `backward` (default) | the current type reads `V`'s messages (new readers, old data) |
//! | `forward` | `V`'s reader reads the current type's messages (old readers, new data) |
//! | `full` | both |
//!
//! Each is against every recorded version (transitive, the default), or
//! only the last N with `mode backward last N`. A version recorded as a
//! deliberate break starts a new history: the versions before it are no
//! longer checked. Names (of Rust types, modules and fields) never matter:
//! renaming or moving a type changes nothing that is checked.
//!
//! # The lock file grammar (format 1)
//!
//! A UTF-8 text file. A line whose first non-blank character is `#` is a
//! comment. Otherwise the file is a sequence of tokens separated by
//! whitespace (line breaks are not significant): words (letters, digits,
//! `_ - # @`, not starting with a digit or `-`), integers (decimal with an
//! optional `-`, or `0x` hexadecimal), strings (`"..."` with the escapes
//! `\" \\ \n \r \t \0 \u{HEX}`), and the punctuation `{ } [ ] ( ) < > : ;
//! , = | .. ..=`.
//!
//! ```text
//! file     = "msgpack-schema-lock" 1 mode version*
//! mode     = "mode" ("backward" | "forward" | "full") ["last" N]
//! version  = "version" N "fingerprint" HEX ["break" STRING] def+     (N = 1, 2, ... in order)
//! def      = NAME "=" (struct | enum | type)                         (the first def is the locked type)
//! struct   = FORM ["(" "deny_unknown_fields" ")"] "{" [field ("," field)* [","]] "}"
//! FORM     = "map" | "array" | "tuple" | "unit"
//! field    = ".." type [attrs]                                       (flatten)
//!          | (STRING | INT) [aliases] ":" type [attrs]               (map form: the wire key)
//!          | (NAME | INT) ":" type [attrs]                           (array, tuple: the Rust name, for readers)
//! aliases  = "(" "alias" STRING ("," STRING)* ")"
//! attrs    = "(default)" | "(may be left out)" | "(default, may be left out)"
//! enum     = "enum" ["," "tag" STRING ["," "content" STRING] | "," "untagged"] "{" [variant ("," variant)* [","]] "}"
//! variant  = "other"                                                 (the enum has an `other` variant)
//!          | (STRING | INT) [aliases] ["(" "untagged" ")"] [":" payload]
//! payload  = "other" type | struct | type
//! type     = "any" | "nil" | "bool" | "f32" | "f64" | "str" | "char" | "timestamp"
//!          | "u8" | "u16" | "u32" | "u64" | "i8" | "i16" | "i32" | "i64"
//!          | "int" "(" INT "..=" INT ["," "nonzero"] ")"            (any other integer range)
//!          | "bin" ["[" N "]"] ["|" "[" "u8" "]"]                    (`|[u8]`: arrays of bytes are read too)
//!          | "ext" ["(" INT ")"] | "Option" "<" type ">"
//!          | "[" type [";" N] "]" | "(" [type ("," type)* [","]] ")" | "{" type ":" type "}"
//!          | "with" "(" STRING "," STRING ")"                        (`with = "module"`: module, field type)
//!          | NAME                                                    (a def of the same version)
//! ```
//!
//! The notation is the one [`Display`](core::fmt::Display) on
//! [`Shape`](msgpack_core::schema::Shape) prints, made exact: integer ranges,
//! byte buffers' array reading and struct forms are spelled out. Field
//! attributes: `default` means the reader does not require the field,
//! `may be left out` that the writer does not always write it. Definition
//! names are the Rust names made unique within the version (`Node#2`) and
//! are never compared; a version's fingerprint is
//! [`Shape::fingerprint`](msgpack_core::schema::Shape::fingerprint) of its
//! schema as the file writes it, definitions referring to each other by
//! name (the same as the type's own fingerprint, except for a generic type
//! that contains itself, whose descriptor marks the recursion with
//! [`Shape::Recur`](msgpack_core::schema::Shape::Recur) instead), and the compiler and [`check`] both refuse a file whose
//! recorded fingerprint does not match (a recorded version must never be
//! edited). Printing is canonical: 4-space indentation, one field per
//! line at the top level, enum variants' fields on the variant's line, a
//! blank line between versions.
//!
//! ```text
//! # msgpack-core schema lock: every recorded version of one message type, oldest first.
//! msgpack-schema-lock 1
//! mode backward
//!
//! version 1 fingerprint 0x9a1bd0b3ba22ad7a
//! User = map {
//!     "id": u64,
//!     "name": str,
//! }
//!
//! version 2 fingerprint 0x2c2b0d2e7e0a1f3c
//! User = map {
//!     "id": u64,
//!     "name": str,
//!     "email": Option<str> (default),
//!     "role": Role (default),
//! }
//! Role = enum {
//!     "admin",
//!     "guest",
//! }
//! ```
//!
//! The parser and printer are the `msgpack-schema-text` crate, so other
//! tools read the files exactly as this crate does.

mod diff;
mod file;
mod shape;
mod text;

pub use file::{
    Action, LockError, LockErrorKind, Options, Status, check, check_all, schema_text, shape_text, shapes, verify,
};
pub use msgpack_core::schema::lock::Locked;
pub use msgpack_schema_text::{Direction, Mode};

/// Checks every named [`Locked`] type against its lock file in one test,
/// reporting every failure (see [`check`]).
///
/// ```no_run
/// # use msgpack_core::MsgPack;
/// # #[derive(MsgPack)] #[msgpack(schema_lock = "schemas/User.msgpack-schema")] struct User { id: u64 }
/// # #[derive(MsgPack)] #[msgpack(schema_lock = "schemas/Order.msgpack-schema")] struct Order { id: u64 }
/// #[test]
/// fn schemas_are_locked() {
///     msgpack_schema::check_all!(User, Order);
/// }
/// ```
#[macro_export]
macro_rules! check_all {
    ($($t:ty),+ $(,)?) => {
        $crate::lock::check_all(&[$((
            ::core::any::type_name::<$t>(),
            <$t as $crate::lock::Locked>::LOCK_PATH,
            <$t as $crate::__private::Schema>::SHAPE,
        )),+])
    };
}
