//! `rename_all` rules.

/// A renaming rule, applied to Rust field names (snake_case) or variant
/// names (PascalCase).
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

    /// Splits a Rust identifier into lowercase words (handles both
    /// `snake_case` fields and `PascalCase` variants).
    fn words(name: &str) -> Vec<String> {
        let name = name.strip_prefix("r#").unwrap_or(name);
        let mut words = Vec::new();
        for part in name.split('_').filter(|p| !p.is_empty()) {
            let mut cur = String::new();
            let chars: Vec<char> = part.chars().collect();
            for (i, &c) in chars.iter().enumerate() {
                let boundary = c.is_uppercase()
                    && !cur.is_empty()
                    && (chars[i - 1].is_lowercase()
                        || chars[i - 1].is_ascii_digit()
                        || chars.get(i + 1).is_some_and(|n| n.is_lowercase()));
                if boundary {
                    words.push(std::mem::take(&mut cur));
                }
                cur.extend(c.to_lowercase());
            }
            if !cur.is_empty() {
                words.push(cur);
            }
        }
        words
    }

    pub(crate) fn apply(self, name: &str) -> String {
        let words = Self::words(name);
        let cap = |w: &String| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
        };
        match self {
            RenameRule::Lower => words.concat(),
            RenameRule::Upper => words.concat().to_uppercase(),
            RenameRule::Pascal => words.iter().map(cap).collect(),
            RenameRule::Camel => {
                words.iter().enumerate().map(|(i, w)| if i == 0 { w.clone() } else { cap(w) }).collect()
            }
            RenameRule::Snake => words.join("_"),
            RenameRule::ScreamingSnake => words.join("_").to_uppercase(),
            RenameRule::Kebab => words.join("-"),
            RenameRule::ScreamingKebab => words.join("-").to_uppercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule::*;

    #[test]
    fn fields_and_variants() {
        assert_eq!(Camel.apply("created_by"), "createdBy");
        assert_eq!(Pascal.apply("created_by"), "CreatedBy");
        assert_eq!(Kebab.apply("created_by"), "created-by");
        assert_eq!(ScreamingSnake.apply("ReadWrite"), "READ_WRITE");
        assert_eq!(Snake.apply("ReadWrite"), "read_write");
        assert_eq!(Lower.apply("ReadWrite"), "readwrite");
        assert_eq!(Upper.apply("read_write"), "READWRITE");
        assert_eq!(Camel.apply("HTTPServer"), "httpServer");
        assert_eq!(Snake.apply("r#type"), "type");
        assert_eq!(ScreamingKebab.apply("a_b"), "A-B");
        assert_eq!(Snake.apply("field2_name"), "field2_name");
    }
}
