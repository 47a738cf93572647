//! Trait bounds for generic containers.
//!
//! Every type parameter that appears in a field that is encoded (not
//! `skip`, not `with`, and for each trait not `encode_with` / `decode_with`)
//! gets the trait as a bound, like serde does; `bound =
//! "..."` replaces the inferred bounds. Decode impls get a `'de` lifetime
//! that outlives every lifetime of the type, so borrowed fields (`&'a str`,
//! `Cow<'a, str>`, nested borrowed types) borrow from the input.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::visit::Visit;

use crate::ast::{Container, Data, Field};

/// Which impl the bounds are for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    Encode,
    Decode,
}

/// Whether the field is written (encode side) or read (decode side).
fn on_wire(f: &Field, side: Side) -> bool {
    match side {
        Side::Encode => f.is_written(),
        Side::Decode => f.is_read(),
    }
}

/// Whether the field goes through the trait on this side (not user code).
fn uses_trait(f: &Field, side: Side) -> bool {
    let custom = match side {
        Side::Encode => f.attrs.encode_with.is_set(),
        Side::Decode => f.attrs.decode_with.is_set(),
    };
    on_wire(f, side) && !f.attrs.with.is_set() && !f.attrs.serde.is_set() && !custom && !f.attrs.bound.is_set()
}

/// The predicates of the fields' own `bound` attributes for this side
/// (serde's field `bound`: they replace the bounds inferred from the
/// field).
fn field_bounds(cont: &Container, side: Side) -> Vec<TokenStream> {
    let fields: Vec<&Field> = match &cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(vs) => vs.iter().filter(|v| !v.attrs.skip.is_set()).flat_map(|v| &v.fields).collect(),
    };
    let half = |b: &crate::attr::Bounds| match side {
        Side::Encode => b.encode.clone(),
        Side::Decode => b.decode.clone(),
    };
    fields.iter().filter_map(|f| f.attrs.bound.get()).filter_map(half).flatten().map(|p| p.to_token_stream()).collect()
}

/// Type parameter names used by the encoded fields.
fn used_params(cont: &Container, side: Side) -> BTreeSet<String> {
    let params: BTreeSet<String> = cont.generics.type_params().map(|p| p.ident.to_string()).collect();
    let mut used = BTreeSet::new();
    let fields: Vec<&Field> = match &cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(vs) => vs.iter().filter(|v| !v.attrs.skip.is_set()).flat_map(|v| &v.fields).collect(),
    };
    struct Finder<'p> {
        params: &'p BTreeSet<String>,
        used: &'p mut BTreeSet<String>,
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_path(&mut self, p: &'ast syn::Path) {
            if let Some(seg) = p.segments.first() {
                let id = seg.ident.to_string();
                if self.params.contains(&id) {
                    self.used.insert(id);
                }
            }
            syn::visit::visit_path(self, p);
        }
    }
    for f in fields.into_iter().filter(|f| uses_trait(f, side)) {
        Finder { params: &params, used: &mut used }.visit_type(f.ty);
    }
    used
}

/// The where-clause predicates for an impl of `trait_path`.
pub(crate) fn predicates(cont: &Container, trait_path: &TokenStream, side: Side) -> Vec<TokenStream> {
    let mut preds: Vec<TokenStream> = cont
        .generics
        .where_clause
        .as_ref()
        .map(|w| w.predicates.iter().map(|p| p.to_token_stream()).collect())
        .unwrap_or_default();
    let custom = cont.attrs.bound.get().and_then(|b| match side {
        Side::Encode => b.encode.as_ref(),
        Side::Decode => b.decode.as_ref(),
    });
    if let Some(custom) = custom {
        preds.extend(custom.iter().map(|p| p.to_token_stream()));
        return preds;
    }
    preds.extend(field_bounds(cont, side));
    for p in used_params(cont, side) {
        let id = syn::Ident::new(&p, proc_macro2::Span::call_site());
        preds.push(quote!(#id: #trait_path));
    }
    preds.extend(flatten_bounds(cont, side));
    preds
}

/// A flattened field whose type names a type parameter needs the hidden
/// body trait of its side (`EncodeBody` / `DecodeBody`), as serde
/// infers `Serialize` for such a field.
fn flatten_bounds(cont: &Container, side: Side) -> Vec<TokenStream> {
    let params: BTreeSet<String> = cont.generics.type_params().map(|p| p.ident.to_string()).collect();
    if params.is_empty() {
        return Vec::new();
    }
    let krate = super::Names::new(cont).krate;
    let fields: Vec<&Field> = match &cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(vs) => vs.iter().filter(|v| !v.attrs.skip.is_set()).flat_map(|v| &v.fields).collect(),
    };
    let serde_bounds: Vec<TokenStream> = fields
        .iter()
        .filter(|f| on_wire(f, side) && f.attrs.serde.is_set())
        .filter(|f| mentions(f.ty, &params))
        .map(|f| {
            let ty = f.ty;
            match side {
                Side::Encode => quote!(#ty: #krate::__private::serde_crate::Serialize),
                Side::Decode => quote!(#ty: #krate::__private::serde_crate::Deserialize<'de>),
            }
        })
        .collect();
    let mut out: Vec<TokenStream> = fields
        .into_iter()
        .filter(|f| on_wire(f, side) && f.attrs.flatten.is_set())
        .filter(|f| mentions(f.ty, &params))
        .map(|f| {
            let ty = f.ty;
            let names = super::Names::new(cont);
            match side {
                Side::Encode => {
                    let body = names.encode_body(cont.form());
                    quote!(#ty: #body)
                }
                Side::Decode => {
                    let body = names.decode_body(cont.form());
                    quote!(#ty: #body)
                }
            }
        })
        .collect();
    out.extend(serde_bounds);
    out
}

/// Whether a type's tokens name one of `params` (a type parameter).
pub(crate) fn mentions(ty: &syn::Type, params: &BTreeSet<String>) -> bool {
    let text = ty.to_token_stream().to_string();
    text.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| params.contains(w))
}

/// `impl<...>` parameters for a Decode impl: `'de` outliving every lifetime
/// of the type, then the type's own parameters.
pub(crate) fn decode_impl_params(cont: &Container) -> TokenStream {
    let lifetimes: Vec<&syn::Lifetime> = cont.generics.lifetimes().map(|l| &l.lifetime).collect();
    let params = cont.generics.params.iter().map(|p| match p {
        syn::GenericParam::Type(t) => {
            let mut t = t.clone();
            t.eq_token = None;
            t.default = None;
            t.into_token_stream()
        }
        syn::GenericParam::Const(c) => {
            let mut c = c.clone();
            c.eq_token = None;
            c.default = None;
            c.into_token_stream()
        }
        other => other.into_token_stream(),
    });
    if lifetimes.is_empty() { quote!('de, #(#params),*) } else { quote!('de: #(#lifetimes)+*, #(#params),*) }
}
