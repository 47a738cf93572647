//! Rules that involve more than one attribute or more than one field. Each
//! rule says why it exists; every violation is reported at the narrowest
//! span, and all of them are reported together.

use std::collections::HashMap;

use quote::ToTokens;

use crate::ast::{Container, Data, Field, Form, Key, Style, Variant};
use crate::attr;
use crate::ctxt::Ctxt;

pub(crate) mod consts;
mod enums;
mod sides;
use enums::check_enum;

pub(crate) fn check(cx: &Ctxt, cont: &Container) {
    check_form(cx, cont);
    check_proxy(cx, cont);
    check_lock(cx, cont);
    match &cont.data {
        Data::Struct(style, fields) => {
            check_struct_container(cx, cont, *style);
            check_fields(cx, cont, *style, fields, None);
        }
        Data::Enum(variants) => {
            check_enum(cx, cont, variants);
            for v in variants {
                sides::check_variant_borrow(cx, v);
                check_fields(cx, cont, v.style, &v.fields, Some(v));
            }
        }
    }
}

/// `schema_lock` records one concrete type: a generic type has no single
/// schema to record (its parameters' shapes are not known at expansion).
fn check_lock(cx: &Ctxt, cont: &Container) {
    let Some(lit) = cont.attrs.schema_lock.get() else { return };
    if cont.generics.type_params().next().is_some() || cont.generics.const_params().next().is_some() {
        cx.syn_error(syn::Error::new(
            lit.span(),
            "`schema_lock` needs a type without type or const parameters (lock a concrete type, e.g. a newtype around `Page<Item>`)",
        ));
    }
}

/// `map` and `array` are the two forms: one or the other.
fn check_form(cx: &Ctxt, cont: &Container) {
    if let (Some(_), Some(t)) = (cont.attrs.map.tokens(), cont.attrs.array.tokens()) {
        cx.error_spanned_by(t, "conflicting attributes `map` and `array`: a container has one wire form");
    }
    // Array form writes values by position: trailing defaults could be
    // omitted, but fields in the middle cannot, so `omit_defaults` would
    // only half work. It is a map-form feature.
    if let (Some(t), true) = (cont.attrs.omit_defaults.tokens(), cont.form() == Form::Array) {
        cx.error_spanned_by(t, "`omit_defaults` needs map form; remove `array` or `omit_defaults`");
    }
}

/// `from` / `try_from` / `into`: the conversions through a proxy type.
fn check_proxy(cx: &Ctxt, cont: &Container) {
    let a = &cont.attrs;
    // Both would decode the type: one conversion only, as in serde.
    if let (Some(_), Some(t)) = (a.from.get(), a.try_from.tokens()) {
        cx.error_spanned_by(t, "`from` and `try_from` conflict: the type is decoded through one conversion; keep one");
    }
    // A transparent struct is its field; a proxy replaces the whole type.
    if let Some(t) = a.transparent.tokens() {
        for (name, tokens) in
            [(attr::FROM, a.from.tokens()), (attr::TRY_FROM, a.try_from.tokens()), (attr::INTO, a.into.tokens())]
        {
            if tokens.is_some() {
                cx.error_spanned_by(
                    t,
                    format!(
                        "`transparent` and `{name}` conflict: the type is encoded either as its field or as the proxy"
                    ),
                );
            }
        }
    }
    // The schema descriptor is one shape, for reading and writing.
    if let (Some(from), Some(into)) = (a.from.get().or(a.try_from.get()), a.into.get())
        && from.to_token_stream().to_string() != into.to_token_stream().to_string()
    {
        cx.error_spanned_by(
            a.into.tokens().unwrap(),
            "`from` and `into` name different types: the schema descriptor has one shape for reading and writing; use one proxy type for both",
        );
    }
}

