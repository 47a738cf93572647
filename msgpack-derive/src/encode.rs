//! Generates `Encode` (and, for structs with fields, their `EncodeBody`).
//!
//! Keys and headers are pre-encoded byte strings written with one copy;
//! consecutive constants are merged into one write; `encoded_len` is the sum
//! of constants and the fields' own lengths.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Names;
use crate::ast::bound;
use crate::ast::{Container, Data, Field, Form, Style};
use crate::wire;

mod array;
mod body;
mod costly;
mod elems;
mod enums;
mod field;
mod layout;
mod map;
use costly::costly_len;
use enums::enum_body;
use field::{value_encode, value_len};

pub(crate) fn expand(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (impl_generics, ty_generics, _) = cont.generics.split_for_impl();
    let preds = bound::predicates(cont, &quote!(#krate::Encode), bound::Side::Encode);
    let max_len = max_len(cont, n);
    let costly_len = costly_len(cont, n);
    // A fixed layout: the whole value as one template (see `layout`).
    // A fixed layout: the template of a slice of the type (see `layout`).
    let layout_items = layout::encode(cont, n).unwrap_or_default();
    let (encode, len, body_impl) = match body::body_impl(cont, n, &preds) {
        // A struct with a body: `encode` is the shared `encode_struct` (the
        // template, the bounded window or item by item, chosen by constants
        // of the impl), which writes the body with its header.
        Some((body_impl, len)) => {
            let form = n.form(body::body_form(cont).expect("a struct with a body"));
            // The window size must be a concrete constant, hence non-generic
            // types only (a generic type goes item by item).
            let encode = if cont.generics.params.is_empty() {
                quote! {
                    #krate::__private::encode_struct::<
                        { #krate::__private::window(<#ident as #krate::Encode>::MAX_LEN) }, #form, Self, __W,
                    >(self, __e)
                }
            } else {
                quote!(#krate::__private::encode_struct_unbounded::<#form, Self, __W>(self, __e))
            };
            (encode, len, body_impl)
        }
        None => {
            let (body, len) = match &cont.data {
                Data::Struct(..) if cont.transparent_field().is_some() => transparent_body(cont, n),
                Data::Struct(style, fields) => struct_body(n, *style, fields),
                Data::Enum(variants) => enum_body(cont, n, variants),
            };
            (body, len, quote!())
        }
    };
    let encode_checks = crate::ast::field_check::field_checks_in(cont, crate::ast::field_check::Side::Encode, &encode);
    let len_checks = crate::ast::field_check::field_checks_in(cont, crate::ast::field_check::Side::Encode, &len);
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::Encode for #ident #ty_generics where #(#preds,)* {
            #max_len
            #costly_len
            #layout_items
            #[inline]
            fn encode<__W: #krate::encode::Write>(
                &self,
                __e: &mut #krate::encode::Encoder<__W>,
            ) -> __Result<(), #krate::encode::Error<__W::Error>> {
                #encode_checks
                #encode
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                #len_checks
                #len
            }
        }
        #body_impl
    }
}

/// `const MAX_LEN` of a struct: its header, its keys and the bounds of
/// its fields' types (none for a `with` field); enums keep the default (no
/// bound).
fn max_len(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    let Data::Struct(style, fields) = &cont.data else { return quote!() };
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_written()).collect();
    let field_max = |f: &Field| {
        let ty = f.ty;
        if f.attrs.with.is_set()
            || f.attrs.encode_with.is_set()
            || f.attrs.as_array.is_set()
            || f.attrs.flatten.is_set()
            || f.attrs.as_map.is_set()
            || f.attrs.serde.is_set()
        {
            quote!(usize::MAX)
        } else {
            quote!(<#ty as #krate::Encode>::MAX_LEN)
        }
    };
    let mut parts: Vec<TokenStream> = Vec::new();
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Encode);
    if let Some(f) = cont.transparent_field() {
        let part = field_max(f);
        return quote!(const MAX_LEN: usize = { #checks #part };);
    }
    match style {
        Style::Unit => parts.push(quote!(1usize)),
        Style::Newtype => parts.push(field_max(wire[0])),
        Style::Tuple => {
            let head = wire::array_header(wire.len()).len();
            parts.push(quote!(#head));
            parts.extend(wire.iter().map(|f| field_max(f)));
        }
        Style::Struct => match cont.form() {
            Form::Array => {
                let head = wire::array_header(wire.len()).len();
                parts.push(quote!(#head));
                parts.extend(wire.iter().map(|f| field_max(f)));
            }
            Form::Map => {
                let keys: usize = wire.iter().map(|f| wire::key(&f.key).len()).sum();
                let head = wire::map_header(wire.len()).len() + keys;
                parts.push(quote!(#head));
                parts.extend(wire.iter().map(|f| field_max(f)));
            }
        },
    }
    let sum = quote!(#krate::__private::max_len_sum(&[#(#parts),*]));
    if checks.is_empty() {
        quote!(const MAX_LEN: usize = #sum;)
    } else {
        quote!(const MAX_LEN: usize = { #checks #sum };)
    }
}

/// A `transparent` struct: its one encoded field, alone.
fn transparent_body(cont: &Container, n: &Names) -> (TokenStream, TokenStream) {
    let f = cont.transparent_field().expect("a transparent struct has one encoded field");
    let m = &f.member;
    let a = quote!(&self.#m);
    let enc = value_encode(n, f, &a);
    (quote!(#enc __Result::Ok(())), value_len(n, f, &a))
}

/// A struct without a body (see `body::body_form`): a unit struct or a
/// newtype.
fn struct_body(n: &Names, style: Style, fields: &[Field]) -> (TokenStream, TokenStream) {
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_written()).collect();
    match style {
        Style::Unit => (quote!(__e.array_len(0)), quote!(1usize)),
        _ => {
            let f = wire[0];
            let m = &f.member;
            let a = quote!(&self.#m);
            let enc = value_encode(n, f, &a);
            let len = value_len(n, f, &a);
            (quote!(#enc __Result::Ok(())), len)
        }
    }
}
