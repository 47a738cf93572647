//! `#[msgpack(...)]` attributes, parsed into typed values.
//!
//! Each keyword is a named constant (in `keyword.rs`, re-exported here,
//! with serde's spellings: the accepted ones are parsed here as the
//! keyword they mean); [`Container`], [`Field`] and
//! [`Variant`] hold what one item's attributes say, with the tokens of each
//! for error spans. Rules that involve more than one attribute live in
//! `check.rs`.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::{LitInt, LitStr};

use crate::case::{RULES, RenameRule};
use crate::ctxt::Ctxt;
pub(crate) use crate::keyword::*;
use crate::split;
pub(crate) use crate::split::Bounds;

/// One attribute's value and the tokens it came from.
pub(crate) struct Attr<T> {
    name: &'static str,
    value: Option<(TokenStream, T)>,
}

impl<T> Attr<T> {
    fn none(name: &'static str) -> Self {
        Attr { name, value: None }
    }

    /// Sets the value, reporting a duplicate.
    fn set(&mut self, cx: &Ctxt, tokens: TokenStream, value: T) {
        if self.value.is_some() {
            cx.error_spanned_by(tokens, format!("duplicate attribute `{}`", self.name));
        } else {
            self.value = Some((tokens, value));
        }
    }

    pub(crate) fn get(&self) -> Option<&T> {
        self.value.as_ref().map(|(_, v)| v)
    }

    pub(crate) fn is_set(&self) -> bool {
        self.value.is_some()
    }

    /// The tokens to point errors at.
    pub(crate) fn tokens(&self) -> Option<&TokenStream> {
        self.value.as_ref().map(|(t, _)| t)
    }
}

/// A wire key given with `key = N`.
#[derive(Clone)]
pub(crate) struct IntKey {
    pub(crate) value: i64,
}

/// The `default` of a field: `Default::default()` or a function path.
#[derive(Clone)]
pub(crate) enum DefaultKind {
    Trait,
    Path(syn::ExprPath),
}

/// Container attributes.
pub(crate) struct Container {
    pub(crate) map: Attr<()>,
    pub(crate) array: Attr<()>,
    pub(crate) rename_all: Attr<RenameRule>,
    /// `rename_all_fields`: `rename_all` for the fields of every struct
    /// variant of an enum.
    pub(crate) rename_all_fields: Attr<RenameRule>,
    pub(crate) deny_unknown_fields: Attr<()>,
    pub(crate) omit_defaults: Attr<()>,
    pub(crate) tag: Attr<String>,
    pub(crate) krate: Attr<syn::Path>,
    pub(crate) bound: Attr<Bounds>,
    pub(crate) index: Attr<()>,
    /// `default` / `default = "path"`: missing fields come from the
    /// container's default value.
    pub(crate) default: Attr<DefaultKind>,
    /// `transparent`: a struct encoded as its only encoded field.
    pub(crate) transparent: Attr<()>,
    /// `from = "T"`: decoded as `T`, then `From<T>`.
    pub(crate) from: Attr<syn::Type>,
    /// `try_from = "T"`: decode through `T` and `TryFrom`.
    pub(crate) try_from: Attr<syn::Type>,
    /// `into = "T"`: encoded as `Into::<T>::into(self.clone())`.
    pub(crate) into: Attr<syn::Type>,
    /// `content = "c"` (with `tag`): adjacently tagged, the payload under `c`.
    pub(crate) content: Attr<String>,
    /// `untagged` (enums): each variant written as its payload alone.
    pub(crate) untagged: Attr<()>,
    /// `schema_lock = "path"`: the lock file the type is checked against.
    pub(crate) schema_lock: Attr<LitStr>,
    /// `costly_len`: `Encode::COSTLY_LEN` is `true` (`to_vec` grows instead
    /// of measuring).
    pub(crate) costly_len: Attr<()>,
}

