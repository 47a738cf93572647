//! Rules for serde's one-sided field attributes (`skip_serializing`,
//! `skip_deserializing`) and for `borrow`'s named lifetimes.

use quote::ToTokens;

use crate::ast::{Container, Field, Form, Style, Variant};
use crate::attr;
use crate::ctxt::Ctxt;

/// `skip_serializing` / `skip_deserializing` on one field.
pub(super) fn check_one_sided(cx: &Ctxt, cont: &Container, f: &Field, style: Style, form: Form) {
    let a = &f.attrs;
    if let (Some(_), Some(t)) = (a.skip_serializing.tokens(), a.skip_deserializing.tokens()) {
        cx.error_spanned_by(t, "`skip_serializing` and `skip_deserializing` together: write `skip`");
        return;
    }
    for (name, tokens) in [
        (attr::SKIP_SERIALIZING, a.skip_serializing.tokens()),
        (attr::SKIP_DESERIALIZING, a.skip_deserializing.tokens()),
    ] {
        let Some(t) = tokens else { continue };
        // By position, a value written by one side and not the other
        // shifts every later field (serde's own bytes do not round-trip).
        if style != Style::Struct || form == Form::Array {
            cx.error_spanned_by(
                t,
                format!(
                    "`{name}` needs map form: in an array, a value only one side knows would shift the later fields"
                ),
            );
        }
        for (other, tokens) in [
            (attr::SKIP, a.skip.tokens()),
            (attr::FLATTEN, a.flatten.tokens()),
            (attr::SERDE, a.serde.tokens()),
            (attr::AS_MAP, a.as_map.tokens()),
        ] {
            if tokens.is_some() {
                cx.error_spanned_by(t, format!("`{name}` and `{other}` conflict; keep one"));
            }
        }
    }
    // The half that never runs would have nothing to act on.
    let alias = a.aliases.first().map(|l| l.to_token_stream());
    let never = [
        (attr::SKIP_SERIALIZING, a.skip_serializing.tokens(), attr::ENCODE_WITH, a.encode_with.tokens()),
        (attr::SKIP_SERIALIZING, a.skip_serializing.tokens(), attr::SKIP_IF, a.skip_if.tokens()),
        (attr::SKIP_DESERIALIZING, a.skip_deserializing.tokens(), attr::DECODE_WITH, a.decode_with.tokens()),
        (attr::SKIP_DESERIALIZING, a.skip_deserializing.tokens(), attr::ALIAS, alias.as_ref()),
    ];
    for (name, tokens, other, other_tokens) in never {
        if let (Some(_), Some(t)) = (tokens, other_tokens) {
            cx.error_spanned_by(t, format!("`{other}` has no effect with `{name}`: that side never handles the field"));
        }
    }
    // As in serde, the key a `skip_deserializing` field writes is unknown
    // to the reader: with `deny_unknown_fields` the type could not read
    // its own messages.
    if let (Some(t), Some(_)) = (a.skip_deserializing.tokens(), cont.attrs.deny_unknown_fields.tokens()) {
        cx.error_spanned_by(
            t,
            "`skip_deserializing` and `deny_unknown_fields` conflict: the key this field writes is unknown to the reader, so the type could not read its own messages",
        );
    }
}

/// `borrow` / `borrow = "'a + 'b"` on a field: its type has lifetimes,
/// and each one named is among them.
pub(super) fn check_borrow(cx: &Ctxt, f: &Field) {
    if let (Some(t), Some(named)) = (f.attrs.borrow.tokens(), f.attrs.borrow.get()) {
        borrow_of(cx, t, named, f.ty);
    }
}

/// `borrow` on a variant (serde's): the field of a newtype variant.
pub(super) fn check_variant_borrow(cx: &Ctxt, v: &Variant) {
    let (Some(t), Some(named)) = (v.attrs.borrow.tokens(), v.attrs.borrow.get()) else { return };
    match (v.style, v.fields.first()) {
        (Style::Newtype, Some(f)) => borrow_of(cx, t, named, f.ty),
        _ => cx.error_spanned_by(t, "`borrow` on a variant needs a newtype variant; put it on the field"),
    }
}

fn borrow_of(cx: &Ctxt, t: &proc_macro2::TokenStream, named: &[syn::Lifetime], ty: &syn::Type) {
    struct Lifetimes(Vec<String>);
    impl<'ast> syn::visit::Visit<'ast> for Lifetimes {
        fn visit_lifetime(&mut self, l: &'ast syn::Lifetime) {
            self.0.push(l.ident.to_string());
        }
    }
    let mut found = Lifetimes(Vec::new());
    syn::visit::Visit::visit_type(&mut found, ty);
    if found.0.is_empty() {
        cx.error_spanned_by(t, "`borrow` on a field whose type has no lifetime: there is nothing to borrow");
        return;
    }
    for l in named.iter().filter(|l| !found.0.contains(&l.ident.to_string())) {
        cx.error_spanned_by(t, format!("`borrow = \"{l}\"`: the field's type has no lifetime `{l}`"));
    }
}
