//! Generates `Decode` (and, for map-form structs, the hidden `DecodeMap`).
//!
//! Map bodies take an in-order fast path (the next raw key bytes compared
//! with the expected field's pre-encoded key), then fall back to a match on
//! the key for any order; unknown keys are skipped without decoding (or
//! rejected with `deny_unknown_fields`); duplicates are errors; missing
//! fields take their default or give an error naming them. Enums are in
//! `decode/enums.rs`.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Names;
use crate::ast::bound;
use crate::ast::{Container, Data, Field, Form, Style};

mod adjacent;
mod array;
mod elems;
mod enums;
mod field;
mod layout;
mod map;
mod untagged;
mod variant;
use array::array_elements;
use field::{
    construct, decode_fn, from_container_default, make_container_default, map_or_array, skipped_value, value_decode,
};
use map::map_entries;

pub(crate) fn expand(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let params = bound::decode_impl_params(cont);
    let preds = bound::predicates(cont, &quote!(#krate::Decode<'de>), bound::Side::Decode);
    let name = ident.to_string();
    // First in every body that decodes a field (see `field_check`).
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Decode);
    let body = match &cont.data {
        Data::Struct(style, fields) => struct_body(cont, n, *style, fields, &name),
        Data::Enum(variants) => enums::enum_body(cont, n, variants, &name),
    };
    let map_impl = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.has_flatten_decode() => {
            let entries = map_entries(cont, n, fields, &quote!(Self));
            let entries_checks =
                crate::ast::field_check::field_checks_in(cont, crate::ast::field_check::Side::Decode, &entries);
            let head = quote! {
                #[automatically_derived]
                impl<#params> #krate::__private::FlattenDecode<'de> for #ident #ty_generics where #(#preds,)*
            };
            let flatten = map::flatten_impl(cont, n, fields, &head);
            quote! {
                #flatten
                #[automatically_derived]
                impl<#params> #krate::__private::DecodeMap<'de> for #ident #ty_generics where #(#preds,)* {
                    #[inline]
                    fn __decode_entries(
                        __d: &mut #krate::Decoder<'de>,
                        __len: usize,
                        __at: usize,
                        __skip_key: __Option<#krate::__private::TagKey>,
                    ) -> __Result<Self, #krate::decode::Error> {
                        #entries_checks
                        __Result::Ok(#entries)
                    }
                }
            }
        }
        _ => quote!(),
    };
    let elems_impl = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.form() == Form::Array && cont.transparent_field().is_none() => {
            let head = quote! {
                #[automatically_derived]
                impl<#params> #krate::__private::DecodeElems<'de> for #ident #ty_generics where #(#preds,)*
            };
            elems::elems_impl(cont, n, fields, &head)
        }
        _ => quote!(),
    };
    // A map-form struct's fallback is the shared `struct_fallback` (its
    // map branch is `__decode_entries`, its array branch `__take_index` by
    // position); a struct that flattens reads a map only, the general body.
    let fallback_body = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.has_flatten_decode() && !crate::ast::has_flatten(fields) => {
            let max = if cont.attrs.deny_unknown_fields.is_set() {
                let count = fields.iter().filter(|f| f.is_read()).count();
                quote!(#count)
            } else {
                quote!(::core::primitive::usize::MAX)
            };
            quote!(#krate::__private::struct_fallback::<Self>(__d, #name, #max))
        }
        _ => quote!(#checks #body),
    };
    let (body, fallback_impl) = match fast_path(cont, n) {
        // The common form inline, everything else in the out-of-line
        // `DecodeFallback` (see there).
        Some(fast) => (
            // `Ok(..?)`, not the call's result as it is: the fallback then
            // writes into a temporary of its own, so the caller's copy of the
            // result is not handed to an out-of-line call and can stay in
            // registers (no reload of fields just stored to the stack).
            quote! {
                #fast
                __Result::Ok(<Self as #krate::__private::DecodeFallback<'de>>::__decode_fallback(__d)?)
            },
            quote! {
                #[automatically_derived]
                impl<#params> #krate::__private::DecodeFallback<'de> for #ident #ty_generics where #(#preds,)* {
                    #[inline(never)]
                    fn __decode_fallback(
                        __d: &mut #krate::Decoder<'de>,
                    ) -> __Result<Self, #krate::decode::Error> {
                        #fallback_body
                    }
                }
            },
        ),
        None => (body, quote!()),
    };
    // A small struct's fast path is a handful of loads: inlined always, its
    // fields stay in registers instead of round-tripping through a
    // returned `Result` in memory (a stall when the caller reads them back
    // wider than they were stored).
    let inline = if is_small(cont) { quote!(#[inline(always)]) } else { quote!(#[inline]) };
    // A fixed layout: the whole value from one template (see `layout`).
    let (layout_items, layout_hook) = match layout::decode(cont, n) {
        Some(parts) => parts,
        None => (quote!(), quote!()),
    };
    let decode_checks = crate::ast::field_check::field_checks_in(
        cont,
        crate::ast::field_check::Side::Decode,
        &quote!(#layout_hook #body),
    );
    quote! {
        #[automatically_derived]
        impl<#params> #krate::Decode<'de> for #ident #ty_generics where #(#preds,)* {
            #layout_items
            #inline
            fn decode(__d: &mut #krate::Decoder<'de>) -> __Result<Self, #krate::decode::Error> {
                #decode_checks
                #layout_hook
                #body
            }
        }
        #fallback_impl
        #map_impl
        #elems_impl
    }
}

/// Structs of at most 8 fields (or fewer) with a fast path.
fn is_small(cont: &Container) -> bool {
    matches!(&cont.data, Data::Struct(Style::Struct | Style::Tuple, fields) if fields.len() <= 8)
}

/// The inlined fast path of a struct's decode, for the form it writes: a
/// `fixarray` of exactly its field count (array form, tuple structs), or a
/// `fixmap` handed to its `DecodeMap` (map form). It returns early; when it
/// does not apply nothing has been consumed and the full decode follows.
fn fast_path(cont: &Container, n: &Names) -> Option<TokenStream> {
    let krate = &n.krate;
    let Data::Struct(style, fields) = &cont.data else { return None };
    if cont.transparent_field().is_some() || (cont.form() == Form::Array && crate::ast::has_flatten(fields)) {
        return None;
    }
    match style {
        Style::Struct if cont.form() == Form::Map => Some(quote! {
            if let __Option::Some((__len, __at)) = __d.__fixmap() {
                __d.enter()?;
                let __r = <Self as #krate::__private::DecodeMap<'de>>::__decode_entries(
                    __d, __len, __at, __Option::None,
                )?;
                __d.leave();
                return __Result::Ok(__r);
            }
        }),
        Style::Struct | Style::Tuple => {
            let count = fields.iter().filter(|f| f.is_read()).count();
            if count >= 16 {
                return None;
            }
            let count = count as u8;
            let values: Vec<TokenStream> = fields
                .iter()
                .map(|f| if f.is_read() { value_decode(n, f, false) } else { skipped_value(cont, f) })
                .collect();
            let mut build = match runs_then_build(cont, n, *style, fields, &values) {
                Some(build) => build,
                None => construct(&quote!(Self), *style, fields, &values),
            };
            if fields.iter().any(|f| !f.is_read() && from_container_default(cont, f)) {
                let make = make_container_default(cont);
                build = quote!({ #make #build });
            }
            Some(quote! {
                if __d.__fixarray_exact(#count) {
                    __d.enter()?;
                    let __r = #build;
                    __d.leave();
                    return __Result::Ok(__r);
                }
            })
        }
        Style::Unit | Style::Newtype => None,
    }
}

/// With runs of fixed-layout fields (see `layout::runs`), the array-form
/// fast path's build: the fields in order into locals, each run from one
/// template if the input holds it (else its fields one by one), then the
/// struct from the locals; `None` without runs.
fn runs_then_build(
    cont: &Container,
    n: &Names,
    style: Style,
    fields: &[Field],
    values: &[TokenStream],
) -> Option<TokenStream> {
    let runs = crate::ast::layout::runs(cont, fields);
    if runs.is_empty() {
        return None;
    }
    let krate = &n.krate;
    let tr = quote!(#krate::Decode<'de>);
    let locals: Vec<syn::Ident> = (0..fields.len()).map(|i| quote::format_ident!("__v{}", i)).collect();
    let mut lets = Vec::new();
    let mut i = 0;
    while i < fields.len() {
        match runs.iter().find(|r| r.start == i) {
            Some(r) => {
                let run = &fields[r.start..r.end];
                let layout = crate::wire::run_layout(n, run, false, &tr);
                let read = layout::run_read(n, run, false);
                let these = &locals[r.start..r.end];
                let each = &values[r.start..r.end];
                lets.push(quote! {
                    let (#(#these,)*) = match __d.__fixed_run(const { &#layout }, #read) {
                        __Option::Some(__t) => __t,
                        __Option::None => (#(#each,)*),
                    };
                });
                i = r.end;
            }
            None => {
                let (l, v) = (&locals[i], &values[i]);
                lets.push(quote!(let #l = #v;));
                i += 1;
            }
        }
    }
    let vals: Vec<TokenStream> = locals.iter().map(|l| quote!(#l)).collect();
    let build = construct(&quote!(Self), style, fields, &vals);
    Some(quote!({ #(#lets)* #build }))
}

fn struct_body(cont: &Container, n: &Names, style: Style, fields: &[Field], name: &str) -> TokenStream {
    let krate = &n.krate;
    let ctor = quote!(Self);
    // A transparent struct is its one encoded field (no path segment, as
    // for a newtype); the others take their defaults.
    if cont.transparent_field().is_some() {
        let values: Vec<TokenStream> = fields
            .iter()
            .map(|f| {
                if f.is_read() {
                    let call = decode_fn(n, f);
                    quote!(#call(__d)?)
                } else {
                    skipped_value(cont, f)
                }
            })
            .collect();
        let build = construct(&ctor, style, fields, &values);
        return quote!(__Result::Ok(#build));
    }
    match style {
        // `nil`, or the empty array that rmp-serde writes for a unit struct.
        Style::Unit => quote! {
            let __at = __d.position();
            if __d.peek()? == #krate::marker::Marker::Array {
                let __len = __d.array_len()?;
                if __len != 0 {
                    return __Result::Err(#krate::__private::invalid_length(__d, 0, __len, __at));
                }
            } else {
                __d.nil()?;
            }
            __Result::Ok(Self)
        },
        Style::Newtype => {
            let call = decode_fn(n, &fields[0]);
            quote!(__Result::Ok(Self(#call(__d)?)))
        }
        Style::Tuple => {
            let elems = array_elements(cont, n, style, fields, &ctor);
            quote! {
                let __at = __d.position();
                let __len = __d.array_len()?;
                __d.enter()?;
                let __r = #elems;
                __d.leave();
                __Result::Ok(__r)
            }
        }
        Style::Struct => {
            let elems = array_elements(cont, n, style, fields, &ctor);
            let map = if cont.form() == Form::Map {
                quote!(<Self as #krate::__private::DecodeMap<'de>>::__decode_entries(__d, __len, __at, __Option::None)?)
            } else if crate::ast::has_flatten(fields) {
                // Flattened fields are positions: such a struct is read from
                // an array only.
                quote!({
                    let __no: __Result<Self, #krate::decode::Error> =
                        __Result::Err(__d.type_error(#name, __at));
                    __no?
                })
            } else {
                let entries = map_entries(cont, n, fields, &ctor);
                quote!({
                    let __skip_key: __Option<#krate::__private::TagKey> = __Option::None;
                    #entries
                })
            };
            map_or_array(krate, &map, &elems, name)
        }
    }
}