/// Field attributes.
pub(crate) struct Field {
    pub(crate) rename: Attr<String>,
    pub(crate) key: Attr<IntKey>,
    pub(crate) default: Attr<DefaultKind>,
    pub(crate) skip: Attr<()>,
    pub(crate) skip_if: Attr<syn::ExprPath>,
    pub(crate) with: Attr<syn::Path>,
    /// `encode_with = "path"`: the encode half of `with`, a function.
    pub(crate) encode_with: Attr<syn::ExprPath>,
    /// `decode_with = "path"`: the decode half of `with`, a function.
    pub(crate) decode_with: Attr<syn::ExprPath>,
    /// `borrow`, or serde's `borrow = "'a + 'b"`: the lifetimes named.
    pub(crate) borrow: Attr<Vec<syn::Lifetime>>,
    /// `alias = "old"`, repeatable: more keys accepted on decode, as written.
    pub(crate) aliases: Vec<LitStr>,
    /// `skip_serializing` (serde's): never written, read when present.
    pub(crate) skip_serializing: Attr<()>,
    /// `skip_deserializing` (serde's): written, never read (its key is
    /// unknown to the reader); decoding uses the default.
    pub(crate) skip_deserializing: Attr<()>,
    /// `bound` on a field (serde's): replaces the bounds inferred from this
    /// field's type.
    pub(crate) bound: Attr<Bounds>,
    /// `as_array`: a byte buffer written as an array of integers (as serde
    /// writes one without `serde_bytes`).
    pub(crate) as_array: Attr<()>,
    /// `flatten`: the field's entries inline in the enclosing map (a
    /// map-form struct's fields, or a catch-all map's entries).
    pub(crate) flatten: Attr<()>,
    /// `as_map`: a `Vec<(K, V)>` written and read as a map, in order.
    pub(crate) as_map: Attr<()>,
    /// `serde`: written and read through the type's `Serialize` /
    /// `Deserialize` impls and msgpack-core's serde format.
    pub(crate) serde: Attr<()>,
}

/// Variant attributes.
pub(crate) struct Variant {
    pub(crate) rename: Attr<String>,
    pub(crate) skip: Attr<()>,
    pub(crate) other: Attr<()>,
    pub(crate) rename_all: Attr<RenameRule>,
    /// `alias = "old"`, repeatable: more tags accepted on decode, as written.
    pub(crate) aliases: Vec<LitStr>,
    /// `untagged`: a trailing variant of a tagged enum written as its
    /// payload alone, read when the tagged reading fails.
    pub(crate) untagged: Attr<()>,
    /// `borrow` / `borrow = "'a"` (serde's, on a newtype variant): checked
    /// like a field's.
    pub(crate) borrow: Attr<Vec<syn::Lifetime>>,
    /// `skip_serializing` (serde's): read, never written (encoding it is an
    /// error, as for `skip`).
    pub(crate) skip_serializing: Attr<()>,
}

/// The `msgpack` attributes of an item.
fn msgpack_attrs(attrs: &[syn::Attribute]) -> impl Iterator<Item = &syn::Attribute> {
    attrs.iter().filter(|a| a.path().is_ident(MSGPACK))
}

fn word(meta: &ParseNestedMeta) -> String {
    meta.path.to_token_stream().to_string().replace(' ', "")
}

/// Reports a word that is not a keyword of this kind of item (see
/// `keyword::unknown_message`), then consumes its value so that parsing
/// goes on.
fn unknown(cx: &Ctxt, meta: &ParseNestedMeta, item: Item) {
    cx.error_spanned_by(&meta.path, unknown_message(item, &word(meta)));
    if meta.input.peek(syn::Token![=]) {
        let _ = meta.value().and_then(|v| v.parse::<syn::Expr>());
    } else if meta.input.peek(syn::token::Paren) {
        let _ = meta.parse_nested_meta(|m| {
            let _ = m.value().and_then(|v| v.parse::<syn::Expr>());
            Ok(())
        });
    }
}

fn lit_str(meta: &ParseNestedMeta) -> syn::Result<LitStr> {
    meta.value()?.parse()
}

