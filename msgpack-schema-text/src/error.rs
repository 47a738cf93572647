//! The error of a lock file that does not parse: shared by the tokenizer
//! and the parser (neither imports the other for it).

use std::fmt;

/// Why a lock file does not parse: the line (1-based) and what is wrong.
///
/// ```
/// let err = msgpack_schema_text::parse("msgpack-schema-lock 9\n").unwrap_err();
/// assert_eq!(err.line, 1);
/// assert_eq!(err.to_string(), "line 1: unknown lock file format 9 (this version reads format 1)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The line the error is on (1-based; the last line for an early end).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}
