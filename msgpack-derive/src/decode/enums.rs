//! The decoders of enums: unit-only enums as names or integers, externally
//! tagged enums (serde's default) and internally tagged ones (`tag`);
//! adjacently tagged ones are in `adjacent.rs`, untagged ones (and the
//! untagged variants of tagged ones) in `untagged.rs`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::map::map_entries;
use super::variant::{Within, not_tagged, tag_pattern, unknown_tag, variant_payload};
use super::{adjacent, untagged};
use crate::ast::{Container, Names, Style, Tagging, Variant};
use crate::wire;

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
    if cont.unit_enum_as_int(variants) {
        let checks = live.iter().map(|(i, v)| {
            let vi = v.ident;
            let int = cont.variant_int(*i, v);
            quote!(if __v == (#int) as i128 { return __Result::Ok(Self::#vi); })
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
        quote!(#lit => __Result::Ok(Self::#vi),)
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
                __Result::Ok(__value)
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
                        if let __Option::Some(__t) = __skip.as_mut() {
                            __t.seen(__d, __key_at)?;
                        }
                    }
                    _ => return __Result::Err(#krate::__private::unknown_field(__d, __key_at)),
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
                let form = n.form(crate::ast::Form::Map);
                let entries = quote_spanned!(ty.span()=> #krate::__private::struct_entries::<#form, #ty>);
                quote!(Self::#vi(#entries(__d, __rest, __at, __skip)?))
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
        let __r: __Result<Self, #krate::decode::Error> = #no_tag;
        let __r = __r?;
        __d.leave();
        __Result::Ok(__r)
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
        let (__tag, __tag_at, __rest, mut __skip): (&[u8], usize, usize, __Option<#krate::__private::TagKey>) =
            if __len > 0 && __d.eat_raw(#tag_key) {
                let __tag_at = __d.position();
                let __t = __d.str_bytes().map_err(|__err| __err.at_field(#tag))?;
                let __key = #krate::__private::TagKey { name: #tag, pending: false };
                (__t, __tag_at, __len - 1, __Option::Some(__key))
            } else {
                match #krate::__private::find_tag(__d, __len, #tag_payload)? {
                    __Option::Some((__t, __tag_at)) => {
                        let __key = #krate::__private::TagKey { name: #tag, pending: true };
                        (__t, __tag_at, __len, __Option::Some(__key))
                    }
                    __Option::None => {
                        return #no_tag;
                    }
                }
            };
        let __value = match __tag {
            #(#arms)*
            _ => #unknown?,
        };
        __d.leave();
        __Result::Ok(__value)
    }
}
