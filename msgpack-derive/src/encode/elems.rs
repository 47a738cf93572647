//! `flatten` in `array` form: a flattened struct's fields are array
//! elements of the struct that flattens it, by position, without a header
//! of their own (`EncodeElems`, generated for `array`-form structs).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::field::{value_encode, value_len};
use crate::ast::{Container, Field, Names};
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
/// elements, a flattened field's through its `EncodeElems`.
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
                (quote!(#t::__encode_elems(#a, __e)?;), quote!(#t::__elems_len(#a)))
            } else {
                (value_encode(n, f, &a), value_len(n, f, &a))
            }
        })
        .unzip()
}

/// `<T as EncodeElems>`, spanned at the field's type.
pub(super) fn elems_trait(n: &Names, f: &Field) -> TokenStream {
    let krate = &n.krate;
    let ty = f.ty;
    quote_spanned!(ty.span()=> <#ty as #krate::__private::EncodeElems>)
}

/// The number of array elements of fields, flattened ones counting theirs.
pub(super) fn elems_count(n: &Names, fields: &[&Field]) -> TokenStream {
    let krate = &n.krate;
    let own = fields.iter().filter(|f| !f.attrs.flatten.is_set()).count();
    let flat = fields.iter().filter(|f| f.attrs.flatten.is_set()).map(|f| {
        let ty = f.ty;
        quote_spanned!(ty.span()=> <#ty as #krate::__private::EncodeElems>::__ELEMS)
    });
    quote!((#own #(+ #flat)*))
}

/// `impl EncodeElems` for an `array`-form struct: its fields as array
/// elements, without the header (what a struct flattening it writes).
pub(super) fn elems_impl(cont: &Container, n: &Names, fields: &[Field], preds: &[TokenStream]) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (impl_generics, ty_generics, _) = cont.generics.split_for_impl();
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_written()).collect();
    let access = |f: &Field| {
        let m = &f.member;
        quote!(&self.#m)
    };
    let count = elems_count(n, &wire);
    let (encs, lens) = elem_parts(n, &wire, &access);
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Encode);
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::__private::EncodeElems for #ident #ty_generics where #(#preds,)* {
            const __ELEMS: usize = #count;
            #[inline]
            fn __encode_elems<__W: #krate::encode::Write>(
                &self,
                __e: &mut #krate::encode::Encoder<__W>,
            ) -> __Result<(), #krate::encode::Error<__W::Error>> {
                #checks
                #(#encs)*
                __Result::Ok(())
            }
            #[inline]
            fn __elems_len(&self) -> usize {
                #checks
                0 #(+ #lens)*
            }
        }
    }
}
