//! What every tagged enum decoder shares: a variant's tags, its payload,
//! and what an unknown tag or an untagged value becomes.

use proc_macro2::TokenStream;
use quote::quote;

use super::array::array_elements;
use super::field::{decode_fn, map_or_array};
use super::map::map_entries;
use crate::ast::{Container, Names, Style, Variant};
use crate::wire;

/// Where an unknown tag was met, for the `other` variant that holds the
/// whole value: decoding it again from `__at` (the value's start).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Within {
    /// Nothing entered: the value is the tag string.
    Value,
    /// Inside the value's map or array (entered): leave, decode the whole
    /// value, enter again (so that the caller's `leave` balances).
    Container,
}

/// What an unknown tag becomes: the `other` variant, or an error. A
/// `Result<Self, _>` expression rather than a `return`, so that a match
/// with no other arm does not make the code after it unreachable.
/// What a value that is no tagged form of the enum at all (another type,
/// a map without the tag) becomes: the `other` variant holding the value
/// (read again from `__at`), or `err`. A `Result<Self, _>` expression.
pub(super) fn not_tagged(n: &Names, variants: &[Variant], err: TokenStream, within: Within) -> TokenStream {
    match variants.iter().find(|v| v.is_raw_other()) {
        Some(_) => unknown_tag(n, variants, "", quote!(), None, within),
        None => quote!(__Result::<Self, _>::Err(#err)),
    }
}

pub(super) fn unknown_tag(
    n: &Names,
    variants: &[Variant],
    name: &str,
    skip: TokenStream,
    tag_field: Option<&str>,
    within: Within,
) -> TokenStream {
    let krate = &n.krate;
    let result = quote!(__Result::<Self, #krate::decode::Error>);
    match variants.iter().find(|v| v.attrs.other.is_set()) {
        // The whole value, as it was on the wire.
        Some(v) if v.is_raw_other() => {
            let vi = v.ident;
            let call = decode_fn(n, &v.fields[0]);
            match within {
                Within::Value => quote!({
                    #krate::__private::rewind(__d, __at);
                    #call(__d).map(Self::#vi)
                }),
                Within::Container => {
                    // A tag that comes twice is refused here too, as the
                    // known variants refuse it.
                    let single = tag_field.map(|t| quote!(#krate::__private::single_tag(__d, __at, #t)?;));
                    quote!({
                    #single
                    __d.leave();
                    #krate::__private::rewind(__d, __at);
                    let __r = #call(__d).map(Self::#vi);
                    __d.enter()?;
                    __r
                    })
                }
            }
        }
        Some(v) => {
            let vi = v.ident;
            quote!({ #skip #result::Ok(Self::#vi) })
        }
        None => {
            let seg = tag_field.map(|t| quote!(.at_field(#t)));
            quote!(#result::Err(#krate::__private::unknown_variant(__d, #name, __tag_at) #seg))
        }
    }
}

/// The tags a variant is read under: its wire name, then its aliases, as a
/// pattern of byte strings.
pub(super) fn tag_pattern(v: &Variant) -> TokenStream {
    let lits = std::iter::once(v.name.clone())
        .chain(v.attrs.aliases.iter().map(|a| a.value()))
        .map(|n| wire::lit(n.as_bytes()));
    quote!(#(#lits)|*)
}

/// Reads a variant's payload at the current position: a `Result<Self, _>`
/// expression (`nil` for a unit variant, the field of a newtype, an array
/// for a tuple variant, a map or array for a struct variant).
pub(super) fn variant_payload(cont: &Container, n: &Names, v: &Variant) -> TokenStream {
    let krate = &n.krate;
    let vi = v.ident;
    let vname = &v.name;
    let ctor = quote!(Self::#vi);
    let payload = match v.style {
        Style::Unit => quote!({
            __d.nil()?;
            __Result::<Self, #krate::decode::Error>::Ok(Self::#vi)
        }),
        Style::Newtype => {
            let call = decode_fn(n, &v.fields[0]);
            return quote!(#call(__d).map(Self::#vi));
        }
        Style::Tuple => {
            let elems = array_elements(cont, n, Style::Tuple, &v.fields, &ctor);
            quote!({
                let __at = __d.position();
                let __len = __d.array_len()?;
                __d.enter()?;
                let __r = #elems;
                __d.leave();
                __Result::<Self, #krate::decode::Error>::Ok(__r)
            })
        }
        Style::Struct => {
            let elems = array_elements(cont, n, Style::Struct, &v.fields, &ctor);
            let map = if cont.form() == crate::ast::Form::Array && crate::ast::has_flatten(&v.fields) {
                // Flattened fields are positions: read from an array only.
                quote!({
                    let __no: __Result<Self, #krate::decode::Error> =
                        __Result::Err(__d.type_error(#vname, __at));
                    __no?
                })
            } else {
                let entries = map_entries(cont, n, &v.fields, &ctor);
                quote!({
                    let __skip_key: __Option<#krate::__private::TagKey> = __Option::None;
                    #entries
                })
            };
            let body = map_or_array(krate, &map, &elems, vname);
            quote!({ #body })
        }
    };
    // A closure, so that errors returned early inside the payload (with
    // `?`) are the closure's result, not the function's.
    quote!((|__d: &mut #krate::Decoder<'de>| -> __Result<Self, #krate::decode::Error> {
        #payload
    })(__d))
}
