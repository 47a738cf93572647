//! The container model: what the derive generates code for, with the syn
//! nodes kept for spans.

use proc_macro2::TokenStream;
use quote::quote;

use crate::attr;
use crate::case::RenameRule;
use crate::ctxt::Ctxt;

pub(crate) mod bound;
pub(crate) mod field_check;
pub(crate) mod layout;

/// Paths the generated code uses.
///
/// The generated items sit in one `const _: () = { ... };` block that
/// starts with [`Names::import`]: `use ::msgpack_core as __msgpack;` and
/// the same for `Result` and `Option`. The items then spell
/// `__msgpack::Encode` instead of `::msgpack_core::Encode` and
/// `__Option::None` instead of `::core::option::Option::None` (about 130
/// and 60 paths per struct): two to four tokens fewer per path for the
/// compiler to parse, resolve and print (issue 26, "less generated code").
pub(crate) struct Names {
    /// The core crate as the generated items name it: the alias `__msgpack`.
    pub(crate) krate: syn::Path,
    /// The core crate's real path: `::msgpack_core`, or
    /// `#[msgpack(crate = "...")]`.
    real: syn::Path,
}

impl Names {
    /// The names for `cont` (its `crate = "..."`, else `::msgpack_core`).
    pub(crate) fn new(cont: &Container) -> Names {
        Names::with_crate(cont.attrs.krate.get())
    }

    /// The names with `krate`, else `::msgpack_core`.
    pub(crate) fn with_crate(krate: Option<&syn::Path>) -> Names {
        Names {
            krate: syn::parse_quote!(__msgpack),
            real: krate.cloned().unwrap_or_else(|| syn::parse_quote!(::msgpack_core)),
        }
    }

    /// The core crate's real path (for text that names it: a `with`
    /// adapter's identity in the schema).
    pub(crate) fn real(&self) -> &syn::Path {
        &self.real
    }

    /// The form marker of a body trait: `__private::MapForm` or
    /// `__private::ArrayForm`.
    pub(crate) fn form(&self, form: Form) -> proc_macro2::TokenStream {
        let krate = &self.krate;
        match form {
            Form::Map => quote!(#krate::__private::MapForm),
            Form::Array => quote!(#krate::__private::ArrayForm),
        }
    }

    /// `__private::EncodeBody<F>` for `form`.
    pub(crate) fn encode_body(&self, form: Form) -> proc_macro2::TokenStream {
        let krate = &self.krate;
        let f = self.form(form);
        quote!(#krate::__private::EncodeBody<#f>)
    }

    /// `__private::DecodeBody<'de, F>` for `form`.
    pub(crate) fn decode_body(&self, form: Form) -> proc_macro2::TokenStream {
        let krate = &self.krate;
        let f = self.form(form);
        quote!(#krate::__private::DecodeBody<'de, #f>)
    }

    /// The `use` that gives the generated block its alias of the crate.
    pub(crate) fn import(&self) -> proc_macro2::TokenStream {
        let (real, alias) = (&self.real, &self.krate);
        quote! {
            use #real as #alias;
            use ::core::option::Option as __Option;
            use ::core::result::Result as __Result;
        }
    }
}

/// A struct or enum being derived.
pub(crate) struct Container<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) attrs: attr::Container,
    pub(crate) data: Data<'a>,
    pub(crate) generics: &'a syn::Generics,
}

pub(crate) enum Data<'a> {
    Struct(Style, Vec<Field<'a>>),
    Enum(Vec<Variant<'a>>),
}

/// The shape of a struct or variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Style {
    /// Named fields.
    Struct,
    /// Two or more unnamed fields.
    Tuple,
    /// Exactly one unnamed field.
    Newtype,
    /// No fields.
    Unit,
}

/// How a struct's (or struct variant's) fields go on the wire.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Form {
    /// A map from wire keys to values.
    Map,
    /// An array of values in field order.
    Array,
}

/// A field's wire key in map form.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Key {
    Str(String),
    Int(i64),
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Key::Str(s) => write!(f, "{s:?}"),
            Key::Int(i) => write!(f, "{i}"),
        }
    }
}

pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) attrs: attr::Variant,
    pub(crate) style: Style,
    pub(crate) fields: Vec<Field<'a>>,
    pub(crate) original: &'a syn::Variant,
    /// The tag on the wire (after `rename` / `rename_all`).
    pub(crate) name: String,
}