/// Attributes that only make sense on some kinds of containers.
fn check_struct_container(cx: &Ctxt, cont: &Container, style: Style) {
    if let Some(t) = cont.attrs.tag.tokens() {
        cx.error_spanned_by(t, "`tag` applies to enums: a struct has no variants to tag");
    }
    for (name, tokens) in [(attr::UNTAGGED, cont.attrs.untagged.tokens()), (attr::CONTENT, cont.attrs.content.tokens())]
    {
        if let Some(t) = tokens {
            cx.error_spanned_by(t, format!("`{name}` applies to enums: a struct has no variants to tag"));
        }
    }
    if let Some(t) = cont.attrs.index.tokens() {
        cx.error_spanned_by(t, "`index` applies to enums of unit variants");
    }
    if let Some(t) = cont.attrs.rename_all_fields.tokens() {
        cx.error_spanned_by(
            t,
            "`rename_all_fields` applies to enums (the fields of their struct variants); on a struct, use `rename_all`",
        );
    }
    // Tuple structs are read with exactly their length, newtypes are their
    // field, unit structs have none: nothing can be missing.
    if let (Some(t), true) = (cont.attrs.default.tokens(), style != Style::Struct) {
        cx.error_spanned_by(
            t,
            "container `default` needs a struct with named fields: fields of this struct are never missing",
        );
    }
    if let Some(t) = cont.attrs.transparent.tokens() {
        check_transparent(cx, cont, t);
    } else if style != Style::Struct {
        // Tuple structs and newtypes have no field names; unit structs no fields.
        let what = match style {
            Style::Newtype => "a newtype struct is encoded as its field (transparent)",
            Style::Tuple => "a tuple struct is always an array",
            _ => "a unit struct is encoded as an empty array",
        };
        for (attr_name, tokens) in [
            (attr::MAP, cont.attrs.map.tokens()),
            (attr::ARRAY, cont.attrs.array.tokens()),
            (attr::RENAME_ALL, cont.attrs.rename_all.tokens()),
            (attr::DENY_UNKNOWN_FIELDS, cont.attrs.deny_unknown_fields.tokens()),
            (attr::OMIT_DEFAULTS, cont.attrs.omit_defaults.tokens()),
        ] {
            if let Some(t) = tokens {
                cx.error_spanned_by(t, format!("`{attr_name}` has no effect here: {what}"));
            }
        }
    }
}

/// A `transparent` struct is its one encoded field on the wire: attributes
/// about its own keys or form would have nothing to act on.
fn check_transparent(cx: &Ctxt, cont: &Container, t: &proc_macro2::TokenStream) {
    let Data::Struct(style, fields) = &cont.data else { return };
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_wire()).collect();
    if wire.len() != 1 {
        cx.error_spanned_by(
            t,
            format!(
                "`transparent` needs exactly one encoded field, this struct has {}{}",
                wire.len(),
                if wire.len() > 1 { "; mark the others `skip`" } else { "" }
            ),
        );
    }
    for (attr_name, tokens) in [
        (attr::MAP, cont.attrs.map.tokens()),
        (attr::ARRAY, cont.attrs.array.tokens()),
        (attr::RENAME_ALL, cont.attrs.rename_all.tokens()),
        (attr::DENY_UNKNOWN_FIELDS, cont.attrs.deny_unknown_fields.tokens()),
        (attr::OMIT_DEFAULTS, cont.attrs.omit_defaults.tokens()),
        (attr::DEFAULT, cont.attrs.default.tokens()),
    ] {
        if let Some(t) = tokens {
            cx.error_spanned_by(
                t,
                format!("`{attr_name}` has no effect with `transparent`: the struct is encoded as its field"),
            );
        }
    }
    // Named fields: the per-field check allows keys, which a transparent
    // struct never writes (other styles already reject them).
    if let ([f], Style::Struct) = (wire.as_slice(), style) {
        let alias = f.attrs.aliases.first().map(|l| l.to_token_stream());
        for (name, tokens) in [
            (attr::RENAME, f.attrs.rename.tokens()),
            (attr::KEY, f.attrs.key.tokens()),
            (attr::ALIAS, alias.as_ref()),
            (attr::SKIP_IF, f.attrs.skip_if.tokens()),
            (attr::SKIP_SERIALIZING, f.attrs.skip_serializing.tokens()),
            (attr::SKIP_DESERIALIZING, f.attrs.skip_deserializing.tokens()),
            (attr::DEFAULT, f.attrs.default.tokens()),
            (attr::FLATTEN, f.attrs.flatten.tokens()),
        ] {
            if let Some(t) = tokens {
                cx.error_spanned_by(t, format!("`{name}` has no effect on the field of a `transparent` struct: it is written alone, never missing"));
            }
        }
    }
}

