//! `#[msgpack(...)]` attributes, parsed into typed values.
//!
//! Each keyword is a named constant; [`Container`], [`Field`] and
//! [`Variant`] hold what one item's attributes say, with the tokens of each
//! for error spans. Rules that involve more than one attribute live in
//! `check.rs`.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::{LitInt, LitStr};

use crate::case::{RULES, RenameRule};
use crate::ctxt::Ctxt;

pub(crate) const MSGPACK: &str = "msgpack";

// Container keywords.
pub(crate) const MAP: &str = "map";
pub(crate) const ARRAY: &str = "array";
pub(crate) const RENAME_ALL: &str = "rename_all";
pub(crate) const RENAME_ALL_FIELDS: &str = "rename_all_fields";
pub(crate) const DENY_UNKNOWN_FIELDS: &str = "deny_unknown_fields";
pub(crate) const OMIT_DEFAULTS: &str = "omit_defaults";
pub(crate) const TAG: &str = "tag";
pub(crate) const CRATE: &str = "crate";
pub(crate) const BOUND: &str = "bound";
pub(crate) const INDEX: &str = "index";
pub(crate) const TRANSPARENT: &str = "transparent";
pub(crate) const FROM: &str = "from";
pub(crate) const TRY_FROM: &str = "try_from";
pub(crate) const INTO: &str = "into";
pub(crate) const CONTENT: &str = "content";
pub(crate) const UNTAGGED: &str = "untagged";
pub(crate) const SCHEMA_LOCK: &str = "schema_lock";
pub(crate) const COSTLY_LEN: &str = "costly_len";

// Field keywords.
pub(crate) const RENAME: &str = "rename";
pub(crate) const KEY: &str = "key";
pub(crate) const DEFAULT: &str = "default";
pub(crate) const SKIP: &str = "skip";
pub(crate) const SKIP_IF: &str = "skip_if";
pub(crate) const WITH: &str = "with";
pub(crate) const ENCODE_WITH: &str = "encode_with";
pub(crate) const DECODE_WITH: &str = "decode_with";
pub(crate) const BORROW: &str = "borrow";
pub(crate) const AS_ARRAY: &str = "as_array";
pub(crate) const ALIAS: &str = "alias";
pub(crate) const FLATTEN: &str = "flatten";
pub(crate) const AS_MAP: &str = "as_map";
pub(crate) const SERDE: &str = "serde";

// Variant keywords (besides `rename`, `skip`, `rename_all`).
pub(crate) const OTHER: &str = "other";

const CONTAINER_WORDS: &[&str] = &[
    SCHEMA_LOCK,
    MAP,
    ARRAY,
    RENAME_ALL,
    DENY_UNKNOWN_FIELDS,
    OMIT_DEFAULTS,
    TAG,
    CRATE,
    BOUND,
    INDEX,
    DEFAULT,
    TRANSPARENT,
    FROM,
    TRY_FROM,
    INTO,
    CONTENT,
    UNTAGGED,
    COSTLY_LEN,
];
const FIELD_WORDS: &[&str] = &[
    RENAME,
    KEY,
    DEFAULT,
    SKIP,
    SKIP_IF,
    WITH,
    ENCODE_WITH,
    DECODE_WITH,
    BORROW,
    ALIAS,
    AS_ARRAY,
    FLATTEN,
    AS_MAP,
    SERDE,
];
const VARIANT_WORDS: &[&str] = &[RENAME, SKIP, OTHER, RENAME_ALL, ALIAS, UNTAGGED];

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
    pub(crate) bound: Attr<Vec<syn::WherePredicate>>,
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
    pub(crate) borrow: Attr<()>,
    /// `alias = "old"`, repeatable: more keys accepted on decode, as written.
    pub(crate) aliases: Vec<LitStr>,
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
}

/// The `msgpack` attributes of an item.
fn msgpack_attrs(attrs: &[syn::Attribute]) -> impl Iterator<Item = &syn::Attribute> {
    attrs.iter().filter(|a| a.path().is_ident(MSGPACK))
}

fn word(meta: &ParseNestedMeta) -> String {
    meta.path.to_token_stream().to_string().replace(' ', "")
}

