//! One error per field whose type lacks the traits: `let _ =
//! __field::<Type>;`, spanned at the field's type, first in each generated
//! body that uses the type (see `msgpack_core::MsgPackField`).
//! rustc then reports the unmet `MsgPackField` once, and leaves out the
//! `Encode` / `Decode` / `Schema` errors it implies at the same span. It is
//! type-level only: the function item is never called, nothing is
//! generated for it.
//!
//! A type with lifetimes (`Plain<'a>`, `&'a Opaque`) is checked with its
//! lifetimes made `'static` against `MsgPackBorrowedField<'static>`, the
//! same text in every body (the schema's `static` cannot name the impl's
//! lifetimes), and its `Decode<'de>` errors are implied by it.
//!
//! A type naming the container's type parameters (`Wrapper<T>`) needs
//! what the impl's bounds give, which differ by side: it is checked against
//! the one trait each body uses (`Encode` in the encode bodies, `Decode<'de>`
//! in the decode bodies), one error per side at the field instead of one
//! per body with notes into `msgpack_core`'s hidden helpers.
//!
//! Only fields whose type goes through the three traits get it (no `with`,
//! `encode_with`, `serde`..., both sides), and not of a type known to have
//! the traits (`u32`, `String`, `Vec<u8>`, `&str`...): most fields cost
//! nothing.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;

use super::{Container, Data, Field, Names};

/// The kind of body a check goes in.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Side {
    /// `Encode`'s methods and constants.
    Encode,
    /// `Decode<'de>`'s and its helper traits' (`'de` in scope).
    Decode,
    /// The `Schema` descriptor.
    Schema,
}

