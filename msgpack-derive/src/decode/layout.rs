//! The decode side of fixed layouts (see `ast::layout`): `const
//! __LAYOUT`, `__read_fixed`, the hook at the top of `decode`, and the
//! reads of runs of fixed fields.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Field, Names, Style};
use crate::wire;

/// `let __f0 = ..;` reading `fields` from `__b` from `__at` (keys skipped),
/// with the locals' names.
fn read_fields(n: &Names, fields: &[Field], keys: &[usize]) -> (TokenStream, Vec<syn::Ident>) {
    let krate = &n.krate;
    let locals: Vec<syn::Ident> = (0..fields.len()).map(|i| quote::format_ident!("__f{}", i)).collect();
    let reads = fields.iter().zip(keys).zip(&locals).map(|((f, &key), local)| {
        let ty = f.ty;
        let skip = (key > 0).then(|| quote!(__at += #key;));
        let func = quote_spanned!(ty.span()=> #krate::__private::read_field::<#ty>);
        quote!(#skip let #local = #func(__b, &mut __at)?;)
    });
    (quote!(#(#reads)*), locals)
}

/// The decode side: `const __LAYOUT`, `__read_fixed` (each field from its
/// offset) and the hook; `None` when the struct does not qualify.
pub(crate) fn decode(cont: &Container, n: &Names) -> Option<(TokenStream, TokenStream)> {
    let (style, fields) = cont.fixed_layout()?;
    let krate = &n.krate;
    let tr = quote!(#krate::Decode<'de>);
    let layout = wire::layout_expr(cont, n, style, fields, &tr);
    let (head, keys) = wire::offsets(cont, style, fields);
    let (reads, locals) = read_fields(n, fields, &keys);
    let build = match style {
        Style::Struct => {
            let inits = fields.iter().zip(&locals).map(|(f, l)| {
                let m = &f.member;
                quote!(#m: #l)
            });
            quote!(Self { #(#inits),* })
        }
        _ => quote!(Self(#(#locals),*)),
    };
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Decode);
    let layout = if checks.is_empty() { layout } else { quote!({ #checks #layout }) };
    Some((
        quote! {
            const __LAYOUT: #krate::__private::Layout = #layout;
            #[inline(always)]
            fn __read_fixed(__b: &'de [u8]) -> __Option<Self> {
                #checks
                let mut __at: usize = #head;
                #reads
                __Option::Some(#build)
            }
        },
        quote! {
            if let __Option::Some(__v) = #krate::__private::fixed::<Self>(__d) {
                return __Result::Ok(__v);
            }
        },
    ))
}

/// Reads a run's fields from `__b` (its matched template) into a tuple:
/// the closure given to `__private::fixed_run`.
pub(crate) fn run_read(n: &Names, fields: &[Field], map: bool) -> TokenStream {
    let keys: Vec<usize> = fields.iter().map(|f| if map { wire::key(&f.key).len() } else { 0 }).collect();
    let (reads, locals) = read_fields(n, fields, &keys);
    quote! {
        |__b: &'de [u8]| {
            let mut __at: usize = 0;
            #reads
            __Option::Some((#(#locals,)*))
        }
    }
}
