//! Map bodies: pre-encoded keys and headers, consecutive constants merged
//! into one write, fields left out at run time (`skip_if`,
//! `omit_defaults`), flattened structs' entries (their `EncodeBody`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::field::{omit_condition, value_encode, value_len};
use crate::ast::{Container, Field, Names};
use crate::wire;

/// The entries of a map: optional constant prefix entries (an internal
/// tag) and the fields.
/// Whether a map's statements write its header.
#[derive(Clone, Copy)]
pub(super) enum Header {
    Yes,
    No,
    /// When the constant `__HEADER` of `EncodeBody::write_body` is true.
    Switched,
}

pub(super) struct MapEntries<'a> {
    pub(super) n: &'a Names,
    /// `let __claimed = ..;`: the keys the map's own fields and flattened
    /// structs write, which a flattened catch-all must not hold (when the
    /// map has flattened fields).
    pub(super) claimed: TokenStream,
    /// Raw bytes of prefix entries (keys and values) and their count.
    pub(super) prefix: Vec<u8>,
    pub(super) prefix_count: usize,
    pub(super) fields: Vec<Entry>,
}

pub(super) struct Entry {
    pub(super) key: Vec<u8>,
    pub(super) encode: TokenStream,
    pub(super) len: TokenStream,
    pub(super) omit: Option<(syn::Ident, TokenStream)>,
    /// A flattened field: its entries, counted by this expression, written
    /// without a key of its own.
    pub(super) flat_count: Option<TokenStream>,
}

