//! Containers converted through a proxy type (`from = "T"`, `try_from = "T"`,
//! `into = "T"`, serde's semantics): `Decode` reads a `T` and converts it
//! with `From` (or `TryFrom`, whose error becomes a decode error carrying its
//! `Display`, at the offset of the value);
//! `Encode` clones the value, converts it with `Into` and writes the `T`;
//! `Schema` is `T`'s. The fields' own code is not generated for the side
//! that goes through the proxy.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::Container;
use crate::ast::Names;
use crate::ast::bound;

/// The where-clause predicates of a proxied impl: the type's own, `bound`
/// if given (no bounds are inferred from the fields, which are not
/// encoded), then what the conversion needs.
fn predicates(cont: &Container, needs: &[TokenStream]) -> Vec<TokenStream> {
    let mut preds: Vec<TokenStream> = cont
        .generics
        .where_clause
        .as_ref()
        .map(|w| w.predicates.iter().map(|p| p.to_token_stream()).collect())
        .unwrap_or_default();
    if let Some(custom) = cont.attrs.bound.get() {
        preds.extend(custom.all().map(|p| p.to_token_stream()));
    }
    preds.extend(needs.iter().cloned());
    preds
}

/// `Encode` for `into = "T"`: `Into::<T>::into(self.clone())`, then `T`'s
/// encoding. `encoded_len` converts too, so it is exact.
pub(crate) fn encode_impl(cont: &Container, n: &Names, ty: &syn::Type) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (impl_generics, ty_generics, _) = cont.generics.split_for_impl();
    let span = ty.span();
    let preds = predicates(
        cont,
        &[
            quote_spanned!(span=> #ty: #krate::Encode),
            quote_spanned!(span=> Self: ::core::clone::Clone + ::core::convert::Into<#ty>),
        ],
    );
    let conv = quote_spanned!(span=>
        <Self as ::core::convert::Into<#ty>>::into(<Self as ::core::clone::Clone>::clone(self))
    );
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::Encode for #ident #ty_generics where #(#preds,)* {
            const MAX_LEN: usize = <#ty as #krate::Encode>::MAX_LEN;
            // Measuring converts a clone of the value: growing costs less.
            const COSTLY_LEN: bool = true;
            #[inline]
            fn encode<__W: #krate::encode::Write>(
                &self,
                __e: &mut #krate::encode::Encoder<__W>,
            ) -> __Result<(), #krate::encode::Error<__W::Error>> {
                let __v: #ty = #conv;
                <#ty as #krate::Encode>::encode(&__v, __e)
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                let __v: #ty = #conv;
                <#ty as #krate::Encode>::encoded_len(&__v)
            }
        }
    }
}

/// `Decode` for `from = "T"`: `T`'s decode, then `From<T>`.
pub(crate) fn decode_impl(cont: &Container, n: &Names, ty: &syn::Type) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let params = bound::decode_impl_params(cont);
    let span = ty.span();
    // `'de` keeps the call-site span (see `decode::decode_fn`).
    let de = syn::Lifetime::new("'de", Span::call_site());
    let preds = predicates(
        cont,
        &[quote_spanned!(span=> #ty: #krate::Decode<#de>), quote_spanned!(span=> Self: ::core::convert::From<#ty>)],
    );
    let call = quote_spanned!(span=> <#ty as #krate::Decode<#de>>::decode);
    let conv = quote_spanned!(span=> <Self as ::core::convert::From<#ty>>::from);
    quote! {
        #[automatically_derived]
        impl<#params> #krate::Decode<'de> for #ident #ty_generics where #(#preds,)* {
            #[inline]
            fn decode(__d: &mut #krate::Decoder<'de>) -> __Result<Self, #krate::decode::Error> {
                let __v: #ty = #call(__d)?;
                __Result::Ok(#conv(__v))
            }
        }
    }
}

/// `Decode` for `try_from = "T"`: `T`'s decode, then `TryFrom<T>`; a failed
/// conversion is [`ErrorKind::Conversion`] naming the type, with the error's
/// `Display`, at the offset where the value started.
pub(crate) fn try_decode_impl(cont: &Container, n: &Names, ty: &syn::Type) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let name = ident.to_string();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let params = bound::decode_impl_params(cont);
    let span = ty.span();
    let de = syn::Lifetime::new("'de", Span::call_site());
    let preds = predicates(
        cont,
        &[
            quote_spanned!(span=> #ty: #krate::Decode<#de>),
            quote_spanned!(span=> Self: ::core::convert::TryFrom<#ty>),
            quote_spanned!(span=> <Self as ::core::convert::TryFrom<#ty>>::Error: ::core::fmt::Display),
        ],
    );
    let call = quote_spanned!(span=> <#ty as #krate::Decode<#de>>::decode);
    let conv = quote_spanned!(span=> <Self as ::core::convert::TryFrom<#ty>>::try_from);
    quote! {
        #[automatically_derived]
        impl<#params> #krate::Decode<'de> for #ident #ty_generics where #(#preds,)* {
            #[inline]
            fn decode(__d: &mut #krate::Decoder<'de>) -> __Result<Self, #krate::decode::Error> {
                let __at = __d.position();
                let __v: #ty = #call(__d)?;
                match #conv(__v) {
                    __Result::Ok(__v) => __Result::Ok(__v),
                    __Result::Err(__err) => __Result::Err(
                        #krate::__private::conversion_error(__d, #name, &__err, __at),
                    ),
                }
            }
        }
    }
}

/// `Schema` for a proxied container: the proxy's shape (`from`'s or
/// `try_from`'s, else `into`'s; `check` makes them the same type when both
/// directions are given).
pub(crate) fn schema_impl(cont: &Container, n: &Names, ty: &syn::Type) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (impl_generics, ty_generics, _) = cont.generics.split_for_impl();
    let span = ty.span();
    let preds = predicates(cont, &[quote_spanned!(span=> #ty: #krate::schema::Schema)]);
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::schema::Schema for #ident #ty_generics where #(#preds,)* {
            const SHAPE: #krate::schema::ShapeRef = <#ty as #krate::schema::Schema>::SHAPE;
        }
    }
}