fn check_fields(cx: &Ctxt, cont: &Container, style: Style, fields: &[Field], variant: Option<&Variant>) {
    let form = if style == Style::Struct { cont.form() } else { Form::Array };
    let in_what = match variant {
        Some(v) => format!("variant `{}`", v.ident),
        None => "this struct".to_owned(),
    };
    for f in fields {
        check_field(cx, cont, f, style, form);
    }
    if style == Style::Newtype && fields.iter().any(|f| !f.is_wire()) {
        let f = &fields[0];
        cx.error_spanned_by(f.attrs.skip.tokens().unwrap(), "a newtype's only field cannot be skipped");
    }
    if style != Style::Struct {
        return;
    }
    let wire: Vec<&Field> = fields.iter().filter(|f| f.is_wire()).collect();
    // One catch-all: a second would never see a key.
    let mut catch_all: Option<&Field> = None;
    for f in wire.iter().filter(|f| is_catch_all(f)) {
        if let Some(t) = cont.attrs.deny_unknown_fields.tokens() {
            cx.error_spanned_by(t, format!("`deny_unknown_fields` has no effect with the flattened map `{}`: it takes every key no field claims", f.rust_name()));
        }
        match catch_all {
            Some(first) => cx.error_spanned_by(
                f.attrs.flatten.tokens().unwrap(),
                format!("two flattened maps in {in_what} (`{}` and `{}`): the first takes every key no field claims, the second would stay empty; keep one", first.rust_name(), f.rust_name()),
            ),
            None => catch_all = Some(f),
        }
    }
    // Two fields with one wire key could not be told apart on decode (an
    // `array`-form struct reads the map form by key too).
    {
        let mut seen: HashMap<&Key, &Field> = HashMap::new();
        for f in wire.iter().filter(|f| !f.attrs.flatten.is_set()) {
            if let Some(prev) = seen.insert(&f.key, f) {
                let at = key_tokens(f);
                cx.error_spanned_by(
                    at,
                    format!(
                        "fields `{}` and `{}` of {in_what} both have the wire key {}",
                        prev.rust_name(),
                        f.rust_name(),
                        f.key
                    ),
                );
            }
        }
        // An alias is one more key the field is read under: it must not be
        // another field's key or alias, nor the field's own key (serde takes
        // the alias as written, not renamed, and so do we).
        let mut aliases: HashMap<Key, (&Field, bool)> =
            wire.iter().filter(|f| !f.attrs.flatten.is_set()).map(|f| (f.key.clone(), (*f, false))).collect();
        for f in &wire {
            for lit in &f.attrs.aliases {
                let alias = lit.value();
                let previous = aliases.insert(Key::Str(alias.clone()), (f, true));
                let msg = match previous {
                    None => continue,
                    Some((g, _)) if std::ptr::eq(g, *f) => {
                        format!(
                            "alias {alias:?} of field `{}` is already its wire key or alias; remove it",
                            f.rust_name()
                        )
                    }
                    Some((g, false)) => {
                        format!(
                            "alias {alias:?} of field `{}` is the wire key of field `{}` of {in_what}",
                            f.rust_name(),
                            g.rust_name()
                        )
                    }
                    Some((g, true)) => {
                        format!(
                            "alias {alias:?} of field `{}` is also an alias of field `{}` of {in_what}",
                            f.rust_name(),
                            g.rust_name()
                        )
                    }
                };
                cx.error_spanned_by(lit, msg);
            }
        }
        // Mixing string and integer keys: a reader in another language
        // expects one kind of map; it is almost always a forgotten `key`.
        let keyed: Vec<&&Field> = wire.iter().filter(|f| !f.attrs.flatten.is_set()).collect();
        let int_keyed: Vec<&&Field> = keyed.iter().copied().filter(|f| f.attrs.key.is_set()).collect();
        if !int_keyed.is_empty() && int_keyed.len() != keyed.len() {
            for f in keyed.iter().filter(|f| !f.attrs.key.is_set()) {
                cx.error_spanned_by(
                    key_tokens(f),
                    format!("field `{}` has a string key while other fields of {in_what} have integer keys; give it `key = N` too", f.rust_name()),
                );
            }
        }
    }
    // Array form reads by position: once a field may be missing, every
    // later one may be too (the array simply ended).
    // Only an explicit `default` counts: an `Option` is always written (nil
    // for `None`), so it never ends an array that a writer produced.
    // With a container `default` every field may be missing.
    if form == Form::Array && !cont.attrs.default.is_set() {
        let mut first_default: Option<&Field> = None;
        for f in &wire {
            if f.attrs.default.is_set() {
                first_default.get_or_insert(f);
            } else if let Some(d) = first_default {
                cx.error_spanned_by(
                    key_tokens(f),
                    format!("required field `{}` follows field `{}`, which has a default: in `array` form fields after a defaulted one must have defaults too", f.rust_name(), d.rust_name()),
                );
            }
        }
    }
}

