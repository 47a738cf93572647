//! How one field's value is written and measured, and when it is left
//! out, shared by every encoder.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Field, Names};
use crate::attr::DefaultKind;

/// Writes one field's value (`access` is an expression of type `&T`). The
/// function is spanned at the `with` attribute or the field's type (where a
/// missing impl is reported); `__e` keeps the call-site span, so that it
/// resolves even when the type comes from a `macro_rules!` expansion.
pub(super) fn value_encode(n: &Names, f: &Field, access: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let ty = f.ty;
    if f.attrs.as_array.is_set() {
        let bytes = quote_spanned!(ty.span()=> <#ty as ::core::convert::AsRef<[u8]>>::as_ref(#access));
        return quote!(#krate::__private::bytes_as_array(#bytes, __e)?;);
    }
    if f.attrs.as_map.is_set() {
        let pairs = quote_spanned!(ty.span()=> <#ty as #krate::__private::PairSeq>::__pairs(#access));
        return quote!(#krate::__private::pairs_as_map(#pairs, __e)?;);
    }
    if f.attrs.serde.is_set() {
        let func = quote_spanned!(ty.span()=> #krate::__private::serde_encode::<#ty, __W>);
        let named = f.serde_named;
        return quote!(#func(#access, __e, #named)?;);
    }
    let func = match (f.attrs.with.get(), f.attrs.encode_with.get()) {
        (Some(path), _) => quote_spanned!(path.span()=> #path::encode),
        (None, Some(path)) => quote_spanned!(path.span()=> #path),
        (None, None) => quote_spanned!(ty.span()=> <#ty as #krate::Encode>::encode),
    };
    quote!(#func(#access, __e)?;)
}

/// One field value's encoded length.
pub(super) fn value_len(n: &Names, f: &Field, access: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let ty = f.ty;
    if f.attrs.as_array.is_set() {
        let bytes = quote_spanned!(ty.span()=> <#ty as ::core::convert::AsRef<[u8]>>::as_ref(#access));
        return quote!(#krate::__private::bytes_as_array_len(#bytes));
    }
    if f.attrs.as_map.is_set() {
        let pairs = quote_spanned!(ty.span()=> <#ty as #krate::__private::PairSeq>::__pairs(#access));
        return quote!(#krate::__private::pairs_as_map_len(#pairs));
    }
    if f.attrs.serde.is_set() {
        let func = quote_spanned!(ty.span()=> #krate::__private::serde_len::<#ty>);
        let named = f.serde_named;
        return quote!(#func(#access, #named));
    }
    match (f.attrs.with.get(), f.attrs.encode_with.get()) {
        (Some(path), _) => quote_spanned!(path.span()=> #path::encoded_len(#access)),
        // No length function: the exact length is what it writes, counted.
        (None, Some(path)) => {
            let func = quote_spanned!(path.span()=> #path);
            quote!(#krate::__private::len_with(#access, |__v, __e| #func(__v, __e)))
        }
        (None, None) => quote_spanned!(ty.span()=> <#ty as #krate::Encode>::encoded_len(#access)),
    }
}

/// The condition under which a map-form field is not written, if any.
pub(super) fn omit_condition(cont: &Container, f: &Field, access: &TokenStream) -> Option<TokenStream> {
    let mut conds = Vec::new();
    if let Some(path) = f.attrs.skip_if.get() {
        conds.push(quote_spanned!(path.span()=> #path(#access)));
    }
    if cont.attrs.omit_defaults.is_set() {
        let ty = f.ty;
        match f.attrs.default.get() {
            Some(DefaultKind::Trait) => conds.push(quote_spanned!(ty.span()=>
                ::core::cmp::PartialEq::eq(#access, &<#ty as ::core::default::Default>::default())
            )),
            Some(DefaultKind::Path(path)) => {
                conds.push(quote_spanned!(path.span()=> ::core::cmp::PartialEq::eq(#access, &#path())))
            }
            None if f.is_option => conds.push(quote!(__Option::is_none(#access))),
            None => {}
        }
    }
    if conds.is_empty() { None } else { Some(quote!(#(#conds)||*)) }
}