fn parse_rule(cx: &Ctxt, meta: &ParseNestedMeta) -> Option<RenameRule> {
    let lit = match split::one_value(cx, meta) {
        Ok(l) => l?,
        Err(e) => {
            cx.syn_error(e);
            return None;
        }
    };
    let rule = RenameRule::from_str(&lit.value());
    if rule.is_none() {
        let names: Vec<_> = RULES.iter().map(|(n, _)| format!("\"{n}\"")).collect();
        cx.error_spanned_by(
            &lit,
            format!("unknown `{}` rule {:?}; expected one of {}", word(meta), lit.value(), names.join(", ")),
        );
    }
    rule
}

fn parse_path<T: syn::parse::Parse>(cx: &Ctxt, meta: &ParseNestedMeta) -> Option<(LitStr, T)> {
    let lit = match lit_str(meta) {
        Ok(l) => l,
        Err(e) => {
            cx.syn_error(e);
            return None;
        }
    };
    match lit.parse::<T>() {
        Ok(p) => Some((lit, p)),
        Err(_) => {
            cx.error_spanned_by(&lit, format!("expected a path in `{}`, found {:?}", word(meta), lit.value()));
            None
        }
    }
}

/// `"Type"`: a type in a string literal.
fn parse_type(cx: &Ctxt, meta: &ParseNestedMeta) -> Option<(LitStr, syn::Type)> {
    let lit = match lit_str(meta) {
        Ok(l) => l,
        Err(e) => {
            cx.syn_error(e);
            return None;
        }
    };
    match lit.parse::<syn::Type>() {
        Ok(ty) => Some((lit, ty)),
        Err(_) => {
            cx.error_spanned_by(&lit, format!("expected a type in `{}`, found {:?}", word(meta), lit.value()));
            None
        }
    }
}

/// `default` or `default = "path"`.
fn parse_default(cx: &Ctxt, meta: &ParseNestedMeta) -> Option<DefaultKind> {
    if meta.input.peek(syn::Token![=]) {
        parse_path::<syn::ExprPath>(cx, meta).map(|(_, path)| DefaultKind::Path(path))
    } else {
        Some(DefaultKind::Trait)
    }
}

/// Tokens covering `name = value` for error spans.
fn span_of(meta: &ParseNestedMeta) -> TokenStream {
    meta.path.to_token_stream()
}

