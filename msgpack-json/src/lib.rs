#![doc = include_str!("../README.md")]

pub mod inspect;
pub mod locate;
pub mod mapping;
pub mod schema;
pub mod time;

pub use inspect::{InspectError, inspect};
pub use locate::path_to;
pub use mapping::{FormError, RESERVED_KEYS, from_json, to_json};
pub use schema::{SchemaFormat, export_schema};
pub use time::{TimestampError, format_timestamp, parse_timestamp};
