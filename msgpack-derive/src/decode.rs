//! Generates `Decode` (and, for named structs, their `DecodeBody`).
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

pub(crate) fn expand(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let params = bound::decode_impl_params(cont);
    let preds = bound::predicates(cont, &quote!(#krate::Decode<'de>), bound::Side::Decode);
    let name = ident.to_string();
    // A named struct's decode body (see `map::body_impl`).
    let body_impl = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.transparent_field().is_none() => {
            let body = n.decode_body(cont.form());
            let head = quote! {
                #[automatically_derived]
                impl<#params> #body for #ident #ty_generics where #(#preds,)*
            };
            map::body_impl(cont, n, fields, &head)
        }
        _ => quote!(),
    };
    let body = match fast_path(cont, n) {
        Some(body) => body,
        None => match &cont.data {
            Data::Struct(style, fields) => struct_body(cont, n, *style, fields, &name),
            Data::Enum(variants) => enums::enum_body(cont, n, variants, &name),
        },
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
        #body_impl
    }
}

/// Structs of at most 8 fields (or fewer) with a fast path.
fn is_small(cont: &Container) -> bool {
    matches!(&cont.data, Data::Struct(Style::Struct | Style::Tuple, fields) if fields.len() <= 8)
}

/// The decode of a struct through the form it writes: a map-form struct
/// through the shared `decode_map_struct` (a `fixmap` inline, the rest out
/// of line), an array-form or tuple struct with its fast path inline (an
/// array header of exactly its field count, the fields in order) and the
/// rest out of line (the shared `decode_fallback`, or the tuple's own
/// body through `decode_cold`). `None` for the others (their body is read
/// in place).
fn fast_path(cont: &Container, n: &Names) -> Option<TokenStream> {
    let krate = &n.krate;
    let Data::Struct(style, fields) = &cont.data else { return None };
    if cont.transparent_field().is_some() || (cont.form() == Form::Array && crate::ast::has_flatten(fields)) {
        return None;
    }
    let name = cont.ident.to_string();
    match style {
        Style::Struct if cont.form() == Form::Map => {
            Some(quote!(#krate::__private::decode_map_struct::<Self>(__d, #name)))
        }
        Style::Struct | Style::Tuple => {
            let count = fields.iter().filter(|f| f.is_read()).count();
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
            // `Ok(..?)`, not the call's result as it is: the fallback then
            // writes into a temporary of its own, so the caller's copy of
            // the result is not handed to an out-of-line call and can stay
            // in registers (no reload of fields just stored to the stack).
            let rest = if *style == Style::Struct {
                let form = n.form(Form::Array);
                quote!(#krate::__private::decode_fallback::<#form, Self>(__d, #name)?)
            } else {
                let general = struct_body(cont, n, *style, fields, &name);
                quote!(#krate::__private::decode_cold(__d, |__d: &mut #krate::Decoder<'de>| { #general })?)
            };
            Some(quote! {
                if #krate::__private::array_exact(__d, #count) {
                    __d.enter()?;
                    let __r = #build;
                    __d.leave();
                    return __Result::Ok(__r);
                }
                __Result::Ok(#rest)
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
                    let (#(#these,)*) = match #krate::__private::fixed_run(__d, const { &#layout }, #read) {
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
        // Only an `array`-form struct with flattened fields reads itself
        // here (the others take `fast_path`): its flattened fields are
        // positions, so it is read from an array only.
        Style::Struct => {
            let elems = array_elements(cont, n, style, fields, &ctor);
            let map = quote!({
                let __no: __Result<Self, #krate::decode::Error> = __Result::Err(__d.type_error(#name, __at));
                __no?
            });
            map_or_array(krate, &map, &elems, name)
        }
    }
}
