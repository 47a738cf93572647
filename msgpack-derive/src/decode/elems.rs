//! `flatten` in `array` form: a flattened struct's fields are array
//! elements of the struct that flattens it, by position, without a header
//! of their own (read through its `DecodeBody<'de, ArrayForm>`).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::field::{
    absent_value, construct, from_container_default, make_container_default, skipped_value, value_decode,
};
use crate::ast::Names;
use crate::ast::{Container, Field, Form, Style};

/// `<T as DecodeBody<'de, ArrayForm>>`, spanned at the field's type.
fn elems_trait(n: &Names, f: &Field) -> TokenStream {
    let ty = f.ty;
    let body = n.decode_body(Form::Array);
    quote_spanned!(ty.span()=> <#ty as #body>)
}

/// The element count of the fields, flattened ones counting theirs.
fn count(n: &Names, fields: &[Field]) -> TokenStream {
    let own = fields.iter().filter(|f| f.is_read() && !f.attrs.flatten.is_set()).count();
    let flat = fields.iter().filter(|f| f.is_read() && f.attrs.flatten.is_set()).map(|f| {
        let t = elems_trait(n, f);
        quote!(#t::ELEMS)
    });
    quote!((#own #(+ #flat)*))
}

/// Reads `__len` elements (header read) into a struct or struct variant
/// with flattened fields, position by position: a field past the end takes
/// its default (as in `array` form without flatten); a flattened struct
/// needs all its elements; extra elements are skipped, or an error with
/// `deny_unknown_fields`.
pub(super) fn flat_array_elements(cont: &Container, n: &Names, fields: &[Field], ctor: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let total = count(n, fields);
    let values: Vec<TokenStream> = fields
        .iter()
        .map(|f| {
            if !f.is_read() {
                return skipped_value(cont, f);
            }
            if f.attrs.flatten.is_set() {
                let t = elems_trait(n, f);
                let ty = f.ty;
                return quote!({
                    let __need = __pos + #t::ELEMS;
                    if __need > __len {
                        return __Result::Err(#krate::__private::invalid_length(__d, #total, __len, __at));
                    }
                    let __v = #krate::__private::decode_elems::<#ty>(__d)?;
                    __pos = __need;
                    __v
                });
            }
            let dec = value_decode(n, f, false);
            let absent = absent_value(cont, n, f);
            quote!(if __pos < __len { __pos += 1; #dec } else { #absent })
        })
        .collect();
    let make =
        if fields.iter().any(|f| from_container_default(cont, f)) { make_container_default(cont) } else { quote!() };
    let build = construct(ctor, Style::Struct, fields, &values);
    let rest = if cont.attrs.deny_unknown_fields.is_set() {
        quote!(if __len > __pos {
            return __Result::Err(#krate::__private::invalid_length(__d, #total, __len, __at));
        })
    } else {
        quote!(for _ in __pos..__len {
            __d.skip()?;
        })
    };
    quote! {{
        #make
        let mut __pos: usize = 0;
        let __value = #build;
        #rest
        __value
    }}
}
