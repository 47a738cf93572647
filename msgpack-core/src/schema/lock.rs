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
//!   against them with [`check`](crate::schema::check) in the compiler's
//!   const evaluator, under the file's mode. A failure is a build error
//!   naming the pair, the [rule](crate::schema::Rule) and the path:
//!   `User cannot read User@2 (schemas/User.msgpack-schema): rule
//!   required-field-added: field "email" is required in User but User@2
//!   never writes it`. A file that does not exist yet is not an error
//!   (the test below reports it); a malformed one is, pointing at the
//!   attribute and quoting the file's line.
//! - **At test time** [`check`] (or [`check_all!`](crate::check_all))
//!   passes when the type's schema is the latest recorded version, and
//!   otherwise fails with what changed, by path. With
//!   `MSGPACK_SCHEMA=bless` it appends the current schema as a new version
//!   when it is compatible with the recorded ones under the mode (creating
//!   the file if needed), and refuses otherwise; `MSGPACK_SCHEMA=break`
//!   with `MSGPACK_SCHEMA_REASON="..."` records a deliberate break. CI,
//!   which sets neither, never writes.
//!
//! ```no_run
//! # #[cfg(feature = "derive")] {
//! use msgpack_core::MsgPack;
//!
//! #[derive(MsgPack)]
//! #[msgpack(schema_lock = "schemas/User.msgpack-schema")]
//! struct User { id: u64, name: String }
//!
//! #[test]
//! fn schemas_are_locked() {
//!     msgpack_core::schema::lock::check::<User>("schemas/User.msgpack-schema");
//! }
//! # }
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
//! [`Shape`](crate::schema::Shape) prints, made exact: integer ranges,
//! byte buffers' array reading and struct forms are spelled out. Field
//! attributes: `default` means the reader does not require the field,
//! `may be left out` that the writer does not always write it. Definition
//! names are the Rust names made unique within the version (`Node#2`) and
//! are never compared; a version's fingerprint is
//! [`Shape::fingerprint`](crate::schema::Shape::fingerprint) of its
//! schema as the file writes it, definitions referring to each other by
//! name (the same as the type's own fingerprint, except for a generic type
//! that contains itself, whose descriptor marks the recursion with
//! [`Shape::Recur`](crate::schema::Shape::Recur) instead), and the compiler and [`check`] both refuse a file whose
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

#[cfg(feature = "std")]
mod diff;
#[cfg(feature = "std")]
mod file;
#[cfg(feature = "std")]
mod shape;
#[cfg(feature = "std")]
mod text;

#[cfg(feature = "std")]
pub use file::{
    Action, LockError, LockErrorKind, Options, Status, check, check_all, schema_text, shape_text, shapes, verify,
};
#[cfg(feature = "std")]
pub use msgpack_schema_text::{Direction, Mode};

use super::message::Incompatible;
use super::{Schema, ShapeRef, check as check_schema};

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

/// Checks every named [`Locked`] type against its lock file in one test,
/// reporting every failure (see [`check`]).
///
/// ```no_run
/// # #[cfg(feature = "derive")] {
/// # use msgpack_core::MsgPack;
/// # #[derive(MsgPack)] #[msgpack(schema_lock = "schemas/User.msgpack-schema")] struct User { id: u64 }
/// # #[derive(MsgPack)] #[msgpack(schema_lock = "schemas/Order.msgpack-schema")] struct Order { id: u64 }
/// #[test]
/// fn schemas_are_locked() {
///     msgpack_core::check_all!(User, Order);
/// }
/// # }
/// ```
#[cfg(feature = "std")]
#[macro_export]
macro_rules! check_all {
    ($($t:ty),+ $(,)?) => {
        $crate::schema::lock::check_all(&[$((
            ::core::any::type_name::<$t>(),
            <$t as $crate::schema::lock::Locked>::LOCK_PATH,
            <$t as $crate::schema::Schema>::SHAPE,
        )),+])
    };
}

/// The compile-time check of one recorded version (generated by the
/// derive for `schema_lock`): `direction` is 0 backward, 1 forward, 2 full.
#[doc(hidden)]
pub const fn __assert_version(
    current: ShapeRef,
    recorded: ShapeRef,
    direction: u8,
    current_name: &str,
    recorded_name: &str,
    file: &str,
) {
    if direction != 1
        && let Err(e) = check_schema(current.get(), recorded.get())
    {
        fail(current_name, recorded_name, file, &e);
    }
    if direction != 0
        && let Err(e) = check_schema(recorded.get(), current.get())
    {
        fail(recorded_name, current_name, file, &e);
    }
}

/// `R cannot read W (file): rule ID: detail`.
pub(crate) const fn message(reader: &str, writer: &str, file: &str, e: &Incompatible) -> Incompatible {
    e.with_head(&[reader, " cannot read ", writer, " (", file, ")"])
}

const fn fail(reader: &str, writer: &str, file: &str, e: &Incompatible) -> ! {
    let m = message(reader, writer, file, e);
    panic!("{}", m.as_str());
}

/// The compile-time check that a recorded version's schema still hashes
/// to its recorded fingerprint (generated by the derive for
/// `schema_lock`); `at` names the file, line and version.
#[doc(hidden)]
pub const fn __assert_fingerprint(recorded: ShapeRef, expected: u64, at: &str) {
    let got = recorded.get().fingerprint();
    if got != expected {
        let mut m = Incompatible::new();
        m.push(at);
        m.push(": the recorded fingerprint 0x");
        push_hex(&mut m, expected);
        m.push(" does not match the version's schema, which hashes to 0x");
        push_hex(&mut m, got);
        m.push(" (a recorded version must never be edited; restore it from version control)");
        panic!("{}", m.as_str());
    }
}

const fn push_hex(m: &mut Incompatible, v: u64) {
    let digits = b"0123456789abcdef";
    let mut buf = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        buf[i] = digits[((v >> (60 - 4 * i)) & 0xf) as usize];
        i += 1;
    }
    match core::str::from_utf8(&buf) {
        Ok(s) => m.push(s),
        Err(_) => m.push("?"),
    }
}
