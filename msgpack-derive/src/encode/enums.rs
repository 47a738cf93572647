//! `Encode` for enums: unit-only enums as names or integers, externally
//! tagged (serde's default), internally tagged (`tag`), adjacently tagged
//! (`tag` + `content`) and untagged (the enum's or a variant's `untagged`,
//! and the `other` variant holding the unknown value, written back as it
//! was read).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::array::array_of;
use super::field::{value_encode, value_len};
use super::map::MapEntries;
use crate::ast::{Container, Field, Form, Names, Style, Tagging, Variant};
use crate::wire;

/// The pattern binding a variant's wire fields to `__f0`, `__f1`, ...
fn variant_pattern(v: &Variant) -> (TokenStream, Vec<syn::Ident>) {
    let vi = v.ident;
    let names: Vec<syn::Ident> = (0..v.fields.len()).map(|i| format_ident!("__f{}", i)).collect();
    let pat = match v.style {
        Style::Unit => quote!(Self::#vi),
        Style::Struct => {
            let binds = v.fields.iter().zip(&names).filter(|(f, _)| f.is_written()).map(|(f, b)| {
                let m = &f.member;
                quote!(#m: #b)
            });
            quote!(Self::#vi { #(#binds,)* .. })
        }
        Style::Tuple | Style::Newtype => {
            let binds = v.fields.iter().zip(&names).map(|(f, b)| if f.is_written() { quote!(#b) } else { quote!(_) });
            quote!(Self::#vi(#(#binds),*))
        }
    };
    (pat, names)
}

/// A variant's payload alone, after `head` (pre-encoded bytes: a tag, a
/// map header...): `(statements, length)`. A unit variant has no payload
/// unless `unit_nil` (untagged: `nil`, as serde writes a unit).
fn payload(
    cont: &Container,
    n: &Names,
    v: &Variant,
    access: &dyn Fn(&Field) -> TokenStream,
    head: &[u8],
    unit_nil: bool,
) -> (TokenStream, TokenStream) {
    let wire_fields: Vec<&Field> = v.fields.iter().filter(|f| f.is_written()).collect();
    let lit = wire::lit(head);
    let hl = head.len();
    let raw_head = if head.is_empty() { quote!() } else { quote!(__e.raw(#lit)?;) };
    match v.style {
        Style::Unit if unit_nil => (quote!({ #raw_head __e.nil() }), quote!(#hl + 1)),
        Style::Unit => (quote!({ #raw_head __Result::Ok(()) }), quote!(#hl)),
        Style::Newtype => {
            let f = wire_fields[0];
            let b = access(f);
            let enc = value_encode(n, f, &b);
            let len = value_len(n, f, &b);
            (quote!({ #raw_head #enc __Result::Ok(()) }), quote!(#hl + #len))
        }
        Style::Tuple => {
            let (enc, len) = array_of(n, &wire_fields, access, head);
            (quote!({ #enc }), len)
        }
        Style::Struct => match cont.form() {
            Form::Array => {
                let (enc, len) = array_of(n, &wire_fields, access, head);
                (quote!({ #enc }), len)
            }
            Form::Map => {
                let entries = MapEntries::new(cont, n, &wire_fields, access, &[]);
                let (setup, stmts) = entries.encode_stmts(true);
                let len = entries.len_expr(true);
                (quote!({ #raw_head #setup #stmts __Result::Ok(()) }), quote!(#hl + #len))
            }
        },
    }
}

/// An internally tagged variant: the tag entry beside the fields.
fn internal(
    cont: &Container,
    n: &Names,
    v: &Variant,
    tag: &str,
    by_binding: &dyn Fn(&Field) -> TokenStream,
) -> (TokenStream, TokenStream) {
    let krate = &n.krate;
    let wire_fields: Vec<&Field> = v.fields.iter().filter(|f| f.is_written()).collect();
    let tag_entry = (wire::str(tag), wire::str(&v.name));
    match v.style {
        Style::Newtype => {
            // Tag beside the inner map-form struct's fields.
            let f = wire_fields[0];
            let b = by_binding(f);
            let ty = f.ty;
            let entry: Vec<u8> = tag_entry.0.iter().chain(&tag_entry.1).copied().collect();
            let lit = wire::lit(&entry);
            let el = entry.len();
            let body = n.encode_body(crate::ast::Form::Map);
            let map = quote_spanned!(ty.span()=> <#ty as #body>);
            let tag_lit = wire::lit(tag.as_bytes());
            let msg = format!(
                "the inner struct of variant `{}` has a field with the wire key {tag:?}, which is `{}`'s tag",
                v.ident, cont.ident
            );
            (
                quote!({
                    // Evaluated at compile time (for a generic enum, per instantiation).
                    const { ::core::assert!(!#map::KEYS.contains(#tag_lit), #msg) };
                    let __n = #map::items(#b) + 1;
                    __e.map_len(__n)?;
                    __e.raw(#lit)?;
                    #map::write_body::<false, __W>(#b, __e)
                }),
                quote!({
                    let __n = #map::items(#b) + 1;
                    #krate::encode::map_header_size(__n) + #el + #map::body_len(#b)
                }),
            )
        }
        _ => {
            let entries = MapEntries::new(cont, n, &wire_fields, by_binding, &[tag_entry]);
            let (setup, stmts) = entries.encode_stmts(true);
            (quote!({ #setup #stmts __Result::Ok(()) }), entries.len_expr(true))
        }
    }
}

pub(super) fn enum_body(cont: &Container, n: &Names, variants: &[Variant]) -> (TokenStream, TokenStream) {
    let krate = &n.krate;
    let as_int = cont.unit_enum_as_int(variants);
    let mut enc_arms = Vec::new();
    let mut len_arms = Vec::new();
    for (i, v) in variants.iter().enumerate() {
        let (pat, names) = variant_pattern(v);
        if let Some(why) = v.never_written() {
            let vi = v.ident;
            let pat = match v.style {
                Style::Unit => quote!(Self::#vi),
                Style::Struct => quote!(Self::#vi { .. }),
                Style::Tuple | Style::Newtype => quote!(Self::#vi(..)),
            };
            let msg = format!("variant `{}` of `{}` is marked `{why}` and cannot be encoded", v.ident, cont.ident);
            enc_arms.push(quote!(#pat => __Result::Err(#krate::encode::Error::Unrepresentable(#msg)),));
            len_arms.push(quote!(#pat => 0,));
            continue;
        }
        let by_binding = |f: &Field| {
            let idx = v.fields.iter().position(|g| std::ptr::eq(g, f)).unwrap();
            let b = &names[idx];
            quote!(#b)
        };
        let name = wire::str(&v.name);
        let (enc, len) = if as_int {
            let int = cont.variant_int(i, v);
            (quote!(__e.i64(#int)), quote!(#krate::encode::int_size(#int)))
        } else if v.is_untagged(cont) || v.is_raw_other() {
            // The payload alone; the `other` variant's value as it was read.
            payload(cont, n, v, &by_binding, &[], true)
        } else {
            match cont.tagging() {
                Tagging::Internal(tag) => internal(cont, n, v, tag, &by_binding),
                Tagging::Adjacent(tag, content) => {
                    // `{tag: name, content: payload}` (`{tag: name}` for a unit
                    // variant); `[name, payload]` in array form.
                    let unit = v.style == Style::Unit;
                    let count = if unit { 1 } else { 2 };
                    let mut head = Vec::new();
                    if cont.form() == Form::Array {
                        head.extend(wire::array_header(count));
                        head.extend(&name);
                    } else {
                        head.extend(wire::map_header(count));
                        head.extend(wire::str(tag));
                        head.extend(&name);
                        if !unit {
                            head.extend(wire::str(content));
                        }
                    }
                    payload(cont, n, v, &by_binding, &head, false)
                }
                // Externally tagged: a unit variant is its name; others are
                // `{name: payload}`.
                Tagging::External | Tagging::Untagged => {
                    let mut head = Vec::new();
                    if v.style != Style::Unit {
                        head.extend(wire::map_header(1));
                    }
                    head.extend(&name);
                    payload(cont, n, v, &by_binding, &head, false)
                }
            }
        };
        enc_arms.push(quote!(#pat => #enc,));
        len_arms.push(quote!(#pat => #len,));
    }
    if variants.is_empty() {
        return (quote!(match *self {}), quote!(match *self {}));
    }
    (quote!(match self { #(#enc_arms)* }), quote!(match self { #(#len_arms)* }))
}