/// Reports an unknown keyword, suggesting the closest known one of this
/// kind of item, or saying where the keyword belongs.
fn unknown(cx: &Ctxt, meta: &ParseNestedMeta, what: &str, words: &[&str]) {
    let w = word(meta);
    let mut msg = format!("unknown {what} attribute `{w}`");
    let elsewhere = [("container", CONTAINER_WORDS), ("field", FIELD_WORDS), ("variant", VARIANT_WORDS)]
        .into_iter()
        .find(|(_, ws)| ws.contains(&w.as_str()));
    if let Some((kind, _)) = elsewhere {
        msg = format!("`{w}` is a {kind} attribute, not a {what} attribute");
    } else if let Some(best) = closest(&w, words) {
        msg.push_str(&format!("; did you mean `{best}`?"));
    } else {
        msg.push_str(&format!(
            "; expected one of {}",
            words.iter().map(|w| format!("`{w}`")).collect::<Vec<_>>().join(", ")
        ));
    }
    cx.error_spanned_by(&meta.path, msg);
    // Consume a value if there is one, so parsing can go on.
    if meta.input.peek(syn::Token![=]) {
        let _ = meta.value().and_then(|v| v.parse::<syn::Expr>());
    } else if meta.input.peek(syn::token::Paren) {
        let _ = meta.parse_nested_meta(|m| {
            let _ = m.value().and_then(|v| v.parse::<syn::Expr>());
            Ok(())
        });
    }
}

/// The closest word by edit distance, if close enough to be a typo.
fn closest<'a>(w: &str, words: &[&'a str]) -> Option<&'a str> {
    words.iter().map(|c| (edit_distance(w, c), *c)).filter(|(d, c)| *d <= (c.len() / 3).max(2)).min().map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

fn lit_str(meta: &ParseNestedMeta) -> syn::Result<LitStr> {
    meta.value()?.parse()
}

fn parse_rule(cx: &Ctxt, meta: &ParseNestedMeta) -> Option<RenameRule> {
    let lit = match lit_str(meta) {
        Ok(l) => l,
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
                        let lit = lit_str(&meta)?;
                        let parsed = lit.parse_with(
                            syn::punctuated::Punctuated::<syn::WherePredicate, syn::Token![,]>::parse_terminated,
                        );
                        match parsed {
                            Ok(preds) => c.bound.set(cx, lit.to_token_stream(), preds.into_iter().collect()),
                            Err(e) => cx.error_spanned_by(&lit, format!("invalid `bound`: {e}")),
                        }
                    }
                    _ => unknown(cx, &meta, "container", CONTAINER_WORDS),
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
                        let lit = lit_str(&meta)?;
                        f.rename.set(cx, lit.to_token_stream(), lit.value());
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
                    BORROW => f.borrow.set(cx, t, ()),
                    AS_ARRAY => f.as_array.set(cx, t, ()),
                    FLATTEN => f.flatten.set(cx, t, ()),
                    AS_MAP => f.as_map.set(cx, t, ()),
                    SERDE => f.serde.set(cx, t, ()),
                    SKIP_IF => {
                        if let Some((lit, path)) = parse_path::<syn::ExprPath>(cx, &meta) {
                            f.skip_if.set(cx, lit.to_token_stream(), path);
                        }
                    }
                    WITH => {
                        if let Some((lit, path)) = parse_path::<syn::Path>(cx, &meta) {
                            f.with.set(cx, lit.to_token_stream(), path);
                        }
                    }
                    ENCODE_WITH | DECODE_WITH => {
                        let attr = if word(&meta) == ENCODE_WITH { &mut f.encode_with } else { &mut f.decode_with };
                        if let Some((lit, path)) = parse_path::<syn::ExprPath>(cx, &meta) {
                            attr.set(cx, lit.to_token_stream(), path);
                        }
                    }
                    _ => unknown(cx, &meta, "field", FIELD_WORDS),
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
        };
        for attr in msgpack_attrs(&variant.attrs) {
            let r = attr.parse_nested_meta(|meta| {
                let t = span_of(&meta);
                match word(&meta).as_str() {
                    RENAME => {
                        let lit = lit_str(&meta)?;
                        v.rename.set(cx, lit.to_token_stream(), lit.value());
                    }
                    SKIP => v.skip.set(cx, t, ()),
                    OTHER => v.other.set(cx, t, ()),
                    UNTAGGED => v.untagged.set(cx, t, ()),
                    ALIAS => v.aliases.push(lit_str(&meta)?),
                    RENAME_ALL => {
                        if let Some(rule) = parse_rule(cx, &meta) {
                            v.rename_all.set(cx, t, rule);
                        }
                    }
                    _ => unknown(cx, &meta, "variant", VARIANT_WORDS),
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
