//! Generates `Encode` (and, for map-form structs, the hidden `EncodeMap`).
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
mod costly;
mod elems;
mod enums;
mod field;
mod layout;
mod map;
use array::array_of;
use costly::costly_len;
use elems::elems_impl;
use enums::enum_body;
use field::{value_encode, value_len};
use map::MapEntries;

pub(crate) fn expand(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (impl_generics, ty_generics, _) = cont.generics.split_for_impl();
    let preds = bound::predicates(cont, &quote!(#krate::Encode), bound::Side::Encode);
    let (body, len) = match &cont.data {
        Data::Struct(..) if cont.transparent_field().is_some() => transparent_body(cont, n),
        Data::Struct(style, fields) => struct_body(cont, n, *style, fields),
        Data::Enum(variants) => enum_body(cont, n, variants),
    };
    let max_len = max_len(cont, n);
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Encode);
    let costly_len = costly_len(cont, n);
    // A transparent struct is its field: no window or map entries of its own.
    let plain = cont.transparent_field().is_none();
    let items_checks = crate::ast::field_check::field_checks_in(cont, crate::ast::field_check::Side::Encode, &body);
    let items_impl = match &cont.data {
        Data::Struct(Style::Struct | Style::Tuple, _) if cont.generics.params.is_empty() && plain => quote! {
            #[automatically_derived]
            impl #krate::__private::EncodeItems for #ident {
                #[inline(always)]
                fn __encode_items<__W: #krate::encode::Write>(
                    &self,
                    __e: &mut #krate::encode::Encoder<__W>,
                ) -> __Result<(), #krate::encode::Error<__W::Error>> {
                    #items_checks
                    #body
                }
            }
        },
        _ => quote!(),
    };
    let body = match &cont.data {
        // A struct whose encoding has a small bound goes through one window
        // of the sink (one room check per value, see `encode::bounded`).
        // The bound is a constant of the impl, known only after type
        // checking, so both calls are emitted around a constant condition
        // (the fields' code once, in `EncodeItems`, generic over the sink);
        // the window size must be a concrete constant, hence non-generic
        // types only.
        Data::Struct(Style::Struct | Style::Tuple, _) if cont.generics.params.is_empty() && plain => {
            let items = quote!(<Self as #krate::__private::EncodeItems>::__encode_items);
            quote! {
                if <Self as #krate::Encode>::MAX_LEN <= #krate::encode::bounded::BOUNDED_LIMIT {
                    __e.__bounded::<{ #krate::encode::bounded::window(<#ident as #krate::Encode>::MAX_LEN) }, Self>(
                        self,
                    )
                } else {
                    #items(self, __e)
                }
            }
        }
        _ => body,
    };
    let map_impl = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.form() == Form::Map && plain => {
            let wire: Vec<&Field> = fields.iter().filter(|f| f.is_written()).collect();
            let access = |f: &Field| {
                let m = &f.member;
                quote!(&self.#m)
            };
            let entries = MapEntries::new(cont, n, &wire, &access, &[]);
            let count = entries.count();
            let (pre, stmts) = entries.encode_stmts_switched();
            let elen = entries.len_expr(false);
            // Aliases too: an alias equal to an enclosing enum's tag would
            // read the tag as the field. Flattened structs add theirs.
            let own = wire::own_keys(fields);
            let nested = wire.iter().filter(|f| f.attrs.flatten.is_set()).map(|f| {
                let ty = f.ty;
                quote!(.with(&<#ty as #krate::__private::EncodeMap>::__KEYS))
            });
            quote! {
                #[automatically_derived]
                impl #impl_generics #krate::__private::EncodeMap for #ident #ty_generics where #(#preds,)* {
                    const __KEYS: #krate::__private::KeySet =
                        #krate::__private::KeySet::of(&[#(#own),*]) #(#nested)*;
                    #[inline]
                    fn __map_entries(&self) -> usize {
                        #count
                    }
                    #[inline(always)]
                    fn __encode_entries<__W: #krate::encode::Write>(
                        &self,
                        __e: &mut #krate::encode::Encoder<__W>,
                    ) -> __Result<(), #krate::encode::Error<__W::Error>> {
                        <Self as #krate::__private::MapBody>::__map_body::<false, __W>(self, __e)
                    }
                    #[inline(always)]
                    fn __entries_len(&self) -> usize {
                        #checks
                        #elen
                    }
                }
                #[automatically_derived]
                impl #impl_generics #krate::__private::MapBody for #ident #ty_generics where #(#preds,)* {
                    #[inline(always)]
                    fn __map_body<const __HEADER: bool, __W: #krate::encode::Write>(
                        &self,
                        __e: &mut #krate::encode::Encoder<__W>,
                    ) -> __Result<(), #krate::encode::Error<__W::Error>> {
                        #checks
                        #pre
                        #stmts
                        __Result::Ok(())
                    }
                }
            }
        }
        _ => quote!(),
    };
    let elems = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.form() == Form::Array && plain => {
            let preds: Vec<TokenStream> = preds.clone();
            elems_impl(cont, n, fields, &preds)
        }
        _ => quote!(),
    };
    // A fixed layout: the whole value as one template (see `layout`).
    let (layout_items, layout_hook) = match layout::encode(cont, n) {
        Some(parts) => parts,
        None => (quote!(), quote!()),
    };
    let encode_checks = crate::ast::field_check::field_checks_in(
        cont,
        crate::ast::field_check::Side::Encode,
        &quote!(#layout_hook #body),
    );
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
                #layout_hook
                #body
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                #len_checks
                #len
            }
        }
        #items_impl
        #map_impl
        #elems
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
    let sum = quote!(#krate::encode::bounded::max_len_sum(&[#(#parts),*]));
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

fn struct_body(cont: &Container, n: &Names, style: Style, fields: &[Field]) -> (TokenStream, TokenStream) {
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_written()).collect();
    let access = |f: &Field| {
        let m = &f.member;
        quote!(&self.#m)
    };
    match style {
        Style::Unit => (quote!(__e.array_len(0)), quote!(1usize)),
        Style::Newtype => {
            let f = wire[0];
            let a = access(f);
            let enc = value_encode(n, f, &a);
            let len = value_len(n, f, &a);
            (quote!(#enc __Result::Ok(())), len)
        }
        Style::Tuple => array_of(n, &wire, &access, &[]),
        Style::Struct => match cont.form() {
            Form::Array => array_of(n, &wire, &access, &[]),
            Form::Map => {
                let entries = MapEntries::new(cont, n, &wire, &access, &[]);
                let krate = &n.krate;
                let body = quote!(<Self as #krate::__private::MapBody>::__map_body::<true, __W>(self, __e));
                if entries.is_constant_count() {
                    let header = wire::map_header(entries.prefix_count + entries.fields.len()).len();
                    return (body, quote!(#header + <Self as #krate::__private::EncodeMap>::__entries_len(self)));
                }
                // With fields left out at run time, the length computes the
                // header's count and the entries with one evaluation of the
                // conditions.
                (body, entries.len_expr(true))
            }
        },
    }
}
