//! `flatten` in `array` form: a flattened struct's fields are array
//! elements of the struct that flattens it, by position, without a header
//! of their own (its `EncodeBody<ArrayForm>` without the header).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::field::{value_encode, value_len};
use crate::ast::{Field, Form, Names};
use crate::wire;

/// An array with flattened fields (`array` form): each flattened struct's
/// fields inline, by position; the header counts them (a constant of the
/// flattened types).
pub(super) fn flat_array_of(
    n: &Names,
    fields: &[&Field],
    access: &dyn Fn(&Field) -> TokenStream,
    prefix: &[u8],
) -> (TokenStream, TokenStream) {
    let krate = &n.krate;
    let lit = wire::lit(prefix);
    let hl = prefix.len();
    let count = elems_count(n, fields);
    let (encs, lens) = elem_parts(n, fields, access);
    (
        quote!(__e.raw(#lit)?; __e.array_len(#count)?; #(#encs)* __Result::Ok(())),
        quote!(#hl + #krate::encode::array_header_size(#count) #(+ #lens)*),
    )
}

/// Each field's encode statement and length expression as array
/// elements, a flattened field's through its array body.
pub(super) fn elem_parts(
    n: &Names,
    fields: &[&Field],
    access: &dyn Fn(&Field) -> TokenStream,
) -> (Vec<TokenStream>, Vec<TokenStream>) {
    fields
        .iter()
        .map(|f| {
            let a = access(f);
            if f.attrs.flatten.is_set() {
                let t = elems_trait(n, f);
                (quote!(#t::write_body::<false, __W>(#a, __e)?;), quote!(#t::body_len(#a)))
            } else {
                (value_encode(n, f, &a), value_len(n, f, &a))
            }
        })
        .unzip()
}

/// `<T as EncodeBody<ArrayForm>>`, spanned at the field's type.
pub(super) fn elems_trait(n: &Names, f: &Field) -> TokenStream {
    let ty = f.ty;
    let body = n.encode_body(Form::Array);
    quote_spanned!(ty.span()=> <#ty as #body>)
}

/// The number of array elements of fields, flattened ones counting theirs.
pub(super) fn elems_count(n: &Names, fields: &[&Field]) -> TokenStream {
    let own = fields.iter().filter(|f| !f.attrs.flatten.is_set()).count();
    let flat = fields.iter().filter(|f| f.attrs.flatten.is_set()).map(|f| {
        let t = elems_trait(n, f);
        quote!(#t::ELEMS)
    });
    quote!((#own #(+ #flat)*))
}
