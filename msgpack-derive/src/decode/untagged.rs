//! Untagged enums (`untagged`), and the trailing `untagged` variants of
//! tagged ones: the variants are tried in declaration order (after the
//! tagged reading, if any), each on a speculative copy of the decoder
//! (a slice position: nothing is buffered, and a failed attempt allocates
//! nothing unless the variant owns heap data), and a variant whose shape
//! cannot start with the next marker is passed over without an attempt.
//! When none matches, the attempts are made again for their reasons.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::visit::Visit;
use syn::visit_mut::VisitMut;

use super::variant::variant_payload;
use crate::ast::Names;
use crate::ast::{Container, Style, Variant};

/// The whole decode of an `untagged` enum.
pub(super) fn untagged_body(cont: &Container, n: &Names, variants: &[Variant], name: &str) -> TokenStream {
    let tried: Vec<&Variant> = variants.iter().filter(|v| !v.attrs.skip.is_set()).collect();
    attempts(cont, n, &tried, name, None)
}

/// A tagged enum with trailing `untagged` variants: the tagged reading
/// (`tagged`, a function body) first, then those variants.
pub(super) fn with_untagged_variants(
    cont: &Container,
    n: &Names,
    variants: &[Variant],
    name: &str,
    tagged: TokenStream,
) -> TokenStream {
    let tried: Vec<&Variant> =
        variants.iter().filter(|v| !v.attrs.skip.is_set() && v.attrs.untagged.is_set()).collect();
    attempts(cont, n, &tried, name, Some(tagged))
}

fn attempts(cont: &Container, n: &Names, tried: &[&Variant], name: &str, tagged: Option<TokenStream>) -> TokenStream {
    let krate = &n.krate;
    let p = quote!(#krate::__private);
    let result = quote!(__Result<Self, #krate::decode::Error>);
    let mut decls = Vec::new();
    let mut tries = Vec::new();
    let mut listed = Vec::new();
    let mut direct = Vec::new();
    let mut counts = Vec::new();
    let all_untagged = tagged.is_none();
    if let Some(body) = tagged {
        decls.push(quote! {
            let __tagged = |__d: &mut #krate::Decoder<'de>| -> #result { #body };
        });
        tries.push(quote! {
            let mut __s = #p::speculate(__d)?;
            match __tagged(&mut __s) {
                __Result::Ok(__v) => {
                    #p::commit(__d, __s);
                    return __Result::Ok(__v);
                }
                __Result::Err(_) => #p::failed(__d, __s),
            }
        });
        listed.push(quote!(#p::Attempt { name: "(tagged)", markers: #p::ALL_MARKERS, decode: &__tagged }));
    }
    for (i, v) in tried.iter().enumerate() {
        let a = format_ident!("__a{}", i);
        let payload = variant_payload(cont, n, v);
        let mask = markers(cont, n, v);
        let m = format_ident!("__M{}", i);
        let vname = v.ident.to_string();
        decls.push(quote! {
            let #a = |__d: &mut #krate::Decoder<'de>| -> #result { #payload };
            let #m: u16 = #mask;
        });
        tries.push(quote! {
            if __m & #m != 0 {
                let mut __s = #p::speculate(__d)?;
                match #a(&mut __s) {
                    __Result::Ok(__v) => {
                        #p::commit(__d, __s);
                        return __Result::Ok(__v);
                    }
                    __Result::Err(_) => #p::failed(__d, __s),
                }
            }
        });
        listed.push(quote!(#p::Attempt { name: #vname, markers: #m, decode: &#a }));
        counts.push(quote!(((__m & #m != 0) as u32)));
        direct.push(quote! {
            if __m & #m != 0 {
                let __mark = #p::mark(__d);
                let __quiet = #p::set_quiet(__d, true);
                let __r = #a(__d);
                #p::set_quiet(__d, __quiet);
                return match __r {
                    __Result::Ok(__v) => __Result::Ok(__v),
                    __Result::Err(__err) if __quiet => __Result::Err(__err),
                    __Result::Err(_) => {
                        #p::reset(__d, __mark);
                        __Result::Err(__no_match(__d))
                    }
                };
            }
        });
    }
    // When one variant alone can start with the next marker, it is decoded
    // in place, quietly (errors without details, nothing allocated): no
    // speculative copy; only its failure goes back, to list the reasons.
    let direct = if all_untagged && !counts.is_empty() {
        quote! {
            if 0 #(+ #counts)* == 1 {
                #(#direct)*
            }
        }
    } else {
        quote!()
    };
    quote! {
        let __at = __d.position();
        let __m: u16 = #p::next_markers(__d);
        #(#decls)*
        let __no_match = |__d: &#krate::Decoder<'de>| {
            #p::no_variant_matched(__d, #name, __at, &[#(#listed),*])
        };

        #direct
        #(#tries)*
        __Result::Err(__no_match(__d))
    }
}

/// The marker classes a variant's payload may start with (see
/// `__private::markers`): from its shape, known here for all but newtypes,
/// whose field type's `Schema` says it (at compile time). A field decoded
/// by user code, or whose type names the enum's type parameters or `Self`
/// (no `Schema` bound is required of them), may start with anything.
fn markers(cont: &Container, n: &Names, v: &Variant) -> TokenStream {
    let krate = &n.krate;
    let p = quote!(#krate::__private);
    let bit = |m: &str| {
        let m = format_ident!("{}", m);
        quote!(#p::marker_bit(#krate::marker::Marker::#m))
    };
    match v.style {
        Style::Unit => bit("Nil"),
        Style::Tuple => bit("Array"),
        Style::Struct => {
            let (a, b) = (bit("Map"), bit("Array"));
            quote!(#a | #b)
        }
        Style::Newtype => {
            let f = &v.fields[0];
            let custom = f.attrs.with.is_set() || f.attrs.decode_with.is_set() || f.attrs.as_map.is_set();
            match staticized(cont, f.ty) {
                Some(ty) if !custom => quote! {{
                    const __MARKERS: u16 = #p::markers(<#ty as #krate::schema::Schema>::SHAPE.get());
                    __MARKERS
                }},
                _ => quote!(#p::ALL_MARKERS),
            }
        }
    }
}

/// The type with its lifetimes made `'static` (usable in a `const` item),
/// or `None` when it names a type parameter of the container or `Self`.
fn staticized(cont: &Container, ty: &syn::Type) -> Option<syn::Type> {
    struct Names<'a> {
        params: Vec<String>,
        found: bool,
        _c: &'a (),
    }
    impl<'ast> Visit<'ast> for Names<'_> {
        fn visit_ident(&mut self, id: &'ast syn::Ident) {
            if id == "Self" || self.params.iter().any(|p| id == p) {
                self.found = true;
            }
        }
    }
    let unit = ();
    let mut names = Names {
        params: cont
            .generics
            .type_params()
            .map(|p| p.ident.to_string())
            .chain(cont.generics.const_params().map(|c| c.ident.to_string()))
            .collect(),
        found: false,
        _c: &unit,
    };
    names.visit_type(ty);
    if names.found {
        return None;
    }
    struct Static;
    impl VisitMut for Static {
        fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
            *l = syn::Lifetime::new("'static", l.span());
        }
    }
    let mut ty = ty.clone();
    Static.visit_type_mut(&mut ty);
    Some(ty)
}
