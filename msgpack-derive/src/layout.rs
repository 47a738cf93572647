//! Fixed layouts (the core's `layout` module): a struct whose encoding has
//! a fixed size and fixed marker bytes is written and read as one
//! template.
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

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Data, Field, Form, Style};
use crate::expand::Names;
use crate::wire;

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
        && !cont.attrs.omit_defaults.is_set()
        && maybe_fixed(f.ty)
}

/// The fields of a struct that may be one template as a whole, with its
/// style and form; `None` if it cannot.
fn whole<'c, 'a>(cont: &'c Container<'a>) -> Option<(Style, &'c [Field<'a>])> {
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

/// The generated parts for a struct with a possible fixed layout, for the
/// `Encode` or the `Decode` impl.
pub(crate) struct Parts {
    /// `const __LAYOUT` and `__write_fixed` / `__read_fixed`.
    pub(crate) items: TokenStream,
    /// The first statement of `encode` / `decode`: the template, if the
    /// input (or the sink) takes it.
    pub(crate) hook: TokenStream,
}

/// `<T as Trait>::__LAYOUT` for a field's type, spanned at the type.
fn field_layout(f: &Field, tr: &TokenStream) -> TokenStream {
    let ty = f.ty;
    quote_spanned!(ty.span()=> <#ty as #tr>::__LAYOUT)
}

/// The layout expression of a whole struct, and the length of its header
/// (each field's key is counted before the field).
fn layout_expr(cont: &Container, n: &Names, style: Style, fields: &[Field], tr: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let parts: Vec<TokenStream> = fields.iter().map(|f| field_layout(f, tr)).collect();
    match style {
        Style::Newtype => parts[0].clone(),
        Style::Struct if cont.form() == Form::Map => {
            let count = fields.len();
            let entries = fields.iter().zip(&parts).map(|(f, p)| {
                let key = wire::lit(&wire::key(&f.key));
                quote!(#krate::layout::Layout::bytes(#key), #p)
            });
            quote!(#krate::layout::Layout::map(#count, &[#(#entries),*]))
        }
        _ => quote!(#krate::layout::Layout::array(&[#(#parts),*])),
    }
}

/// The byte offset of the first field (after the header) and each field's
/// key length, as the template lays them out.
fn offsets(cont: &Container, style: Style, fields: &[Field]) -> (usize, Vec<usize>) {
    match style {
        Style::Newtype => (0, vec![0]),
        Style::Struct if cont.form() == Form::Map => {
            (wire::map_header(fields.len()).len(), fields.iter().map(|f| wire::key(&f.key).len()).collect())
        }
        _ => (wire::array_header(fields.len()).len(), vec![0; fields.len()]),
    }
}

/// The encode side: `const __LAYOUT`, `__write_fixed` (the header and keys
/// from the pattern, each field through its own template) and the hook;
/// `None` when the struct does not qualify.
pub(crate) fn encode(cont: &Container, n: &Names) -> Option<Parts> {
    let (style, fields) = whole(cont)?;
    let krate = &n.krate;
    let tr = quote!(#krate::Encode);
    let layout = layout_expr(cont, n, style, fields, &tr);
    let (head, keys) = offsets(cont, style, fields);
    let writes = write_fields(n, fields, &keys, &quote!(const { &<Self as #tr>::__LAYOUT }));
    Some(Parts {
        items: quote! {
            const __LAYOUT: #krate::layout::Layout = #layout;
            #[inline(always)]
            fn __write_fixed(&self, __out: &mut [u8]) {
                let mut __at: usize = 0;
                #krate::layout::write_key(__out, &mut __at, const { &<Self as #tr>::__LAYOUT }, #head);
                #writes
            }
        },
        hook: quote! {
            if <Self as #tr>::__LAYOUT.is_fixed() && !__e.__in_window() {
                return __e.__fixed(self);
            }
        },
    })
}

/// Statements writing `fields` into `__out` from `__at`, each key (of
/// `keys[i]` bytes) copied from the pattern of `layout` first.
fn write_fields(n: &Names, fields: &[Field], keys: &[usize], layout: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let writes = fields.iter().zip(keys).map(|(f, &key)| {
        let m = &f.member;
        let ty = f.ty;
        let key = (key > 0).then(|| quote!(#krate::layout::write_key(__out, &mut __at, #layout, #key);));
        let func = quote_spanned!(ty.span()=> #krate::layout::write_field::<#ty>);
        quote!(#key #func(__out, &mut __at, &self.#m);)
    });
    quote!(#(#writes)*)
}

/// `let __f0 = ..;` reading `fields` from `__b` from `__at` (keys skipped),
/// with the locals' names.
fn read_fields(n: &Names, fields: &[Field], keys: &[usize]) -> (TokenStream, Vec<syn::Ident>) {
    let krate = &n.krate;
    let locals: Vec<syn::Ident> = (0..fields.len()).map(|i| quote::format_ident!("__f{}", i)).collect();
    let reads = fields.iter().zip(keys).zip(&locals).map(|((f, &key), local)| {
        let ty = f.ty;
        let skip = (key > 0).then(|| quote!(__at += #key;));
        let func = quote_spanned!(ty.span()=> #krate::layout::read_field::<#ty>);
        quote!(#skip let #local = #func(__b, &mut __at)?;)
    });
    (quote!(#(#reads)*), locals)
}

/// The decode side: `const __LAYOUT`, `__read_fixed` (each field from its
/// offset) and the hook; `None` when the struct does not qualify.
pub(crate) fn decode(cont: &Container, n: &Names) -> Option<Parts> {
    let (style, fields) = whole(cont)?;
    let krate = &n.krate;
    let tr = quote!(#krate::Decode<'de>);
    let layout = layout_expr(cont, n, style, fields, &tr);
    let (head, keys) = offsets(cont, style, fields);
    let (reads, locals) = read_fields(n, fields, &keys);
    let build = match style {
        Style::Struct => {
            let inits = fields.iter().zip(&locals).map(|(f, l)| {
                let m = &f.member;
                quote!(#m: #l)
            });
            quote!(Self { #(#inits),* })
        }
        _ => quote!(Self(#(#locals),*)),
    };
    Some(Parts {
        items: quote! {
            const __LAYOUT: #krate::layout::Layout = #layout;
            #[inline(always)]
            fn __read_fixed(__b: &'de [u8]) -> ::core::option::Option<Self> {
                let mut __at: usize = #head;
                #reads
                ::core::option::Option::Some(#build)
            }
        },
        hook: quote! {
            if let ::core::option::Option::Some(__v) = __d.__fixed::<Self>() {
                return ::core::result::Result::Ok(__v);
            }
        },
    })
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
    if whole(cont).is_some() {
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

/// The layout of a run's fields in one template (with their keys in map
/// form), under `tr` (`Encode` or `Decode<'de>`).
pub(crate) fn run_layout(n: &Names, fields: &[Field], map: bool, tr: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let parts = fields.iter().map(|f| {
        let l = field_layout(f, tr);
        if map {
            let key = wire::lit(&wire::key(&f.key));
            quote!(#krate::layout::Layout::bytes(#key), #l)
        } else {
            l
        }
    });
    quote!(#krate::layout::Layout::concat(&[#(#parts),*]))
}

/// Reads a run's fields from `__b` (its matched template) into a tuple:
/// the closure given to `Decoder::__fixed_run`.
pub(crate) fn run_read(n: &Names, fields: &[Field], map: bool) -> TokenStream {
    let keys: Vec<usize> = fields.iter().map(|f| if map { wire::key(&f.key).len() } else { 0 }).collect();
    let (reads, locals) = read_fields(n, fields, &keys);
    quote! {
        |__b: &'de [u8]| {
            let mut __at: usize = 0;
            #reads
            ::core::option::Option::Some((#(#locals,)*))
        }
    }
}
