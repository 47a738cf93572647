//! Generates `Schema`: the `const` wire descriptor of the type.
//!
//! A type without type or const parameters keeps its descriptor in a
//! `static` (lifetimes replaced by `'static`, `Self` by the type), so that
//! recursive types can point back at it; a generic type builds it in the
//! associated `const`, with `Self` (or the type with its own parameters)
//! in its fields replaced by a marker type whose shape is `Shape::Recur`.
//! Newtype structs (and `transparent` structs) are transparent on the
//! wire: a `Newtype` shape that the check and the fingerprint see through.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;

use crate::ast::Names;
use crate::ast::{Container, Data, Field, Form, Key, Style, Tagging, Variant};

pub(crate) fn expand(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let mut preds: Vec<TokenStream> =
        where_clause.map(|w| w.predicates.iter().map(|p| quote!(#p)).collect()).unwrap_or_default();
    preds.extend(field_bounds(cont, n));
    let is_static = cont.generics.type_params().next().is_none() && cont.generics.const_params().next().is_none();
    let g = Gen { cont, n, is_static };
    let schema = quote!(#krate::schema);

    let shape = match &cont.data {
        // A newtype struct is its field on the wire; the named wrapper
        // keeps recursive newtypes (`struct Nest(Vec<Nest>)`) finite.
        Data::Struct(..) if cont.transparent_field().is_some() => {
            let name = ident.to_string();
            let id = g.id();
            let inner = g.field_shape(cont.transparent_field().unwrap());
            let generic = !is_static;
            quote!(#schema::Shape::Newtype(&#schema::NewtypeDef { name: #name, id: #id, generic: #generic, inner: #inner }))
        }
        Data::Struct(Style::Newtype, fields) if fields[0].is_wire() => {
            let name = ident.to_string();
            let id = g.id();
            let inner = g.field_shape(&fields[0]);
            let generic = !is_static;
            quote!(#schema::Shape::Newtype(&#schema::NewtypeDef { name: #name, id: #id, generic: #generic, inner: #inner }))
        }
        Data::Struct(style, fields) => {
            let form = match style {
                Style::Struct => cont.form(),
                _ => Form::Array,
            };
            let def = g.struct_def(&ident.to_string(), g.id(), *style, form, fields);
            quote!(#schema::Shape::Struct(&#def))
        }
        Data::Enum(variants) => g.enum_def(variants),
    };
    let name = ident.to_string();
    let id = quote! {
        // Identifies this definition in schemas (recursion).
        const __ID: &str = ::core::concat!(
            ::core::module_path!(), "::", #name, "@", ::core::line!(), ":", ::core::column!()
        );
    };
    // The one error per field lacking the traits (see `field_check`).
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Schema);
    let (shape, shape_ref) = if checks.is_empty() {
        (shape.clone(), quote!(#schema::ShapeRef::new(&#shape)))
    } else {
        (quote!({ #checks #shape }), quote!({ #checks #schema::ShapeRef::new(&#shape) }))
    };
    if is_static {
        quote! {
            #id
            static __SHAPE: #schema::Shape = #shape;
            #[automatically_derived]
            impl #impl_generics #schema::Schema for #ident #ty_generics where #(#preds,)* {
                const SHAPE: #schema::ShapeRef = #schema::ShapeRef::new(&__SHAPE);
            }
        }
    } else {
        // The type inside its own fields: a marker standing for the nearest
        // enclosing instance (a generic type has no `static` to point at).
        quote! {
            #id
            struct __Recur;
            impl #schema::Schema for __Recur {
                const SHAPE: #schema::ShapeRef =
                    #schema::ShapeRef::new(&#schema::Shape::Recur { name: #name, id: __ID });
            }
            #[automatically_derived]
            impl #impl_generics #schema::Schema for #ident #ty_generics where #(#preds,)* {
                const SHAPE: #schema::ShapeRef = #shape_ref;
            }
        }
    }
}

/// In a generic type, `Self` and the type with its own parameters
/// (`Tree<T>` inside `Tree<T>`) become the `__Recur` marker.
fn mark_recursion(cont: &Container, ty: &syn::Type) -> syn::Type {
    struct Mark<'a> {
        this: &'a syn::Ident,
        params: Vec<String>,
    }
    impl VisitMut for Mark<'_> {
        fn visit_type_path_mut(&mut self, p: &mut syn::TypePath) {
            if p.qself.is_none() && p.path.segments.len() == 1 {
                let seg = &p.path.segments[0];
                let args: Vec<String> = match &seg.arguments {
                    syn::PathArguments::AngleBracketed(a) => {
                        a.args.iter().map(|a| quote!(#a).to_string().replace(' ', "")).collect()
                    }
                    _ => Vec::new(),
                };
                if seg.ident == "Self" || (seg.ident == *self.this && args == self.params) {
                    *p = syn::parse_quote!(__Recur);
                    return;
                }
            }
            syn::visit_mut::visit_type_path_mut(self, p);
        }
    }
    let params = cont
        .generics
        .params
        .iter()
        .map(|p| match p {
            syn::GenericParam::Lifetime(l) => l.lifetime.to_string().replace(' ', ""),
            syn::GenericParam::Type(t) => t.ident.to_string(),
            syn::GenericParam::Const(c) => c.ident.to_string(),
        })
        .collect();
    let mut ty = ty.clone();
    Mark { this: cont.ident, params }.visit_type_mut(&mut ty);
    ty
}

/// `FieldType: Schema` for each encoded field whose type mentions a type
/// parameter (exact bounds, so `T::Assoc` fields work too).
fn field_bounds(cont: &Container, n: &Names) -> Vec<TokenStream> {
    let krate = &n.krate;
    let params: Vec<String> = cont.generics.type_params().map(|p| p.ident.to_string()).collect();
    if params.is_empty() {
        return Vec::new();
    }
    let fields: Vec<&Field> = match &cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(vs) => vs.iter().filter(|v| !v.attrs.skip.is_set()).flat_map(|v| &v.fields).collect(),
    };
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for f in fields.into_iter().filter(|f| f.is_wire() && !is_custom(f) && !f.attrs.serde.is_set()) {
        let ty = mark_recursion(cont, f.ty);
        let text = quote!(#ty).to_string();
        let mentions = text.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| params.iter().any(|p| p == w));
        if mentions && !seen.contains(&text) {
            seen.push(text);
            out.push(quote!(#ty: #krate::schema::Schema));
        }
    }
    out
}

struct Gen<'a> {
    cont: &'a Container<'a>,
    n: &'a Names,
    /// The descriptor goes in a `static`: field types must not name the
    /// impl's lifetimes or `Self`.
    is_static: bool,
}

impl Gen<'_> {
    /// The definition's identity: `__ID`, emitted beside the impl.
    fn id(&self) -> TokenStream {
        quote!(__ID)
    }

    fn field_shape(&self, f: &Field) -> TokenStream {
        let schema = {
            let krate = &self.n.krate;
            quote!(#krate::schema)
        };
        // The same text names the same item only from the same module,
        // unless the path is absolute within the crate. A path into the
        // core crate (its `with` adapters) is absolute too, named without
        // a leading `::`: the same adapter is the same form from any module.
        let krate_name = {
            let krate = self.n.real();
            quote!(#krate).to_string().replace(' ', "").trim_start_matches("::").to_string() + "::"
        };
        let absolute = |leading_colon: bool, name: &str| {
            if name.trim_start_matches("::").starts_with(&krate_name) {
                let name = name.trim_start_matches("::");
                quote!(#name)
            } else if leading_colon || name.starts_with("crate::") {
                quote!(#name)
            } else {
                quote!(::core::concat!(::core::module_path!(), "::", #name))
            }
        };
        let ty = f.ty;
        let ty_text = quote!(#ty).to_string().replace(' ', "");
        if let Some(path) = f.attrs.with.get() {
            let name = quote!(#path).to_string().replace(' ', "");
            let with = absolute(path.leading_colon.is_some(), &name);
            return quote_spanned!(path.span()=>
                #schema::ShapeRef::new(&#schema::Shape::Opaque { with: #with, ty: #ty_text })
            );
        }
        // `as_array`: written as an array of integers, whatever the type's
        // own shape (a `bin`); as a reader this is conservative (the byte
        // buffers also read `bin`), as a writer it is what is written.
        if f.attrs.as_array.is_set() {
            return quote!(#schema::ShapeRef::new(&#schema::Shape::Seq {
                elem: <u8 as #schema::Schema>::SHAPE,
                len: __Option::None,
            }));
        }
        // `serde`: opaque, compatible with itself only (the serde impls are
        // not visible to the schema).
        if f.attrs.serde.is_set() {
            return quote!(#schema::ShapeRef::new(&#schema::Shape::Opaque { with: "serde", ty: #ty_text }));
        }
        // `as_map`: a map of the pairs' key and value shapes.
        if f.attrs.as_map.is_set() {
            let ty = if self.is_static { self.staticize(f.ty) } else { mark_recursion(self.cont, f.ty) };
            let krate = &self.n.krate;
            return quote_spanned!(f.ty.span()=> #schema::ShapeRef::new(&#schema::Shape::Map {
                key: <<#ty as #krate::__private::PairSeq>::K as #schema::Schema>::SHAPE,
                value: <<#ty as #krate::__private::PairSeq>::V as #schema::Schema>::SHAPE,
            }));
        }
        // Either half in user code: opaque like `with`, named by both
        // halves (`encode_with(path)`, `decode_with(path)`), so that only a
        // field with the same attributes reads it.
        if is_custom(f) {
            let parts = [("encode_with", f.attrs.encode_with.get()), ("decode_with", f.attrs.decode_with.get())]
                .into_iter()
                .filter_map(|(what, p)| p.map(|p| (what, p)))
                .enumerate()
                .map(|(i, (what, p))| {
                    let name = quote!(#p).to_string().replace(' ', "");
                    let path = absolute(p.path.leading_colon.is_some() || p.qself.is_some(), &name);
                    let sep = if i == 0 { "" } else { " " };
                    quote!(#sep, #what, "(", #path, ")")
                });
            let with = quote!(::core::concat!(#(#parts),*));
            return quote!(#schema::ShapeRef::new(&#schema::Shape::Opaque { with: #with, ty: #ty_text }));
        }
        let ty = if self.is_static { self.staticize(f.ty) } else { mark_recursion(self.cont, f.ty) };
        quote_spanned!(f.ty.span()=> <#ty as #schema::Schema>::SHAPE)
    }

    /// The field type as seen from outside the impl: lifetimes become
    /// `'static`, `Self` the type itself.
    fn staticize(&self, ty: &syn::Type) -> syn::Type {
        struct Fix<'a> {
            this: &'a syn::Ident,
            lifetimes: usize,
        }
        impl VisitMut for Fix<'_> {
            fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
                *l = syn::Lifetime::new("'static", l.span());
            }
            fn visit_type_path_mut(&mut self, p: &mut syn::TypePath) {
                if p.qself.is_none() && p.path.is_ident("Self") {
                    let this = self.this;
                    let args = (0..self.lifetimes).map(|_| quote!('static));
                    *p = if self.lifetimes == 0 {
                        syn::parse_quote!(#this)
                    } else {
                        syn::parse_quote!(#this<#(#args),*>)
                    };
                    return;
                }
                syn::visit_mut::visit_type_path_mut(self, p);
            }
        }
        let mut ty = ty.clone();
        Fix { this: self.cont.ident, lifetimes: self.cont.generics.lifetimes().count() }.visit_type_mut(&mut ty);
        ty
    }

    fn struct_def(&self, name: &str, id: TokenStream, style: Style, form: Form, fields: &[Field]) -> TokenStream {
        let krate = &self.n.krate;
        let schema = quote!(#krate::schema);
        let form_tokens = match (style, form) {
            (Style::Struct, Form::Map) => quote!(#schema::Form::Map),
            (Style::Struct, Form::Array) => quote!(#schema::Form::Array),
            (Style::Unit, _) => quote!(#schema::Form::Unit),
            _ => quote!(#schema::Form::Tuple),
        };
        let tuple = style != Style::Struct;
        let omit_defaults = self.cont.attrs.omit_defaults.is_set() && form == Form::Map && !tuple;
        let defs = fields.iter().filter(|f| f.is_wire()).map(|f| {
            let fname = match &f.member {
                syn::Member::Named(id) => id.to_string().trim_start_matches("r#").to_string(),
                syn::Member::Unnamed(i) => i.index.to_string(),
            };
            let key = key_tokens(&schema, &f.key);
            let aliases = f.attrs.aliases.iter().map(|a| a.value());
            let shape = self.field_shape(f);
            let has_default = f.is_option || f.attrs.default.is_set();
            // A container `default` fills any missing field; a field never
            // read (`skip_deserializing`) always takes its default. The
            // reader's view of such a field stays its key and shape: the
            // check may then refuse a writer of another shape under that
            // key, which the reader would skip (conservative, never wrong).
            let required =
                tuple || !(has_default || self.cont.attrs.default.is_set() || f.attrs.skip_deserializing.is_set());
            // Never written (`skip_serializing`): to the check, a field that
            // may be left out.
            let always =
                !(f.attrs.skip_if.is_set() || f.attrs.skip_serializing.is_set() || (omit_defaults && has_default));
            let flatten = f.attrs.flatten.is_set();
            // The common case is `FieldDef::new(name, shape)`; each
            // difference one `const` modifier.
            let mut def = quote!(#schema::FieldDef::new(#fname, #shape));
            if !matches!(&f.key, Key::Str(k) if *k == fname) {
                def = quote!(#def.key(#key));
            }
            if aliases.len() > 0 {
                def = quote!(#def.alias(&[#(#aliases),*]));
            }
            if !required {
                def = quote!(#def.optional());
            }
            if !always {
                def = quote!(#def.sometimes_written());
            }
            if flatten {
                def = quote!(#def.flattened());
            }
            def
        });
        let deny = self.cont.attrs.deny_unknown_fields.is_set();
        let generic = !self.is_static;
        quote! {
            #schema::StructDef {
                name: #name,
                id: #id,
                generic: #generic,
                form: #form_tokens,
                fields: &[#(#defs),*],
                deny_unknown_fields: #deny,
            }
        }
    }

    fn enum_def(&self, variants: &[Variant]) -> TokenStream {
        let cont = self.cont;
        let krate = &self.n.krate;
        let schema = quote!(#krate::schema);
        let name = cont.ident.to_string();
        let as_int = cont.unit_enum_as_int(variants);
        let tagging = cont.tagging();
        let defs = variants.iter().enumerate().filter(|(_, v)| !v.attrs.skip.is_set()).map(|(i, v)| {
            let vname = v.ident.to_string();
            let tag = if as_int {
                let int = cont.variant_int(i, v);
                quote!(#schema::Key::Int(#int))
            } else {
                key_tokens(&schema, &Key::Str(v.name.clone()))
            };
            let payload = match v.style {
                Style::Newtype if v.is_raw_other() => {
                    let shape = self.field_shape(&v.fields[0]);
                    quote!(#schema::Payload::Other(#shape))
                }
                Style::Unit => quote!(#schema::Payload::Unit),
                Style::Newtype if v.fields[0].is_wire() => {
                    let shape = self.field_shape(&v.fields[0]);
                    quote!(#schema::Payload::Newtype(#shape))
                }
                style => {
                    let form = if matches!(tagging, Tagging::Internal(_)) { Form::Map } else { cont.form() };
                    let def = self.struct_def(&vname, self.id(), style, form, &v.fields);
                    quote!(#schema::Payload::Struct(&#def))
                }
            };
            let aliases = v.attrs.aliases.iter().map(|a| a.value());
            let untagged = v.is_untagged(cont);
            quote!(#schema::VariantDef {
                name: #vname, tag: #tag, aliases: &[#(#aliases),*], payload: #payload, untagged: #untagged,
            })
        });
        let tagging = match tagging {
            Tagging::Internal(tag) => quote!(#schema::Tagging::Internal(#tag)),
            Tagging::Adjacent(tag, content) => quote!(#schema::Tagging::Adjacent { tag: #tag, content: #content }),
            Tagging::Untagged => quote!(#schema::Tagging::Untagged),
            Tagging::External => quote!(#schema::Tagging::External),
        };
        let other = variants.iter().any(|v| v.attrs.other.is_set());
        let id = self.id();
        let generic = !self.is_static;
        quote! {
            #schema::Shape::Enum(&#schema::EnumDef {
                name: #name,
                id: #id,
                generic: #generic,
                tagging: #tagging,
                variants: &[#(#defs),*],
                other: #other,
            })
        }
    }
}

/// A field with `encode_with` or `decode_with`.
fn is_custom(f: &Field) -> bool {
    f.attrs.encode_with.is_set() || f.attrs.decode_with.is_set()
}

fn key_tokens(schema: &TokenStream, k: &Key) -> TokenStream {
    match k {
        Key::Str(s) => quote!(#schema::Key::Str(#s)),
        Key::Int(i) => quote!(#schema::Key::Int(#i)),
    }
}
