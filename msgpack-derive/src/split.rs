//! serde's two-halved attribute values: `rename(serialize = "..",
//! deserialize = "..")` (also `rename_all`, `rename_all_fields`, `bound`),
//! and `borrow = "'a + 'b"`, parsed for `attr.rs`.
//!
//! A name serves both directions here (one wire key, one shape in the
//! schema descriptor): the split form of a name is accepted when both
//! halves name the same thing, and otherwise refused with what to write
//! instead. Bounds are per impl, so each half of `bound` goes to its impl.

use quote::ToTokens;
use syn::LitStr;
use syn::meta::ParseNestedMeta;

use crate::ctxt::Ctxt;
use crate::keyword::{DESERIALIZE, SERIALIZE};

/// `bound = ".."` (both impls) or `bound(serialize = "..", deserialize =
/// "..")` (each half for its impl, the other inferred).
#[derive(Clone, Default)]
pub(crate) struct Bounds {
    /// For the `Encode` impl; `None`: inferred.
    pub(crate) encode: Option<Vec<syn::WherePredicate>>,
    /// For the `Decode` impl; `None`: inferred.
    pub(crate) decode: Option<Vec<syn::WherePredicate>>,
}

impl Bounds {
    /// Both halves (for impls that serve both directions).
    pub(crate) fn all(&self) -> impl Iterator<Item = &syn::WherePredicate> {
        self.encode.iter().chain(&self.decode).flatten()
    }
}

fn word(meta: &ParseNestedMeta) -> String {
    meta.path.to_token_stream().to_string().replace(' ', "")
}

/// The `serialize` and `deserialize` halves of `name(..)`.
fn halves(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<(Option<LitStr>, Option<LitStr>)> {
    let (mut ser, mut de) = (None, None);
    let outer = word(meta);
    meta.parse_nested_meta(|m| {
        let half = word(&m);
        let lit: LitStr = m.value()?.parse()?;
        match half.as_str() {
            SERIALIZE => ser = Some(lit),
            DESERIALIZE => de = Some(lit),
            _ => cx.error_spanned_by(
                &m.path,
                format!("unknown half `{half}` of `{outer}(..)`; expected `serialize` or `deserialize`"),
            ),
        }
        Ok(())
    })?;
    Ok((ser, de))
}

/// `name = "x"`, or `name(serialize = "x", deserialize = "x")` with one
/// value for both halves: the value. Different halves, or one alone, are
/// refused (one error, saying what to write).
pub(crate) fn one_value(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<LitStr>> {
    if !meta.input.peek(syn::token::Paren) {
        return meta.value()?.parse().map(Some);
    }
    let w = word(meta);
    let (ser, de) = halves(cx, meta)?;
    let instead = |s: &LitStr, d: &LitStr| -> String {
        if w == "rename" {
            format!("write `rename = {:?}`, and `alias = {:?}` to also read the other name", s.value(), d.value())
        } else {
            format!("write one `{w} = \"..\"` rule for both")
        }
    };
    let msg = match (&ser, &de) {
        (Some(s), Some(d)) if s.value() == d.value() => return Ok(ser),
        (Some(s), Some(d)) => format!(
            "`{w}` with different `serialize` and `deserialize` values: here one wire name serves both directions (the schema descriptor has one shape); {}",
            instead(s, d)
        ),
        (Some(one), None) if w == "rename" => format!(
            "`rename(serialize = ..)` alone: here one wire name serves both directions (the schema descriptor has one shape); write `rename = {:?}`, and `alias = \"..\"` for the name read",
            one.value()
        ),
        (None, Some(one)) if w == "rename" => format!(
            "`rename(deserialize = ..)` alone: here one wire name serves both directions (the schema descriptor has one shape); write `alias = {:?}` to read that name as well",
            one.value()
        ),
        (Some(one), None) | (None, Some(one)) => {
            format!("`{w}` with one half only: one rule serves both directions here; write `{w} = {:?}`", one.value())
        }
        (None, None) => format!("`{w}(..)` needs `serialize = \"..\"` and `deserialize = \"..\"`"),
    };
    cx.error_spanned_by(&meta.path, msg);
    Ok(None)
}

fn predicates(cx: &Ctxt, lit: &LitStr) -> Option<Vec<syn::WherePredicate>> {
    let parsed = lit.parse_with(syn::punctuated::Punctuated::<syn::WherePredicate, syn::Token![,]>::parse_terminated);
    match parsed {
        Ok(preds) => Some(preds.into_iter().collect()),
        Err(e) => {
            cx.error_spanned_by(lit, format!("invalid `bound`: {e}"));
            None
        }
    }
}

/// `bound = ".."` or `bound(serialize = "..", deserialize = "..")`, with
/// the tokens to point errors at.
pub(crate) fn bounds(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<(proc_macro2::TokenStream, Bounds)> {
    if !meta.input.peek(syn::token::Paren) {
        let lit: LitStr = meta.value()?.parse()?;
        let preds = predicates(cx, &lit);
        return Ok((lit.to_token_stream(), Bounds { encode: preds.clone(), decode: preds }));
    }
    let (ser, de) = halves(cx, meta)?;
    let b = Bounds {
        encode: ser.as_ref().and_then(|l| predicates(cx, l)),
        decode: de.as_ref().and_then(|l| predicates(cx, l)),
    };
    Ok((meta.path.to_token_stream(), b))
}

/// `borrow` (no lifetimes named) or `borrow = "'a + 'b"`.
pub(crate) fn borrow(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Vec<syn::Lifetime>> {
    if !meta.input.peek(syn::Token![=]) {
        return Ok(Vec::new());
    }
    let lit: LitStr = meta.value()?.parse()?;
    let parsed = lit.parse_with(syn::punctuated::Punctuated::<syn::Lifetime, syn::Token![+]>::parse_separated_nonempty);
    match parsed {
        Ok(ls) => Ok(ls.into_iter().collect()),
        Err(_) => {
            cx.error_spanned_by(
                &lit,
                format!("expected lifetimes in `borrow`, e.g. \"'a + 'b\", found {:?}", lit.value()),
            );
            Ok(Vec::new())
        }
    }
}
