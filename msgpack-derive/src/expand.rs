//! derive -> try_expand -> (check) -> encode + decode + schema.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Container;
use crate::ctxt::Ctxt;
use crate::{check, decode, encode, fallback, lock, schema};

/// Paths the generated code uses.
pub(crate) struct Names {
    /// The core crate: `::msgpack_core`, or `#[msgpack(crate = "...")]`.
    pub(crate) krate: syn::Path,
}

pub(crate) fn derive(input: &syn::DeriveInput) -> TokenStream {
    match try_expand(input) {
        Ok(tokens) => tokens,
        Err(err) => {
            let errors = err.to_compile_error();
            let stubs = fallback::expand(input);
            quote!(#errors #stubs)
        }
    }
}

fn try_expand(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cx = Ctxt::default();
    let cont = Container::from_ast(&cx, input);
    if let Some(cont) = &cont {
        check::check(&cx, cont);
    }
    cx.check()?;
    let Some(cont) = cont else { unreachable!("a missing container always records an error") };
    let names = Names { krate: cont.attrs.krate.get().cloned().unwrap_or_else(|| syn::parse_quote!(::msgpack_core)) };
    let enc = encode::expand(&cont, &names);
    let dec = decode::expand(&cont, &names);
    let schema = schema::expand(&cont, &names);
    let lock = lock::expand(&cont, &names)?;
    Ok(quote! {
        #[allow(non_upper_case_globals, unused_qualifications, unused_labels, clippy::all)]
        const _: () = {
            #enc
            #dec
            #schema
            #lock
        };
    })
}
