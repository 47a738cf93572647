//! Reading a struct, tuple struct or variant from an array: by position,
//! shorter arrays taking defaults for missing trailing fields, extra
//! elements skipped (or rejected). A named struct read from an array goes
//! through its `DecodeBody` instead (the shared `decode_fallback`): this
//! is for tuple structs, variants and `array`-form structs that flatten.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::elems;
use super::field::{
    absent_value, build_defaulted, construct, is_plain, is_required, skipped_value, typed_helper, value_decode,
};
use crate::ast::Names;
use crate::ast::{Container, Field, Form, Style};

/// Reads an array (header already read: `__len` elements) into a struct,
/// tuple struct or variant built by `ctor`. Tuple shapes need exactly their
/// length; named structs accept a shorter array (missing trailing fields
/// take their defaults) and skip extra elements unless
/// `deny_unknown_fields`.
pub(super) fn array_elements(
    cont: &Container,
    n: &Names,
    style: Style,
    fields: &[Field],
    ctor: &TokenStream,
) -> TokenStream {
    if style == Style::Struct && crate::ast::has_flatten(fields) {
        if cont.form() == Form::Array {
            return elems::flat_array_elements(cont, n, fields, ctor);
        }
        // A map-form struct's flattened fields are keys, not positions: it
        // is read from a map only.
        // (`Err(..)?` rather than `return`: no unreachable code after it.)
        let krate = &n.krate;
        return quote!({
            let __no: __Result<Self, #krate::decode::Error> =
                __Result::Err(__d.type_error("a map (flattened fields are keys)", __at));
            __no?
        });
    }
    let krate = &n.krate;
    let count = fields.iter().filter(|f| f.is_read()).count();
    let mut pos = 0usize;
    let values: Vec<TokenStream> = fields
        .iter()
        .map(|f| {
            if !f.is_read() {
                return skipped_value(cont, f);
            }
            let i = pos;
            pos += 1;
            if style == Style::Struct && is_required(cont, f) && is_plain(f) {
                let name = f.display_name();
                let helper = typed_helper(n, f, "array_field");
                quote!(#helper(__d, #name, #i, __len, __at)?)
            } else if style == Style::Struct {
                let dec = value_decode(n, f, false);
                let absent = absent_value(cont, n, f);
                quote!(if #i < __len { #dec } else { #absent })
            } else {
                value_decode(n, f, false)
            }
        })
        .collect();
    let check = if style == Style::Struct {
        if cont.attrs.deny_unknown_fields.is_set() {
            quote!(if __len > #count {
                return __Result::Err(#krate::__private::invalid_length(__d, #count, __len, __at));
            })
        } else {
            quote!()
        }
    } else {
        quote!(if __len != #count {
            return __Result::Err(#krate::__private::invalid_length(__d, #count, __len, __at));
        })
    };
    let skip_extra = if style == Style::Struct && !cont.attrs.deny_unknown_fields.is_set() {
        quote!(for _ in #count..__len { __d.skip()?; })
    } else {
        quote!()
    };
    let build = if style == Style::Struct && cont.attrs.default.is_set() {
        // Read in order into locals, then build (see `build_defaulted`).
        let slots: Vec<syn::Ident> = (0..fields.len()).map(|i| format_ident!("__v{}", i)).collect();
        let mut pos = 0usize;
        let reads = fields.iter().zip(&slots).filter(|(f, _)| f.is_read()).map(|(f, slot)| {
            let ty = f.ty;
            let dec = value_decode(n, f, false);
            let i = pos;
            pos += 1;
            quote!(let #slot: __Option<#ty> =
                if #i < __len { __Option::Some(#dec) } else { __Option::None };)
        });
        let reads: Vec<TokenStream> = reads.collect();
        let build = build_defaulted(cont, n, ctor, fields, &slots);
        quote!({ #(#reads)* #build })
    } else {
        construct(ctor, style, fields, &values)
    };
    quote! {{
        #check
        let __value = #build;
        #skip_extra
        __value
    }}
}
