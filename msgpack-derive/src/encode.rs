//! Generates `Encode` (and, for map-form structs, the hidden `EncodeMap`).
//!
//! Keys and headers are pre-encoded byte strings written with one copy;
//! consecutive constants are merged into one write; `encoded_len` is the sum
//! of constants and the fields' own lengths.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Data, Field, Form, Style};
use crate::attr::DefaultKind;
use crate::bound;
use crate::expand::Names;
use crate::wire;

mod checks;
mod enums;
use checks::{flatten_checks, own_keys};
use enums::{enum_body, tag_checks};
pub(crate) use enums::{unit_enum_as_int, variant_int};

pub(crate) fn expand(cont: &Container, n: &Names) -> TokenStream {
    if let Some(ty) = cont.attrs.into.get() {
        return crate::proxy::encode_impl(cont, n, ty);
    }
    let krate = &n.krate;
    let ident = cont.ident;
    let (impl_generics, ty_generics, _) = cont.generics.split_for_impl();
    let preds = bound::predicates(cont, &quote!(#krate::Encode), bound::Side::Encode);
    let (body, len) = match &cont.data {
        Data::Struct(..) if cont.transparent_field().is_some() => transparent_body(cont, n),
        Data::Struct(style, fields) => struct_body(cont, n, *style, fields),
        Data::Enum(variants) => enum_body(cont, n, variants),
    };
    let max_len = max_len(cont, n);
    // A transparent struct is its field: no window or map entries of its own.
    let plain = cont.transparent_field().is_none();
    let items_impl = match &cont.data {
        Data::Struct(Style::Struct | Style::Tuple, _) if cont.generics.params.is_empty() && plain => quote! {
            #[automatically_derived]
            impl #krate::__private::EncodeItems for #ident {
                #[inline(always)]
                fn __encode_items<__W: #krate::encode::Write>(
                    &self,
                    __e: &mut #krate::encode::Encoder<__W>,
                ) -> ::core::result::Result<(), #krate::encode::Error<__W::Error>> {
                    #body
                }
            }
        },
        _ => quote!(),
    };
    let body = match &cont.data {
        // A struct whose encoding has a small bound goes through one window
        // of the sink (one room check per value, see `encode::bounded`).
        // The bound is a constant of the impl, known only after type
        // checking, so both calls are emitted around a constant condition
        // (the fields' code once, in `EncodeItems`, generic over the sink);
        // the window size must be a concrete constant, hence non-generic
        // types only.
        Data::Struct(Style::Struct | Style::Tuple, _) if cont.generics.params.is_empty() && plain => {
            let items = quote!(<Self as #krate::__private::EncodeItems>::__encode_items);
            quote! {
                if <Self as #krate::Encode>::__MAX_LEN <= #krate::encode::bounded::BOUNDED_LIMIT {
                    __e.__bounded::<{ #krate::encode::bounded::window(<#ident as #krate::Encode>::__MAX_LEN) }, Self>(
                        self,
                    )
                } else {
                    #items(self, __e)
                }
            }
        }
        _ => body,
    };
    let map_impl = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.form() == Form::Map && plain => {
            let wire: Vec<&Field> = fields.iter().filter(|f| f.is_wire()).collect();
            let access = |f: &Field| {
                let m = &f.member;
                quote!(&self.#m)
            };
            let entries = MapEntries::new(cont, n, &wire, &access, &[]);
            let count = entries.count();
            let (pre, stmts) = entries.encode_stmts_switched();
            let elen = entries.len_expr(false);
            // Aliases too: an alias equal to an enclosing enum's tag would
            // read the tag as the field. Flattened structs add theirs.
            let own = own_keys(fields);
            let nested = wire.iter().filter(|f| f.attrs.flatten.is_set()).map(|f| {
                let ty = f.ty;
                quote!(.with(&<#ty as #krate::__private::EncodeMap>::__KEYS))
            });
            quote! {
                #[automatically_derived]
                impl #impl_generics #krate::__private::EncodeMap for #ident #ty_generics where #(#preds,)* {
                    const __KEYS: #krate::__private::KeySet =
                        #krate::__private::KeySet::of(&[#(#own),*]) #(#nested)*;
                    #[inline]
                    fn __map_entries(&self) -> usize {
                        #count
                    }
                    #[inline(always)]
                    fn __encode_entries<__W: #krate::encode::Write>(
                        &self,
                        __e: &mut #krate::encode::Encoder<__W>,
                    ) -> ::core::result::Result<(), #krate::encode::Error<__W::Error>> {
                        <Self as #krate::__private::MapBody>::__map_body::<false, __W>(self, __e)
                    }
                    #[inline(always)]
                    fn __entries_len(&self) -> usize {
                        #elen
                    }
                }
                #[automatically_derived]
                impl #impl_generics #krate::__private::MapBody for #ident #ty_generics where #(#preds,)* {
                    #[inline(always)]
                    fn __map_body<const __HEADER: bool, __W: #krate::encode::Write>(
                        &self,
                        __e: &mut #krate::encode::Encoder<__W>,
                    ) -> ::core::result::Result<(), #krate::encode::Error<__W::Error>> {
                        #pre
                        #stmts
                        ::core::result::Result::Ok(())
                    }
                }
            }
        }
        _ => quote!(),
    };
    let elems = match &cont.data {
        Data::Struct(Style::Struct, fields) if cont.form() == Form::Array && plain => {
            let preds: Vec<TokenStream> = preds.clone();
            elems_impl(cont, n, fields, &preds)
        }
        _ => quote!(),
    };
    let tag_checks = tag_checks(cont, n);
    let flatten_checks = flatten_checks(cont, n);
    // A fixed layout: the whole value as one template (see `layout`).
    let (layout_items, layout_hook) = match crate::layout::encode(cont, n) {
        Some(parts) => (parts.items, parts.hook),
        None => (quote!(), quote!()),
    };
    quote! {
        #tag_checks
        #flatten_checks
        #[automatically_derived]
        impl #impl_generics #krate::Encode for #ident #ty_generics where #(#preds,)* {
            #max_len
            #layout_items
            #[inline]
            fn encode<__W: #krate::encode::Write>(
                &self,
                __e: &mut #krate::encode::Encoder<__W>,
            ) -> ::core::result::Result<(), #krate::encode::Error<__W::Error>> {
                #layout_hook
                #body
            }
            #[inline]
            fn encoded_len(&self) -> usize {
                #len
            }
        }
        #items_impl
        #map_impl
        #elems
    }
}

