//! `impl EncodeBody<F>` of a struct: the one copy of its field encoders,
//! with or without the header before them (see the core's `__private`).
//! Its `Encode::encode` calls it through the shared `encode_struct`; a
//! struct that flattens it and an internally tagged enum whose newtype
//! variant holds it write it without its header.

use proc_macro2::TokenStream;
use quote::quote;

use super::elems::{elem_parts, elems_count};
use super::field::{value_encode, value_len};
use super::map::MapEntries;
use crate::ast::{Container, Data, Field, Form, Names, Style};
use crate::wire;

/// The form of a struct's body: named structs in their form, tuple structs
/// in array form; `None` for what has no body (unit structs, newtypes,
/// transparent structs, enums).
pub(super) fn body_form(cont: &Container) -> Option<Form> {
    if cont.transparent_field().is_some() {
        return None;
    }
    match &cont.data {
        Data::Struct(Style::Struct, _) => Some(cont.form()),
        Data::Struct(Style::Tuple, _) => Some(Form::Array),
        _ => None,
    }
}

/// `impl EncodeBody<F>` and the struct's `encoded_len` (its header and
/// body), or `None` (see [`body_form`]).
pub(super) fn body_impl(cont: &Container, n: &Names, preds: &[TokenStream]) -> Option<(TokenStream, TokenStream)> {
    let form = body_form(cont)?;
    let Data::Struct(_, fields) = &cont.data else { return None };
    let krate = &n.krate;
    let ident = cont.ident;
    let (impl_generics, ty_generics, _) = cont.generics.split_for_impl();
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_written()).collect();
    let access = |f: &Field| {
        let m = &f.member;
        quote!(&self.#m)
    };
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Encode);
    let body = n.encode_body(form);
    let (consts, items, write, body_len, encoded_len) = match form {
        Form::Map => {
            let entries = MapEntries::new(cont, n, &wire, &access, &[]);
            let (pre, stmts) = entries.encode_stmts_switched();
            // Aliases too: an alias equal to an enclosing enum's tag would
            // read the tag as the field. Flattened structs add theirs.
            let own = wire::own_keys(fields);
            let map = n.encode_body(Form::Map);
            let nested = wire.iter().filter(|f| f.attrs.flatten.is_set()).map(|f| {
                let ty = f.ty;
                quote!(.with(&<#ty as #map>::KEYS))
            });
            let consts = quote! {
                const KEYS: #krate::__private::KeySet = #krate::__private::KeySet::of(&[#(#own),*]) #(#nested)*;
            };
            let encoded_len = if entries.is_constant_count() {
                let header = wire::map_header(entries.prefix_count + entries.fields.len()).len();
                quote!(#header + <Self as #body>::body_len(self))
            } else {
                // With fields left out at run time, the length computes the
                // header's count and the entries with one evaluation of the
                // conditions.
                entries.len_expr(true)
            };
            (consts, entries.count(), quote!(#pre #stmts), entries.len_expr(false), encoded_len)
        }
        Form::Array => {
            let count = elems_count(n, &wire);
            let flat = wire.iter().any(|f| f.attrs.flatten.is_set());
            let (encs, lens) = if flat {
                elem_parts(n, &wire, &access)
            } else {
                wire.iter().map(|f| (value_encode(n, f, &access(f)), value_len(n, f, &access(f)))).unzip()
            };
            // A constant header unless flattened structs count in it.
            let (header, header_len) = if flat {
                (quote!(__e.array_len(#count)?;), quote!(#krate::encode::array_header_size(#count)))
            } else {
                let bytes = wire::array_header(wire.len());
                let (lit, hl) = (wire::lit(&bytes), bytes.len());
                (quote!(__e.raw(#lit)?;), quote!(#hl))
            };
            let consts = quote!(const ELEMS: usize = #count;);
            let write = quote! {
                if __HEADER {
                    #header
                }
                #(#encs)*
            };
            let encoded_len = quote!(#header_len + <Self as #body>::body_len(self));
            (consts, quote!(#count), write, quote!(0 #(+ #lens)*), encoded_len)
        }
    };
    let imp = quote! {
        #[automatically_derived]
        impl #impl_generics #body for #ident #ty_generics where #(#preds,)*
        {
            #consts
            #[inline]
            fn items(&self) -> usize {
                #items
            }
            #[inline(always)]
            fn write_body<const __HEADER: bool, __W: #krate::encode::Write>(
                &self,
                __e: &mut #krate::encode::Encoder<__W>,
            ) -> __Result<(), #krate::encode::Error<__W::Error>> {
                #checks
                #write
                __Result::Ok(())
            }
            #[inline(always)]
            fn body_len(&self) -> usize {
                #checks
                #body_len
            }
        }
    };
    Some((imp, encoded_len))
}