/// `flatten`: the field's entries go inline in the enclosing map.
fn check_flatten(cx: &Ctxt, f: &Field, style: Style, form: Form) {
    let a = &f.attrs;
    let Some(t) = a.flatten.tokens() else { return };
    if style != Style::Struct {
        cx.error_spanned_by(t, "`flatten` needs named fields: a tuple's elements have no map to be inlined in");
        return;
    }
    // A map's entries have no positions.
    if form == Form::Array && is_catch_all(f) {
        cx.error_spanned_by(
            t,
            "a flattened map needs map form: in `array` form fields are positions, and a map's entries have none",
        );
    }
    let alias = a.aliases.first().map(|l| l.to_token_stream());
    for (name, tokens) in [
        (attr::RENAME, a.rename.tokens()),
        (attr::KEY, a.key.tokens()),
        (attr::ALIAS, alias.as_ref()),
        (attr::DEFAULT, a.default.tokens()),
        (attr::SKIP_IF, a.skip_if.tokens()),
        (attr::WITH, a.with.tokens()),
        (attr::ENCODE_WITH, a.encode_with.tokens()),
        (attr::DECODE_WITH, a.decode_with.tokens()),
        (attr::AS_ARRAY, a.as_array.tokens()),
        (attr::AS_MAP, a.as_map.tokens()),
    ] {
        if let Some(other) = tokens {
            cx.error_spanned_by(other, format!("`flatten` and `{name}` conflict: a flattened field has no key or value of its own, only the entries of its type"));
        }
    }
    if let Some(what) = not_flattenable(f.ty) {
        cx.error_spanned_by(f.ty, format!("`flatten` needs a map-form struct that derives `MsgPack`, or a `BTreeMap` / `HashMap` (the catch-all); {what} has no entries to inline"));
    }
}

