//! The decoders of enums: unit-only enums as names or integers, externally
//! tagged enums (serde's default) and internally tagged ones (`tag`);
//! adjacently tagged ones are in `adjacent.rs`, untagged ones (and the
//! untagged variants of tagged ones) in `untagged.rs`.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::{adjacent, array_elements, decode_fn, map_entries, map_or_array, untagged};
use crate::ast::{Container, Style, Tagging, Variant};
use crate::encode::{unit_enum_as_int, variant_int};
use crate::expand::Names;
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
        None => quote!(::core::result::Result::<Self, _>::Err(#err)),
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
    let result = quote!(::core::result::Result::<Self, #krate::decode::Error>);
    match variants.iter().find(|v| v.attrs.other.is_set()) {
        // The whole value, as it was on the wire.
        Some(v) if v.is_raw_other() => {
            let vi = v.ident;
            let call = decode_fn(n, &v.fields[0]);
            match within {
                Within::Value => quote!({
                    __d.__rewind(__at);
                    #call(__d).map(Self::#vi)
                }),
                Within::Container => {
                    // A tag that comes twice is refused here too, as the
                    // known variants refuse it.
                    let single = tag_field.map(|t| quote!(#krate::__private::single_tag(__d, __at, #t)?;));
                    quote!({
                    #single
                    __d.leave();
                    __d.__rewind(__at);
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

pub(super) fn enum_body(cont: &Container, n: &Names, variants: &[Variant], name: &str) -> TokenStream {
    if cont.tagging() == Tagging::Untagged {
        return untagged::untagged_body(cont, n, variants, name);
    }
    let tagged = tagged_body(cont, n, variants, name);
    if variants.iter().any(|v| v.attrs.untagged.is_set() && !v.attrs.skip.is_set()) {
        return untagged::with_untagged_variants(cont, n, variants, name, tagged);
    }
    tagged
}

/// The tagged reading of an enum (its untagged variants left out).
fn tagged_body(cont: &Container, n: &Names, variants: &[Variant], name: &str) -> TokenStream {
    let krate = &n.krate;
    // Variants read by their tag: not skipped, not untagged, not the `other`
    // variant holding the unknown value (it has no tag of its own).
    let live: Vec<(usize, &Variant)> = variants
        .iter()
        .enumerate()
        .filter(|(_, v)| !v.attrs.skip.is_set() && !v.attrs.untagged.is_set() && !v.is_raw_other())
        .collect();
    if unit_enum_as_int(cont, variants) {
        let checks = live.iter().map(|(i, v)| {
            let vi = v.ident;
            let int = variant_int(cont, *i, v);
            quote!(if __v == (#int) as i128 { return ::core::result::Result::Ok(Self::#vi); })
        });
        let unknown = unknown_tag(n, variants, name, quote!(), None, Within::Value);
        return quote! {
            let __tag_at = __d.position();
            let __v: i128 = __d.i128().map_err(|_| __d.type_error(#name, __tag_at))?;
            #(#checks)*
            #unknown
        };
    }
    match cont.tagging() {
        Tagging::Internal(tag) => return internally_tagged(cont, n, &live, variants, name, tag),
        Tagging::Adjacent(tag, content) => {
            return adjacent::adjacently_tagged(cont, n, &live, variants, name, tag, content);
        }
        Tagging::External | Tagging::Untagged => {}
    }
    // Externally tagged (serde's default): a unit variant is its name, a
    // variant with data the map `{name: payload}`.
    let unit_arms = live.iter().filter(|(_, v)| v.style == Style::Unit).map(|(_, v)| {
        let vi = v.ident;
        let lit = tag_pattern(v);
        quote!(#lit => ::core::result::Result::Ok(Self::#vi),)
    });
    let data_arms = live.iter().map(|(_, v)| {
        let lit = tag_pattern(v);
        let vname = &v.name;
        let payload = variant_payload(cont, n, v);
        quote!(#lit => #payload.map_err(|__err| __err.at_field(#vname))?,)
    });
    let not_one =
        not_tagged(n, variants, quote!(#krate::__private::invalid_length(__d, 1, __len, __at)), Within::Value);
    let not_tagged = not_tagged(n, variants, quote!(__d.type_error(#name, __at)), Within::Value);
    let unknown_unit = unknown_tag(n, variants, name, quote!(), None, Within::Value);
    let unknown_data = unknown_tag(n, variants, name, quote!(__d.skip()?;), None, Within::Container);
    quote! {
        let __at = __d.position();
        match __d.peek()? {
            #krate::marker::Marker::Str => {
                let __tag_at = __at;
                let __tag = __d.str_bytes()?;
                match __tag {
                    #(#unit_arms)*
                    _ => #unknown_unit,
                }
            }
            #krate::marker::Marker::Map => {
                let __len = __d.map_len()?;
                if __len != 1 {
                    return #not_one;
                }
                __d.enter()?;
                let __tag_at = __d.position();
                let __tag = __d.str_bytes()?;
                let __value = match __tag {
                    #(#data_arms)*
                    _ => #unknown_data?,
                };
                __d.leave();
                ::core::result::Result::Ok(__value)
            }
            _ => #not_tagged,
        }
    }
}

fn internally_tagged(
    cont: &Container,
    n: &Names,
    live: &[(usize, &Variant)],
    variants: &[Variant],
    name: &str,
    tag: &str,
) -> TokenStream {
    let krate = &n.krate;
    let tag_key = wire::lit(&wire::str(tag));
    let tag_payload = wire::lit(tag.as_bytes());
    let deny = cont.attrs.deny_unknown_fields.is_set();
    let rest_of_unit = if deny {
        quote!({
            for _ in 0..__rest {
                let __key_at = __d.position();
                match #krate::__private::read_key(__d)? {
                    #krate::__private::Key::Str(__k) if __skip.is_some_and(|__t| __t.is(__k)) => {
                        if let ::core::option::Option::Some(__t) = __skip.as_mut() {
                            __t.seen(__d, __key_at)?;
                        }
                    }
                    _ => return ::core::result::Result::Err(#krate::__private::unknown_field(__d, __key_at)),
                }
            }
        })
    } else {
        quote!(#krate::__private::skip_entries_but_tag(__d, __rest, &mut __skip)?;)
    };
    let arms = live.iter().map(|(_, v)| {
        let vi = v.ident;
        let lit = tag_pattern(v);
        let ctor = quote!(Self::#vi);
        let body = match v.style {
            Style::Unit => quote!({ #rest_of_unit Self::#vi }),
            Style::Newtype => {
                let ty = v.fields[0].ty;
                let de = syn::Lifetime::new("'de", Span::call_site());
                let map = quote_spanned!(ty.span()=> <#ty as #krate::__private::DecodeMap<#de>>);
                quote!(Self::#vi(#map::__decode_entries(__d, __rest, __at, __skip)?))
            }
            _ => {
                let entries = map_entries(cont, n, &v.fields, &ctor);
                quote!({
                    let __len = __rest;
                    let __skip_key = __skip;
                    #entries
                })
            }
        };
        quote!(#lit => #body,)
    });
    let unknown = unknown_tag(
        n,
        variants,
        name,
        quote!(#krate::__private::skip_entries_but_tag(__d, __rest, &mut __skip)?;),
        Some(tag),
        Within::Container,
    );
    let not_map = not_tagged(n, variants, quote!(__d.type_error(#name, __at)), Within::Value);
    let no_tag = not_tagged(n, variants, quote!(#krate::__private::missing_field(__d, #tag, __at)), Within::Container);
    // The raw `other` variant reads the whole map again: leave it as read.
    let no_tag = quote!({
        let __r: ::core::result::Result<Self, #krate::decode::Error> = #no_tag;
        let __r = __r?;
        __d.leave();
        ::core::result::Result::Ok(__r)
    });
    quote! {
        let __at = __d.position();
        if __d.peek()? != #krate::marker::Marker::Map {
            return #not_map;
        }
        let __len = __d.map_len()?;
        __d.enter()?;
        // The tag is usually first: one comparison. Otherwise find it
        // without moving, then read every entry, skipping the tag.
        #[allow(unused_mut)]
        let (__tag, __tag_at, __rest, mut __skip): (&[u8], usize, usize, ::core::option::Option<#krate::__private::TagKey>) =
            if __len > 0 && __d.eat_raw(#tag_key) {
                let __tag_at = __d.position();
                let __t = __d.str_bytes().map_err(|__err| __err.at_field(#tag))?;
                let __key = #krate::__private::TagKey { name: #tag, pending: false };
                (__t, __tag_at, __len - 1, ::core::option::Option::Some(__key))
            } else {
                match #krate::__private::find_tag(__d, __len, #tag_payload)? {
                    ::core::option::Option::Some((__t, __tag_at)) => {
                        let __key = #krate::__private::TagKey { name: #tag, pending: true };
                        (__t, __tag_at, __len, ::core::option::Option::Some(__key))
                    }
                    ::core::option::Option::None => {
                        return #no_tag;
                    }
                }
            };
        let __value = match __tag {
            #(#arms)*
            _ => #unknown?,
        };
        __d.leave();
        ::core::result::Result::Ok(__value)
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
            ::core::result::Result::<Self, #krate::decode::Error>::Ok(Self::#vi)
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
                ::core::result::Result::<Self, #krate::decode::Error>::Ok(__r)
            })
        }
        Style::Struct => {
            let elems = array_elements(cont, n, Style::Struct, &v.fields, &ctor);
            let map = if cont.form() == crate::ast::Form::Array && super::elems::has_flatten(&v.fields) {
                // Flattened fields are positions: read from an array only.
                quote!({
                    let __no: ::core::result::Result<Self, #krate::decode::Error> =
                        ::core::result::Result::Err(__d.type_error(#vname, __at));
                    __no?
                })
            } else {
                let entries = map_entries(cont, n, &v.fields, &ctor);
                quote!({
                    let __skip_key: ::core::option::Option<#krate::__private::TagKey> = ::core::option::Option::None;
                    #entries
                })
            };
            let body = map_or_array(krate, &map, &elems, vname);
            quote!({ #body })
        }
    };
    // A closure, so that errors returned early inside the payload (with
    // `?`) are the closure's result, not the function's.
    quote!((|__d: &mut #krate::Decoder<'de>| -> ::core::result::Result<Self, #krate::decode::Error> {
        #payload
    })(__d))
}