/// `const __MAX_LEN` of a struct: its header, its keys and the bounds of
/// its fields' types (none for a `with` field); enums keep the default (no
/// bound).
fn max_len(cont: &Container, n: &Names) -> TokenStream {
    let krate = &n.krate;
    let Data::Struct(style, fields) = &cont.data else { return quote!() };
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_wire()).collect();
    let field_max = |f: &Field| {
        let ty = f.ty;
        if f.attrs.with.is_set()
            || f.attrs.encode_with.is_set()
            || f.attrs.as_array.is_set()
            || f.attrs.flatten.is_set()
            || f.attrs.as_map.is_set()
            || f.attrs.serde.is_set()
        {
            quote!(usize::MAX)
        } else {
            quote!(<#ty as #krate::Encode>::__MAX_LEN)
        }
    };
    let mut parts: Vec<TokenStream> = Vec::new();
    if let Some(f) = cont.transparent_field() {
        let part = field_max(f);
        return quote!(const __MAX_LEN: usize = #part;);
    }
    match style {
        Style::Unit => parts.push(quote!(1usize)),
        Style::Newtype => parts.push(field_max(wire[0])),
        Style::Tuple => {
            let head = wire::array_header(wire.len()).len();
            parts.push(quote!(#head));
            parts.extend(wire.iter().map(|f| field_max(f)));
        }
        Style::Struct => match cont.form() {
            Form::Array => {
                let head = wire::array_header(wire.len()).len();
                parts.push(quote!(#head));
                parts.extend(wire.iter().map(|f| field_max(f)));
            }
            Form::Map => {
                let keys: usize = wire.iter().map(|f| wire::key(&f.key).len()).sum();
                let head = wire::map_header(wire.len()).len() + keys;
                parts.push(quote!(#head));
                parts.extend(wire.iter().map(|f| field_max(f)));
            }
        },
    }
    quote!(const __MAX_LEN: usize = #krate::encode::bounded::max_len_sum(&[#(#parts),*]);)
}

/// Writes one field's value (`access` is an expression of type `&T`). The
/// function is spanned at the `with` attribute or the field's type (where a
/// missing impl is reported); `__e` keeps the call-site span, so that it
/// resolves even when the type comes from a `macro_rules!` expansion.
fn value_encode(n: &Names, f: &Field, access: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let ty = f.ty;
    if f.attrs.as_array.is_set() {
        let bytes = quote_spanned!(ty.span()=> <#ty as ::core::convert::AsRef<[u8]>>::as_ref(#access));
        return quote!(#krate::__private::bytes_as_array(#bytes, __e)?;);
    }
    if f.attrs.as_map.is_set() {
        let pairs = quote_spanned!(ty.span()=> <#ty as #krate::__private::PairSeq>::__pairs(#access));
        return quote!(#krate::__private::pairs_as_map(#pairs, __e)?;);
    }
    if f.attrs.serde.is_set() {
        let func = quote_spanned!(ty.span()=> #krate::__private::serde_encode::<#ty, __W>);
        let named = f.serde_named;
        return quote!(#func(#access, __e, #named)?;);
    }
    let func = match (f.attrs.with.get(), f.attrs.encode_with.get()) {
        (Some(path), _) => quote_spanned!(path.span()=> #path::encode),
        (None, Some(path)) => quote_spanned!(path.span()=> #path),
        (None, None) => quote_spanned!(ty.span()=> <#ty as #krate::Encode>::encode),
    };
    quote!(#func(#access, __e)?;)
}

/// One field value's encoded length.
fn value_len(n: &Names, f: &Field, access: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let ty = f.ty;
    if f.attrs.as_array.is_set() {
        let bytes = quote_spanned!(ty.span()=> <#ty as ::core::convert::AsRef<[u8]>>::as_ref(#access));
        return quote!(#krate::__private::bytes_as_array_len(#bytes));
    }
    if f.attrs.as_map.is_set() {
        let pairs = quote_spanned!(ty.span()=> <#ty as #krate::__private::PairSeq>::__pairs(#access));
        return quote!(#krate::__private::pairs_as_map_len(#pairs));
    }
    if f.attrs.serde.is_set() {
        let func = quote_spanned!(ty.span()=> #krate::__private::serde_len::<#ty>);
        let named = f.serde_named;
        return quote!(#func(#access, #named));
    }
    match (f.attrs.with.get(), f.attrs.encode_with.get()) {
        (Some(path), _) => quote_spanned!(path.span()=> #path::encoded_len(#access)),
        // No length function: the exact length is what it writes, counted.
        (None, Some(path)) => {
            let func = quote_spanned!(path.span()=> #path);
            quote!(#krate::__private::len_with(#access, |__v, __e| #func(__v, __e)))
        }
        (None, None) => quote_spanned!(ty.span()=> <#ty as #krate::Encode>::encoded_len(#access)),
    }
}

/// The condition under which a map-form field is not written, if any.
fn omit_condition(cont: &Container, f: &Field, access: &TokenStream) -> Option<TokenStream> {
    let mut conds = Vec::new();
    if let Some(path) = f.attrs.skip_if.get() {
        conds.push(quote_spanned!(path.span()=> #path(#access)));
    }
    if cont.attrs.omit_defaults.is_set() {
        let ty = f.ty;
        match f.attrs.default.get() {
            Some(DefaultKind::Trait) => conds.push(quote_spanned!(ty.span()=>
                ::core::cmp::PartialEq::eq(#access, &<#ty as ::core::default::Default>::default())
            )),
            Some(DefaultKind::Path(path)) => {
                conds.push(quote_spanned!(path.span()=> ::core::cmp::PartialEq::eq(#access, &#path())))
            }
            None if f.is_option => conds.push(quote!(::core::option::Option::is_none(#access))),
            None => {}
        }
    }
    if conds.is_empty() { None } else { Some(quote!(#(#conds)||*)) }
}

/// The entries of a map: optional constant prefix entries (an internal
/// tag) and the fields.
/// Whether a map's statements write its header.
#[derive(Clone, Copy)]
enum Header {
    Yes,
    No,
    /// When the constant `__HEADER` of `MapBody::__map_body` is true.
    Switched,
}

struct MapEntries<'a> {
    n: &'a Names,
    /// `let __claimed = ..;`: the keys the map's own fields and flattened
    /// structs write, which a flattened catch-all must not hold (when the
    /// map has flattened fields).
    claimed: TokenStream,
    /// Raw bytes of prefix entries (keys and values) and their count.
    prefix: Vec<u8>,
    prefix_count: usize,
    fields: Vec<Entry>,
}

struct Entry {
    key: Vec<u8>,
    encode: TokenStream,
    len: TokenStream,
    omit: Option<(syn::Ident, TokenStream)>,
    /// A flattened field: its entries, counted by this expression, written
    /// without a key of its own.
    flat_count: Option<TokenStream>,
}

impl<'a> MapEntries<'a> {
    fn new(
        cont: &Container,
        n: &'a Names,
        fields: &[&Field],
        access: &dyn Fn(&Field) -> TokenStream,
        prefix: &[(Vec<u8>, Vec<u8>)],
    ) -> Self {
        let claimed = if fields.iter().any(|f| f.attrs.flatten.is_set()) {
            let krate = &n.krate;
            let own_lits = own_keys(fields.iter().copied());
            let nested = fields.iter().filter(|f| f.attrs.flatten.is_set()).map(|f| {
                let ty = f.ty;
                quote!(.with(&<#ty as #krate::__private::EncodeMap>::__KEYS))
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
                    let krate = &n.krate;
                    let ty = f.ty;
                    let map = quote_spanned!(ty.span()=> <#ty as #krate::__private::EncodeMap>);
                    return Entry {
                        key: Vec::new(),
                        encode: quote!(#map::__encode_flat(#a, __e, __claimed)?;),
                        len: quote!(#map::__entries_len(#a)),
                        omit: None,
                        flat_count: Some(quote!(#map::__map_entries(#a))),
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

    fn is_constant_count(&self) -> bool {
        self.fields.iter().all(|e| e.omit.is_none() && e.flat_count.is_none())
    }

    /// `let __omitN = cond;` for each omittable entry.
    fn omit_lets(&self) -> TokenStream {
        let lets = self.fields.iter().filter_map(|e| e.omit.as_ref()).map(|(id, c)| quote!(let #id: bool = #c;));
        quote!(#(#lets)*)
    }

    /// The number of entries (an expression; needs `omit_lets` in scope when
    /// not constant).
    fn count_expr(&self) -> TokenStream {
        let always =
            self.prefix_count + self.fields.iter().filter(|e| e.omit.is_none() && e.flat_count.is_none()).count();
        let optional = self.fields.iter().filter_map(|e| e.omit.as_ref()).map(|(id, _)| quote!(+ (!#id) as usize));
        let flat = self.fields.iter().filter_map(|e| e.flat_count.as_ref()).map(|c| quote!(+ #c));
        quote!(#always #(#optional)* #(#flat)*)
    }

    /// A self-contained count expression (for `EncodeMap::__map_entries`).
    fn count(&self) -> TokenStream {
        let lets = self.omit_lets();
        let count = self.count_expr();
        quote!({ #lets #count })
    }

    /// Statements writing the entries, with the map header if `header`.
    /// Returns (setup, statements).
    fn encode_stmts(&self, header: bool) -> (TokenStream, TokenStream) {
        let (setup, stmts) = self.encode_stmts_inner(header);
        let claimed = &self.claimed;
        (quote!(#claimed #setup), stmts)
    }

    /// [`encode_stmts`](Self::encode_stmts) for `MapBody::__map_body`: the
    /// header only when the constant `__HEADER` is true (a constant count's
    /// header is written with the first key, in one write either way).
    fn encode_stmts_switched(&self) -> (TokenStream, TokenStream) {
        let (setup, stmts) = self.encode_stmts_with(Header::Switched);
        let claimed = &self.claimed;
        (quote!(#claimed #setup), stmts)
    }

    fn encode_stmts_inner(&self, header: bool) -> (TokenStream, TokenStream) {
        self.encode_stmts_with(if header { Header::Yes } else { Header::No })
    }

    fn encode_stmts_with(&self, header: Header) -> (TokenStream, TokenStream) {
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
    fn len_expr(&self, header: bool) -> TokenStream {
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

/// An array of values: constant header, then each field.
fn array_of(
    n: &Names,
    fields: &[&Field],
    access: &dyn Fn(&Field) -> TokenStream,
    prefix: &[u8],
) -> (TokenStream, TokenStream) {
    if fields.iter().any(|f| f.attrs.flatten.is_set()) {
        return flat_array_of(n, fields, access, prefix);
    }
    let mut head = prefix.to_vec();
    head.extend(wire::array_header(fields.len()));
    let lit = wire::lit(&head);
    let hl = head.len();
    let encs = fields.iter().map(|f| value_encode(n, f, &access(f)));
    let lens = fields.iter().map(|f| value_len(n, f, &access(f)));
    (quote!(__e.raw(#lit)?; #(#encs)* ::core::result::Result::Ok(())), quote!(#hl #(+ #lens)*))
}

/// An array with flattened fields (`array` form): each flattened struct's
/// fields inline, by position; the header counts them (a constant of the
/// flattened types).
fn flat_array_of(
    n: &Names,
    fields: &[&Field],
    access: &dyn Fn(&Field) -> TokenStream,
    prefix: &[u8],
) -> (TokenStream, TokenStream) {
    let krate = &n.krate;
    let lit = wire::lit(prefix);
    let hl = prefix.len();
    let count = elems_count(n, fields);
    let (encs, lens) = elem_parts(n, fields, access);
    (
        quote!(__e.raw(#lit)?; __e.array_len(#count)?; #(#encs)* ::core::result::Result::Ok(())),
        quote!(#hl + #krate::encode::array_header_size(#count) #(+ #lens)*),
    )
}

/// Each field's encode statement and length expression as array
/// elements, a flattened field's through its `EncodeElems`.
fn elem_parts(
    n: &Names,
    fields: &[&Field],
    access: &dyn Fn(&Field) -> TokenStream,
) -> (Vec<TokenStream>, Vec<TokenStream>) {
    fields
        .iter()
        .map(|f| {
            let a = access(f);
            if f.attrs.flatten.is_set() {
                let t = elems_trait(n, f);
                (quote!(#t::__encode_elems(#a, __e)?;), quote!(#t::__elems_len(#a)))
            } else {
                (value_encode(n, f, &a), value_len(n, f, &a))
            }
        })
        .unzip()
}

/// `<T as EncodeElems>`, spanned at the field's type.
fn elems_trait(n: &Names, f: &Field) -> TokenStream {
    let krate = &n.krate;
    let ty = f.ty;
    quote_spanned!(ty.span()=> <#ty as #krate::__private::EncodeElems>)
}

/// The number of array elements of fields, flattened ones counting theirs.
pub(crate) fn elems_count(n: &Names, fields: &[&Field]) -> TokenStream {
    let krate = &n.krate;
    let own = fields.iter().filter(|f| !f.attrs.flatten.is_set()).count();
    let flat = fields.iter().filter(|f| f.attrs.flatten.is_set()).map(|f| {
        let ty = f.ty;
        quote_spanned!(ty.span()=> <#ty as #krate::__private::EncodeElems>::__ELEMS)
    });
    quote!((#own #(+ #flat)*))
}

/// `impl EncodeElems` for an `array`-form struct: its fields as array
/// elements, without the header (what a struct flattening it writes).
fn elems_impl(cont: &Container, n: &Names, fields: &[Field], preds: &[TokenStream]) -> TokenStream {
    let krate = &n.krate;
    let ident = cont.ident;
    let (impl_generics, ty_generics, _) = cont.generics.split_for_impl();
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_wire()).collect();
    let access = |f: &Field| {
        let m = &f.member;
        quote!(&self.#m)
    };
    let count = elems_count(n, &wire);
    let (encs, lens) = elem_parts(n, &wire, &access);
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::__private::EncodeElems for #ident #ty_generics where #(#preds,)* {
            const __ELEMS: usize = #count;
            #[inline]
            fn __encode_elems<__W: #krate::encode::Write>(
                &self,
                __e: &mut #krate::encode::Encoder<__W>,
            ) -> ::core::result::Result<(), #krate::encode::Error<__W::Error>> {
                #(#encs)*
                ::core::result::Result::Ok(())
            }
            #[inline]
            fn __elems_len(&self) -> usize {
                0 #(+ #lens)*
            }
        }
    }
}

/// A `transparent` struct: its one encoded field, alone.
fn transparent_body(cont: &Container, n: &Names) -> (TokenStream, TokenStream) {
    let f = cont.transparent_field().expect("a transparent struct has one encoded field");
    let m = &f.member;
    let a = quote!(&self.#m);
    let enc = value_encode(n, f, &a);
    (quote!(#enc ::core::result::Result::Ok(())), value_len(n, f, &a))
}

fn struct_body(cont: &Container, n: &Names, style: Style, fields: &[Field]) -> (TokenStream, TokenStream) {
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_wire()).collect();
    let access = |f: &Field| {
        let m = &f.member;
        quote!(&self.#m)
    };
    match style {
        Style::Unit => (quote!(__e.array_len(0)), quote!(1usize)),
        Style::Newtype => {
            let f = wire[0];
            let a = access(f);
            let enc = value_encode(n, f, &a);
            let len = value_len(n, f, &a);
            (quote!(#enc ::core::result::Result::Ok(())), len)
        }
        Style::Tuple => array_of(n, &wire, &access, &[]),
        Style::Struct => match cont.form() {
            Form::Array => array_of(n, &wire, &access, &[]),
            Form::Map => {
                let entries = MapEntries::new(cont, n, &wire, &access, &[]);
                let krate = &n.krate;
                let body = quote!(<Self as #krate::__private::MapBody>::__map_body::<true, __W>(self, __e));
                if entries.is_constant_count() {
                    let header = wire::map_header(entries.prefix_count + entries.fields.len()).len();
                    return (body, quote!(#header + <Self as #krate::__private::EncodeMap>::__entries_len(self)));
                }
                // With fields left out at run time, the length computes the
                // header's count and the entries with one evaluation of the
                // conditions.
                (body, entries.len_expr(true))
            }
        },
    }
}