pub(crate) struct Field<'a> {
    /// `self.<member>`: a name or an index.
    pub(crate) member: syn::Member,
    pub(crate) attrs: attr::Field,
    pub(crate) ty: &'a syn::Type,
    pub(crate) original: &'a syn::Field,
    /// The wire key in map form.
    pub(crate) key: Key,
    /// The type is written `Option<...>`: it defaults to `None`.
    pub(crate) is_option: bool,
    /// For a `serde` field: structs inside it are written as maps (the
    /// container is in map form) rather than arrays, as rmp-serde's
    /// `to_vec_named` / `to_vec` write the whole message.
    pub(crate) serde_named: bool,
}

/// How an enum's variants carry their tag.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tagging<'a> {
    /// `"V"` / `{"V": payload}` (serde's default).
    External,
    /// `tag = "t"`: `{"t": "V", ..fields}`.
    Internal(&'a str),
    /// `tag = "t", content = "c"`: `{"t": "V", "c": payload}`.
    Adjacent(&'a str, &'a str),
    /// `untagged`: the payload alone.
    Untagged,
}

impl Variant<'_> {
    /// Written as its payload alone: a variant of an `untagged` enum, a
    /// variant marked `untagged`.
    pub(crate) fn is_untagged(&self, cont: &Container) -> bool {
        cont.attrs.untagged.is_set() || self.attrs.untagged.is_set()
    }

    /// Why encoding the variant is an error (`skip`, or serde's
    /// `skip_serializing`: read, never written); `None` if it is written.
    pub(crate) fn never_written(&self) -> Option<&'static str> {
        if self.attrs.skip.is_set() {
            Some(attr::SKIP)
        } else if self.attrs.skip_serializing.is_set() {
            Some(attr::SKIP_SERIALIZING)
        } else {
            None
        }
    }

    /// The `other` variant holding the whole unknown value (a newtype).
    pub(crate) fn is_raw_other(&self) -> bool {
        self.attrs.other.is_set() && self.style == Style::Newtype
    }
}

/// Whether a field list has flattened fields (on the wire).
pub(crate) fn has_flatten(fields: &[Field]) -> bool {
    fields.iter().any(|f| f.is_wire() && f.attrs.flatten.is_set())
}

impl Field<'_> {
    /// Written or read at all (not `skip`): its key is the field's.
    pub(crate) fn is_wire(&self) -> bool {
        !self.attrs.skip.is_set()
    }

    /// Written by the encoder (not `skip`, not `skip_serializing`).
    pub(crate) fn is_written(&self) -> bool {
        self.is_wire() && !self.attrs.skip_serializing.is_set()
    }

    /// Read by the decoder (not `skip`, not `skip_deserializing`): the
    /// others take their default.
    pub(crate) fn is_read(&self) -> bool {
        self.is_wire() && !self.attrs.skip_deserializing.is_set()
    }

    /// The Rust name of the field (its index for a tuple field), for
    /// messages.
    pub(crate) fn rust_name(&self) -> String {
        match &self.member {
            syn::Member::Named(id) => id.to_string(),
            syn::Member::Unnamed(i) => i.index.to_string(),
        }
    }

    /// A name for messages: the wire key.
    pub(crate) fn display_name(&self) -> String {
        match &self.key {
            Key::Str(s) => s.clone(),
            Key::Int(i) => i.to_string(),
        }
    }
}

