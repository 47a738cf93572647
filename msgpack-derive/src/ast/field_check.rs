//! One error per field whose type lacks the traits: `let _ =
//! __field::<Type>;`, spanned at the field's type, first in each generated
//! body that uses the type (see `msgpack_core::MsgPackField`).
//! rustc then reports the unmet `MsgPackField` once, and leaves out the
//! `Encode` / `Decode` / `Schema` errors it implies at the same span. It is
//! type-level only: the function item is never called, nothing is
//! generated for it.
//!
//! Only fields whose type goes through the three traits get it (no `with`,
//! `encode_with`, `serde`..., both sides), of a type without lifetimes or
//! type parameters (those are checked where the type is used), and not of
//! a type known to have the traits (`u32`, `String`, `Vec<u8>`...): most
//! fields cost nothing.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::{Container, Data, Field, Names};

/// The bounded function, emitted once per derive.
pub(crate) fn check_fn(n: &Names) -> TokenStream {
    let krate = &n.krate;
    quote! {
        #[allow(dead_code)]
        const fn __field<__T: #krate::MsgPackField>() {}
    }
}

/// The checks for `cont`'s fields, to put first in a body.
pub(crate) fn field_checks(cont: &Container) -> TokenStream {
    let a = &cont.attrs;
    // Through a proxy type the fields are not encoded or not decoded.
    if a.from.is_set() || a.try_from.is_set() || a.into.is_set() {
        return quote!();
    }
    let params: Vec<String> = cont.generics.type_params().map(|p| p.ident.to_string()).collect();
    let fields: Vec<&Field> = match &cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(vs) => vs.iter().filter(|v| v.never_written().is_none()).flat_map(|v| &v.fields).collect(),
    };
    let mut seen: Vec<String> = Vec::new();
    let checks = fields.into_iter().filter(|f| plain(f) && !known(f.ty) && free(f.ty, &params)).filter_map(|f| {
        let ty = f.ty;
        let text = quote!(#ty).to_string();
        if seen.contains(&text) {
            return None;
        }
        seen.push(text);
        Some(quote_spanned!(ty.span()=> let _ = __field::<#ty>;))
    });
    quote!(#(#checks)*)
}

/// Written and read through the type's own three impls.
fn plain(f: &Field) -> bool {
    let a = &f.attrs;
    f.is_written()
        && f.is_read()
        && !(a.with.is_set()
            || a.encode_with.is_set()
            || a.decode_with.is_set()
            || a.serde.is_set()
            || a.as_array.is_set()
            || a.as_map.is_set()
            || a.flatten.is_set())
}

/// No lifetime, no type parameter, no `Self`, no macro: the type means
/// the same in every body.
fn free(ty: &syn::Type, params: &[String]) -> bool {
    struct Finder<'p> {
        params: &'p [String],
        bound: bool,
    }
    impl<'ast> syn::visit::Visit<'ast> for Finder<'_> {
        fn visit_lifetime(&mut self, _: &'ast syn::Lifetime) {
            self.bound = true;
        }
        fn visit_type_reference(&mut self, _: &'ast syn::TypeReference) {
            self.bound = true;
        }
        fn visit_type(&mut self, ty: &'ast syn::Type) {
            match ty {
                syn::Type::Macro(_) | syn::Type::ImplTrait(_) | syn::Type::TraitObject(_) | syn::Type::Infer(_) => {
                    self.bound = true
                }
                _ => syn::visit::visit_type(self, ty),
            }
        }
        fn visit_ident(&mut self, id: &'ast proc_macro2::Ident) {
            if id == "Self" || self.params.iter().any(|p| id == p) {
                self.bound = true;
            }
        }
    }
    let mut f = Finder { params, bound: false };
    syn::visit::Visit::visit_type(&mut f, ty);
    !f.bound
}

/// Scalars, strings, and the std containers of those: they have the traits.
fn known(ty: &syn::Type) -> bool {
    const SCALARS: &[&str] = &[
        "bool", "char", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
        "f64", "String",
    ];
    const CONTAINERS: &[&str] = &["Option", "Vec", "VecDeque", "Box", "BTreeMap", "BTreeSet"];
    match ty {
        syn::Type::Paren(p) => known(&p.elem),
        syn::Type::Group(g) => known(&g.elem),
        syn::Type::Array(a) => known(&a.elem),
        syn::Type::Tuple(t) => t.elems.iter().all(known),
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else { return false };
            let name = last.ident.to_string();
            match &last.arguments {
                syn::PathArguments::None => SCALARS.contains(&name.as_str()),
                syn::PathArguments::AngleBracketed(args) => {
                    CONTAINERS.contains(&name.as_str())
                        && args.args.iter().all(|a| matches!(a, syn::GenericArgument::Type(t) if known(t)))
                }
                syn::PathArguments::Parenthesized(_) => false,
            }
        }
        _ => false,
    }
}
