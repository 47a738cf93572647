//! Which structs and runs of fields may have a fixed layout (the core's
//! `layout` module): a struct whose encoding has a fixed size and fixed
//! marker bytes is written and read as one template. This pass only
//! decides; `wire` spells the layout constants and `encode/layout.rs` /
//! `decode/layout.rs` generate the template code.
//!
//! A struct qualifies when every field is on the wire, is read and written
//! through its type's own impls (no `with`, `serde`, `flatten`, `skip_if`,
//! no `omit_defaults`) and has a type that may have a fixed layout: `f32`,
//! `f64`, `bool`, `()`, arrays and tuples of those, or a path this pass
//! does not know to be variable (a derived struct of floats, a generic
//! parameter). Whether the layout is really fixed is then a constant of
//! the impl (`Layout::NONE` when a field's type has none), so the template
//! and the general code are both emitted around a constant condition. A
//! struct with a field known to be variable (an integer, a `String`, a
//! `Vec`, an `Option`, ...) gets none of this code.
//!
//! A struct that does not qualify as a whole may still hold a run of two or
//! more consecutive fields of type `f32`, `f64`, `bool` (or arrays or
//! tuples of those): such a run is read in one template too, keys included
//! in map form (see [`runs`]).

use super::{Container, Data, Field, Style};

/// Types known to have no fixed layout (integers in their smallest form,
/// strings, containers, options, time and ecosystem types).
const VARIABLE: &[&str] = &[
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "char",
    "str",
    "String",
    "Vec",
    "VecDeque",
    "LinkedList",
    "BinaryHeap",
    "HashMap",
    "BTreeMap",
    "HashSet",
    "BTreeSet",
    "IndexMap",
    "IndexSet",
    "SmallVec",
    "ArrayVec",
    "ArrayString",
    "Option",
    "Box",
    "Rc",
    "Arc",
    "Cow",
    "Cell",
    "RefCell",
    "Mutex",
    "RwLock",
    "Result",
    "Value",
    "ValueRef",
    "Raw",
    "RawRef",
    "Bytes",
    "BytesMut",
    "Ext",
    "ExtRef",
    "Duration",
    "SystemTime",
    "Timestamp",
    "DateTime",
    "NaiveDateTime",
    "OffsetDateTime",
    "PrimitiveDateTime",
    "UtcDateTime",
    "Decimal",
    "Uuid",
    "PathBuf",
    "Path",
    "OsString",
    "OsStr",
    "CString",
    "CStr",
    "IpAddr",
    "Ipv4Addr",
    "Ipv6Addr",
    "SocketAddr",
    "SocketAddrV4",
    "SocketAddrV6",
    "Range",
    "RangeInclusive",
    "RangeFrom",
    "RangeTo",
    "Bound",
    "Wrapping",
    "Saturating",
    "Reverse",
    "PhantomData",
];

/// Whether a value of `ty` may have a fixed layout (see the module docs).
fn maybe_fixed(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Paren(p) => maybe_fixed(&p.elem),
        syn::Type::Group(g) => maybe_fixed(&g.elem),
        syn::Type::Array(a) => maybe_fixed(&a.elem),
        syn::Type::Tuple(t) => !t.elems.is_empty() && t.elems.iter().all(maybe_fixed),
        syn::Type::Path(p) if p.qself.is_none() => match p.path.segments.last() {
            Some(seg) => {
                let name = seg.ident.to_string();
                !VARIABLE.contains(&name.as_str()) && !name.starts_with("NonZero") && !name.starts_with("Atomic")
            }
            None => false,
        },
        _ => false,
    }
}

/// Whether `ty` certainly has a fixed layout: a float, a `bool`, `()`, or
/// an array or tuple of those.
fn surely_fixed(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Paren(p) => surely_fixed(&p.elem),
        syn::Type::Group(g) => surely_fixed(&g.elem),
        syn::Type::Array(a) => surely_fixed(&a.elem),
        syn::Type::Tuple(t) => t.elems.iter().all(surely_fixed),
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.get_ident().is_some_and(|id| id == "f32" || id == "f64" || id == "bool")
        }
        _ => false,
    }
}

/// Whether a field can be part of a template: on the wire, through its
/// type's own impls, never left out, of a type that may be fixed.
fn field_qualifies(cont: &Container, f: &Field) -> bool {
    let a = &f.attrs;
    f.is_wire()
        && !a.with.is_set()
        && !a.encode_with.is_set()
        && !a.decode_with.is_set()
        && !a.as_array.is_set()
        && !a.as_map.is_set()
        && !a.serde.is_set()
        && !a.flatten.is_set()
        && !a.skip_if.is_set()
        && !a.skip_serializing.is_set()
        && !a.skip_deserializing.is_set()
        && !cont.attrs.omit_defaults.is_set()
        && maybe_fixed(f.ty)
}

impl<'a> Container<'a> {
    /// The fields of this struct if it may be one template as a whole,
    /// with its style; `None` if it cannot.
    pub(crate) fn fixed_layout(&self) -> Option<(Style, &[Field<'a>])> {
        let cont = self;
        let Data::Struct(style, fields) = &cont.data else { return None };
        let attrs = &cont.attrs;
        if attrs.tag.is_set()
            || attrs.untagged.is_set()
            || attrs.transparent.is_set()
            || attrs.from.is_set()
            || attrs.try_from.is_set()
            || attrs.into.is_set()
            || fields.is_empty()
            || fields.len() > 255
            || !fields.iter().all(|f| field_qualifies(cont, f))
        {
            return None;
        }
        match style {
            Style::Struct | Style::Tuple | Style::Newtype => Some((*style, fields)),
            Style::Unit => None,
        }
    }
}

/// A run of consecutive fields (`start..end` among a struct's fields) that
/// may be read in one template.
pub(crate) struct Run {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// The runs of a struct that is not one template as a whole: two or more
/// consecutive qualifying fields of surely fixed types (a nested struct
/// has a template of its own).
pub(crate) fn runs(cont: &Container, fields: &[Field]) -> Vec<Run> {
    if cont.fixed_layout().is_some() {
        return Vec::new();
    }
    let member = |f: &Field| field_qualifies(cont, f) && surely_fixed(f.ty);
    let mut out = Vec::new();
    let mut i = 0;
    while i < fields.len() {
        if !member(&fields[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < fields.len() && member(&fields[i]) {
            i += 1;
        }
        if i - start >= 2 {
            out.push(Run { start, end: i });
        }
    }
    out
}
