//! `const COSTLY_LEN` of a derived type: whether `to_vec` should grow its
//! buffer instead of measuring the value first (see `Encode::COSTLY_LEN`).
//!
//! A type is costly to measure when it says so (`#[msgpack(costly_len)]`)
//! or one of its encoded fields is: a field type that says so, or a field whose length is only known by running its
//! encoder (`encode_with` and `serde` fields, measured through a counting
//! sink). It is a hint, never a correctness matter, so field types that are
//! known not to be costly by their name (numbers, `bool`, strings) are left
//! out of the generated expression.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Data, Field, Names};

pub(super) fn costly_len(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    if cont.attrs.costly_len.is_set() {
        return quote!(
            const COSTLY_LEN: bool = true;
        );
    }
    let fields: Vec<&Field> = match &cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(variants) => variants.iter().flat_map(|v| v.fields.iter()).collect(),
    };
    let mut parts: Vec<TokenStream> = Vec::new();
    for f in fields.into_iter().filter(|f| f.is_written()) {
        if f.attrs.encode_with.is_set() || f.attrs.serde.is_set() {
            return quote!(
                const COSTLY_LEN: bool = true;
            );
        }
        // A `with` module's `encoded_len` is its own (no hint from it); a
        // flattened field's type is written through its entries (it need
        // not implement `Encode`).
        if f.attrs.with.is_set() || f.attrs.flatten.is_set() || plain_scalar(f.ty) {
            continue;
        }
        let ty = f.ty;
        parts.push(quote!(<#ty as #krate::Encode>::COSTLY_LEN));
    }
    if parts.is_empty() {
        return quote!();
    }
    // The one error per field lacking the traits (see `ast::field_check`).
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Encode);
    if checks.is_empty() {
        quote!(const COSTLY_LEN: bool = #(#parts)||*;)
    } else {
        quote!(const COSTLY_LEN: bool = { #checks #(#parts)||* };)
    }
}

/// A type named like one of the core's scalars, whose `encoded_len` is a
/// few comparisons (a shadowing type of the same name only loses the hint).
fn plain_scalar(ty: &syn::Type) -> bool {
    const NAMES: &[&str] = &[
        "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize", "f32", "f64", "bool", "char", "String",
        "str",
    ];
    match ty {
        syn::Type::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
            let seg = &p.path.segments[0];
            seg.arguments.is_none() && NAMES.iter().any(|name| seg.ident == name)
        }
        syn::Type::Reference(r) => plain_scalar(&r.elem),
        _ => false,
    }
}
