//! The rules of enums: tagging styles (`tag`, `content`, `untagged`,
//! variant `untagged`), tags and aliases, and `other`.

use std::collections::HashMap;

use quote::ToTokens;

use crate::ast::{Container, Form, Key, Style, Variant};
use crate::attr;
use crate::ctxt::Ctxt;

/// `untagged`, `content` and variant `untagged` (serde's semantics).
fn check_tagging(cx: &Ctxt, cont: &Container, variants: &[Variant]) {
    let a = &cont.attrs;
    // The payload's key only means something beside a tag.
    if let (Some(t), false) = (a.content.tokens(), a.tag.is_set()) {
        cx.error_spanned_by(t, "`content` needs `tag`: adjacently tagged enums are `tag = \"t\", content = \"c\"`");
    }
    if let (Some(tag), Some(content)) = (a.tag.get(), a.content.get())
        && tag == content
    {
        cx.error_spanned_by(
            a.content.tokens().unwrap(),
            "`tag` and `content` are the same key: they are two entries of one map",
        );
    }
    if let Some(t) = a.untagged.tokens() {
        // Untagged means no tag: the two conflict, as in serde.
        if a.tag.is_set() {
            cx.error_spanned_by(t, "`untagged` and `tag` conflict: an untagged enum writes no tag");
        }
    }
    let int_form = a.index.is_set() || variants.iter().any(|v| v.original.discriminant.is_some());
    if variants.iter().all(|v| v.style == Style::Unit) && int_form {
        for (name, tokens) in [(attr::UNTAGGED, a.untagged.tokens()), (attr::CONTENT, a.content.tokens())] {
            if let Some(t) = tokens {
                cx.error_spanned_by(t, format!("`{name}` cannot be combined with `index` or explicit discriminants: a unit enum in integer form is a bare integer"));
            }
        }
    }
    // Trailing untagged variants: tried after the tagged reading, in order.
    let mut first_untagged: Option<&Variant> = None;
    for v in variants.iter().filter(|v| !v.attrs.skip.is_set()) {
        if let Some(t) = v.attrs.untagged.tokens() {
            if a.untagged.is_set() {
                cx.error_spanned_by(t, "`untagged` has no effect on a variant of an `untagged` enum: every variant is");
            }
            if v.attrs.other.is_set() {
                cx.error_spanned_by(
                    t,
                    "`untagged` and `other` conflict: `other` reads unknown tags, an untagged variant has none",
                );
            }
            if let Some(alias) = v.attrs.aliases.first() {
                cx.error_spanned_by(alias, "`alias` has no effect on an untagged variant: it is read without its tag");
            }
            first_untagged.get_or_insert(v);
        } else if let Some(u) = first_untagged
            && !v.attrs.other.is_set()
        {
            cx.error_spanned_by(
                v.ident,
                format!("tagged variant `{}` follows untagged variant `{}`: untagged variants come last (they are tried after the tagged ones, in order)", v.ident, u.ident),
            );
        }
    }
    if a.untagged.is_set() {
        for v in variants {
            if let Some(t) = v.attrs.other.tokens() {
                cx.error_spanned_by(t, "`other` has no effect in an `untagged` enum: there are no tags; make the last variant hold a `Value` or `Raw` to keep any other value");
            }
            if let Some(alias) = v.attrs.aliases.first() {
                cx.error_spanned_by(
                    alias,
                    "`alias` has no effect in an `untagged` enum: variants are read without tags",
                );
            }
        }
    }
}