/// The bounded functions the checks name, emitted once per derive (none
/// when no field is checked).
pub(crate) fn check_fns(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    let kinds: Vec<Kind> = checked(cont).into_iter().map(|(_, k)| k).collect();
    let free = kinds.contains(&Kind::Free).then(|| quote!(const fn __field<__T: #krate::MsgPackField>() {}));
    let borrowed = kinds
        .contains(&Kind::Lifetimes)
        .then(|| quote!(const fn __borrowed_field<__T: #krate::MsgPackBorrowedField<'static>>() {}));
    let params = kinds.contains(&Kind::Params).then(|| {
        quote! {
            const fn __encode_field<__T: #krate::Encode>() {}
            const fn __decode_field<'de, __T: #krate::Decode<'de>>() {}
        }
    });
    quote!(#free #borrowed #params)
}

/// The checks for `cont`'s fields, to put first in a body of `side`.
pub(crate) fn field_checks(cont: &Container, side: Side) -> TokenStream {
    checks_where(cont, side, |_| true)
}

/// The checks of [`field_checks`] whose type `body` names: a body that
/// only calls the type's other impls (`encode` through `__encode_items`,
/// `decode` through `__decode_entries`) cannot fail on a field's type, and
/// its check would be tokens for nothing. (By the type's text: a body
/// naming `AddressBook` keeps the check of `Address`, which is harmless.)
pub(crate) fn field_checks_in(cont: &Container, side: Side, body: &TokenStream) -> TokenStream {
    let text = body.to_string();
    checks_where(cont, side, |ty| text.contains(&quote!(#ty).to_string()))
}

fn checks_where(cont: &Container, side: Side, keep: impl Fn(&syn::Type) -> bool) -> TokenStream {
    let checks = checked(cont).into_iter().filter(|(ty, _)| keep(ty)).map(|(ty, kind)| match kind {
        Kind::Free => quote_spanned!(ty.span()=> let _ = __field::<#ty>;),
        Kind::Lifetimes => {
            let st = staticize(ty);
            quote_spanned!(ty.span()=> let _ = __borrowed_field::<#st>;)
        }
        Kind::Params => match side {
            Side::Encode => quote_spanned!(ty.span()=> let _ = __encode_field::<#ty>;),
            Side::Decode => quote_spanned!(ty.span()=> let _ = __decode_field::<'de, #ty>;),
            // Left to the descriptor: its error names `Schema`.
            Side::Schema => quote!(),
        },
    });
    quote!(#(#checks)*)
}

/// The checked field types of `cont`, each once.
fn checked<'a>(cont: &'a Container) -> Vec<(&'a syn::Type, Kind)> {
    let a = &cont.attrs;
    // Through a proxy type the fields are not encoded or not decoded.
    if a.from.is_set() || a.try_from.is_set() || a.into.is_set() {
        return Vec::new();
    }
    let params: Vec<String> = cont.generics.type_params().map(|p| p.ident.to_string()).collect();
    let fields: Vec<&Field> = match &cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(vs) => vs.iter().filter(|v| v.never_written().is_none()).flat_map(|v| &v.fields).collect(),
    };
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for f in fields.into_iter().filter(|f| plain(f) && !known(f.ty)) {
        let Some(kind) = kind(f.ty, &params) else { continue };
        let ty = f.ty;
        let text = quote!(#ty).to_string();
        if !seen.contains(&text) {
            seen.push(text);
            out.push((ty, kind));
        }
    }
    out
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

/// How a field's type is checked.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// No lifetime: `MsgPackField`, the type as written.
    Free,
    /// Lifetimes only: `MsgPackBorrowedField<'static>`, the lifetimes made
    /// `'static`.
    Lifetimes,
    /// Type parameters: per side, the trait that side's bodies use.
    Params,
}

/// `None` for a type naming `Self`, a macro, `impl` / `dyn` or `_`: it
/// does not mean the same in every body.
fn kind(ty: &syn::Type, params: &[String]) -> Option<Kind> {
    struct Finder<'p> {
        params: &'p [String],
        lifetimes: bool,
        uses_params: bool,
        bound: bool,
    }
    impl<'ast> syn::visit::Visit<'ast> for Finder<'_> {
        fn visit_lifetime(&mut self, _: &'ast syn::Lifetime) {
            self.lifetimes = true;
        }
        fn visit_type_reference(&mut self, r: &'ast syn::TypeReference) {
            // A field's reference always names its lifetime; `&T` alone
            // (only in a macro's output) is left to the bodies.
            if r.lifetime.is_none() {
                self.bound = true;
            }
            syn::visit::visit_type_reference(self, r);
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
            if id == "Self" {
                self.bound = true;
            } else if self.params.iter().any(|p| id == p) {
                self.uses_params = true;
            }
        }
    }
    let mut f = Finder { params, lifetimes: false, uses_params: false, bound: false };
    syn::visit::Visit::visit_type(&mut f, ty);
    match (f.bound, f.uses_params, f.lifetimes) {
        (true, _, _) => None,
        (false, true, _) => Some(Kind::Params),
        (false, false, false) => Some(Kind::Free),
        (false, false, true) => Some(Kind::Lifetimes),
    }
}

/// `ty` with every lifetime `'static`.
fn staticize(ty: &syn::Type) -> syn::Type {
    struct Fix;
    impl VisitMut for Fix {
        fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
            *l = syn::Lifetime::new("'static", l.span());
        }
    }
    let mut ty = ty.clone();
    Fix.visit_type_mut(&mut ty);
    ty
}

/// Scalars, strings, borrowed `str` / `[u8]`, and the std containers of
/// those: they have the traits.
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
        syn::Type::Reference(r) => r.mutability.is_none() && borrowable(&r.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else { return false };
            let name = last.ident.to_string();
            match &last.arguments {
                syn::PathArguments::None => SCALARS.contains(&name.as_str()),
                syn::PathArguments::AngleBracketed(args) if name == "Cow" => args.args.iter().all(|a| match a {
                    syn::GenericArgument::Lifetime(_) => true,
                    syn::GenericArgument::Type(t) => borrowable(t),
                    _ => false,
                }),
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

/// `str` or `[u8]`: borrowed from the input.
fn borrowable(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(p) => p.qself.is_none() && p.path.is_ident("str"),
        syn::Type::Slice(s) => matches!(&*s.elem, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("u8")),
        _ => false,
    }
}
