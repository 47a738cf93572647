//! The generator's state and the small types both halves of it use
//! ([`Gen`], [`Place`], the result type), below `emit.rs` and `types.rs`.

use alloc::string::String;
use alloc::vec::Vec;

use crate::json_schema::{Defs, Names};
use crate::msgspec::UnsupportedShape;
use msgpack_core::schema::{EnumDef, Payload, Tagging};

pub(super) type R<T> = Result<T, UnsupportedShape>;

/// How deep kinds and map keys are followed through named types.
pub(super) const MAX_DEPTH: usize = 16;

/// Where in the Rust type a problem is.
#[derive(Clone, Copy)]
pub(super) struct Place {
    pub(super) ty: &'static str,
    pub(super) variant: Option<&'static str>,
    pub(super) field: Option<&'static str>,
}

impl Place {
    pub(super) fn of(ty: &'static str) -> Place {
        Place { ty, variant: None, field: None }
    }

    pub(super) fn variant(self, v: &'static str) -> Place {
        Place { variant: Some(v), ..self }
    }

    pub(super) fn field(self, f: &'static str) -> Place {
        Place { field: Some(f), ..self }
    }

    pub(super) fn err(self, reason: impl Into<String>) -> UnsupportedShape {
        UnsupportedShape {
            type_name: self.ty.into(),
            variant: self.variant.map(Into::into),
            field: self.field.map(Into::into),
            reason: reason.into(),
        }
    }
}

/// Which optional imports the module uses.
#[derive(Default)]
pub(super) struct Uses {
    pub(super) datetime: bool,
    pub(super) enumeration: bool,
    pub(super) annotated: bool,
    pub(super) any: bool,
    pub(super) optional: bool,
    pub(super) union: bool,
}

/// A union alias, emitted after every class, dependencies first.
pub(super) struct Alias {
    pub(super) def: usize,
    pub(super) text: String,
    /// The aliases its members name (evaluated when it is defined).
    pub(super) deps: Vec<usize>,
}

pub(super) struct Gen<'a> {
    pub(super) defs: &'a Defs,
    pub(super) names: Names,
    pub(super) classes: Vec<String>,
    pub(super) aliases: Vec<Alias>,
    pub(super) uses: Uses,
    /// The aliases named by the type expressions made since the last clear.
    pub(super) refs: Vec<usize>,
}

/// A unit-only, externally tagged enum without untagged variants: an
/// `enum.Enum` class.
pub(super) fn unit_enum(d: &EnumDef) -> bool {
    matches!(d.tagging, Tagging::External)
        && d.variants.iter().all(|v| matches!(v.payload, Payload::Unit) && !v.untagged)
}
