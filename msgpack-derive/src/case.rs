//! `rename_all` rules.

/// A renaming rule, applied to Rust field names (snake_case) or variant
/// names (PascalCase) with serde's algorithm, so that a type renamed with
/// `#[serde(rename_all = ..)]` keeps its wire names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

/// The accepted spellings, for parsing and for error messages.
pub(crate) const RULES: &[(&str, RenameRule)] = &[
    ("lowercase", RenameRule::Lower),
    ("UPPERCASE", RenameRule::Upper),
    ("PascalCase", RenameRule::Pascal),
    ("camelCase", RenameRule::Camel),
    ("snake_case", RenameRule::Snake),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
    ("kebab-case", RenameRule::Kebab),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
];

impl RenameRule {
    pub(crate) fn from_str(s: &str) -> Option<Self> {
        RULES.iter().find(|(name, _)| *name == s).map(|(_, r)| *r)
    }

    /// Renames a variant (written PascalCase), exactly as serde's
    /// `rename_all` does, so that wire names match serde's.
    pub(crate) fn apply_to_variant(self, variant: &str) -> String {
        let snake = || {
            let mut out = String::new();
            for (i, c) in variant.char_indices() {
                if i > 0 && c.is_uppercase() {
                    out.push('_');
                }
                out.push(c.to_ascii_lowercase());
            }
            out
        };
        match self {
            RenameRule::Pascal => variant.to_owned(),
            RenameRule::Lower => variant.to_ascii_lowercase(),
            RenameRule::Upper => variant.to_ascii_uppercase(),
            RenameRule::Camel => lower_first(variant),
            RenameRule::Snake => snake(),
            RenameRule::ScreamingSnake => snake().to_ascii_uppercase(),
            RenameRule::Kebab => snake().replace('_', "-"),
            RenameRule::ScreamingKebab => snake().to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// Renames a field (written snake_case), exactly as serde's
    /// `rename_all` does: `lowercase` and `snake_case` keep the name.
    pub(crate) fn apply_to_field(self, field: &str) -> String {
        let pascal = || {
            let mut out = String::new();
            let mut capitalize = true;
            for c in field.chars() {
                if c == '_' {
                    capitalize = true;
                } else if capitalize {
                    out.push(c.to_ascii_uppercase());
                    capitalize = false;
                } else {
                    out.push(c);
                }
            }
            out
        };
        match self {
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Pascal => pascal(),
            RenameRule::Camel => lower_first(&pascal()),
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_ascii_lowercase().to_string() + c.as_str()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::RenameRule::*;

    #[test]
    fn fields_and_variants_like_serde() {
        assert_eq!(Camel.apply_to_field("created_by"), "createdBy");
        assert_eq!(Pascal.apply_to_field("created_by"), "CreatedBy");
        assert_eq!(Kebab.apply_to_field("created_by"), "created-by");
        assert_eq!(Lower.apply_to_field("created_by"), "created_by");
        assert_eq!(Upper.apply_to_field("read_write"), "READ_WRITE");
        assert_eq!(ScreamingKebab.apply_to_field("a_b"), "A-B");
        assert_eq!(Camel.apply_to_field("field2_name"), "field2Name");
        assert_eq!(ScreamingSnake.apply_to_variant("ReadWrite"), "READ_WRITE");
        assert_eq!(Snake.apply_to_variant("ReadWrite"), "read_write");
        assert_eq!(Lower.apply_to_variant("ReadWrite"), "readwrite");
        assert_eq!(Upper.apply_to_variant("ReadWrite"), "READWRITE");
        assert_eq!(Camel.apply_to_variant("ReadWrite"), "readWrite");
        // serde splits at every capital: acronyms are not words.
        assert_eq!(Snake.apply_to_variant("HTTPServer"), "h_t_t_p_server");
        assert_eq!(Kebab.apply_to_variant("V2Beta"), "v2-beta");
    }
}
