//! How one field is read, defaulted and built, shared by every decoder:
//! the field's decode function, absent and skipped values, the container's
//! default, the constructor, and the map-or-array body of a named struct.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Field, Form, Names, Style};
use crate::attr::DefaultKind;

/// The function that decodes a field: `with`'s `decode` or the type's
/// `Decode::decode`, spanned at the attribute or the type so that a missing
/// impl is reported there. Its arguments and `'de` keep the call-site span:
/// a local named inside the type's span would not resolve when the type
/// comes from a `macro_rules!` expansion.
pub(super) fn decode_fn(n: &Names, f: &Field) -> TokenStream {
    let krate = &n.krate;
    let ty = f.ty;
    let de = syn::Lifetime::new("'de", Span::call_site());
    if f.attrs.as_map.is_set() {
        return quote_spanned!(ty.span()=> #krate::__private::pairs_from_map::<#ty, _, _>);
    }
    if f.attrs.serde.is_set() {
        return quote_spanned!(ty.span()=> #krate::__private::serde_decode::<#ty>);
    }
    match (f.attrs.with.get(), f.attrs.decode_with.get()) {
        (Some(path), _) => quote_spanned!(path.span()=> #path::decode),
        (None, Some(path)) => quote_spanned!(path.span()=> #path),
        (None, None) => quote_spanned!(ty.span()=> <#ty as #krate::Decode<#de>>::decode),
    }
}

/// Decodes one field's value, adding the field to the error path (through
/// `__private::field` / `element`: one instance per field type, not a
/// closure per field).
pub(super) fn value_decode(n: &Names, f: &Field, in_map: bool) -> TokenStream {
    if !is_plain(f) {
        // Through its own function, called in place (a `with` function's
        // borrowed result may need a coercion to the field's lifetime).
        let call = decode_fn(n, f);
        let seg = match &f.member {
            syn::Member::Unnamed(i) if !in_map => {
                let i = i.index as usize;
                quote!(.at_index(#i))
            }
            _ => {
                let name = f.display_name();
                quote!(.at_field(#name))
            }
        };
        return quote!(#call(__d).map_err(|__err| __err #seg)?);
    }
    match &f.member {
        syn::Member::Unnamed(i) if !in_map => {
            let i = i.index as usize;
            let helper = typed_helper(n, f, "element");
            quote!(#helper(__d, #i)?)
        }
        _ => {
            let name = f.display_name();
            let helper = typed_helper(n, f, "field");
            quote!(#helper(__d, #name)?)
        }
    }
}

/// `__private::NAME::<FieldType>`, spanned at the field's type (where a
/// type without `Decode` is reported).
pub(super) fn typed_helper(n: &Names, f: &Field, name: &str) -> TokenStream {
    let krate = &n.krate;
    let ty = f.ty;
    let name = syn::Ident::new(name, Span::call_site());
    quote_spanned!(ty.span()=> #krate::__private::#name::<#ty>)
}

/// Whether a field decodes through its type's own `Decode` (no `with`,
/// `decode_with`, `serde` or `as_map`).
pub(super) fn is_plain(f: &Field) -> bool {
    !f.attrs.as_map.is_set()
        && !f.attrs.serde.is_set()
        && f.attrs.with.get().is_none()
        && f.attrs.decode_with.get().is_none()
}

/// Whether an absent field is an error (no default of any kind).
pub(super) fn is_required(cont: &Container, f: &Field) -> bool {
    f.attrs.default.get().is_none() && !cont.attrs.default.is_set() && !f.is_option
}

/// The value of a field absent from the input: its default, the field of
/// the container's default (`__default`, see [`build_defaulted`]), `None`,
/// or an error naming it.
pub(super) fn absent_value(cont: &Container, n: &Names, f: &Field) -> TokenStream {
    let krate = &n.krate;
    let ty = f.ty;
    match f.attrs.default.get() {
        Some(DefaultKind::Trait) => quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default()),
        Some(DefaultKind::Path(path)) => quote_spanned!(path.span()=> #path()),
        None if cont.attrs.default.is_set() => {
            let m = &f.member;
            quote!(__default.#m)
        }
        None if f.is_option => quote!(__Option::None),
        None => {
            let name = f.display_name();
            quote!(return __Result::Err(#krate::__private::missing_field(__d, #name, __at)))
        }
    }
}

/// The value of a `skip`ped field: its default, or the field of the
/// container's default (a type without `Default` is reported at the
/// field's type, or at the container's `default`).
pub(super) fn skipped_value(cont: &Container, f: &Field) -> TokenStream {
    let ty = f.ty;
    match f.attrs.default.get() {
        Some(DefaultKind::Path(path)) => quote_spanned!(path.span()=> #path()),
        None if cont.attrs.default.is_set() => {
            let m = &f.member;
            quote!(__default.#m)
        }
        _ => quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default()),
    }
}

/// Whether a field's value may come from the container's default.
pub(super) fn from_container_default(cont: &Container, f: &Field) -> bool {
    cont.attrs.default.is_set() && f.attrs.default.get().is_none() && !f.attrs.flatten.is_set()
}

/// `let __default: Self = ...;`: the container's default value, spanned at
/// its attribute (where a missing `Default` impl is reported).
pub(super) fn make_container_default(cont: &Container) -> TokenStream {
    // Only the call is spanned: `__default` keeps the call-site span, so
    // that it resolves when the type comes from a `macro_rules!` expansion.
    let span = cont.attrs.default.tokens().map_or_else(Span::call_site, |t| t.span());
    let call = match cont.attrs.default.get() {
        Some(DefaultKind::Path(path)) => quote_spanned!(path.span()=> #path()),
        _ => quote_spanned!(span=> <Self as ::core::default::Default>::default()),
    };
    quote!(let __default: Self = #call;)
}

/// Builds a struct with a container `default` from `slots` (one
/// `Option<T>` local per wire field, `None` when the field was absent),
/// with serde's semantics: a missing field is that field of the
/// container's default value. The default value is only made when a field
/// needs it: when every such field is present, the first arm builds the
/// struct without it.
pub(super) fn build_defaulted(
    cont: &Container,
    n: &Names,
    ctor: &TokenStream,
    fields: &[Field],
    slots: &[syn::Ident],
) -> TokenStream {
    let make = make_container_default(cont);
    let full: Vec<TokenStream> = fields
        .iter()
        .zip(slots)
        .map(|(f, slot)| {
            if !f.is_read() {
                return skipped_value(cont, f);
            }
            if f.attrs.flatten.is_set() {
                return flatten_finish(n, f, slot, cont.form());
            }
            let absent = absent_value(cont, n, f);
            quote!(match #slot {
                __Option::Some(__x) => __x,
                __Option::None => #absent,
            })
        })
        .collect();
    let full_build = construct(ctor, Style::Struct, fields, &full);
    // A skipped field always takes its value from the default.
    if fields.iter().any(|f| !f.is_read() && from_container_default(cont, f)) {
        return quote!({ #make #full_build });
    }
    let defaulted: Vec<usize> = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.is_read() && from_container_default(cont, f))
        .map(|(i, _)| i)
        .collect();
    if defaulted.is_empty() {
        return full_build;
    }
    let present: Vec<TokenStream> = fields
        .iter()
        .enumerate()
        .map(|(i, _)| {
            if defaulted.contains(&i) {
                let slot = &slots[i];
                quote!(#slot)
            } else {
                full[i].clone()
            }
        })
        .collect();
    let present_build = construct(ctor, Style::Struct, fields, &present);
    let these: Vec<&syn::Ident> = defaulted.iter().map(|i| &slots[*i]).collect();
    quote!(match (#(#these,)*) {
        (#(__Option::Some(#these),)*) => #present_build,
        (#(#these,)*) => { #make #full_build }
    })
}

/// Builds `ctor { member: value, .. }` / `ctor(values..)`.
pub(super) fn construct(ctor: &TokenStream, style: Style, fields: &[Field], values: &[TokenStream]) -> TokenStream {
    match style {
        Style::Unit => quote!(#ctor),
        Style::Struct => {
            let inits = fields.iter().zip(values).map(|(f, v)| {
                let m = &f.member;
                quote!(#m: #v)
            });
            quote!(#ctor { #(#inits),* })
        }
        Style::Tuple | Style::Newtype => quote!(#ctor(#(#values),*)),
    }
}

/// A struct body read from a map (`map`, with `__len` in scope) or an array
/// (`elems`): the two forms every named struct accepts.
pub(super) fn map_or_array(krate: &syn::Path, map: &TokenStream, elems: &TokenStream, name: &str) -> TokenStream {
    quote! {
        let __at = __d.position();
        match __d.peek()? {
            #krate::marker::Marker::Map => {
                let __len = __d.map_len()?;
                __d.enter()?;
                let __r = #map;
                __d.leave();
                __Result::<Self, #krate::decode::Error>::Ok(__r)
            }
            #krate::marker::Marker::Array => {
                let __len = __d.array_len()?;
                __d.enter()?;
                let __r = #elems;
                __d.leave();
                __Result::Ok(__r)
            }
            _ => __Result::Err(__d.type_error(#name, __at)),
        }
    }
}

/// `<T as DecodeBody<'de, MapForm>>` of a field flattened into a map,
/// spanned at the type (where a type that cannot be flattened is
/// reported).
pub(super) fn flatten_trait(n: &Names, f: &Field) -> TokenStream {
    flatten_trait_in(n, f, Form::Map)
}

/// `<T as DecodeBody<'de, F>>` of a field flattened into a struct of form
/// `form`, spanned at the type.
pub(super) fn flatten_trait_in(n: &Names, f: &Field, form: Form) -> TokenStream {
    let ty = f.ty;
    let body = n.decode_body(form);
    quote_spanned!(ty.span()=> <#ty as #body>)
}

/// The value of a flattened field from its accumulator `slot`.
pub(super) fn flatten_finish(n: &Names, f: &Field, slot: &syn::Ident, form: Form) -> TokenStream {
    let t = flatten_trait_in(n, f, form);
    quote!(#t::finish(#slot, __d, __at)?)
}
