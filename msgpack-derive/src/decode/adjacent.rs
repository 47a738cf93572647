//! Adjacently tagged enums (`tag = "t", content = "c"`): `{"t": "V", "c":
//! payload}` with the two keys in either order (`{"t": "V"}` for a unit
//! variant), or `["V", payload]` in array form (rmp-serde's `to_vec`).
//!
//! No buffering when the content comes first: its position is kept, the
//! value skipped, and once the tag is known the decoder goes back to it
//! and then returns to the end of the map.

use proc_macro2::TokenStream;
use quote::quote;

use super::variant::{Within, not_tagged, tag_pattern, unknown_tag, variant_payload};
use crate::ast::Names;
use crate::ast::{Container, Style, Variant};
use crate::wire;

pub(super) fn adjacently_tagged(
    cont: &Container,
    n: &Names,
    live: &[(usize, &Variant)],
    variants: &[Variant],
    name: &str,
    tag: &str,
    content: &str,
) -> TokenStream {
    let krate = &n.krate;
    let tag_key = wire::lit(tag.as_bytes());
    let content_key = wire::lit(content.as_bytes());
    let tag_key_raw = wire::lit(&wire::str(tag));
    let content_key_raw = wire::lit(&wire::str(content));
    let known: Vec<TokenStream> = live.iter().map(|(_, v)| tag_pattern(v)).collect();
    let is_known = if known.is_empty() { quote!(false) } else { quote!(matches!(__t, #(#known)|*)) };
    // The payload of a known tag, at the current position.
    let payload_arms = live.iter().map(|(_, v)| {
        let lit = tag_pattern(v);
        let payload = variant_payload(cont, n, v);
        quote!(#lit => #payload,)
    });
    // A known tag without content: unit variants only.
    let bare_arms: Vec<TokenStream> = live
        .iter()
        .map(|(_, v)| {
            let lit = tag_pattern(v);
            let vi = v.ident;
            if v.style == Style::Unit {
                quote!(#lit => __Result::Ok(Self::#vi),)
            } else {
                quote!(#lit => __Result::Err(#krate::__private::missing_field(__d, #content, __at)),)
            }
        })
        .collect();
    let unknown_map = unknown_tag(n, variants, name, quote!(), Some(tag), Within::Container);
    let unknown_seq = unknown_tag(
        n,
        variants,
        name,
        quote!(for _ in 1..__len {
            __d.skip()?;
        }),
        None,
        Within::Container,
    );
    let no_tag = not_tagged(n, variants, quote!(#krate::__private::missing_field(__d, #tag, __at)), Within::Container);
    let not_tagged = not_tagged(n, variants, quote!(__d.type_error(#name, __at)), Within::Value);
    let unknown_key = if cont.attrs.deny_unknown_fields.is_set() {
        quote!(return __Result::Err(#krate::__private::unknown_field(__d, __key_at));)
    } else {
        quote!(__d.skip()?;)
    };
    quote! {
        let __at = __d.position();
        let __payload = |__d: &mut #krate::Decoder<'de>, __t: &[u8], __tag_at: usize|
            -> __Result<Self, #krate::decode::Error>
        {
            match __t {
                #(#payload_arms)*
                _ => __Result::Err(#krate::__private::unknown_variant(__d, #name, __tag_at)),
            }
        };
        match __d.peek()? {
            #krate::marker::Marker::Map => {
                let __len = __d.map_len()?;
                __d.enter()?;
                let mut __tag: __Option<(&'de [u8], usize)> = __Option::None;
                let mut __content: __Option<usize> = __Option::None;
                let mut __value: __Option<Self> = __Option::None;
                // The common order first: the tag, then the content, each
                // key compared as raw bytes.
                let mut __left = __len;
                if __left > 0 && __d.eat_raw(#tag_key_raw) {
                    __left -= 1;
                    let __tag_at = __d.position();
                    let __t = __d.str_bytes().map_err(|__err| __err.at_field(#tag))?;
                    __tag = __Option::Some((__t, __tag_at));
                    if __left > 0 && #is_known && __d.eat_raw(#content_key_raw) {
                        __left -= 1;
                        __content = __Option::Some(__d.position());
                        __value = __Option::Some(
                            __payload(__d, __t, __tag_at).map_err(|__err| __err.at_field(#content))?,
                        );
                    }
                }
                for _ in 0..__left {
                    let __key_at = __d.position();
                    match #krate::__private::read_key(__d)? {
                        #krate::__private::Key::Str(#tag_key) => {
                            if __tag.is_some() {
                                return __Result::Err(#krate::__private::duplicate_field(__d, #tag, __key_at));
                            }
                            let __tag_at = __d.position();
                            let __t = __d.str_bytes().map_err(|__err| __err.at_field(#tag))?;
                            __tag = __Option::Some((__t, __tag_at));
                        }
                        #krate::__private::Key::Str(#content_key) => {
                            if __content.is_some() {
                                return __Result::Err(#krate::__private::duplicate_field(__d, #content, __key_at));
                            }
                            __content = __Option::Some(__d.position());
                            match __tag {
                                __Option::Some((__t, __tag_at)) if #is_known => {
                                    __value = __Option::Some(
                                        __payload(__d, __t, __tag_at).map_err(|__err| __err.at_field(#content))?,
                                    );
                                }
                                _ => __d.skip()?,
                            }
                        }
                        _ => { #unknown_key }
                    }
                }
                let __Option::Some((__t, __tag_at)) = __tag else {
                    let __r: __Result<Self, #krate::decode::Error> = #no_tag;
                    let __r = __r?;
                    __d.leave();
                    return __Result::Ok(__r);
                };
                let __r: Self = if !#is_known {
                    #unknown_map?
                } else if let __Option::Some(__v) = __value {
                    __v
                } else if let __Option::Some(__pos) = __content {
                    // The content came before the tag: back to it, then on.
                    let __end = __d.position();
                    #krate::__private::rewind(__d, __pos);
                    let __v = __payload(__d, __t, __tag_at).map_err(|__err| __err.at_field(#content))?;
                    #krate::__private::rewind(__d, __end);
                    __v
                } else {
                    match __t {
                        #(#bare_arms)*
                        _ => __Result::Err(#krate::__private::unknown_variant(__d, #name, __tag_at)),
                    }?
                };
                __d.leave();
                __Result::Ok(__r)
            }
            #krate::marker::Marker::Array => {
                let __len = __d.array_len()?;
                if __len == 0 || __len > 2 {
                    return __Result::Err(#krate::__private::invalid_length(__d, 2, __len, __at));
                }
                __d.enter()?;
                let __tag_at = __d.position();
                let __t = __d.str_bytes().map_err(|__err| __err.at_index(0))?;
                let __r: Self = if !#is_known {
                    #unknown_seq?
                } else if __len == 2 {
                    __payload(__d, __t, __tag_at).map_err(|__err| __err.at_index(1))?
                } else {
                    match __t {
                        #(#bare_arms)*
                        _ => __Result::Err(#krate::__private::unknown_variant(__d, #name, __tag_at)),
                    }?
                };
                __d.leave();
                __Result::Ok(__r)
            }
            _ => #not_tagged,
        }
    }
}