impl Container {
    pub(crate) fn from_ast(cx: &Ctxt, input: &syn::DeriveInput) -> Self {
        let mut c = Container {
            map: Attr::none(MAP),
            array: Attr::none(ARRAY),
            rename_all: Attr::none(RENAME_ALL),
            rename_all_fields: Attr::none(RENAME_ALL_FIELDS),
            deny_unknown_fields: Attr::none(DENY_UNKNOWN_FIELDS),
            omit_defaults: Attr::none(OMIT_DEFAULTS),
            tag: Attr::none(TAG),
            krate: Attr::none(CRATE),
            bound: Attr::none(BOUND),
            index: Attr::none(INDEX),
            default: Attr::none(DEFAULT),
            transparent: Attr::none(TRANSPARENT),
            from: Attr::none(FROM),
            try_from: Attr::none(TRY_FROM),
            into: Attr::none(INTO),
            content: Attr::none(CONTENT),
            untagged: Attr::none(UNTAGGED),
            schema_lock: Attr::none(SCHEMA_LOCK),
            costly_len: Attr::none(COSTLY_LEN),
        };
        for attr in msgpack_attrs(&input.attrs) {
            let r = attr.parse_nested_meta(|meta| {
                let t = span_of(&meta);
                match word(&meta).as_str() {
                    MAP => c.map.set(cx, t, ()),
                    ARRAY => c.array.set(cx, t, ()),
                    DENY_UNKNOWN_FIELDS => c.deny_unknown_fields.set(cx, t, ()),
                    OMIT_DEFAULTS => c.omit_defaults.set(cx, t, ()),
                    INDEX => c.index.set(cx, t, ()),
                    TRANSPARENT => c.transparent.set(cx, t, ()),
                    UNTAGGED => c.untagged.set(cx, t, ()),
                    COSTLY_LEN => c.costly_len.set(cx, t, ()),
                    CONTENT => {
                        let lit = lit_str(&meta)?;
                        c.content.set(cx, lit.to_token_stream(), lit.value());
                    }
                    SCHEMA_LOCK => {
                        let lit = lit_str(&meta)?;
                        c.schema_lock.set(cx, lit.to_token_stream(), lit);
                    }
                    FROM | TRY_FROM | INTO => {
                        let attr = match word(&meta).as_str() {
                            FROM => &mut c.from,
                            TRY_FROM => &mut c.try_from,
                            _ => &mut c.into,
                        };
                        if let Some((lit, ty)) = parse_type(cx, &meta) {
                            attr.set(cx, lit.to_token_stream(), ty);
                        }
                    }
                    DEFAULT => {
                        if let Some(kind) = parse_default(cx, &meta) {
                            c.default.set(cx, t, kind);
                        }
                    }
                    RENAME_ALL => {
                        if let Some(rule) = parse_rule(cx, &meta) {
                            c.rename_all.set(cx, t, rule);
                        }
                    }
                    RENAME_ALL_FIELDS => {
                        if let Some(rule) = parse_rule(cx, &meta) {
                            c.rename_all_fields.set(cx, t, rule);
                        }
                    }
                    TAG => {
                        let lit = lit_str(&meta)?;
                        c.tag.set(cx, lit.to_token_stream(), lit.value());
                    }
                    CRATE => {
                        if let Some((lit, path)) = parse_path::<syn::Path>(cx, &meta) {
                            c.krate.set(cx, lit.to_token_stream(), path);
                        }
                    }
                    BOUND => {
                        let (tokens, bounds) = split::bounds(cx, &meta)?;
                        c.bound.set(cx, tokens, bounds);
                    }
                    // serde's type name: rmp-serde writes none, so it
                    // changes no byte; accepted for the migration.
                    RENAME => drop(split::one_value(cx, &meta)?),
                    _ => unknown(cx, &meta, Item::Container),
                }
                Ok(())
            });
            if let Err(e) = r {
                cx.syn_error(e);
            }
        }
        c
    }
}