/// Types that obviously cannot be flattened (neither a struct nor a map),
/// with a description; other types are checked by the trait bounds.
fn not_flattenable(ty: &syn::Type) -> Option<&'static str> {
    match ty {
        syn::Type::Reference(_) => Some("a reference"),
        syn::Type::Slice(_) | syn::Type::Array(_) => Some("an array"),
        syn::Type::Tuple(_) => Some("a tuple"),
        syn::Type::Paren(p) => not_flattenable(&p.elem),
        syn::Type::Group(g) => not_flattenable(&g.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?.ident.to_string();
            match last.as_str() {
                "Option" => Some("an `Option`"),
                "Vec" | "VecDeque" | "HashSet" | "BTreeSet" => Some("a sequence"),
                "String" | "str" | "Cow" => Some("a string"),
                "bool" | "char" | "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64"
                | "i128" | "isize" | "f32" | "f64" => Some("a scalar"),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A flattened map (a catch-all) by the type's name.
fn is_catch_all(f: &Field) -> bool {
    f.attrs.flatten.is_set()
        && matches!(f.ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident.to_string().ends_with("Map")))
}

fn check_field(cx: &Ctxt, cont: &Container, f: &Field, style: Style, form: Form) {
    check_flatten(cx, f, style, form);
    sides::check_one_sided(cx, cont, f, style, form);
    let a = &f.attrs;
    if let Some(t) = a.skip.tokens() {
        // A skipped field is neither written nor read: the other attributes
        // would have nothing to act on.
        for (name, other) in [
            (attr::WITH, a.with.tokens()),
            (attr::ENCODE_WITH, a.encode_with.tokens()),
            (attr::DECODE_WITH, a.decode_with.tokens()),
            (attr::SKIP_IF, a.skip_if.tokens()),
            (attr::RENAME, a.rename.tokens()),
            (attr::KEY, a.key.tokens()),
            (attr::BORROW, a.borrow.tokens()),
            (attr::ALIAS, a.aliases.first().map(|l| l.to_token_stream()).as_ref()),
            (attr::AS_ARRAY, a.as_array.tokens()),
            (attr::FLATTEN, a.flatten.tokens()),
            (attr::AS_MAP, a.as_map.tokens()),
            (attr::SERDE, a.serde.tokens()),
        ] {
            if other.is_some() {
                cx.error_spanned_by(t, format!("`skip` and `{name}` conflict: a skipped field is never encoded"));
            }
        }
    }
    // `with` names both halves; `encode_with` / `decode_with` one each.
    if a.with.is_set() {
        for (name, tokens) in [(attr::ENCODE_WITH, a.encode_with.tokens()), (attr::DECODE_WITH, a.decode_with.tokens())]
        {
            if let Some(t) = tokens {
                cx.error_spanned_by(
                    t,
                    format!("`with` and `{name}` conflict: `with` already gives the module's `encode` and `decode`"),
                );
            }
        }
    }
    // `serde` hands the field to its serde impls: nothing else applies.
    if let Some(t) = a.serde.tokens() {
        for (name, other) in [
            (attr::WITH, a.with.tokens()),
            (attr::ENCODE_WITH, a.encode_with.tokens()),
            (attr::DECODE_WITH, a.decode_with.tokens()),
            (attr::AS_ARRAY, a.as_array.tokens()),
            (attr::AS_MAP, a.as_map.tokens()),
            (attr::FLATTEN, a.flatten.tokens()),
            (attr::BORROW, a.borrow.tokens()),
        ] {
            if other.is_some() {
                cx.error_spanned_by(
                    t,
                    format!("`serde` and `{name}` conflict: the field is written and read by its serde impls"),
                );
            }
        }
    }
    // `as_map` chooses how the field is written and read; so do the others.
    if let Some(t) = a.as_map.tokens() {
        for (name, other) in [
            (attr::WITH, a.with.tokens()),
            (attr::ENCODE_WITH, a.encode_with.tokens()),
            (attr::DECODE_WITH, a.decode_with.tokens()),
            (attr::AS_ARRAY, a.as_array.tokens()),
        ] {
            if other.is_some() {
                cx.error_spanned_by(t, format!("`as_map` and `{name}` conflict: both say how the field is written"));
            }
        }
    }
    // `as_array` chooses how the field is written; so do `with` and
    // `encode_with`.
    if let Some(t) = a.as_array.tokens() {
        for (name, other) in [(attr::WITH, a.with.tokens()), (attr::ENCODE_WITH, a.encode_with.tokens())] {
            if other.is_some() {
                cx.error_spanned_by(t, format!("`as_array` and `{name}` conflict: both say how the field is written"));
            }
        }
    }
    if let (Some(_), Some(t)) = (a.rename.tokens(), a.key.tokens()) {
        cx.error_spanned_by(t, "`rename` and `key` conflict: a field has one wire key");
    }
    // An alias is a string key; beside an integer key it would mix the two
    // kinds in one map (see the rule in `check_fields`).
    if let (Some(_), Some(alias)) = (a.key.tokens(), a.aliases.first()) {
        cx.error_spanned_by(
            alias,
            "`alias` and `key` conflict: an alias is a string key, this field has an integer key",
        );
    }
    // An `array`-form struct also reads the map form, by key: `rename` and
    // `alias` name its keys there. Tuple fields have no keys at all, and an
    // integer key would only be read.
    if form == Form::Array || style != Style::Struct {
        let alias = a.aliases.first().map(|l| l.to_token_stream());
        let keyed = [(attr::RENAME, a.rename.tokens()), (attr::ALIAS, alias.as_ref())];
        let refused = if style == Style::Struct { &[][..] } else { &keyed[..] };
        for (name, tokens) in refused.iter().copied().chain([(attr::KEY, a.key.tokens())]) {
            if let Some(t) = tokens {
                let why = if style == Style::Struct {
                    "has no effect in array form: fields are written by position"
                } else {
                    "has no effect on a tuple field: it is written by position and has no key"
                };
                cx.error_spanned_by(t, format!("`{name}` {why}"));
            }
        }
        if let Some(t) = a.skip_if.tokens() {
            cx.error_spanned_by(
                t,
                "`skip_if` needs map form: in an array, a missing value would shift the later fields",
            );
        }
    }
    sides::check_borrow(cx, f);
}

/// The narrowest tokens that explain a field's wire key.
fn key_tokens(f: &Field) -> proc_macro2::TokenStream {
    f.attrs.key.tokens().or(f.attrs.rename.tokens()).cloned().unwrap_or_else(|| {
        f.original.ident.as_ref().map(|i| i.to_token_stream()).unwrap_or_else(|| f.ty.to_token_stream())
    })
}