impl<'a> Container<'a> {
    pub(crate) fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = attr::Container::from_ast(cx, input);
        let rule = attrs.rename_all.get().copied();
        let data = match &input.data {
            syn::Data::Struct(s) => {
                let (style, fields) = fields_from_ast(cx, &s.fields, rule);
                Data::Struct(style, fields)
            }
            syn::Data::Enum(e) => {
                let fields_rule = attrs.rename_all_fields.get().copied();
                Data::Enum(e.variants.iter().map(|v| variant_from_ast(cx, v, rule, fields_rule)).collect())
            }
            syn::Data::Union(u) => {
                cx.error_spanned_by(u.union_token, "`MsgPack` cannot be derived for unions; use a struct or an enum");
                return None;
            }
        };
        let named = !attrs.array.is_set();
        let mut data = data;
        match &mut data {
            Data::Struct(_, fields) => fields.iter_mut().for_each(|f| f.serde_named = named),
            Data::Enum(variants) => {
                variants.iter_mut().flat_map(|v| v.fields.iter_mut()).for_each(|f| f.serde_named = named)
            }
        }
        Some(Container { ident: &input.ident, attrs, data, generics: &input.generics })
    }

    /// The field a `transparent` struct is encoded as: its only encoded
    /// field (`check` reports any other count).
    pub(crate) fn transparent_field(&self) -> Option<&Field<'a>> {
        match &self.data {
            Data::Struct(_, fields) if self.attrs.transparent.is_set() => {
                let mut wire = fields.iter().filter(|f| f.is_wire());
                match (wire.next(), wire.next()) {
                    (Some(f), None) => Some(f),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// How the variants of an enum carry their tag.
    pub(crate) fn tagging(&self) -> Tagging<'_> {
        match (self.attrs.tag.get(), self.attrs.content.get()) {
            _ if self.attrs.untagged.is_set() => Tagging::Untagged,
            (Some(t), Some(c)) => Tagging::Adjacent(t, c),
            (Some(t), None) => Tagging::Internal(t),
            (None, _) => Tagging::External,
        }
    }

    /// Map or array form of this container's structs / struct variants.
    pub(crate) fn form(&self) -> Form {
        if self.attrs.array.is_set() { Form::Array } else { Form::Map }
    }

    /// An enum of unit variants written as integers: `index`, or
    /// explicit discriminants.
    pub(crate) fn unit_enum_as_int(&self, variants: &[Variant]) -> bool {
        variants.iter().all(|v| v.style == Style::Unit)
            && (self.attrs.index.is_set() || variants.iter().any(|v| v.original.discriminant.is_some()))
    }

    /// The integer of a unit variant in integer form (an `i64` expression).
    pub(crate) fn variant_int(&self, index: usize, v: &Variant) -> TokenStream {
        let ident = self.ident;
        let vi = v.ident;
        if self.attrs.index.is_set() { quote!(#index as i64) } else { quote!(#ident::#vi as i64) }
    }
}

/// `rule` renames the variant (the enum's `rename_all`), `fields_rule` its
/// fields (the enum's `rename_all_fields`, unless the variant has its own
/// `rename_all`, as in serde).
fn variant_from_ast<'a>(
    cx: &Ctxt,
    v: &'a syn::Variant,
    rule: Option<RenameRule>,
    fields_rule: Option<RenameRule>,
) -> Variant<'a> {
    let attrs = attr::Variant::from_ast(cx, v);
    let name = match (attrs.rename.get(), rule) {
        (Some(n), _) => n.clone(),
        (None, Some(r)) => r.apply_to_variant(&unraw(&v.ident)),
        (None, None) => unraw(&v.ident),
    };
    // A struct variant's fields follow the variant's own `rename_all`, else
    // the enum's `rename_all_fields`.
    let (style, fields) = fields_from_ast(cx, &v.fields, attrs.rename_all.get().copied().or(fields_rule));
    Variant { ident: &v.ident, attrs, style, fields, original: v, name }
}

fn fields_from_ast<'a>(cx: &Ctxt, fields: &'a syn::Fields, rule: Option<RenameRule>) -> (Style, Vec<Field<'a>>) {
    let style = match fields {
        syn::Fields::Named(_) => Style::Struct,
        syn::Fields::Unnamed(u) if u.unnamed.len() == 1 => Style::Newtype,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let fields = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let attrs = attr::Field::from_ast(cx, f);
            let member = match &f.ident {
                Some(id) => syn::Member::Named(id.clone()),
                None => syn::Member::Unnamed(syn::Index::from(i)),
            };
            let key = if let Some(k) = attrs.key.get() {
                Key::Int(k.value)
            } else if let Some(n) = attrs.rename.get() {
                Key::Str(n.clone())
            } else {
                match (&f.ident, rule) {
                    (Some(id), Some(r)) => Key::Str(r.apply_to_field(&unraw(id))),
                    (Some(id), None) => Key::Str(unraw(id)),
                    (None, _) => Key::Int(i as i64),
                }
            };
            Field { member, is_option: is_option(&f.ty), attrs, ty: &f.ty, original: f, key, serde_named: true }
        })
        .collect();
    (style, fields)
}

fn unraw(id: &syn::Ident) -> String {
    let s = id.to_string();
    s.strip_prefix("r#").map(str::to_owned).unwrap_or(s)
}

/// Whether a type is written `Option<..>` (also `std::option::Option<..>`).
fn is_option(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => p.path.segments.last().is_some_and(|s| {
            s.ident == "Option" && matches!(&s.arguments, syn::PathArguments::AngleBracketed(a) if a.args.len() == 1)
        }),
        syn::Type::Group(g) => is_option(&g.elem),
        syn::Type::Paren(p) => is_option(&p.elem),
        _ => false,
    }
}
