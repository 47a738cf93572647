//! [`UnsupportedShape`]: what the msgspec export reports for a shape it
//! cannot express.

use alloc::string::String;
use core::fmt;

/// A shape the msgspec export cannot express: the Rust type, where in it
/// (a variant, a field), and why.
///
/// ```
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack)]
/// enum Msg { Ping, Text(String) }
///
/// let err = msgpack_schema::msgspec::<Msg>().unwrap_err();
/// assert_eq!(err.type_name(), "Msg");
/// assert_eq!(err.variant(), Some("Text"));
/// assert_eq!(err.field(), None);
/// assert!(err.to_string().starts_with(r#"msgspec cannot express Msg, variant "Text": "#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsupportedShape {
    pub(super) type_name: String,
    pub(super) variant: Option<String>,
    pub(super) field: Option<String>,
    pub(super) reason: String,
}

impl UnsupportedShape {
    /// The Rust name of the struct or enum (`"root"` for a shape outside
    /// any).
    ///
    /// ```
    /// let err = msgpack_schema::msgspec::<Vec<f32>>().unwrap_err();
    /// assert_eq!(err.type_name(), "root");
    /// ```
    #[must_use]
    pub fn type_name(&self) -> &str {
        &self.type_name
    }

    /// The variant, for an enum.
    ///
    /// ```
    /// use msgpack_core::MsgPack;
    ///
    /// #[derive(MsgPack)]
    /// #[msgpack(tag = "t", content = "c")]
    /// enum Cmd { Stop }
    ///
    /// let err = msgpack_schema::msgspec::<Cmd>().unwrap_err();
    /// assert_eq!((err.type_name(), err.variant()), ("Cmd", Some("Stop")));
    /// ```
    #[must_use]
    pub fn variant(&self) -> Option<&str> {
        self.variant.as_deref()
    }

    /// The field (its Rust name), when the problem is in one.
    ///
    /// ```
    /// use msgpack_core::MsgPack;
    ///
    /// #[derive(MsgPack)]
    /// struct Reading { celsius: f32 }
    ///
    /// let err = msgpack_schema::msgspec::<Reading>().unwrap_err();
    /// assert_eq!(err.field(), Some("celsius"));
    /// ```
    #[must_use]
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// Why msgspec cannot express it.
    ///
    /// ```
    /// use msgpack_core::MsgPack;
    ///
    /// #[derive(MsgPack)]
    /// struct Compact { #[msgpack(key = 1)] id: u32 }
    ///
    /// let err = msgpack_schema::msgspec::<Compact>().unwrap_err();
    /// assert_eq!(err.reason(), "an integer key (1): msgspec Struct fields have string names");
    /// ```
    #[must_use]
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

/// `msgspec cannot express Type, variant "V", field "f": reason`.
///
/// ```
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack)]
/// struct Reading { celsius: f32 }
///
/// assert_eq!(
///     msgpack_schema::msgspec::<Reading>().unwrap_err().to_string(),
///     r#"msgspec cannot express Reading, field "celsius": f32: msgspec writes every float as float 64, which an f32 does not read"#,
/// );
/// ```
impl fmt::Display for UnsupportedShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "msgspec cannot express {}", self.type_name)?;
        if let Some(v) = &self.variant {
            write!(f, ", variant {v:?}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ", field {field:?}")?;
        }
        write!(f, ": {}", self.reason)
    }
}

/// An [`UnsupportedShape`] is an error (`Box<dyn Error>` and `?` work).
///
/// ```
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack)]
/// struct Reading { celsius: f32 }
///
/// let err: Box<dyn std::error::Error> = msgpack_schema::msgspec::<Reading>().unwrap_err().into();
/// assert!(err.to_string().contains("celsius"));
/// ```
impl core::error::Error for UnsupportedShape {}
