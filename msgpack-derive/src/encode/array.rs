//! Array bodies: a constant header, then each field.

use proc_macro2::TokenStream;
use quote::quote;

use super::elems::flat_array_of;
use super::field::{value_encode, value_len};
use crate::ast::{Field, Names};
use crate::wire;

/// An array of values: constant header, then each field.
pub(super) fn array_of(
    n: &Names,
    fields: &[&Field],
    access: &dyn Fn(&Field) -> TokenStream,
    prefix: &[u8],
) -> (TokenStream, TokenStream) {
    if fields.iter().any(|f| f.attrs.flatten.is_set()) {
        return flat_array_of(n, fields, access, prefix);
    }
    let mut head = prefix.to_vec();
    head.extend(wire::array_header(fields.len()));
    let lit = wire::lit(&head);
    let hl = head.len();
    let encs = fields.iter().map(|f| value_encode(n, f, &access(f)));
    let lens = fields.iter().map(|f| value_len(n, f, &access(f)));
    (quote!(__e.raw(#lit)?; #(#encs)* __Result::Ok(())), quote!(#hl #(+ #lens)*))
}
