//! The rules that only the compiler can check, once the types are known:
//! generated `const` assertions (the rest of `check` reports through
//! `Ctxt` at expansion time). Emitted beside the impls by `expand`.
//!
//! Assertions that a map never holds a key twice, for
//! flattened fields: a flattened struct's key (its own flattened structs'
//! included, see `__private::KeySet`) equal to a key, an alias or the
//! internal tag of the struct or struct variant that flattens it, or to
//! another flattened struct's; and that at most one catch-all map is
//! reached, none beside `deny_unknown_fields`. Emitted for non-generic
//! containers (a generic one's flattened types are not known here).

use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Data, Field, Form, Names, Style, Tagging};
use crate::wire;

pub(crate) fn flatten_checks(cont: &Container, n: &Names) -> TokenStream {
    if !cont.generics.params.is_empty() {
        return quote!();
    }
    match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.form() == Form::Map => {
            one_map(cont, n, &cont.ident.to_string(), fields, None)
        }
        Data::Enum(variants) => {
            let tag = match cont.tagging() {
                Tagging::Internal(tag) => Some(tag),
                _ => None,
            };
            let checks = variants.iter().filter(|v| v.style == Style::Struct && !v.attrs.skip.is_set()).map(|v| {
                let tag = if v.is_untagged(cont) { None } else { tag };
                one_map(cont, n, &format!("{}::{}", cont.ident, v.ident), &v.fields, tag)
            });
            quote!(#(#checks)*)
        }
        _ => quote!(),
    }
}

/// The checks for one map: a struct or a struct variant (`tag`: its
/// internal tag, an entry of the same map).
fn one_map(cont: &Container, n: &Names, what: &str, fields: &[Field], tag: Option<&str>) -> TokenStream {
    let krate = &n.krate;
    let flat: Vec<&Field> = fields.iter().filter(|f| f.is_wire() && f.attrs.flatten.is_set()).collect();
    if flat.is_empty() {
        return quote!();
    }
    let mut own = wire::own_keys(fields);
    own.extend(tag.map(|t| wire::lit(t.as_bytes())));
    let keys_of = |f: &Field| {
        let ty = f.ty;
        let body = n.encode_body(crate::ast::Form::Map);
        quote!(<#ty as #body>::KEYS)
    };
    let mut checks = Vec::new();
    for (i, f) in flat.iter().enumerate() {
        let ty = f.ty;
        let keys = keys_of(f);
        let name = f.member.to_token_stream().to_string();
        let msg = format!(
            "the struct flattened into `{what}` by `{name}` writes a key that `{what}` writes or reads itself (a field's key or alias{}): the map would hold the key twice",
            if tag.is_some() { ", or the tag" } else { "" }
        );
        checks.push(quote_spanned!(ty.span()=>
            const _: () = ::core::assert!(!#keys.overlaps(&#krate::__private::KeySet::of(&[#(#own),*])), #msg);
        ));
        for g in &flat[i + 1..] {
            let other = keys_of(g);
            let gname = g.member.to_token_stream().to_string();
            let msg = format!(
                "the structs flattened into `{what}` by `{name}` and `{gname}` write the same key: the map would hold it twice"
            );
            checks.push(quote_spanned!(g.ty.span()=>
                const _: () = ::core::assert!(!#keys.overlaps(&#other), #msg);
            ));
        }
    }
    // Catch-alls reached through flattened structs: one at most (a second
    // would stay empty), none beside `deny_unknown_fields`.
    let alls: Vec<TokenStream> = flat
        .iter()
        .map(|f| {
            let ty = f.ty;
            let form = n.form(crate::ast::Form::Map);
            quote!((<#ty as #krate::__private::DecodeBody<'static, #form>>::CATCH_ALL as usize))
        })
        .collect();
    let msg = format!(
        "`{what}` flattens more than one catch-all map (directly or through flattened structs): the first takes every key no field claims, the others stay empty"
    );
    checks.push(quote!(
        const _: () = ::core::assert!(0 #(+ #alls)* <= 1, #msg);
    ));
    if cont.attrs.deny_unknown_fields.is_set() {
        let msg = format!(
            "`{what}` has `deny_unknown_fields` but flattens a catch-all map (through a flattened struct), which takes every unknown key"
        );
        checks.push(quote!(
            const _: () = ::core::assert!(0 #(+ #alls)* == 0, #msg);
        ));
    }
    quote!(#(#checks)*)
}

/// For a non-generic internally tagged enum, item-level assertions (checked
/// even by `cargo check`) that no newtype variant's inner struct has a field
/// named like the tag. Generic enums rely on the inline `const` in `encode`.
pub(crate) fn tag_checks(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    let (Data::Enum(variants), Tagging::Internal(tag)) = (&cont.data, cont.tagging()) else { return quote!() };
    if !cont.generics.params.is_empty() {
        return quote!();
    }
    let tag_lit = wire::lit(tag.as_bytes());
    let checks = variants
        .iter()
        .filter(|v| v.style == Style::Newtype && !v.attrs.skip.is_set() && !v.is_untagged(cont) && !v.is_raw_other())
        .map(|v| {
            let ty = v.fields[0].ty;
            let msg = format!(
                "the inner struct of variant `{}` has a field with the wire key {tag:?}, which is `{}`'s tag",
                v.ident, cont.ident
            );
            quote_spanned!(ty.span()=>
                const _: () = ::core::assert!(
                    !<#ty as #krate::__private::EncodeBody<#krate::__private::MapForm>>::KEYS.contains(#tag_lit),
                    #msg
                );
            )
        });
    quote!(#(#checks)*)
}
