//! [`FieldDef`]: one field of a struct's descriptor, and the `const`
//! constructors a derive or a hand-written [`Schema`](super::Schema) uses.

use super::{Key, ShapeRef};

/// One field of a [`StructDef`](super::StructDef).
///
/// ```
/// use msgpack_core::schema::{Key, Schema, Shape};
///
/// #[derive(msgpack_core::MsgPack)]
/// struct User { #[msgpack(rename = "n")] name: String, nick: Option<String> }
///
/// let Shape::Struct(def) = User::SHAPE.get() else { unreachable!() };
/// assert!(matches!(def.fields[0].key, Key::Str("n")));
/// assert!(def.fields[0].required && !def.fields[1].required);
/// ```
///
/// In a hand-written [`Schema`](super::Schema), build one with
/// [`FieldDef::new`] and the `const` modifiers below.
#[derive(Debug)]
pub struct FieldDef {
    /// The Rust field name (or index), for messages only.
    pub name: &'static str,
    /// The wire key in map form (unused in array forms, where the position
    /// is the key).
    pub key: Key,
    /// More string keys the reader accepts for the field (`alias`), never
    /// written; empty for most fields.
    pub aliases: &'static [&'static str],
    /// The field's shape.
    pub shape: ShapeRef,
    /// The reader needs it: no `default`, not an `Option`, not
    /// `skip_deserializing`.
    pub required: bool,
    /// The writer writes it in every message (no `skip_if` or
    /// `skip_serializing`, not left out by `omit_defaults`).
    pub always_written: bool,
    /// `flatten`: the field's own entries (a map-form struct's fields, or a
    /// catch-all map's entries) are written inline in this struct's map
    /// (array form: its fields inline, by position) instead of under a key.
    /// The [`key`](FieldDef::key) is then unused.
    pub flatten: bool,
}

impl FieldDef {
    /// A field written under its name as a string key, in every message,
    /// and required by the reader: the common case. The modifiers below
    /// change one property each; all are `const`.
    ///
    /// ```
    /// use msgpack_core::schema::{FieldDef, Key, Schema};
    ///
    /// const ID: FieldDef = FieldDef::new("id", <u64 as Schema>::SHAPE);
    /// const NICK: FieldDef = FieldDef::new("nick", <Option<String> as Schema>::SHAPE)
    ///     .key(Key::Str("n"))
    ///     .alias(&["nickname"])
    ///     .optional()
    ///     .sometimes_written();
    /// assert!(matches!(ID.key, Key::Str("id")) && ID.required && ID.always_written);
    /// assert!(matches!(NICK.key, Key::Str("n")) && !NICK.required && !NICK.always_written);
    /// ```
    pub const fn new(name: &'static str, shape: ShapeRef) -> FieldDef {
        FieldDef {
            name,
            key: Key::Str(name),
            aliases: &[],
            shape,
            required: true,
            always_written: true,
            flatten: false,
        }
    }

    /// Written under `key` (a `rename`, an integer key, a position).
    pub const fn key(self, key: Key) -> FieldDef {
        FieldDef { key, ..self }
    }

    /// Also read under these string keys (`alias`).
    pub const fn alias(self, aliases: &'static [&'static str]) -> FieldDef {
        FieldDef { aliases, ..self }
    }

    /// The reader does without it (an `Option`, a `default`).
    pub const fn optional(self) -> FieldDef {
        FieldDef { required: false, ..self }
    }

    /// The writer may leave it out (`skip_if`, `omit_defaults`).
    pub const fn sometimes_written(self) -> FieldDef {
        FieldDef { always_written: false, ..self }
    }

    /// Its entries are written inline (`flatten`).
    pub const fn flattened(self) -> FieldDef {
        FieldDef { flatten: true, ..self }
    }
}
