//! The encode side of fixed layouts (see `ast::layout`): `const
//! __LAYOUT` and `__write_fixed`, the template a slice of the type is
//! written with (one room check for all its elements). A single value
//! goes through the bounded window like any small struct: the template per
//! value was no faster (see `__private::encode_struct`).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Field, Names};
use crate::wire;

/// The encode side: `const __LAYOUT` and `__write_fixed` (the header and
/// keys from the pattern, each field through its own template); `None`
/// when the struct does not qualify.
pub(crate) fn encode(cont: &Container, n: &Names) -> Option<TokenStream> {
    let (style, fields) = cont.fixed_layout()?;
    let krate = &n.krate;
    let tr = quote!(#krate::Encode);
    let layout = wire::layout_expr(cont, n, style, fields, &tr);
    let (head, keys) = wire::offsets(cont, style, fields);
    let writes = write_fields(n, fields, &keys, &quote!(const { &<Self as #tr>::__LAYOUT }));
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Encode);
    let layout = if checks.is_empty() { layout } else { quote!({ #checks #layout }) };
    Some(quote! {
            const __LAYOUT: #krate::__private::Layout = #layout;
            #[inline(always)]
            fn __write_fixed(&self, __out: &mut [u8]) {
                #checks
                let mut __at: usize = 0;
                #krate::__private::write_key(__out, &mut __at, const { &<Self as #tr>::__LAYOUT }, #head);
                #writes
            }
    })
}

/// Statements writing `fields` into `__out` from `__at`, each key (of
/// `keys[i]` bytes) copied from the pattern of `layout` first.
fn write_fields(n: &Names, fields: &[Field], keys: &[usize], layout: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let writes = fields.iter().zip(keys).map(|(f, &key)| {
        let m = &f.member;
        let ty = f.ty;
        let key = (key > 0).then(|| quote!(#krate::__private::write_key(__out, &mut __at, #layout, #key);));
        let func = quote_spanned!(ty.span()=> #krate::__private::write_field::<#ty>);
        quote!(#key #func(__out, &mut __at, &self.#m);)
    });
    quote!(#(#writes)*)
}
