//! MessagePack encodings computed at macro expansion time: pre-encoded
//! headers and keys that the generated code writes with one copy.
//!
//! The derive cannot depend on `msgpack-core` (the core re-exports the
//! derive), so both depend on `msgpack-wire`, where the format is written
//! once: the bytes here are the core's `Encoder`'s by construction. Also
//! the fixed layouts' `Layout` expressions (see `ast::layout`), which name
//! the core's `Layout` constructors.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Field, Form, Key, Names, Style};

pub(crate) fn str(s: &str) -> Vec<u8> {
    // A key or name longer than `u32::MAX` bytes cannot be in source code.
    let mut out = msgpack_wire::str_head(s.len()).map_or_else(Vec::new, |h| h.as_slice().to_vec());
    out.extend_from_slice(s.as_bytes());
    out
}

pub(crate) fn int(v: i64) -> Vec<u8> {
    msgpack_wire::int(v).as_slice().to_vec()
}

pub(crate) fn key(k: &Key) -> Vec<u8> {
    match k {
        Key::Str(s) => str(s),
        Key::Int(i) => int(*i),
    }
}

/// A map header for `n` entries.
pub(crate) fn map_header(n: usize) -> Vec<u8> {
    msgpack_wire::map_head(n).map_or_else(Vec::new, |h| h.as_slice().to_vec())
}

/// An array header for `n` elements.
pub(crate) fn array_header(n: usize) -> Vec<u8> {
    msgpack_wire::array_head(n).map_or_else(Vec::new, |h| h.as_slice().to_vec())
}

/// A byte-string literal token for generated code.
pub(crate) fn lit(bytes: &[u8]) -> proc_macro2::Literal {
    proc_macro2::Literal::byte_string(bytes)
}

/// `<T as Trait>::__LAYOUT` for a field's type, spanned at the type.
pub(crate) fn field_layout(f: &Field, tr: &TokenStream) -> TokenStream {
    let ty = f.ty;
    quote_spanned!(ty.span()=> <#ty as #tr>::__LAYOUT)
}

/// The layout expression of a whole struct, and the length of its header
/// (each field's key is counted before the field).
pub(crate) fn layout_expr(
    cont: &Container,
    n: &Names,
    style: Style,
    fields: &[Field],
    tr: &TokenStream,
) -> TokenStream {
    let krate = &n.krate;
    let parts: Vec<TokenStream> = fields.iter().map(|f| field_layout(f, tr)).collect();
    match style {
        Style::Newtype => parts[0].clone(),
        Style::Struct if cont.form() == Form::Map => {
            let count = fields.len();
            let entries = fields.iter().zip(&parts).map(|(f, p)| {
                let key = lit(&key(&f.key));
                quote!(#krate::__private::Layout::bytes(#key), #p)
            });
            quote!(#krate::__private::Layout::map(#count, &[#(#entries),*]))
        }
        _ => quote!(#krate::__private::Layout::array(&[#(#parts),*])),
    }
}

/// The layout of a run's fields in one template (with their keys in map
/// form), under `tr` (`Encode` or `Decode<'de>`).
pub(crate) fn run_layout(n: &Names, fields: &[Field], map: bool, tr: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let parts = fields.iter().map(|f| {
        let l = field_layout(f, tr);
        if map {
            let key = lit(&key(&f.key));
            quote!(#krate::__private::Layout::bytes(#key), #l)
        } else {
            l
        }
    });
    quote!(#krate::__private::Layout::concat(&[#(#parts),*]))
}

/// The byte offset of the first field (after the header) and each field's
/// key length, as the template lays them out.
pub(crate) fn offsets(cont: &Container, style: Style, fields: &[Field]) -> (usize, Vec<usize>) {
    match style {
        Style::Newtype => (0, vec![0]),
        Style::Struct if cont.form() == Form::Map => {
            (map_header(fields.len()).len(), fields.iter().map(|f| key(&f.key).len()).collect())
        }
        _ => (array_header(fields.len()).len(), vec![0; fields.len()]),
    }
}

/// The raw `str` keys and aliases of a field list's keyed (not flattened)
/// wire fields.
pub(crate) fn own_keys<'f, 'a: 'f>(fields: impl IntoIterator<Item = &'f Field<'a>>) -> Vec<proc_macro2::Literal> {
    fields
        .into_iter()
        .filter(|f| f.is_wire() && !f.attrs.flatten.is_set())
        .flat_map(|f| {
            let key = match &f.key {
                Key::Str(s) => Some(lit(s.as_bytes())),
                Key::Int(_) => None,
            };
            key.into_iter().chain(f.attrs.aliases.iter().map(|a| lit(a.value().as_bytes())))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn smallest_forms() {
        assert_eq!(super::str("id"), b"\xa2id");
        assert_eq!(super::str(&"x".repeat(32))[..2], [0xd9, 32]);
        assert_eq!(super::int(-1), [0xff]);
        assert_eq!(super::int(-33), [0xd0, 0xdf]);
        assert_eq!(super::int(300), [0xcd, 1, 44]);
        assert_eq!(super::map_header(16), [0xde, 0, 16]);
        assert_eq!(super::array_header(3), [0x93]);
    }
}
