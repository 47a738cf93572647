//! `#[msgpack(schema_lock = "path")]`: reads the lock file at expansion
//! time, turns every recorded version into `static` descriptors, and
//! asserts in `const`s that each has its recorded fingerprint and that the
//! type is compatible with the versions the file's mode checks (one
//! `const` per version and direction, so that every failure is reported;
//! skipped under `MSGPACK_SCHEMA=break`, read with `option_env!` in the
//! generated code so that cargo rebuilds when it changes).
//!
//! Nothing is generated for a type without the attribute. A file that
//! does not exist yet generates only the `Locked` impl (the test-time
//! check reports it and can create it); a malformed one is a compile error
//! at the attribute, quoting the file's line.

use std::path::Path;

use msgpack_schema_text as text;
use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use crate::ast::{Container, Names};

pub(crate) fn expand(cont: &Container, n: &Names) -> syn::Result<TokenStream> {
    let Some(lit) = cont.attrs.schema_lock.get() else { return Ok(TokenStream::new()) };
    let span = lit.span();
    // Every token at the attribute, so that a failed `const` points there.
    let nk = &n.krate;
    let krate: syn::Path = syn::parse2(respan(quote!(#nk), span)).unwrap_or_else(|_| n.krate.clone());
    let krate = &krate;
    let ident = &syn::Ident::new(&cont.ident.to_string(), span);
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let rel = lit.value();
    let locked = quote_spanned! {span=>
        impl #impl_generics #krate::schema::lock::Locked for #ident #ty_generics #where_clause {
            const LOCK_PATH: &'static str = #rel;
        }
    };
    let file = text::lock_path(&rel);
    let src = match std::fs::read_to_string(&file) {
        Ok(s) => s,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(locked),
        Err(e) => return Err(syn::Error::new(span, format!("cannot read the schema lock {rel}: {e}"))),
    };
    let lock = text::parse(&src).map_err(|e| {
        let quoted = src.lines().nth(e.line.saturating_sub(1)).unwrap_or("");
        syn::Error::new(span, format!("bad schema lock {rel}:{}: {}: `{}`", e.line, e.message, quoted.trim()))
    })?;
    let track = if Path::new(&rel).is_absolute() {
        quote_spanned!(span=> const _: &[u8] = ::core::include_bytes!(#rel);)
    } else {
        quote_spanned!(span=> const _: &[u8] = ::core::include_bytes!(::core::concat!(::core::env!("CARGO_MANIFEST_DIR"), "/", #rel));)
    };
    let g = Gen { krate, span };
    let mut items = Vec::new();
    // The directions the file's mode checks: the type reads the recorded
    // version's messages (backward), the recorded reader reads the type's
    // (forward).
    let backward = lock.mode.direction != text::Direction::Forward;
    let forward = lock.mode.direction != text::Direction::Backward;
    let checked: Vec<u32> = lock.checked_versions().iter().map(|v| v.number).collect();
    let name = ident.to_string();
    for v in &lock.versions {
        for (i, d) in v.defs.iter().enumerate() {
            let stat = g.static_name(v.number, i);
            let label = format!("{}@{}", d.name, v.number);
            let id = format!("lock:{}:{}:{}", rel, v.number, d.name);
            let shape = g.body(v, &d.body, &label, &id);
            items.push(quote_spanned!(span=> static #stat: #krate::schema::Shape = #shape;));
        }
        let root = g.static_name(v.number, 0);
        let fp = Literal::u64_suffixed(v.fingerprint);
        let quoted = src.lines().nth(v.line.saturating_sub(1)).unwrap_or("").trim();
        let at = format!("bad schema lock {rel}:{}: version {} (`{quoted}`)", v.line, v.number);
        items.push(quote_spanned! {span=>
            const _: () = #krate::__private::assert_fingerprint(#krate::schema::ShapeRef::new(&#root), #fp, #at);
        });
        if checked.contains(&v.number) {
            let recorded = format!("{name}@{}", v.number);
            let current = quote_spanned!(span=> <#ident as #krate::schema::Schema>::SHAPE);
            let recorded_shape = quote_spanned!(span=> #krate::schema::ShapeRef::new(&#root));
            let pairs = [
                (backward, &current, &recorded_shape, name.as_str(), recorded.as_str()),
                (forward, &recorded_shape, &current, recorded.as_str(), name.as_str()),
            ];
            for (_, reader, writer, rn, wn) in pairs.into_iter().filter(|p| p.0) {
                // `option_env!` in the type's crate: rustc records the
                // variable, so cargo rebuilds the crate when it changes.
                items.push(quote_spanned! {span=>
                    const _: () = #krate::__private::assert_version(
                        #reader,
                        #writer,
                        [#rn, #wn],
                        #rel,
                        ::core::option_env!("MSGPACK_SCHEMA"),
                    );
                });
            }
        }
    }
    Ok(quote! {
        #locked
        #track
        #(#items)*
    })
}

fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut t| {
            if let proc_macro2::TokenTree::Group(g) = &t {
                let mut ng = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                ng.set_span(span);
                t = proc_macro2::TokenTree::Group(ng);
            } else {
                t.set_span(span);
            }
            t
        })
        .collect()
}

struct Gen<'a> {
    krate: &'a syn::Path,
    span: Span,
}

impl Gen<'_> {
    fn static_name(&self, version: u32, def: usize) -> syn::Ident {
        format_ident!("__MSGPACK_LOCK_V{}_D{}", version, def, span = self.span)
    }

    fn body(&self, v: &text::Version, b: &text::Body, name: &str, id: &str) -> TokenStream {
        let schema = self.schema();
        match b {
            text::Body::Newtype(t) => {
                let inner = self.ty(v, t);
                quote!(#schema::Shape::Newtype(&#schema::NewtypeDef { name: #name, id: #id, generic: false, inner: #inner }))
            }
            text::Body::Struct(s) => {
                let def = self.struct_def(v, s, name, id);
                quote!(#schema::Shape::Struct(&#def))
            }
            text::Body::Enum(e) => {
                let variants = e.variants.iter().map(|var| {
                    let vname = match &var.tag {
                        text::Key::Str(s) => s.clone(),
                        text::Key::Int(i) => i.to_string(),
                    };
                    let tag = self.key(&var.tag);
                    let aliases = &var.aliases;
                    let payload = match &var.payload {
                        text::Payload::Unit => quote!(#schema::Payload::Unit),
                        text::Payload::Newtype(t) => {
                            let s = self.ty(v, t);
                            quote!(#schema::Payload::Newtype(#s))
                        }
                        text::Payload::Other(t) => {
                            let s = self.ty(v, t);
                            quote!(#schema::Payload::Other(#s))
                        }
                        text::Payload::Struct(s) => {
                            let def = self.struct_def(v, s, &vname, id);
                            quote!(#schema::Payload::Struct(&#def))
                        }
                    };
                    let untagged = var.untagged || e.tagging == text::Tagging::Untagged;
                    quote!(#schema::VariantDef { name: #vname, tag: #tag, aliases: &[#(#aliases),*], payload: #payload, untagged: #untagged })
                });
                let tagging = match &e.tagging {
                    text::Tagging::External => quote!(#schema::Tagging::External),
                    text::Tagging::Internal(t) => quote!(#schema::Tagging::Internal(#t)),
                    text::Tagging::Adjacent { tag, content } => {
                        quote!(#schema::Tagging::Adjacent { tag: #tag, content: #content })
                    }
                    text::Tagging::Untagged => quote!(#schema::Tagging::Untagged),
                };
                let other = e.other;
                quote!(#schema::Shape::Enum(&#schema::EnumDef {
                    name: #name, id: #id, generic: false, tagging: #tagging, variants: &[#(#variants),*], other: #other,
                }))
            }
        }
    }

    fn schema(&self) -> TokenStream {
        let krate = self.krate;
        quote!(#krate::schema)
    }

    fn key(&self, k: &text::Key) -> TokenStream {
        let schema = self.schema();
        match k {
            text::Key::Str(s) => quote!(#schema::Key::Str(#s)),
            text::Key::Int(i) => {
                let i = int(*i);
                quote!(#schema::Key::Int(#i))
            }
        }
    }

    fn struct_def(&self, v: &text::Version, s: &text::StructBody, name: &str, id: &str) -> TokenStream {
        let schema = self.schema();
        let form = match s.form {
            text::Form::Map => quote!(#schema::Form::Map),
            text::Form::Array => quote!(#schema::Form::Array),
            text::Form::Tuple => quote!(#schema::Form::Tuple),
            text::Form::Unit => quote!(#schema::Form::Unit),
        };
        let fields = s.fields.iter().map(|f| {
            let fname = match (&f.name, &f.key) {
                (Some(n), _) => n.clone(),
                (None, text::Key::Str(k)) => k.clone(),
                (None, text::Key::Int(i)) => i.to_string(),
            };
            let key = self.key(&f.key);
            let aliases = &f.aliases;
            let shape = self.ty(v, &f.ty);
            let (required, always, flatten) = (f.required, f.always_written, f.flatten);
            quote!(#schema::FieldDef {
                name: #fname, key: #key, aliases: &[#(#aliases),*], shape: #shape,
                required: #required, always_written: #always, flatten: #flatten,
            })
        });
        let deny = s.deny_unknown_fields;
        quote!(#schema::StructDef {
            name: #name, id: #id, generic: false, form: #form, fields: &[#(#fields),*], deny_unknown_fields: #deny,
        })
    }

    /// A `ShapeRef` to the type: a named definition's `static`, or an
    /// inline descriptor.
    fn ty(&self, v: &text::Version, t: &text::Ty) -> TokenStream {
        use text::Ty;
        let schema = self.schema();
        let inline = match t {
            Ty::Named(name) => {
                let i = v.defs.iter().position(|d| &d.name == name).unwrap_or(0);
                let stat = self.static_name(v.number, i);
                return quote!(#schema::ShapeRef::new(&#stat));
            }
            Ty::Any => quote!(#schema::Shape::Any),
            Ty::Nil => quote!(#schema::Shape::Nil),
            Ty::Bool => quote!(#schema::Shape::Bool),
            Ty::Int { min, max, nonzero } => {
                let name = match Ty::int_keyword(*min, *max) {
                    Some(k) if !nonzero => k.to_string(),
                    _ => t.text(),
                };
                let min = int(*min);
                let max = Literal::u64_suffixed(*max);
                quote!(#schema::Shape::Int(#schema::IntShape { name: #name, min: #min, max: #max, nonzero: #nonzero }))
            }
            Ty::F32 => quote!(#schema::Shape::F32),
            Ty::F64 => quote!(#schema::Shape::F64),
            Ty::Str => quote!(#schema::Shape::Str),
            Ty::Char => quote!(#schema::Shape::Char),
            Ty::Bin { len, from_array } => {
                let len = opt_len(*len);
                quote!(#schema::Shape::Bin { len: #len, from_array: #from_array })
            }
            Ty::Ext(None) => quote!(#schema::Shape::Ext { type_code: __Option::None }),
            Ty::Ext(Some(c)) => {
                let c = int(i64::from(*c));
                quote!(#schema::Shape::Ext { type_code: __Option::Some(#c as i8) })
            }
            Ty::Timestamp => quote!(#schema::Shape::Timestamp),
            Ty::Option(i) => {
                let i = self.ty(v, i);
                quote!(#schema::Shape::Option(#i))
            }
            Ty::Seq { elem, len } => {
                let e = self.ty(v, elem);
                let len = opt_len(*len);
                quote!(#schema::Shape::Seq { elem: #e, len: #len })
            }
            Ty::Tuple(items) => {
                let items = items.iter().map(|i| self.ty(v, i));
                quote!(#schema::Shape::Tuple(&[#(#items),*]))
            }
            Ty::Map { key, value } => {
                let k = self.ty(v, key);
                let val = self.ty(v, value);
                quote!(#schema::Shape::Map { key: #k, value: #val })
            }
            Ty::Opaque { with, ty } => quote!(#schema::Shape::Opaque { with: #with, ty: #ty }),
        };
        quote!(#schema::ShapeRef::new(&#inline))
    }
}

fn int(i: i64) -> TokenStream {
    if i == i64::MIN {
        quote!(::core::primitive::i64::MIN)
    } else if i < 0 {
        let a = Literal::i64_suffixed(-i);
        quote!(-#a)
    } else {
        let a = Literal::i64_suffixed(i);
        quote!(#a)
    }
}

fn opt_len(len: Option<u64>) -> TokenStream {
    match len {
        None => quote!(__Option::None),
        Some(n) => {
            let n = Literal::u64_unsuffixed(n);
            quote!(__Option::Some(#n))
        }
    }
}
