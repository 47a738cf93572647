//! The vocabulary of `#[msgpack(...)]`: every keyword, the keywords of
//! each kind of item, serde's spellings (accepted ones are keywords here;
//! the others are refused with the reason and what to use instead), and the
//! message for a word that is not a keyword of its item.

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
pub(crate) const SKIP_SERIALIZING: &str = "skip_serializing";
pub(crate) const SKIP_DESERIALIZING: &str = "skip_deserializing";

// serde's spellings of keywords above, accepted with the same meaning.
pub(crate) const SKIP_SERIALIZING_IF: &str = "skip_serializing_if";
pub(crate) const SERIALIZE_WITH: &str = "serialize_with";
pub(crate) const DESERIALIZE_WITH: &str = "deserialize_with";

// The halves of serde's split forms: `rename(serialize = "..", deserialize = "..")`.
pub(crate) const SERIALIZE: &str = "serialize";
pub(crate) const DESERIALIZE: &str = "deserialize";

// Variant keywords (besides `rename`, `skip`, `rename_all`).
pub(crate) const OTHER: &str = "other";

pub(crate) const CONTAINER_WORDS: &[&str] = &[
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
    RENAME,
    RENAME_ALL_FIELDS,
];
pub(crate) const FIELD_WORDS: &[&str] = &[
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
    SKIP_SERIALIZING,
    SKIP_DESERIALIZING,
    SKIP_SERIALIZING_IF,
    SERIALIZE_WITH,
    DESERIALIZE_WITH,
    BOUND,
];
pub(crate) const VARIANT_WORDS: &[&str] = &[RENAME, SKIP, OTHER, RENAME_ALL, ALIAS, UNTAGGED, BORROW, SKIP_SERIALIZING];

/// The kinds of items attributes are written on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Item {
    Container,
    Field,
    Variant,
}

impl Item {
    fn name(self) -> &'static str {
        match self {
            Item::Container => "container",
            Item::Field => "field",
            Item::Variant => "variant",
        }
    }

    fn words(self) -> &'static [&'static str] {
        match self {
            Item::Container => CONTAINER_WORDS,
            Item::Field => FIELD_WORDS,
            Item::Variant => VARIANT_WORDS,
        }
    }
}

/// Why a serde attribute whose meaning does not exist here is refused on
/// this kind of item, and what to use instead; `None` for other words.
pub(crate) fn serde_refusal(item: Item, w: &str) -> Option<String> {
    let why = match (item, w) {
        (Item::Container, "remote") => {
            "serde's `remote` is not supported: the derive implements this crate's traits for a local type; for a foreign type, derive a local mirror and convert with `from` / `into`, or give the field a `with` module"
        }
        (Item::Container, "expecting") => {
            "serde's `expecting` is not supported: decode errors already name the expected type (`expected Event, found int 5`); remove it"
        }
        (Item::Container, "variant_identifier" | "field_identifier") => {
            return Some(format!(
                "serde's `{w}` is not needed here: it serves hand-written `Deserialize` impls, and the generated code matches tags and keys itself; remove it"
            ));
        }
        (Item::Field, "getter") => {
            "serde's `getter` is not supported: it belongs to `remote`, which has no equivalent here; derive a local mirror and convert with `from` / `into`"
        }
        (Item::Variant, SKIP_DESERIALIZING) => {
            "serde's `skip_deserializing` is not supported on a variant: the schema descriptor's list of variants cannot say that one is written but not read; use `skip` (neither), or keep the variant"
        }
        (Item::Variant, WITH | SERIALIZE_WITH | DESERIALIZE_WITH) => {
            let here = match w {
                SERIALIZE_WITH => ENCODE_WITH,
                DESERIALIZE_WITH => DECODE_WITH,
                _ => WITH,
            };
            return Some(format!(
                "`{w}` is not supported on a variant: put `{here}` on the field of a newtype variant, `V(#[msgpack({here} = \"..\")] T)`, for the same bytes"
            ));
        }
        (Item::Variant, BOUND) => {
            "`bound` is not supported on a variant: give the predicates in the container's `bound`"
        }
        _ => return None,
    };
    Some(why.to_owned())
}

/// The message for `w`, which is not a keyword of `item`: serde's reason
/// for a refused serde attribute, the kind of item it belongs to, or the
/// closest keyword (else the list of them).
pub(crate) fn unknown_message(item: Item, w: &str) -> String {
    if let Some(why) = serde_refusal(item, w) {
        return why;
    }
    let what = item.name();
    let elsewhere =
        [Item::Container, Item::Field, Item::Variant].into_iter().find(|i| *i != item && i.words().contains(&w));
    if let Some(kind) = elsewhere {
        return format!("`{w}` is a {} attribute, not a {what} attribute", kind.name());
    }
    let words = item.words();
    match closest(w, words) {
        Some(best) => format!("unknown {what} attribute `{w}`; did you mean `{best}`?"),
        None => format!(
            "unknown {what} attribute `{w}`; expected one of {}",
            words.iter().map(|w| format!("`{w}`")).collect::<Vec<_>>().join(", ")
        ),
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

#[cfg(test)]
mod tests {
    use super::{Item, unknown_message};

    #[test]
    fn refused_serde_words_say_why() {
        assert!(unknown_message(Item::Container, "remote").contains("`from` / `into`"));
        assert!(unknown_message(Item::Variant, "serialize_with").contains("`encode_with`"));
        assert!(unknown_message(Item::Field, "getter").starts_with("serde's `getter` is not supported"));
    }

    #[test]
    fn other_words_get_a_suggestion_or_their_place() {
        assert_eq!(unknown_message(Item::Field, "renam"), "unknown field attribute `renam`; did you mean `rename`?");
        assert_eq!(
            unknown_message(Item::Variant, "flatten"),
            "`flatten` is a field attribute, not a variant attribute"
        );
    }
}
