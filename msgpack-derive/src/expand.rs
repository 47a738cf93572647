//! derive -> try_expand -> (check) -> encode + decode + schema + lock.
//!
//! The only module that calls the passes: each pass imports the model
//! (`ast`, `attr`) and the wire encodings (`wire`), never another pass.
//! A container converted through a proxy type (`from`, `try_from`,
//! `into`) gets the `proxy` pass on the sides it converts instead of the
//! field-by-field code.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Names};
use crate::ctxt::Ctxt;
use crate::{attr, check, decode, encode, fallback, lock, proxy, schema};

pub(crate) fn derive(input: &syn::DeriveInput) -> TokenStream {
    match try_expand(input) {
        Ok(tokens) => tokens,
        Err(err) => {
            let errors = err.to_compile_error();
            // The stubs name the crate the user named, if the attribute
            // parses (its own errors are among `errors` already).
            let cx = Ctxt::default();
            let attrs = attr::Container::from_ast(&cx, input);
            drop(cx.check());
            let stubs = fallback::expand(input, &Names::with_crate(attrs.krate.get()));
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
    let n = Names::new(&cont);
    let a = &cont.attrs;
    let enc = match a.into.get() {
        Some(ty) => proxy::encode_impl(&cont, &n, ty),
        None => {
            // The assertions the compiler checks (keys of flattened
            // structs, internal tags) are about what the encoder writes.
            let tags = check::consts::tag_checks(&cont, &n);
            let flatten = check::consts::flatten_checks(&cont, &n);
            let enc = encode::expand(&cont, &n);
            quote!(#tags #flatten #enc)
        }
    };
    let dec = match (a.from.get(), a.try_from.get()) {
        (Some(ty), _) => proxy::decode_impl(&cont, &n, ty),
        (None, Some(ty)) => proxy::try_decode_impl(&cont, &n, ty),
        (None, None) => decode::expand(&cont, &n),
    };
    let schema = match a.from.get().or(a.try_from.get()).or(a.into.get()) {
        Some(ty) => proxy::schema_impl(&cont, &n, ty),
        None => schema::expand(&cont, &n),
    };
    let lock = lock::expand(&cont, &n)?;
    // The per-field trait check's function, when a field has one.
    let field_fn = crate::ast::field_check::check_fns(&cont, &n);
    let import = n.import();
    Ok(quote! {
        #[allow(non_upper_case_globals, unused_qualifications, unused_labels, unused_imports, clippy::all)]
        const _: () = {
            #import
            #field_fn
            #enc
            #dec
            #schema
            #lock
        };
    })
}