impl Field {
    pub(crate) fn from_ast(cx: &Ctxt, field: &syn::Field) -> Self {
        let mut f = Field {
            rename: Attr::none(RENAME),
            key: Attr::none(KEY),
            default: Attr::none(DEFAULT),
            skip: Attr::none(SKIP),
            skip_if: Attr::none(SKIP_IF),
            with: Attr::none(WITH),
            encode_with: Attr::none(ENCODE_WITH),
            decode_with: Attr::none(DECODE_WITH),
            borrow: Attr::none(BORROW),
            aliases: Vec::new(),
            skip_serializing: Attr::none(SKIP_SERIALIZING),
            skip_deserializing: Attr::none(SKIP_DESERIALIZING),
            bound: Attr::none(BOUND),
            as_array: Attr::none(AS_ARRAY),
            flatten: Attr::none(FLATTEN),
            as_map: Attr::none(AS_MAP),
            serde: Attr::none(SERDE),
        };
        for attr in msgpack_attrs(&field.attrs) {
            let r = attr.parse_nested_meta(|meta| {
                let t = span_of(&meta);
                match word(&meta).as_str() {
                    RENAME => {
                        if let Some(lit) = split::one_value(cx, &meta)? {
                            f.rename.set(cx, lit.to_token_stream(), lit.value());
                        }
                    }
                    KEY => {
                        let expr: syn::Expr = meta.value()?.parse()?;
                        match parse_int_key(&expr) {
                            Some(value) => f.key.set(cx, expr.to_token_stream(), IntKey { value }),
                            None => cx.error_spanned_by(&expr, "`key` must be an integer literal, e.g. `key = 1`"),
                        }
                    }
                    DEFAULT => {
                        if let Some(kind) = parse_default(cx, &meta) {
                            f.default.set(cx, t, kind);
                        }
                    }
                    SKIP => f.skip.set(cx, t, ()),
                    ALIAS => f.aliases.push(lit_str(&meta)?),
                    BORROW => f.borrow.set(cx, t, split::borrow(cx, &meta)?),
                    SKIP_SERIALIZING => f.skip_serializing.set(cx, t, ()),
                    SKIP_DESERIALIZING => f.skip_deserializing.set(cx, t, ()),
                    BOUND => {
                        let (tokens, bounds) = split::bounds(cx, &meta)?;
                        f.bound.set(cx, tokens, bounds);
                    }
                    AS_ARRAY => f.as_array.set(cx, t, ()),
                    FLATTEN => f.flatten.set(cx, t, ()),
                    AS_MAP => f.as_map.set(cx, t, ()),
                    SERDE => f.serde.set(cx, t, ()),
                    SKIP_IF | SKIP_SERIALIZING_IF => {
                        if let Some((lit, path)) = parse_path::<syn::ExprPath>(cx, &meta) {
                            f.skip_if.set(cx, lit.to_token_stream(), path);
                        }
                    }
                    WITH => {
                        if let Some((lit, path)) = parse_path::<syn::Path>(cx, &meta) {
                            f.with.set(cx, lit.to_token_stream(), path);
                        }
                    }
                    ENCODE_WITH | DECODE_WITH | SERIALIZE_WITH | DESERIALIZE_WITH => {
                        let w = word(&meta);
                        let encode = w == ENCODE_WITH || w == SERIALIZE_WITH;
                        let attr = if encode { &mut f.encode_with } else { &mut f.decode_with };
                        if let Some((lit, path)) = parse_path::<syn::ExprPath>(cx, &meta) {
                            attr.set(cx, lit.to_token_stream(), path);
                        }
                    }
                    _ => unknown(cx, &meta, Item::Field),
                }
                Ok(())
            });
            if let Err(e) = r {
                cx.syn_error(e);
            }
        }
        f
    }
}

/// `1`, `-3`: an integer key.
fn parse_int_key(expr: &syn::Expr) -> Option<i64> {
    match expr {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.base10_parse::<i64>().ok(),
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => match &**expr {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
                let i: &LitInt = i;
                i.base10_parse::<i64>().ok().map(|v| -v)
            }
            _ => None,
        },
        _ => None,
    }
}

impl Variant {
    pub(crate) fn from_ast(cx: &Ctxt, variant: &syn::Variant) -> Self {
        let mut v = Variant {
            rename: Attr::none(RENAME),
            skip: Attr::none(SKIP),
            other: Attr::none(OTHER),
            rename_all: Attr::none(RENAME_ALL),
            aliases: Vec::new(),
            untagged: Attr::none(UNTAGGED),
            borrow: Attr::none(BORROW),
            skip_serializing: Attr::none(SKIP_SERIALIZING),
        };
        for attr in msgpack_attrs(&variant.attrs) {
            let r = attr.parse_nested_meta(|meta| {
                let t = span_of(&meta);
                match word(&meta).as_str() {
                    RENAME => {
                        if let Some(lit) = split::one_value(cx, &meta)? {
                            v.rename.set(cx, lit.to_token_stream(), lit.value());
                        }
                    }
                    BORROW => v.borrow.set(cx, t, split::borrow(cx, &meta)?),
                    SKIP => v.skip.set(cx, t, ()),
                    SKIP_SERIALIZING => v.skip_serializing.set(cx, t, ()),
                    OTHER => v.other.set(cx, t, ()),
                    UNTAGGED => v.untagged.set(cx, t, ()),
                    ALIAS => v.aliases.push(lit_str(&meta)?),
                    RENAME_ALL => {
                        if let Some(rule) = parse_rule(cx, &meta) {
                            v.rename_all.set(cx, t, rule);
                        }
                    }
                    _ => unknown(cx, &meta, Item::Variant),
                }
                Ok(())
            });
            if let Err(e) = r {
                cx.syn_error(e);
            }
        }
        v
    }
}