pub(super) fn check_enum(cx: &Ctxt, cont: &Container, variants: &[Variant]) {
    check_tagging(cx, cont, variants);
    let all_unit = variants.iter().all(|v| v.style == Style::Unit);
    // Which variant's fields would a default value of the enum provide?
    // serde has no container `default` on enums either.
    if let Some(t) = cont.attrs.transparent.tokens() {
        cx.error_spanned_by(t, "`transparent` applies to structs: an enum is written with its tag");
    }
    if let Some(t) = cont.attrs.default.tokens() {
        cx.error_spanned_by(t, "container `default` applies to structs: a missing field of a variant cannot come from the enum's default; put `default` on the fields");
    }
    if let Some(t) = cont.attrs.index.tokens()
        && !all_unit
    {
        cx.error_spanned_by(
            t,
            "`index` encodes variants as integers, which only works when every variant is a unit variant",
        );
    }
    // Explicit discriminants also select the integer form: both need unit variants.
    if let (Some(tag), false) = (cont.attrs.tag.get(), cont.attrs.content.is_set()) {
        let tag_tokens = cont.attrs.tag.tokens().unwrap();
        for v in variants.iter().filter(|v| !v.is_untagged(cont) && !v.is_raw_other()) {
            match v.style {
                // Internally tagged: the tag is one more map entry, so the
                // payload must be a map: struct variants, or a newtype of a
                // map-form struct (checked by a trait bound at the field).
                Style::Struct | Style::Unit | Style::Newtype => {}
                Style::Tuple => cx.error_spanned_by(
                    &v.original.fields,
                    format!("internally tagged enums (`tag = {tag:?}`) need struct, newtype or unit variants; a tuple variant has no field names to put beside the tag"),
                ),
            }
            for f in v.fields.iter().filter(|f| f.is_wire()) {
                // An alias equal to the tag would read the tag as the field.
                if let Some(lit) = f.attrs.aliases.iter().find(|l| l.value() == *tag) {
                    cx.error_spanned_by(
                        lit,
                        format!("alias {tag:?} of field `{}` of variant `{}` is the tag's key", f.rust_name(), v.ident),
                    );
                }
                if v.style == Style::Struct && f.key == Key::Str(tag.clone()) {
                    cx.error_spanned_by(
                        f.original
                            .ident
                            .as_ref()
                            .map(|i| i.to_token_stream())
                            .unwrap_or_else(|| f.ty.to_token_stream()),
                        format!(
                            "field `{}` of variant `{}` has the same wire key as the tag `{tag}`",
                            f.display_name(),
                            v.ident
                        ),
                    );
                }
            }
        }
        if cont.form() == Form::Array {
            cx.error_spanned_by(tag_tokens, "`tag` needs map form: the tag is a map entry beside the fields");
        }
        // A unit enum in integer form is a bare integer: there is no map to
        // put the tag in, and the tag would be silently ignored.
        if all_unit && (cont.attrs.index.is_set() || variants.iter().any(|v| v.original.discriminant.is_some())) {
            cx.error_spanned_by(
                tag_tokens,
                "`tag` cannot be combined with `index` or explicit discriminants: a unit enum in integer form is a bare integer, with no map to hold the tag",
            );
        }
    }
    // Two variants with one wire name could not be told apart.
    let mut names: HashMap<&str, &Variant> = HashMap::new();
    for v in variants.iter().filter(|v| !v.attrs.skip.is_set()) {
        if let Some(prev) = names.insert(&v.name, v) {
            let at = v.attrs.rename.tokens().cloned().unwrap_or_else(|| v.ident.to_token_stream());
            cx.error_spanned_by(
                at,
                format!("variants `{}` and `{}` both have the wire name {:?}", prev.ident, v.ident, v.name),
            );
        }
    }
    // Aliases are more names a variant is read under: unique like the names
    // (taken as written, not renamed); integer tags have no names.
    let mut seen: HashMap<String, (&Variant, bool)> =
        variants.iter().filter(|v| !v.attrs.skip.is_set()).map(|v| (v.name.clone(), (v, false))).collect();
    let as_int = cont.attrs.index.is_set() || variants.iter().any(|v| v.original.discriminant.is_some());
    for v in variants {
        for lit in &v.attrs.aliases {
            if v.attrs.skip.is_set() {
                cx.error_spanned_by(lit, "`skip` and `alias` conflict: a skipped variant is never decoded");
                continue;
            }
            if all_unit && as_int {
                cx.error_spanned_by(lit, "`alias` has no effect here: the variants are written as integers, not names");
                continue;
            }
            let alias = lit.value();
            let msg = match seen.get(&alias) {
                None => None,
                Some((w, _)) if std::ptr::eq(*w, v) => Some(format!(
                    "alias {alias:?} of variant `{}` is already its wire name or alias; remove it",
                    v.ident
                )),
                Some((w, false)) => {
                    Some(format!("alias {alias:?} of variant `{}` is the wire name of variant `{}`", v.ident, w.ident))
                }
                Some((w, true)) => {
                    Some(format!("alias {alias:?} of variant `{}` is also an alias of variant `{}`", v.ident, w.ident))
                }
            };
            match msg {
                Some(m) => cx.error_spanned_by(lit, m),
                None => {
                    seen.insert(alias, (v, true));
                }
            }
        }
    }
    // `other` catches unknown tags: a unit variant, or a newtype holding
    // the whole unknown value; only one can.
    let mut other_seen = false;
    for v in variants {
        if let Some(t) = v.attrs.other.tokens() {
            if !matches!(v.style, Style::Unit | Style::Newtype) {
                cx.error_spanned_by(
                    t,
                    format!(
                        "`other` must be on a unit variant or a newtype holding the unknown value (`Value`, `ValueRef`, `Raw`, `RawRef`): `{}` has fields that an unknown tag cannot provide",
                        v.ident
                    ),
                );
            }
            if v.style == Style::Newtype && !holds_raw_value(v.fields[0].ty) {
                cx.error_spanned_by(
                    v.fields[0].ty,
                    "an `other` newtype holds the whole unknown value, written back as it was read: its type must be `Value`, `ValueRef`, `Raw` or `RawRef`",
                );
            }
            if other_seen {
                cx.error_spanned_by(t, "only one variant can be `other`");
            }
            if v.attrs.skip.is_set() {
                cx.error_spanned_by(t, "`other` and `skip` conflict: a skipped variant is never decoded");
            }
            other_seen = true;
        }
    }
}

/// The types an `other` newtype may hold (by the last path segment).
fn holds_raw_value(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .is_some_and(|s| matches!(s.ident.to_string().as_str(), "Value" | "ValueRef" | "Raw" | "RawRef")),
        syn::Type::Group(g) => holds_raw_value(&g.elem),
        syn::Type::Paren(p) => holds_raw_value(&p.elem),
        _ => false,
    }
}
