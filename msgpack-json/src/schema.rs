//! `msgpack-json schema`: one recorded version of a schema lock file, so
//! that a team without Rust can read the schemas the Rust code is checked
//! against, as the lock file writes it, as JSON Schema (2020-12) or as
//! Python msgspec classes: the same exports as `msgpack_schema::json_schema`
//! and `msgpack_schema::msgspec`, built from the descriptors the lock file
//! records.

use msgpack_schema::{self as schema, lock};

/// What `schema` prints.
///
/// ```
/// assert_eq!(msgpack_json::SchemaFormat::parse("text"), Some(msgpack_json::SchemaFormat::Text));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SchemaFormat {
    /// The version's definitions, as the lock file writes them.
    Text,
    /// JSON Schema (2020-12) of the messages as `msgpack-json to-json`
    /// prints them (`msgpack_schema::json_schema_of`).
    JsonSchema,
    /// Python source for msgspec `Struct` classes that read and write the
    /// same bytes (`msgpack_schema::msgspec_of`); a shape msgspec cannot express is
    /// an error naming it.
    Msgspec,
}

impl SchemaFormat {
    /// The format named on the command line: `text`, `json-schema` or
    /// `msgspec`.
    ///
    /// ```
    /// use msgpack_json::SchemaFormat;
    /// assert_eq!(SchemaFormat::parse("json-schema"), Some(SchemaFormat::JsonSchema));
    /// assert_eq!(SchemaFormat::parse("yaml"), None);
    /// ```
    #[must_use]
    pub fn parse(s: &str) -> Option<SchemaFormat> {
        match s {
            "text" => Some(SchemaFormat::Text),
            "json-schema" => Some(SchemaFormat::JsonSchema),
            "msgspec" => Some(SchemaFormat::Msgspec),
            _ => None,
        }
    }
}

/// Exports one recorded version (the latest when `version` is `None`) of
/// the lock file `text` in `format`.
///
/// # Errors
///
/// A malformed lock file (with its line) or an unknown version.
///
/// ```
/// use msgpack_core::schema::Schema;
/// use msgpack_json::{SchemaFormat, export_schema};
///
/// let fp = u32::SHAPE.get().fingerprint(); // a newtype is its field on the wire
/// let lock = format!("msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x{fp:016x}\nId = u32\n");
/// assert_eq!(export_schema(&lock, SchemaFormat::Text, None).unwrap(), "Id = u32\n");
/// assert!(export_schema(&lock, SchemaFormat::Text, Some(2)).unwrap_err().contains("no version 2"));
/// let json = export_schema(&lock, SchemaFormat::JsonSchema, None).unwrap();
/// assert!(json.contains("2020-12"));
/// let py = export_schema(&lock, SchemaFormat::Msgspec, None).unwrap();
/// assert!(py.contains("ROOT = "), "{py}");
/// ```
pub fn export_schema(text: &str, format: SchemaFormat, version: Option<u32>) -> Result<String, String> {
    let versions = lock::shapes(text).map_err(|e| e.to_string())?;
    let (_number, shape) = match version {
        None => versions.last().copied().ok_or("the lock file records no version")?,
        Some(n) => versions
            .iter()
            .copied()
            .find(|(v, _)| *v == n)
            .ok_or_else(|| format!("the lock file has no version {n} (it records 1 to {})", versions.len()))?,
    };
    match format {
        SchemaFormat::Text => lock::shape_text(shape).map_err(|e| e.to_string()),
        SchemaFormat::JsonSchema => Ok(schema::json_schema_of(shape)),
        SchemaFormat::Msgspec => schema::msgspec_of(shape).map_err(|e| e.to_string()),
    }
}
