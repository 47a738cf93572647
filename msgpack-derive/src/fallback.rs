//! When the input has errors, emit impls with bodies that never run, so
//! that uses of the type elsewhere do not add "trait not implemented"
//! errors to the real ones. The compile errors stop the build anyway.
//! They name the crate of `#[msgpack(crate = "...")]` when it parses.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Names;

pub(crate) fn expand(input: &syn::DeriveInput, n: &Names) -> TokenStream {
    let ident = &input.ident;
    let krate = &n.krate;
    let import = n.import();
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut de_generics = input.generics.clone();
    de_generics.params.insert(0, syn::parse_quote!('de));
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    quote! {
        #[allow(unused_imports)]
        const _: () = {
            #import
            impl #impl_generics #krate::Encode for #ident #ty_generics #where_clause {
                fn encode<__W: #krate::encode::Write>(
                    &self,
                    _: &mut #krate::encode::Encoder<__W>,
                ) -> __Result<(), #krate::encode::Error<__W::Error>> {
                    ::core::unreachable!()
                }
                fn encoded_len(&self) -> usize {
                    ::core::unreachable!()
                }
            }
            impl #impl_generics #krate::schema::Schema for #ident #ty_generics #where_clause {
                const SHAPE: #krate::schema::ShapeRef =
                    #krate::schema::ShapeRef::new(&#krate::schema::Shape::Any);
            }
            impl #de_impl_generics #krate::Decode<'de> for #ident #ty_generics #where_clause {
                fn decode(_: &mut #krate::Decoder<'de>) -> __Result<Self, #krate::decode::Error> {
                    ::core::unreachable!()
                }
            }
        };
    }
}