impl<'a> MapEntries<'a> {
    pub(super) fn new(
        cont: &Container,
        n: &'a Names,
        fields: &[&Field],
        access: &dyn Fn(&Field) -> TokenStream,
        prefix: &[(Vec<u8>, Vec<u8>)],
    ) -> Self {
        let claimed = if fields.iter().any(|f| f.attrs.flatten.is_set()) {
            let krate = &n.krate;
            let own_lits = wire::own_keys(fields.iter().copied());
            let nested = fields.iter().filter(|f| f.attrs.flatten.is_set()).map(|f| {
                let ty = f.ty;
                let body = n.encode_body(crate::ast::Form::Map);
                quote!(.with(&<#ty as #body>::KEYS))
            });
            quote! {
                let __claimed: &#krate::__private::KeySet =
                    &const { #krate::__private::KeySet::of(&[#(#own_lits),*]) #(#nested)* };
            }
        } else {
            quote!()
        };
        let fields = fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let a = access(f);
                if f.attrs.flatten.is_set() {
                    let ty = f.ty;
                    let body = n.encode_body(crate::ast::Form::Map);
                    let map = quote_spanned!(ty.span()=> <#ty as #body>);
                    return Entry {
                        key: Vec::new(),
                        encode: quote!(#map::write_flat(#a, __e, __claimed)?;),
                        len: quote!(#map::body_len(#a)),
                        omit: None,
                        flat_count: Some(quote!(#map::items(#a))),
                    };
                }
                Entry {
                    flat_count: None,
                    key: wire::key(&f.key),
                    encode: value_encode(n, f, &a),
                    len: value_len(n, f, &a),
                    omit: omit_condition(cont, f, &a).map(|c| (format_ident!("__omit{}", i), c)),
                }
            })
            .collect();
        MapEntries {
            n,
            claimed,
            prefix: prefix.iter().flat_map(|(k, v)| k.iter().chain(v).copied()).collect(),
            prefix_count: prefix.len(),
            fields,
        }
    }

    pub(super) fn is_constant_count(&self) -> bool {
        self.fields.iter().all(|e| e.omit.is_none() && e.flat_count.is_none())
    }

    /// `let __omitN = cond;` for each omittable entry.
    pub(super) fn omit_lets(&self) -> TokenStream {
        let lets = self.fields.iter().filter_map(|e| e.omit.as_ref()).map(|(id, c)| quote!(let #id: bool = #c;));
        quote!(#(#lets)*)
    }

    /// The number of entries (an expression; needs `omit_lets` in scope when
    /// not constant).
    pub(super) fn count_expr(&self) -> TokenStream {
        let always =
            self.prefix_count + self.fields.iter().filter(|e| e.omit.is_none() && e.flat_count.is_none()).count();
        let optional = self.fields.iter().filter_map(|e| e.omit.as_ref()).map(|(id, _)| quote!(+ (!#id) as usize));
        let flat = self.fields.iter().filter_map(|e| e.flat_count.as_ref()).map(|c| quote!(+ #c));
        quote!(#always #(#optional)* #(#flat)*)
    }

    /// A self-contained count expression (for `EncodeBody::items`).
    pub(super) fn count(&self) -> TokenStream {
        let lets = self.omit_lets();
        let count = self.count_expr();
        quote!({ #lets #count })
    }

    /// Statements writing the entries, with the map header if `header`.
    /// Returns (setup, statements).
    pub(super) fn encode_stmts(&self, header: bool) -> (TokenStream, TokenStream) {
        let (setup, stmts) = self.encode_stmts_inner(header);
        let claimed = &self.claimed;
        (quote!(#claimed #setup), stmts)
    }

    /// [`encode_stmts`](Self::encode_stmts) for `EncodeBody::write_body`: the
    /// header only when the constant `__HEADER` is true (a constant count's
    /// header is written with the first key, in one write either way).
    pub(super) fn encode_stmts_switched(&self) -> (TokenStream, TokenStream) {
        let (setup, stmts) = self.encode_stmts_with(Header::Switched);
        let claimed = &self.claimed;
        (quote!(#claimed #setup), stmts)
    }

    pub(super) fn encode_stmts_inner(&self, header: bool) -> (TokenStream, TokenStream) {
        self.encode_stmts_with(if header { Header::Yes } else { Header::No })
    }

    pub(super) fn encode_stmts_with(&self, header: Header) -> (TokenStream, TokenStream) {
        let mut out = Vec::new();
        let mut pending: Vec<u8> = Vec::new();
        // With `Header::Switched`, how many bytes of `pending`'s first
        // flush are the header.
        let mut switched_header = 0;
        let setup;
        if self.is_constant_count() {
            let bytes = wire::map_header(self.prefix_count + self.fields.len());
            match header {
                Header::Yes => pending.extend(bytes),
                Header::No => {}
                Header::Switched => {
                    switched_header = bytes.len();
                    pending.extend(bytes);
                }
            }
            setup = quote!();
        } else {
            let lets = self.omit_lets();
            let count = self.count_expr();
            setup = match header {
                Header::Yes => quote!(#lets __e.map_len(#count)?;),
                Header::No => lets,
                Header::Switched => quote!(#lets if __HEADER { __e.map_len(#count)?; }),
            };
        }
        pending.extend(&self.prefix);
        let mut flush = |pending: &mut Vec<u8>, out: &mut Vec<TokenStream>| {
            if switched_header > 0 {
                let with = wire::lit(pending);
                let without = wire::lit(&pending[switched_header..]);
                out.push(quote!(__e.raw(if __HEADER { #with } else { #without })?;));
                pending.clear();
                switched_header = 0;
            } else if !pending.is_empty() {
                let lit = wire::lit(pending);
                out.push(quote!(__e.raw(#lit)?;));
                pending.clear();
            }
        };
        for e in &self.fields {
            if e.flat_count.is_some() {
                flush(&mut pending, &mut out);
                out.push(e.encode.clone());
                continue;
            }
            match &e.omit {
                None => {
                    pending.extend(&e.key);
                    flush(&mut pending, &mut out);
                    out.push(e.encode.clone());
                }
                Some((id, _)) => {
                    flush(&mut pending, &mut out);
                    let key = wire::lit(&e.key);
                    let enc = &e.encode;
                    out.push(quote!(if !#id { __e.raw(#key)?; #enc }));
                }
            }
        }
        flush(&mut pending, &mut out);
        (setup, quote!(#(#out)*))
    }

    /// The encoded length, with the header if `header`.
    pub(super) fn len_expr(&self, header: bool) -> TokenStream {
        let krate = &self.n.krate;
        let mut constant = self.prefix.len();
        let mut parts = Vec::new();
        for e in &self.fields {
            let len = &e.len;
            if e.flat_count.is_some() {
                parts.push(quote!(+ #len));
                continue;
            }
            match &e.omit {
                None => {
                    constant += e.key.len();
                    parts.push(quote!(+ #len));
                }
                Some((id, _)) => {
                    let k = e.key.len();
                    parts.push(quote!(+ if #id { 0 } else { #k + #len }));
                }
            }
        }
        if self.is_constant_count() {
            if header {
                constant += wire::map_header(self.prefix_count + self.fields.len()).len();
            }
            quote!(#constant #(#parts)*)
        } else {
            let lets = self.omit_lets();
            let head = if header {
                let count = self.count_expr();
                quote!(#krate::encode::map_header_size(#count) +)
            } else {
                quote!()
            };
            quote!({ #lets #head #constant #(#parts)* })
        }
    }
}
